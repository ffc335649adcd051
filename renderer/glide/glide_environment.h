#pragma once
// Everything the Glide look takes from the world rather than from the meshes: the sun, ambient
// light, MPSL lights, the FOG.INI ramp and colour, the clipping planes; and the per-frame
// uniforms made from them. Every Glide-specific number is decided here (a software look gets its
// own file).
//
// Lighting (per vertex, Gouraud):  light = ambient + sun * max(n . toSun, 0) + sum(lights)
//   ambient = world_ambientrgb / 255 * world_ambient / 128  (SYSTEM.INI ambient_light without
//             world_ambient; white without world_ambientrgb)
//   sun     = world_sunrgb.rgb / 255 * world_sun.intensity / 255, towards engineToScene(world_sun)
//             (world_sunrgb's scale is not used; no world_sun: no sun)
//   light i = colour * max(1 - d / kGlideLightRadius, 0) * max(n . toLight, 0)
//   pixel   = texel (or the solid palette colour) * light, clamped to 1
// Fog: the FOG.INI density of band floor(distance / far * 64) mixes towards world_fogrgb.
// Planes: near = front_plane, far = back_plane * kGlidePlaneScale * LookSettings::viewDistance.
// The model viewer (a scene without a world) gets a fixed key light and a far plane past the model.

#include "renderer/scene_renderer.h"
#include "shaders/shared.h"

#include <array>
#include <vector>

namespace rgx::renderer {

// SYSTEM.INI's planes read as engine units / 8: back_plane 3800 reaches ~30,000 units (~119
// terrain cells), about what the game shows; at 1:1 the fog would close in after 15 cells.
inline constexpr double kGlidePlaneScale = 8.0;
inline constexpr double kGlideLightRadius = 1536.0;

struct GlideEnvironment {
    std::array<float, 3> sunDirection{0, 1, 0}, sunColor{0, 0, 0}, ambient{1, 1, 1}, fogColor{0, 0, 0};
    std::array<float, 64> fog{}; // 0..1 per band
    bool hasFog = false;
    double nearPlane = 7, farPlane = 3800 * kGlidePlaneScale; // far before viewDistance
    std::vector<shaders::GlideLight> lights; // every MPSL light (the nearest are used per frame)
    std::array<float, 4> clear{0, 0, 0, 1};
};

// From the scene's world and its environment (SYSTEM.INI and FOG.INI as read with the scene).
GlideEnvironment glideEnvironment(const scene::Scene& scene);

double glideFarPlane(const GlideEnvironment& env, const LookSettings& settings);

shaders::GlideFrame glideFrame(const GlideEnvironment& env, const sim::Camera& camera, VkExtent2D extent,
                               double timeSeconds, const LookSettings& settings);

} // namespace rgx::renderer
