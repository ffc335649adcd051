#pragma once
// The Glide look's per-frame uniforms, made from the prepared world's lighting, fog and planes
// (renderer/lighting/world_lighting.h holds the formulas both looks share). The fog is the
// prepared world's FogModel: FOG.INI's table at the depth w, evaluated per pixel by glide.frag.

#include "renderer/lighting/world_lighting.h"
#include "renderer/sky/sky.h"
#include "renderer/vk/vulkan.h"
#include "renderer/world/prepared_world.h"
#include "shaders/shared.h"

namespace rgx::renderer {

static_assert(kMaxFrameLights == shaders::kGlideMaxLights);

// The frame block: the camera's matrices, the world's sun, ambient light and fog from the prepared
// world, and the frame's lights (frameLights, with the world state's).
shaders::GlideFrame glideFrame(const PreparedWorld& world, const view::Camera& camera, VkExtent2D extent,
                               double timeSeconds, const LookSettings& settings,
                               const sim::WorldState* state);

// The sky pass's uniforms: the layers on (skyLayers) whose images were uploaded (textures: their
// GlideTexture indices per SkyLayer, -1 for none), this camera's rays, the clouds' scroll.
shaders::GlideSky glideSky(const SkyLook& sky, const std::array<int, 3>& textures, const view::Camera& camera,
                           VkExtent2D extent, double timeSeconds, const LayerToggles& layers);

} // namespace rgx::renderer
