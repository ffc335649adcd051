#pragma once
// The triangle pipeline: one flat-coloured triangle with depth test, drawn with dynamic
// rendering. The smallest complete draw: the smoke test of the whole Vulkan base. Test code only
// (issue 30: it left the shipped Vulkan library); its shaders (shaders/triangle.*) stay embedded
// with the others, being a few hundred bytes and looked up by the one table.

#include "renderer/vk/context.h"
#include "renderer/vk/handle.h"
#include "shaders/shared.h"

namespace rgx::test {

struct TrianglePipeline {
    renderer::Unique<VkPipelineLayout> layout;
    renderer::Unique<VkPipeline> pipeline;
};

TrianglePipeline createTrianglePipeline(const renderer::VulkanContext& context, VkFormat colorFormat,
                                        VkFormat depthFormat);

// Inside dynamic rendering with a viewport and scissor set.
void drawTriangle(VkCommandBuffer cmd, const TrianglePipeline& pipeline, const shaders::TrianglePush& push);

} // namespace rgx::test
