#include "renderer/vk/compute_pipeline.h"

#include "renderer/vk/shader_module.h"
#include "renderer/vk/vk_check.h"

namespace rgx::renderer {

Unique<VkPipeline> createComputePipeline(const VulkanContext& context, VkPipelineLayout layout,
                                         std::string_view name) {
    const Unique<VkShaderModule> module = createShaderModule(context.vk(), name);
    auto info = vkInit<VkComputePipelineCreateInfo>(VK_STRUCTURE_TYPE_COMPUTE_PIPELINE_CREATE_INFO);
    info.stage = vkInit<VkPipelineShaderStageCreateInfo>(VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO);
    info.stage.stage = VK_SHADER_STAGE_COMPUTE_BIT;
    info.stage.module = module;
    info.stage.pName = "main";
    info.layout = layout;
    VkPipeline pipeline = VK_NULL_HANDLE;
    VK_CHECK(vkCreateComputePipelines(context.vk(), context.pipelineCache, 1, &info, nullptr, &pipeline));
    return Unique<VkPipeline>(context.vk(), pipeline);
}

} // namespace rgx::renderer
