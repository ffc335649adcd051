#include "scene/game_fs.h"
#include "scene/redguard/world_catalog.h"
#include "tests/scene/scene_fixture.h"

#include "base/error.h"
#include "loaders/file_io.h"

#include <gtest/gtest.h>

namespace rgx::scene {
namespace {

using test::Fixture;

TEST(GameFs, ResolvesAnyCaseAndBackslashes) {
    const auto dir = test::freshTempDir("fs_case");
    loaders::writeFile(dir / "maps" / "ISLAND.WLD", loaders::Bytes{1, 2, 3});
    const GameFs fs(dir);
    ASSERT_TRUE(fs.find("MAPS\\ISLand.WLD"));
    EXPECT_EQ(*fs.find("MAPS\\ISLand.WLD"), dir / "maps" / "ISLAND.WLD");
    EXPECT_EQ(*fs.find("maps/island.wld"), dir / "maps" / "ISLAND.WLD");
    EXPECT_EQ(fs.read("Maps\\\\island.WLD"), (loaders::Bytes{1, 2, 3}));
    EXPECT_EQ(fs.filesRead(), 1u);
    EXPECT_FALSE(fs.find("maps/ISLAND.RGM"));
    EXPECT_FALSE(fs.find("../etc/passwd"));
    std::filesystem::remove_all(dir);
}

TEST(GameFs, Falls3DartBackToFxart) {
    const auto dir = test::freshTempDir("fs_3dart");
    loaders::writeFile(dir / "fxart" / "island.COL", loaders::Bytes(4, 9));
    const GameFs fs(dir);
    ASSERT_TRUE(fs.find("3DART\\ISLAND.col"));
    EXPECT_EQ(*fs.find("3DART\\ISLAND.col"), dir / "fxart" / "island.COL");
    // A real 3dart/ file wins over the fallback.
    loaders::writeFile(dir / "3dart" / "ISLAND.COL", loaders::Bytes(4, 1));
    const GameFs fs2(dir);
    EXPECT_EQ(*fs2.find("3DART\\ISLAND.col"), dir / "3dart" / "ISLAND.COL");
    // Only 3DART falls back.
    EXPECT_FALSE(fs2.find("maps\\island.col"));
    std::filesystem::remove_all(dir);
}

TEST(GameFs, ErrorsNameThePathAskedFor) {
    const auto dir = test::freshTempDir("fs_err");
    const GameFs fs(dir);
    try {
        fs.read("MAPS\\NOPE.RGM");
        FAIL() << "no exception";
    } catch (const Error& e) {
        EXPECT_EQ(e.path(), "MAPS\\NOPE.RGM");
        EXPECT_NE(std::string(e.what()).find("not found"), std::string::npos);
    }
    EXPECT_THROW(GameFs(dir / "missing"), Error);
    std::filesystem::remove_all(dir);
}

TEST(GameFs, ListsFilesSortedAndNeverWrites) {
    const Fixture fx("fs_list");
    const auto before = std::distance(std::filesystem::recursive_directory_iterator(fx.dir), {});
    const GameFs fs(fx.dir);
    const auto files = fs.listFiles("FXART");
    ASSERT_FALSE(files.empty());
    EXPECT_EQ(files.front(), "Direct.3d");
    EXPECT_TRUE(std::is_sorted(files.begin(), files.end(), [](const std::string& a, const std::string& b) {
        return upperAscii(a) < upperAscii(b);
    }));
    (void)loadWorldCatalog(fs);
    EXPECT_EQ(std::distance(std::filesystem::recursive_directory_iterator(fx.dir), {}), before);
}

TEST(WorldCatalog, ReadsEveryWorld) {
    const Fixture fx("catalog");
    const GameFs fs(fx.dir);
    const WorldCatalog catalog = loadWorldCatalog(fs);
    EXPECT_EQ(catalog.ids(), (std::vector<std::int64_t>{0, 1}));
    const loaders::WorldEntry& w0 = catalog.world(0);
    EXPECT_EQ(w0.map, "MAPS\\Test.RGM");
    EXPECT_EQ(w0.sun, (std::array<std::int64_t, 4>{1, 2, 3, 4}));
    const WorldSummary s = summarizeWorld(fs, w0);
    EXPECT_TRUE(s.mapFound);
    EXPECT_TRUE(s.terrainFound);
    EXPECT_TRUE(s.paletteFound); // 3DART\test.COL -> fxart/test.col
    EXPECT_EQ(s.sky, "SYSTEM\\SKY.GXA");
    EXPECT_FALSE(summarizeWorld(fs, catalog.world(1)).terrainFound);
    try {
        (void)catalog.world(9);
        FAIL();
    } catch (const Error& e) {
        EXPECT_NE(std::string(e.what()).find("no world 9 (worlds: 0, 1)"), std::string::npos) << e.what();
    }
}

} // namespace
} // namespace rgx::scene
