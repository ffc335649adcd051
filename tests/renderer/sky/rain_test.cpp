// The rain's rules (renderer/sky/rain.h): which worlds and places rain, and where each drop's
// streak hangs, worked out from the documented choices.

#include "renderer/sky/rain.h"

#include <gtest/gtest.h>

#include <cmath>

namespace rgx::renderer {
namespace {

// A world raining 300 drops from 2000 above the ground down to it, inside one sphere of radius
// 5000 round engine (1000, -500, 1000), i.e. scene (1000, 500, 1000); no terrain.
scene::Scene rainyScene() {
    scene::Scene s;
    loaders::WorldEntry w;
    w.rainDelay = 2;
    w.rainDrops = 300;
    w.rainStart = -2000;
    w.rainEnd = 0;
    w.rainSpheres.push_back({1, {1000, -500, 1000, 5000}});
    s.redguard.world = w;
    s.redguard.environment.system.normalFrameRate = 12;
    return s;
}

TEST(Rain, OnlyWorldsWithDropsAndSpheresRain) {
    const RainLook rain = rainLook(rainyScene());
    ASSERT_TRUE(rain.any());
    EXPECT_EQ(rain.drops, 300);
    EXPECT_EQ(rain.top, 2000);
    EXPECT_EQ(rain.bottom, 0);
    ASSERT_EQ(rain.spheres.size(), 1u);
    EXPECT_EQ(rain.spheres[0].centre.y, 500); // engine y points down
    EXPECT_EQ(rain.spheres[0].radius, 5000);

    scene::Scene s = rainyScene();
    s.redguard.world->rainDrops = 1000000;
    EXPECT_EQ(rainLook(s).drops, kMaxRainDrops);
    s = rainyScene();
    s.redguard.world->rainSpheres.clear();
    EXPECT_FALSE(rainLook(s).any());
    s = rainyScene();
    s.redguard.world->rainDrops.reset();
    EXPECT_FALSE(rainLook(s).any());
    s = rainyScene();
    s.redguard.world->rainEnd = -3000; // ends above where it starts
    EXPECT_FALSE(rainLook(s).any());
    EXPECT_FALSE(rainLook(scene::Scene{}).any());
}

TEST(Rain, FallsInsideItsSpheresWhenTheLayerIsOn) {
    const RainLook rain = rainLook(rainyScene());
    EXPECT_TRUE(rainFalls(rain, {1000, 500, 5900}, LayerToggles{}));
    EXPECT_FALSE(rainFalls(rain, {1000, 500, 6100}, LayerToggles{}));
    EXPECT_FALSE(rainFalls(rain, {1000, -4600, 1000}, LayerToggles{}));
    LayerToggles off;
    off.rain = false;
    EXPECT_FALSE(rainFalls(rain, {1000, 500, 1000}, off));
    std::vector<RainStreak> streaks{RainStreak{}};
    view::Camera outside;
    outside.position = {1000, 500, 7000};
    rainStreaks(rain, outside, 0.0, LayerToggles{}, streaks);
    EXPECT_TRUE(streaks.empty());
}

// Each drop keeps its place in the world as the eye moves (within the square round the eye), and
// falls a tick's length (1200 / 12 = 100 units) once a tick.
TEST(Rain, DropsStayPutAndFallInWholeTicks) {
    const RainLook rain = rainLook(rainyScene());
    const rgx::Vec3 eye{1000, 500, 1000};
    for (int i = 0; i < rain.drops; ++i) {
        const RainDrop d = rainDrop(rain, eye, i, 0.0);
        EXPECT_LE(std::abs(d.top.x - eye.x), kRainBox / 2);
        EXPECT_LE(std::abs(d.top.z - eye.z), kRainBox / 2);
        EXPECT_GT(d.top.y, eye.y + rain.bottom);
        EXPECT_LE(d.top.y, eye.y + rain.top);
        EXPECT_EQ(d.length, 100);
        // The eye a little further on: the same drop, where it was.
        const RainDrop moved = rainDrop(rain, {eye.x + 10, eye.y, eye.z - 10}, i, 0.0);
        if (std::abs(d.top.x - eye.x) < kRainBox / 2 - 20 && std::abs(d.top.z - eye.z) < kRainBox / 2 - 20) {
            EXPECT_EQ(moved.top.x, d.top.x);
            EXPECT_EQ(moved.top.z, d.top.z);
        }
        // Within a tick it stays; a tick later it is 100 lower (or back at the top).
        const RainDrop sameTick = rainDrop(rain, eye, i, 0.08);
        EXPECT_EQ(sameTick.top.y, d.top.y);
        const RainDrop nextTick = rainDrop(rain, eye, i, 1.0 / 12 + 1e-9);
        const double fell = d.top.y - nextTick.top.y;
        EXPECT_TRUE(std::abs(fell - 100) < 1e-6 || std::abs(fell - 100 + 2000) < 1e-6) << fell;
    }
}

// The ground under a drop is the terrain's, bilinear between vertices.
TEST(Rain, FallsToTheGroundUnderEachDrop) {
    RainLook rain = rainLook(rainyScene());
    rain.ground.assign(static_cast<std::size_t>(scene::TerrainGrid::kSize) * scene::TerrainGrid::kSize, 0.0f);
    rain.ground[static_cast<std::size_t>(3) * scene::TerrainGrid::kSize + 5] = 400; // row 3, column 5
    EXPECT_EQ(rain.groundAt(5 * 256, 3 * 256, 9999), 400);
    EXPECT_EQ(rain.groundAt(5.5 * 256, 3 * 256, 9999), 200);
    EXPECT_EQ(rain.groundAt(5.5 * 256, 3.5 * 256, 9999), 100);
    EXPECT_EQ(rain.groundAt(-1000, -1000, 9999), 0);  // clamped to the grid
    EXPECT_EQ(RainLook{}.groundAt(1, 2, 9999), 9999); // no terrain: the eye's height
}

// A streak is a vertical quad kRainWidth wide across the line of sight, a tick's fall long.
TEST(Rain, StreaksFaceTheEye) {
    const RainLook rain = rainLook(rainyScene());
    view::Camera camera;
    camera.position = {1000, 500, 1000};
    std::vector<RainStreak> streaks;
    rainStreaks(rain, camera, 0.0, LayerToggles{}, streaks);
    EXPECT_GT(streaks.size(), 250u); // all but those within kRainNearest of the eye
    EXPECT_LE(streaks.size(), 300u);
    for (const RainStreak& s : streaks) {
        const auto& bl = s[0];
        const auto& br = s[1];
        const auto& tr = s[2];
        EXPECT_NEAR(std::hypot(br[0] - bl[0], br[2] - bl[2]), kRainWidth, 1e-3);
        EXPECT_NEAR(tr[1] - br[1], 100, 1e-3);
        const double mx = (bl[0] + br[0]) / 2 - camera.position.x,
                     mz = (bl[2] + br[2]) / 2 - camera.position.z;
        EXPECT_GE(std::hypot(mx, mz), kRainNearest - 1e-3);
        EXPECT_NEAR(((br[0] - bl[0]) * mx + (br[2] - bl[2]) * mz) / std::hypot(mx, mz), 0, 1e-3);
    }
}

} // namespace
} // namespace rgx::renderer
