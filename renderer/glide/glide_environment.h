#pragma once
// The Glide look's per-frame uniforms, made from the world's lighting, fog and planes
// (renderer/look/world_lighting.h holds the formulas both looks share). The Glide fog: the
// FOG.INI density of band floor(distance / far * 64) mixes towards world_fogrgb.

#include "renderer/look/sky.h"
#include "renderer/look/world_lighting.h"
#include "renderer/scene_renderer.h"
#include "shaders/shared.h"

namespace rgx::renderer {

// The Glide look's names for the shared world lighting.
inline constexpr double kGlideLightRadius = kLightRadius;
static_assert(kMaxFrameLights == shaders::kGlideMaxLights);
using GlideEnvironment = WorldLighting;

inline GlideEnvironment glideEnvironment(const scene::Scene& scene) {
    return worldLighting(scene);
}
inline double glideFarPlane(const GlideEnvironment& env, const LookSettings& settings) {
    return lookFarPlane(env, settings);
}

shaders::GlideFrame glideFrame(const GlideEnvironment& env, const sim::Camera& camera, VkExtent2D extent,
                               double timeSeconds, const LookSettings& settings);

// The sky pass's uniforms: the layers on (skyLayers) whose images were uploaded (textures: their
// GlideTexture indices per SkyLayer, -1 for none), this camera's rays, the clouds' scroll.
shaders::GlideSky glideSky(const SkyLook& sky, const std::array<int, 3>& textures, const sim::Camera& camera,
                           VkExtent2D extent, double timeSeconds, const LayerToggles& layers);

} // namespace rgx::renderer
