// Daggerfall behind the engine seam, on a hand-built ARENA2 written through the writers: the
// worlds MAPS.BSA and BLOCKS.BSA list, and placements worked by hand from Daggerfall Unity's
// layout rules (scene/daggerfall/df_blocks.h): a building turned a quarter in its block, a
// block's own flat as a billboard, the ground tiles with their rotate and flip bits, and a
// dungeon's blocks on their grid.

#include "loaders/daggerfall/arch3d.h"
#include "loaders/daggerfall/bsa.h"
#include "loaders/daggerfall/maps.h"
#include "loaders/daggerfall/palette.h"
#include "loaders/daggerfall/rdb.h"
#include "loaders/daggerfall/rmb.h"
#include "loaders/daggerfall/texture.h"
#include "loaders/file_io.h"
#include "scene/daggerfall/df_blocks.h"
#include "scene/daggerfall/df_engine.h"
#include "scene/engine.h"

#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <unistd.h>

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
        const fs::path dir =
            fs::path(::testing::TempDir()) / ("rgx_daggerfall_scene_" + std::to_string(::getpid()));
        fs::remove_all(dir);
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
        std::atexit([] {
            std::error_code ignored;
            fs::remove_all(fs::path(::testing::TempDir()) /
                               ("rgx_daggerfall_scene_" + std::to_string(::getpid())),
                           ignored);
        });
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

} // namespace
} // namespace rgx::scene
