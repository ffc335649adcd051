// The CPU water reference (sim/water.h) against the reference's formula written out with the
// engine's integer phase, and the displaced demo island: water vertices move, land stays.
#include "sim/water.h"

#include "scene/redguard/scene_builder.h"
#include "scene/redguard/terrain_normals.h"

#include "tests/support/demo_dir.h"

#include <gtest/gtest.h>

#include <tuple>

#include <array>
#include <cmath>
#include <limits>
#include <numbers>

namespace rgx::sim {
namespace {

TEST(Water, SineTableIsOnePeriodOver2048Entries) {
    const auto& t = waveSineTable();
    EXPECT_EQ(t.size(), 2048u);
    EXPECT_FLOAT_EQ(t[0], 0.0f);
    EXPECT_FLOAT_EQ(t[512], 1.0f);
    EXPECT_NEAR(t[1024], 0.0f, 1e-6);
    EXPECT_FLOAT_EQ(t[1536], -1.0f);
    EXPECT_FLOAT_EQ(t[100], static_cast<float>(std::sin(2 * std::numbers::pi * 100 / 2048)));
}

TEST(Water, SettingsComeFromWorldWaveAndTheTickRate) {
    const WaveSettings s = waveSettings(std::array<std::int64_t, 3>{12, 2, 3}, 15);
    EXPECT_FLOAT_EQ(s.amplitude, 12);
    EXPECT_FLOAT_EQ(s.speed, 2);
    EXPECT_EQ(s.frequency, 3);
    EXPECT_DOUBLE_EQ(s.ticksPerSecond, 15);
    EXPECT_TRUE(s.followCamera);
    EXPECT_TRUE(s.stepped) << "whole ticks by default, the engine's integer phase";
    const WaveSettings none = waveSettings(std::nullopt, 0);
    EXPECT_FLOAT_EQ(none.amplitude, 0);
    EXPECT_DOUBLE_EQ(none.ticksPerSecond, 12);
}

TEST(Water, PhaseIsTheEnginesIntegerPhaseAtWholeTicks) {
    // phase = (distance_sq * frequency + frame_count * speed) & 0x7FF, for several settings,
    // negative frequencies and speeds included, far from the centre included (wrapping).
    for (const auto& [speed, frequency] :
         {std::pair{2, 3}, std::pair{7, 41}, std::pair{-5, 9}, std::pair{3, -13}}) {
        WaveSettings s;
        s.amplitude = 10;
        s.speed = static_cast<float>(speed);
        s.frequency = frequency;
        s.ticksPerSecond = 12;
        s.stepped = true;
        s.window = false; // far vertices too
        for (const int ticks : {0, 1, 5, 1000, 77777}) {
            const double t = (ticks + 0.5) / 12.0; // mid-tick: stepped rounds down
            // Column floor(100.12 - 0.5) = 99, row floor(60.78 + 0.5) = 61 (waveCentreFor).
            const WaveFrame f = waveFrame(s, t, rgx::Vec3{100 * 256 + 30, 0, 60 * 256 + 200});
            EXPECT_EQ(f.centreRow, 61);
            EXPECT_EQ(f.centreColumn, 99);
            for (const auto& [r, c] : {std::pair{61, 99}, std::pair{61, 100}, std::pair{0, 0},
                                       std::pair{255, 255}, std::pair{70, 93}}) {
                const std::int64_t dr = r - 61, dc = c - 99;
                const std::int64_t engine =
                    ((dr * dr + dc * dc) * frequency + static_cast<std::int64_t>(ticks) * speed) & 0x7FF;
                ASSERT_EQ(wavePhase(f, r, c), static_cast<float>(engine))
                    << "speed " << speed << " freq " << frequency << " ticks " << ticks << " at " << r << ","
                    << c;
                ASSERT_FLOAT_EQ(waveOffset(f, r, c),
                                -waveSineTable()[static_cast<std::size_t>(engine)] * 10.0f);
            }
        }
    }
}

// The camera's vertex is the reference's world -> grid lookup with its half-cell offsets (-0.5 on
// x, +0.5 on z), and only the 33 x 33 vertices round it move unless the window is off.
TEST(Water, OnlyTheWindowRoundTheCameraVertexMoves) {
    EXPECT_EQ(waveCentreFor({127.9, 0, 127.9}), (std::array<int, 2>{0, -1}));
    EXPECT_EQ(waveCentreFor({128, 0, 128}), (std::array<int, 2>{1, 0}));
    EXPECT_EQ(waveCentreFor({5 * 256 + 200, 0, 7 * 256 + 100}), (std::array<int, 2>{7, 5}));
    WaveSettings s;
    s.amplitude = 10;
    s.speed = 0;
    s.frequency = 1;
    s.followCamera = false;
    s.centreRow = 100;
    s.centreColumn = 50;
    const WaveFrame f = waveFrame(s, 0.0, {});
    EXPECT_EQ(f.windowHalf, 16);
    for (const auto& [r, c, inside] :
         {std::tuple{100, 50, true}, std::tuple{84, 34, true}, std::tuple{116, 66, true},
          std::tuple{83, 50, false}, std::tuple{100, 67, false}, std::tuple{117, 66, false}}) {
        EXPECT_EQ(inWaveWindow(f, r, c), inside) << r << "," << c;
        if (!inside) {
            EXPECT_EQ(waveOffset(f, r, c), 0.0f) << r << "," << c;
        }
    }
    EXPECT_NE(waveOffset(f, 100, 51), 0.0f); // phase 1: sin(2 pi / 2048) * 10
    // A centre at the edge of int32 is never within 16 of a grid row, in any arithmetic.
    s.centreRow = std::numeric_limits<std::int32_t>::min();
    const WaveFrame far = waveFrame(s, 0.0, {});
    for (int r : {0, 15, 255})
        EXPECT_FALSE(inWaveWindow(far, r, 50)) << r;
    s.window = false;
    const WaveFrame whole = waveFrame(s, 0.0, {});
    EXPECT_TRUE(inWaveWindow(whole, 0, 255));
    EXPECT_NE(waveOffset(whole, 0, 255), 0.0f);
}

TEST(Water, SmoothTimeInterpolatesBetweenTicksAndStaysInRange) {
    WaveSettings s;
    s.amplitude = 8;
    s.speed = 100;
    s.frequency = 1;
    s.ticksPerSecond = 10;
    s.followCamera = false;
    s.centreRow = s.centreColumn = 0;
    // By default the phase moves in whole ticks: 2.5 ticks read as 2.
    EXPECT_FLOAT_EQ(waveFrame(s, 0.25, {}).timePhase, 200);
    s.stepped = false;                          // smooth time (rgx render --smooth-waves)
    const WaveFrame a = waveFrame(s, 0.25, {}); // 2.5 ticks: phase 250 at the centre
    EXPECT_FLOAT_EQ(a.timePhase, 250);
    EXPECT_FLOAT_EQ(wavePhase(a, 0, 0), 250);
    EXPECT_FLOAT_EQ(wavePhase(a, 0, 3), 259); // 9 + 250
    // Between two table entries the sine is interpolated linearly.
    const auto& t = waveSineTable();
    EXPECT_FLOAT_EQ(waveSine(10.25f), t[10] + (t[11] - t[10]) * 0.25f);
    EXPECT_FLOAT_EQ(waveSine(2047.5f), t[2047] + (t[0] - t[2047]) * 0.5f);
    for (double time : {0.0, 1.0, 123.456, 1e6, -3.0}) {
        const WaveFrame f = waveFrame(s, time, {});
        EXPECT_GE(f.timePhase, 0.0f) << time;
        EXPECT_LT(f.timePhase, 2048.0f) << time;
        EXPECT_LT(wavePhase(f, 200, 13), 2048.0f);
    }
}

TEST(Water, CentringBiasShiftsTheWholeOscillation) {
    WaveSettings s;
    s.amplitude = 20;
    s.speed = 0;
    s.frequency = 5;
    s.centring = 0.5f;
    s.followCamera = false;
    s.centreRow = s.centreColumn = 0;
    const WaveFrame f = waveFrame(s, 3.0, {}); // centred on vertex (0, 0), no time phase
    EXPECT_FLOAT_EQ(f.bias, 10);
    // (4, 9): distance_sq 97, phase 485; scene y offset = bias - sine * amplitude.
    EXPECT_FLOAT_EQ(wavePhase(f, 4, 9), 485);
    EXPECT_NEAR(waveOffset(f, 4, 9), 10 - 20 * std::sin(2 * std::numbers::pi * 485 / 2048), 1e-4);
    s.centring = 0;
    EXPECT_NEAR(waveOffset(waveFrame(s, 3.0, {}), 4, 9), -20 * std::sin(2 * std::numbers::pi * 485 / 2048),
                1e-4);
}

TEST(Water, ExtremeInputsStayDefined) {
    WaveSettings s;
    s.amplitude = 10;
    s.speed = 3e30f;
    s.frequency = std::numeric_limits<std::int32_t>::min();
    for (const double t : {std::nan(""), std::numeric_limits<double>::infinity(), -1e300, 1e300}) {
        const WaveFrame f = waveFrame(s, t, {});
        EXPECT_GE(f.timePhase, 0.0f) << t;
        EXPECT_LT(f.timePhase, 2048.0f) << t;
    }
    // A non-finite or far camera: a finite, clamped centre.
    const double inf = std::numeric_limits<double>::infinity();
    EXPECT_EQ(waveCentreFor(rgx::Vec3{std::nan(""), 0, inf}), (std::array<int, 2>{0, 0}));
    EXPECT_EQ(waveCentreFor(rgx::Vec3{-1e12, 0, 1e12}), (std::array<int, 2>{65536, -65536}));
    // Any fixed centre: the phase wraps like the shader's unsigned arithmetic.
    s.followCamera = false;
    s.centreRow = std::numeric_limits<int>::min();
    s.centreColumn = std::numeric_limits<int>::max();
    const WaveFrame f = waveFrame(s, 1.0, {});
    for (const auto& [r, c] : {std::pair{0, 0}, std::pair{255, 255}, std::pair{17, 200}}) {
        const float phase = wavePhase(f, r, c);
        EXPECT_GE(phase, 0.0f);
        EXPECT_LT(phase, 2048.0f);
    }
}

TEST(Water, CentreFollowsTheCameraOrStaysFixed) {
    WaveSettings s;
    EXPECT_EQ(waveCentreFor(rgx::Vec3{511.9, 0, 256}), (std::array<int, 2>{1, 1}));
    EXPECT_EQ(waveCentreFor(rgx::Vec3{-1, 0, 0}), (std::array<int, 2>{0, -1}));
    s.followCamera = false;
    s.centreRow = 7;
    s.centreColumn = 9;
    const WaveFrame f = waveFrame(s, 0, rgx::Vec3{5000, 0, 5000});
    EXPECT_EQ(f.centreRow, 7);
    EXPECT_EQ(f.centreColumn, 9);
}

struct Island {
    scene::Scene scene;
    std::vector<std::uint8_t> water;
};

const Island& island() {
    static const Island i = [] {
        Island result{scene::buildWorldScene(scene::GameFs(rgx::testing::smallDemoDir()), 0), {}};
        result.water = waterVertices(*result.scene.terrain);
        return result;
    }();
    return i;
}

TEST(Water, WaterVerticesAreTheCornersOfWaterCells) {
    const scene::TerrainGrid& g = *island().scene.terrain;
    const std::vector<std::uint8_t>& w = island().water;
    constexpr int n = scene::TerrainGrid::kSize;
    std::size_t count = 0;
    for (int r = 0; r < n; ++r) {
        for (int c = 0; c < n; ++c) {
            bool corner = false;
            for (int cr = r - 1; cr <= r; ++cr) {
                for (int cc = c - 1; cc <= c; ++cc) {
                    if (cr >= 0 && cc >= 0 && cr + 1 < n && cc + 1 < n &&
                        g.water[static_cast<std::size_t>(cr) * (n - 1) + cc] != 0)
                        corner = true;
                }
            }
            ASSERT_EQ(w[static_cast<std::size_t>(r) * n + c] != 0, corner) << r << "," << c;
            count += corner ? 1 : 0;
        }
    }
    EXPECT_GT(count, g.waterCells); // the sea's border vertices too
}

TEST(Water, OnlyWaterVerticesMoveAndNormalsFollowTheDisplacedGrid) {
    const scene::TerrainGrid& g = *island().scene.terrain;
    const std::vector<std::uint8_t>& w = island().water;
    WaveSettings s = waveSettings(island().scene.redguard.world->wave);
    ASSERT_GT(s.amplitude, 0);
    s.window = false; // every water vertex of the grid
    const rgx::Vec3 camera{128 * 256, 500, 128 * 256};
    const TerrainSurface a = terrainSurface(g, w, waveFrame(s, 1.0, camera));
    const TerrainSurface b = terrainSurface(g, w, waveFrame(s, 2.5, camera));
    ASSERT_EQ(a.height.size(), g.height.size());
    std::size_t moved = 0;
    for (std::size_t i = 0; i < g.height.size(); ++i) {
        if (w[i] == 0) {
            ASSERT_EQ(a.height[i], g.height[i]) << i;
            ASSERT_EQ(b.height[i], g.height[i]) << i;
        } else {
            ASSERT_LE(std::abs(a.height[i] - g.height[i]), s.amplitude * 1.0001f) << i;
            moved += a.height[i] != b.height[i] ? 1 : 0;
        }
    }
    EXPECT_GT(moved, g.waterCells / 2);
    // The normals of the displaced grid, worked out here (an independent oracle, issue 13): the sum
    // of the cross products of the six triangles around the vertex, cells split TL-BR into
    // (TL, BL, BR) and (TL, BR, TR) (notes.md), normalised. Interior water vertices.
    const int n = scene::TerrainGrid::kSize;
    const auto at = [&](int r, int c) {
        return std::array<double, 3>{c * 256.0, a.height[static_cast<std::size_t>(r * n + c)], r * 256.0};
    };
    const auto cross = [](std::array<double, 3> p, std::array<double, 3> q, std::array<double, 3> o) {
        const double ux = p[0] - o[0], uy = p[1] - o[1], uz = p[2] - o[2];
        const double vx = q[0] - o[0], vy = q[1] - o[1], vz = q[2] - o[2];
        return std::array<double, 3>{uy * vz - uz * vy, uz * vx - ux * vz, ux * vy - uy * vx};
    };
    std::size_t checked = 0;
    for (int r = 1; r < n - 1; ++r) {
        for (int c = 1; c < n - 1; ++c) {
            const std::size_t i = static_cast<std::size_t>(r * n + c);
            if (w[i] == 0 || (r * 7 + c) % 5 != 0) continue; // a fifth of the water vertices
            std::array<double, 3> sum{};
            const auto add = [&](std::array<double, 3> t) {
                for (int k = 0; k < 3; ++k)
                    sum[static_cast<std::size_t>(k)] += t[static_cast<std::size_t>(k)];
            };
            // Cell (r-1, c-1): the vertex is its BR, in both triangles.
            add(cross(at(r, c - 1), at(r, c), at(r - 1, c - 1)));
            add(cross(at(r, c), at(r - 1, c), at(r - 1, c - 1)));
            // Cell (r-1, c): the vertex is its BL, in (TL, BL, BR).
            add(cross(at(r, c), at(r, c + 1), at(r - 1, c)));
            // Cell (r, c-1): the vertex is its TR, in (TL, BR, TR).
            add(cross(at(r + 1, c), at(r, c), at(r, c - 1)));
            // Cell (r, c): the vertex is its TL, in both triangles.
            add(cross(at(r + 1, c), at(r + 1, c + 1), at(r, c)));
            add(cross(at(r + 1, c + 1), at(r, c + 1), at(r, c)));
            const double len = std::sqrt(sum[0] * sum[0] + sum[1] * sum[1] + sum[2] * sum[2]);
            ASSERT_NEAR(a.normal[i].x, sum[0] / len, 1e-6) << r << "," << c;
            ASSERT_NEAR(a.normal[i].y, sum[1] / len, 1e-6) << r << "," << c;
            ASSERT_NEAR(a.normal[i].z, sum[2] / len, 1e-6) << r << "," << c;
            ++checked;
        }
    }
    EXPECT_GT(checked, g.waterCells / 8);
    ASSERT_EQ(a.normal.size(), a.height.size());
    // No waves: the terrain as built.
    s.amplitude = 0;
    const TerrainSurface still = terrainSurface(g, w, waveFrame(s, 9.0, camera));
    EXPECT_EQ(still.height, g.height);
}

} // namespace
} // namespace rgx::sim
