#pragma once
// MPRP ropes swinging. The reference names two fields, "swing parameter" and "speed parameter",
// and no more; the motion is chosen here, in one place (docs/renderer_scene.md): each rope turns
// as one rigid pendulum about its base point, about the base frame's x axis (across the rope's
// heading), by
//   angle = swing x 2 pi / 2048 x sine[(ticks x speed) mod 2048]
// swing in engine angle units (2048 to a turn), speed in steps of the engine's 2048-entry sine
// table (sim/water.h waveSineTable, the table the reference says the engine shares for its
// animation) per game tick, in whole ticks. The demo's ropes (swing 64, speed 8) sway 11 degrees
// each way about every 21 seconds.

#include "scene/scene_graph.h"

#include <cstdint>

namespace rgx::sim {

// The angle (radians) at a time; 0 at time 0 and for swing or speed 0.
double ropeSwingAngle(const scene::RopeInfo& rope, double seconds, double ticksPerSecond);

// What a rope link or end must be transformed by (NodeState::local, applied before node.world) to
// turn with its rope: the rotation by `angle` about the base's x axis through the base point.
// base and node are the two nodes' world matrices (rigid).
Mat4 ropeSwingLocal(const Mat4& base, const Mat4& node, double angle);

} // namespace rgx::sim
