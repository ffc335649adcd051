#include "renderer/glide/glide_pipeline.h"

#include "renderer/vk/graphics_pipeline.h"
#include "renderer/vk/shader_module.h"
#include "renderer/vk/vk_check.h"
#include "scene/scene_graph.h"
#include "shaders/shared.h"

#include <vector>

namespace rgx::renderer {

GlideBlend glideBlendFor(scene::RenderMode renderMode) {
    switch (renderMode) {
    case scene::RenderMode::Transparent:
    case scene::RenderMode::Water:
        return GlideBlend::Alpha;
    case scene::RenderMode::Beam:
        return GlideBlend::Additive;
    case scene::RenderMode::Standard:
    case scene::RenderMode::Other:
        break;
    }
    return GlideBlend::Opaque;
}

namespace {

// A Glide pipeline's state: depth tested (less or equal), written by the opaque class only, and
// the class's blending.
GraphicsPipelineDesc glideDesc(VkPipelineLayout layout, VkShaderModule vert, VkShaderModule frag,
                               VkFormat colorFormat, VkFormat depthFormat, GlideBlend blendClass) {
    GraphicsPipelineDesc desc;
    desc.vertex = vert;
    desc.fragment = frag;
    desc.layout = layout;
    desc.colorFormat = colorFormat;
    desc.depthFormat = depthFormat;
    desc.depthCompare = VK_COMPARE_OP_LESS_OR_EQUAL;
    desc.depthWrite = blendClass == GlideBlend::Opaque;
    if (blendClass != GlideBlend::Opaque) {
        VkPipelineColorBlendAttachmentState& a = desc.blend;
        a.blendEnable = VK_TRUE;
        a.srcColorBlendFactor =
            blendClass == GlideBlend::Alpha ? VK_BLEND_FACTOR_SRC_ALPHA : VK_BLEND_FACTOR_ONE;
        a.dstColorBlendFactor =
            blendClass == GlideBlend::Alpha ? VK_BLEND_FACTOR_ONE_MINUS_SRC_ALPHA : VK_BLEND_FACTOR_ONE;
        a.colorBlendOp = VK_BLEND_OP_ADD;
        // The target's alpha stays opaque.
        a.srcAlphaBlendFactor = VK_BLEND_FACTOR_ZERO;
        a.dstAlphaBlendFactor = VK_BLEND_FACTOR_ONE;
        a.alphaBlendOp = VK_BLEND_OP_ADD;
    }
    return desc;
}

} // namespace

GlidePipelines createGlidePipelines(const VulkanContext& context, VkFormat colorFormat,
                                    VkFormat depthFormat) {
    using namespace shaders;
    const VkDevice device = context.vk();
    GlidePipelines result;
    constexpr VkShaderStageFlags vertex = VK_SHADER_STAGE_VERTEX_BIT, fragment = VK_SHADER_STAGE_FRAGMENT_BIT;
    constexpr VkDescriptorType storage = VK_DESCRIPTOR_TYPE_STORAGE_BUFFER;
    const VkDescriptorSetLayoutBinding bindings[kGlideBindingCount] = {
        {kGlideBindingFrame, storage, 1, vertex | fragment, nullptr},
        {kGlideBindingVertices, storage, 1, vertex, nullptr},
        {kGlideBindingInstances, storage, 1, vertex, nullptr},
        {kGlideBindingDrawInstances, storage, 1, vertex, nullptr},
        {kGlideBindingMaterials, storage, 1, fragment, nullptr},
        {kGlideBindingTextures, storage, 1, fragment, nullptr},
        {kGlideBindingTexels, storage, 1, fragment, nullptr},
        {kGlideBindingTerrainGrid, storage, 1, vertex, nullptr},
        {kGlideBindingTerrainCells, storage, 1, vertex, nullptr},
        {kGlideBindingTerrainSurface, storage, 1, vertex, nullptr},
        {kGlideBindingPoses, storage, 1, vertex, nullptr},
        {kGlideBindingRain, storage, 1, vertex, nullptr}};
    auto setInfo =
        vkInit<VkDescriptorSetLayoutCreateInfo>(VK_STRUCTURE_TYPE_DESCRIPTOR_SET_LAYOUT_CREATE_INFO);
    setInfo.bindingCount = kGlideBindingCount;
    setInfo.pBindings = bindings;
    result.setLayout = create(device, vkCreateDescriptorSetLayout, setInfo, "vkCreateDescriptorSetLayout");

    VkPushConstantRange range{VK_SHADER_STAGE_VERTEX_BIT | VK_SHADER_STAGE_FRAGMENT_BIT, 0,
                              sizeof(GlidePush)};
    auto layoutInfo = vkInit<VkPipelineLayoutCreateInfo>(VK_STRUCTURE_TYPE_PIPELINE_LAYOUT_CREATE_INFO);
    layoutInfo.setLayoutCount = 1;
    layoutInfo.pSetLayouts = result.setLayout.address();
    layoutInfo.pushConstantRangeCount = 1;
    layoutInfo.pPushConstantRanges = &range;
    result.layout = create(device, vkCreatePipelineLayout, layoutInfo, "vkCreatePipelineLayout");

    // Pipelines keep what they need: the modules go at the end of this scope.
    const Unique<VkShaderModule> vert = createShaderModule(device, "glide.vert");
    const Unique<VkShaderModule> terrainVert = createShaderModule(device, "glide_terrain.vert");
    const Unique<VkShaderModule> frag = createShaderModule(device, "glide.frag");
    const Unique<VkShaderModule> rainVert = createShaderModule(device, "glide_rain.vert");
    const Unique<VkShaderModule> skyVert = createShaderModule(device, "glide_sky.vert");
    const Unique<VkShaderModule> skyFrag = createShaderModule(device, "glide_sky.frag");
    const auto desc = [&](VkShaderModule v, VkShaderModule f, GlideBlend blend) {
        return glideDesc(result.layout, v, f, colorFormat, depthFormat, blend);
    };
    // In the order they are handed out below: the blend classes, land and water terrain, rain, sky.
    std::vector<GraphicsPipelineDesc> descs;
    for (int i = 0; i < static_cast<int>(GlideBlend::Count); ++i)
        descs.push_back(desc(vert, frag, static_cast<GlideBlend>(i)));
    descs.push_back(desc(terrainVert, frag, GlideBlend::Opaque));
    descs.push_back(desc(terrainVert, frag, GlideBlend::Alpha));
    descs.push_back(desc(rainVert, frag, GlideBlend::Alpha));
    // At depth 1 (glide_sky.vert): drawn after the opaque geometry, it passes only where the
    // clear's 1 is still there, and the test runs before the shader. Alpha blended (the clouds fade
    // out over the fill: renderer::cloudFade), depth not written.
    descs.push_back(desc(skyVert, skyFrag, GlideBlend::Alpha));
    descs.back().depthWrite = false;

    std::vector<Unique<VkPipeline>> made = createGraphicsPipelines(context, descs);
    std::size_t next = 0;
    for (int i = 0; i < static_cast<int>(GlideBlend::Count); ++i)
        result.pipelines[i] = std::move(made[next++]);
    result.terrain[0] = std::move(made[next++]);
    result.terrain[1] = std::move(made[next++]);
    result.rain = std::move(made[next++]);
    result.sky = std::move(made[next++]);
    return result;
}

} // namespace rgx::renderer
