#pragma once
// COL palette files (fxart/*.COL, 3dart/art_pal.col): an 8-byte header and 256 RGB colours,
// 776 bytes in all. Also the home of the 256-colour palette type shared by the image formats
// (TEXBSI CMAP, GXA BPAL), so every layer passes palettes around in one plain type.

#include "loaders/bytes.h"

#include <array>
#include <cstdint>
#include <string>

namespace rgx::loaders {

// One palette entry, 8-bit components.
struct ColorRgb {
    std::uint8_t r = 0;
    std::uint8_t g = 0;
    std::uint8_t b = 0;
    bool operator==(const ColorRgb&) const = default;
};

using Palette256 = std::array<ColorRgb, 256>;

inline constexpr std::size_t kColFileSize = 776;
inline constexpr std::uint32_t kColMagic = 0x0000B123;

struct ColFile {
    // The header is kept raw: the reference says the first word is always 776 and the second
    // always 0xB123, but nothing reads them at runtime, so a file with other values still loads.
    std::uint32_t fileSizeField = static_cast<std::uint32_t>(kColFileSize);
    std::uint32_t magic = kColMagic;
    Palette256 colors{};
    bool operator==(const ColFile&) const = default;
};

// Reads 768 bytes of 256 x (r, g, b) from r (used by COL, TEXBSI CMAP and tests).
Palette256 readPalette256(ByteReader& r, std::string_view field);
void writePalette256(ByteWriter& w, const Palette256& palette);

// RGBA8 pixels (4 bytes each) for palette indices; index 0 gets alpha 0 when zeroTransparent (the
// rule of TEXBSI and GXA images), every other index alpha 255.
Bytes indicesToRgba(ByteSpan indices, const Palette256& palette, bool zeroTransparent = true);

// Parses a COL file. Throws rgx::Error when it is shorter than 776 bytes (truncated). Header words
// other than 776 / 0xB123 and bytes after the palette (ignored) are warnings.
ColFile readCol(ByteSpan bytes, const std::string& path, Warnings* warnings = nullptr);

// The exact inverse of readCol: always 776 bytes.
Bytes writeCol(const ColFile& col);

// True when bytes has COL's size and both header words have their documented values; a weak
// check by nature (any 776-byte file starting with those 8 bytes passes).
bool looksLikeCol(ByteSpan bytes);

} // namespace rgx::loaders
