// The software rasterizer's rules (renderer/soft/raster.h), checked on hand-built triangles: the
// top-left fill rule (shared edges are drawn once, no cracks), the depth test, two-sided faces,
// bands, and the three perspective modes.

#include "renderer/soft/raster.h"

#include <gtest/gtest.h>

#include <cmath>
#include <random>

namespace rgx::renderer::soft {
namespace {

RasterVertex at(float x, float y, float z = 0.5f) {
    RasterVertex v;
    v.x = x;
    v.y = y;
    v.z = z;
    return v;
}

std::uint32_t draw(IndexedFrame& f, RasterVertex a, RasterVertex b, RasterVertex c, int index = 7,
                   Perspective p = Perspective::Exact) {
    const RasterVertex tri[3] = {a, b, c};
    return rasterTriangle(f, tri, p, 0, f.height, [&](const Fragment&) { return index; });
}

int count(const IndexedFrame& f, std::uint8_t index) {
    return static_cast<int>(std::count(f.index.begin(), f.index.end(), index));
}

// A pixel is covered when its centre is inside; on an edge only for top and left edges.
TEST(SoftRaster, PixelCentresAndTheTopLeftRule) {
    IndexedFrame f(8, 8, 0, true);
    // The square (1,1)-(5,5) as two triangles: 16 pixel centres inside, none on its edges.
    draw(f, at(1, 1), at(5, 1), at(5, 5));
    draw(f, at(1, 1), at(5, 5), at(1, 5));
    EXPECT_EQ(count(f, 7), 16);
    for (int y = 0; y < 8; ++y)
        for (int x = 0; x < 8; ++x) {
            const bool inside = x >= 1 && x < 5 && y >= 1 && y < 5;
            EXPECT_EQ(f.coverage[static_cast<std::size_t>(y) * 8 + x], inside ? 1 : 0) << x << "," << y;
        }
    // Centres exactly on the edges: the square (0.5,0.5)-(2.5,2.5) has centres of pixels 0..2 on
    // its top/left edges (drawn) and on its bottom/right edges (not drawn): 2 x 2 pixels.
    IndexedFrame g(4, 4, 0, true);
    draw(g, at(0.5f, 0.5f), at(2.5f, 0.5f), at(2.5f, 2.5f));
    draw(g, at(0.5f, 0.5f), at(2.5f, 2.5f), at(0.5f, 2.5f));
    for (int y = 0; y < 4; ++y)
        for (int x = 0; x < 4; ++x)
            EXPECT_EQ(g.coverage[static_cast<std::size_t>(y) * 4 + x], (x < 2 && y < 2) ? 1 : 0)
                << x << "," << y;
}

// A fan of triangles around a point, at random sub-pixel positions and angles, covers every pixel
// inside its outline exactly once: no cracks, nothing drawn twice.
TEST(SoftRaster, FansHaveNoCracksAndNoOverdraw) {
    std::mt19937 rng(1234);
    std::uniform_real_distribution<float> centre(20.0f, 44.0f), radius(5.0f, 18.0f), jitter(0.0f, 1.0f);
    for (int fan = 0; fan < 40; ++fan) {
        IndexedFrame f(64, 64, 0, true);
        const float cx = centre(rng), cy = centre(rng);
        const int spokes = 5 + fan % 9; // gaps below 180 degrees: the fan does not fold over

        std::vector<RasterVertex> rim;
        for (int i = 0; i < spokes; ++i) {
            const float angle =
                (static_cast<float>(i) + 0.5f * jitter(rng)) * 6.2831853f / static_cast<float>(spokes);
            const float r = radius(rng);
            rim.push_back(at(cx + r * std::cos(angle), cy + r * std::sin(angle)));
        }
        for (int i = 0; i < spokes; ++i)
            draw(f, at(cx, cy), rim[static_cast<std::size_t>(i)],
                 rim[static_cast<std::size_t>((i + 1) % spokes)]);
        int covered = 0;
        for (std::uint8_t c : f.coverage) {
            EXPECT_LE(c, 1) << "fan " << fan;
            covered += c;
        }
        EXPECT_EQ(covered, count(f, 7)) << "fan " << fan;
        // The hub's pixel and its neighbours are inside the outline (every chord is at least
        // 5 cos 54 = 2.9 pixels from the hub): no crack there.
        for (int dy = -1; dy <= 1; ++dy)
            for (int dx = -1; dx <= 1; ++dx) {
                const int x = static_cast<int>(cx) + dx, y = static_cast<int>(cy) + dy;
                EXPECT_EQ(f.coverage[static_cast<std::size_t>(y) * 64 + x], 1) << "fan " << fan;
            }
    }
}

TEST(SoftRaster, DepthTestKeepsTheNearestWhateverTheOrder) {
    for (int order = 0; order < 2; ++order) {
        IndexedFrame f(16, 16, 0);
        const auto nearTri = [&] { draw(f, at(0, 0, 0.25f), at(16, 0, 0.25f), at(0, 16, 0.25f), 3); };
        const auto farTri = [&] { draw(f, at(0, 0, 0.75f), at(16, 0, 0.75f), at(0, 16, 0.75f), 9); };
        if (order == 0) {
            nearTri();
            farTri();
        } else {
            farTri();
            nearTri();
        }
        EXPECT_EQ(f.index[0], 3) << order;
        EXPECT_FLOAT_EQ(f.depth[0], 0.25f) << order;
    }
}

TEST(SoftRaster, BothWindingsDrawTheSamePixels) {
    IndexedFrame a(32, 32, 0), b(32, 32, 0);
    draw(a, at(2.3f, 3.1f), at(29.7f, 8.2f), at(11.4f, 27.9f));
    draw(b, at(2.3f, 3.1f), at(11.4f, 27.9f), at(29.7f, 8.2f));
    EXPECT_EQ(a.index, b.index);
    EXPECT_GT(count(a, 7), 100);
}

TEST(SoftRaster, BandsTogetherEqualTheWholeFrame) {
    const RasterVertex tri[3] = {at(1.2f, 0.7f), at(60.3f, 20.1f), at(20.8f, 63.4f)};
    const auto shade = [](const Fragment& fr) { return 1 + (static_cast<int>(fr.u * 16) & 127); };
    RasterVertex t[3] = {tri[0], tri[1], tri[2]};
    t[1].u = 1.0f;
    t[2].u = 0.5f;
    IndexedFrame whole(64, 64, 0), banded(64, 64, 0);
    rasterTriangle(whole, t, Perspective::Span16, 0, 64, shade);
    for (int band = 0; band < 64; band += 7)
        rasterTriangle(banded, t, Perspective::Span16, band, band + 7, shade);
    EXPECT_EQ(whole.index, banded.index);
}

// A quad receding in depth: exact perspective puts the texture's middle (u = 0.5) nearer the far
// edge in screen space; affine puts it in the screen middle; span16 lies within a texel of exact.
TEST(SoftRaster, PerspectiveModes) {
    // Near edge at x = 0 (w = 1), far edge at x = 64 (w = 4); u runs 0..1 across.
    const auto vertex = [](float x, float y, float w, float u) {
        RasterVertex v;
        v.x = x;
        v.y = y;
        v.z = 0.5f;
        v.invW = 1.0f / w;
        v.u = u;
        return v;
    };
    const RasterVertex tri[3] = {vertex(0, 0, 1, 0), vertex(64, 0, 4, 1), vertex(0, 8, 1, 0)};
    std::vector<float> u[3];
    for (int mode = 0; mode < 3; ++mode) {
        IndexedFrame f(64, 8, 0);
        u[mode].assign(64, -1.0f);
        rasterTriangle(f, tri, static_cast<Perspective>(mode), 0, 8, [&](const Fragment& fr) {
            if (fr.y == 0) u[mode][static_cast<std::size_t>(fr.x)] = fr.u;
            return 1;
        });
    }
    // Screen x = 64 t / (t + 4 (1 - t))... in closed form: u(x) = (x / 64) / 4 / ((1 - x / 64) + (x / 64) /
    // 4).
    const auto exactU = [](double x) {
        const double s = (x + 0.5) / 64.0;
        return (s / 4.0) / ((1.0 - s) + s / 4.0);
    };
    int checked = 0;
    for (int x = 0; x < 60; ++x) {
        if (u[0][static_cast<std::size_t>(x)] < 0) continue; // not on row 0's covered span
        ++checked;
        EXPECT_NEAR(u[0][static_cast<std::size_t>(x)], exactU(x), 1e-4) << x;
        EXPECT_NEAR(u[2][static_cast<std::size_t>(x)], (x + 0.5) / 64.0, 1e-4) << x;
        // Span16: exact at the span's start, and between the exact values of its two ends.
        const int start = x - x % kPerspectiveSpan;
        const float span = u[1][static_cast<std::size_t>(x)];
        if (x == start) {
            EXPECT_NEAR(span, exactU(x), 1e-4) << x;
        }
        EXPECT_GE(span, exactU(start) - 1e-4) << x;
        EXPECT_LE(span, exactU(start + kPerspectiveSpan) + 1e-4) << x;
        EXPECT_GE(span, exactU(x) - 1e-4) << x; // the chord of a convex curve lies above it
    }
    EXPECT_GT(checked, 50);
}

} // namespace
} // namespace rgx::renderer::soft
