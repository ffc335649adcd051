// Animated water for the terrain (ids 0, 5, 30, 31 of TEXBSI.302) and the water-surface material.
#include "demo/demo_noise.h"
#include "demo/demo_textures_internal.h"

namespace rgx::demo::textures {

using noise::Canvas;
using noise::kOne;

namespace {

// Water ripples at frame f of n. Every moving term shifts by a whole fraction of its period per
// frame, so frame n would equal frame 0: the loop has no jump.
struct Ripples {
    int width, height, frame, frames;
    std::uint32_t seed;

    // 0..65535: two noise layers drifting in different directions; where they cross, ridges of
    // light form (the bright lines of sun on small waves).
    int value(int x, int y) const {
        const int a = noise::fbm(x + frame * width / frames, y, 16, 3, width, height, seed);
        const int b = noise::fbm(x, y - frame * height / frames, 16, 3, width, height, seed ^ 0xA5A5u);
        const int ridge = kOne - 1 - 2 * (a > b ? a - b : b - a);
        const int swell = noise::triangle(x + y + frame * 2 * (width / 2) / frames, width / 2);
        return noise::clampi((a + b) * 3 / 10 + ridge / 4 + swell / 8, 0, kOne - 1);
    }
};

void openWater(Canvas& c, const Ripples& r) {
    for (int y = 0; y < c.h; ++y) {
        for (int x = 0; x < c.w; ++x) {
            const int v = r.value(x, y);
            // Glints: the top of the ridges jumps two shades.
            const int shade = noise::ditherShade(v, 3, 11, x, y) + (v > kOne * 86 / 100 ? 2 : 0);
            c.put(x, y, Ramp::Water, shade);
        }
    }
}

void shallows(Canvas& c, const Ripples& r, std::uint32_t seed) {
    // The sea floor does not move: sand banks cover a third of it, and the ripples light it
    // unevenly (caustics).
    noise::Field floor(c.w, c.h);
    for (int y = 0; y < c.h; ++y)
        for (int x = 0; x < c.w; ++x)
            floor.at(x, y) = noise::fbm(x, y, 16, 4, c.w, c.h, seed);
    const int bank = noise::percentile(floor, 66);
    for (int y = 0; y < c.h; ++y) {
        for (int x = 0; x < c.w; ++x) {
            const int v = r.value(x, y);
            const int depth = floor.at(x, y);
            if (depth > bank && v < kOne * 80 / 100) {
                c.put(x, y, Ramp::Sand, noise::ditherShade((depth - bank) * 4 + v / 3, 6, 11, x, y));
            } else {
                c.put(x, y, Ramp::Water, noise::ditherShade(v, 7, 13, x, y) + (v > kOne * 88 / 100 ? 1 : 0));
            }
        }
    }
}

void surf(Canvas& c, const Ripples& r, std::uint32_t seed) {
    const int period = c.h / 2; // two breaking lines per image
    for (int y = 0; y < c.h; ++y) {
        for (int x = 0; x < c.w; ++x) {
            const int v = r.value(x, y);
            const int jitter = noise::fbm(x, y, 16, 3, c.w, c.h, seed) / 2048; // 0..31 px
            const int shift = r.frame * period / r.frames;
            const int band = noise::triangle(y + jitter / 3 - shift, period);
            // Foam travels with its wave: the lace pattern moves with the bands and repeats once
            // per band, so it too is back where it started when the bands are.
            const int lace = noise::fbm(x, y - shift, 8, 2, c.w, period, seed ^ 0xF0A3u);
            if (band > kOne * 90 / 100 - v / 10 && lace > kOne * 30 / 100) {
                c.put(x, y, Ramp::Grey, noise::ditherShade(band, 12, 15, x, y)); // breaking crest
            } else if (band > kOne * 55 / 100 && lace > kOne * 62 / 100) {
                c.put(x, y, Ramp::Water, noise::ditherShade(lace, 12, 15, x, y)); // trailing foam
            } else {
                c.put(x, y, Ramp::Water, noise::ditherShade(v / 2 + band / 2, 5, 12, x, y));
            }
        }
    }
}

} // namespace

rgx::loaders::Bytes waterFrame(int width, int height, int frame, int frameCount, int style,
                               std::uint32_t rippleSeed, std::uint32_t detailSeed) {
    Canvas c(width, height);
    const Ripples r{width, height, frame, frameCount, rippleSeed};
    switch (style) {
    case kShallows:
        shallows(c, r, detailSeed);
        break;
    case kSurf:
        surf(c, r, detailSeed);
        break;
    default:
        openWater(c, r);
        break;
    }
    return std::move(c.px);
}

Picture waterPicture(int width, int height, int frameCount, int style, std::uint32_t rippleSeed,
                     std::uint32_t detailSeed) {
    Picture p;
    p.width = width;
    p.height = height;
    p.animDelayMs = 110; // ~2 DOS ticks a frame: waves, not flicker
    for (int f = 0; f < frameCount; ++f)
        p.frames.push_back(waterFrame(width, height, f, frameCount, style, rippleSeed, detailSeed));
    return p;
}

} // namespace rgx::demo::textures
