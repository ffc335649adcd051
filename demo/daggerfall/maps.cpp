// MAPS.BSA: region 17 holds the town (2 x 2 RMB blocks) and the dungeon as a location of its own
// (its exterior the crypt entrance block, its MAPDITEM record the four RDB blocks), as the game
// lists dungeons such as Privateer's Hold.
#include "loaders/daggerfall/maps.h"
#include "demo/daggerfall/catalog.h"
#include "demo/daggerfall/parts.h"

namespace rgx::demo::daggerfall {

namespace ld = rgx::loaders::daggerfall;

namespace {

// Map pixel (x, y) to MAPTABLE longitude and latitude (the inverse of mapsMapPixel, mid-pixel).
unsigned longitudeOf(int px) {
    return static_cast<unsigned>(px * 128 + 64);
}
unsigned latitudeOf(int py) {
    return static_cast<unsigned>((499 - py) * 128 + 64);
}

// The town's named buildings (tavern, store): Daggerfall Unity hands MAPS.BSA's named buildings
// out to the RMB subrecords of the same types.
ld::MapsBuilding named(std::uint8_t type, std::uint16_t nameSeed, std::uint16_t locationId) {
    ld::MapsBuilding b;
    b.nameSeed = nameSeed;
    b.buildingType = type;
    b.quality = 12;
    b.locationId = locationId;
    return b;
}

} // namespace

rgx::loaders::Bytes mapsBsa() {
    constexpr std::uint16_t kTownId = 1001, kBarrowId = 1002;
    std::vector<std::string> grid(kTownGrid.begin(), kTownGrid.end());
    ld::MapsLocation town = ld::makeMapsTown(std::string(kTownName), ld::MapsLocationType::TownCity, 1,
                                             kTownId, longitudeOf(210), latitudeOf(232), 2, 2, grid);
    town.exterior.buildings = {named(15, 0x1A2B, kTownId), named(9, 0x3C4D, kTownId)};

    ld::MapsLocation barrow =
        ld::makeMapsTown(std::string(kDungeonName), ld::MapsLocationType::DungeonRuin, 2, kBarrowId,
                         longitudeOf(213), latitudeOf(234), 1, 1, {std::string(kEntranceBlock)});
    std::vector<ld::MapsDungeonBlock> blocks;
    for (const DungeonSlot& s : kDungeonGrid)
        blocks.push_back(*ld::encodeMapsDungeonBlock(s.block, static_cast<std::int8_t>(s.x),
                                                     static_cast<std::int8_t>(s.z), s.start));
    ld::MapsDungeon dungeon = ld::makeMapsDungeon(barrow, blocks, 0); // 0: a crypt (DFU's DungeonTypes)

    ld::MapsArchive maps;
    maps.regions.push_back({kRegion, {town, barrow}, {dungeon}});
    ld::fillMapsRegionGaps(maps);
    return ld::writeMaps(maps);
}

} // namespace rgx::demo::daggerfall
