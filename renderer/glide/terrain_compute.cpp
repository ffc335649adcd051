#include "renderer/glide/terrain_compute.h"

#include "renderer/vk/barriers.h"
#include "renderer/vk/compute_pipeline.h"
#include "renderer/vk/vk_check.h"
#include "shaders/shared.h"

#include <algorithm>
#include <cstring>

namespace rgx::renderer {

namespace {

constexpr VkDeviceSize kSurfaceBytes =
    shaders::kTerrainVertexCount * sizeof(float) + shaders::kTerrainVertexCount * 4 * sizeof(float);
constexpr std::uint32_t kGroups = shaders::kGlideTerrainSize / shaders::kTerrainComputeGroup;
static_assert(kGroups * shaders::kTerrainComputeGroup == shaders::kGlideTerrainSize);
static_assert(shaders::kWaveTableSize == static_cast<std::uint32_t>(sim::kWaveTableSize));

} // namespace

TerrainCompute::TerrainCompute(const VulkanContext& context, const GpuTerrain& terrain, int slots)
    : context_(context) {
    build(terrain, std::max(slots, 1));
}

void TerrainCompute::build(const GpuTerrain& terrain, int slots) {
    present_ = terrain.present;
    grid_ = terrain.grid.buffer;
    recorded_.assign(static_cast<std::size_t>(slots), false);
    constexpr VkBufferUsageFlags usage = VK_BUFFER_USAGE_STORAGE_BUFFER_BIT |
                                         VK_BUFFER_USAGE_TRANSFER_SRC_BIT | VK_BUFFER_USAGE_TRANSFER_DST_BIT;
    for (int i = 0; i < slots; ++i) {
        surfaces_.push_back(createBuffer(context_, present_ ? kSurfaceBytes : 16, usage,
                                         VK_MEMORY_PROPERTY_DEVICE_LOCAL_BIT));
    }
    if (!present_) return;

    const auto& table = sim::waveSineTable();
    sine_ = createBuffer(context_, sizeof(table), usage, VK_MEMORY_PROPERTY_DEVICE_LOCAL_BIT);
    uploadBuffer(context_, sine_, std::as_bytes(std::span(table)));

    using namespace shaders;
    constexpr std::uint32_t kBindings[kTerrainBindingCount] = {kTerrainBindingGrid, kTerrainBindingSine,
                                                               kTerrainBindingSurface};
    VkDescriptorSetLayoutBinding bindings[kTerrainBindingCount]{};
    for (std::uint32_t i = 0; i < kTerrainBindingCount; ++i)
        bindings[i] = {kBindings[i], VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 1, VK_SHADER_STAGE_COMPUTE_BIT,
                       nullptr};
    auto setInfo =
        vkInit<VkDescriptorSetLayoutCreateInfo>(VK_STRUCTURE_TYPE_DESCRIPTOR_SET_LAYOUT_CREATE_INFO);
    setInfo.bindingCount = kTerrainBindingCount;
    setInfo.pBindings = bindings;
    setLayout_ = create(context_.vk(), vkCreateDescriptorSetLayout, setInfo, "vkCreateDescriptorSetLayout");
    const VkPushConstantRange range{VK_SHADER_STAGE_COMPUTE_BIT, 0, sizeof(shaders::TerrainWavePush)};
    auto layoutInfo = vkInit<VkPipelineLayoutCreateInfo>(VK_STRUCTURE_TYPE_PIPELINE_LAYOUT_CREATE_INFO);
    layoutInfo.setLayoutCount = 1;
    layoutInfo.pSetLayouts = setLayout_.address();
    layoutInfo.pushConstantRangeCount = 1;
    layoutInfo.pPushConstantRanges = &range;
    layout_ = create(context_.vk(), vkCreatePipelineLayout, layoutInfo, "vkCreatePipelineLayout");
    heights_ = createComputePipeline(context_, layout_, "terrain_heights.comp");
    normals_ = createComputePipeline(context_, layout_, "terrain_normals.comp");

    const VkDescriptorPoolSize size{VK_DESCRIPTOR_TYPE_STORAGE_BUFFER,
                                    static_cast<std::uint32_t>(kTerrainBindingCount * slots)};
    auto poolInfo = vkInit<VkDescriptorPoolCreateInfo>(VK_STRUCTURE_TYPE_DESCRIPTOR_POOL_CREATE_INFO);
    poolInfo.maxSets = static_cast<std::uint32_t>(slots);
    poolInfo.poolSizeCount = 1;
    poolInfo.pPoolSizes = &size;
    pool_ = create(context_.vk(), vkCreateDescriptorPool, poolInfo, "vkCreateDescriptorPool");
    sets_.resize(static_cast<std::size_t>(slots));
    for (int s = 0; s < slots; ++s) {
        auto alloc = vkInit<VkDescriptorSetAllocateInfo>(VK_STRUCTURE_TYPE_DESCRIPTOR_SET_ALLOCATE_INFO);
        alloc.descriptorPool = pool_;
        alloc.descriptorSetCount = 1;
        alloc.pSetLayouts = setLayout_.address();
        VK_CHECK(vkAllocateDescriptorSets(context_.vk(), &alloc, &sets_[static_cast<std::size_t>(s)]));
        // In kBindings order: grid, sine table, the slot's surface.
        const VkDescriptorBufferInfo infos[kTerrainBindingCount] = {
            {grid_, 0, VK_WHOLE_SIZE},
            {sine_.buffer, 0, VK_WHOLE_SIZE},
            {surfaces_[static_cast<std::size_t>(s)].buffer, 0, VK_WHOLE_SIZE}};
        VkWriteDescriptorSet writes[kTerrainBindingCount]{};
        for (std::uint32_t i = 0; i < kTerrainBindingCount; ++i) {
            writes[i] = vkInit<VkWriteDescriptorSet>(VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET);
            writes[i].dstSet = sets_[static_cast<std::size_t>(s)];
            writes[i].dstBinding = kBindings[i];
            writes[i].descriptorCount = 1;
            writes[i].descriptorType = VK_DESCRIPTOR_TYPE_STORAGE_BUFFER;
            writes[i].pBufferInfo = &infos[i];
        }
        vkUpdateDescriptorSets(context_.vk(), kTerrainBindingCount, writes, 0, nullptr);
    }

    // Timestamps: only when the queue family writes them.
    const std::uint32_t validBits = context_.device.timestampValidBits;
    if (validBits > 0 && context_.device.properties.limits.timestampPeriod > 0) {
        timestampMask_ = validBits >= 64 ? ~std::uint64_t{0} : (std::uint64_t{1} << validBits) - 1;
        auto queryInfo = vkInit<VkQueryPoolCreateInfo>(VK_STRUCTURE_TYPE_QUERY_POOL_CREATE_INFO);
        queryInfo.queryType = VK_QUERY_TYPE_TIMESTAMP;
        queryInfo.queryCount = static_cast<std::uint32_t>(2 * slots);
        queries_ = create(context_.vk(), vkCreateQueryPool, queryInfo, "vkCreateQueryPool");
    }
}

void TerrainCompute::record(VkCommandBuffer cmd, const sim::WaveFrame& wave, int slot) {
    if (!present_) return;
    const auto s = static_cast<std::size_t>(std::clamp(slot, 0, static_cast<int>(sets_.size()) - 1));
    const auto firstQuery = static_cast<std::uint32_t>(2 * s);
    if (queries_ != VK_NULL_HANDLE) {
        vkCmdResetQueryPool(cmd, queries_, firstQuery, 2);
        vkCmdWriteTimestamp2(cmd, VK_PIPELINE_STAGE_2_TOP_OF_PIPE_BIT, queries_, firstQuery);
    }
    const shaders::TerrainWavePush push{wave.amplitude, wave.bias,         wave.frequency,  wave.timePhase,
                                        wave.centreRow, wave.centreColumn, wave.windowHalf, 0};
    vkCmdBindDescriptorSets(cmd, VK_PIPELINE_BIND_POINT_COMPUTE, layout_, 0, 1, &sets_[s], 0, nullptr);
    vkCmdPushConstants(cmd, layout_, VK_SHADER_STAGE_COMPUTE_BIT, 0, sizeof(push), &push);
    vkCmdBindPipeline(cmd, VK_PIPELINE_BIND_POINT_COMPUTE, heights_);
    vkCmdDispatch(cmd, kGroups, kGroups, 1);
    // The normals read the neighbours' heights.
    memoryBarrier(cmd, VK_PIPELINE_STAGE_2_COMPUTE_SHADER_BIT, VK_ACCESS_2_SHADER_STORAGE_WRITE_BIT,
                  VK_PIPELINE_STAGE_2_COMPUTE_SHADER_BIT, VK_ACCESS_2_SHADER_STORAGE_READ_BIT);
    vkCmdBindPipeline(cmd, VK_PIPELINE_BIND_POINT_COMPUTE, normals_);
    vkCmdDispatch(cmd, kGroups, kGroups, 1);
    if (queries_ != VK_NULL_HANDLE)
        vkCmdWriteTimestamp2(cmd, VK_PIPELINE_STAGE_2_COMPUTE_SHADER_BIT, queries_, firstQuery + 1);
    // The draws (glide_terrain.vert) read heights and normals.
    memoryBarrier(cmd, VK_PIPELINE_STAGE_2_COMPUTE_SHADER_BIT, VK_ACCESS_2_SHADER_STORAGE_WRITE_BIT,
                  VK_PIPELINE_STAGE_2_VERTEX_SHADER_BIT, VK_ACCESS_2_SHADER_STORAGE_READ_BIT);
    recorded_[s] = true;
}

std::optional<double> TerrainCompute::milliseconds(int slot) const {
    if (queries_ == VK_NULL_HANDLE || slot < 0 || static_cast<std::size_t>(slot) >= recorded_.size() ||
        !recorded_[static_cast<std::size_t>(slot)])
        return std::nullopt;
    std::uint64_t stamps[2] = {};
    const VkResult result =
        vkGetQueryPoolResults(context_.vk(), queries_, static_cast<std::uint32_t>(2 * slot), 2,
                              sizeof(stamps), stamps, sizeof(std::uint64_t), VK_QUERY_RESULT_64_BIT);
    if (result == VK_NOT_READY) return std::nullopt;
    VK_CHECK(result);
    const std::uint64_t ticks = (stamps[1] - stamps[0]) & timestampMask_;
    return static_cast<double>(ticks) * context_.device.properties.limits.timestampPeriod / 1e6;
}

} // namespace rgx::renderer
