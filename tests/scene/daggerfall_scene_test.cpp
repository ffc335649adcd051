// Daggerfall behind the engine seam, on a hand-built ARENA2 written through the writers: the
// worlds MAPS.BSA and BLOCKS.BSA list, and placements worked by hand from Daggerfall Unity's
// layout rules (scene/daggerfall/df_blocks.h): a building turned a quarter in its block, a
// block's own flat as a billboard, the ground tiles with their rotate and flip bits, and a
// dungeon's blocks on their grid; the ground archive each location's climate picks from
// CLIMATE.PAK.

#include "loaders/daggerfall/arch3d.h"
#include "loaders/daggerfall/bsa.h"
#include "loaders/daggerfall/maps.h"
#include "loaders/daggerfall/pak.h"
#include "loaders/daggerfall/palette.h"
#include "loaders/daggerfall/rdb.h"
#include "loaders/daggerfall/rmb.h"
#include "loaders/daggerfall/texture.h"
#include "loaders/file_io.h"
#include "scene/daggerfall/df_blocks.h"
#include "scene/daggerfall/df_engine.h"
#include "scene/engine.h"
#include "tests/support/demo_dir.h"
#include "tests/support/scratch_dir.h"

#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <set>

namespace rgx::scene {
namespace {

namespace ldf = loaders::daggerfall;
namespace fs = std::filesystem;

constexpr std::uint32_t kHouse = 515; // ARCH3D id of the one model
constexpr int kFlatArchive = 210, kFlatRecord = 2;

// A 100 x 100 unit wall in the x/y plane (y up), facing north, textured by TEXTURE.302 record 0.
ldf::Arch3dObject wall() {
    ldf::Arch3dObject o;
    o.points = {{0, 0, 0}, {25600, 0, 0}, {25600, -25600, 0}, {0, -25600, 0}};
    ldf::Arch3dPlane p;
    p.texture = static_cast<std::uint16_t>(302 << 7 | 0);
    // Corner 0 absolute, then deltas, in 1/16 texel: (0,16), (16,16), (16,0), (0,0) texels.
    p.corners = {{0, 0, 256}, {1, 256, 0}, {2, 0, -256}, {3, 0, 0}};
    o.planes = {p};
    o.normals = {{0, 0, 256}};
    o.planeData.resize(1);
    return o;
}

loaders::Bytes texture(int records, int w, int h) {
    ldf::TextureFile f;
    f.setName("test");
    for (int r = 0; r < records; ++r)
        f.records.push_back(ldf::makeTextureRecord(
            w, h, {loaders::Bytes(static_cast<std::size_t>(w * h), static_cast<std::uint8_t>(10 + r))}));
    return ldf::writeTexture(f);
}

ldf::RmbBlock townBlock(const std::string& name) {
    ldf::RmbBlock b;
    b.fld.blockName = name;
    // Ground: the north-west tile (file column 0, row 0) record 1 turned; its east neighbour
    // record 2 flipped; the rest record 0.
    b.fld.smallMaps.groundTiles[0] = ldf::packRmbGroundTile({1, true, false});
    b.fld.smallMaps.groundTiles[1] = ldf::packRmbGroundTile({2, false, true});
    // Building 0 at (1000, 2000) turned a quarter (512 of 2048), its house 100 east, 50 up and
    // 300 north of it.
    b.fld.positions[0] = {0, 0, 1000, 2000, 512};
    ldf::RmbSubrecord sub;
    ldf::RmbModel house;
    ldf::setRmbModelId(house, kHouse);
    house.x = 100;
    house.y = -50;
    house.z = 300;
    sub.exterior.models.push_back(house);
    ldf::RmbModel inside = house;
    inside.x = inside.y = inside.z = 0;
    sub.interior.models.push_back(inside);
    b.subrecords.push_back(sub);
    // The block's own flat at (500, 0, -1000).
    ldf::RmbFlat flat;
    flat.x = 500;
    flat.z = -1000;
    flat.textureBits = ldf::rmbTextureBits(kFlatArchive, kFlatRecord);
    b.flats.push_back(flat);
    return b;
}

ldf::RdbBlock dungeonBlock() {
    ldf::RdbBlock b = ldf::makeRdbBlock(1, 1);
    b.modelRefs[0] = {std::to_string(kHouse), "WAL"};
    ldf::RdbObject o;
    o.x = 1024;
    o.y = 0;
    o.z = 1024;
    ldf::RdbModelPost post;
    post.modelIndex = 0;
    o.post = post;
    b.roots[0].objects.push_back(o);
    ldf::layoutRdb(b);
    return b;
}

// ARENA2 under a fresh directory: a town of two blocks (2 x 1) and a dungeon of three blocks at
// (0, 0), (1, 0) and (0, -1).
const fs::path& arena() {
    static const fs::path root = [] {
        // Per process: ctest runs each test in a process of its own, side by side.
        const fs::path dir = rgx::testing::scratchDir("rgx_daggerfall_scene");
        fs::create_directories(dir / "ARENA2");
        loaders::Palette256 pal{};
        for (std::size_t i = 0; i < 256; ++i)
            pal[i] = {static_cast<std::uint8_t>(i), static_cast<std::uint8_t>(i),
                      static_cast<std::uint8_t>(255 - i)};
        loaders::writeFile(dir / "ARENA2/PAL.PAL", ldf::writePal(pal));
        loaders::writeFile(dir / "ARENA2/TEXTURE.302", texture(3, 16, 16));
        loaders::writeFile(dir / "ARENA2/TEXTURE.210", texture(3, 16, 32));
        ldf::BsaArchive arch3d{ldf::BsaDirectoryType::Numbers, {}};
        arch3d.entries.push_back({"", "", kHouse, ldf::writeArch3d(wall())});
        loaders::writeFile(dir / "ARENA2/ARCH3D.BSA", ldf::writeBsa(arch3d));
        ldf::BsaArchive blocks{ldf::BsaDirectoryType::Names, {}};
        blocks.entries.push_back({"TVRNAA01.RMB", "", 0, ldf::writeRmb(townBlock("TVRNAA01.RMB"))});
        blocks.entries.push_back({"RESIAA02.RMB", "", 0, ldf::writeRmb(townBlock("RESIAA02.RMB"))});
        for (const char* n : {"N0000001.RDB", "N0000002.RDB", "N0000003.RDB"})
            blocks.entries.push_back({n, "", 0, ldf::writeRdb(dungeonBlock())});
        loaders::writeFile(dir / "ARENA2/BLOCKS.BSA", ldf::writeBsa(blocks));
        ldf::MapsLocation town = ldf::makeMapsTown("Handton", ldf::MapsLocationType::TownHamlet, 7, 9, 1000,
                                                   2000, 2, 1, {"TVRNAA01.RMB", "RESIAA02.RMB"});
        const std::vector<ldf::MapsDungeonBlock> rdb = {
            *ldf::encodeMapsDungeonBlock("N0000001.RDB", 0, 0, true),
            *ldf::encodeMapsDungeonBlock("N0000002.RDB", 1, 0, false),
            *ldf::encodeMapsDungeonBlock("N0000003.RDB", 0, -1, false)};
        ldf::MapsDungeon dungeon = ldf::makeMapsDungeon(town, rdb);
        ldf::MapsArchive maps;
        maps.regions.push_back({0, {town}, {dungeon}});
        loaders::writeFile(dir / "ARENA2/MAPS.BSA", ldf::writeMaps(maps));
        return dir;
    }();
    return root;
}

const SceneNode* named(const Scene& s, const std::string& prefix, std::size_t nth = 0) {
    for (const SceneNode& n : s.nodes)
        if (n.name.rfind(prefix, 0) == 0 && nth-- == 0) return &n;
    return nullptr;
}

void expectAt(const Mat4& m, const Vec3& want, const std::string& what) {
    const Vec3 at = m.translationPart();
    EXPECT_NEAR(at.x, want.x, 1e-9) << what;
    EXPECT_NEAR(at.y, want.y, 1e-9) << what;
    EXPECT_NEAR(at.z, want.z, 1e-9) << what;
}

TEST(DaggerfallEngine, ListsTheTownTheDungeonAndEveryBlock) {
    const GameFs fs(arena());
    EXPECT_TRUE(daggerfall::daggerfallEngine().recognises(fs));
    const GameDirectory games(fs);
    const std::vector<GameWorld> worlds = games.worlds();
    ASSERT_EQ(worlds.size(), 7u); // the town, its dungeon, five blocks
    EXPECT_EQ(worlds[0].world.id, 1000);
    EXPECT_EQ(worlds[0].world.kind, "town");
    EXPECT_NE(worlds[0].world.name.find("Handton"), std::string::npos);
    EXPECT_NE(worlds[0].world.name.find("2 x 1 blocks"), std::string::npos) << worlds[0].world.name;
    EXPECT_EQ(worlds[1].world.kind, "dungeon");
    EXPECT_EQ(worlds[2].world.name, "TVRNAA01.RMB");
    EXPECT_EQ(worlds[6].world.id, 1006);
    for (const GameWorld& w : worlds)
        EXPECT_EQ(w.engine, &daggerfall::daggerfallEngine());
    EXPECT_EQ(&engineForWorld(fs, 1003), &daggerfall::daggerfallEngine());
    EXPECT_THROW(games.build(1007), Error);
}

// Building 0 stands at (1000, 0, 4096 - 2000) turned -90 degrees about y (Unity's frame): its
// house, (100, 50, 300) inside it, lands at (1000 - 300, 50, 2096 + 100) = (700, 50, 2196); the
// scene's z is south, so (700, 50, -2196); the town's second block is 4096 further east.
TEST(DaggerfallScene, ABuildingsPlacementAndRotation) {
    const GameFs fs(arena());
    const Scene s = GameDirectory(fs).build(1000);
    EXPECT_EQ(s.engine, "daggerfall");
    const SceneNode* house = named(s, "exterior object 0");
    ASSERT_NE(house, nullptr);
    expectAt(house->world, {700, 50, -2196}, "the first block's house");
    const SceneNode* second = named(s, "exterior object 0", 1);
    ASSERT_NE(second, nullptr);
    expectAt(second->world, {4096 + 700, 50, -2196}, "the second block's house");
    // Turned a quarter: the house's own east (x) now points north (scene -z).
    const Vec3 east = house->world.transformDirection({1, 0, 0});
    EXPECT_NEAR(east.x, 0, 1e-12);
    EXPECT_NEAR(east.z, -1, 1e-12);
    // Its interior stands kInteriorDrop under it.
    const SceneNode* inside = named(s, "interior object 0");
    ASSERT_NE(inside, nullptr);
    expectAt(inside->world, {1000, -daggerfall::kInteriorDrop, -2096}, "the interior");
    // The record the Inspector shows.
    ASSERT_GE(house->record, 0);
    const SourceRecord& r = s.records[static_cast<std::size_t>(house->record)];
    EXPECT_EQ(r.section, "RMB exterior 3D object");
    EXPECT_EQ(r.file, "ARENA2/BLOCKS.BSA:TVRNAA01.RMB");
    EXPECT_EQ(r.fields.front(), (std::pair<std::string, std::string>{"model id", "515"}));
    // The wall model: 100 units wide and high, its face wound towards its stored normal (north,
    // the scene's -z, turned with the house to the west).
    ASSERT_GE(house->mesh, 0);
    const Mesh& m = s.meshes[static_cast<std::size_t>(house->mesh)];
    EXPECT_NEAR(m.bounds.max.x - m.bounds.min.x, 100, 1e-6);
    EXPECT_NEAR(m.bounds.max.y - m.bounds.min.y, 100, 1e-6);
    ASSERT_EQ(m.indices.size(), 6u);
    const auto p = [&](std::size_t k) {
        const float* v = m.vertices[m.indices[k]].position;
        return Vec3{v[0], v[1], v[2]};
    };
    EXPECT_LT(cross(p(1) - p(0), p(2) - p(0)).z, 0) << "faces the stored normal (0, 0, 1): north, scene -z";
}

// The block's own flat at (500, 0, -1000): (500, 0, 3096) in Unity's frame, (500, 0, -3096) in
// the scene; a billboard its texture's 16 x 32 with its bottom edge on the position.
TEST(DaggerfallScene, AFlatIsABillboardItsTexturesSize) {
    const GameFs fs(arena());
    const Scene s = GameDirectory(fs).build(1002); // the block TVRNAA01.RMB alone
    const SceneNode* flat = named(s, "TVRNAA01.RMB flat");
    ASSERT_NE(flat, nullptr);
    EXPECT_EQ(flat->kind, NodeKind::Flat);
    expectAt(flat->world, {500, 0, -3096}, "the flat");
    const Mesh& m = s.meshes[static_cast<std::size_t>(flat->mesh)];
    EXPECT_NEAR(m.bounds.min.x, -8, 1e-9);
    EXPECT_NEAR(m.bounds.max.x, 8, 1e-9);
    EXPECT_NEAR(m.bounds.min.y, 0, 1e-9);
    EXPECT_NEAR(m.bounds.max.y, 32, 1e-9);
    const SceneTexture& t = s.textures[static_cast<std::size_t>(flat->flatTexture)];
    EXPECT_EQ(t.textureId, kFlatArchive);
    EXPECT_EQ(t.imageId, kFlatRecord);
    ASSERT_TRUE(t.image);
    EXPECT_EQ(t.image->frames.at(0).at(0), 10 + kFlatRecord);
}

// Ground tile (x, n) of the north-up grid is the small map's column x, row 15 - n: the
// north-west tile (column 0, row 0) spans x 0..256, scene z -4096..-3840 and shows TEXTURE.302
// record 1 turned a quarter; its east neighbour record 2, flipped.
TEST(DaggerfallScene, GroundTilesFollowTheSmallMap) {
    const GameFs fs(arena());
    const Scene s = GameDirectory(fs).build(1002);
    const SceneNode* ground = named(s, "TVRNAA01.RMB ground");
    ASSERT_NE(ground, nullptr);
    const Mesh& m = s.meshes[static_cast<std::size_t>(ground->mesh)];
    EXPECT_EQ(m.triangleCount(), 512u);
    EXPECT_NEAR(m.bounds.min.z, -4096, 1e-9);
    EXPECT_NEAR(m.bounds.max.x, 4096, 1e-9);
    // The tile whose first corner is (x0, z0) in Unity's frame: its record and corner UVs.
    const auto tileAt = [&](double x0, double z0) -> std::pair<int, std::array<std::array<float, 2>, 4>> {
        for (const Submesh& sm : m.submeshes)
            for (std::uint32_t i = sm.firstIndex; i < sm.firstIndex + sm.indexCount; ++i) {
                const std::uint32_t v = m.indices[i];
                const float* p = m.vertices[v].position;
                if (v % 4 == 0 && p[0] == static_cast<float>(x0) && p[2] == static_cast<float>(-z0)) {
                    std::array<std::array<float, 2>, 4> uv{};
                    for (int c = 0; c < 4; ++c)
                        uv[static_cast<std::size_t>(c)] = {
                            m.vertices[v + static_cast<std::uint32_t>(c)].uv[0],
                            m.vertices[v + static_cast<std::uint32_t>(c)].uv[1]};
                    const Material& mat = s.materials[sm.material];
                    return {s.textures[static_cast<std::size_t>(mat.texture)].imageId, uv};
                }
            }
        return {-1, {}};
    };
    const auto [nw, nwUv] = tileAt(0, 3840);
    EXPECT_EQ(nw, 1);
    // South-west, south-east, north-east, north-west corners; row 0 of the image at the north.
    // Turned: the image's west edge runs along the tile's south edge.
    const std::array<std::array<float, 2>, 4> turned{{{0, 0}, {0, 1}, {1, 1}, {1, 0}}};
    EXPECT_EQ(nwUv, turned);
    const auto [east, eastUv] = tileAt(256, 3840);
    EXPECT_EQ(east, 2);
    const std::array<std::array<float, 2>, 4> flipped{{{1, 0}, {0, 0}, {0, 1}, {1, 1}}};
    EXPECT_EQ(eastUv, flipped);
    const auto [south, southUv] = tileAt(0, 0);
    EXPECT_EQ(south, 0);
    const std::array<std::array<float, 2>, 4> plain{{{0, 1}, {1, 1}, {1, 0}, {0, 0}}};
    EXPECT_EQ(southUv, plain);
}

// Dungeon block (x, z) of MAPS.BSA's grid stands at (2048 x, 0, 2048 z) in Unity's frame: the
// object at (1024, 0, 1024) of each lands 2048 apart, east for x and north (scene -z) for z.
TEST(DaggerfallScene, DungeonBlocksSitOnTheirGrid) {
    const GameFs fs(arena());
    const Scene s = GameDirectory(fs).build(1001);
    ASSERT_NE(named(s, "object 515", 2), nullptr);
    expectAt(named(s, "object 515", 0)->world, {1024, 0, -1024}, "block (0, 0)");
    expectAt(named(s, "object 515", 1)->world, {2048 + 1024, 0, -1024}, "block (1, 0), east");
    expectAt(named(s, "object 515", 2)->world, {1024, 0, 2048 - 1024}, "block (0, -1), south");
    EXPECT_EQ(s.records[static_cast<std::size_t>(named(s, "object 515")->record)].section, "RDB 3D object");
}

// The texture archives a block's ground mesh draws from.
std::set<int> groundArchives(const Scene& s, const std::string& block) {
    std::set<int> archives;
    const SceneNode* ground = named(s, block + " ground");
    if (!ground) return archives;
    for (const Submesh& sm : s.meshes[static_cast<std::size_t>(ground->mesh)].submeshes)
        archives.insert(s.textures[static_cast<std::size_t>(s.materials[sm.material].texture)].textureId);
    return archives;
}

// The warnings that mention `phrase`.
std::size_t warningsWith(const Scene& s, const std::string& phrase) {
    std::size_t n = 0;
    for (const std::string& w : s.warnings)
        n += w.find(phrase) != std::string::npos;
    return n;
}

// MAPTABLE's longitude and latitude of map pixel (x, y), mid-pixel (mapsMapPixel's inverse).
unsigned longitudeOf(int x) {
    return static_cast<unsigned>(x * 128 + 64);
}
unsigned latitudeOf(int y) {
    return static_cast<unsigned>((499 - y) * 128 + 64);
}

// A second ARENA2: five one-block towns of TVRNAA01.RMB at map pixels chosen against a hand-made
// CLIMATE.PAK. Daggerfall Unity reads pixel (x, y)'s climate at the PAK's (x + 1, y); each
// town's own column (x) holds another climate, so a lookup without the + 1 picks another ground.
//   Sandton  (100, 400): PAK (101, 400) desert (224)   -> TEXTURE.002
//   Peakton  (100, 50):  PAK (101, 50) mountain (226)  -> TEXTURE.102
//   Marshton (100, 250): PAK (101, 250) swamp (228)    -> TEXTURE.402, missing: 302, one warning
//   Farton   (1005, 10): PAK column 1006, past 1001    -> 302, one warning
//   Woodton  (300, 300): PAK (301, 300) woodlands (231) -> TEXTURE.302, no warning
const fs::path& climateArena() {
    static const fs::path root = [] {
        const fs::path dir = rgx::testing::scratchDir("rgx_daggerfall_climate");
        fs::create_directories(dir / "ARENA2");
        for (const int archive : {2, 102, 302}) {
            char name[32];
            std::snprintf(name, sizeof name, "ARENA2/TEXTURE.%03d", archive);
            loaders::writeFile(dir / name, texture(3, 16, 16));
        }
        loaders::writeFile(dir / "ARENA2/TEXTURE.210", texture(3, 16, 32));
        ldf::BsaArchive arch3d{ldf::BsaDirectoryType::Numbers, {}};
        arch3d.entries.push_back({"", "", kHouse, ldf::writeArch3d(wall())});
        loaders::writeFile(dir / "ARENA2/ARCH3D.BSA", ldf::writeBsa(arch3d));
        ldf::BsaArchive blocks{ldf::BsaDirectoryType::Names, {}};
        blocks.entries.push_back({"TVRNAA01.RMB", "", 0, ldf::writeRmb(townBlock("TVRNAA01.RMB"))});
        loaders::writeFile(dir / "ARENA2/BLOCKS.BSA", ldf::writeBsa(blocks));
        struct Town {
            const char* name;
            int x, y;
        };
        const std::array<Town, 5> towns{{{"Sandton", 100, 400},
                                         {"Peakton", 100, 50},
                                         {"Marshton", 100, 250},
                                         {"Farton", 1005, 10},
                                         {"Woodton", 300, 300}}};
        ldf::MapsRegion region{0, {}, {}};
        std::uint16_t id = 1;
        for (const Town& t : towns) {
            region.locations.push_back(ldf::makeMapsTown(t.name, ldf::MapsLocationType::TownHamlet, id, id,
                                                         longitudeOf(t.x), latitudeOf(t.y), 1, 1,
                                                         {"TVRNAA01.RMB"}));
            ++id;
        }
        ldf::MapsArchive maps;
        maps.regions.push_back(region);
        loaders::writeFile(dir / "ARENA2/MAPS.BSA", ldf::writeMaps(maps));
        std::vector<std::uint8_t> climate(std::size_t{ldf::kPakWidth} * ldf::kPakHeight, 231);
        const auto set = [&](int x, int y, int value) {
            climate[static_cast<std::size_t>(y) * ldf::kPakWidth + static_cast<std::size_t>(x)] =
                static_cast<std::uint8_t>(value);
        };
        set(101, 400, 224);
        set(100, 400, 228); // a town's own column: what a lookup without DFU's + 1 would find
        set(101, 50, 226);
        set(100, 50, 224);
        set(101, 250, 228);
        set(100, 250, 226);
        set(300, 300, 224);
        loaders::writeFile(dir / "ARENA2/CLIMATE.PAK", ldf::writePak(ldf::makePak(climate)));
        return dir;
    }();
    return root;
}

TEST(DaggerfallClimate, TheGroundTakesTheLocationsClimate) {
    const GameFs fs(climateArena());
    const GameDirectory games(fs);
    const Scene sand = games.build(1000);
    EXPECT_NE(sand.title.find("Sandton"), std::string::npos) << sand.title;
    EXPECT_EQ(groundArchives(sand, "TVRNAA01.RMB"), std::set<int>{2}) << "desert";
    EXPECT_EQ(warningsWith(sand, "CLIMATE"), 0u);
    EXPECT_EQ(groundArchives(games.build(1001), "TVRNAA01.RMB"), std::set<int>{102}) << "mountain";
    const Scene wood = games.build(1004);
    EXPECT_EQ(groundArchives(wood, "TVRNAA01.RMB"), std::set<int>{302}) << "woodlands";
    EXPECT_EQ(warningsWith(wood, "temperate"), 0u);
    // A block alone stands in no location: temperate, without a word.
    const Scene block = games.build(1005);
    EXPECT_EQ(groundArchives(block, "TVRNAA01.RMB"), std::set<int>{302});
    EXPECT_EQ(warningsWith(block, "temperate"), 0u);
}

TEST(DaggerfallClimate, WhatIsMissingIsTemperateWithOneWarning) {
    const GameFs fs(climateArena());
    const GameDirectory games(fs);
    // The swamp's TEXTURE.402 is missing.
    const Scene marsh = games.build(1002);
    EXPECT_EQ(groundArchives(marsh, "TVRNAA01.RMB"), std::set<int>{302});
    EXPECT_EQ(warningsWith(marsh, "temperate"), 1u);
    EXPECT_EQ(warningsWith(marsh, "TEXTURE.402"), 1u);
    // A map pixel past the climate map's edge.
    const Scene far = games.build(1003);
    EXPECT_EQ(groundArchives(far, "TVRNAA01.RMB"), std::set<int>{302});
    EXPECT_EQ(warningsWith(far, "outside the climate map"), 1u);
    // No CLIMATE.PAK at all (the first ARENA2): the town is temperate, said once.
    const Scene town = GameDirectory(GameFs(arena())).build(1000);
    EXPECT_EQ(groundArchives(town, "TVRNAA01.RMB"), std::set<int>{302});
    EXPECT_EQ(warningsWith(town, "CLIMATE.PAK: not found; the ground is temperate"), 1u);
}

// The demo's town stands in the woodlands of its CLIMATE.PAK: temperate, as before the climate
// was read (its golden pictures stay), and nothing is said about it.
TEST(DaggerfallClimate, TheDemoTownIsTemperate) {
    const Scene s = GameDirectory(GameFs(rgx::testing::smallDemoDir())).build(1000);
    std::set<int> archives;
    for (const SceneNode& n : s.nodes)
        if (n.name.size() > 7 && n.name.rfind(" ground") == n.name.size() - 7)
            for (const int a : groundArchives(s, n.name.substr(0, n.name.size() - 7)))
                archives.insert(a);
    EXPECT_EQ(archives, std::set<int>{302});
    EXPECT_EQ(warningsWith(s, "CLIMATE"), 0u);
    EXPECT_EQ(warningsWith(s, "temperate"), 0u);
}

} // namespace
} // namespace rgx::scene
