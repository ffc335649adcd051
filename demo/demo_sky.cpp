#include "demo/demo_sky.h"

#include "demo/demo_catalog.h"
#include "demo/demo_noise.h"
#include "demo/demo_palettes.h"
#include "loaders/redguard/gxa.h"
#include "loaders/redguard/texbsi.h"

namespace rgx::demo::sky {

using noise::Canvas;
using noise::kOne;

namespace {

// Horizontally stretched cloud density (0..65535) for the panorama: noise sampled on a grid three
// times taller than the image squashes features into the long, flat banks seen near a horizon.
// Thicker low in the sky, thinning towards the zenith. The threshold is the field's 70th
// percentile, so about 30% of every seed's sky is cloud.
struct CloudBanks {
    noise::Field density{kPanoramaWidth, kPanoramaHeight};
    int threshold = 0;
    explicit CloudBanks(std::uint32_t seed) {
        constexpr int w = kPanoramaWidth, h = kPanoramaHeight * 3;
        for (int y = 0; y < kPanoramaHeight; ++y) {
            const int t = y * (kOne - 1) / (kPanoramaHeight - 1);
            for (int x = 0; x < kPanoramaWidth; ++x)
                density.at(x, y) = noise::fbm(x, y * 3, 64, 5, w, h, seed) + (t - kOne / 2) / 5;
        }
        threshold = noise::percentile(density, 70);
    }
};

Canvas dayPanorama(std::uint32_t seed) {
    Canvas c(kPanoramaWidth, kPanoramaHeight);
    const CloudBanks banks(seed);
    for (int y = 0; y < c.h; ++y) {
        // 0 at the top row, kOne-1 at the horizon; squared so the pale haze hugs the horizon.
        const int t = y * (kOne - 1) / (c.h - 1);
        const int haze = static_cast<int>(static_cast<std::int64_t>(t) * t / kOne);
        for (int x = 0; x < c.w; ++x) {
            const int base = (t + haze) / 2;
            c.put(x, y, Ramp::Sky, noise::ditherShade(base, 5, 15, x, y));
            const int density = banks.density.at(x, y);
            if (density > banks.threshold) {
                const int body = noise::clampi((density - banks.threshold) * 5, 0, kOne - 1);
                // Lit tops, greyer bellies: the shade falls a little with height inside a bank.
                const int lit = noise::clampi(kOne - 1 - body / 3 + (kOne - 1 - t) / 6, 0, kOne - 1);
                c.put(x, y, Ramp::Grey, noise::ditherShade(lit, 11, 15, x, y));
            }
        }
    }
    return c;
}

Canvas nightPanorama(std::uint32_t seed) {
    Canvas c(kPanoramaWidth, kPanoramaHeight);
    const CloudBanks banks(seed);
    for (int y = 0; y < c.h; ++y) {
        const int t = y * (kOne - 1) / (c.h - 1);
        for (int x = 0; x < c.w; ++x) {
            c.put(x, y, Ramp::Sky, noise::ditherShade(t, 1, 7, x, y));
            const std::uint32_t star = noise::hash2(x, y, seed ^ 0x57A25u);
            // Fewer stars in the horizon haze; a rare few warm ones from the Fire ramp.
            const std::uint32_t chance = static_cast<std::uint32_t>(140 + y * 4);
            if (star % chance == 0) {
                if ((star >> 20) % 9 == 0)
                    c.put(x, y, Ramp::Fire, 15);
                else
                    c.put(x, y, Ramp::Grey, 9 + static_cast<int>((star >> 12) % 7));
            }
            // Thin dark cloud banks that hide the stars behind them.
            const int density = banks.density.at(x, y);
            if (density > banks.threshold)
                c.put(x, y, Ramp::Grey, noise::ditherShade((density - banks.threshold) * 4, 2, 5, x, y));
        }
    }
    return c;
}

rgx::loaders::Bytes bsiFile(std::string name, const Canvas& c, PaletteKind paletteKind) {
    rgx::loaders::TexbsiFile file;
    file.images.push_back(
        rgx::loaders::makeTexbsiImage(std::move(name), c.w, c.h, {c.px}, demoPalette(paletteKind)));
    return rgx::loaders::writeTexbsi(file);
}

// A disc of radius r (pixels) centred in a kDiscSize canvas, with a dithered rim: returns the
// coverage 0..65535 at (x, y) (0 outside).
int discCoverage(int x, int y, int radius256) {
    const int dx = (x * 256 + 128) - kDiscSize * 128, dy = (y * 256 + 128) - kDiscSize * 128;
    const std::int64_t d2 = static_cast<std::int64_t>(dx) * dx + static_cast<std::int64_t>(dy) * dy;
    const std::int64_t r2 = static_cast<std::int64_t>(radius256) * radius256;
    if (d2 >= r2) return 0;
    return static_cast<int>((r2 - d2) * (kOne - 1) / r2);
}

} // namespace

rgx::loaders::Bytes skyPanorama(bool night, std::uint32_t seed) {
    const Canvas c = night ? nightPanorama(seed) : dayPanorama(seed);
    rgx::loaders::GxaFile file;
    file.palette = toVga6(demoPalette(night ? PaletteKind::Night : PaletteKind::Day));
    rgx::loaders::GxaFrame frame;
    frame.width = static_cast<std::int16_t>(c.w);
    frame.height = static_cast<std::int16_t>(c.h);
    frame.compression = static_cast<std::int16_t>(rgx::loaders::GxaCompression::Rle);
    frame.pixels = c.px;
    file.frames.push_back(std::move(frame));
    return rgx::loaders::writeGxa(file);
}

rgx::loaders::Bytes cloudLayer(std::uint32_t seed) {
    Canvas c(kCloudSize, kCloudSize);
    noise::Field density(kCloudSize, kCloudSize);
    for (int y = 0; y < c.h; ++y)
        for (int x = 0; x < c.w; ++x)
            density.at(x, y) = noise::fbm(x, y, 32, 5, c.w, c.h, seed);
    const int threshold = noise::percentile(density, 50); // half sky, half cloud for every seed
    for (int y = 0; y < c.h; ++y) {
        for (int x = 0; x < c.w; ++x) {
            const int d = density.at(x, y);
            if (d <= threshold) continue; // a gap: index 0, the sky shows through
            const int body = noise::clampi((d - threshold) * 4, 0, kOne - 1);
            // Thin edges are greyer, thick middles white, and a light from the upper left.
            const int light = density.at(x - 2, y - 2) - d;
            c.put(x, y, Ramp::Grey, noise::ditherShade(body / 2 + kOne / 2 + light * 3, 9, 15, x, y));
        }
    }
    return bsiFile("CLOUDS", c, PaletteKind::Day);
}

rgx::loaders::Bytes sunDisc(std::uint32_t seed) {
    Canvas c(kDiscSize, kDiscSize);
    for (int y = 0; y < c.h; ++y) {
        for (int x = 0; x < c.w; ++x) {
            const int cover = discCoverage(x, y, 14 * 256);
            if (cover == 0) continue;
            // A rim that breaks up into dithered corona pixels; the seed jitters it slightly.
            const int rim = cover + static_cast<int>(noise::hash2(x, y, seed) % 4096) - 2048;
            if (rim < kOne / 12) continue;
            c.put(x, y, Ramp::Fire, noise::ditherShade(noise::clampi(rim * 3, 0, kOne - 1), 11, 15, x, y));
        }
    }
    return bsiFile("SUN", c, PaletteKind::Day);
}

rgx::loaders::Bytes moonDisc(std::uint32_t seed) {
    Canvas c(kDiscSize, kDiscSize);
    for (int y = 0; y < c.h; ++y) {
        for (int x = 0; x < c.w; ++x) {
            const int cover = discCoverage(x, y, 13 * 256);
            if (cover == 0) continue;
            // Maria and craters: darker cells of a cellular pattern, a lit limb on the left.
            const noise::Cell cell = noise::cellular(x, y, 8, kDiscSize, kDiscSize, seed);
            const int crater = (cell.id % 3 == 0 && cell.d1 < 3 * 256) ? kOne / 4 : 0;
            const int maria = noise::fbm(x, y, 16, 3, kDiscSize, kDiscSize, seed ^ 0x3003u) / 3;
            const int limb = (kDiscSize - x) * kOne / (kDiscSize * 6);
            const int v = kOne * 3 / 4 - crater - maria / 2 + limb + cover / 8;
            c.put(x, y, Ramp::Grey, noise::ditherShade(noise::clampi(v, 0, kOne - 1), 9, 15, x, y));
        }
    }
    return bsiFile("MOON", c, PaletteKind::Night);
}

} // namespace rgx::demo::sky
