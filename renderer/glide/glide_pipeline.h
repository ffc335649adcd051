#pragma once
// The Glide look's pipelines: one descriptor set layout (the frame's block and the scene's storage
// buffers), one pipeline layout (GlidePush), and a pipeline per blend class of the scene's render
// modes (scene::RenderMode): opaque (standard, other, cut-out), alpha blended (transparent/mirror,
// water) and additive (beam). Blended pipelines test depth but do not write it.

#include "renderer/vk/context.h"
#include "renderer/vk/handle.h"
#include "scene/scene_graph.h"

#include <cstdint>

namespace rgx::renderer {

enum class GlideBlend : std::uint8_t { Opaque, Alpha, Additive, Count };

GlideBlend glideBlendFor(scene::RenderMode renderMode);

// Every pipeline the look has. The first three are the blend classes in GlideBlend's order.
enum class GlidePipeline : std::uint8_t {
    Opaque,
    Alpha,
    Additive,
    TerrainLand,  // glide_terrain.vert, opaque
    TerrainWater, // glide_terrain.vert, alpha blended
    Rain,         // glide_rain.vert: the frame's rain streaks (alpha blended)
    Sky,          // glide_sky.*: a full-target triangle at depth 1, tested, not written
    Count
};

// The pipelines a world draws: the blend classes of its materials, the terrain's two where it
// has terrain, the sky where it has one, rain where it rains. Made up front; on lavapipe each
// pipeline costs milliseconds of LLVM, so a world without terrain or sky does not pay for them.
struct GlidePipelineNeeds {
    bool blend[static_cast<int>(GlideBlend::Count)] = {};
    bool terrain = false, sky = false, rain = false;
};

// The set layout's bindings are shaders::kGlideBinding* (shaders/shared.h): binding
// every binding a storage buffer, kGlideBindingFrame the GlideFrame too (shaders/shared.h says why).
struct GlidePipelines {
    Unique<VkDescriptorSetLayout> setLayout;
    Unique<VkPipelineLayout> layout;

    // The pipeline, made now (alone, with the context's pipeline cache) when it was not needed up
    // front: a world's needs are a forecast, never a limit. Not locked: only the one thread that
    // records the renderer's frames calls it. A pipeline made here costs the frame that first
    // draws with it, and counts in neither glide.pipelines_ms nor glide.pipelines_made.
    VkPipeline get(GlidePipeline which);
    VkPipeline get(GlideBlend blend) { return get(static_cast<GlidePipeline>(blend)); }
    // How many are made so far.
    int made() const;

    // Internal: what get() makes a missing pipeline from (the modules live as long as this).
    const VulkanContext* context = nullptr;
    VkFormat colorFormat = VK_FORMAT_UNDEFINED, depthFormat = VK_FORMAT_UNDEFINED;
    static constexpr int kModuleCount = 6; // glide.vert/.frag, terrain, rain, sky .vert/.frag
    Unique<VkShaderModule> modules[kModuleCount];
    Unique<VkPipeline> pipelines[static_cast<int>(GlidePipeline::Count)];
};

// The layouts, and the pipelines `needs` names made side by side on the CPU's cores, with the
// context's pipeline cache.
GlidePipelines createGlidePipelines(const VulkanContext& context, VkFormat colorFormat, VkFormat depthFormat,
                                    const GlidePipelineNeeds& needs);

} // namespace rgx::renderer
