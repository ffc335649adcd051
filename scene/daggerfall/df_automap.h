#pragma once
// A Daggerfall town's automap: each RMB block's 64 x 64 automap image (rmb.h, RmbFld::automap) on
// the location's block grid, and the colours Daggerfall Unity draws it in. Facts and sources in
// docs/formats/daggerfall_scene.md ("The RMB automap").
//
// Orientation (DFU's ExteriorAutomap): automap byte y * 64 + x is column x from the block's west
// edge and row y from its NORTH edge, so row 0 is the north row. One pixel is 4096 / 64 = 64
// units square. Block (bx, by) of the grid (MAPS.BSA's order, by * width + bx; by grows north)
// is the block the scene builds there (df_engine.cpp).

#include <array>
#include <cstdint>
#include <string>
#include <vector>

namespace rgx::scene::daggerfall {

inline constexpr int kAutomapSide = 64; // pixels a block's automap has a side
inline constexpr double kAutomapPixelUnits = 4096.0 / kAutomapSide;

// One block's automap at grid cell (x, y).
struct TownAutomapBlock {
    int x = 0, y = 0;
    std::string file; // "ARENA2/BLOCKS.BSA:TVRNAL01.RMB"
    std::array<std::uint8_t, kAutomapSide * kAutomapSide> pixels{};
};

// A town's automap: its grid's size and the blocks that could be read, row by row.
struct TownAutomap {
    int width = 0, height = 0;
    std::vector<TownAutomapBlock> blocks;
};

// The scene x, z of the north-west corner of town block (bx, by). DFU puts the block's
// south-west corner at (4096 bx, 4096 by), z north; the scene's z points south.
std::array<double, 2> rmbBlockNorthWest(int bx, int by);

// The RGBA colour of an automap value, as DFU's default settings draw it: 0 (background) and
// the special values it hides by default (25, 117, 224, 250, 251) are transparent; temples and
// guild halls blue, shops orange, taverns green, other buildings brown; an unknown value is
// (255, 0, value).
std::array<std::uint8_t, 4> automapColour(std::uint8_t value);

} // namespace rgx::scene::daggerfall
