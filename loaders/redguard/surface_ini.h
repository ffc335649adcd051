#pragma once
// SURFACE.INI (game root, shipped as "surface.ini"): terrain surface types per texture, and the
// per-surface sound remap tables.
//
//   [surfaces]            "set, index, type" or "set, all, type" records (type: WATER, DEEPWATER,
//                          LAVA, SAND, WOOD, TILE, ROCK, GLOOP, case-insensitive)
//   [water] [sand] ...    "sound_id = remap_sound_id" records, one section per surface type
//
// The surface types are numbered in the order the engine builds its remap table from the sound
// sections: unknown 0, water 1, deepwater 2, scapewater 3, scapedeepwater 4, lava 5, sand 6,
// wood 7, tile 8, scape 9, rock 10, gloop 11.

#include "loaders/redguard/ini.h"

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace rgx::loaders {

enum class SurfaceType : std::uint8_t {
    Unknown = 0,
    Water = 1,
    DeepWater = 2,
    ScapeWater = 3,
    ScapeDeepWater = 4,
    Lava = 5,
    Sand = 6,
    Wood = 7,
    Tile = 8,
    Scape = 9,
    Rock = 10,
    Gloop = 11,
};
inline constexpr std::size_t kSurfaceTypeCount = 12;

// Lower-case section name ("deepwater"); case-insensitive parse of the same names.
const char* surfaceTypeName(SurfaceType type);
std::optional<SurfaceType> surfaceTypeFromName(std::string_view name);

struct SurfaceAssignment {
    std::int64_t set = 0;   // texture set (0..511)
    bool all = false;       // "set, all, type": every index of the set
    std::int64_t index = 0; // texture index in the set (when !all)
    std::string typeToken;  // the type as written ("WOOD", "wood"), kept for writing
    SurfaceType type = SurfaceType::Unknown;
    bool operator==(const SurfaceAssignment&) const = default;
};

struct SoundRemap {
    std::int64_t sound = 0; // 0..255
    std::int64_t remap = 0; // 0..65535
    bool operator==(const SoundRemap&) const = default;
};

struct SurfaceSoundSection {
    std::string name; // as written
    SurfaceType type = SurfaceType::Unknown;
    std::vector<SoundRemap> remaps; // file order; may be empty (shipped [unknown], [lava], [scape])
    bool operator==(const SurfaceSoundSection&) const = default;
};

struct SurfaceIni {
    std::vector<SurfaceAssignment> assignments;     // [surfaces], file order
    std::vector<SurfaceSoundSection> soundSections; // file order
    bool operator==(const SurfaceIni&) const = default;
};

// Never throws. Records that do not parse, unknown types, out-of-range numbers and lines in
// unknown sections are skipped and reported in *issues.
SurfaceIni parseSurfaceIni(const IniFile& ini, std::vector<IniIssue>* issues = nullptr);
SurfaceIni readSurfaceIni(ByteSpan bytes, const std::string& path, std::vector<IniIssue>* issues = nullptr);

// [surfaces] with "set, index, TYPE" lines, then each sound section with "sound=remap" lines.
IniFile buildSurfaceIni(const SurfaceIni& surface);
Bytes writeSurfaceIni(const SurfaceIni& surface);

// Convenience constructor keeping typeToken consistent with type (upper-case token).
SurfaceAssignment makeSurfaceAssignment(std::int64_t set, std::optional<std::int64_t> index,
                                        SurfaceType type);

// The surface type of texture (set, index): the last matching assignment wins, as the engine
// applies the records in order; Unknown when none matches.
SurfaceType surfaceTypeAt(const SurfaceIni& surface, std::int64_t set, std::int64_t index);

// The engine's [surface][sound] -> effect table: every row starts as the identity, then each
// sound section's records are applied in order. Remaps of sounds outside 0..255 are ignored.
using SoundRemapTable = std::array<std::array<std::uint16_t, 256>, kSurfaceTypeCount>;
SoundRemapTable soundRemapTable(const SurfaceIni& surface);

// Hard-coded terrain blend behaviour per WLD texture index (0..63), from the reference; not read
// from the file but kept next to the surface data that goes with it.
enum class TerrainBlend : std::uint8_t { None, Full, Gradient, HardEdge, CustomPattern };
TerrainBlend terrainBlendType(int textureIndex);
// Indices whose four corners all in this set make a cell water: {0, 5, 30, 31}.
bool isWaterTextureIndex(int textureIndex);

} // namespace rgx::loaders
