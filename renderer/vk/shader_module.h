#pragma once
// VkShaderModule from the SPIR-V embedded in the binary (shaders/spirv.h).

#include "renderer/vk/handle.h"

#include <string_view>

namespace rgx::renderer {

// The module for shaders/<name>, e.g. "triangle.vert". Throws rgx::Error for an unknown name.
Unique<VkShaderModule> createShaderModule(VkDevice device, std::string_view name);

} // namespace rgx::renderer
