#pragma once
// Procedural noise and 8-bit canvas helpers for the demo textures.
//
// Everything here is integer arithmetic (no floating point, no libm): the demo must give
// byte-identical files on every machine, and libm's transcendental functions or a compiler's
// floating-point contraction may differ between platforms. Values are 16-bit fixed point
// (0..65535 stands for 0..1) unless stated otherwise.
//
// Every noise function is tileable: positions wrap with the canvas size, so a texture repeats
// seamlessly on a model face or across terrain cells.

#include "demo/demo_catalog.h"
#include "loaders/bytes.h"

#include <cstdint>
#include <vector>

namespace rgx::demo::noise {

inline constexpr int kOne = 65536; // fixed-point 1.0 (noise values are below it)

// A well-mixed 32-bit hash of two lattice coordinates and a seed.
std::uint32_t hash2(int x, int y, std::uint32_t seed);

// x mod m in [0, m) for any sign of x (m > 0).
int wrap(int x, int m);

// Smooth value noise on a lattice of cellPx pixels, wrapping every w x h pixels (cellPx must
// divide both). Returns 0..65535.
int valueNoise(int x, int y, int cellPx, int w, int h, std::uint32_t seed);

// Fractal sum of valueNoise octaves: cell sizes cellPx, cellPx/2, ... (at least 1 pixel), each
// half the weight of the one before. Normalised to 0..65535.
int fbm(int x, int y, int cellPx, int octaves, int w, int h, std::uint32_t seed);

// Worley (cellular) noise with one jittered feature point per cellPx x cellPx cell, wrapping
// every w x h pixels. Distances are in 1/256 pixel.
struct Cell {
    int d1 = 0;           // distance to the nearest feature point
    int d2 = 0;           // distance to the second nearest
    std::uint32_t id = 0; // hash of the nearest point's (wrapped) cell: a stable per-cell value
};
Cell cellular(int x, int y, int cellPx, int w, int h, std::uint32_t seed, int jitter256 = 200);

// Ordered-dither threshold for a pixel: 0..15 (4x4 Bayer matrix).
int bayer(int x, int y);

// Maps a 0..65535 value to a shade in [lo, hi] with ordered dithering between neighbouring
// shades, so smooth gradients survive the 16-step ramps.
int ditherShade(int value, int lo, int hi, int x, int y);

// Clamps v to [lo, hi].
constexpr int clampi(int v, int lo, int hi) {
    return v < lo ? lo : v > hi ? hi : v;
}

// A triangle wave of period `period` (any units): 0 at multiples of the period, kOne-1 halfway.
int triangle(int t, int period);

// An 8-bit palette-index image, row-major, top row first; 0 is transparent.
struct Canvas {
    int w = 0;
    int h = 0;
    rgx::loaders::Bytes px;
    Canvas(int width, int height) : w(width), h(height), px(static_cast<std::size_t>(width * height), 0) {}
    std::uint8_t& at(int x, int y) { return px[static_cast<std::size_t>(wrap(y, h) * w + wrap(x, w))]; }
    std::uint8_t at(int x, int y) const { return px[static_cast<std::size_t>(wrap(y, h) * w + wrap(x, w))]; }
    // Writes a visible texel of the ramp; never index 0 (Grey shade 0 becomes shade 1).
    void put(int x, int y, Ramp ramp, int shade);
};

// A wrapping grid of ints (heights, densities) built before shading, so shading can look at
// neighbours (relief lighting).
struct Field {
    int w = 0;
    int h = 0;
    std::vector<int> v;
    Field(int width, int height) : w(width), h(height), v(static_cast<std::size_t>(width * height), 0) {}
    int& at(int x, int y) { return v[static_cast<std::size_t>(wrap(y, h) * w + wrap(x, w))]; }
    int at(int x, int y) const { return v[static_cast<std::size_t>(wrap(y, h) * w + wrap(x, w))]; }
};

// The value below which `percent` % of the field lies: thresholds set by coverage rather than by
// value, so a pattern covers the same share of every seed's image (few-lattice noise varies a lot).
int percentile(const Field& field, int percent);

// Relief light from the upper left: the height difference across the pixel's diagonal (positive
// on slopes facing the light), wrapping at the edges.
int emboss(const Field& height, int x, int y);

} // namespace rgx::demo::noise
