#pragma once
// What both looks take from the world rather than from the meshes: the sun, ambient light, MPSL
// lights, the FOG.INI ramp and colour, the clipping planes and the background fill; and the per-vertex
// light made from them. The Glide look (renderer/glide/) sends it to its shaders, the software
// look (renderer/soft/) shades with it on the CPU: one formula, so the two looks are lit alike.
//
// Lighting (per vertex, Gouraud):  light = clamp(ambient + sun * max(n . toSun, 0) + sum(lights), 0, 1)
//   per channel, before it multiplies the texel (the reference's terrain pipeline: "Per-vertex
//   RGB from ambient + directional dot-product, clamped to [0, 255]")
//   ambient = world_ambientrgb / 255 * world_ambient / 128  (SYSTEM.INI ambient_light without
//             world_ambient; white without world_ambientrgb)
//   sun     = world_sunrgb.rgb / 255 * world_sun.intensity / 255, towards engineToScene(world_sun)
//             (world_sunrgb's scale is not used; no world_sun: no sun)
//   light i = colour * intensity * max(1 - d / range, 0) * lambert_i, by the MPSL record's kind
//             (lightKind): light_param 0 an ambient light (lambert 1: it lights every side),
//             28 a directional one (lambert max(n . -direction, 0), its direction vector), any
//             other value a point light (lambert max(n . toLight, 0)); intensity param0 / 255 and
//             range param1 (a hypothesis: docs/renderer_scene.md; 0 or less gives 1 and
//             kLightRadius). Placed objects only: the terrain takes the sun and the ambient light.
//             An MPSL record whose channel_map is all zero is no light.
// (shaders/glide_lighting.glsl is the same formula on the GPU.)
// Planes: near = front_plane, far = back_plane * LookSettings::viewDistance (the reference's
// back_plane, 3800: the engine's 33 x 33-cell terrain window; a view distance above 1 is the
// explorer's "extended" view).
// The model viewer (a scene without a world) gets a fixed key light and a far plane past the model.

#include "renderer/look_settings.h"
#include "scene/scene_graph.h"
#include "sim/world_state.h"
#include "view/camera.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <optional>
#include <vector>

