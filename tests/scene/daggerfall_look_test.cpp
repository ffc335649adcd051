// A Daggerfall scene's look (scene/daggerfall/df_look.h): the fog towards the colour of the game's
// own colour translation tables, HAZE.000 outdoors and SHADE.000 in a dungeon, carried whole for
// the software look; what a missing or unreadable file leaves.

#include "loaders/daggerfall/palette.h"
#include "loaders/file_io.h"
#include "scene/daggerfall/df_look.h"
#include "scene/engine.h"
#include "tests/support/demo_dir.h"
#include "tests/support/scratch_dir.h"

#include <gtest/gtest.h>

#include <filesystem>

namespace rgx::scene {
namespace {

namespace ldf = loaders::daggerfall;
namespace fs = std::filesystem;

std::size_t warningsWith(const Scene& s, const std::string& phrase) {
    std::size_t n = 0;
    for (const std::string& w : s.warnings)
        n += w.find(phrase) != std::string::npos;
    return n;
}

void expectColor(const loaders::ColorRgb& c, int r, int g, int b, const std::string& what) {
    EXPECT_EQ(c.r, r) << what;
    EXPECT_EQ(c.g, g) << what;
    EXPECT_EQ(c.b, b) << what;
}

// The most fogged table's most common target, entry 0 not counted, ties to the lowest index:
// entries 1..99 -> 3, 100..199 -> 8, 200..255 -> 9, so 8 (100 to 99); entry 0 -> 3 would tie 3
// with 8 and win if it counted. Then entry 200 -> 3 ties them: 3, the lower. The tables past
// level 0 do not matter.
TEST(DaggerfallLook, TheFogColourIsWhereTheMostFoggedTableSendsMost) {
    loaders::Palette256 palette{};
    for (std::size_t i = 0; i < 256; ++i)
        palette[i] = {static_cast<std::uint8_t>(i), 0, static_cast<std::uint8_t>(255 - i)};
    ldf::ColourTranslationFile file;
    for (std::size_t i = 0; i < 256; ++i)
        file.levels[0][i] = i <= 99 ? 3 : i <= 199 ? 8 : 9;
    for (std::size_t level = 1; level < ldf::kColourTranslationLevels; ++level)
        file.levels[level].fill(200);
    expectColor(daggerfall::translationTarget(file, palette), 8, 0, 247, "the most common");
    file.levels[0][200] = 3;
    expectColor(daggerfall::translationTarget(file, palette), 3, 0, 252, "a tie: the lower index");
}

// The demo's tables (demo/daggerfall/palette.cpp) are derived towards a haze (176, 186, 196) and
// black: its level 0 sends every entry to the palette's nearest, index 188 (184, 188, 198) and
// index 192 (6, 22, 9).
TEST(DaggerfallLook, TheTownFogsThroughHazeTheDungeonThroughShade) {
    const fs::path& demo = rgx::testing::smallDemoDir();
    const GameFs gameFs(demo);
    const GameDirectory games(gameFs);
    const loaders::Bytes haze = loaders::readFile(demo / "ARENA2/HAZE.000");
    const loaders::Bytes shade = loaders::readFile(demo / "ARENA2/SHADE.000");
    struct Case {
        std::int64_t world;
        bool dungeon;
    };
    // The town, the dungeon, an RMB block alone, an RDB block alone.
    for (const Case c : {Case{1000, false}, Case{1002, true}, Case{1003, false}, Case{1008, true}}) {
        const Scene s = games.build(c.world);
        const std::string what = s.title;
        ASSERT_TRUE(s.look) << what;
        ASSERT_TRUE(s.look->distanceTables) << what;
        EXPECT_EQ(s.look->distanceTables->path, c.dungeon ? "ARENA2/SHADE.000" : "ARENA2/HAZE.000") << what;
        EXPECT_TRUE(s.look->distanceTables->entries == (c.dungeon ? shade : haze)) << what;
        if (c.dungeon)
            expectColor(s.look->fog.color, 6, 22, 9, what);
        else
            expectColor(s.look->fog.color, 184, 188, 198, what);
        EXPECT_TRUE(s.look->clear == s.look->fog.color) << what;
        EXPECT_EQ(s.look->fog.start, c.dungeon ? 4096 : 8192) << what;
        EXPECT_EQ(s.look->fog.end, c.dungeon ? 16384 : 32768) << what;
        EXPECT_EQ(warningsWith(s, "HAZE") + warningsWith(s, "SHADE"), 0u) << what;
    }
}

// Without HAZE.000, or with a SHADE.000 cut short, the scene still builds: one warning, no tables
// (the software look builds its own), the fog grey-blue outdoors and black in a dungeon.
TEST(DaggerfallLook, AMissingOrUnreadableTableIsAWarning) {
    const fs::path dir = rgx::testing::scratchDir("rgx_daggerfall_look");
    fs::create_directories(dir / "ARENA2");
    for (const fs::directory_entry& e : fs::directory_iterator(rgx::testing::smallDemoDir() / "ARENA2"))
        fs::copy_file(e.path(), dir / "ARENA2" / e.path().filename(), fs::copy_options::overwrite_existing);
    fs::remove(dir / "ARENA2/HAZE.000");
    loaders::Bytes shade = loaders::readFile(dir / "ARENA2/SHADE.000");
    shade.resize(1000);
    loaders::writeFile(dir / "ARENA2/SHADE.000", shade);
    const GameFs gameFs(dir);
    const GameDirectory games(gameFs);

    const Scene town = games.build(1000);
    ASSERT_TRUE(town.look);
    EXPECT_FALSE(town.look->distanceTables);
    expectColor(town.look->fog.color, 144, 160, 184, "town");
    EXPECT_TRUE(town.look->clear == town.look->fog.color);
    EXPECT_EQ(warningsWith(town, "ARENA2/HAZE.000: not found; the fog is grey-blue"), 1u);

    const Scene dungeon = games.build(1002);
    ASSERT_TRUE(dungeon.look);
    EXPECT_FALSE(dungeon.look->distanceTables);
    expectColor(dungeon.look->fog.color, 0, 0, 0, "dungeon");
    EXPECT_EQ(warningsWith(dungeon, "SHADE.000"), 1u);
    EXPECT_EQ(warningsWith(dungeon, "the fog is black"), 1u);
}

} // namespace
} // namespace rgx::scene
