// The demo worlds (demo/), generated into a temp folder, assemble with zero warnings and match the
// golden dumps in tests/scene/golden/. After an intended change to the demo or the scene layer,
// regenerate them with RGX_UPDATE_GOLDEN=1 and review the diff.
#include "demo/demo.h"
#include "demo/demo_catalog.h"
#include "scene/redguard/scene_builder.h"
#include "scene/redguard/world_catalog.h"
#include "scene/scene_dump.h"
#include "tests/scene/scene_fixture.h"

#include "loaders/file_io.h"

#include "tests/support/demo_dir.h"

#include <gtest/gtest.h>

#include <cstdlib>
#include <sstream>

namespace rgx::scene {
namespace {

const std::filesystem::path& demoDir() {
    return rgx::testing::smallDemoDir();
}

// The first line where two texts differ, for a readable failure.
std::string firstDifference(const std::string& want, const std::string& got) {
    std::istringstream a(want), b(got);
    std::string la, lb;
    for (int line = 1;; ++line) {
        const bool ha = static_cast<bool>(std::getline(a, la)), hb = static_cast<bool>(std::getline(b, lb));
        if (!ha && !hb) return "identical";
        if (la != lb || ha != hb) {
            return "line " + std::to_string(line) + ":\n  golden: " + (ha ? la : "<end>") +
                   "\n  now:    " + (hb ? lb : "<end>");
        }
    }
}

void checkGolden(int world) {
    const GameFs fs(demoDir());
    const Scene scene = buildWorldScene(fs, world);
    const std::string dump = sceneDump(scene);
    const std::filesystem::path golden = std::filesystem::path(RGX_SOURCE_DIR) / "tests" / "scene" /
                                         "golden" / ("demo_world" + std::to_string(world) + ".txt");
    if (const char* update = std::getenv("RGX_UPDATE_GOLDEN"); update && std::string(update) == "1") {
        loaders::writeFile(
            golden, loaders::ByteSpan(reinterpret_cast<const std::uint8_t*>(dump.data()), dump.size()));
        GTEST_SKIP() << "wrote " << golden;
    }
    ASSERT_TRUE(std::filesystem::exists(golden)) << golden << " is missing: run with RGX_UPDATE_GOLDEN=1";
    const loaders::Bytes bytes = loaders::readFile(golden);
    const std::string want(bytes.begin(), bytes.end());
    EXPECT_TRUE(want == dump) << "scene dump of demo world " << world << " differs from " << golden << " at "
                              << firstDifference(want, dump);
}

TEST(DemoWorlds, EveryWorldAssemblesWithZeroWarnings) {
    const GameFs fs(demoDir());
    const WorldCatalog catalog = loadWorldCatalog(fs);
    ASSERT_GE(catalog.ids().size(), 3u);
    for (std::int64_t id : catalog.ids()) {
        const Scene scene = buildWorldScene(fs, catalog, id);
        EXPECT_TRUE(scene.warnings.empty()) << "world " << id << ":\n" << sceneSummary(scene);
        EXPECT_EQ(scene.stats.placeholders, 0u) << "world " << id;
        EXPECT_GT(scene.countNodes(NodeKind::Static), 0u) << "world " << id;
    }
}

TEST(DemoWorlds, OutdoorWorldsHaveTerrainAndWater) {
    const GameFs fs(demoDir());
    const Scene island = buildWorldScene(fs, demo::kIslandWorld);
    ASSERT_TRUE(island.terrain);
    EXPECT_GT(island.terrain->waterCells, 0u);
    EXPECT_FALSE(buildWorldScene(fs, demo::kInteriorWorld).terrain);
}

TEST(DemoWorlds, DeletedModelFileGivesOnePlaceholderWarning) {
    const auto dir = test::freshTempDir("demo_deleted");
    demo::DemoTree tree = demo::buildDemo(demo::DemoOptions{});
    std::string flagFile = "fxart/" + std::string(demo::kFlag.file);
    ASSERT_EQ(tree.erase(flagFile), 1u) << flagFile;
    demo::writeDemo(tree, dir);
    const GameFs fs(dir);
    const Scene scene = buildWorldScene(fs, demo::kIslandWorld);
    ASSERT_EQ(scene.warnings.size(), 1u) << sceneSummary(scene);
    EXPECT_NE(scene.warnings[0].find(std::string(demo::kFlag.name)), std::string::npos) << scene.warnings[0];
    EXPECT_EQ(scene.stats.placeholders, 1u);
    std::filesystem::remove_all(dir);
}

TEST(DemoWorlds, GoldenIsland) {
    checkGolden(demo::kIslandWorld);
}
TEST(DemoWorlds, GoldenNight) {
    checkGolden(demo::kNightWorld);
}
TEST(DemoWorlds, GoldenInterior) {
    checkGolden(demo::kInteriorWorld);
}

} // namespace
} // namespace rgx::scene
