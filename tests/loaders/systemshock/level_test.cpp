// System Shock's level chunks (loaders/systemshock/level.h): a tile, the level information, the
// texture list and the object tables from bytes laid out by hand from the spec (§3.1-3.2), round
// trips through the writers, Reject* cases, departures read as warnings, and a mutation run of
// the fuzz target.
#include "loaders/systemshock/level.h"
#include "tests/fuzz/fuzz_target.h"
#include "tests/loaders/le_bytes.h"
#include "tests/loaders/warning_checks.h"
#include "tests/support/mutate.h"

#include <gtest/gtest.h>

#include <random>

using namespace rgx::loaders;
using namespace rgx::loaders::systemshock;

RGX_DECLARE_FUZZ_TARGET(ss_level);

namespace {

using rgx::testing::put16;
using rgx::testing::put32;

// One tile, field by field (spec §3.1.4): a valley se->nw (0x0A); floor 0x65 = height 5,
// orientation 3, no hazard; ceiling 0x9F = height 31 (units down from the top), orientation 0,
// radiation hazard; steepness 4; first object 0x0102; textures (21 << 11) | (6 << 6) | 7 = 0xA987:
// floor 21, ceiling 6, wall 7; flags 0x0A034D15: ceiling shadow 10, floor shadow 3, music 4, slope
// control 3 (ceiling only), use the adjacent wall texture, wall texture offset 21; state FF 0 0 0.
Bytes oneTile() {
    Bytes b = {0x0A, 0x65, 0x9F, 0x04};
    put16(b, 0x0102);
    put16(b, 0xA987);
    put32(b, 0x0A034D15);
    for (const std::uint8_t s : {0xFF, 0x00, 0x00, 0x00})
        b.push_back(s);
    return b;
}

TEST(SystemShockLevel, ATileFieldByField) {
    const TileMap map = readTileMap(oneTile(), 1, 1, "t");
    ASSERT_EQ(map.tiles.size(), 1u);
    const Tile& t = map.at(0, 0);
    EXPECT_EQ(t.type, 0x0A);
    EXPECT_EQ(tileTypeName(t.type), "valley se->nw");
    EXPECT_EQ(t.floorHeight(), 5);
    EXPECT_EQ(t.floorOrientation(), 3);
    EXPECT_FALSE(t.floorHazard());
    EXPECT_EQ(t.ceilingHeight(), 31);
    EXPECT_EQ(t.ceilingOrientation(), 0);
    EXPECT_TRUE(t.ceilingHazard());
    EXPECT_EQ(t.steepness, 4);
    EXPECT_EQ(t.firstObject, 0x0102);
    EXPECT_EQ(t.floorTexture(), 21);
    EXPECT_EQ(t.ceilingTexture(), 6);
    EXPECT_EQ(t.wallTexture(), 7);
    EXPECT_EQ(t.ceilingShadow(), 10);
    EXPECT_EQ(t.floorShadow(), 3);
    EXPECT_EQ(t.musicIndex(), 4);
    EXPECT_EQ(t.slopeControl(), SlopeControl::CeilingOnly);
    EXPECT_TRUE(t.useAdjacentWallTexture());
    EXPECT_EQ(t.wallTextureOffset(), 21);
    EXPECT_EQ(t.state, (std::array<std::uint8_t, 4>{0xFF, 0, 0, 0}));
    EXPECT_EQ(writeTileMap(map), oneTile());
}

// Tiles run east first, then north, from the south-west corner: in a 2 x 2 map the second entry
// is (1, 0) and the third (0, 1).
TEST(SystemShockLevel, TilesRunEastThenNorthFromTheSouthWest) {
    Bytes b;
    for (std::uint8_t type : {1, 2, 3, 4}) {
        Bytes t = oneTile();
        t[0] = type;
        b.insert(b.end(), t.begin(), t.end());
    }
    const TileMap map = readTileMap(b, 2, 2, "t");
    EXPECT_EQ(map.at(0, 0).type, 1);
    EXPECT_EQ(map.at(1, 0).type, 2);
    EXPECT_EQ(map.at(0, 1).type, 3);
    EXPECT_EQ(map.at(1, 1).type, 4);
}

TEST(SystemShockLevel, EveryTileTypeHasItsName) {
    const char* names[kTileTypeCount] = {"solid",
                                         "open",
                                         "diagonal open s/e",
                                         "diagonal open s/w",
                                         "diagonal open n/w",
                                         "diagonal open n/e",
                                         "slope s->n",
                                         "slope w->e",
                                         "slope n->s",
                                         "slope e->w",
                                         "valley se->nw",
                                         "valley sw->ne",
                                         "valley nw->se",
                                         "valley ne->sw",
                                         "ridge nw->se",
                                         "ridge ne->sw",
                                         "ridge se->nw",
                                         "ridge sw->ne"};
    for (int i = 0; i < kTileTypeCount; ++i)
        EXPECT_EQ(tileTypeName(static_cast<std::uint8_t>(i)), names[i]) << i;
    EXPECT_EQ(tileTypeName(0x12), "unknown");
    EXPECT_EQ(static_cast<int>(TileType::RidgeSWNE), 0x11);
}

// The level information (spec §3.1.3): 64 x 64, shifts 6 and 6, z shift 3, a placeholder, the
// cyberspace flag; inkyblackness's 58 bytes keep 30 more, as stored.
TEST(SystemShockLevel, LevelInformationFieldByField) {
    Bytes b;
    for (const std::uint32_t v : {64u, 64u, 6u, 6u, 3u, 0xDEADBEEFu, 1u})
        put32(b, v);
    for (int i = 0; i < 30; ++i)
        b.push_back(static_cast<std::uint8_t>(i));
    rgx::Warnings w;
    const LevelInfo info = readLevelInfo(b, "i", &w);
    EXPECT_TRUE(w.empty()) << rgx::testing::listWarnings(w);
    EXPECT_EQ(info.width, 64);
    EXPECT_EQ(info.height, 64);
    EXPECT_EQ(info.widthShift, 6);
    EXPECT_EQ(info.heightShift, 6);
    EXPECT_EQ(info.zShift, 3);
    EXPECT_EQ(info.placeholder, 0xDEADBEEFu);
    EXPECT_EQ(info.cyberspace, 1);
    ASSERT_EQ(info.rest.size(), 30u);
    EXPECT_EQ(info.rest[29], 29);
    EXPECT_EQ(writeLevelInfo(info), b);
}

TEST(SystemShockLevel, TextureListAndObjectTables) {
    Bytes tex;
    for (const std::uint16_t id : {0x00CD, 0x00B1, 7})
        put16(tex, id);
    EXPECT_EQ(readTextureList(tex, "x").ids, (std::vector<std::uint16_t>{0xCD, 0xB1, 7}));
    EXPECT_EQ(writeTextureList(readTextureList(tex, "x")), tex);

    // One master object (spec §3.2.1): in use, class 14 subclass 2, class index 5, cross-ref 9,
    // prev 1, next 3, x 0x1280 (tile 18, half way), y 0x0740, z 12, angles 1 2 3, AI 0xFF, type 4,
    // 100 hit points, state 2, and three bytes the spec does not name.
    Bytes obj = {1, 14, 2};
    for (const std::uint16_t v : {5, 9, 1, 3, 0x1280, 0x0740})
        put16(obj, v);
    for (const std::uint8_t v : {12, 1, 2, 3, 0xFF, 4})
        obj.push_back(v);
    put16(obj, 100);
    for (const std::uint8_t v : {2, 0xAA, 0xBB, 0xCC})
        obj.push_back(v);
    ASSERT_EQ(obj.size(), kMasterObjectSize);
    const std::vector<MasterObject> objects = readMasterObjects(obj, "o");
    ASSERT_EQ(objects.size(), 1u);
    const MasterObject& o = objects[0];
    EXPECT_EQ(o.inUse, 1);
    EXPECT_EQ(o.objectClass, 14);
    EXPECT_EQ(o.subclass, 2);
    EXPECT_EQ(o.classIndex, 5);
    EXPECT_EQ(o.crossRef, 9);
    EXPECT_EQ(o.prev, 1);
    EXPECT_EQ(o.next, 3);
    EXPECT_EQ(o.x, 0x1280);
    EXPECT_EQ(o.x >> 8, 18);
    EXPECT_EQ(o.ai, 0xFF);
    EXPECT_EQ(o.y, 0x0740);
    EXPECT_EQ(o.z, 12);
    EXPECT_EQ(o.angles, (std::array<std::uint8_t, 3>{1, 2, 3}));
    EXPECT_EQ(o.type, 4);
    EXPECT_EQ(o.hitPoints, 100);
    EXPECT_EQ(o.state, 2);
    EXPECT_EQ(o.unknown[2], 0xCC);
    EXPECT_EQ(writeMasterObjects(objects), obj);

    Bytes xref;
    for (const std::uint16_t v : {18, 7, 0, 0, 4})
        put16(xref, v);
    const std::vector<CrossRef> refs = readCrossRefs(xref, "x");
    ASSERT_EQ(refs.size(), 1u);
    EXPECT_EQ(refs[0].tileX, 18);
    EXPECT_EQ(refs[0].tileY, 7);
    EXPECT_EQ(refs[0].object, 0);
    EXPECT_EQ(refs[0].nextInTile, 0);
    EXPECT_EQ(refs[0].nextTile, 4);
    EXPECT_EQ(writeCrossRefs(refs), xref);
}

TEST(SystemShockLevel, RoundTripsOfRandomChunks) {
    std::mt19937 rng(42);
    const auto byte = [&] { return static_cast<std::uint8_t>(rng() & 0xFF); };
    for (int round = 0; round < 20; ++round) {
        TileMap map;
        map.width = 1 + static_cast<int>(rng() % 64);
        map.height = 1 + static_cast<int>(rng() % 64);
        map.tiles.resize(static_cast<std::size_t>(map.width * map.height));
        for (Tile& t : map.tiles) {
            t = {byte(),
                 byte(),
                 byte(),
                 byte(),
                 static_cast<std::uint16_t>(rng()),
                 static_cast<std::uint16_t>(rng()),
                 static_cast<std::uint32_t>(rng()),
                 {byte(), byte(), byte(), byte()}};
            t.type = static_cast<std::uint8_t>(t.type % kTileTypeCount);
        }
        EXPECT_EQ(readTileMap(writeTileMap(map), map.width, map.height, "r"), map);
        std::vector<MasterObject> objects(rng() % 20);
        for (MasterObject& o : objects) {
            o.objectClass = byte();
            o.x = static_cast<std::uint16_t>(rng());
            o.unknown = {byte(), byte(), byte()};
        }
        EXPECT_EQ(readMasterObjects(writeMasterObjects(objects), "r"), objects);
    }
}

TEST(SystemShockLevel, RejectATruncatedTileMap) {
    Bytes b = oneTile();
    b.insert(b.end(), b.begin(), b.end()); // two tiles, of the four a 2 x 2 map needs
    EXPECT_TRUE(rgx::testing::throwsAt([&] { readTileMap(b, 2, 2, "t"); }, 0, "tile map", "exceeds"));
    EXPECT_TRUE(rgx::testing::throwsAt([&] { readTileMap(b, 0, 64, "t"); }, 0, "tile map size", "outside"));
    EXPECT_TRUE(
        rgx::testing::throwsAt([&] { readTileMap(b, 64, 1000000, "t"); }, 0, "tile map size", "outside"));
}

TEST(SystemShockLevel, RejectATruncatedLevelInformation) {
    Bytes b(kLevelInfoNamedSize - 1, 0);
    EXPECT_TRUE(rgx::testing::throwsAt([&] { readLevelInfo(b, "i"); }, 0, "level information", "truncated"));
}

TEST(SystemShockLevel, DeparturesAreWarnings) {
    rgx::Warnings w;
    Bytes b = oneTile();
    b.push_back(0);
    readTileMap(b, 1, 1, "t", &w);
    EXPECT_TRUE(rgx::testing::onlyWarning(w, 16, "tile map", "1 bytes after the 1 tiles"));
    w.clear();
    b = oneTile();
    b[0] = 0x12;
    readTileMap(b, 1, 1, "t", &w);
    EXPECT_TRUE(rgx::testing::onlyWarning(w, 0, "tile type", "drawn solid"));
    w.clear();
    readTextureList(Bytes{1, 0, 2}, "x", &w);
    EXPECT_TRUE(rgx::testing::onlyWarning(w, 2, "texture list", "1 bytes after the last whole 2-byte entry"));
    w.clear();
    Bytes info(kLevelInfoNamedSize, 0);
    info[0x10] = 9;
    readLevelInfo(info, "i", &w);
    EXPECT_TRUE(rgx::testing::onlyWarning(w, 0x10, "level z shift", "outside 0..7"));
}

// How many of the 3,000 mutated inputs the reader must accept: most (the tables read any length).
constexpr std::size_t kMinAccepted_ss_level = 1000;

TEST(SystemShockLevelFuzz, MutatedWriterOutputNeverCrashes) {
    Bytes tiles;
    for (int i = 0; i < 16; ++i) {
        Bytes t = oneTile();
        t[0] = static_cast<std::uint8_t>(i);
        tiles.insert(tiles.end(), t.begin(), t.end());
    }
    const std::vector<Bytes> seeds = {oneTile(), tiles};
    const rgx::testing::MutationStats stats =
        rgx::testing::fuzzRun("ss_level", seeds, rgxFuzz_ss_level, 3000, kMinAccepted_ss_level);
    EXPECT_EQ(stats.runs, 3000u + seeds.size());
}

} // namespace
