#include "loaders/palette.h"

namespace rgx::loaders {

Palette256 readPalette256(ByteReader& r, std::string_view field) {
    ByteSpan raw = r.bytes(256 * 3, field);
    Palette256 palette{};
    for (std::size_t i = 0; i < 256; ++i)
        palette[i] = ColorRgb{raw[i * 3], raw[i * 3 + 1], raw[i * 3 + 2]};
    return palette;
}

void writePalette256(ByteWriter& w, const Palette256& palette) {
    for (const ColorRgb& c : palette) {
        w.u8(c.r);
        w.u8(c.g);
        w.u8(c.b);
    }
}

Bytes indicesToRgba(ByteSpan indices, const Palette256& palette, bool zeroTransparent) {
    Bytes out(indices.size() * 4);
    for (std::size_t i = 0; i < indices.size(); ++i) {
        const ColorRgb& c = palette[indices[i]];
        const bool clear = zeroTransparent && indices[i] == 0;
        out[i * 4] = clear ? 0 : c.r;
        out[i * 4 + 1] = clear ? 0 : c.g;
        out[i * 4 + 2] = clear ? 0 : c.b;
        out[i * 4 + 3] = clear ? 0 : 255;
    }
    return out;
}

Palette256 greyPalette() {
    Palette256 p{};
    for (int i = 0; i < 256; ++i) {
        const auto v = static_cast<std::uint8_t>(i);
        p[static_cast<std::size_t>(i)] = {v, v, v};
    }
    return p;
}

} // namespace rgx::loaders
