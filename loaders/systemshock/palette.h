#pragma once
// System Shock's game palette (gamepal.res, spec §1.3.1: "In-game palette data"); choices and
// sources: docs/formats/systemshock_media.md.
//
// The spec says nothing of the file's inside; inkyblackness (ss-specs media/Palettes.md, and the
// chunk table of its editor "hacked") gives: a resource file whose chunk 700 (0x02BC) holds the
// game palette, a plain uncompressed chunk of content type 0 (palette), 768 bytes of 256 x
// (r, g, b) with 8-bit components used as they are; index 0 is transparent.
//
// Reading policy: a missing chunk 700 and a palette chunk under 768 bytes are errors; bytes after
// the 768 and another content type than 0 are warnings.

#include "loaders/bytes.h"
#include "loaders/palette.h"

#include <cstdint>
#include <string>

namespace rgx::loaders::systemshock {

inline constexpr std::uint16_t kGamePaletteChunk = 700;
inline constexpr std::size_t kPaletteChunkSize = 768;

// One palette chunk's unpacked bytes: 256 x (r, g, b). Throws rgx::Error below 768 bytes; bytes
// after them are a warning (dropped).
Palette256 readPaletteChunk(ByteSpan bytes, const std::string& path, Warnings* warnings = nullptr,
                            std::uint64_t base = 0);
// The exact inverse of readPaletteChunk: 768 bytes.
Bytes writePaletteChunk(const Palette256& palette);

// Reads gamepal.res (a whole resource file) and returns chunk 700's palette. Throws rgx::Error
// (the resource file's errors, no chunk 700, a chunk under 768 bytes). Warnings: the resource
// file's, a content type other than 0, a sub-divided chunk (its first block is read), bytes after
// the palette.
Palette256 readGamePalette(ByteSpan bytes, const std::string& path, Warnings* warnings = nullptr);
// A gamepal.res holding chunk 700 as the game's: plain, uncompressed, content type 0. Reads back
// through readGamePalette without warnings.
Bytes writeGamePalette(const Palette256& palette);

// rgx's own palette, not the game's: eight ramps of 32 entries (index base + t, t = 0 dark .. 31
// light) at kStandInLed (an amber the game would cycle: entries 3..31, inkyblackness), kStandInGrey,
// kStandInSteel, kStandInRust, kStandInYellow, kStandInGreen, kStandInRed and kStandInCyan; index 0
// black (transparent). The demo's GAMEPAL.RES holds it, and a level read from a directory without
// GAMEPAL.RES (a fan mod's ARCHIVE.DAT alone) is drawn with it.
inline constexpr int kStandInLed = 0, kStandInGrey = 32, kStandInSteel = 64, kStandInRust = 96,
                     kStandInYellow = 128, kStandInGreen = 160, kStandInRed = 192, kStandInCyan = 224;
Palette256 standInPalette();

} // namespace rgx::loaders::systemshock
