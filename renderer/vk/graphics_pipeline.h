#pragma once
// The one place that fills Vulkan's fixed-function pipeline state for rgx's graphics pipelines:
// a vertex + fragment shader, no vertex input (vertices are pulled from buffers or generated),
// triangle lists, no culling, one colour and one depth attachment for dynamic rendering, and a
// dynamic viewport and scissor. What differs between pipelines is in GraphicsPipelineDesc.

#include "renderer/vk/context.h"
#include "renderer/vk/handle.h"

#include <span>
#include <vector>

namespace rgx::renderer {

struct GraphicsPipelineDesc {
    VkShaderModule vertex = VK_NULL_HANDLE;
    VkShaderModule fragment = VK_NULL_HANDLE;
    VkPipelineLayout layout = VK_NULL_HANDLE;
    VkFormat colorFormat = VK_FORMAT_R8G8B8A8_UNORM;
    VkFormat depthFormat = VK_FORMAT_D32_SFLOAT;
    VkFrontFace frontFace = VK_FRONT_FACE_COUNTER_CLOCKWISE;
    VkCompareOp depthCompare = VK_COMPARE_OP_LESS;
    bool depthWrite = true;
    // Blending of the colour attachment; the default writes RGBA unblended.
    VkPipelineColorBlendAttachmentState blend{VK_FALSE,
                                              VK_BLEND_FACTOR_ONE,
                                              VK_BLEND_FACTOR_ZERO,
                                              VK_BLEND_OP_ADD,
                                              VK_BLEND_FACTOR_ONE,
                                              VK_BLEND_FACTOR_ZERO,
                                              VK_BLEND_OP_ADD,
                                              VK_COLOR_COMPONENT_R_BIT | VK_COLOR_COMPONENT_G_BIT |
                                                  VK_COLOR_COMPONENT_B_BIT | VK_COLOR_COMPONENT_A_BIT};
};

// Creates the pipeline with the context's pipeline cache (VK_CHECK: throws on failure). The shader
// modules may be destroyed after. Safe to call from several threads at once.
Unique<VkPipeline> createGraphicsPipeline(const VulkanContext& context, const GraphicsPipelineDesc& desc);

// The pipelines of descs, in their order, created side by side on up to `threads` threads (0: one
// per core): a driver compiles each one on the CPU, and they do not depend on each other. Throws
// the first failure once every thread is done, leaving nothing behind.
std::vector<Unique<VkPipeline>> createGraphicsPipelines(const VulkanContext& context,
                                                        std::span<const GraphicsPipelineDesc> descs,
                                                        unsigned threads = 0);

} // namespace rgx::renderer
