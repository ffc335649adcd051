#pragma once
// The terrain as a grid buffer (renderer/culling/terrain_cells.h's words), drawn by
// glide_terrain.vert without vertex or index buffers, so the scene's 260,000-vertex terrain mesh
// never goes to the GPU.

#include "renderer/culling/terrain_cells.h"
#include "renderer/vk/resources.h"
#include "scene/scene_graph.h"

#include <array>
#include <cstdint>
#include <optional>
#include <vector>

namespace rgx::renderer {

struct GpuTerrain {
    Buffer grid; // 16 bytes of nothing when absent (bindings 7 and 8 are always bound)
    Buffer cells;
    std::vector<TerrainChunk> chunks;
    bool present = false;
    int node = -1;
    std::uint32_t waterCells = 0;
};

GpuTerrain uploadTerrain(const VulkanContext& context, const scene::Scene& scene);

} // namespace rgx::renderer
