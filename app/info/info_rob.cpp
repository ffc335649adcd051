#include "app/info/info_model.h"
#include "app/info/info_registry.h"
#include "loaders/redguard/rob.h"

#include <cstring>

namespace rgx::app {

namespace {

bool detectRob(rgx::loaders::ByteSpan bytes, std::string_view /*ext*/) {
    return bytes.size() >= 16 && std::memcmp(bytes.data(), "OARC", 4) == 0 &&
           std::memcmp(bytes.data() + 12, "OARD", 4) == 0;
}

// Keys: format "rob", segments [{name, type, render_mode, attributes, data_size, model}], where
// model is the 3D object of app/info/info_model.h or null for external references.
nlohmann::json describeRob(rgx::loaders::ByteSpan bytes, const std::string& path,
                           rgx::loaders::Warnings& warnings) {
    rgx::loaders::Rob rob = rgx::loaders::readRob(bytes, path, &warnings);
    nlohmann::json segments = nlohmann::json::array();
    for (const rgx::loaders::RobSegment& s : rob.segments) {
        segments.push_back({
            {"name", s.name},
            {"type", s.type},
            {"render_mode", rgx::loaders::robRenderMode(s)},
            {"attributes", s.attributes},
            {"data_size", s.data.size()},
            {"model", s.model ? describeModel(*s.model) : nlohmann::json()},
        });
    }
    return {{"format", "rob"}, {"segments", segments}};
}

} // namespace

} // namespace rgx::app

RGX_REGISTER_INFO_FORMAT("rob", 10, rgx::app::detectRob, rgx::app::describeRob, "rob");
