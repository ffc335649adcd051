#pragma once
// The terrain's per-frame compute work: water-wave displacement and vertex normals over the whole
// 256 x 256 grid (not only the engine's 33 x 33 window), written into a terrain surface buffer per
// frame slot (layout in shaders/shared.h) that glide_terrain.vert reads. Two dispatches:
// terrain_heights.comp (heights, water displaced), then terrain_normals.comp (normals of the
// displaced grid); sim/water.h is their CPU reference. GPU timestamps around both give the
// compute pass time when the queue supports them.

#include "renderer/glide/gpu_terrain.h"
#include "renderer/vk/resources.h"
#include "sim/water.h"

#include <optional>
#include <vector>

namespace rgx::renderer {

class TerrainCompute {
public:
    // Pipelines, the sine-table buffer (uploaded once) and one surface buffer per slot. Without a
    // terrain (terrain.present false) the surfaces are 16-byte placeholders and record() does
    // nothing, so descriptor sets can always bind them.
    TerrainCompute(const VulkanContext& context, const GpuTerrain& terrain, int slots);
    ~TerrainCompute() = default;
    TerrainCompute(const TerrainCompute&) = delete;
    TerrainCompute& operator=(const TerrainCompute&) = delete;

    // Records both passes for `wave` into slot's surface, outside any rendering, with the
    // barriers: heights -> normals (compute write -> compute read), normals -> every later vertex
    // shader read. The slot's previous use must have completed (the caller's frame fence, as for
    // every per-slot buffer).
    void record(VkCommandBuffer cmd, const sim::WaveFrame& wave, int slot);

    const Buffer& surface(int slot) const { return surfaces_[static_cast<std::size_t>(slot)]; }

    // GPU time of the last record() of `slot` in milliseconds, once its commands have completed;
    // nothing when the queue has no timestamps, the slot was never recorded, or the results are
    // not available yet.
    std::optional<double> milliseconds(int slot) const;

private:
    const VulkanContext& context_;
    bool present_ = false;
    VkBuffer grid_ = VK_NULL_HANDLE; // GpuTerrain::grid, not owned
    Buffer sine_;
    std::vector<Buffer> surfaces_;
    Unique<VkDescriptorSetLayout> setLayout_;
    Unique<VkPipelineLayout> layout_;
    Unique<VkPipeline> heights_, normals_;
    Unique<VkDescriptorPool> pool_;
    std::vector<VkDescriptorSet> sets_; // freed with pool_
    Unique<VkQueryPool> queries_;       // two timestamps per slot
    std::uint64_t timestampMask_ = 0;
    std::vector<bool> recorded_;

    void build(const GpuTerrain& terrain, int slots);
};

} // namespace rgx::renderer
