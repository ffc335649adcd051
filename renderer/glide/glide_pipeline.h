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

struct GlidePipelines {
    Unique<VkDescriptorSetLayout> setLayout;
    Unique<VkPipelineLayout> layout;
    Unique<VkPipeline> pipelines[static_cast<int>(GlideBlend::Count)];
    Unique<VkPipeline> terrain[2]; // glide_terrain.vert: land (opaque), water (alpha blended)
    Unique<VkPipeline> sky;        // glide_sky.*: a full-target triangle at depth 1, tested, not written
    Unique<VkPipeline> rain;       // glide_rain.vert: the frame's rain streaks (alpha blended)
};

// The set layout's bindings are shaders::kGlideBinding* (shaders/shared.h): binding
// every binding a storage buffer, kGlideBindingFrame the GlideFrame too (shaders/shared.h says why).

// The pipelines are made side by side on the CPU's cores, with the context's pipeline cache.
GlidePipelines createGlidePipelines(const VulkanContext& context, VkFormat colorFormat, VkFormat depthFormat);

} // namespace rgx::renderer
