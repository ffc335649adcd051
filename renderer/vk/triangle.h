#pragma once
// The triangle pipeline: one flat-coloured triangle with depth test, drawn with dynamic
// rendering. The smallest complete draw: the smoke test of the whole Vulkan base.

#include "renderer/vk/vulkan.h"
#include "shaders/shared.h"

namespace rgx::renderer {

struct TrianglePipeline {
    VkPipelineLayout layout = VK_NULL_HANDLE;
    VkPipeline pipeline = VK_NULL_HANDLE;
};

TrianglePipeline createTrianglePipeline(VkDevice device, VkFormat colorFormat, VkFormat depthFormat);
void destroyTrianglePipeline(VkDevice device, TrianglePipeline& pipeline);

// Inside dynamic rendering with a viewport and scissor set.
void drawTriangle(VkCommandBuffer cmd, const TrianglePipeline& pipeline, const shaders::TrianglePush& push);

} // namespace rgx::renderer
