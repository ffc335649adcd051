#pragma once
// MAPS.BSA: Daggerfall's locations. A Names BSA (loaders/daggerfall/bsa.h) with four records per
// region, named by the region's number in three digits, in the order the engine reads them
// (region n at records 4n .. 4n+3):
//   MAPPITEM.nnn  u32 offset per location, then the location records (exterior and blocks)
//   MAPDITEM.nnn  u32 dungeon count, 8-byte entries (offset, u16, u16 exterior id), dungeon records
//   MAPTABLE.nnn  17 bytes per location: map id, longitude and type, latitude, dungeon type, key
//   MAPNAMES.nnn  u32 location count, then 32-byte NUL-padded names
// Offsets count from the end of their table. Layouts and sources: docs/formats/daggerfall_archives.md.
//
// Everything rgx draws from is decoded (names, type, map position, the RMB grid, the RDB blocks
// with their X/Z and the start block). Fields nobody interprets are kept raw, so a file read
// without warnings writes back byte for byte.
//
// Climate is not in MAPS.BSA: the engine takes it from CLIMATE.PAK at the location's map pixel
// (mapsMapPixel). kMapsDefaultClimate is what Daggerfall Unity uses where it has none.

#include "loaders/bytes.h"
#include "loaders/daggerfall/bsa.h"
#include "loaders/daggerfall/rmb.h"

#include <array>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace rgx::loaders::daggerfall {

inline constexpr std::size_t kMapsNameSize = 32;
inline constexpr std::size_t kMapsTableEntrySize = 17;
inline constexpr std::size_t kMapsDoorSize = 6;
inline constexpr std::size_t kMapsRecordHeaderSize = 112; // after the doors
inline constexpr std::size_t kMapsBuildingSize = 26;
inline constexpr std::size_t kMapsExteriorDataSize = 416;
inline constexpr std::size_t kMapsDungeonHeaderSize = 17;
inline constexpr std::size_t kMapsDungeonBlockSize = 4;
inline constexpr std::size_t kMapsBlockSlots = 64; // the RMB grid holds at most 8 x 8 blocks
inline constexpr std::size_t kMapsRegionNameCount = 62;
inline constexpr int kMapsDefaultClimate = 231; // woodlands (Daggerfall Unity's default)

// The game's name for region `index` (the number in the record names), or "" past the table.
// Not stored in MAPS.BSA: the engine has the table built in.
std::string_view mapsRegionName(unsigned index);

// MAPTABLE's location types (DFRegion.LocationTypes in Daggerfall Unity).
enum class MapsLocationType : std::uint8_t {
    TownCity = 0,
    TownHamlet = 1,
    TownVillage = 2,
    HomeFarms = 3,
    DungeonLabyrinth = 4,
    ReligionTemple = 5,
    Tavern = 6,
    DungeonKeep = 7,
    HomeWealthy = 8,
    ReligionCult = 9,
    DungeonRuin = 10,
    HomePoor = 11,
    Graveyard = 12,
    Coven = 13,
    HomeYourShips = 14,
};
// "town_city", ..., or "unknown" past the table.
std::string_view mapsLocationTypeName(unsigned type);

// MAPTABLE entry. The packed words are kept whole; the accessors decode them.
struct MapsTableEntry {
    std::int32_t mapId = 0;
    std::uint32_t longitudeWord = 0; // bits 8-24 longitude, 25-29 location type, 30 discovered
    std::uint32_t latitudeWord = 0;  // bits 8-23 latitude
    std::uint8_t dungeonType = 255;  // 255: no dungeon
    std::uint32_t key = 0;
    bool operator==(const MapsTableEntry&) const = default;

    unsigned longitude() const { return (longitudeWord & 0x1FFFFFFu) >> 8; }
    unsigned latitude() const { return (latitudeWord & 0xFFFFFFu) >> 8; }
    unsigned locationType() const { return (longitudeWord >> 25) & 0x1Fu; }
    bool discovered() const { return (longitudeWord & 0x40000000u) != 0; }
};
// The entry's packed words for these values (bits outside the fields are zero). longitude
// < 2^17, latitude < 2^16.
MapsTableEntry makeMapsTableEntry(std::int32_t mapId, unsigned longitude, unsigned latitude,
                                  MapsLocationType type, std::uint8_t dungeonType = 255);

