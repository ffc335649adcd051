// The software renderer's palette tables (renderer/soft/palette_tables.h).

#include "renderer/soft/palette_tables.h"
#include "renderer/soft/raster.h"

#include <gtest/gtest.h>

namespace rgx::renderer::soft {
namespace {

// A grey ramp with a pure red and blue at the top: easy to reason about.
loaders::Palette256 rampPalette() {
    loaders::Palette256 p{};
    for (int i = 0; i < 254; ++i) {
        const auto v = static_cast<std::uint8_t>(i);
        p[static_cast<std::size_t>(i)] = {v, v, v};
    }
    p[254] = {255, 0, 0};
    p[255] = {0, 0, 255};
    return p;
}

TEST(SoftTables, NearestIndexNeverPicksTheColourKey) {
    const loaders::Palette256 p = rampPalette();
    EXPECT_EQ(nearestIndex(p, 0, 0, 0), 1); // index 0 is black too, but it is the colour key
    EXPECT_EQ(nearestIndex(p, 100, 100, 100), 100);
    EXPECT_EQ(nearestIndex(p, 250, 10, 10), 254);
    EXPECT_EQ(nearestIndex(p, 0, 0, 200), 255);
}

TEST(SoftTables, ShadeRowsDarkenAndBrighten) {
    const loaders::Palette256 p = rampPalette();
    const ShadeTable t = buildShadeTable(p);
    ASSERT_EQ(t.entries.size(), static_cast<std::size_t>(kShadeLevels) * 256);
    for (int i = 0; i < 256; ++i) {
        const auto index = static_cast<std::uint8_t>(i);
        EXPECT_EQ(t.at(kShadeUnit, index), index) << i; // light 1: the colour itself
        EXPECT_EQ(t.at(0, index), i == 0 ? 0 : 1) << i; // light 0: the darkest that is not the key
    }
    EXPECT_EQ(t.at(kShadeUnit / 2, 200), 100); // half light on grey 200: grey 100
    EXPECT_EQ(t.at(kShadeUnit * 3 / 2, 100), 150);
    EXPECT_EQ(t.at(kShadeLevels - 1, 253), 253); // brighter than the ramp's top: its top
    EXPECT_EQ(shadeLevel(-1.0f), 0);
    EXPECT_EQ(shadeLevel(1.0f), kShadeUnit);
    EXPECT_EQ(shadeLevel(100.0f), kShadeLevels - 1);
}

TEST(SoftTables, RgbTableMapsBlendsBackIntoThePalette) {
    const loaders::Palette256 p = rampPalette();
    const RgbIndexTable t = buildRgbIndexTable(p);
    ASSERT_EQ(t.entries.size(), 32768u);
    EXPECT_EQ(t.at(255, 0, 0), 254);
    EXPECT_EQ(t.at(0, 0, 255), 255);
    EXPECT_EQ(t.at(128, 128, 128), 132); // 5-bit 16 widened: 16 << 3 | 16 >> 2 = 132
    for (std::uint8_t e : t.entries)
        EXPECT_NE(e, 0);
}

} // namespace
} // namespace rgx::renderer::soft

