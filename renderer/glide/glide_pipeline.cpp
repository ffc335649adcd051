#include "renderer/glide/glide_pipeline.h"

#include "renderer/vk/graphics_pipeline.h"
#include "renderer/vk/shader_module.h"
#include "renderer/vk/vk_check.h"
#include "scene/scene_graph.h"
#include "shaders/shared.h"

#include <iterator>
#include <span>
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

namespace {

enum Module { kVert, kTerrainVert, kFrag, kRainVert, kSkyVert, kSkyFrag };

// The state of each pipeline, in GlidePipeline's order.
GraphicsPipelineDesc pipelineDesc(const GlidePipelines& p, GlidePipeline which) {
    const auto desc = [&](Module v, Module f, GlideBlend blend) {
        return glideDesc(p.layout, p.modules[v], p.modules[f], p.colorFormat, p.depthFormat, blend);
    };
    switch (which) {
    case GlidePipeline::Opaque:
    case GlidePipeline::Alpha:
    case GlidePipeline::Additive:
        return desc(kVert, kFrag, static_cast<GlideBlend>(which));
    case GlidePipeline::TerrainLand:
        return desc(kTerrainVert, kFrag, GlideBlend::Opaque);
    case GlidePipeline::TerrainWater:
        return desc(kTerrainVert, kFrag, GlideBlend::Alpha);
    case GlidePipeline::Rain:
        return desc(kRainVert, kFrag, GlideBlend::Alpha);
    case GlidePipeline::Sky:
    case GlidePipeline::Count:
        break;
    }
    // At depth 1 (glide_sky.vert): drawn after the opaque geometry, it passes only where the
    // clear's 1 is still there, and the test runs before the shader. Alpha blended (the clouds fade
    // out over the fill: renderer::cloudFade), depth not written.
    GraphicsPipelineDesc sky = desc(kSkyVert, kSkyFrag, GlideBlend::Alpha);
    sky.depthWrite = false;
    return sky;
}

} // namespace

VkPipeline GlidePipelines::get(GlidePipeline which) {
    Unique<VkPipeline>& slot = pipelines[static_cast<int>(which)];
    if (static_cast<VkPipeline>(slot) == VK_NULL_HANDLE) {
        const GraphicsPipelineDesc desc = pipelineDesc(*this, which);
        slot = std::move(createGraphicsPipelines(*context, std::span(&desc, 1)).front());
    }
    return slot;
}

int GlidePipelines::made() const {
    int n = 0;
    for (const Unique<VkPipeline>& p : pipelines)
        n += static_cast<VkPipeline>(p) != VK_NULL_HANDLE ? 1 : 0;
    return n;
}

GlidePipelines createGlidePipelines(const VulkanContext& context, VkFormat colorFormat, VkFormat depthFormat,
                                    const GlidePipelineNeeds& needs) {
    using namespace shaders;
    const VkDevice device = context.vk();
    GlidePipelines result;
    result.context = &context;
    result.colorFormat = colorFormat;
    result.depthFormat = depthFormat;
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

    // In Module's order; kept, so that a pipeline not needed up front can be made later.
    const char* const names[] = {"glide.vert",      "glide_terrain.vert", "glide.frag",
                                 "glide_rain.vert", "glide_sky.vert",     "glide_sky.frag"};
    static_assert(std::size(names) == GlidePipelines::kModuleCount);
    for (int m = 0; m < GlidePipelines::kModuleCount; ++m)
        result.modules[m] = createShaderModule(device, names[m]);

    std::vector<GlidePipeline> wanted;
    for (int i = 0; i < static_cast<int>(GlideBlend::Count); ++i)
        if (needs.blend[i]) wanted.push_back(static_cast<GlidePipeline>(i));
    if (needs.terrain) {
        wanted.push_back(GlidePipeline::TerrainLand);
        wanted.push_back(GlidePipeline::TerrainWater);
    }
    if (needs.rain) wanted.push_back(GlidePipeline::Rain);
    if (needs.sky) wanted.push_back(GlidePipeline::Sky);
    std::vector<GraphicsPipelineDesc> descs;
    for (const GlidePipeline w : wanted)
        descs.push_back(pipelineDesc(result, w));
    std::vector<Unique<VkPipeline>> made = createGraphicsPipelines(context, descs);
    for (std::size_t i = 0; i < wanted.size(); ++i)
        result.pipelines[static_cast<int>(wanted[i])] = std::move(made[i]);
    return result;
}

} // namespace rgx::renderer