// World map pixel (0..999, 0..499) of a MAPTABLE position: the key into CLIMATE.PAK.
struct MapsPixel {
    int x = 0;
    int y = 0;
};
MapsPixel mapsMapPixel(const MapsTableEntry& entry);

struct MapsDoor {
    std::uint16_t buildingDataIndex = 0;
    std::uint8_t nullValue = 0;
    std::uint8_t mask = 0;
    std::uint8_t unknown1 = 0;
    std::uint8_t unknown2 = 0;
    bool operator==(const MapsDoor&) const = default;
};

// The part both location and dungeon records start with: doors, then a 112-byte header.
struct MapsRecordElement {
    std::vector<MapsDoor> doors;
    std::uint32_t alwaysOne1 = 1;
    std::array<std::uint8_t, 3> null1{};
    std::int32_t x = 0; // world position units (map pixel x 32768)
    std::uint32_t null2 = 0;
    std::int32_t y = 0;
    std::uint16_t isExterior = 0; // 0x8000 in location records, 0 in dungeon records
    std::uint16_t null3 = 0;
    std::uint32_t unknown1 = 0;
    std::uint32_t unknown2 = 0;
    std::uint16_t alwaysOne2 = 1;
    std::uint16_t locationId = 0; // MAPDITEM entries name their location by this id
    std::uint32_t null4 = 0;
    std::uint16_t isInterior = 0;
    std::uint32_t exteriorLocationId = 0;
    std::array<std::uint8_t, 26> null5{};
    std::string name;
    std::string namePadding;
    std::array<std::uint8_t, 9> unknown3{};
    bool operator==(const MapsRecordElement&) const = default;
};

// A building of a location: the same 26 bytes as an RMB block's section1 (rmb.h).
using MapsBuilding = RmbBuildingData;

// One RMB grid slot. The block's file name is built from these three bytes (mapsRmbBlockName).
struct MapsRmbSlot {
    std::uint8_t blockIndex = 0; // into the 45 name prefixes (TVRN, GENR, ...)
    std::uint8_t blockNumber = 0;
    std::uint8_t blockCharacter = 0; // bit 4: use letter1, bits 5-6: second letter, bits 0-3: temple letter
    bool operator==(const MapsRmbSlot&) const = default;
};

// A MAPPITEM location record: the town or building a location is drawn from.
struct MapsExterior {
    MapsRecordElement record;
    std::array<std::uint8_t, 5> buildingListUnknown{};
    std::vector<MapsBuilding> buildings;
    std::string anotherName;
    std::string anotherNamePadding;
    std::int32_t mapId = 0;
    std::uint32_t locationId = 0;
    std::uint8_t width = 1; // RMB grid, blocks; slot (x, y) is blocks[y * width + x]
    std::uint8_t height = 1;
    std::array<std::uint8_t, 4> unknown2{};
    std::uint8_t letter1ForRmbName = 'A';
    std::uint8_t portTownAndUnknown = 0;
    std::uint8_t unknown3 = 0;
    std::array<MapsRmbSlot, kMapsBlockSlots> blocks{}; // stored as three 64-byte arrays
    std::array<std::uint8_t, 175> tail{}; // the rest of the 416-byte exterior data, not interpreted
    Bytes extra;                          // bytes after the record up to the next one (kept for round trips)
    bool operator==(const MapsExterior&) const = default;
};

// The RMB file name of a slot ("TVRNAL01.RMB"), or "" when its prefix index is past the table.
std::string mapsRmbBlockName(const MapsExterior& exterior, const MapsRmbSlot& slot);
// The names of the grid's width x height slots, row by row ("" where a name cannot be made or
// the grid runs past the 64 slots).
std::vector<std::string> mapsRmbBlockNames(const MapsExterior& exterior);
// The slot whose name is `name` given the location's letter1, or nullopt when no slot can name
// it (unknown prefix; a first letter other than 'A' or letter1; a number past 255).
std::optional<MapsRmbSlot> encodeMapsRmbSlot(std::string_view name, std::uint8_t letter1);

struct MapsDungeonBlock {
    std::int8_t x = 0; // grid position in blocks
    std::int8_t z = 0;
    std::uint16_t bits = 0; // bits 0-9 number, bit 10 start block, bits 11-15 letter index
    bool operator==(const MapsDungeonBlock&) const = default;

