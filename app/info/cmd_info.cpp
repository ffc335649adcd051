#include "app/commands.h"
#include "app/info/info_registry.h"
#include "app/info/wld_cell_fields.h"
#include "base/error.h"
#include "loaders/file_io.h"
#include "loaders/text.h"

#include <iostream>

namespace rgx::app {

int runInfo(const InfoOptions& options) {
    loaders::Bytes bytes = loaders::readFile(options.file);
    nlohmann::json info = describeFile(bytes, options.file, options.format);
    if (options.cell) {
        if (info.value("format", "") != "wld") {
            std::string message = "--cell is for WLD terrain files; this is read as ";
            message += info.value("format", "?");
            throw Error(options.file, Error::kNoOffset, "", message);
        }
        const loaders::WldGrids grids = loaders::wldGrids(loaders::readWld(bytes, options.file));
        info["cell"] = recordFieldsJson(wldCellFields(grids, (*options.cell)[0], (*options.cell)[1]));
    }
    if (options.json) {
        // Names from files are Latin-1 bytes: one UTF-8 rule for every string (loaders/text.h).
        std::cout << utf8Json(info).dump() << "\n";
    } else {
        std::cout << loaders::toUtf8(options.file) << " (" << bytes.size() << " bytes)\n"
                  << readableSummary(info);
    }
    return 0;
}

} // namespace rgx::app
