#pragma once
// A Riot level layer's mesh (docs/formats/drakan_scene.md "Layers"): two triangles a cell, split
// by its divider, in the layer node's frame (the layer's north-west corner at its world height):
// x east, y up, z south, kCellUnits a cell, heights in world units / kWorldUnitsPerSceneUnit.
// Corners a (north-west), b (north-east), c (south-west), d (south-east); a '/' cell's triangles
// are (c, b, a) and (c, d, b), a '\' cell's (a, c, d) and (a, d, b), as OpenDrakan's renderer
// builds them; a ceiling's are turned to face down. Holes and invisible triangles are not drawn.
// A stored v runs up from the texture's first stored row: rgx's v is 1 - the stored v.

#include "loaders/drakan/level.h"
#include "scene/scene_graph.h"

#include <cstdint>
#include <functional>
#include <map>
#include <string>
#include <vector>

namespace rgx::scene::drakan {

// A vertex at p with normal n and texture coordinates (u, v), appended to the mesh and its bounds
// (the layers' and the models' meshes alike).
void addMeshVertex(Mesh& mesh, const Vec3& p, const Vec3& n, float u, float v);
// The triangles gathered by material appended as the mesh's indices, a submesh a material in
// ascending material order.
void addSubmeshes(Mesh& mesh, const std::map<std::uint32_t, std::vector<std::uint32_t>>& byMaterial);

// The scene height (y) of vertex (x, z) of the layer above its node's origin.
double layerVertexSceneHeight(const loaders::drakan::Layer& layer, std::uint32_t x, std::uint32_t z);

// The layer's mesh: a submesh a material, `material` giving a triangle's from its texture
// reference. Normals: each grid vertex's from its neighbours' heights (down for a ceiling).
// Expects a layer whose vertices and cells match its size (as readLevel gives).
Mesh layerMesh(const loaders::drakan::Layer& layer,
               const std::function<std::uint32_t(loaders::drakan::RecordRef)>& material,
               const std::string& source);

} // namespace rgx::scene::drakan
