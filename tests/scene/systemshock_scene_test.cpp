// System Shock behind the engine seam (scene/systemshock/ss_engine.h), on a hand-built game
// directory written through the writers: data/archive.dat (lower case, in the game's DATA/
// layout) with one 4 x 3 level of two open tiles and an object, and a second level that lacks
// its tile map. The worlds listed, a node a tile with the tile's record, the object as a marker
// where its record puts it, and what an unknown world says.

#include "loaders/file_io.h"
#include "loaders/systemshock/level.h"
#include "loaders/systemshock/palette.h"
#include "loaders/systemshock/res_file.h"
#include "scene/engine.h"
#include "scene/systemshock/ss_engine.h"
#include "tests/support/demo_dir.h"
#include "tests/support/scratch_dir.h"

#include <gtest/gtest.h>

#include <filesystem>

namespace rgx::scene {
namespace {

namespace lss = loaders::systemshock;
namespace fs = std::filesystem;

lss::ResChunk chunkOf(std::uint16_t id, loaders::Bytes data, bool compressed) {
    lss::ResChunk c;
    c.id = id;
    c.flags = compressed ? lss::kResFlagCompressed : 0;
    c.contentType = 0x30; // map
    c.data = std::move(data);
    return c;
}

const fs::path& gameDir() {
    static const fs::path root = [] {
        const fs::path dir = rgx::testing::scratchDir("rgx_systemshock_scene");
        fs::create_directories(dir / "data");
        lss::LevelInfo info;
        info.width = 4;
        info.height = 3;
        info.zShift = 3;
        lss::TileMap map;
        map.width = 4;
        map.height = 3;
        map.tiles.assign(12, lss::Tile{});
        lss::Tile& flat = map.tiles[1 * 4 + 1]; // (1, 1)
        flat.type = 0x01;
        flat.floor = 2;
        flat.ceiling = 4;
        lss::Tile& slope = map.tiles[1 * 4 + 2]; // (2, 1)
        slope.type = 0x07;                       // slope w->e
        slope.steepness = 8;
        slope.textures = static_cast<std::uint16_t>(1 << 11); // floor texture 1
        lss::TextureList list{{5, 9}};
        lss::MasterObject used;
        used.inUse = 1;
        used.objectClass = 14;
        used.subclass = 2;
        used.type = 4;
        used.x = 0x0180; // tile 1 and a half
        used.y = 0x0140; // tile 1 and a quarter
        used.z = 128;    // half the level's height
        lss::MasterObject unused;
        lss::ResFile file;
        file.chunks.push_back(chunkOf(4000, loaders::Bytes{'d', 'e', 'm', 'o', 0}, false));
        file.chunks.push_back(chunkOf(lss::levelChunkId(1, 4), lss::writeLevelInfo(info), true));
        file.chunks.push_back(chunkOf(lss::levelChunkId(1, 5), lss::writeTileMap(map), true));
        file.chunks.push_back(chunkOf(lss::levelChunkId(1, 7), lss::writeTextureList(list), false));
        file.chunks.push_back(
            chunkOf(lss::levelChunkId(1, 8), lss::writeMasterObjects({used, unused}), true));
        file.chunks.push_back(chunkOf(lss::levelChunkId(2, 4), lss::writeLevelInfo(info), false)); // no map
        loaders::writeFile(dir / "data" / "archive.dat", lss::writeResFile(file));
        return dir;
    }();
    return root;
}

const SceneNode* named(const Scene& s, const std::string& name) {
    for (const SceneNode& n : s.nodes)
        if (n.name == name) return &n;
    return nullptr;
}

std::string field(const SourceRecord& r, const std::string& name) {
    for (const auto& [k, v] : r.fields)
        if (k == name) return v;
    return "(none)";
}

TEST(SystemShockEngine, ListsTheLevelsThatHaveAMap) {
    const GameFs gameFs(gameDir());
    EXPECT_TRUE(systemshock::systemShockEngine().recognises(gameFs));
    const GameDirectory games(gameFs);
    const std::vector<GameWorld> worlds = games.worlds();
    ASSERT_EQ(worlds.size(), 1u);
    EXPECT_EQ(worlds[0].engine, &systemshock::systemShockEngine());
    EXPECT_EQ(worlds[0].world.id, 2001);
    EXPECT_EQ(worlds[0].world.name, "Level 1 (map 1)");
    EXPECT_EQ(worlds[0].world.kind, "level");
    try {
        games.build(2002);
        FAIL() << "level 2 has no tile map";
    } catch (const Error& e) {
        EXPECT_NE(std::string(e.what()).find("its worlds: 2001"), std::string::npos) << e.what();
    }
}

// Tile (1, 1): floor 2, ceiling 4 down from the top (28), 32 scene units a height unit at z shift 3:
// x 256..512, y 64..896, z -256..-512. Its record: the tile map chunk, index 1 x 4 + 1.
TEST(SystemShockEngine, ATileIsANodeWithItsRecord) {
    const GameFs gameFs(gameDir());
    const Scene s = GameDirectory(gameFs).build(2001);
    EXPECT_EQ(s.engine, "systemshock");
    const SceneNode* tile = named(s, "tile 1,1");
    ASSERT_NE(tile, nullptr);
    EXPECT_EQ(tile->kind, NodeKind::Tile);
    ASSERT_GE(tile->mesh, 0);
    const Bounds& b = s.meshes[static_cast<std::size_t>(tile->mesh)].bounds;
    EXPECT_EQ(b.min.x, 256);
    EXPECT_EQ(b.max.x, 512);
    EXPECT_EQ(b.min.y, 64);
    EXPECT_EQ(b.max.y, 896);
    EXPECT_EQ(b.min.z, -512);
    EXPECT_EQ(b.max.z, -256);
    ASSERT_GE(tile->record, 0);
    const SourceRecord& r = s.records[static_cast<std::size_t>(tile->record)];
    EXPECT_EQ(r.file, "DATA/ARCHIVE.DAT:4105");
    EXPECT_EQ(r.section, "tile");
    EXPECT_EQ(r.index, 5);
    EXPECT_EQ(field(r, "type"), "1 (open)");
    EXPECT_EQ(field(r, "floor height"), "2");
    EXPECT_EQ(field(r, "ceiling height"), "4 (down from the top)");
    // Its ceiling apart, in the ceilings layer, at 28 units (896), with the same record.
    const SceneNode* ceiling = named(s, "tile 1,1 ceiling");
    ASSERT_NE(ceiling, nullptr);
    EXPECT_EQ(ceiling->kind, NodeKind::Ceiling);
    EXPECT_EQ(ceiling->record, tile->record);
    const Bounds& cb = s.meshes[static_cast<std::size_t>(ceiling->mesh)].bounds;
    EXPECT_EQ(cb.min.y, 896);
    EXPECT_EQ(cb.max.y, 896);
    const SceneNode* slope = named(s, "tile 2,1");
    ASSERT_NE(slope, nullptr);
    const SourceRecord& sr = s.records[static_cast<std::size_t>(slope->record)];
    EXPECT_EQ(sr.index, 6);
    EXPECT_EQ(field(sr, "type"), "7 (slope w->e)");
    EXPECT_EQ(field(sr, "floor texture"), "1 (texture 9)");
    EXPECT_EQ(field(sr, "wall texture"), "0 (texture 5)");
    // Solid tiles have no node.
    EXPECT_EQ(named(s, "tile 0,0"), nullptr);
    // Indoors: no fog, a black background.
    ASSERT_TRUE(s.look);
    EXPECT_FALSE(s.look->fog.end > s.look->fog.start);
}

// The object in use at x 0x0180, y 0x0140 (tiles 1.5 east, 1.25 north) and z 128 (half of the 32
// height units): scene (384, 16 x 32, -320). The unused slot is no node.
TEST(SystemShockEngine, ObjectsInUseAreMarkersWithTheirRecords) {
    const GameFs gameFs(gameDir());
    const Scene s = GameDirectory(gameFs).build(2001);
    const SceneNode* object = named(s, "object 0 (14/2/4)");
    ASSERT_NE(object, nullptr);
    EXPECT_EQ(object->kind, NodeKind::Marker);
    const Vec3 at = object->world.translationPart();
    EXPECT_EQ(at.x, 384);
    EXPECT_EQ(at.y, 512);
    EXPECT_EQ(at.z, -320);
    const SourceRecord& r = s.records[static_cast<std::size_t>(object->record)];
    EXPECT_EQ(r.file, "DATA/ARCHIVE.DAT:4108");
    EXPECT_EQ(r.section, "object");
    EXPECT_EQ(field(r, "class"), "14");
    EXPECT_EQ(named(s, "object 1 (0/0/0)"), nullptr);
}

// The game's layouts (spec §1.3): a CD (cdrom/data/ holds ARCHIVE.DAT and GAMEPAL.RES, hd/data/
// TEXTURE.RES) and the Enhanced Edition (res/data/), in lower case: the demo's three files placed so,
// each level builds with its palette and textures found, nothing said missing.
TEST(SystemShockEngine, FindsItsFilesInTheCdAndEnhancedEditionLayouts) {
    const fs::path demo = rgx::testing::smallDemoDir() / "DATA";
    struct Layout {
        const char* name;
        const char* archive;
        const char* palette;
        const char* textures;
    };
    for (const Layout& l :
         {Layout{"cd", "cdrom/data/archive.dat", "cdrom/data/gamepal.res", "hd/data/texture.res"},
          Layout{"ee", "res/data/archive.dat", "res/data/gamepal.res", "res/data/texture.res"}}) {
        const fs::path dir = rgx::testing::scratchDir(std::string("rgx_systemshock_") + l.name);
        for (const auto& [from, to] :
             {std::pair{"ARCHIVE.DAT", l.archive}, std::pair{"GAMEPAL.RES", l.palette},
              std::pair{"TEXTURE.RES", l.textures}}) {
            fs::create_directories((dir / to).parent_path());
            fs::copy_file(demo / from, dir / to, fs::copy_options::overwrite_existing);
        }
        const GameFs gameFs(dir);
        ASSERT_TRUE(systemshock::systemShockEngine().recognises(gameFs)) << l.name;
        const GameDirectory games(gameFs);
        ASSERT_EQ(games.worlds().size(), 2u) << l.name;
        const Scene s = games.build(2001);
        for (const std::string& w : s.warnings)
            EXPECT_EQ(w.find("not found"), std::string::npos) << l.name << ": " << w;
        EXPECT_FALSE(s.textures.empty()) << l.name;
        EXPECT_TRUE(s.palette == loaders::systemshock::standInPalette()) << l.name << ": the demo's palette";
        std::size_t stand = 0;
        for (const Material& m : s.materials)
            stand += m.placeholder;
        EXPECT_EQ(stand, 0u) << l.name << ": every texture found";
    }
}

} // namespace
} // namespace rgx::scene
