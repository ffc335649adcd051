#include "app/commands.h"
#include "app/info_registry.h"
#include "loaders/file_io.h"

#include <iostream>

namespace rgx::app {

int runInfo(const InfoOptions& options) {
    loaders::Bytes bytes = loaders::readFile(options.file);
    nlohmann::json info = describeFile(bytes, options.file);
    if (options.json) {
        std::cout << info.dump() << "\n";
    } else {
        std::cout << options.file << " (" << bytes.size() << " bytes)\n" << readableSummary(info);
    }
    return 0;
}

} // namespace rgx::app
