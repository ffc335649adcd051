#pragma once
// The prepared world: everything about a scene that belongs to no one look, worked out once from
// the scene and the user's settings. Both looks (renderer/glide/, renderer/soft/), the glTF export
// and the app read it; none of them derives any of it again.
//
//   scene::Scene  ->  PreparedWorld (this)  ->  a look's renderer  <-  sim::WorldState per frame
//
// A look adds only what is its own (GPU buffers, palette tables) to what it reads here.

#include "renderer/lighting/world_lighting.h"
#include "renderer/look_settings.h"
#include "renderer/sky/rain.h"
#include "renderer/sky/sky.h"
#include "scene/scene_graph.h"
#include "sim/water.h"
#include "view/camera.h"
#include "view/pvo_culling.h"

#include <array>
#include <functional>
#include <optional>
#include <vector>

namespace rgx::renderer {

// The user's settings that shape the prepared world (each command's options). What may change
// per frame (layers, view distance, the explorer's wave sliders) is LookSettings instead.
struct WorldSettings {
    double viewDistance = 1.0; // the default views' far plane, over SYSTEM.INI's back_plane
    // The user's changes to the world's waves (world_wave and SYSTEM.INI's tick rate), applied
    // once to make PreparedWorld::wave: `rgx render`'s wave options. None: the world's as they are.
    std::function<void(sim::WaveSettings&)> editWave;
    double fovYDeg = 60; // the default views' vertical field of view
};

// The fog, one rule for both looks (docs/renderer_scene.md "Fog"): the density at a point is
// FOG.INI's table read at the point's depth along the view axis (w, Glide's fog index), entry 46
// at 3,800 units; towards the fog colour. No FOG.INI table: no fog. Another engine's world: its
// LinearFog as the same 64 entries (linearFogTable).
struct FogModel {
    bool on = false;               // the world has a fog table with some density in it
    std::array<float, 64> table{}; // 0..1 per entry (WorldLighting::fog)
    std::array<float, 3> color{};
    // The density (0..1) at a view depth w (engine units along the camera's forward axis).
    float density(double w) const;
};

struct ClipPlanes {
    double nearPlane = 7, farPlane = 3800;
};

struct PreparedWorld {
    const scene::Scene* scene = nullptr; // what it was prepared from: it must outlive this
    WorldSettings settings;
    WorldLighting lighting; // sun, ambient, MPSL lights, planes, background
    FogModel fog;
    SkyLook sky;
    RainLook rain;
    sim::WaveSettings worldWave; // the world's waves (world_wave, SYSTEM.INI's tick rate)
    sim::WaveSettings wave;      // the waves drawn: worldWave with settings.editWave applied
    view::PvoCulling pvo;        // the world's PVO (culls nothing without one)
    double farPlane = 0;         // at settings.viewDistance (the model viewer: fitted from views[0])
    // The model viewer (a scene without a world): what each node can draw, in the scene frame
    // (empty bounds for a node without a mesh). Its far plane is fitted to the nodes a frame
    // shows, from that frame's camera, and it has no fog, so models laid out 100,000 units apart
    // are never clipped or fogged out. Empty for a world.
    std::vector<scene::Bounds> modelNodeBounds;
    // The default views (views/scene_views.h): 0..2 round the busiest place, and the sky view
    // (turned up at the sun) where the world has a sky. At settings.fovYDeg.
    std::array<view::Camera, 3> views;
    std::optional<view::Camera> skyView;

    // The planes of a frame seen from `eye`. A world's: SYSTEM.INI's front_plane, and its far plane
    // at the frame's view distance (the explorer's slider). The model viewer's, whatever the view
    // distance: the far plane just past the farthest corner of the nodes the world state shows
    // (modelNodeBounds; null state: every node), the near plane front_plane or, for a small model
    // seen from close by, 1/4096 of the far plane (so a 4-unit box framed from 7 units away is not
    // cut open).
    ClipPlanes planesFor(const LookSettings& look, const Vec3& eye,
                         const sim::WorldState* state = nullptr) const;
    // The waves of a frame: its own (the explorer's sliders), else the world's as prepared.
    const sim::WaveSettings& waveFor(const LookSettings& look) const { return look.wave ? *look.wave : wave; }
};

// Prepares `scene` (which must outlive the result). Throws what the parts throw.
PreparedWorld prepareWorld(const scene::Scene& scene, const WorldSettings& settings = {});

} // namespace rgx::renderer
