// The world environment (issue 14): everything a world needs besides its meshes is read once, by
// the scene layer, while the scene is built; sim/ and renderer/ take it from the Scene.

#include "loaders/file_io.h"
#include "loaders/redguard/system_ini.h"
#include "scene/redguard/scene_builder.h"
#include "scene/redguard/world_environment.h"
#include "tests/scene/scene_fixture.h"
#include "tests/support/demo_dir.h"

#include <gtest/gtest.h>

#include <map>

namespace rgx::scene {
namespace {

TEST(WorldEnvironment, PvoPathIsTheMapsStemBesideIt) {
    EXPECT_EQ(pvoPathForMap("MAPS\\ISLAND.RGM"), "MAPS/ISLAND.PVO");
    EXPECT_EQ(pvoPathForMap("maps/islnight.rgm"), "maps/islnight.PVO");
    EXPECT_EQ(pvoPathForMap("ISLAND.RGM"), "ISLAND.PVO");
    EXPECT_EQ(pvoPathForMap(""), "");
}

TEST(WorldEnvironment, DemoWorldCarriesSystemFogPvoAndSky) {
    const GameFs fs(testing::smallDemoDir());
    const Scene day = buildWorldScene(fs, 0);
    const WorldEnvironment& env = day.redguard.environment;
    EXPECT_EQ(env.system, loaders::readSystemIni(fs.read("SYSTEM.INI"), "SYSTEM.INI"));
    EXPECT_TRUE(env.fog.has_value());
    ASSERT_TRUE(env.pvo.has_value());
    EXPECT_EQ(env.pvoPath, pvoPathForMap(*day.redguard.world->map));
    EXPECT_GT(env.pvoIds.mpso, 0u);
    EXPECT_EQ(env.pvoIds.mpobStatic.size(),
              day.countNodes(NodeKind::Object) + day.countNodes(NodeKind::Trigger));
    EXPECT_EQ(env.pvoIds.ropes, day.countNodes(NodeKind::Rope));
    ASSERT_TRUE(env.sky.has_value());
    EXPECT_FALSE(env.sky->frames.empty());
    ASSERT_TRUE(env.skyFx.has_value());
    EXPECT_FALSE(env.skyFx->images.empty());
    ASSERT_TRUE(env.sunImage.has_value());
    EXPECT_FALSE(env.sunImage->images.empty());
    EXPECT_EQ(env.sunImagePath, "3DART/SUN.BSI");
    EXPECT_TRUE(env.notes.empty()) << env.notes.front();

    // The night island ships no PVO: one note, and the scene's own warnings stay as they were.
    const Scene night = buildWorldScene(fs, 1);
    EXPECT_FALSE(night.redguard.environment.pvo.has_value());
    ASSERT_EQ(night.redguard.environment.notes.size(), 1u);
    EXPECT_NE(night.redguard.environment.notes[0].find("without PVO culling"), std::string::npos);
    EXPECT_TRUE(night.warnings.empty());
}

// One world is built reading each game file once: SYSTEM.INI (once, with the catalog), WORLD.INI,
// FOG.INI, the palette, the terrain, the map, the PVO, the sky, the model archives and banks.
TEST(WorldEnvironment, BuildingAWorldReadsEveryFileOnce) {
    const GameFs fs(testing::smallDemoDir());
    const Scene s = buildWorldScene(fs, 0);
    EXPECT_EQ(fs.timesRead("SYSTEM.INI"), 1u);
    EXPECT_EQ(fs.timesRead("fxart/FOG.INI"), 1u);
    EXPECT_EQ(fs.timesRead(*s.redguard.world->map), 1u);
    EXPECT_EQ(fs.timesRead(s.redguard.environment.pvoPath), 1u);
    EXPECT_EQ(fs.timesRead("no/such/file"), 0u);
    // Every file under the directory, at most once.
    std::size_t files = 0;
    for (const auto& entry : std::filesystem::recursive_directory_iterator(fs.root())) {
        if (!entry.is_regular_file()) continue;
        const std::string relative = entry.path().lexically_relative(fs.root()).generic_string();
        EXPECT_LE(fs.timesRead(relative), 1u) << relative;
        files += fs.timesRead(relative);
    }
    EXPECT_EQ(files, fs.filesRead());
}

// A PVO that does not read is a note, not an error: the world is drawn without PVO culling.
TEST(WorldEnvironment, UnreadablePvoIsANote) {
    const test::Fixture fx("env_bad_pvo");
    const GameFs fs(fx.dir);
    const std::filesystem::path rgm = fs.resolve("MAPS\\Test.RGM");
    loaders::writeFile(rgm.parent_path() / "Test.PVO", loaders::Bytes{'O', 'C', 'T', 'H', 1, 2});
    const Scene s = buildWorldScene(GameFs(fx.dir), 0);
    EXPECT_FALSE(s.redguard.environment.pvo.has_value());
    EXPECT_TRUE(s.redguard.environment.pvoPath.empty());
    // The fixture's world_sky names a file it does not ship: a note of its own, after the PVO's.
    ASSERT_EQ(s.redguard.environment.notes.size(), 2u);
    EXPECT_EQ(s.redguard.environment.notes[0],
              "MAPS/Test.PVO: offset 0x4: OCTH data_length: needs 4 bytes, only 2 "
              "left (truncated) (no PVO culling)");
    EXPECT_EQ(s.redguard.environment.notes[1],
              "SYSTEM\\SKY.GXA: sky file not found; the world is drawn without it");
    EXPECT_FALSE(s.redguard.environment.sky.has_value());
}

// A model opened from a game takes the game's planes and fog, and no PVO or sky (no world).
TEST(WorldEnvironment, ModelSceneTakesTheGamesSystemIniOnly) {
    const GameFs fs(testing::smallDemoDir());
    const std::filesystem::path rob = *fs.find("fxart/DUNGEON.ROB");
    const Scene withGame = buildModelScene(rob, &fs);
    EXPECT_EQ(withGame.redguard.environment.system,
              loaders::readSystemIni(fs.read("SYSTEM.INI"), "SYSTEM.INI"));
    EXPECT_TRUE(withGame.redguard.environment.fog.has_value());
    EXPECT_FALSE(withGame.redguard.environment.pvo.has_value());
    EXPECT_FALSE(withGame.redguard.environment.sky.has_value());
    const Scene alone = buildModelScene(rob, nullptr);
    EXPECT_EQ(alone.redguard.environment.system, loaders::SystemIni{});
    EXPECT_FALSE(alone.redguard.environment.fog.has_value());
}

} // namespace
} // namespace rgx::scene
