// The town's RMB blocks: a tavern block, two house blocks, a market square, and the crypt
// entrance block of the dungeon location.
//
// Plans are written in north-up block coordinates (ux east, uz north, 0..4096) and converted to
// the file's conventions as Daggerfall Unity's RMBLayout reads them (docs/demo.md):
// - a subrecord (building) stands at x = ux, z = 4096 - uz, turned by its Y rotation;
// - the block's own 3D objects and flats store x = ux, z = uz - 4096;
// - a subrecord's exterior flats are offsets from it, z northward, not turned;
// - ground tile (column, row) covers ux = 256 column, uz = 256 (15 - row) (row 0 is north).
// y is down: 0 on the ground, negative above it. Every block has roads along tile rows and
// columns 7-8, so the blocks of the 2 x 2 town join into one street grid.
#include "demo/daggerfall/catalog.h"
#include "demo/daggerfall/parts.h"
#include "demo/demo_noise.h"
#include "loaders/daggerfall/rmb.h"

#include <algorithm>
#include <cstdlib>
#include <string>

namespace rgx::demo::daggerfall {

namespace ld = rgx::loaders::daggerfall;
using namespace size;

namespace {

// DFU's BuildingTypes, the text's automap colours.
constexpr std::uint8_t kBuildingGeneralStore = 9, kBuildingTavern = 15, kBuildingHouse2 = 18;
constexpr std::uint8_t kAutomapStore = 0x03, kAutomapTavern = 0x10, kAutomapResidence = 0x13;
constexpr std::uint8_t kObjectType = 3;          // the text's "Unknown1" (3-67); DFU's ObjectType
constexpr std::int16_t kBarkeepNpcType = 0x01FE; // the text: people NPCType 0x01FE, a barkeep
constexpr std::int16_t kHalfTurn = 1024;         // 2048 units a turn

enum class Kind { HouseA, HouseB, Tavern };

struct Building {
    Kind kind;
    int ux, uz;
    std::int16_t angle; // 0: the door faces south, kHalfTurn: north
    std::uint8_t type, automap;
    bool patron = false; // a commoner inside
};
struct Prop {
    std::uint32_t id;
    int ux, uz;
    std::int16_t angle = 0;
};
struct Flat {
    TexRef tex;
    int ux, uz, y = 0;
};
struct BlockPlan {
    std::string_view name;
    std::vector<Building> buildings;
    std::vector<Prop> props;
    std::vector<Flat> flats;
    std::uint32_t seed;
    bool plaza = false;   // flagstones around the centre (the market)
    bool pond = false;    // a pond in the south-east (the entrance block)
    bool crossing = true; // the street grid; the entrance block has only a path
};

int footprintX(Kind k) {
    return k == Kind::Tavern ? kTavernX : k == Kind::HouseA ? kHouseAX : kHouseBX;
}
int footprintZ(Kind k) {
    return k == Kind::Tavern ? kTavernZ : k == Kind::HouseA ? kHouseAZ : kHouseBZ;
}
std::uint32_t exteriorModel(Kind k) {
    return k == Kind::Tavern ? model::kTavern : k == Kind::HouseA ? model::kHouseA : model::kHouseB;
}

ld::RmbModel placedModel(std::uint32_t id, int x, int z, std::int16_t angle) {
    ld::RmbModel m;
    ld::setRmbModelId(m, static_cast<std::int32_t>(id));
    m.objectType = kObjectType;
    m.x = x, m.z = z;
    m.yRotation = angle;
    return m;
}
ld::RmbFlat flatAt(TexRef t, int x, int y, int z, std::int16_t faction = 0) {
    return ld::RmbFlat{x, y, z, ld::rmbTextureBits(t.archive, t.record), faction, 0};
}

// The interior: the room model at the origin, a torch on the west wall, a prop, people and the
// door back out (on the room's south wall, where the model's door is). Interior flats and people
// stand on their position (Daggerfall Unity lifts them by half their height).
ld::RmbSection interior(const Building& b) {
    ld::RmbSection s;
    const bool tavern = b.kind == Kind::Tavern;
    const int rx = tavern ? kTavernRoomX : kHouseRoomX, rz = tavern ? kTavernRoomZ : kHouseRoomZ;
    s.models.push_back(placedModel(tavern ? model::kTavernInterior : model::kHouseInterior, 0, 0, 0));
    s.flats.push_back(flatAt(tex::kTorch, -rx / 2 + 12, -96, 0));
    s.flats.push_back(flatAt(tavern ? tex::kBarrel : tex::kCrate, rx / 2 - 48, 0, -rz / 2 + 64));
    if (tavern) {
        s.flats.push_back(flatAt(tex::kBarrel, rx / 2 - 48, 0, -rz / 2 + 104));
        s.people.push_back(flatAt(tex::kBarkeep, 0, 0, rz / 2 - 32, kBarkeepNpcType));
    }
    if (b.patron || tavern) s.people.push_back(flatAt(tex::kCommoner, -rx / 4, 0, -rz / 8));
    ld::RmbDoor door;
    door.z = -rz / 2;
    door.openRotation = 512;
    s.doors.push_back(door);
    return s;
}

ld::RmbSubrecord subrecord(const Building& b) {
    ld::RmbSubrecord sub;
    sub.exterior.models.push_back(placedModel(exteriorModel(b.kind), 0, 0, 0));
    if (b.kind == Kind::Tavern) // the sign hangs beside the door, 140 units up
        sub.exterior.flats.push_back(flatAt(tex::kSign, 200, -140, -kTavernZ / 2 - 24));
    sub.interior = interior(b);
    if (b.kind == Kind::Tavern) sub.extra = {ld::kRmbExtraByte}; // the optional byte after a subrecord
    return sub;
}

// Ground tiles: grass with patches, the street grid (the east-west road turned 90 degrees so its
// ruts run along it), cobbles at the crossing, dirt under and in front of buildings.
void paintGround(const BlockPlan& plan, ld::RmbSmallMaps& maps) {
    auto set = [&](int col, int row, std::uint8_t index, bool rotate, bool flip) {
        if (col < 0 || row < 0 || col > 15 || row > 15) return;
        maps.groundTiles[static_cast<std::size_t>(row * 16 + col)] =
            ld::packRmbGroundTile({index, rotate, flip});
    };
    for (int row = 0; row < 16; ++row)
        for (int col = 0; col < 16; ++col) {
            const std::uint32_t h = noise::hash2(col, row, plan.seed);
            const std::uint8_t grass = h % 7 == 0 ? tex::kMeadow : h % 5 == 0 ? tex::kGrassLush : tex::kGrass;
            set(col, row, grass, (h >> 8) & 1, (h >> 9) & 1);
        }
    for (int i = 0; i < 16; ++i)
        for (int j = 7; j <= 8; ++j) {
            if (plan.crossing) set(i, j, tex::kRoad, true, i % 2 == 1);            // east-west
            if (plan.crossing || i >= 8) set(j, i, tex::kRoad, false, i % 2 == 1); // without: a path south
        }
    if (plan.crossing)
        for (int j = 7; j <= 8; ++j)
            for (int k = 7; k <= 8; ++k)
                set(j, k, tex::kCobbles, false, false);
    if (plan.plaza)
        for (int row = 4; row < 12; ++row)
            for (int col = 4; col < 12; ++col)
                if (row < 7 || row > 8 || col < 7 || col > 8)
                    set(col, row, tex::kFlagstones, (row + col) % 2 == 1, false);
    if (plan.pond)
        for (int row = 11; row < 14; ++row)
            for (int col = 11; col < 14; ++col)
                set(col, row, tex::kWater, false, false);
    for (const Building& b : plan.buildings) {
        const int hx = footprintX(b.kind) / 2, hz = footprintZ(b.kind) / 2;
        for (int uz = b.uz - hz; uz < b.uz + hz; uz += kRmbTile / 2)
            for (int ux = b.ux - hx; ux < b.ux + hx; ux += kRmbTile / 2)
                set(ux / kRmbTile, 15 - uz / kRmbTile, tex::kDirt, false, false);
        // A gravel path from the door to the road (rows 7-8 span uz 1792..2304).
        const int doorUz = b.angle == 0 ? b.uz - hz : b.uz + hz;
        const int from = b.angle == 0 ? 2304 : doorUz, to = b.angle == 0 ? doorUz : 1792;
        for (int uz = from; uz < to; uz += kRmbTile)
            set(b.ux / kRmbTile, 15 - uz / kRmbTile, tex::kGravel, false, false);
    }
}

// Scenery (Daggerfall Unity: byte b is record b / 4 - 1 of the climate's nature archive, 0xFF
// none): a few trees on grass tiles away from roads and buildings.
void plantScenery(const BlockPlan& plan, ld::RmbSmallMaps& maps) {
    maps.scenery.fill(0xFF);
    for (int row = 0; row < 16; ++row)
        for (int col = 0; col < 16; ++col) {
            const std::uint8_t g = maps.groundTiles[static_cast<std::size_t>(row * 16 + col)] & 0x3F;
            const std::uint32_t h = noise::hash2(col, row, plan.seed ^ 0x5CEu);
            const bool edge = col == 0 || row == 0 || col == 15 || row == 15;
            if (edge && g == tex::kGrass && h % 4 == 0)
                maps.scenery[static_cast<std::size_t>(row * 16 + col)] =
                    static_cast<std::uint8_t>((h % 2 == 0 ? tex::kOak.record : tex::kPine.record) + 1) * 4;
        }
}

// The automap: 64 x 64 pixels of 64 units, row 0 north like the ground tiles, buildings filled
// with their colour (the text's values), everything else background.
void drawAutomap(const BlockPlan& plan, std::array<std::uint8_t, 64 * 64>& automap) {
    automap.fill(0);
    for (const Building& b : plan.buildings) {
        const int hx = footprintX(b.kind) / 2, hz = footprintZ(b.kind) / 2;
        for (int uz = b.uz - hz; uz < b.uz + hz; uz += 64)
            for (int ux = b.ux - hx; ux < b.ux + hx; ux += 64)
                automap[static_cast<std::size_t>((63 - uz / 64) * 64 + ux / 64)] = b.automap;
    }
}

ld::RmbBlock makeBlock(const BlockPlan& plan) {
    ld::RmbBlock block;
    ld::RmbFld& fld = block.fld;
    fld.blockName = std::string(plan.name);
    for (std::size_t i = 0; i < plan.buildings.size(); ++i) {
        const Building& b = plan.buildings[i];
        fld.positions[i] = {0, 0, b.ux, kRmbBlock - b.uz, b.angle};
        ld::RmbBuildingData& data = fld.buildings[i];
        data.nameSeed = static_cast<std::uint16_t>(noise::hash2(static_cast<int>(i), 0, plan.seed) & 0xFFFF);
        data.buildingType = b.type;
        data.quality = static_cast<std::uint8_t>(8 + i * 3);
        block.subrecords.push_back(subrecord(b));
    }
    paintGround(plan, fld.smallMaps);
    plantScenery(plan, fld.smallMaps);
    drawAutomap(plan, fld.automap);
    for (const Prop& p : plan.props)
        block.models.push_back(placedModel(p.id, p.ux, p.uz - kRmbBlock, p.angle));
    for (const Flat& f : plan.flats)
        block.flats.push_back(flatAt(f.tex, f.ux, f.y, f.uz - kRmbBlock));
    return block;
}

// Lamp posts at the four corners of the crossing, trees in the quadrants' far corners.
void streetFurniture(BlockPlan& plan) {
    for (int ux : {1700, 2396})
        for (int uz : {1700, 2396})
            plan.flats.push_back({tex::kLampPost, ux, uz});
}

std::vector<BlockPlan> plans() {
    const int north = 2304 + 192, south = 1792 - 192; // door walls 192 from the road
    std::vector<BlockPlan> out;

    BlockPlan tavern{kTavernBlock, {}, {}, {}, 0x7A1u};
    tavern.buildings = {
        {Kind::Tavern, 896, north + kTavernZ / 2, 0, kBuildingTavern, kAutomapTavern},
        {Kind::HouseA, 3200, south - kHouseAZ / 2, kHalfTurn, kBuildingHouse2, kAutomapResidence, true}};
    tavern.flats = {{tex::kOak, 3000, 3400},         {tex::kPine, 3500, 3100}, {tex::kBush, 3300, 2700},
                    {tex::kOak, 700, 900},           {tex::kBush, 1200, 1200}, {tex::kRock, 500, 1400},
                    {tex::kBarrel, 1400, north + 40}};
    streetFurniture(tavern);
    out.push_back(tavern);

    BlockPlan houses{kHouseBlockA, {}, {}, {}, 0x4E51u};
    houses.buildings = {
        {Kind::HouseA, 896, north + kHouseAZ / 2, 0, kBuildingHouse2, kAutomapResidence, true},
        {Kind::HouseB, 3200, north + kHouseBZ / 2, 0, kBuildingHouse2, kAutomapResidence}};
    houses.flats = {
        {tex::kOak, 800, 800}, {tex::kPine, 3300, 900}, {tex::kBush, 1300, 600}, {tex::kRock, 2900, 500}};
    streetFurniture(houses);
    out.push_back(houses);

    BlockPlan market{kMarketBlock, {}, {}, {}, 0x3A2Bu};
    market.plaza = true;
    market.buildings = {
        {Kind::HouseB, 3400, north + 256 + kHouseBZ / 2, 0, kBuildingGeneralStore, kAutomapStore}};
    market.props = {{model::kWell, 1536, 2560},
                    {model::kStall, 1536, 1536, kHalfTurn},
                    {model::kStall, 2560, 1536, kHalfTurn}};
    market.flats = {{tex::kCrate, 1400, 1440},    {tex::kBarrel, 1680, 1450},   {tex::kCrate, 2700, 1430},
                    {tex::kCommoner, 1900, 1320}, {tex::kCommoner, 1350, 2450}, {tex::kOak, 500, 500},
                    {tex::kPine, 3600, 600},      {tex::kOak, 600, 3500}};
    streetFurniture(market);
    out.push_back(market);

    BlockPlan housesB{kHouseBlockB, {}, {}, {}, 0x4E52u};
    housesB.buildings = {
        {Kind::HouseB, 896, south - kHouseBZ / 2, kHalfTurn, kBuildingHouse2, kAutomapResidence, true},
        {Kind::HouseA, 3200, south - kHouseAZ / 2, kHalfTurn, kBuildingHouse2, kAutomapResidence}};
    housesB.flats = {
        {tex::kOak, 900, 3300}, {tex::kOak, 3100, 3400}, {tex::kPine, 2000, 3700}, {tex::kBush, 3600, 2800}};
    streetFurniture(housesB);
    out.push_back(housesB);

    // The dungeon location's exterior: the crypt entrance in a clearing, a path to the south
    // edge, torches either side of the door, a pond.
    BlockPlan entrance{kEntranceBlock, {}, {}, {}, 0xD06u};
    entrance.crossing = false;
    entrance.pond = true;
    entrance.props = {{model::kCryptEntrance, 2048, 2048}};
    entrance.flats = {{tex::kTorch, 1968, 2048 - 140, -48},
                      {tex::kTorch, 2128, 2048 - 140, -48},
                      {tex::kOak, 1200, 2600},
                      {tex::kPine, 2900, 2800},
                      {tex::kPine, 1000, 1500},
                      {tex::kRock, 2600, 1200},
                      {tex::kBush, 1500, 2300}};
    out.push_back(entrance);
    return out;
}

} // namespace

std::vector<NamedBlock> townBlocks() {
    std::vector<NamedBlock> out;
    for (const BlockPlan& plan : plans())
        out.push_back({std::string(plan.name), ld::writeRmb(makeBlock(plan))});
    return out;
}

} // namespace rgx::demo::daggerfall
