#pragma once
// A compute pipeline from one embedded shader (shaders/spirv.h).

#include "renderer/vk/context.h"
#include "renderer/vk/handle.h"

#include <string_view>

namespace rgx::renderer {

// The pipeline of shaders/<name> with entry point main, on `layout`, with the context's pipeline
// cache. Throws on Vulkan errors or an unknown shader name; the shader module does not outlive
// the call. Safe to call from several threads at once.
Unique<VkPipeline> createComputePipeline(const VulkanContext& context, VkPipelineLayout layout,
                                         std::string_view name);

} // namespace rgx::renderer
