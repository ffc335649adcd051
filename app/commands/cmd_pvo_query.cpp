#include "app/commands.h"
#include "loaders/file_io.h"
#include "loaders/redguard/pvo.h"

#include <nlohmann/json.hpp>

#include <iostream>

namespace rgx::app {

int runPvoQuery(const std::string& file, const std::array<double, 3>& point) {
    loaders::Bytes bytes = loaders::readFile(file);
    loaders::Pvo pvo = loaders::readPvo(bytes, file);
    std::vector<std::uint16_t> ids = loaders::pvoVisibleIds(pvo, point[0], point[1], point[2]);
    std::cout << nlohmann::json(ids).dump() << "\n";
    return 0;
}

} // namespace rgx::app
