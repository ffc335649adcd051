#include "demo/demo_terrain.h"

#include "demo/demo_catalog.h"

#include <algorithm>
#include <cmath>
#include <vector>

namespace rgx::demo {

namespace {

constexpr int kN = static_cast<int>(loaders::kWldGridSize);

// Value noise on a lattice of `cells` x `cells` random values over the grid, smoothstep
// interpolated: deterministic, cheap, and smooth enough for hills.
class ValueNoise {
public:
    ValueNoise(DemoRandom& random, int cells) : cells_(cells), values_((cells + 1) * (cells + 1)) {
        for (double& v : values_)
            v = random.uniform();
    }
    double at(double row, double column) const { // row, column in grid vertices
        double fr = row / (kN - 1) * cells_, fc = column / (kN - 1) * cells_;
        int r0 = std::clamp(static_cast<int>(fr), 0, cells_ - 1),
            c0 = std::clamp(static_cast<int>(fc), 0, cells_ - 1);
        double tr = smooth(fr - r0), tc = smooth(fc - c0);
        auto v = [&](int r, int c) { return values_[r * (cells_ + 1) + c]; };
        double top = v(r0, c0) + (v(r0, c0 + 1) - v(r0, c0)) * tc;
        double bottom = v(r0 + 1, c0) + (v(r0 + 1, c0 + 1) - v(r0 + 1, c0)) * tc;
        return top + (bottom - top) * tr;
    }

private:
    static double smooth(double t) { return t * t * (3 - 2 * t); }
    int cells_;
    std::vector<double> values_;
};

double smoothstep(double a, double b, double x) {
    double t = std::clamp((x - a) / (b - a), 0.0, 1.0);
    return t * t * (3 - 2 * t);
}

} // namespace

int DemoTerrain::heightIndex(int row, int column) const {
    row = std::clamp(row, 0, kN - 1);
    column = std::clamp(column, 0, kN - 1);
    return grids.heightIndex[static_cast<std::size_t>(row) * kN + column];
}

int DemoTerrain::textureIndex(int row, int column) const {
    row = std::clamp(row, 0, kN - 1);
    column = std::clamp(column, 0, kN - 1);
    return grids.textureIndex[static_cast<std::size_t>(row) * kN + column];
}

double DemoTerrain::groundY(double x, double z) const {
    double gx = std::clamp(x / loaders::kWldCellUnits, 0.0, kN - 1.0);
    double gz = std::clamp(z / loaders::kWldCellUnits, 0.0, kN - 1.0);
    int c = std::min(static_cast<int>(gx), kN - 2), r = std::min(static_cast<int>(gz), kN - 2);
    double fx = gx - c, fz = gz - r;
    auto y = [&](int rr, int cc) {
        return loaders::wldWorldY(static_cast<std::uint8_t>(heightIndex(rr, cc)));
    };
    double y00 = y(r, c), y01 = y(r, c + 1), y10 = y(r + 1, c), y11 = y(r + 1, c + 1);
    if (fx >= fz) return y00 + fx * (y01 - y00) + fz * (y11 - y01);
    return y00 + fz * (y10 - y00) + fx * (y11 - y10);
}

double DemoTerrain::footprintY(double x, double z, double half) const {
    double lowest = groundY(x, z);
    for (int dz = -1; dz <= 1; dz += 2)
        for (int dx = -1; dx <= 1; dx += 2)
            lowest = std::max(lowest, groundY(x + dx * half, z + dz * half));
    return lowest;
}

double DemoTerrain::footprintSlope(double x, double z, double half) const {
    double lo = groundY(x, z), hi = lo;
    for (int dz = -1; dz <= 1; ++dz)
        for (int dx = -1; dx <= 1; ++dx) {
            double y = groundY(x + dx * half, z + dz * half);
            lo = std::min(lo, y);
            hi = std::max(hi, y);
        }
    return hi - lo;
}

bool DemoTerrain::isWater(double x, double z) const {
    int c = static_cast<int>(std::lround(x / loaders::kWldCellUnits));
    int r = static_cast<int>(std::lround(z / loaders::kWldCellUnits));
    return loaders::isWldWaterTexture(static_cast<std::uint8_t>(textureIndex(r, c)));
}

DemoTerrain makeIslandTerrain(std::uint32_t seed) {
    DemoRandom random(seed * 7919u + 17u);
    ValueNoise coast(random, 8), hills(random, 6), detail(random, 24), patches(random, 16),
        ridges(random, 12);

    DemoTerrain t;
    auto& heights = t.grids.heightIndex;
    auto& textures = t.grids.textureIndex;
    auto& rotation = t.grids.rotation;
    heights.assign(loaders::kWldGridCells, 0);
    textures.assign(loaders::kWldGridCells, 0);
    rotation.assign(loaders::kWldGridCells, 0);

    const double centre = (kN - 1) / 2.0;
    for (int r = 0; r < kN; ++r) {
        for (int c = 0; c < kN; ++c) {
            double dz = (r - centre) / 100.0, dx = (c - centre) / 100.0;
            double d = std::sqrt(dx * dx + dz * dz) + (coast.at(r, c) - 0.5) * 0.35;
            // The north side (small rows) ends in cliffs: the land stays high up to the coast
            // and drops to the sea within a cell or two.
            double north = smoothstep(0.2, 0.7, -dz / (std::sqrt(dx * dx + dz * dz) + 1e-9));
            double soft = 1.0 - smoothstep(0.5, 0.95, d);
            double hard = d < 0.86 ? 1.0 : 0.0;
            double mask = soft * (1 - north) + hard * north;
            double ridge = 1.0 - std::abs(2.0 * ridges.at(r, c) - 1.0); // sharp crests: rocky slopes
            double h = mask * (0.15 + 0.5 * hills.at(r, c) + 0.12 * detail.at(r, c)) +
                       0.35 * mask * mask * ridge * ridge * ridge;
            // A central peak for the view over the island.
            h += 0.35 * std::max(0.0, 1.0 - std::sqrt(dx * dx + dz * dz) / 0.35) * mask;
            int index = std::clamp(static_cast<int>(std::lround(h * 115.0)), 0, 127);
            if (mask <= 0.0) index = 0;
            heights[static_cast<std::size_t>(r) * kN + c] = static_cast<std::uint8_t>(index);
        }
    }

    // Distance (in vertices, up to 4) from each water vertex to land, for shallows and surf.
    std::vector<int> shore(loaders::kWldGridCells, 99);
    for (int r = 0; r < kN; ++r)
        for (int c = 0; c < kN; ++c) {
            if (heights[static_cast<std::size_t>(r) * kN + c] == 0) continue;
            for (int dr = -4; dr <= 4; ++dr)
                for (int dc = -4; dc <= 4; ++dc) {
                    int rr = r + dr, cc = c + dc;
                    if (rr < 0 || cc < 0 || rr >= kN || cc >= kN) continue;
                    int& s = shore[static_cast<std::size_t>(rr) * kN + cc];
                    s = std::min(s, std::max(std::abs(dr), std::abs(dc)));
                }
        }

    for (int r = 0; r < kN; ++r) {
        for (int c = 0; c < kN; ++c) {
            std::size_t i = static_cast<std::size_t>(r) * kN + c;
            int h = heights[i];
            int tex;
            if (h == 0) {
                int s = shore[i];
                tex = s <= 1   ? ((r + c) % 2 ? terrain::kSurfA : terrain::kSurfB)
                      : s <= 3 ? terrain::kShallows
                               : terrain::kWater;
            } else {
                double slope = 0;
                for (int dr = -1; dr <= 1; ++dr)
                    for (int dc = -1; dc <= 1; ++dc) {
                        double other =
                            -loaders::wldWorldY(static_cast<std::uint8_t>(t.heightIndex(r + dr, c + dc)));
                        slope = std::max(slope,
                                         std::abs(other + loaders::wldWorldY(static_cast<std::uint8_t>(h))));
                    }
                if (slope > 500)
                    tex = terrain::kCliff;
                else if (slope > 220 || h > 100)
                    tex = terrain::kRock;
                else if (h <= 6)
                    tex = terrain::kSand;
                else if (patches.at(r, c) * 0.7 + detail.at(r, c) * 0.3 > 0.66)
                    tex = terrain::kDirt;
                else
                    tex = terrain::kGrass;
                rotation[i] = static_cast<std::uint8_t>(random.next() & 3);
            }
            textures[i] = static_cast<std::uint8_t>(tex);
        }
    }
    return t;
}

} // namespace rgx::demo
