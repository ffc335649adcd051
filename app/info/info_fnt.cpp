#include "app/info/info_registry.h"
#include "loaders/redguard/fnt.h"

#include <algorithm>
#include <cstring>

namespace rgx::app {

namespace {

bool detectFnt(rgx::loaders::ByteSpan bytes, std::string_view /*ext*/) {
    return bytes.size() >= 8 && std::memcmp(bytes.data(), "FNHD", 4) == 0;
}

// The description's first NUL-terminated fragment, with anything but printable ASCII shown as
// '?' (JSON strings must be valid UTF-8; the file's bytes are not guaranteed to be).
std::string printableDescription(const std::string& raw) {
    std::string out;
    for (char c : raw) {
        if (c == '\0') break;
        out += (c >= 0x20 && c < 0x7F) ? c : '?';
    }
    return out;
}

// Keys (docs/formats/fnt.md): format "fnt", description, line_height, max_width,
// character_start, character_count, glyphs, enabled_glyphs, max_glyph_width, max_glyph_height,
// has_palette (FNHD flag != 0), palette_tag ("BPAL"/"FPAL"/null), has_rdat (FNHD flag != 0),
// unknown_24, chunks [[tag, length], ...] in file order without END, trailing_bytes.
nlohmann::json describeFnt(rgx::loaders::ByteSpan bytes, const std::string& path,
                           rgx::loaders::Warnings& warnings) {
    rgx::loaders::Fnt f = rgx::loaders::readFnt(bytes, path, &warnings);
    std::size_t enabled = 0, maxW = 0, maxH = 0;
    for (const rgx::loaders::FntGlyph& g : f.glyphs) {
        enabled += g.enabled != 0 ? 1 : 0;
        maxW = std::max<std::size_t>(maxW, g.width);
        maxH = std::max<std::size_t>(maxH, g.height);
    }
    nlohmann::json chunks = nlohmann::json::array();
    for (const auto& [tag, length] : rgx::loaders::fntChunkList(f)) {
        chunks.push_back({printableDescription(tag), length});
    }
    return {
        {"format", "fnt"},
        {"description", printableDescription(f.header.description)},
        {"line_height", f.header.lineHeight},
        {"max_width", f.header.maxWidth},
        {"character_start", f.header.characterStart},
        {"character_count", f.header.characterCount},
        {"glyphs", f.glyphs.size()},
        {"enabled_glyphs", enabled},
        {"max_glyph_width", maxW},
        {"max_glyph_height", maxH},
        {"has_palette", f.header.hasPalette != 0},
        {"palette_tag", f.paletteTag.empty() ? nlohmann::json() : nlohmann::json(f.paletteTag)},
        {"has_rdat", f.header.hasRdat != 0},
        {"unknown_24", f.header.unknown24},
        {"chunks", chunks},
        {"trailing_bytes", f.trailing.size()},
    };
}

} // namespace

} // namespace rgx::app

RGX_REGISTER_INFO_FORMAT("fnt", 10, rgx::app::detectFnt, rgx::app::describeFnt, "fnt");
