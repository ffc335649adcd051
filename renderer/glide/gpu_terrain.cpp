#include "renderer/glide/gpu_terrain.h"

#include "shaders/shared.h"
#include "sim/water.h"

#include <algorithm>
#include <array>
#include <bit>
#include <cmath>
#include <cstring>

namespace rgx::renderer {

GpuTerrain uploadTerrain(const VulkanContext& context, const scene::Scene& scene) {
    GpuTerrain terrain;
    const std::optional<TerrainGridData> data = terrainGridData(scene);
    const VkDeviceSize bytes = data ? data->words.size() * sizeof(std::uint32_t) : 16;
    const VkDeviceSize cellBytes =
        data ? std::max<VkDeviceSize>(16, data->cells.size() * sizeof(std::uint32_t)) : 16;
    constexpr VkBufferUsageFlags usage =
        VK_BUFFER_USAGE_STORAGE_BUFFER_BIT | VK_BUFFER_USAGE_TRANSFER_DST_BIT;
    terrain.grid = createBuffer(context, bytes, usage, VK_MEMORY_PROPERTY_DEVICE_LOCAL_BIT);
    terrain.cells = createBuffer(context, cellBytes, usage, VK_MEMORY_PROPERTY_DEVICE_LOCAL_BIT);
    if (data) {
        uploadBuffer(
            context, terrain.grid,
            std::span<const std::byte>(reinterpret_cast<const std::byte*>(data->words.data()), bytes));
        if (!data->cells.empty()) {
            uploadBuffer(context, terrain.cells,
                         std::span<const std::byte>(reinterpret_cast<const std::byte*>(data->cells.data()),
                                                    data->cells.size() * sizeof(std::uint32_t)));
        }
        terrain.chunks = data->chunks;
        terrain.present = true;
        terrain.node = data->node;
        terrain.waterCells = data->waterCells;
    }
    return terrain;
}

} // namespace rgx::renderer
