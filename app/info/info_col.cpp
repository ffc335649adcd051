// `rgx info` for COL palettes: the keys of issue 3 (docs/formats/col.md).
#include "app/info/info_registry.h"
#include "loaders/redguard/col.h"

namespace rgx::app {

namespace {

// COL has no real magic: exact size plus both header words. Weak, so it runs last (priority 90).
bool detectCol(loaders::ByteSpan bytes, std::string_view) {
    return loaders::looksLikeCol(bytes);
}

nlohmann::json describeCol(loaders::ByteSpan bytes, const std::string& path,
                           rgx::loaders::Warnings& warnings) {
    loaders::ColFile col = loaders::readCol(bytes, path, &warnings);
    nlohmann::json colors = nlohmann::json::array();
    for (const loaders::ColorRgb& c : col.colors)
        colors.push_back({c.r, c.g, c.b});
    return {
        {"format", "col"},
        {"colors", colors},
        {"file_size_field", col.fileSizeField},
        {"magic", col.magic},
    };
}

} // namespace

RGX_REGISTER_INFO_FORMAT("col", 90, detectCol, describeCol, "col");

} // namespace rgx::app
