#include "demo/demo_noise.h"

#include <algorithm>

namespace rgx::demo::noise {

std::uint32_t hash2(int x, int y, std::uint32_t seed) {
    // Two rounds of a lowbias32-style mixer over the packed inputs: cheap, and without the
    // lattice artefacts a plain multiply-add hash shows in value noise.
    std::uint32_t h =
        seed ^ (static_cast<std::uint32_t>(x) * 0x8DA6B343u) ^ (static_cast<std::uint32_t>(y) * 0xD8163841u);
    for (int i = 0; i < 2; ++i) {
        h ^= h >> 16;
        h *= 0x7FEB352Du;
        h ^= h >> 15;
        h *= 0x846CA68Bu;
        h ^= h >> 16;
    }
    return h;
}

int wrap(int x, int m) {
    const int r = x % m;
    return r < 0 ? r + m : r;
}

namespace {

// 3t^2 - 2t^3 in 16-bit fixed point.
std::int64_t smooth(std::int64_t t) {
    return t * t * (3 * kOne - 2 * t) / (static_cast<std::int64_t>(kOne) * kOne);
}

int floorDiv(int a, int b) {
    const int q = a / b;
    return (a % b != 0 && (a < 0) != (b < 0)) ? q - 1 : q;
}

std::int64_t isqrt(std::int64_t v) {
    // Newton's method on integers: exact floor(sqrt(v)) with no floating point.
    if (v <= 0) return 0;
    std::int64_t x = v, y = (x + 1) / 2;
    while (y < x) {
        x = y;
        y = (x + v / x) / 2;
    }
    return x;
}

} // namespace

int valueNoise(int x, int y, int cellPx, int w, int h, std::uint32_t seed) {
    const int periodX = w / cellPx, periodY = h / cellPx;
    const int cx = floorDiv(x, cellPx), cy = floorDiv(y, cellPx);
    const std::int64_t tx = smooth(static_cast<std::int64_t>(x - cx * cellPx) * kOne / cellPx);
    const std::int64_t ty = smooth(static_cast<std::int64_t>(y - cy * cellPx) * kOne / cellPx);
    const int x0 = wrap(cx, periodX), y0 = wrap(cy, periodY);
    const int x1 = x0 + 1 == periodX ? 0 : x0 + 1, y1 = y0 + 1 == periodY ? 0 : y0 + 1;
    auto lattice = [&](int ix, int iy) -> std::int64_t { return hash2(ix, iy, seed) & 0xFFFFu; };
    const std::int64_t a = lattice(x0, y0), b = lattice(x1, y0);
    const std::int64_t c = lattice(x0, y1), d = lattice(x1, y1);
    const std::int64_t top = a + (b - a) * tx / kOne;
    const std::int64_t bottom = c + (d - c) * tx / kOne;
    return static_cast<int>(top + (bottom - top) * ty / kOne);
}

int fbm(int x, int y, int cellPx, int octaves, int w, int h, std::uint32_t seed) {
    std::int64_t sum = 0, total = 0;
    int weight = 256;
    for (int o = 0; o < octaves && cellPx >= 1 && weight > 0; ++o) {
        sum += static_cast<std::int64_t>(
                   valueNoise(x, y, cellPx, w, h, seed + 0x9E37u * static_cast<std::uint32_t>(o))) *
               weight;
        total += weight;
        weight /= 2;
        if (cellPx == 1) break;
        cellPx /= 2;
    }
    return total == 0 ? 0 : static_cast<int>(sum / total);
}

Cell cellular(int x, int y, int cellPx, int w, int h, std::uint32_t seed, int jitter256) {
    const int periodX = w / cellPx, periodY = h / cellPx;
    const int cx = floorDiv(x, cellPx), cy = floorDiv(y, cellPx);
    const std::int64_t px = static_cast<std::int64_t>(x) * 256 + 128,
                       py = static_cast<std::int64_t>(y) * 256 + 128;
    std::int64_t best = -1, second = -1;
    std::uint32_t bestId = 0;
    for (int j = -1; j <= 1; ++j) {
        for (int i = -1; i <= 1; ++i) {
            const int ix = cx + i, iy = cy + j;
            const std::uint32_t hsh = hash2(wrap(ix, periodX), wrap(iy, periodY), seed);
            // Feature point: cell centre moved by up to jitter256/512 of a cell each way.
            const std::int64_t span = static_cast<std::int64_t>(cellPx) * jitter256;
            const std::int64_t ox = (static_cast<std::int64_t>(hsh & 0xFFFu) - 2048) * span / 4096;
            const std::int64_t oy = (static_cast<std::int64_t>((hsh >> 12) & 0xFFFu) - 2048) * span / 4096;
            const std::int64_t fx = (static_cast<std::int64_t>(ix) * cellPx * 256) + cellPx * 128 + ox;
            const std::int64_t fy = (static_cast<std::int64_t>(iy) * cellPx * 256) + cellPx * 128 + oy;
            const std::int64_t d = (fx - px) * (fx - px) + (fy - py) * (fy - py);
            if (best < 0 || d < best) {
                second = best;
                best = d;
                bestId = hash2(wrap(ix, periodX), wrap(iy, periodY), seed ^ 0x5BD1E995u);
            } else if (second < 0 || d < second) {
                second = d;
            }
        }
    }
    return Cell{static_cast<int>(isqrt(best)), static_cast<int>(isqrt(second)), bestId};
}

int bayer(int x, int y) {
    static constexpr int kMatrix[4][4] = {{0, 8, 2, 10}, {12, 4, 14, 6}, {3, 11, 1, 9}, {15, 7, 13, 5}};
    return kMatrix[wrap(y, 4)][wrap(x, 4)];
}

int ditherShade(int value, int lo, int hi, int x, int y) {
    if (hi <= lo) return lo;
    const int v = clampi(value, 0, kOne - 1);
    const int units = static_cast<int>(static_cast<std::int64_t>(v) * ((hi - lo) * 16 + 1) / kOne);
    return clampi(lo + (units + bayer(x, y)) / 16, lo, hi);
}

int triangle(int t, int period) {
    const int p = wrap(t, period);
    const std::int64_t twice = static_cast<std::int64_t>(p) * 2 * kOne / period; // 0 .. 2*kOne-1
    return static_cast<int>(twice < kOne ? twice : 2 * kOne - 1 - twice);
}

int percentile(const Field& field, int percent) {
    std::vector<int> sorted = field.v;
    std::sort(sorted.begin(), sorted.end());
    const std::size_t rank = sorted.size() * static_cast<std::size_t>(clampi(percent, 0, 100)) / 100;
    return sorted.empty() ? 0 : sorted[std::min(rank, sorted.size() - 1)];
}

int emboss(const Field& height, int x, int y) {
    return (height.at(x - 1, y - 1) - height.at(x + 1, y + 1)) / 2;
}

void Canvas::put(int x, int y, Ramp ramp, int shade) {
    std::uint8_t index = paletteIndex(ramp, shade);
    if (index == 0) index = 1;
    at(x, y) = index;
}

} // namespace rgx::demo::noise
