#pragma once
// The default viewpoint inside an interior (a world without terrain): standing in a room, not
// above the level's shell, whose ceilings hide everything inside. Found with rays against the
// placed geometry (no culling: models' winding is not trusted): a vertical line through a spot
// crosses a floor below and a ceiling above, and the camera stands between them at eye height,
// turned to the longest free sight line of the ones tried.

#include "scene/scene_graph.h"
#include "view/camera.h"

#include <optional>
#include <vector>

namespace rgx::renderer {

// Eye height above the floor found under the camera, at most (and at most half the room's height).
inline constexpr double kInteriorEyeHeight = 160;
// A room: at least this tall between floor and ceiling, and the camera at least kInteriorClearance
// from any wall along the sight lines tried.
inline constexpr double kInteriorMinHeight = 192;
inline constexpr double kInteriorClearance = 64;
// Spots tried round the preferred one: a square grid of this pitch, this many steps each way,
// shifted by a fraction of a unit so that no spot lies on a wall's plane (walls sit on whole units).
inline constexpr double kInteriorSearchStep = 128;
inline constexpr int kInteriorSearchSteps = 8;
inline constexpr double kInteriorGridOffset = 0.37;
// Walled in: at least this many of the eight compass lines meet a wall within the level (between
// two storeys, or beside the level, they run out of it).
inline constexpr int kInteriorWalledLines = 6;
// A room, not the inside of a solid box: its most open heading sees at least this far.
inline constexpr double kInteriorMinSight = 384;
inline constexpr double kInteriorPitch = -8; // degrees: nearly level, a little floor in view
// A heading's openness: the mean free distance of the sight lines this far either side of it.
inline constexpr double kInteriorFan = 20;
// The views asked of one spot (the tour's three) look at least this far apart.
inline constexpr double kInteriorViewsApart = 60;

// World-space triangles of what stands where it is drawn (three corners each): placed meshes but
// the terrain, editor helpers, flats (billboards) and held items.
std::vector<Vec3> placedTriangles(const scene::Scene& scene);

// The distance along the ray (origin, unit direction) to the nearest triangle it crosses, at most
// maxDistance (returned when nothing is crossed before).
double rayDistance(const std::vector<Vec3>& triangles, const Vec3& origin, const Vec3& direction,
                   double maxDistance);

// A camera standing in a room near `preferred`: the nearest spot of the search grid (by square
// rings) with a floor below and a ceiling at least kInteriorMinHeight above it (of several
// storeys, the floor nearest preferred.y first), kInteriorClearance free in the eight compass
// directions, walled in (kInteriorWalledLines) and seeing kInteriorMinSight far. Yaw: view 0 the
// most open heading (every 15 degrees; openness is the mean free distance, up to farPlane, of the
// sight lines within kInteriorFan of it), view k the k-th most open of those at least
// kInteriorViewsApart from the ones before. nullopt when no spot of the grid is inside a room.
std::optional<view::Camera> interiorCamera(const std::vector<Vec3>& triangles, const Vec3& preferred,
                                           int view, double farPlane);

} // namespace rgx::renderer