namespace rgx::renderer {

inline constexpr double kLightRadius = 1536.0;
// The most MPSL lights that light one frame (the nearest to the camera).
inline constexpr std::size_t kMaxFrameLights = 16;

// An MPSL light's kind, from its light_param (the reference: "Zero for ambient lights; 28 for
// directional lights"); the values match shaders/shared.h kGlideLight*.
enum class LightKind : std::uint8_t { Point = 0, Ambient = 1, Directional = 2 };
LightKind lightKind(std::uint32_t lightParam);

struct PointLight {
    std::array<float, 3> position{}; // scene frame
    float radius = static_cast<float>(kLightRadius);
    std::array<float, 3> color{}; // linear 0..1, times the intensity
    LightKind kind = LightKind::Point;
    std::array<float, 3> toLight{0, 1, 0}; // Directional: unit, against the direction vector
    // The record's colour and intensity apart (color is their product), for a world state's
    // overrides; and the scene node it belongs to (sim::WorldState::lights is by node).
    std::array<float, 3> rgb{};
    float intensity = 1;
    std::uint32_t node = 0;
};

// The light of an MPSL record at a scene position (the rules above).
PointLight mpslLight(const scene::LightInfo& info, const Vec3& position);
// A script's object light (sim::ObjectLight) as a point light: both looks and the export light it so.
PointLight objectPointLight(const sim::ObjectLight& light);

struct WorldLighting {
    std::array<float, 3> sunDirection{0, 1, 0}, sunColor{0, 0, 0}, ambient{1, 1, 1}, fogColor{0, 0, 0};
    std::array<float, 64> fog{}; // 0..1 per band
    bool hasFog = false;
    double nearPlane = 7, farPlane = 3800;  // far before viewDistance
    std::vector<PointLight> lights;         // every MPSL light (the nearest are used per frame)
    std::array<float, 4> clear{0, 0, 0, 1}; // the background fill (worldBackground)
    // The world palette's index of the fill where WORLD.INI names one (the software look uses it
    // as it is instead of the nearest colour).
    std::optional<std::uint8_t> clearIndex;
};

// WORLD.INI world_background, the reference's "Background Fill" (drawn behind the sky layers):
// 0 (or none) black; 2 the sky colour; any other value that index of the world palette. The sky
// colour is "derived from the palette" in the reference and no more: here it is the mean colour
// of the GXA panorama's bottom row (where the sky meets the horizon, so the fill continues it)
// through the panorama's palette, skipping index 0 (transparent); without a panorama,
// world_fogrgb; else black (docs/renderer_scene.md).
struct WorldBackground {
    std::array<float, 3> rgb{0, 0, 0};
    std::optional<std::uint8_t> paletteIndex;
};
WorldBackground worldBackground(const scene::Scene& scene);

// From the scene's world and its environment (SYSTEM.INI and FOG.INI as read with the scene).
WorldLighting worldLighting(const scene::Scene& scene);

// Towards the sun, unit, in the scene frame: engineToScene(world_sun's x, y, z). What lights the
// world and where the sun disc stands (renderer/sky/sky.h); nothing without world_sun or for a
// zero vector.
std::optional<Vec3> worldSunDirection(const loaders::WorldEntry& world);

// Glide's fog table (FOG.INI's 64 entries): entry i holds at w = 2^(3 + i/4) / (8 - i%4), Glide's
// guFogTableIndexToW.
double glideFogTableW(int index);

// The fractional fog-table entry at a depth w along the view axis (Glide indexes its fog table by
// w, not by radial distance): w x glideFogTableW(46) / 3800 (the reference's anchor, "46 is the
// final value for 3800 render distance": shaders/shared.h kGlideFogAnchorIndex,
// kGlideFogAnchorDistance), placed between the two entries whose w hold it, linearly in w. 0 below
// w = 1, 63 past the last entry; NaN is 0. shaders/glide.frag computes the same;
// renderer/world/prepared_world.h's FogModel reads the table with it for both looks.
double fogTableIndex(double depth);

// The 64 densities of a fog that thickens linearly with depth, from none at `start` to whole at
// `end` (scene/look_environment.h LinearFog), at the depths of Glide's fog table entries (the
// inverse of fogTableIndex): what both looks draw another engine's fog with. All 0 when end <=
// start. Between entries the looks interpolate, so the ramp is linear only at the entries.
std::array<float, 64> linearFogTable(double start, double end);

// The far plane for these settings: SYSTEM.INI's times the view distance.
double lookFarPlane(const WorldLighting& lighting, const LookSettings& settings);

// The lights of a frame: the world state's (sim::LightState: a light off is left out, its colour,
// intensity and radius overrides replace the record's; null: every light as recorded), up to
// kMaxFrameLights nearest to the camera (ties by scene order, so the choice is deterministic),
// the scripts' object lights (sim::WorldState::objectLights) among them, after the MPSL lights in
// that order; none when the lights layer is off.
std::vector<PointLight> frameLights(const WorldLighting& lighting, const Vec3& camera,
                                    const LayerToggles& layers, const sim::WorldState* world = nullptr);

// The lights that can reach some point of a sphere (centre, radius), in order, into `near`
// (cleared first; its storage is reused, as the software renderer asks once per instance and
// chunk every frame): what gouraudLight needs for the vertices inside it (the others add nothing).
void lightsNear(const std::vector<PointLight>& lights, const std::array<float, 4>& sphere,
                std::vector<PointLight>& near);

// The Gouraud light at a world position p with unit normal n (the formula above), RGB, each
// channel clamped to [0, 1]. Inline: the software look calls it for every vertex it draws.
inline std::array<float, 3> gouraudLight(const WorldLighting& env, const std::vector<PointLight>& lights,
                                         const std::array<float, 3>& p, const std::array<float, 3>& n) {
    const float sun =
        std::max(n[0] * env.sunDirection[0] + n[1] * env.sunDirection[1] + n[2] * env.sunDirection[2], 0.0f);
    std::array<float, 3> light{env.ambient[0] + env.sunColor[0] * sun, env.ambient[1] + env.sunColor[1] * sun,
                               env.ambient[2] + env.sunColor[2] * sun};
    for (const PointLight& l : lights) {
        const float dx = l.position[0] - p[0], dy = l.position[1] - p[1], dz = l.position[2] - p[2];
        const float distSq = dx * dx + dy * dy + dz * dz;
        if (!(distSq < l.radius * l.radius)) continue; // out of reach: adds nothing
        const float dist = std::sqrt(distSq);
        const float falloff = std::clamp(1.0f - dist / l.radius, 0.0f, 1.0f);
        if (falloff <= 0) continue;
        float lambert = 1.0f; // LightKind::Ambient
        if (l.kind == LightKind::Point)
            lambert = dist > 0 ? std::max((n[0] * dx + n[1] * dy + n[2] * dz) / dist, 0.0f) : 1.0f;
        else if (l.kind == LightKind::Directional)
            lambert = std::max(n[0] * l.toLight[0] + n[1] * l.toLight[1] + n[2] * l.toLight[2], 0.0f);
        for (int i = 0; i < 3; ++i)
            light[i] += l.color[i] * falloff * lambert;
    }
    return {std::clamp(light[0], 0.0f, 1.0f), std::clamp(light[1], 0.0f, 1.0f),
            std::clamp(light[2], 0.0f, 1.0f)};
}

// The column-major view-projection matrix of a camera (view::viewMatrix, view::projectionMatrix:
// Vulkan clip space, depth 0..1, y down) for a target of this aspect and these planes.
std::array<float, 16> viewProjection(const view::Camera& camera, double aspect, double nearPlane,
                                     double farPlane);

} // namespace rgx::renderer
