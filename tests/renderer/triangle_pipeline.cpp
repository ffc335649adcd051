#include "tests/renderer/triangle_pipeline.h"

#include "renderer/vk/graphics_pipeline.h"
#include "renderer/vk/shader_module.h"
#include "renderer/vk/vk_check.h"

namespace rgx::test {

using namespace rgx::renderer; // the Vulkan base's helpers, as the renderer uses them

TrianglePipeline createTrianglePipeline(const VulkanContext& context, VkFormat colorFormat,
                                        VkFormat depthFormat) {
    const VkDevice device = context.vk();
    TrianglePipeline result;
    VkPushConstantRange range{VK_SHADER_STAGE_VERTEX_BIT | VK_SHADER_STAGE_FRAGMENT_BIT, 0,
                              sizeof(shaders::TrianglePush)};
    auto layoutInfo = vkInit<VkPipelineLayoutCreateInfo>(VK_STRUCTURE_TYPE_PIPELINE_LAYOUT_CREATE_INFO);
    layoutInfo.pushConstantRangeCount = 1;
    layoutInfo.pPushConstantRanges = &range;
    result.layout = create(device, vkCreatePipelineLayout, layoutInfo, "vkCreatePipelineLayout");

    // Pipelines keep what they need: the modules go at the end of this scope.
    const Unique<VkShaderModule> vert = createShaderModule(device, "triangle.vert");
    const Unique<VkShaderModule> frag = createShaderModule(device, "triangle.frag");
    GraphicsPipelineDesc desc;
    desc.vertex = vert;
    desc.fragment = frag;
    desc.layout = result.layout;
    desc.colorFormat = colorFormat;
    desc.depthFormat = depthFormat;
    desc.frontFace = VK_FRONT_FACE_CLOCKWISE;
    result.pipeline = createGraphicsPipeline(context, desc);
    return result;
}

void drawTriangle(VkCommandBuffer cmd, const TrianglePipeline& pipeline, const shaders::TrianglePush& push) {
    vkCmdBindPipeline(cmd, VK_PIPELINE_BIND_POINT_GRAPHICS, pipeline.pipeline);
    vkCmdPushConstants(cmd, pipeline.layout, VK_SHADER_STAGE_VERTEX_BIT | VK_SHADER_STAGE_FRAGMENT_BIT, 0,
                       sizeof(push), &push);
    vkCmdDraw(cmd, 3, 1, 0, 0);
}

} // namespace rgx::test
