#pragma once
// What a frame is asked for and what it reports, whichever look draws it: the layer toggles, the
// look's settings (view distance, PVO, waves) and the per-frame counts. No Vulkan: the software
// renderer (renderer/soft/) and the Vulkan scene renderer share these.

#include "scene/scene_graph.h"
#include "sim/water.h"

#include <cstdint>
#include <optional>

namespace rgx::renderer {

// Which look a frame is drawn in: the Glide look is the Vulkan SceneRenderer's
// (renderer/scene_renderer.h), the software look soft::SoftRenderer's (renderer/soft/); each
// draws its own look whatever this says, and the callers set it to the one they draw with.
enum class Look : std::uint8_t { Glide, Software };

// What the UI's layer toggles switch; all on by default. sky, clouds and sun are the sky's three
// layers (renderer/look/sky.h): off, the background fill shows where they were; rain is
// renderer/look/rain.h's.
struct LayerToggles {
    bool terrain = true, statics = true, actors = true, flats = true, fog = true, lights = true, water = true;
    bool sky = true, clouds = true, sun = true, rain = true;
};

struct LookSettings {
    Look look = Look::Glide;
    LayerToggles layers;
    double viewDistance = 1.0; // far plane multiplier over SYSTEM.INI's (the "extend view" option)
    bool pvo = true;           // PVO octree culling before the frustum test (the engine's `pvoonoff`)
    // Where the PVO is queried: the camera's position unless set (the explorer's frozen culling
    // camera, to fly around and see what one position lets through).
    std::optional<scene::Vec3> pvoPosition;
    // Water waves (the fxwave* console commands); nothing: the world's (worldWave()).
    std::optional<sim::WaveSettings> wave;
};

// Per-frame counts for the overlay and `rgx render`.
// Objects are instances (the terrain counts as one): objectsTotal those whose layer is on,
// objectsAfterPvo those the PVO lets through too, objects those also in the frustum (drawn).
struct FrameStats {
    std::uint32_t draws = 0, triangles = 0, objects = 0;
    std::uint32_t objectsTotal = 0, objectsAfterPvo = 0;
    bool pvoApplied = false;   // a PVO was queried (on, present, and the position inside it)
    std::int32_t pvoNode = -1; // the octree node that answered, -1 when not applied
    // GPU time of the frame's terrain compute (computeMilliseconds), known only once the frame has
    // completed: renderToImage fills it; recordFrame leaves it empty (the window shows the last
    // completed frame's).
    std::optional<double> computeMs;
    // CPU time of the frame's steps, in milliseconds (0 where a look has no such step): the PVO
    // query, the per-instance layer / PVO / frustum test, grouping the visible instances into
    // draws, and recording the command buffer (renderer/frame.h).
    double pvoMs = 0, frustumMs = 0, drawListMs = 0, recordMs = 0;
    bool multiDraw = false; // the meshes went out as one multi-draw indirect call per pipeline
};

} // namespace rgx::renderer
