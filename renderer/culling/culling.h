#pragma once
// Which placed meshes a frame draws, decided the same way for both looks: the editor helpers are
// never drawn, each instance belongs to a layer toggle, the PVO answer is applied before the
// frustum test (as the engine does its PVO check before drawing an object), and the frustum test
// uses one bounding sphere per instance (a billboard's holds every turn it can make).

#include "renderer/look_settings.h"
#include "scene/scene_graph.h"
#include "sim/world_state.h"

#include <array>
#include <cstdint>
#include <vector>

namespace rgx::renderer {

// Which layer toggle an instance belongs to.
enum class InstanceLayer : std::uint8_t { Terrain, Statics, Actors, Flats, Ceilings };
InstanceLayer instanceLayer(scene::NodeKind kind);
bool layerOn(InstanceLayer layer, const LayerToggles& toggles);

// Whether node i is drawn as a placed mesh: it has a mesh and is not an editor helper (light,
// marker, trigger) nor skipNode (a node drawn another way: the terrain from its grid).
bool drawnAsInstance(const scene::Scene& scene, std::size_t i, int skipNode = -1);
// Per scene mesh, whether a node drawn as an instance can show it (scene::nodeMeshes): the
// geometry a renderer must keep.
std::vector<bool> drawnMeshes(const scene::Scene& scene, int skipNode = -1);

// The world bounding sphere (centre, radius) of scene::nodeDrawBounds (every frame an actor or
// its held item can show); for a flat (a billboard that turns
// about its origin) the sphere round its origin that holds every turn. Radius 1e30 for a mesh
// without bounds.
std::array<float, 4> instanceSphere(const scene::Scene& scene, const scene::SceneNode& node);

// The six frustum planes (a, b, c, d; ax + by + cz + d >= 0 inside, normalized) of a column-major
// clip matrix with Vulkan's 0..1 depth, and whether a sphere (centre, radius) touches the frustum.
using FrustumPlanes = std::array<std::array<float, 4>, 6>;
FrustumPlanes frustumPlanes(const float (&viewProj)[16]);
bool sphereVisible(const FrustumPlanes& planes, const std::array<float, 4>& sphere);

} // namespace rgx::renderer
