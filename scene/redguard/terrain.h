#pragma once
// Terrain of an outdoor world: the WLD's 256x256 vertex grid, 256 engine units per cell, heights
// from the engine's 128-entry table (loaders::wldWorldY, scene y = -engine y), one texture of
// TEXBSI.302 per cell turned by its quarter-turn rotation, water cells flagged.

#include "loaders/redguard/wld.h"
#include "scene/redguard/materials.h"
#include "scene/scene_graph.h"

#include <span>

namespace rgx::scene {

// The engine's terrain texture bank: "texture-bank loading is hard-wired to texbsi.302", whatever
// the WLD sections' texbsi_file declares (the reference's WLD notes). Every world's terrain
// takes its textures from it.
inline constexpr int kTerrainTextureBank = 302;

// The grid in scene terms. Vertex (row, column) sits at scene (column * 256, height, row * 256).
TerrainGrid terrainGrid(const loaders::WldGrids& grids, int textureBank = kTerrainTextureBank);

// The height (scene y) of a terrain grid's heights (TerrainGrid::height, kSize x kSize, row-major)
// at scene (x, z): bilinear between the vertices around it, (x, z) clamped to the grid.
double terrainHeightAt(std::span<const float> height, double x, double z);

// The terrain mesh: each of the 255 x 255 cells is two triangles split along the top-left /
// bottom-right diagonal (notes.md), with four vertices of its own so that its texture
// (TEXBSI.<bank> image = texture index of the cell's top-left vertex) can turn by that vertex's
// rotation: corner UVs TL (0,0), TR (1,0), BR (1,1), BL (0,1) shift by `rotation` corners
// (corner j takes the UV of corner j + rotation). Normals average the six triangles around each
// vertex. Water cells use the water render mode (0xC8) of the same texture.
Mesh terrainMesh(const TerrainGrid& grid, MaterialLibrary& materials);

} // namespace rgx::scene
