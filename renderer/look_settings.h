#pragma once
// What a frame is asked for and what it reports, whichever look draws it: the layer toggles, the
// look's settings (view distance, PVO, waves) and the per-frame counts. No Vulkan: the software
// renderer (renderer/soft/) and the Vulkan scene renderer share these.

#include "base/error.h"
#include "loaders/enum_names.h"
#include "scene/scene_graph.h"
#include "sim/water.h"

#include <cstdint>
#include <optional>
#include <string>

namespace rgx::renderer {

// The looks rgx draws (renderer/look_renderer.h): Glide is GlideRenderer's (Vulkan,
// renderer/glide/), Software soft::SoftRenderer's (the CPU, renderer/soft/).
enum class Look : std::uint8_t { Glide, Software };
inline constexpr loaders::EnumNames<Look, 2> kLookNames{{"glide", "soft"}};
// What a user reads: "Glide look", "software renderer" (rgx render's lines).
inline constexpr loaders::EnumNames<Look, 2> kLookTitles{{"Glide look", "software renderer"}};
// "glide", "soft"; parseLook throws rgx::Error naming `what` for any other name.
inline const char* lookName(Look look) {
    return kLookNames.name(look, "?");
}
inline Look parseLook(const std::string& text, const std::string& what) {
    if (const auto look = kLookNames.find(text)) return *look;
    throw Error(what, Error::kNoOffset, "", "expected " + kLookNames.list() + ", got \"" + text + "\"");
}

// What the UI's layer toggles switch; all on by default. sky, clouds and sun are the sky's three
// layers (renderer/sky/sky.h): off, the background fill shows where they were; rain is
// renderer/sky/rain.h's.
struct LayerToggles {
    bool terrain = true, statics = true, actors = true, flats = true, fog = true, lights = true, water = true;
    bool sky = true, clouds = true, sun = true, rain = true;
    bool ceilings = true; // a tile-map level's ceilings (scene::NodeKind::Ceiling): off in maps
};

// The software look's rasterizer (renderer/soft/). Perspective correction (--perspective): exact,
// every 16 pixels, affine, or Extents, which follows SYSTEM.INI's perspective_<detail>_x extents (a
// hypothesis, docs/software.md).
enum class PerspectiveMode : std::uint8_t { Exact, Span16, Affine, Extents };
inline constexpr loaders::EnumNames<PerspectiveMode, 4> kPerspectiveNames{
    {"exact", "span16", "affine", "extents"}};
// "exact", "span16", "affine", "extents"; parsePerspectiveMode throws rgx::Error for others.
inline const char* perspectiveModeName(PerspectiveMode mode) {
    return kPerspectiveNames.name(mode, "span16");
}
inline PerspectiveMode parsePerspectiveMode(const std::string& text) {
    if (const auto m = kPerspectiveNames.find(text)) return *m;
    throw Error("--perspective", Error::kNoOffset, "perspective",
                "expected " + kPerspectiveNames.list() + ", got \"" + text + "\"");
}
struct SoftSettings {
    PerspectiveMode perspective = PerspectiveMode::Span16;
    bool dither = false; // ordered (4x4 Bayer) dithering of the light level
    int threads = 0;     // 0: every core (std::thread::hardware_concurrency)
};

struct LookSettings {
    LayerToggles layers;
    double viewDistance = 1.0; // far plane multiplier over SYSTEM.INI's (the "extend view" option)
    bool pvo = true;           // PVO octree culling before the frustum test (the engine's `pvoonoff`)
    // Where the PVO is queried: the camera's position unless set (the explorer's frozen culling
    // camera, to fly around and see what one position lets through).
    std::optional<Vec3> pvoPosition;
    // Water waves (the fxwave* console commands); nothing: the world's (worldWave()).
    std::optional<sim::WaveSettings> wave;
    SoftSettings soft; // the software look's; other looks ignore it
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
    // completed: GlideRenderer::render fills it; recordFrame leaves it empty (the window shows the last
    // completed frame's).
    std::optional<double> computeMs;
    // CPU time of the frame's steps, in milliseconds (0 where a look has no such step): the PVO
    // query, the per-instance layer / PVO / frustum test, grouping the visible instances into
    // draws, and recording the command buffer (renderer/frame.h).
    double pvoMs = 0, frustumMs = 0, drawListMs = 0, recordMs = 0;
};

} // namespace rgx::renderer
