#pragma once
// Vertex normals of a terrain height grid, the way the engine computes them (the reference's
// "Terrain Normals"): each cell is split along its top-left / bottom-right diagonal into
// (TL, BL, BR) and (TL, BR, TR); a triangle's normal is the cross product of two of its edges
// (not normalized, so larger triangles weigh more: the reference sums the cross products); a
// vertex's normal is the normalized sum over the triangles that touch it: six for an interior
// vertex (both triangles of the cells to the upper-left and lower-right, one each of the cells
// above and to the left), fewer on the border.
//
// The one definition of terrain normals: the scene's terrain mesh and sim's water reference
// (sim/water.h, the CPU check of shaders/terrain_normals.comp) both call it.

#include "scene/transforms.h"

#include <span>
#include <vector>

namespace rgx::scene {

// heights: size * size scene y values, row-major, vertex (row, column) at scene
// (column * cell, height, row * cell). Returns size * size unit normals (y up for flat ground).
// A vertex whose triangles sum to zero (impossible for a height field) gets (0, 1, 0).
std::vector<Vec3> terrainVertexNormals(std::span<const float> heights, int size, double cell);

// The normal of one vertex (row, column), bit for bit what terrainVertexNormals gives it (the same
// triangles summed in the same order): for renderers that need only the vertices they draw.
Vec3 terrainVertexNormal(std::span<const float> heights, int size, double cell, int row, int column);

} // namespace rgx::scene
