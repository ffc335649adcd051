#pragma once
// The 256-colour palette every engine's images are indexed into: one plain type passed between
// layers (Redguard's COL, TEXBSI CMAP and GXA BPAL; Daggerfall's PAL and COL), and the few
// operations every engine needs on it.

#include "loaders/bytes.h"

#include <array>
#include <cstdint>
#include <string_view>

namespace rgx::loaders {

// One palette entry, 8-bit components.
struct ColorRgb {
    std::uint8_t r = 0;
    std::uint8_t g = 0;
    std::uint8_t b = 0;
    bool operator==(const ColorRgb&) const = default;
};

using Palette256 = std::array<ColorRgb, 256>;

// Reads 768 bytes of 256 x (r, g, b) from r.
Palette256 readPalette256(ByteReader& r, std::string_view field);
void writePalette256(ByteWriter& w, const Palette256& palette);

// RGBA8 pixels (4 bytes each) for palette indices; index 0 gets alpha 0 when zeroTransparent (the
// rule of TEXBSI and GXA images), every other index alpha 255.
Bytes indicesToRgba(ByteSpan indices, const Palette256& palette, bool zeroTransparent = true);

// Entry i is (i, i, i): the stand-in where a game's palette is missing.
Palette256 greyPalette();

} // namespace rgx::loaders
