#pragma once
// What the three demo modules (textures, models, worlds) agree on: palette ramps, texture banks
// and image ids, model names and sizes, file names. Change a value here, not in a module.
//
// Units (see docs/coordinates.md): one engine unit is about 1 cm. A terrain cell is 256 engine
// units; terrain y = -heightTable[h] (y points DOWN, so higher ground has more negative y).
// Model vertex i32 values are engine units x 256 (24.8 fixed point: the reference's "/ 256").
// RGM positions (RgmPos24 x, y, z) hold engine units directly, y down like the terrain.

#include <array>
#include <cstdint>
#include <string_view>

namespace rgx::demo {

// ---- Palettes: 16 ramps x 16 shades. Index = ramp * 16 + shade, shade 0 darkest .. 15 brightest.
// Index 0 is transparent in textures (ramp Grey, shade 0 is never used as a visible texel).
enum class Ramp : std::uint8_t {
    Grey,
    Sand,
    Grass,
    Rock,
    Stone,
    Wood,
    Plaster,
    Roof,
    Water,
    Skin,
    Cloth,
    Metal,
    Foliage,
    Sky,
    Fire,
    Glass
};
constexpr std::uint8_t paletteIndex(Ramp ramp, int shade) {
    return static_cast<std::uint8_t>(static_cast<int>(ramp) * 16 + (shade < 0 ? 0 : shade > 15 ? 15 : shade));
}

// Palette files in fxart/ (WORLD.INI names them under 3DART\, as the real game does).
inline constexpr std::string_view kDayPalette = "ISLAND.COL";
inline constexpr std::string_view kNightPalette = "NIGHT.COL";
inline constexpr std::string_view kInteriorPalette = "DUNGEON.COL";

// ---- Textures. Terrain: fxart/TEXBSI.302, image id = WLD texture index (0..63).
inline constexpr int kTerrainBank = 302;
namespace terrain {
inline constexpr int kWater = 0, kSand = 1, kGrass = 2, kRock = 3, kCliff = 4, kShallows = 5, kDirt = 6,
                     kSurfA = 30, kSurfB = 31; // 0, 5, 30, 31 are the water indices (animated water: 0)
}
// Models and flats: fxart/TEXBSI.170 .. 172.
enum class Material : std::uint8_t {
    Stone,
    StoneWall,
    Wood,
    Plank,
    Plaster,
    RoofTile,
    Glass,
    PalmBark,
    PalmLeaves,
    Cloth,
    Skin,
    Hair,
    Metal,
    Rope,
    WaterSurface,
    Beam,
    Floor,
    Door,
    Rock,
    Count
};
struct TextureRef {
    int textureId; // TEXBSI.### number
    int imageId;   // image id within it
    int width, height;
};
inline constexpr int kArchitectureBank = 170; // Stone .. RoofTile, Glass, Floor, Door, Rock
inline constexpr int kNatureBank = 171;       // palms, people, metal, rope, water surface, beam
inline constexpr int kFlatBank = 172;         // MPSF billboards (index 0 transparent around them)
TextureRef materialTexture(Material m);
namespace flat {
inline constexpr int kBush = 0, kFlowers = 1, kTorch = 2, kGrassTuft = 3, kCount = 4;
}
TextureRef flatTexture(int flatImage);

// ---- Sky (system/ and fxart/).
inline constexpr std::string_view kDaySky = "SKY_DAY.GXA", kNightSky = "SKY_NITE.GXA"; // system/
inline constexpr std::string_view kCloudLayer = "CLOUDS.BSI", kSunDisc = "SUN.BSI",
                                  kMoonDisc = "MOON.BSI"; // fxart/

// ---- Models. ROB archives in fxart/; segment names are at most 8 characters.
inline constexpr std::string_view kIslandRob = "ISLAND.ROB", kInteriorRob = "DUNGEON.ROB";
struct ModelInfo {
    std::string_view name;   // ROB segment name, or the .3DC/.3D file stem
    std::string_view file;   // the file holding it (ROB or 3DC/3D), in fxart/
    std::array<int, 3> size; // approximate extent in engine units (x, y up, z), base at y = 0
};
// Island statics (ISLAND.ROB, segment type 0 unless noted).
inline constexpr ModelInfo kHouse{"HOUSE01", "ISLAND.ROB", {600, 500, 500}};
inline constexpr ModelInfo kHouseTall{"HOUSE02", "ISLAND.ROB", {500, 800, 500}};
inline constexpr ModelInfo kWall{"WALL01", "ISLAND.ROB", {512, 300, 60}};
inline constexpr ModelInfo kPalm{"PALMTR01", "ISLAND.ROB", {300, 700, 300}};  // attributes 0x02
inline constexpr ModelInfo kPalm2{"PALMTR02", "ISLAND.ROB", {250, 550, 250}}; // attributes 0x02
inline constexpr ModelInfo kDock{"DOCK01", "ISLAND.ROB", {300, 60, 1200}};
inline constexpr ModelInfo kLighthouse{"LIGHTHS", "ISLAND.ROB", {400, 1600, 400}};
inline constexpr ModelInfo kBeam{"BEAMA001", "ISLAND.ROB", {200, 200, 1500}};      // render mode 0x5A
inline constexpr ModelInfo kWindow{"LH_MIRR", "ISLAND.ROB", {200, 200, 10}};       // render mode 0x8C
inline constexpr ModelInfo kWaterPlane{"WATERWAT", "ISLAND.ROB", {2048, 0, 2048}}; // render mode 0xC8
inline constexpr ModelInfo kRock{"ROCK01", "ISLAND.ROB", {300, 200, 250}};
inline constexpr ModelInfo kCrate{"CRATE01", "ISLAND.ROB", {100, 100, 100}};
inline constexpr ModelInfo kRopeLink{"ROPELINK", "ISLAND.ROB", {10, 16, 10}}; // MPRP chain link
inline constexpr ModelInfo kRopeEnd{"ROPEEND", "ISLAND.ROB", {80, 80, 80}};   // MPRP terminal model
// Scripted objects (demo/demo_scripts.h): a door hinged at its origin, and a seagull.
inline constexpr ModelInfo kDoor{"DOOR01", "ISLAND.ROB", {120, 220, 10}};
inline constexpr ModelInfo kGull{"GULL01", "ISLAND.ROB", {120, 12, 60}};
inline constexpr ModelInfo kFlag{"FLAG001", "FLAG001.3DC", {200, 150, 10}}; // ROB type-512 segment -> 3DC
// Actors: animated 3DC files. The walker's frames are split over two type-2 files with
// different vertex counts (frames 0..7 in WALKA001, 8..15 in WALKA002, each file 8 frames).
inline constexpr ModelInfo kWalkerA{"WALKA001", "WALKA001.3DC", {60, 180, 40}};
inline constexpr ModelInfo kWalkerB{"WALKA002", "WALKA002.3DC", {60, 180, 40}};
inline constexpr ModelInfo kGuard{"GUARD001", "GUARD001.3DC", {60, 190, 40}}; // carries kSword
inline constexpr int kGuardHandVertex = 1; // tracked vertex of the drawn sword (the right fist)
inline constexpr int kGuardScabbardVertex =
    -10; // tracked vertex of the sheathed sword: vertex 10, the left hip
inline constexpr ModelInfo kSword{"SWORD001", "SWORD001.3D", {8, 100, 8}};
// The same sword in its scabbard, hanging from its grip (at the origin): the sheathed state's
// model (the reference's "hilt model"), down from y = 0 rather than standing on it.
inline constexpr ModelInfo kSwordSheathed{"SWORDH01", "SWORDH01.3D", {11, 108, 8}};
// Interior statics (DUNGEON.ROB).
inline constexpr ModelInfo kRoom{"ROOM01", "DUNGEON.ROB", {1024, 400, 1024}};
inline constexpr ModelInfo kCorridor{"CORRID01", "DUNGEON.ROB", {256, 400, 1024}};
inline constexpr ModelInfo kPillar{"PILLAR01", "DUNGEON.ROB", {80, 400, 80}};
inline constexpr ModelInfo kTable{"TABLE01", "DUNGEON.ROB", {200, 90, 120}};
inline constexpr ModelInfo kTorch{"TORCH01", "DUNGEON.ROB", {20, 60, 20}};

// ---- Maps (maps/) and worlds (WORLD.INI ids).
inline constexpr std::string_view kIslandMap = "ISLAND", kNightMap = "ISLNIGHT", kInteriorMap = "DUNGEON";
inline constexpr int kIslandWorld = 0, kNightWorld = 1, kInteriorWorld = 2;

// ---- Deterministic random numbers (the same on every platform and standard library).
struct DemoRandom {
    std::uint64_t state;
    explicit DemoRandom(std::uint64_t seed) : state(seed * 0x9E3779B97F4A7C15ull + 0x632BE59BD9B4E019ull) {}
    std::uint32_t next() { // splitmix64
        std::uint64_t z = (state += 0x9E3779B97F4A7C15ull);
        z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
        z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
        return static_cast<std::uint32_t>((z ^ (z >> 31)) >> 32);
    }
    double uniform() { return next() / 4294967296.0; } // [0, 1)
    int range(int lo, int hi) {
        return lo + static_cast<int>(next() % static_cast<std::uint32_t>(hi - lo + 1));
    } // [lo, hi]
};

} // namespace rgx::demo
