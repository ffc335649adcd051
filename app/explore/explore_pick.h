#pragma once
// Picking anything in the explorer (issue 32): a ray from the camera against every node's drawn
// geometry (its mesh's triangles where the world state draws it, after a box test), small spheres
// for the nodes drawn with no mesh (lights, markers, triggers, rope bases), flats by the sphere
// that holds every turn of their billboard, and the terrain, which answers with a cell. No ImGui
// and no Vulkan here, so that it can be unit-tested; the explorer's selection is a Selection.

#include "app/explore/explore_actors.h"
#include "renderer/look_settings.h"
#include "scene/scene_graph.h"
#include "sim/world_state.h"

#include <array>
#include <optional>
#include <vector>

namespace rgx::app {

// A terrain cell: the square between vertices (row, column) and (row + 1, column + 1).
struct TerrainCell {
    int row = 0, column = 0;
    bool operator==(const TerrainCell&) const = default;
};

// What the explorer has selected: a node, or a terrain cell (node is then -1). The map window
// marks it too.
struct Selection {
    int node = -1;                   // into Scene::nodes
    std::optional<TerrainCell> cell; // a terrain cell
    bool empty() const { return node < 0 && !cell; }
    bool operator==(const Selection&) const = default;
};

struct PickHit {
    Selection selection;
    double distance = 0; // along the ray, engine units
};

// The pick sphere of a node drawn with no mesh (an editor helper: light, marker, trigger, rope base).
inline constexpr double kPickHelperRadius = 32;

// Distance along the ray to a triangle (either side), or nullopt. The direction need not be unit:
// the distance is in its lengths.
std::optional<double> rayTriangle(const Vec3& origin, const Vec3& direction, const Vec3& a, const Vec3& b,
                                  const Vec3& c);
// Distance along the ray to where it enters the box (0 from inside), or nullopt.
std::optional<double> rayBox(const Vec3& origin, const Vec3& direction, const scene::Bounds& box);
// Where the ray first goes below the terrain, within maxDistance, and the cell there.
std::optional<PickHit> rayTerrain(const Ray& ray, const scene::TerrainGrid& terrain, double maxDistance);

// Node i's world matrix as drawn (the state's override and, when posed, its local transform), the
// mesh and 3DC frame drawn, and whether it is hidden.
struct NodeDrawn {
    Mat4 world;
    int mesh = -1;
    std::uint32_t frame = 0;
    bool hidden = false;
};
NodeDrawn nodeDrawn(const scene::Scene& scene, std::size_t i, const sim::WorldState* drawn);

// Whether a click can pick node i with these layers on: its layer's toggle (renderer::instanceLayer)
// for drawn nodes; the helpers always (they have no layer); the terrain node never (the grid answers).
bool nodePickable(const scene::Scene& scene, std::size_t i, const renderer::LayerToggles& layers);

// The nearest thing the ray hits within maxDistance: a node, or with the terrain layer on a cell.
std::optional<PickHit> pickScene(const scene::Scene& scene, const Ray& ray,
                                 const renderer::LayerToggles& layers, const sim::WorldState* drawn,
                                 double maxDistance);

// The selection's sphere where it is drawn (centre, radius): a node's drawn bounds (its mesh's,
// every frame; a helper's pick sphere), a cell's four corners. nullopt for an empty selection.
std::optional<std::array<double, 4>> selectionSphere(const scene::Scene& scene, const Selection& selection,
                                                     const sim::WorldState* drawn);

// The selection's outline as world-space segments (pairs of points): the twelve edges of a node's
// drawn bounds box (its pick sphere's box for a helper), the four edges of a cell at its corners'
// heights. Empty for an empty selection.
std::vector<std::array<Vec3, 2>> selectionOutline(const scene::Scene& scene, const Selection& selection,
                                                  const sim::WorldState* drawn);

} // namespace rgx::app
