// FOG.INI's ramp read as Glide's fog table of w (renderer/lighting/world_lighting.h fogTableIndex):
// entry i at w = 2^(3 + i/4) / (8 - i%4), the eye distance scaled so that 3800 is entry 46.

#include "renderer/lighting/world_lighting.h"
#include "renderer/world/prepared_world.h"

#include <gtest/gtest.h>

#include <cmath>
#include <limits>

namespace rgx::renderer {
namespace {

TEST(FogTable, GlideWOfEntries) {
    EXPECT_DOUBLE_EQ(glideFogTableW(0), 1.0);          // 2^3 / 8
    EXPECT_DOUBLE_EQ(glideFogTableW(3), 1.6);          // 2^3 / 5
    EXPECT_DOUBLE_EQ(glideFogTableW(4), 2.0);          // 2^4 / 8
    EXPECT_DOUBLE_EQ(glideFogTableW(46), 16384.0 / 6); // 2^14 / 6 = 2730.67
    EXPECT_DOUBLE_EQ(glideFogTableW(63), 262144.0 / 5);
}

TEST(FogTable, TheReferenceAnchorIsEntry46At3800) {
    EXPECT_NEAR(fogTableIndex(3800.0), 46.0, 1e-9);
    // Every entry is reached at its own w, scaled the same way.
    const double scale = 3800.0 / glideFogTableW(46);
    for (int i = 0; i < 63; ++i)
        EXPECT_NEAR(fogTableIndex(glideFogTableW(i) * scale), i, 1e-9) << "entry " << i;
    // Halfway in w between entries 41 and 42 is index 41.5.
    EXPECT_NEAR(fogTableIndex((glideFogTableW(41) + glideFogTableW(42)) / 2 * scale), 41.5, 1e-9);
}

TEST(FogTable, IndexRisesWithDistanceAndStaysInTheTable) {
    double last = -1;
    for (double d = 0; d < 200000; d = d * 1.01 + 0.5) {
        const double i = fogTableIndex(d);
        EXPECT_GE(i, last) << d;
        EXPECT_GE(i, 0.0);
        EXPECT_LE(i, 63.0);
        last = i;
    }
    EXPECT_EQ(fogTableIndex(0.0), 0.0);
    EXPECT_EQ(fogTableIndex(-5.0), 0.0);
    EXPECT_EQ(fogTableIndex(std::numeric_limits<double>::quiet_NaN()), 0.0);
    EXPECT_EQ(fogTableIndex(1e12), 63.0);
}

// The one fog rule of both looks (renderer::FogModel): the table read at the depth's entry,
// linear between entries.
TEST(FogTable, DensityIsTheTableBetweenEntries) {
    FogModel fog;
    for (int i = 0; i < 64; ++i)
        fog.table[static_cast<std::size_t>(i)] = static_cast<float>(i) / 100.0f;
    EXPECT_EQ(fog.density(3800.0), 0.0f) << "no table: no fog";
    fog.on = true;
    EXPECT_NEAR(fog.density(3800.0), 0.46, 1e-6);
    const double scale = 3800.0 / glideFogTableW(46);
    EXPECT_NEAR(fog.density((glideFogTableW(41) + glideFogTableW(42)) / 2 * scale), 0.415, 1e-6);
}

// A world's fog is prepared once from its FOG.INI table and colour (both looks read it there).
TEST(FogTable, ThePreparedWorldCarriesTheTableAndColour) {
    scene::Scene s;
    s.redguard.world = loaders::WorldEntry{};
    s.redguard.world->fogRgb = std::array<std::int64_t, 3>{255, 0, 51};
    std::array<std::uint8_t, 64> table{};
    table[46] = 255;
    s.redguard.environment.fog = table;
    const PreparedWorld world = prepareWorld(s);
    EXPECT_TRUE(world.fog.on);
    EXPECT_FLOAT_EQ(world.fog.table[46], 1.0f);
    EXPECT_FLOAT_EQ(world.fog.color[0], 1.0f);
    EXPECT_FLOAT_EQ(world.fog.color[2], 0.2f);
    EXPECT_FLOAT_EQ(world.fog.density(3800.0), 1.0f);
    s.redguard.environment.fog.reset();
    EXPECT_FALSE(prepareWorld(s).fog.on) << "no FOG.INI: no fog in either look";
}

// Another engine's linear fog as the same 64 entries: entry i at the depth where Glide's w is
// glideFogTableW(i), 3800 / (2^14 / 6) units per w. From 0 to 7600: entry 42 (w 2^13 / 6) at
// 1900 units is 0.25, entry 46 at 3800 is 0.5, entry 48 (w 2^15 / 8 = 4096) at 5700 is 0.75,
// entry 50 (w 2^15 / 6) at 7600 is 1, and so is entry 54 (w 2^16 / 6) at 15200, past the end.
TEST(FogTable, ALinearFogAtTheTablesDepths) {
    const std::array<float, 64> t = linearFogTable(0, 7600);
    EXPECT_NEAR(t[42], 0.25f, 1e-6);
    EXPECT_NEAR(t[46], 0.5f, 1e-6);
    EXPECT_NEAR(t[48], 0.75f, 1e-6);
    EXPECT_NEAR(t[50], 1.0f, 1e-6);
    EXPECT_EQ(t[54], 1.0f);
    EXPECT_EQ(t[63], 1.0f);
    // Starting at 1900: none there, half at 4750 (halfway to 7600); entry 46 (3800) is 1900 / 5700.
    const std::array<float, 64> late = linearFogTable(1900, 7600);
    EXPECT_EQ(late[42], 0.0f);
    EXPECT_EQ(late[10], 0.0f);
    EXPECT_NEAR(late[46], 1.0f / 3.0f, 1e-6);
    for (const float d : linearFogTable(5000, 5000))
        EXPECT_EQ(d, 0.0f) << "no ramp: no fog";
}

// A scene without a WORLD.INI entry but with its engine's look (Scene::look, a Daggerfall town)
// is fogged and filled as that look says; a model (neither) has no fog, over black.
TEST(FogTable, AnotherEnginesLookFogsAndFillsItsWorld) {
    scene::Scene s;
    scene::LookEnvironment look;
    look.fog = {0, 7600, {255, 0, 51}};
    look.clear = {51, 102, 255};
    s.look = look;
    const PreparedWorld world = prepareWorld(s);
    EXPECT_TRUE(world.fog.on);
    EXPECT_NEAR(world.fog.density(3800.0), 0.5f, 1e-6);
    EXPECT_FLOAT_EQ(world.fog.color[0], 1.0f);
    EXPECT_FLOAT_EQ(world.fog.color[1], 0.0f);
    EXPECT_FLOAT_EQ(world.fog.color[2], 0.2f);
    EXPECT_FLOAT_EQ(world.lighting.clear[0], 0.2f);
    EXPECT_FLOAT_EQ(world.lighting.clear[1], 0.4f);
    EXPECT_FLOAT_EQ(world.lighting.clear[2], 1.0f);
    s.look->fog.end = 0;
    EXPECT_FALSE(prepareWorld(s).fog.on) << "a fog that never thickens is none";
    s.look.reset();
    const PreparedWorld model = prepareWorld(s);
    EXPECT_FALSE(model.fog.on);
    EXPECT_FLOAT_EQ(model.lighting.clear[2], 0.0f);
}

} // namespace
} // namespace rgx::renderer
