#pragma once
// Small painters shared by the Daggerfall demo's texture generators (surfaces and flats). Integer
// arithmetic only, like demo/demo_noise.h, so every machine paints the same bytes.

#include "demo/demo_catalog.h"
#include "demo/demo_noise.h"

#include <cstdint>

namespace rgx::demo::daggerfall::paint {

using noise::Canvas;
using noise::kOne;

inline int clampv(int v) {
    return noise::clampi(v, 0, kOne - 1);
}

// A texel inside the canvas only (flats keep transparent edges; surfaces never pass the edge).
inline void plot(Canvas& c, int x, int y, Ramp ramp, int shade) {
    if (x >= 0 && y >= 0 && x < c.w && y < c.h) c.put(x, y, ramp, shade);
}

// Fills [x0, x1) x [y0, y1) with ramp shades lo..hi from tileable noise of cell size `cell`.
void fillNoise(Canvas& c, int x0, int y0, int x1, int y1, Ramp ramp, int lo, int hi, int cell,
               std::uint32_t seed);

// Filled ellipse centred at (cx, cy) with radii rx, ry: shade from lo (edge) to hi (centre,
// lit from the upper left), dithered.
void ellipse(Canvas& c, int cx, int cy, int rx, int ry, Ramp ramp, int lo, int hi);

// Courses of blocks: rows rowH high, blocks blockW wide, every other row shifted by half a block;
// mortar lines in `mortar` shade 2..3, faces shaded per block with noise and a lit top edge.
void blocks(Canvas& c, int y0, int y1, int rowH, int blockW, Ramp ramp, int lo, int hi, std::uint32_t seed);

// Planks running along x (horizontal = true) or y, `width` texels wide, with grain and dark gaps.
void planks(Canvas& c, int x0, int y0, int x1, int y1, int width, bool horizontal, int lo, int hi,
            std::uint32_t seed);

// A window: wooden frame, glass panes with a mullion cross, a sill below.
void window(Canvas& c, int x0, int y0, int x1, int y1);

// Irregular flagstones (cellular cells as stones, their borders as joints).
void flagstones(Canvas& c, int cellPx, Ramp stone, int lo, int hi, Ramp joint, std::uint32_t seed);

} // namespace rgx::demo::daggerfall::paint
