#pragma once
// COL palette files (fxart/*.COL, 3dart/art_pal.col): an 8-byte header and 256 RGB colours,
// 776 bytes in all, holding one loaders/palette.h palette.

#include "loaders/bytes.h"
#include "loaders/palette.h"

#include <array>
#include <cstdint>
#include <string>

namespace rgx::loaders {

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

// Parses a COL file. Throws rgx::Error when it is shorter than 776 bytes (truncated). Header words
// other than 776 / 0xB123 and bytes after the palette (ignored) are warnings.
ColFile readCol(ByteSpan bytes, const std::string& path, Warnings* warnings = nullptr);

// The exact inverse of readCol: always 776 bytes.
Bytes writeCol(const ColFile& col);

// True when bytes has COL's size and both header words have their documented values; a weak
// check by nature (any 776-byte file starting with those 8 bytes passes).
bool looksLikeCol(ByteSpan bytes);

} // namespace rgx::loaders
