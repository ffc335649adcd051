#pragma once
// The triangle pipeline: one flat-coloured triangle with depth test, drawn with dynamic
// rendering. The smallest complete draw: the smoke test of the whole Vulkan base.

#include "renderer/vk/handle.h"
#include "shaders/shared.h"

namespace rgx::renderer {

struct TrianglePipeline {
    Unique<VkPipelineLayout> layout;
    Unique<VkPipeline> pipeline;
};

TrianglePipeline createTrianglePipeline(VkDevice device, VkFormat colorFormat, VkFormat depthFormat);

// Inside dynamic rendering with a viewport and scissor set.
void drawTriangle(VkCommandBuffer cmd, const TrianglePipeline& pipeline, const shaders::TrianglePush& push);

} // namespace rgx::renderer
