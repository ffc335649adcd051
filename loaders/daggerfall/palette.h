#pragma once
// Daggerfall's palette files and colour translation (shading / fog) tables, from ARENA2/.
//
// - .PAL (PAL.PAL, MAP.PAL, OLDPAL.PAL, ...): 256 x (r, g, b), 768 bytes, no header.
// - .COL (ART_PAL.COL, ...): the 8-byte header and 768 bytes of Redguard's COL files. The layout
//   is the same, so Daggerfall's COL files go through loaders/redguard/col.h (readCol, writeCol).
// - Colour translation files (SHADE.000/.001, HAZE.000/.001): 64 tables of 256 palette indices.
//   Table k maps an index to the one drawn at distance level k; 0 is the most fogged, 63 the
//   least. This is the software look's shading table (a COLORMAP in Doom's words).
// Facts and sources: docs/formats/daggerfall_media.md.

#include "loaders/bytes.h"
#include "loaders/redguard/col.h"

#include <array>
#include <cstdint>
#include <string>

namespace rgx::loaders::daggerfall {

inline constexpr std::size_t kPalFileSize = 768;
inline constexpr std::size_t kColourTranslationLevels = 64;
inline constexpr std::size_t kColourTranslationFileSize = kColourTranslationLevels * 256;

// Parses a .PAL file. Throws rgx::Error when it is shorter than 768 bytes (truncated). Bytes after
// the palette are ignored with a warning.
Palette256 readPal(ByteSpan bytes, const std::string& path, Warnings* warnings = nullptr);
// The exact inverse of readPal: always 768 bytes.
Bytes writePal(const Palette256& palette);

// Reads either palette form, chosen by size as Daggerfall's readers do: 768 bytes a .PAL, 776 a
// .COL (its header words kept by readCol's warnings). Throws rgx::Error for any other size.
Palette256 readAnyPalette(ByteSpan bytes, const std::string& path, Warnings* warnings = nullptr);

// MAP.PAL stores 6-bit VGA components (0..63); Daggerfall Unity multiplies them by 4. Returns the
// palette with every component times 4 (wrapping in 8 bits, as that reader does).
Palette256 expandSixBitPalette(const Palette256& palette);

using ColourTable = std::array<std::uint8_t, 256>;
struct ColourTranslationFile {
    std::array<ColourTable, kColourTranslationLevels> levels{}; // [0] most fogged, [63] least
    bool operator==(const ColourTranslationFile&) const = default;
};

// Parses SHADE.### / HAZE.###. Throws rgx::Error when shorter than 16,384 bytes (truncated).
// Bytes after the 64 tables are ignored with a warning.
ColourTranslationFile readColourTranslation(ByteSpan bytes, const std::string& path,
                                            Warnings* warnings = nullptr);
// The exact inverse of readColourTranslation: always 16,384 bytes.
Bytes writeColourTranslation(const ColourTranslationFile& file);

// Derives a translation file from a palette, for palettes shipped without one (the demo):
// level k moves every colour towards `target` by (63 - k) / 63 and takes the nearest palette
// entry (squared RGB distance, lowest index on ties; entry 0, the transparent one, is kept as 0
// and never chosen for another). Level 63 is the identity where the palette has no duplicates.
ColourTranslationFile deriveColourTranslation(const Palette256& palette, ColorRgb target);

} // namespace rgx::loaders::daggerfall
