#include "app/commands.h"
#include "app/info/info_registry.h"
#include "loaders/file_io.h"
#include "loaders/text.h"

#include <iostream>

namespace rgx::app {

int runInfo(const InfoOptions& options) {
    loaders::Bytes bytes = loaders::readFile(options.file);
    const nlohmann::json info = describeFile(bytes, options.file, options.format);
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
