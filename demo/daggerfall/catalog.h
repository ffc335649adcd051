#pragma once
// What the Daggerfall demo's modules agree on: texture archives and records, ARCH3D model ids and
// sizes, block and location names. Change a value here, not in a module. docs/demo.md
// "Daggerfall" gives the sources of the numbering.
//
// Units are Daggerfall's: a town block is 4,096 units square (16 x 16 ground tiles of 256), a
// dungeon block 2,048. Model points are units x 256. y points DOWN in every file: a floor at
// y = 0 has its ceiling at negative y.
//
// Archives of a climate set (archive % 100 is the set) are numbered in the temperate range
// (300 + set), so a builder that swaps textures for the temperate climate (the default one)
// finds the same archive.

#include <array>
#include <cstdint>
#include <string_view>

namespace rgx::demo::daggerfall {

// One image of a TEXTURE.### file.
struct TexRef {
    std::uint16_t archive = 0;
    std::uint8_t record = 0;
};

namespace tex {
// Ground set of the temperate climate in summer; the RMB ground tile's 6-bit index is the record.
inline constexpr std::uint16_t kGround = 302;
inline constexpr std::uint8_t kWater = 0, kDirt = 1, kGrass = 2, kCobbles = 3, kRoad = 4, kFlagstones = 5,
                              kGravel = 6, kMeadow = 7, kGrassLush = 8, kGroundCount = 9;
// Models.
inline constexpr TexRef kTavernPlaster{358, 0}, kTavernWindows{358, 1}, kTavernStone{358, 2};
inline constexpr TexRef kHouseStone{364, 0}, kHouseStoneWindow{364, 1}, kHousePlasterWindow{364, 2};
inline constexpr TexRef kRoofTiles{369, 0}, kRoofShingles{369, 1};
inline constexpr TexRef kDoorPlank{374, 0}, kDoorBanded{374, 1};
inline constexpr TexRef kPlanks{67, 0}, kBeams{67, 1};
inline constexpr TexRef kTavernPanel{360, 0}, kTavernFloor{360, 1}, kTavernCeiling{360, 2};
inline constexpr TexRef kHouseWall{366, 0}, kHouseFloor{366, 1}, kHouseCeiling{366, 2};
inline constexpr TexRef kDungeonWall{322, 0}, kDungeonFloor{322, 1}, kDungeonCeiling{322, 2},
    kDungeonIron{322, 3};
inline constexpr TexRef kCryptDoor{56, 0}; // a dungeon entrance door (archive 56)
inline constexpr TexRef kExitDoor{95, 0};  // a dungeon exit door (archive 95)
// Flats (index 0 transparent).
inline constexpr TexRef kTorch{210, 0}, kLampPost{210, 1}; // the torch is animated
inline constexpr TexRef kRock{504, 0}, kOak{504, 1}, kPine{504, 2}, kBush{504, 3};
inline constexpr TexRef kSign{213, 0}, kBarrel{213, 1}, kCrate{213, 2};
inline constexpr TexRef kCommoner{182, 0}, kBarkeep{182, 1};
inline constexpr std::uint16_t kMarkers = 199; // editor markers: records 0..10
inline constexpr TexRef kEnterMarker{199, 8}, kStartMarker{199, 10};
} // namespace tex

// ARCH3D.BSA ids. Town objects are RMB ids (ObjectID1 * 100 + ObjectID2, ObjectID2 < 64);
// dungeon pieces are the 5-digit ids RDB model references spell out.
namespace model {
inline constexpr std::uint32_t kHouseA = 506, kHouseB = 507, kTavern = 513, kCryptEntrance = 602;
inline constexpr std::uint32_t kHouseInterior = 4201, kTavernInterior = 4202;
inline constexpr std::uint32_t kWell = 41002, kStall = 41003;
inline constexpr std::uint32_t kRoom = 10000, kCorridor = 10001, kCorner = 10002, kPlug = 10003;
inline constexpr std::uint32_t kDoor = 55000, kLever = 61000, kPlatform = 61001;
inline constexpr std::uint32_t kExitDoor = 70300; // Daggerfall Unity's exit door id
} // namespace model

// Model sizes (units): footprint x by z, wall height, roof rise. Models are centred on x and z
// with the floor at y = 0; doors are on the -z face.
namespace size {
inline constexpr int kHouseAX = 512, kHouseAZ = 384, kHouseAWall = 160, kHouseARoof = 128;
inline constexpr int kHouseBX = 448, kHouseBZ = 448, kHouseBWall = 192, kHouseBRoof = 144;
inline constexpr int kTavernX = 768, kTavernZ = 512, kTavernWall = 288, kTavernRoof = 160;
inline constexpr int kHouseRoomX = 448, kHouseRoomZ = 320, kHouseRoomY = 144;
inline constexpr int kTavernRoomX = 704, kTavernRoomZ = 448, kTavernRoomY = 176;
inline constexpr int kDoorW = 80, kDoorH = 128; // town doors
// Dungeon: a room with a doorway in each wall, corridors the doorways' width.
inline constexpr int kRoomSide = 1152, kRoomY = 288, kPassW = 256, kPassY = 192, kCorridorLen = 448;
inline constexpr int kRmbBlock = 4096, kRmbTile = 256, kRdbBlock = 2048;
} // namespace size

// BLOCKS.BSA names.
inline constexpr std::string_view kTavernBlock = "TVRNAA01.RMB", kHouseBlockA = "RESIAA01.RMB",
                                  kHouseBlockB = "RESIAA02.RMB", kMarketBlock = "MARKAA01.RMB",
                                  kEntranceBlock = "DUNGAA01.RMB";
inline constexpr std::string_view kStartBlock = "N0000001.RDB", kLeverBlock = "N0000002.RDB",
                                  kDoorBlock = "N0000003.RDB", kCornerBlock = "B0000001.RDB";

// MAPS.BSA: region 17 ("Daggerfall"), the town on a 2 x 2 grid, the dungeon its own location.
inline constexpr unsigned kRegion = 17;
inline constexpr std::string_view kTownName = "Greywater", kDungeonName = "Greywater Barrow";
inline constexpr std::array<std::string_view, 4> kTownGrid = {kTavernBlock, kHouseBlockA, kMarketBlock,
                                                              kHouseBlockB}; // row by row
struct DungeonSlot {
    std::string_view block;
    int x = 0, z = 0;
    bool start = false;
};
inline constexpr std::array<DungeonSlot, 4> kDungeonGrid = {{{kStartBlock, 0, 0, true},
                                                             {kLeverBlock, 1, 0, false},
                                                             {kDoorBlock, 0, 1, false},
                                                             {kCornerBlock, 1, 1, false}}};

} // namespace rgx::demo::daggerfall