namespace rgx::renderer::soft {
namespace {

// The renderer quantises the rasterizer's 16.16 fixed-point light in integers; away from the
// exact level boundaries it agrees with the float form, and the threshold moves the boundary.
// A blend-table entry is the blend of the two palette colours mapped back through the RGB table:
// grey 200 at alpha 0.25 over grey 40 is 40 + 160 / 4 = 80, which the ramp holds at index 80.
TEST(SoftTables, BlendTableBlendsTwoIndicesInRgb) {
    const loaders::Palette256 p = rampPalette();
    const RgbIndexTable rgb = buildRgbIndexTable(p);
    const std::vector<std::uint8_t> t = buildBlendTable(p, rgb, 0.25f);
    ASSERT_EQ(t.size(), 256u * 256u);
    EXPECT_EQ(blendChannel(200, 40, 0.25f), 80);
    EXPECT_EQ(blendChannel(0, 255, 0.5f), 128); // 127.5 rounds half away from zero
    EXPECT_EQ(t[200 * 256 + 40], rgb.at(80, 80, 80));
    // Red over blue at a quarter: (64, 0, 191), nearer blue than red.
    EXPECT_EQ(t[254 * 256 + 255], rgb.at(64, 0, 191));
    EXPECT_EQ(rgb.at(64, 0, 191), 255);
    // At alpha 1 the source shows as itself wherever the RGB table keeps it (the ramp's greys on
    // multiples of 8).
    const std::vector<std::uint8_t> opaque = buildBlendTable(p, rgb, 1.0f);
    EXPECT_EQ(opaque[160 * 256 + 3], rgb.at(160, 160, 160));
}

TEST(SoftTables, FixedPointShadeLevelAgreesWithTheFloatForm) {
    for (int i = -40; i < 2200; ++i) {
        const double light = i * 0.001 + 0.0003; // never on a boundary (multiples of 1/64)
        EXPECT_EQ(shadeLevelFixed(lightToFixed(light), 1 << 15, kLightFixedBits),
                  shadeLevel(static_cast<float>(light)))
            << light;
    }
    // Light 0.5 + 1/128 is level 16.25 before the threshold: 0.5 rounds to 16, 0.75 lifts it to 17.
    const std::int64_t l = lightToFixed(0.5 + 1.0 / 128);
    EXPECT_EQ(shadeLevelFixed(l, 1 << 15, kLightFixedBits), 16);
    EXPECT_EQ(shadeLevelFixed(l, 3 << 14, kLightFixedBits), 17);
    EXPECT_EQ(shadeLevelFixed(lightToFixed(100.0), 1 << 15, kLightFixedBits), kShadeLevels - 1);
}

// A game's own distance tables (Daggerfall's HAZE/SHADE: 64 levels, [0] the most fogged) as the
// haze rows: level k sends index i (i >= 1) to i / 2 + k + 1 here, so both the level and the index
// show in every look-up.
TEST(SoftTables, HazeRowsFromAGamesDistanceTables) {
    std::vector<std::uint8_t> game(64 * 256);
    for (int k = 0; k < 64; ++k)
        for (int i = 1; i < 256; ++i)
            game[static_cast<std::size_t>(k * 256 + i)] = static_cast<std::uint8_t>(i / 2 + k + 1);
    const loaders::Palette256 p = rampPalette();
    const HazeTable t = hazeFromDistanceTables(game, p, p, std::nullopt);
    ASSERT_EQ(t.entries.size(), static_cast<std::size_t>(kHazeLevels) * 256);
    for (int i = 0; i < 256; ++i) {
        const auto index = static_cast<std::uint8_t>(i);
        EXPECT_EQ(t.at(0, index), index) << "row 0: untranslated, " << i;
        EXPECT_EQ(t.at(kHazeLevels - 1, index), i == 0 ? 0 : i / 2 + 1)
            << "the last row: the game's level 0, " << i;
    }
    // Row 16: the game's level 63 - round(16 x 63 / 31 = 32.52) = 30: 131 -> 65 + 30 + 1.
    EXPECT_EQ(t.at(16, 131), 96);
    // Row 1: level 63 - round(2.03) = 61: 200 -> 100 + 61 + 1.
    EXPECT_EQ(t.at(1, 200), 162);
    for (int level = 0; level < kHazeLevels; ++level)
        EXPECT_EQ(t.at(level, 0), 0) << "the colour key, row " << level;

    // Index 96 turned magenta for missing things: it stays itself, and what the game sends to it
    // goes to the drawn palette's nearest to its old grey instead.
    loaders::Palette256 drawn = p;
    drawn[96] = {255, 0, 255};
    const HazeTable m = hazeFromDistanceTables(game, p, drawn, std::uint8_t{96});
    const std::uint8_t grey96 = nearestIndex(drawn, 96, 96, 96);
    EXPECT_NE(grey96, 96);
    EXPECT_EQ(m.at(16, 131), grey96);
    for (int level = 0; level < kHazeLevels; ++level)
        EXPECT_EQ(m.at(level, 96), 96) << "magenta stays magenta, row " << level;
    EXPECT_EQ(m.at(1, 200), 162) << "the rest as before";

    // A game table sending an index to 0 (the colour key) gives the drawn palette's nearest to
    // that black instead: index 1 (grey 1), never 0.
    game[0 * 256 + 5] = 0;
    EXPECT_EQ(hazeFromDistanceTables(game, p, p, std::nullopt).at(kHazeLevels - 1, 5), 1);
}

} // namespace
} // namespace rgx::renderer::soft
