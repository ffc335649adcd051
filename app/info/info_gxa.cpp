// `rgx info` for GXA bitmaps: the keys of issue 3 (docs/formats/gxa.md).
#include "app/info/info_registry.h"
#include "loaders/redguard/gxa.h"

namespace rgx::app {

namespace {

bool detectGxa(loaders::ByteSpan bytes, std::string_view) {
    return loaders::looksLikeGxa(bytes);
}

nlohmann::json describeGxa(loaders::ByteSpan bytes, const std::string& path,
                           rgx::loaders::Warnings& warnings) {
    loaders::GxaFile file = loaders::readGxa(bytes, path, &warnings);
    nlohmann::json frames = nlohmann::json::array();
    for (const loaders::GxaFrame& f : file.frames) {
        frames.push_back({
            {"width", f.width},
            {"height", f.height},
            {"compression", f.compression},
            {"compression_name", loaders::gxaCompressionName(f.compression)},
        });
    }
    return {
        {"format", "gxa"},
        {"title", file.title},
        {"has_palette", file.palette.has_value()},
        {"frames", frames},
    };
}

} // namespace

RGX_REGISTER_INFO_FORMAT("gxa", 10, detectGxa, describeGxa, "gxa");

} // namespace rgx::app
