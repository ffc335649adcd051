#pragma once
// Rain, drawn by both looks where WORLD.INI gives a world rain (world_rain_*: world 6 in the
// game, the demo's night island). The reference names the keys and no more ("Frames between rain
// drop spawns", "Maximum simultaneous rain drops", "Vertical start height for rain drops
// (negative = above ground)", "Vertical end height where drops are removed", "Sphere defining a
// rain zone"); the rest is chosen here, in one place (docs/renderer_scene.md, "Rain"):
//
//   where   while the eye is inside one of the world_rain_sphereK spheres (engine x, y, z, r,
//           turned into the scene frame like every position);
//   drops   world_rain_drops of them (at most kMaxRainDrops) falling at once, each at a fixed
//           place of a kRainBox-wide square tiled over the world (so they stay put as the eye
//           moves and every eye is surrounded), from -world_rain_start units above the ground
//           under it down to -world_rain_end above it (the terrain's height there, bilinear
//           between grid vertices; the eye's height where there is no terrain), at
//           kRainFallSpeed, in whole game ticks (the engine moves them once a frame, like the
//           waves); a drop's streak is as long as one tick's fall;
//   look    a streak kRainWidth wide facing the eye (none within kRainNearest of it), in kRainColor, drawn
//   with the transparent
//           render mode's blend after the other blended geometry, fogged like it, unlit.
//
// world_rain_delay (the spawn interval) only shapes how the rain builds up after the engine
// starts it; a viewer sees it in its steady state, every drop falling: not applied.

#include "renderer/look_settings.h"
#include "scene/scene_graph.h"
#include "view/camera.h"

#include <array>
#include <cstdint>
#include <vector>

namespace rgx::renderer {

inline constexpr double kRainFallSpeed = 1200; // engine units a second (about 12 m/s)
inline constexpr double kRainBox = 1024;       // the square of drops round the eye, units a side
inline constexpr double kRainWidth = 2;        // a streak's width, units
inline constexpr double kRainNearest = 48;     // drops nearer the eye (horizontally) are not drawn:
                                               // a streak at arm's length would be a wide bar
inline constexpr int kMaxRainDrops = 4096;
inline constexpr std::array<std::uint8_t, 3> kRainColor{170, 180, 200};

struct RainSphere {
    Vec3 centre; // scene frame
    double radius = 0;
};

struct RainLook {
    int drops = 0;                   // 0: the world has no rain
    double top = 2000, bottom = 0;   // above the ground: -world_rain_start, -world_rain_end
    double ticksPerSecond = 12;      // SYSTEM.INI normal_frame_rate
    std::vector<RainSphere> spheres; // where it falls
    std::vector<float> ground;       // the terrain's heights (scene::TerrainGrid); empty: none
    // The ground at (x, z): bilinear between the grid's vertices, clamped to the grid; `eyeY`
    // without terrain.
    double groundAt(double x, double z, double eyeY) const;
    bool any() const { return drops > 0 && top > bottom && !spheres.empty(); }
};

// The rain of a scene's world: none without world_rain_drops > 0, a sphere, or a start above the
// end.
RainLook rainLook(const scene::Scene& scene);

// Whether rain falls at the eye: the world has rain, the layer is on, and the eye is inside a
// sphere.
bool rainFalls(const RainLook& rain, const Vec3& eye, const LayerToggles& layers);

// One drop's streak: a quad facing the eye, corners bottom-left, bottom-right, top-right,
// top-left (scene frame).
using RainStreak = std::array<std::array<float, 3>, 4>;

// The frame's streaks (out is cleared first; nothing where rainFalls is false).
void rainStreaks(const RainLook& rain, const view::Camera& camera, double timeSeconds,
                 const LayerToggles& layers, std::vector<RainStreak>& out);

// Where drop i's streak hangs at a time (eye: the camera's position): its top (scene frame) and
// length; what rainStreaks draws.
struct RainDrop {
    Vec3 top;
    double length = 0;
};
RainDrop rainDrop(const RainLook& rain, const Vec3& eye, int i, double timeSeconds);

} // namespace rgx::renderer
