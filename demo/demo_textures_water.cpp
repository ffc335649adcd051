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
        return noise::clampi((a + b) / 4 + ridge / 4 + swell / 4 - kOne / 16, 0, kOne - 1);
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
    for (int y = 0; y < c.h; ++y) {
        for (int x = 0; x < c.w; ++x) {
            const int v = r.value(x, y);
            // The sea floor does not move; the ripples light it unevenly (caustics).
            const int floor = noise::fbm(x, y, 32, 4, c.w, c.h, seed);
            if (floor > kOne * 56 / 100 && v < kOne * 80 / 100) {
                c.put(x, y, Ramp::Sand, noise::ditherShade((floor - kOne / 2) * 2 + v / 3, 6, 11, x, y));
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
            const int band = noise::triangle(y + jitter / 3 - r.frame * period / r.frames, period);
            if (band > kOne * 78 / 100 - v / 8) {
                c.put(x, y, Ramp::Grey, noise::ditherShade(band, 11, 15, x, y)); // foam
            } else {
                c.put(x, y, Ramp::Water, noise::ditherShade(v / 2 + band / 2, 5, 12, x, y));
            }
        }
    }
}

void shore(Canvas& c, const Ripples& r, std::uint32_t seed) {
    // Sand on the left, sea on the right; the waterline runs up and back once per loop.
    const int reach = noise::triangle(r.frame, r.frames) * 8 / kOne; // 0..7 px
    for (int y = 0; y < c.h; ++y) {
        for (int x = 0; x < c.w; ++x) {
            const int wobble = noise::fbm(0, y, 16, 3, c.w, c.h, seed) * 12 / kOne;
            const int edge = c.w * 3 / 8 + wobble - reach;
            const int v = r.value(x, y);
            const int grain = noise::fbm(x, y, 8, 3, c.w, c.h, seed ^ 0x51u);
            if (x < edge - 6) {
                c.put(x, y, Ramp::Sand, noise::ditherShade(grain, 9, 13, x, y));
            } else if (x < edge) {
                c.put(x, y, Ramp::Sand, noise::ditherShade(grain, 5, 8, x, y)); // wet sand
            } else if (x < edge + 3 + (v >> 14)) {
                c.put(x, y, Ramp::Grey, noise::ditherShade(v, 12, 15, x, y)); // foam line
            } else {
                c.put(x, y, Ramp::Water, noise::ditherShade(v, 6, 12, x, y));
            }
        }
    }
}

} // namespace

Picture waterPicture(int width, int height, int frameCount, int style, std::uint32_t seed) {
    Picture p;
    p.width = width;
    p.height = height;
    p.animDelayMs = 110; // ~2 DOS ticks a frame: waves, not flicker
    for (int f = 0; f < frameCount; ++f) {
        Canvas c(width, height);
        const Ripples r{width, height, f, frameCount, seed};
        switch (style) {
        case 1: shallows(c, r, seed ^ 0x1111u); break;
        case 2: surf(c, r, seed ^ 0x2222u); break;
        case 3: shore(c, r, seed ^ 0x3333u); break;
        default: openWater(c, r); break;
        }
        p.frames.push_back(std::move(c.px));
    }
    return p;
}

} // namespace rgx::demo::textures
