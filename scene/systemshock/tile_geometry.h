#pragma once
// System Shock's level geometry from its tile map (docs/formats/systemshock_scene.md): floors and
// ceilings at their corner heights, slopes, valleys and ridges split along their diagonal, the
// four diagonal tiles, and walls wherever a neighbour's floor or ceiling leaves a gap. Pure: a
// tile map and the level information in, triangles out, each naming its tile and surface, so that
// a pick finds the tile and the scene builder groups triangles by texture.
//
// Frames: tile (x, y) spans x..x+1 east and y..y+1 north (the map's row 0 is the south). In the
// scene (x east, y up, z south) a tile is kTileUnits wide: its south-west corner at
// (x * kTileUnits, height, -y * kTileUnits). A height unit is kTileUnits / 2^zShift (the level
// information's z shift: 2^zShift units make a cube).

#include "base/math.h"
#include "loaders/systemshock/level.h"

#include <array>
#include <cstdint>
#include <vector>

namespace rgx::scene::systemshock {

inline constexpr double kTileUnits = 256; // scene units a tile

// Corners in this order everywhere: south-west, south-east, north-east, north-west.
enum Corner : int { kSW = 0, kSE = 1, kNE = 2, kNW = 3 };

// How far up each corner of a tile's floor rises, in units of its steepness (0 or 1), by tile
// type: the slope s->n raises the north corners; a valley lowers one corner (the first named) and
// raises the other three; a ridge raises one (the second named). Flat types: all 0.
std::array<int, 4> slopeRise(std::uint8_t type);

// The diagonal a tile's floor and ceiling are split along: true for south-east to north-west,
// false for south-west to north-east. Valleys and ridges: from their odd corner to the opposite
// one (spec §3.1.4); other types: south-west to north-east.
bool splitsSouthEastToNorthWest(std::uint8_t type);

// A tile's floor and ceiling heights at its corners, in height units above the level's bottom
// (0..32 and past, as stored). Floor: the floor height plus rise x steepness where the slope
// reaches the floor. Ceiling, C = 32 - the ceiling height: by the slope control (flag bits
// 10-11), 0 parallel to the floor and lowered by the steepness (C - s + rise s: the "inverted"
// ceiling, a valley over a valley), 1 mirroring it (C - rise s: a valley's ceiling a ridge), 2
// flat (the floor alone slopes), 3 like 0 over a flat floor (the ceiling alone slopes).
struct TileCorners {
    std::array<double, 4> floor{}, ceiling{};
};
TileCorners tileCorners(const loaders::systemshock::Tile& tile);

// Which of a tile's four edges (south, east, north, west) its open space reaches: all four for an
// open or sloped tile, none for a solid one, the two edges of its open half for a diagonal tile
// (0x02 open s/e: south and east).
enum Edge : int { kSouth = 0, kEast = 1, kNorth = 2, kWest = 3 };
std::array<bool, 4> openEdges(std::uint8_t type);

enum class Surface : std::uint8_t { Floor, Ceiling, Wall };

struct TileVertex {
    Vec3 position;      // scene units
    float u = 0, v = 0; // texture repeats: one a tile width
    float light = 1;    // 1 - the shadow (0..15) / 16 of the grid point (docs: "Shading")
};

struct TileTriangle {
    std::array<std::uint32_t, 3> vertex{}; // counter-clockwise seen from the open space
    Surface surface = Surface::Floor;
    int texture = 0;          // the texture list index: the tile's floor, ceiling or wall bits
    int tileX = 0, tileY = 0; // the tile whose open space it faces
};

struct TileGeometry {
    std::vector<TileVertex> vertices;
    std::vector<TileTriangle> triangles;
};

// The whole map's geometry. Tiles outside the map count as solid. Cyberspace levels get the same
// rules (their texture bits are palette indices there: the caller decides what to draw).
TileGeometry buildTileGeometry(const loaders::systemshock::TileMap& map,
                               const loaders::systemshock::LevelInfo& info);

} // namespace rgx::scene::systemshock
