#pragma once
// Meshes from models, flats and placeholders, in scene units (transforms.h).

#include "loaders/redguard/model3d.h"
#include "scene/redguard/materials.h"
#include "scene/scene_graph.h"

#include <string>
#include <vector>

namespace rgx::scene {

// Frame 0 of a model: every face a fan of triangles, corners with their shading normal and UVs
// (faceUvs / (16 x texture size) x tex_scale), faces grouped into one submesh per material.
// textureOverride >= 0 replaces the texture id of every textured face (RAEX actor skins);
// renderMode is the model's (Redguard: its ROB segment's, renderModeFromRob).
Mesh buildModelMesh(const loaders::Model& model, const std::string& name, const std::string& source,
                    RenderMode renderMode, int textureOverride, MaterialLibrary& materials);

// The corners of 3DC frame k of an animated mesh (mesh.animation set, built by buildModelMesh),
// in the order of mesh.vertices: positions from loaders::modelFrame(k); flat-shaded corners get
// the frame's face normal; smooth corners of frames k >= 1 the normalized sum of that frame's
// face normals around their model vertex (the stored vertex normals are frame 0's). UVs are
// frame 0's. A static mesh gives its vertices. Throws rgx::Error when k is not decodable.
std::vector<MeshVertex> modelMeshFrame(const Mesh& mesh, std::uint32_t frame);

// Moves an animated mesh to frame k (modelMeshFrame) and drops any resident frames: the model
// viewer's single pose. Bounds are recomputed. Does nothing to a static mesh.
void poseModelMesh(Mesh& mesh, std::uint32_t frame);

// Decodes every frame of an animated mesh once (Mesh::frameVertices, frameCount,
// animationBounds): what the renderers select from per instance. At most kMaxMeshFrames frames and
// kMaxMeshFrameVertices frame vertices (scene/scene_limits.h): past those the later frames are
// not kept, and the returned text says so (empty when every frame was kept). Throws as
// modelMeshFrame.
std::string addModelMeshFrames(Mesh& mesh);

// The stand-in for a missing model: a 64-unit magenta box standing on the origin.
Mesh placeholderMesh(const std::string& name, MaterialLibrary& materials);
inline constexpr double kPlaceholderSize = 64.0;

// An MPSF flat: an upright quad in the x/y plane facing +z, texture-sized (one texel = one engine
// unit), its bottom edge centred on the origin.
Mesh flatMesh(int texture, MaterialLibrary& materials);

// The quad of every engine's flats, added to an empty mesh: w x h units upright in the x/y plane
// facing +z, its bottom edge centred on the origin, the image's top row at the top; one submesh.
void addUprightQuad(Mesh& mesh, double w, double h, std::uint32_t material);

// A mesh corner: position, normal, texture coordinates.
MeshVertex makeVertex(const Vec3& p, const Vec3& n, float u, float v);

} // namespace rgx::scene
