// Near-plane and guard-band clipping, the viewport transform, and one pixel followed by hand through clip,
// raster, shade table and haze table (renderer/soft/clip.h, palette_tables.h).

#include "renderer/soft/clip.h"
#include "renderer/soft/palette_tables.h"

#include <gtest/gtest.h>

#include <cmath>

namespace rgx::renderer::soft {
namespace {

ClipVertex cv(float x, float y, float z, float w = 1, float u = 0) {
    ClipVertex v;
    v.x = x;
    v.y = y;
    v.z = z;
    v.w = w;
    v.u = u;
    return v;
}

TEST(SoftClip, NearPlane) {
    EXPECT_EQ(clipNear(cv(0, 0, 0.5f), cv(1, 0, 0.5f), cv(0, 1, 0.5f)).count, 3u);
    EXPECT_EQ(clipNear(cv(0, 0, -0.5f), cv(1, 0, -0.1f), cv(0, 1, -0.2f)).count, 0u);
    // One vertex behind: a quad; the two new vertices lie on z = 0, attributes interpolated.
    const ClippedPolygon one = clipNear(cv(0, 0, -1, 1, 0), cv(1, 0, 1, 1, 1), cv(0, 1, 1, 1, 1));
    ASSERT_EQ(one.count, 4u);
    int onPlane = 0;
    for (std::size_t i = 0; i < one.count; ++i) {
        EXPECT_GE(one.vertices[i].z, 0.0f);
        if (one.vertices[i].z == 0.0f) {
            ++onPlane;
            EXPECT_FLOAT_EQ(one.vertices[i].u, 0.5f);
        }
    }
    EXPECT_EQ(onPlane, 2);
    // Two behind: a smaller triangle.
    EXPECT_EQ(clipNear(cv(0, 0, -1), cv(1, 0, -1), cv(0, 1, 1)).count, 3u);
}

// A vertex far past the view is clipped to the guard band (so its screen position stays in the
// rasterizer's exact range), and the triangle still covers the whole target without a gap.
TEST(SoftClip, GuardBandKeepsVerticesInRangeAndCoverageWhole) {
    const ClipVertex a = cv(-1e7f, -3, 0.5f), b = cv(3, -3, 0.5f), c = cv(3, 1e7f, 0.5f);
    EXPECT_FALSE(insideGuardBand(a));
    EXPECT_TRUE(insideGuardBand(b));
    const ClippedPolygon poly = clipTriangle(a, b, c);
    ASSERT_GE(poly.count, 3u);
    for (std::size_t i = 0; i < poly.count; ++i)
        EXPECT_TRUE(insideGuardBand(poly.vertices[i])) << i;
    IndexedFrame frame(64, 40, 0, true);
    for (std::size_t i = 1; i + 1 < poly.count; ++i) {
        const RasterVertex tri[3] = {toScreen(poly.vertices[0], 64, 40), toScreen(poly.vertices[i], 64, 40),
                                     toScreen(poly.vertices[i + 1], 64, 40)};
        rasterTriangle(frame, tri, Perspective::Span16, 0, 40, [](const Fragment&) { return 5; });
    }
    // The triangle holds the whole view (its edges run beyond it), so every pixel is covered once.
    for (std::size_t i = 0; i < frame.coverage.size(); ++i)
        ASSERT_EQ(frame.coverage[i], 1) << "pixel " << i % 64 << "," << i / 64;
    // Wholly inside the band: untouched by the band planes.
    EXPECT_EQ(clipTriangle(cv(0, 0, 0.5f), cv(1, 0, 0.5f), cv(0, 1, 0.5f)).count, 3u);
}

TEST(SoftClip, ViewportMapsLikeVulkanAndDividesByW) {
    const RasterVertex centre = toScreen(cv(0, 0, 0.5f, 2), 320, 200);
    EXPECT_FLOAT_EQ(centre.x, 160);
    EXPECT_FLOAT_EQ(centre.y, 100);
    EXPECT_FLOAT_EQ(centre.z, 0.25f);
    EXPECT_FLOAT_EQ(centre.invW, 0.5f);
    const RasterVertex topLeft = toScreen(cv(-2, -2, 0, 2), 320, 200); // clip -y is the top row, as in Vulkan
    EXPECT_FLOAT_EQ(topLeft.x, 0);
    EXPECT_FLOAT_EQ(topLeft.y, 0);
}

// Worked out by hand: a grey-ramp palette (index i is grey i), texel index 200 at light 0.5
// is level 16, grey 100: index 100. A fog whose density is w / 3100 over a far plane of 3100: at
// depth 1550 (bin 2048 of 4096, which starts at 1550) the density is 0.5, level round(15.5) = 16,
// and grey 100 sixteen 31sts of the way to black is round(100 - 100 x 16 / 31) = round(48.4):
// index 48.
TEST(SoftClip, OnePixelThroughTheTables) {
    loaders::Palette256 p{};
    for (int i = 0; i < 256; ++i)
        p[static_cast<std::size_t>(i)] = {static_cast<std::uint8_t>(i), static_cast<std::uint8_t>(i),
                                          static_cast<std::uint8_t>(i)};
    const ShadeTable shade = buildShadeTable(p);
    const HazeTable haze = buildHazeTable(p, {0, 0, 0});
    ASSERT_EQ(shadeLevel(0.5f), 16);
    const HazeRamp ramp = hazeRamp([](double w) { return static_cast<float>(w / 3100.0); }, 3100.0);
    ASSERT_EQ(ramp.level(1550.0), 16);

    IndexedFrame f(8, 8, 0);
    ClipVertex corners[4] = {cv(-1, -1, 0.5f), cv(1, -1, 0.5f), cv(1, 1, 0.5f), cv(-1, 1, 0.5f)};
    for (ClipVertex& c : corners)
        c.light = 0.5f;
    for (const auto& [a, b, c] : {std::array<int, 3>{0, 1, 2}, std::array<int, 3>{0, 2, 3}}) {
        const ClippedPolygon poly = clipNear(corners[a], corners[b], corners[c]);
        ASSERT_EQ(poly.count, 3u);
        const RasterVertex tri[3] = {toScreen(poly.vertices[0], 8, 8), toScreen(poly.vertices[1], 8, 8),
                                     toScreen(poly.vertices[2], 8, 8)};
        rasterTriangle(f, tri, Perspective::Span16, 0, 8, [&](const Fragment& fr) {
            const std::uint8_t lit = shade.at(shadeLevel(fr.light), 200);
            return haze.at(ramp.level(1550.0), lit);
        });
    }
    for (std::uint8_t index : f.index)
        EXPECT_EQ(index, 48);
}

TEST(SoftTables, HazeRowsGoToTheHazeColour) {
    loaders::Palette256 p{};
    for (int i = 0; i < 256; ++i)
        p[static_cast<std::size_t>(i)] = {static_cast<std::uint8_t>(i), static_cast<std::uint8_t>(255 - i),
                                          0};
    p[77] = {10, 20, 200}; // the haze colour is in the palette once
    const HazeTable t = buildHazeTable(p, {10, 20, 200});
    for (int i = 0; i < 256; ++i) {
        EXPECT_EQ(t.at(0, static_cast<std::uint8_t>(i)), i);
        EXPECT_EQ(t.at(kHazeLevels - 1, static_cast<std::uint8_t>(i)), i == 0 ? 0 : 77) << i;
    }
}

// The ramp's levels follow the fog density, nearest level, one per bin: none before the eye, the
// last bin's past the far plane; without fog (no bins) no haze anywhere.
TEST(SoftTables, HazeRampFollowsTheFogDensity) {
    const HazeRamp ramp = hazeRamp([](double w) { return w < 1000 ? 0.0f : 1.0f; }, 4096.0);
    EXPECT_EQ(ramp.level(0), 0);
    EXPECT_EQ(ramp.level(-5), 0);
    EXPECT_EQ(ramp.level(std::nan("")), 0);
    EXPECT_EQ(ramp.level(999.5), 0);
    EXPECT_EQ(ramp.level(1000.0), kHazeLevels - 1);
    EXPECT_EQ(ramp.level(1e9), kHazeLevels - 1);
    const HazeRamp none;
    EXPECT_EQ(none.level(1e9), 0);
    const HazeRamp third = hazeRamp([](double) { return 1.0f / 3.0f; }, 100.0);
    EXPECT_EQ(third.level(50), 10); // round(31 / 3) = round(10.33)
}

} // namespace
} // namespace rgx::renderer::soft