    unsigned number() const { return bits & 0x3FFu; }
    bool isStart() const { return (bits & 0x400u) != 0; }
    unsigned letterIndex() const { return bits >> 11; }
};
// The RDB file name ("N0000019.RDB"), or "" when the letter index is past the table (N W L S B M).
std::string mapsRdbBlockName(const MapsDungeonBlock& block);
// The block named `name` ("S0000999.RDB") at (x, z), or nullopt when the name has another shape,
// an unknown letter or a number past 1023.
std::optional<MapsDungeonBlock> encodeMapsDungeonBlock(std::string_view name, std::int8_t x, std::int8_t z,
                                                       bool start);

// A MAPDITEM dungeon record with its offset-table entry.
struct MapsDungeon {
    std::uint16_t isDungeon = 0;
    std::uint16_t exteriorLocationId = 0; // equals the location's record.locationId
    MapsRecordElement record;
    std::uint16_t headerNull = 0;
    std::uint32_t headerUnknown1 = 0;
    std::uint32_t headerUnknown2 = 0;
    std::array<std::uint8_t, 5> headerUnknown3{};
    std::vector<MapsDungeonBlock> blocks;
    Bytes extra;
    bool operator==(const MapsDungeon&) const = default;
};

struct MapsLocation {
    std::string name; // MAPNAMES
    std::string namePadding;
    MapsTableEntry table;
    MapsExterior exterior;
    bool operator==(const MapsLocation&) const = default;
};

struct MapsRegion {
    unsigned index = 0; // the number in the record names; mapsRegionName(index)
    std::vector<MapsLocation> locations;
    std::vector<MapsDungeon> dungeons; // MAPDITEM order
    bool operator==(const MapsRegion&) const = default;
};

struct MapsArchive {
    std::vector<MapsRegion> regions; // file order
    bool operator==(const MapsArchive&) const = default;
};

// The dungeon of `location` (MAPDITEM's entry whose exterior id is its record.locationId; the
// first such), or nullptr.
const MapsDungeon* findMapsDungeon(const MapsRegion& region, const MapsLocation& location);

// Reads MAPS.BSA. Throws rgx::Error on what bsa.h rejects, a Numbers directory, and inside a
// region on counts past their record, offsets past their record and records cut short.
// Warnings (the file is still read): records that are not one of the four per region or whose
// region lacks one (dropped), records out of the engine's order (written back in order), names
// not in upper case, records that overlap or are out of order inside MAPPITEM/MAPDITEM (laid
// out again), bytes after MAPNAMES/MAPTABLE's entries (dropped), BSA name padding (dropped), an
// RMB grid past the 64 slots or a block prefix/RDB letter past its table.
MapsArchive readMaps(ByteSpan bytes, const std::string& path, Warnings* warnings = nullptr);

// The four records of every region, in order, as a Names BSA. writeMaps(readMaps(b)) == b for a
// file read without warnings. Throws rgx::Error on a region number past 999 or counts past
// their fields (more than 65,535 buildings or dungeon blocks).
Bytes writeMaps(const MapsArchive& maps);
// The same as BSA entries (to add to or inspect before writing).
BsaArchive mapsToBsa(const MapsArchive& maps);

// Helpers for writing a small MAPS.BSA (the demo). A town of width x height RMB blocks, named
// row by row, with every field the engine reads set: the three copies of the name, the table
// entry, ids, and world position (longitude and latitude x 256). Throws rgx::Error when a name
// cannot be encoded or the grid is larger than 8 x 8.
MapsLocation makeMapsTown(std::string name, MapsLocationType type, std::int32_t mapId,
                          std::uint16_t locationId, unsigned longitude, unsigned latitude, unsigned width,
                          unsigned height, const std::vector<std::string>& rmbNames,
                          std::uint8_t letter1 = 'A');
// The dungeon under `location` (linked by its locationId). Sets the location's dungeon type.
MapsDungeon makeMapsDungeon(MapsLocation& location, std::span<const MapsDungeonBlock> blocks,
                            std::uint8_t dungeonType = 0);
// Empty regions (no locations) for the numbers below the highest that `maps` lacks, sorted, so
// region n sits at records 4n..4n+3 as the engine expects.
void fillMapsRegionGaps(MapsArchive& maps);

} // namespace rgx::loaders::daggerfall
