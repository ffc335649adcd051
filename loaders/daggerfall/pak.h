#pragma once
// Daggerfall's PAK files (ARENA2/CLIMATE.PAK, POLITIC.PAK): one byte for each pixel of a 1001 x
// 500 picture over the world map, run-length coded row by row. Layout:
//   500 u32 offsets, one a row, counted from the start of the file;
//   each row: runs of (u16 count, u8 value) until they make 1001 values.
// Facts: UESP's "Daggerfall:PAK file formats" and "Daggerfall:CLIMATE.PAK"; Daggerfall Unity's
// PakFile.cs and MapsFile.cs. Choices: docs/formats/daggerfall_archives.md ("CLIMATE.PAK").
//
// The runs are kept as stored, so writePak(readPak(b)) == b for every file read without warnings
// (rows laid out in row order right after the offsets, each row's runs making exactly 1001 values,
// nothing after the last row). read(write(x)) == x for every x whose rows each hold runs making
// exactly 1001 values (what readPak and makePak give); writePak does not check that.

#include "loaders/bytes.h"
#include "loaders/daggerfall/maps.h"

#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace rgx::loaders::daggerfall {

inline constexpr int kPakWidth = 1001; // one more than the world map's 1000 pixels
inline constexpr int kPakHeight = 500;
inline constexpr std::size_t kPakOffsetTableSize = kPakHeight * 4;
inline constexpr std::size_t kPakRunSize = 3;

struct PakRun {
    std::uint16_t count = 0;
    std::uint8_t value = 0;
    bool operator==(const PakRun&) const = default;
};

struct PakFile {
    std::vector<std::vector<PakRun>> rows; // kPakHeight rows, each its runs as stored
    bool operator==(const PakFile&) const = default;
};

// Parses a PAK file. Throws rgx::Error (path, offset, field) when it is shorter than the offset
// table, a row's offset lies inside the table or past the end, or a row's runs run past the end
// before making 1001 values. Warnings (the file is still read): rows not laid out one after
// another in row order (written back so); a row whose last run goes past 1001 values (the
// values past the row are dropped by pakValues; the run is kept); bytes no row covers after the
// last row (dropped).
PakFile readPak(ByteSpan bytes, const std::string& path, Warnings* warnings = nullptr);

// The offsets, then every row's runs in row order. Throws rgx::Error (path "<memory>") when the
// file has not kPakHeight rows.
Bytes writePak(const PakFile& pak);

// The picture as runs: each row's longest runs (at most 65,535 values each). Throws rgx::Error
// (path "<memory>") unless values holds kPakWidth x kPakHeight bytes, row by row.
PakFile makePak(std::span<const std::uint8_t> values);

// True when the 500 offsets are the writer's layout: the first right after the table, each
// other at or after the one before, all inside the file. A content check (PAK has no magic).
bool looksLikePak(ByteSpan bytes);

// The picture, kPakWidth x kPakHeight values row by row; a row's values past kPakWidth dropped.
std::vector<std::uint8_t> pakValues(const PakFile& pak);

// CLIMATE.PAK's values (Daggerfall Unity's MapsFile.Climates; UESP gives the range 223-232).
enum class Climate : std::uint8_t {
    Ocean = 223,
    Desert = 224,
    Desert2 = 225,
    Mountain = 226,
    Rainforest = 227,
    Swamp = 228,
    Subtropical = 229,
    MountainWoods = 230,
    Woodlands = 231,
    HauntedWoodlands = 232,
};
// "ocean", ..., "haunted_woodlands"; "unknown" outside 223-232.
std::string_view climateName(int value);

// The climate of a world map pixel: the PAK's value at (x + 1, y), as Daggerfall Unity reads it
// ("to line up with the height map"), or -1 when that lies outside the picture.
int climateAt(std::span<const std::uint8_t> values, MapsPixel pixel);

} // namespace rgx::loaders::daggerfall
