#pragma once
// WLD terrain files (maps/*.WLD): a 1184-byte header, four 65,558-byte sections and a 16-byte
// footer. Each section is a 22-byte header followed by four 128x128 byte planes; only plane 1
// (height index, low 7 bits) and plane 3 (texture index low 6 bits, quarter-turn rotation high
// 2 bits) are used by the game. The four sections are the tiles of a 2x2 grid (notes.md):
// section 0 top-left, 1 top-right, 2 bottom-left, 3 bottom-right, giving 256x256 vertices.
//
// Wld keeps every byte of the file (raw header dwords, raw section headers and planes, footer) so
// that writeWld(readWld(bytes)) == bytes. The decoded 256x256 grids come from wldGrids(); a new
// file is made from grids with makeWld(). Decisions are documented in docs/formats/wld.md.

#include "loaders/bytes.h"

#include <array>
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace rgx::loaders {

inline constexpr std::size_t kWldTileSize = 128; // vertices per tile side
inline constexpr std::size_t kWldGridSize = 256; // vertices per grid side
inline constexpr std::size_t kWldGridCells = kWldGridSize * kWldGridSize;
inline constexpr std::size_t kWldPlaneBytes = kWldTileSize * kWldTileSize;
inline constexpr std::size_t kWldHeaderDwords = 296;
inline constexpr std::size_t kWldHeaderSize = kWldHeaderDwords * 4; // 1184
inline constexpr std::size_t kWldSectionHeaderWords = 11;
inline constexpr std::size_t kWldSectionHeaderSize = kWldSectionHeaderWords * 2;           // 22
inline constexpr std::size_t kWldSectionSize = kWldSectionHeaderSize + 4 * kWldPlaneBytes; // 65558
inline constexpr std::size_t kWldFooterSize = 16;
inline constexpr std::size_t kWldFileSize = kWldHeaderSize + 4 * kWldSectionSize + kWldFooterSize;

// Terrain grid spacing in engine units (world_x = column * 256, world_z = row * 256).
inline constexpr double kWldCellUnits = 256.0;

// The engine's 128-entry height source table (reference, "Height Lookup Table"), positive engine
// units. A vertex's world Y is -kWldHeightTable[heightIndex] (see wldWorldY). The one place in the
// project that holds these values.
extern const std::array<std::int32_t, 128> kWldHeightTable;

// World-space Y of a height index (the engine negates the table: terrain sits below y = 0).
// The index is masked with & 0x7F, so a raw plane-1 byte may be passed.
double wldWorldY(std::uint8_t heightIndex);

// True for the texture indices the engine renders as water: {0, 5, 30, 31} (after & 0x3F).
bool isWldWaterTexture(std::uint8_t textureIndex);

struct WldSection {
    // The 22-byte header as u16[11]: [0..2] unknown1 (per-slot tooling values), [3] texbsi_file
    // (302 in shipped files), [4] map_size (256), [5..10] zero in shipped files. Kept raw.
    std::array<std::uint16_t, kWldSectionHeaderWords> header{};
    // The four planes, kWldPlaneBytes each, row-major (index = row * 128 + column), raw bytes.
    Bytes heights;  // plane 1: low 7 bits height index, high bit a build-time flag (ignored)
    Bytes plane2;   // unused, zero in shipped files
    Bytes textures; // plane 3: low 6 bits texture index, high 2 bits quarter-turn rotation
    Bytes plane4;   // unused, zero in shipped files

    bool operator==(const WldSection&) const = default;
};

struct Wld {
    // All 296 header dwords, raw. Checked on read: [1] section_cols == 2, [2] section_rows == 2,
    // [5] (offset 0x14) == 1, [6] section_header_size == 22 (what the engine checks or relies on).
    std::array<std::uint32_t, kWldHeaderDwords> header{};
    std::array<WldSection, 4> sections;
    // Everything after the fourth section (the 16-byte footer in shipped files; the engine never
    // reads it). Kept raw for exact round trips.
    Bytes footer;

    bool operator==(const Wld&) const = default;
};

// The combined 256x256 grids, row-major: index = row * 256 + column, row 0 at the top (sections
// 0 and 1), column 0 at the left (sections 0 and 2).
struct WldGrids {
    std::vector<std::uint8_t> heightIndex;  // plane 1 & 0x7F, 0..127
    std::vector<std::uint8_t> textureIndex; // plane 3 & 0x3F, 0..63
    std::vector<std::uint8_t> rotation;     // plane 3 >> 6, quarter turns 0..3

    bool operator==(const WldGrids&) const = default;
};

// Parses a whole WLD file. Throws rgx::Error (path, absolute offset, field) when the file is
// shorter than header + 4 sections, or when a header value the engine depends on is wrong.
Wld readWld(ByteSpan bytes, const std::string& path, Warnings* warnings = nullptr);

// The exact inverse of readWld: writes the raw header, sections and footer. Throws rgx::Error
// (path "<memory>") when a plane is not exactly kWldPlaneBytes long.
Bytes writeWld(const Wld& wld);

// Index of vertex (row, column) of the 256x256 grid in the section tile that holds it:
// section = (row / 128) * 2 + column / 128, plane index = (row % 128) * 128 + column % 128.
struct WldTileIndex {
    std::size_t section;
    std::size_t index;
};
WldTileIndex wldTileIndex(std::size_t row, std::size_t column);

// One raw plane of all four sections combined into 256x256 (plane: 1..4). Throws rgx::Error when
// plane is out of range or a section's plane has the wrong size.
std::vector<std::uint8_t> wldCombinedPlane(const Wld& wld, int plane);

// The decoded 256x256 grids. Throws rgx::Error when a section's plane has the wrong size.
WldGrids wldGrids(const Wld& wld);

// A complete file in the shipped layout (the header, section headers and footer of the shipped
// files; planes 2 and 4 zero) from 256x256 grids. Each grid must have kWldGridCells entries with
// heightIndex < 128, textureIndex < 64, rotation < 4; throws rgx::Error otherwise.
// wldGrids(makeWld(g)) == g.
Wld makeWld(const WldGrids& grids);

// Water cells: cells of the 256x256 vertex grid (255x255 cells, cell (r, c) spans vertices
// r..r+1, c..c+1; the last row and column of vertices start no cell) whose four corner texture
// indices are all water textures.
std::size_t wldWaterCells(const WldGrids& grids);
// Whether cell (row, column), 0..254 each, is water by that rule (grids of kWldGridCells entries).
bool wldWaterCell(const WldGrids& grids, std::size_t row, std::size_t column);

} // namespace rgx::loaders
