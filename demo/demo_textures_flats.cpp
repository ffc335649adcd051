// MPSF flats of TEXBSI.172: billboards standing on their bottom edge, index 0 around the shape.
#include "demo/demo_noise.h"
#include "demo/demo_textures_internal.h"

#include <algorithm>
#include <cstdlib>

namespace rgx::demo::textures {

using noise::Canvas;
using noise::kOne;

namespace {

int clampv(int v) {
    return noise::clampi(v, 0, kOne - 1);
}

// Sets a texel only inside the canvas (flats must not wrap: their edges stay transparent).
void plot(Canvas& c, int x, int y, Ramp ramp, int shade) {
    if (x >= 0 && y >= 0 && x < c.w && y < c.h) c.put(x, y, ramp, shade);
}

// A leafy dome on the ground: clustered leaves (cellular), lit from above, ragged outline.
void bush(Canvas& c, std::uint32_t seed) {
    const int cx = c.w / 2, rx = c.w / 2 - 3, ry = c.h - 10;
    for (int y = 0; y < c.h; ++y)
        for (int x = 0; x < c.w; ++x) {
            const int dx = x - cx, dy = c.h - 1 - y;
            // Inside the half-ellipse, with the edge pushed in and out by noise.
            const int rough = noise::fbm(x, y, 8, 3, c.w, c.h, seed) * 8 / kOne - 4;
            const std::int64_t e =
                static_cast<std::int64_t>(dx) * dx * ry * ry + static_cast<std::int64_t>(dy) * dy * rx * rx;
            const std::int64_t lim = static_cast<std::int64_t>(rx + rough) * (rx + rough) * ry * ry;
            if (rx + rough <= 0 || e > lim) continue;
            const noise::Cell leaf = noise::cellular(x, y, 8, c.w, c.h, seed ^ 0xB05u, 220);
            const bool rim = e * 100 > lim * 80;
            if (leaf.d2 - leaf.d1 < 128 && rim) continue; // gaps between the outer leaves
            const int lit = y * kOne / (c.h * 2);         // darker towards the ground
            const int v = kOne - 1 - lit - leaf.d1 * 24 + static_cast<int>(leaf.id % 5) * kOne / 20;
            plot(c, x, y, Ramp::Foliage, noise::ditherShade(clampv(v), 2, 12, x, y));
        }
}

// Integer line from (x0, y0) to (x1, y1), calling f(x, y, t) with t 0..kOne along it.
template <class F> void line(int x0, int y0, int x1, int y1, F f) {
    const int n = std::max(std::abs(x1 - x0), std::abs(y1 - y0));
    for (int i = 0; i <= n; ++i) {
        const int t = n == 0 ? 0 : i * (kOne - 1) / n;
        f(x0 + (x1 - x0) * i / (n == 0 ? 1 : n), y0 + (y1 - y0) * i / (n == 0 ? 1 : n), t);
    }
}

// Blades of grass rising from the bottom edge, darker at the root, leaning at random.
void grassTuft(Canvas& c, std::uint32_t seed) {
    DemoRandom random(seed);
    for (int b = 0; b < 18; ++b) {
        const int root = random.range(4, c.w - 5);
        const int height = random.range(c.h / 3, c.h - 2);
        const int lean = random.range(-8, 8);
        const int tint = random.range(0, 2);
        line(root, c.h - 1, root + lean, c.h - 1 - height, [&](int x, int y, int t) {
            plot(c, x, y, Ramp::Grass, noise::ditherShade(clampv(t * 3 / 4 + tint * kOne / 10), 3, 12, x, y));
            if (t < kOne / 3) plot(c, x + 1, y, Ramp::Grass, 4); // thicker at the root
        });
    }
}

// Stems with leaves and blossoms in three colours.
void flowers(Canvas& c, std::uint32_t seed) {
    DemoRandom random(seed);
    const std::pair<Ramp, int> colours[3] = {{Ramp::Cloth, 12}, {Ramp::Sand, 14}, {Ramp::Plaster, 15}};
    for (int s = 0; s < 6; ++s) {
        const int root = random.range(3, c.w - 4);
        const int height = random.range(c.h / 3, c.h - 6);
        // Keep the whole blossom (radius 2) inside the image.
        const int topX = std::clamp(root + random.range(-4, 4), 3, c.w - 4), topY = c.h - 1 - height;
        const int lean = topX - root;
        line(root, c.h - 1, topX, topY, [&](int x, int y, int) { plot(c, x, y, Ramp::Grass, 6); });
        const int leafY = c.h - 1 - height / 3;
        plot(c, root + lean / 3 - 1, leafY, Ramp::Grass, 8);
        plot(c, root + lean / 3 - 2, leafY - 1, Ramp::Grass, 9);
        const auto [ramp, shade] = colours[s % 3]; // every colour shows in every clump
        for (int dy = -2; dy <= 2; ++dy)
            for (int dx = -2; dx <= 2; ++dx)
                if (std::abs(dx) + std::abs(dy) <= 2 && !(dx == 0 && dy == 0))
                    plot(c, topX + dx, topY + dy, ramp, shade - (dy > 0 ? 2 : 0));
        plot(c, topX, topY, Ramp::Sand, 12); // the flower's heart
    }
}

// A wall torch: a wooden handle, an iron cup and a flickering flame (frame 0..3).
Canvas torch(int w, int h, int frame, std::uint32_t seed) {
    Canvas c(w, h);
    const int cx = w / 2;
    for (int y = h / 2; y < h; ++y)
        for (int x = cx - 2; x < cx + 2; ++x)
            plot(c, x, y, Ramp::Wood, x < cx ? 7 : 4);
    for (int x = cx - 3; x < cx + 3; ++x) {
        plot(c, x, h / 2, Ramp::Metal, 9);
        plot(c, x, h / 2 + 1, Ramp::Metal, 5);
    }
    // The flame: a teardrop whose tip sways and whose height breathes from frame to frame.
    const int sway[4] = {0, 1, 0, -1};
    const int top = 2 + static_cast<int>(noise::hash2(frame, 0, seed) % 3);
    const int base = h / 2 - 1;
    for (int y = top; y <= base; ++y) {
        const int t = (y - top) * kOne / (base - top + 1); // 0 at the tip
        // A rounded teardrop: narrow at the tip, full width well before the base.
        const int half =
            1 + static_cast<int>(static_cast<std::int64_t>(t) * (2 * kOne - t) * 5 / kOne / kOne);
        const int centre = cx + sway[frame % 4] * (kOne - t) / kOne;
        for (int x = centre - half; x < centre + half; ++x) {
            const int core = half - std::abs(2 * (x - centre) + 1) / 2;
            const int v = clampv(core * kOne / 6 + (kOne - t) / 4 +
                                 static_cast<int>(noise::hash2(x, y + frame * 64, seed) & 0x1FFFu));
            plot(c, x, y, Ramp::Fire, noise::ditherShade(v, 6, 15, x, y));
        }
    }
    return c;
}

} // namespace

Picture flatPicture(int flatImage, std::uint32_t seed) {
    const TextureRef ref = flatTexture(flatImage);
    Picture p;
    p.width = ref.width;
    p.height = ref.height;
    if (flatImage == flat::kTorch) {
        for (int f = 0; f < 4; ++f)
            p.frames.push_back(torch(ref.width, ref.height, f, seed).px);
        p.animDelayMs = 71; // one DOS tick: a lively flicker
        return p;
    }
    Canvas c(ref.width, ref.height);
    switch (flatImage) {
    case flat::kFlowers:
        flowers(c, seed);
        break;
    case flat::kGrassTuft:
        grassTuft(c, seed);
        break;
    default:
        bush(c, seed);
        break;
    }
    p.frames.push_back(std::move(c.px));
    return p;
}

} // namespace rgx::demo::textures
