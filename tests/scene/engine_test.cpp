// The engine seam (scene/engine.h): Redguard behind it builds what scene_builder.h builds, byte
// for byte in the golden dump; a directory's worlds are its engines' worlds; an id names its
// engine; a directory no engine recognises gets Redguard's error, naming WORLD.INI.

#include "base/error.h"
#include "scene/engine.h"
#include "scene/redguard/redguard_engine.h"
#include "scene/redguard/world_catalog.h"
#include "scene/scene_dump.h"
#include "tests/support/demo_dir.h"

#include <gtest/gtest.h>

#include <filesystem>

namespace rgx::scene {
namespace {

TEST(Engines, RedguardIsFirstAndFoundByName) {
    ASSERT_FALSE(engines().empty());
    EXPECT_EQ(engines().front(), &redguardEngine());
    EXPECT_EQ(findEngine("redguard"), &redguardEngine());
    EXPECT_EQ(findEngine("quake"), nullptr);
    // Id ranges follow the list: each engine's first id above the one before.
    for (std::size_t i = 1; i < engines().size(); ++i)
        EXPECT_GT(engines()[i]->firstWorldId(), engines()[i - 1]->firstWorldId()) << engines()[i]->name();
}

TEST(Engines, RedguardBehindTheSeamBuildsWhatTheBuilderBuilds) {
    const GameFs fs(rgx::testing::smallDemoDir());
    ASSERT_TRUE(redguardEngine().recognises(fs));
    const GameDirectory games(fs);
    const WorldCatalog catalog = loadWorldCatalog(fs);
    std::vector<std::int64_t> redguardIds;
    for (const GameWorld& w : games.worlds())
        if (w.engine == &redguardEngine()) redguardIds.push_back(w.world.id);
    EXPECT_EQ(redguardIds, catalog.ids());
    for (const std::int64_t id : catalog.ids()) {
        EXPECT_EQ(&engineForWorld(fs, id), &redguardEngine()) << id;
        EXPECT_EQ(&games.gameOf(id).engine(), &redguardEngine()) << id;
        EXPECT_EQ(sceneDump(buildGameWorld(fs, id)), sceneDump(buildWorldScene(fs, id))) << "world " << id;
    }
}

TEST(Engines, ADirectoryNoEngineRecognisesGetsRedguardsError) {
    const std::filesystem::path empty = std::filesystem::path(::testing::TempDir()) / "rgx_engine_test_empty";
    std::filesystem::create_directories(empty);
    const GameFs fs(empty);
    for (const Engine* e : engines())
        EXPECT_FALSE(e->recognises(fs)) << e->name();
    try {
        const GameDirectory games(fs);
        FAIL() << "an empty directory opened";
    } catch (const Error& e) {
        EXPECT_NE(std::string(e.what()).find("WORLD.INI"), std::string::npos) << e.what();
    }
    EXPECT_THROW(buildGameWorld(fs, 0), Error);
}

} // namespace
} // namespace rgx::scene
