#include "renderer/glide_pipeline.h"

#include "renderer/shader_module.h"
#include "renderer/vk_check.h"
#include "scene/scene_graph.h"
#include "shaders/shared.h"

namespace rgx::renderer {

GlideBlend glideBlendFor(std::uint8_t renderMode) {
    switch (renderMode) {
    case scene::render_mode::kTransparent:
    case scene::render_mode::kWater:
        return GlideBlend::Alpha;
    case scene::render_mode::kBeam:
        return GlideBlend::Additive;
    default:
        return GlideBlend::Opaque;
    }
}

namespace {

VkPipeline createPipeline(VkDevice device, VkPipelineLayout layout, VkShaderModule vert, VkShaderModule frag,
                          VkFormat colorFormat, VkFormat depthFormat, GlideBlend blendClass) {
    VkPipelineShaderStageCreateInfo stages[2]{};
    for (int i = 0; i < 2; ++i) {
        stages[i] =
            vkInit<VkPipelineShaderStageCreateInfo>(VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO);
        stages[i].stage = i == 0 ? VK_SHADER_STAGE_VERTEX_BIT : VK_SHADER_STAGE_FRAGMENT_BIT;
        stages[i].module = i == 0 ? vert : frag;
        stages[i].pName = "main";
    }
    // Vertices are pulled from a storage buffer: no vertex input state.
    auto vertexInput = vkInit<VkPipelineVertexInputStateCreateInfo>(
        VK_STRUCTURE_TYPE_PIPELINE_VERTEX_INPUT_STATE_CREATE_INFO);
    auto assembly = vkInit<VkPipelineInputAssemblyStateCreateInfo>(
        VK_STRUCTURE_TYPE_PIPELINE_INPUT_ASSEMBLY_STATE_CREATE_INFO);
    assembly.topology = VK_PRIMITIVE_TOPOLOGY_TRIANGLE_LIST;
    auto viewport =
        vkInit<VkPipelineViewportStateCreateInfo>(VK_STRUCTURE_TYPE_PIPELINE_VIEWPORT_STATE_CREATE_INFO);
    viewport.viewportCount = 1;
    viewport.scissorCount = 1;
    auto raster = vkInit<VkPipelineRasterizationStateCreateInfo>(
        VK_STRUCTURE_TYPE_PIPELINE_RASTERIZATION_STATE_CREATE_INFO);
    raster.polygonMode = VK_POLYGON_MODE_FILL;
    // Two-sided: model faces and billboards are seen from both sides.
    raster.cullMode = VK_CULL_MODE_NONE;
    raster.frontFace = VK_FRONT_FACE_COUNTER_CLOCKWISE;
    raster.lineWidth = 1.0f;
    auto multisample = vkInit<VkPipelineMultisampleStateCreateInfo>(
        VK_STRUCTURE_TYPE_PIPELINE_MULTISAMPLE_STATE_CREATE_INFO);
    multisample.rasterizationSamples = VK_SAMPLE_COUNT_1_BIT;
    auto depth = vkInit<VkPipelineDepthStencilStateCreateInfo>(
        VK_STRUCTURE_TYPE_PIPELINE_DEPTH_STENCIL_STATE_CREATE_INFO);
    depth.depthTestEnable = VK_TRUE;
    depth.depthWriteEnable = blendClass == GlideBlend::Opaque ? VK_TRUE : VK_FALSE;
    depth.depthCompareOp = VK_COMPARE_OP_LESS_OR_EQUAL;
    VkPipelineColorBlendAttachmentState attachment{};
    attachment.colorWriteMask = VK_COLOR_COMPONENT_R_BIT | VK_COLOR_COMPONENT_G_BIT |
                                VK_COLOR_COMPONENT_B_BIT | VK_COLOR_COMPONENT_A_BIT;
    if (blendClass != GlideBlend::Opaque) {
        attachment.blendEnable = VK_TRUE;
        attachment.srcColorBlendFactor =
            blendClass == GlideBlend::Alpha ? VK_BLEND_FACTOR_SRC_ALPHA : VK_BLEND_FACTOR_ONE;
        attachment.dstColorBlendFactor =
            blendClass == GlideBlend::Alpha ? VK_BLEND_FACTOR_ONE_MINUS_SRC_ALPHA : VK_BLEND_FACTOR_ONE;
        attachment.colorBlendOp = VK_BLEND_OP_ADD;
        // The target's alpha stays opaque.
        attachment.srcAlphaBlendFactor = VK_BLEND_FACTOR_ZERO;
        attachment.dstAlphaBlendFactor = VK_BLEND_FACTOR_ONE;
        attachment.alphaBlendOp = VK_BLEND_OP_ADD;
    }
    auto blend =
        vkInit<VkPipelineColorBlendStateCreateInfo>(VK_STRUCTURE_TYPE_PIPELINE_COLOR_BLEND_STATE_CREATE_INFO);
    blend.attachmentCount = 1;
    blend.pAttachments = &attachment;
    const VkDynamicState dynamicStates[] = {VK_DYNAMIC_STATE_VIEWPORT, VK_DYNAMIC_STATE_SCISSOR};
    auto dynamic =
        vkInit<VkPipelineDynamicStateCreateInfo>(VK_STRUCTURE_TYPE_PIPELINE_DYNAMIC_STATE_CREATE_INFO);
    dynamic.dynamicStateCount = 2;
    dynamic.pDynamicStates = dynamicStates;
    auto rendering = vkInit<VkPipelineRenderingCreateInfo>(VK_STRUCTURE_TYPE_PIPELINE_RENDERING_CREATE_INFO);
    rendering.colorAttachmentCount = 1;
    rendering.pColorAttachmentFormats = &colorFormat;
    rendering.depthAttachmentFormat = depthFormat;

    auto info = vkInit<VkGraphicsPipelineCreateInfo>(VK_STRUCTURE_TYPE_GRAPHICS_PIPELINE_CREATE_INFO);
    info.pNext = &rendering;
    info.stageCount = 2;
    info.pStages = stages;
    info.pVertexInputState = &vertexInput;
    info.pInputAssemblyState = &assembly;
    info.pViewportState = &viewport;
    info.pRasterizationState = &raster;
    info.pMultisampleState = &multisample;
    info.pDepthStencilState = &depth;
    info.pColorBlendState = &blend;
    info.pDynamicState = &dynamic;
    info.layout = layout;
    VkPipeline pipeline = VK_NULL_HANDLE;
    VK_CHECK(vkCreateGraphicsPipelines(device, VK_NULL_HANDLE, 1, &info, nullptr, &pipeline));
    return pipeline;
}

} // namespace

GlidePipelines createGlidePipelines(VkDevice device, VkFormat colorFormat, VkFormat depthFormat) {
    GlidePipelines result;
    VkShaderModule vert = VK_NULL_HANDLE, terrainVert = VK_NULL_HANDLE, frag = VK_NULL_HANDLE;
    try {
        VkDescriptorSetLayoutBinding bindings[kGlideBindingCount]{};
        for (std::uint32_t i = 0; i < kGlideBindingCount; ++i) {
            bindings[i].binding = i;
            bindings[i].descriptorType =
                i == 0 ? VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER : VK_DESCRIPTOR_TYPE_STORAGE_BUFFER;
            bindings[i].descriptorCount = 1;
            bindings[i].stageFlags = (i == 0) ? VK_SHADER_STAGE_VERTEX_BIT | VK_SHADER_STAGE_FRAGMENT_BIT
                                     : (i < 4 || i >= 7) ? VK_SHADER_STAGE_VERTEX_BIT
                                                         : VK_SHADER_STAGE_FRAGMENT_BIT;
        }
        auto setInfo =
            vkInit<VkDescriptorSetLayoutCreateInfo>(VK_STRUCTURE_TYPE_DESCRIPTOR_SET_LAYOUT_CREATE_INFO);
        setInfo.bindingCount = kGlideBindingCount;
        setInfo.pBindings = bindings;
        VK_CHECK(vkCreateDescriptorSetLayout(device, &setInfo, nullptr, &result.setLayout));

        VkPushConstantRange range{VK_SHADER_STAGE_VERTEX_BIT | VK_SHADER_STAGE_FRAGMENT_BIT, 0,
                                  sizeof(shaders::GlidePush)};
        auto layoutInfo = vkInit<VkPipelineLayoutCreateInfo>(VK_STRUCTURE_TYPE_PIPELINE_LAYOUT_CREATE_INFO);
        layoutInfo.setLayoutCount = 1;
        layoutInfo.pSetLayouts = &result.setLayout;
        layoutInfo.pushConstantRangeCount = 1;
        layoutInfo.pPushConstantRanges = &range;
        VK_CHECK(vkCreatePipelineLayout(device, &layoutInfo, nullptr, &result.layout));

        vert = createShaderModule(device, "glide.vert");
        terrainVert = createShaderModule(device, "glide_terrain.vert");
        frag = createShaderModule(device, "glide.frag");
        for (int i = 0; i < static_cast<int>(GlideBlend::Count); ++i) {
            result.pipelines[i] = createPipeline(device, result.layout, vert, frag, colorFormat, depthFormat,
                                                 static_cast<GlideBlend>(i));
        }
        result.terrain[0] = createPipeline(device, result.layout, terrainVert, frag, colorFormat, depthFormat,
                                           GlideBlend::Opaque);
        result.terrain[1] = createPipeline(device, result.layout, terrainVert, frag, colorFormat, depthFormat,
                                           GlideBlend::Alpha);
    } catch (...) {
        if (vert != VK_NULL_HANDLE) vkDestroyShaderModule(device, vert, nullptr);
        if (terrainVert != VK_NULL_HANDLE) vkDestroyShaderModule(device, terrainVert, nullptr);
        if (frag != VK_NULL_HANDLE) vkDestroyShaderModule(device, frag, nullptr);
        destroyGlidePipelines(device, result);
        throw;
    }
    vkDestroyShaderModule(device, vert, nullptr);
    vkDestroyShaderModule(device, terrainVert, nullptr);
    vkDestroyShaderModule(device, frag, nullptr);
    return result;
}

void destroyGlidePipelines(VkDevice device, GlidePipelines& p) {
    for (VkPipeline& pipeline : p.pipelines) {
        if (pipeline != VK_NULL_HANDLE) vkDestroyPipeline(device, pipeline, nullptr);
    }
    for (VkPipeline& pipeline : p.terrain) {
        if (pipeline != VK_NULL_HANDLE) vkDestroyPipeline(device, pipeline, nullptr);
    }
    if (p.layout != VK_NULL_HANDLE) vkDestroyPipelineLayout(device, p.layout, nullptr);
    if (p.setLayout != VK_NULL_HANDLE) vkDestroyDescriptorSetLayout(device, p.setLayout, nullptr);
    p = {};
}

} // namespace rgx::renderer
