#pragma once
// The demo island's terrain: a 256x256 WLD height/texture grid (hills, cliffs on the north
// side, beaches, sea all round) and the ground queries the placement code needs.
//
// Coordinates are engine units as in the catalog: x = column * 256, z = row * 256, y DOWN
// (ground y = -kWldHeightTable[height index]). The sea floor has height index 0 (y = 0), so the
// water surface is the plane y = 0 and every land vertex has y < 0.

#include "loaders/redguard/wld.h"

#include <cstdint>

namespace rgx::demo {

struct DemoTerrain {
    loaders::WldGrids grids; // row-major 256x256, row = z / 256, column = x / 256

    int heightIndex(int row, int column) const; // clamped to the grid
    int textureIndex(int row, int column) const;
    // Ground y (engine units, y down) at (x, z) on the triangle that holds it (cells split along
    // the top-left/bottom-right diagonal, notes.md); points off the grid are clamped onto it.
    double groundY(double x, double z) const;
    // The lowest ground (largest y) at the centre and corners of a square of half-size `half`:
    // where a model's base goes so that no part of its footprint floats.
    double footprintY(double x, double z, double half) const;
    // Largest height difference (engine units) over that square: how steep the spot is.
    double footprintSlope(double x, double z, double half) const;
    // True when the vertex nearest (x, z) carries a water texture (0, 5, 30, 31).
    bool isWater(double x, double z) const;
};

// Island extent in engine units: the grid spans [0, 255 * 256] on x and z.
inline constexpr double kTerrainExtent = 255.0 * 256.0;

// The island's terrain for a seed (the same seed gives the same grids; scale does not change
// the terrain, only how much is placed on it).
DemoTerrain makeIslandTerrain(std::uint32_t seed);

} // namespace rgx::demo
