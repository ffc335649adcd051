#pragma once
// The terrain as both looks draw it: the grid (shaders/shared.h kGlideTerrainSize) as two words a
// vertex (base height, whether the vertex is a corner of a water cell, displaced by the waves,
// plus, per cell, the texture's quarter turn, the water flag and the material the scene's terrain
// mesh gave that (texture index, water) pair), and the cell list by chunk for culling. The Glide
// look uploads it (renderer/glide/gpu_terrain.h); the software look reads it on the CPU.

#include "scene/scene_graph.h"

#include <array>
#include <cstdint>
#include <optional>
#include <vector>

namespace rgx::renderer {

// Cells are drawn by chunks of kTerrainChunk x kTerrainChunk, culled on the CPU: each chunk's land
// cells and water cells are contiguous runs of the cell list (all land runs first, then water).
inline constexpr int kTerrainChunk = 16;

struct TerrainChunk {
    std::array<float, 4> sphere{};              // scene centre, radius
    std::uint32_t first[2] = {}, count[2] = {}; // per pass (land, water): run in the cell list
};

struct TerrainGridData {
    std::vector<std::uint32_t> words; // two per vertex
    std::vector<std::uint32_t> cells; // cell ids (row * 255 + column), by pass then chunk
    std::vector<TerrainChunk> chunks;
    int node = -1; // the terrain's scene node (drawn from the grid instead)
    std::uint32_t waterCells = 0;
};

// The grid for scene.terrain, or nothing when the scene has no terrain (or no terrain node whose
// mesh assigns a material to every (texture, water) pair the grid uses).
std::optional<TerrainGridData> terrainGridData(const scene::Scene& scene);

} // namespace rgx::renderer
