#pragma once
// The terrain as a grid buffer (shaders/shared.h kGlideTerrainSize): heights plus, per cell, the
// texture's quarter turn, the water flag and the material the scene's terrain mesh gave that
// (texture index, water) pair. Drawn by glide_terrain.vert without vertex or index buffers, so the
// scene's 260,000-vertex terrain mesh never goes to the GPU.

#include "renderer/resources.h"
#include "scene/scene_graph.h"

#include <cstdint>
#include <optional>
#include <vector>

namespace rgx::renderer {

struct TerrainGridData {
    std::vector<std::uint32_t> words; // two per vertex
    int node = -1;                    // the terrain's scene node (drawn from the grid instead)
    std::uint32_t waterCells = 0;
};

// The grid for scene.terrain, or nothing when the scene has no terrain (or no terrain node whose
// mesh assigns a material to every (texture, water) pair the grid uses).
std::optional<TerrainGridData> terrainGridData(const scene::Scene& scene);

struct GpuTerrain {
    Buffer grid; // 16 bytes of nothing when absent (binding 7 is always bound)
    bool present = false;
    int node = -1;
    std::uint32_t waterCells = 0;
};

GpuTerrain uploadTerrain(const VulkanContext& context, const scene::Scene& scene);
void destroyGpuTerrain(const VulkanContext& context, GpuTerrain& terrain);

// Vertices of one terrain pass (every cell, six each).
inline constexpr std::uint32_t kTerrainVertexCount = 255u * 255u * 6u;

} // namespace rgx::renderer
