// Terrain images of TEXBSI.302: image id = WLD texture index (demo_catalog.h, namespace terrain).
#include "demo/demo_noise.h"
#include "demo/demo_textures_internal.h"

namespace rgx::demo::textures {

using noise::Canvas;
using noise::Field;
using noise::kOne;

namespace {

constexpr int kSize = 64;       // every terrain image is 64 x 64
constexpr int kWaterFrames = 8; // animated water: 8 frames, 8 px drift a frame

Picture still(Canvas c) {
    Picture p;
    p.width = c.w;
    p.height = c.h;
    p.frames.push_back(std::move(c.px));
    return p;
}

// Land images are turned by the WLD's quarter-turn rotation cell by cell, so they avoid
// directional patterns and keep large-scale brightness changes small: both would show the grid.

Canvas sand(std::uint32_t seed) {
    Canvas c(kSize, kSize);
    for (int y = 0; y < c.h; ++y) {
        for (int x = 0; x < c.w; ++x) {
            const int base = noise::fbm(x, y, 16, 4, c.w, c.h, seed);
            const std::uint32_t grain = noise::hash2(x, y, seed ^ 0x6A11u);
            int v = kOne / 2 + (base - kOne / 2) * 3 / 5;
            if (grain % 11 == 0) v -= kOne / 5; // darker grains
            if (grain % 17 == 0) v += kOne / 5; // shell and quartz glints
            c.put(x, y, Ramp::Sand, noise::ditherShade(noise::clampi(v, 0, kOne - 1), 8, 13, x, y));
        }
    }
    return c;
}

Canvas grass(std::uint32_t seed) {
    Canvas c(kSize, kSize);
    for (int y = 0; y < c.h; ++y) {
        for (int x = 0; x < c.w; ++x) {
            const int patch = noise::fbm(x, y, 16, 3, c.w, c.h, seed);
            // Tufts: small bright clumps with dark gaps between blades, the same in every direction.
            const int tuft = noise::valueNoise(x, y, 2, c.w, c.h, seed ^ 0xB1Au);
            const int blade = static_cast<int>(noise::hash2(x, y, seed ^ 0xB1Bu) & 0xFFFFu);
            const int v =
                kOne / 2 + (patch - kOne / 2) * 2 / 5 + (tuft - kOne / 2) * 2 / 5 + (blade - kOne / 2) / 4;
            c.put(x, y, Ramp::Grass, noise::ditherShade(noise::clampi(v, 0, kOne - 1), 4, 12, x, y));
        }
    }
    return c;
}

// Cells are sampled through a noise warp so the plates are irregular, not a cobbled pavement.
noise::Cell warpedCell(int x, int y, std::uint32_t seed) {
    const int wx = noise::fbm(x, y, 16, 2, kSize, kSize, seed ^ 0x3A1u) * 10 / kOne - 5;
    const int wy = noise::fbm(x, y, 16, 2, kSize, kSize, seed ^ 0x3A2u) * 10 / kOne - 5;
    return noise::cellular(x + wx, y + wy, 16, kSize, kSize, seed);
}

Canvas rock(std::uint32_t seed, int lo, int hi) {
    Canvas c(kSize, kSize);
    Field height(kSize, kSize);
    for (int y = 0; y < c.h; ++y) {
        for (int x = 0; x < c.w; ++x) {
            const noise::Cell cell = warpedCell(x, y, seed);
            const int detail = noise::fbm(x, y, 16, 4, c.w, c.h, seed ^ 0x40Cu);
            const int edge = noise::clampi((cell.d2 - cell.d1) * 16, 0, kOne - 1);
            height.at(x, y) = (edge / 2 + detail / 2);
        }
    }
    for (int y = 0; y < c.h; ++y) {
        for (int x = 0; x < c.w; ++x) {
            const noise::Cell cell = warpedCell(x, y, seed);
            if (cell.d2 - cell.d1 < 256) {
                c.put(x, y, Ramp::Rock, lo - 1 + (cell.d2 - cell.d1) / 256); // crack
                continue;
            }
            const int tone = static_cast<int>(cell.id % 9) * kOne / 32;
            const int v = height.at(x, y) / 2 + tone + noise::emboss(height, x, y) * 3;
            c.put(x, y, Ramp::Rock, noise::ditherShade(noise::clampi(v, 0, kOne - 1), lo, hi, x, y));
        }
    }
    return c;
}

// Cliff face: sedimentary bands bent by noise, with vertical cracks.
Canvas cliff(std::uint32_t seed) {
    Canvas c(kSize, kSize);
    for (int y = 0; y < c.h; ++y) {
        for (int x = 0; x < c.w; ++x) {
            const int warp = noise::fbm(x, y, 32, 3, c.w, c.h, seed) * 12 / kOne;
            const int layerY = y + warp;
            const int layer = noise::wrap(layerY, c.h) / 8;
            const int tone = static_cast<int>(noise::hash2(layer, 0, seed) % 5);
            const int inLayer = noise::wrap(layerY, 8);
            const int detail = noise::fbm(x, y, 8, 3, c.w, c.h, seed ^ 0xC11u);
            // A ledge highlight on the top row of each band, a shadow on its bottom row.
            int v = detail / 2 + tone * kOne / 10;
            if (inLayer == 0) v += kOne / 4;
            if (inLayer == 7) v -= kOne / 4;
            const std::uint32_t crack = noise::hash2(x / 2, layer, seed ^ 0xC7u);
            if (crack % 11 == 0) v -= kOne / 3;
            c.put(x, y, Ramp::Rock, noise::ditherShade(noise::clampi(v, 0, kOne - 1), 3, 11, x, y));
        }
    }
    return c;
}

Canvas dirt(std::uint32_t seed) {
    Canvas c(kSize, kSize);
    for (int y = 0; y < c.h; ++y) {
        for (int x = 0; x < c.w; ++x) {
            const int base = noise::fbm(x, y, 16, 5, c.w, c.h, seed);
            const noise::Cell pebble = noise::cellular(x, y, 8, c.w, c.h, seed ^ 0xD1u);
            if (pebble.id % 5 == 0 && pebble.d1 < 256 + 64) {
                // Small stones, lit from the upper left.
                const int light = (pebble.d1 < 128) ? 2 : 0;
                c.put(x, y, Ramp::Rock, 8 + light + static_cast<int>(pebble.id % 3));
                continue;
            }
            c.put(x, y, Ramp::Wood, noise::ditherShade(base, 3, 8, x, y));
        }
    }
    return c;
}

} // namespace

std::vector<rgx::loaders::TexbsiImage> terrainImages(std::uint32_t seed) {
    DemoRandom random(seed);
    std::vector<rgx::loaders::TexbsiImage> images;
    auto add = [&](int id, Picture p) { images.push_back(toImage(kTerrainBank, id, std::move(p))); };
    // Draw every seed first, in a fixed order, so the images do not depend on the order below.
    std::uint32_t s[10];
    for (auto& v : s)
        v = random.next();
    const std::uint32_t ripples = s[0]; // shared by every water image: no seam between them
    add(terrain::kWater, waterPicture(kSize, kSize, kWaterFrames, kOpenWater, ripples, s[0]));
    add(terrain::kSand, still(sand(s[1])));
    add(terrain::kGrass, still(grass(s[2])));
    add(terrain::kRock, still(rock(s[3], 4, 12)));
    add(terrain::kCliff, still(cliff(s[4])));
    add(terrain::kShallows, waterPicture(kSize, kSize, kWaterFrames, kShallows, ripples, s[5]));
    add(terrain::kDirt, still(dirt(s[6])));
    // Two surf images with the same rolling bands and different foam: the demo's terrain uses
    // them side by side along the coast.
    add(terrain::kSurfA, waterPicture(kSize, kSize, kWaterFrames, kSurf, ripples, s[7]));
    add(terrain::kSurfB, waterPicture(kSize, kSize, kWaterFrames, kSurf, ripples, s[8]));
    return images;
}

} // namespace rgx::demo::textures
