#include "demo/daggerfall/paint.h"

#include <algorithm>

namespace rgx::demo::daggerfall::paint {

void fillNoise(Canvas& c, int x0, int y0, int x1, int y1, Ramp ramp, int lo, int hi, int cell,
               std::uint32_t seed) {
    for (int y = y0; y < y1; ++y)
        for (int x = x0; x < x1; ++x)
            plot(c, x, y, ramp, noise::ditherShade(noise::fbm(x, y, cell, 3, c.w, c.h, seed), lo, hi, x, y));
}

void ellipse(Canvas& c, int cx, int cy, int rx, int ry, Ramp ramp, int lo, int hi) {
    if (rx <= 0 || ry <= 0) return;
    const std::int64_t r2 = static_cast<std::int64_t>(rx) * rx * ry * ry;
    for (int y = cy - ry; y <= cy + ry; ++y)
        for (int x = cx - rx; x <= cx + rx; ++x) {
            const std::int64_t dx = x - cx, dy = y - cy;
            const std::int64_t e = dx * dx * ry * ry + dy * dy * rx * rx;
            if (e > r2) continue;
            // Brighter towards the upper left, darker at the rim.
            const int rim = static_cast<int>(e * (kOne - 1) / r2);
            const int light = static_cast<int>((-dx * kOne / (4 * rx)) + (-dy * kOne / (4 * ry)));
            plot(c, x, y, ramp, noise::ditherShade(clampv(kOne - 1 - rim / 2 + light), lo, hi, x, y));
        }
}

void blocks(Canvas& c, int y0, int y1, int rowH, int blockW, Ramp ramp, int lo, int hi, std::uint32_t seed) {
    for (int y = y0; y < y1; ++y) {
        const int row = y / rowH, inRow = y % rowH;
        const int shift = (row % 2) * blockW / 2;
        for (int x = 0; x < c.w; ++x) {
            const int col = (x + shift) / blockW, inCol = (x + shift) % blockW;
            if (inRow == 0 || inCol == 0) {
                plot(c, x, y, ramp, lo > 2 ? lo - 2 : 1);
                continue;
            }
            const int face = static_cast<int>(noise::hash2(col, row, seed) % 6) * kOne / 16;
            const int grain = noise::fbm(x, y, 8, 2, c.w, c.h, seed ^ 0x51u) / 2;
            int v = face + grain + kOne / 8;
            if (inRow == 1 || inCol == 1) v += kOne / 4;                 // the lit top and left edges
            if (inRow == rowH - 1 || inCol == blockW - 1) v -= kOne / 5; // shadowed lower edges
            plot(c, x, y, ramp, noise::ditherShade(clampv(v), lo, hi, x, y));
        }
    }
}

void planks(Canvas& c, int x0, int y0, int x1, int y1, int width, bool horizontal, int lo, int hi,
            std::uint32_t seed) {
    for (int y = y0; y < y1; ++y)
        for (int x = x0; x < x1; ++x) {
            const int across = horizontal ? y : x, along = horizontal ? x : y;
            const int plank = across / width, inPlank = across % width;
            if (inPlank == 0) {
                plot(c, x, y, Ramp::Wood, std::max(1, lo - 2));
                continue;
            }
            // Grain: noise stretched along the plank.
            const int gx = horizontal ? along : across * 4, gy = horizontal ? across * 4 : along;
            const int grain = noise::valueNoise(gx / 4, gy, 4, c.w, c.h * 4, seed + plank) / 2;
            const int tone = static_cast<int>(noise::hash2(plank, 7, seed) % 4) * kOne / 10;
            plot(c, x, y, Ramp::Wood, noise::ditherShade(clampv(grain + tone + kOne / 8), lo, hi, x, y));
        }
}

void window(Canvas& c, int x0, int y0, int x1, int y1) {
    const int mx = (x0 + x1) / 2, my = (y0 + y1) / 2;
    for (int y = y0; y < y1; ++y)
        for (int x = x0; x < x1; ++x) {
            const bool frame = x - x0 < 2 || x1 - x <= 2 || y - y0 < 2 || y1 - y <= 2 || x == mx || y == my;
            if (frame)
                plot(c, x, y, Ramp::Wood, 4);
            else
                plot(c, x, y, Ramp::Glass, 3 + ((x - x0) + (y1 - y)) * 6 / ((x1 - x0) + (y1 - y0)));
        }
    for (int x = x0 - 2; x < x1 + 2; ++x) // the sill
        plot(c, x, y1, Ramp::Stone, 11);
}

void flagstones(Canvas& c, int cellPx, Ramp stone, int lo, int hi, Ramp joint, std::uint32_t seed) {
    for (int y = 0; y < c.h; ++y)
        for (int x = 0; x < c.w; ++x) {
            const noise::Cell cell = noise::cellular(x, y, cellPx, c.w, c.h, seed, 160);
            if (cell.d2 - cell.d1 < 260) {
                plot(c, x, y, joint, 3);
                continue;
            }
            const int tone = static_cast<int>(cell.id % 5) * kOne / 8;
            const int grain = noise::fbm(x, y, 8, 2, c.w, c.h, seed ^ 0x77u) / 3;
            plot(c, x, y, stone, noise::ditherShade(clampv(tone + grain), lo, hi, x, y));
        }
}

} // namespace rgx::demo::daggerfall::paint
