#include "renderer/vk/shader_module.h"

#include "renderer/vk/vk_check.h"
#include "shaders/spirv.h"

namespace rgx::renderer {

Unique<VkShaderModule> createShaderModule(VkDevice device, std::string_view name) {
    const auto words = shaders::spirv(name);
    auto info = vkInit<VkShaderModuleCreateInfo>(VK_STRUCTURE_TYPE_SHADER_MODULE_CREATE_INFO);
    info.codeSize = words.size_bytes();
    info.pCode = words.data();
    return create(device, vkCreateShaderModule, info, "vkCreateShaderModule");
}

} // namespace rgx::renderer
