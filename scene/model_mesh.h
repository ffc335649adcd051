#pragma once
// Meshes from models, flats and placeholders, in scene units (transforms.h).

#include "loaders/model3d.h"
#include "scene/materials.h"
#include "scene/scene_graph.h"

#include <string>

namespace rgx::scene {

// Frame 0 of a model: every face a fan of triangles, corners with their shading normal and UVs
// (faceUvs / (16 x texture size) x tex_scale), faces grouped into one submesh per material.
// textureOverride >= 0 replaces the texture id of every textured face (RAEX actor skins);
// renderMode is the ROB segment's (0xFF standard).
Mesh buildModelMesh(const loaders::Model& model, const std::string& name, const std::string& source,
                    std::uint8_t renderMode, int textureOverride, MaterialLibrary& materials);

// Moves an animated mesh (mesh.animation set, built by buildModelMesh) to 3DC frame k: corner
// positions from loaders::modelFrame(k), and the frame's face normal on flat-shaded corners
// (vertex normals are stored once per model, so smooth corners keep theirs). Indices, UVs and
// materials do not change. Bounds are recomputed. Throws rgx::Error when k is not a decodable
// frame of the model; does nothing to a static mesh.
void poseModelMesh(Mesh& mesh, std::uint32_t frame);

// The stand-in for a missing model: a 64-unit magenta box standing on the origin.
Mesh placeholderMesh(const std::string& name, MaterialLibrary& materials);
inline constexpr double kPlaceholderSize = 64.0;

// An MPSF flat: an upright quad in the x/y plane facing +z, texture-sized (one texel = one engine
// unit), its bottom edge centred on the origin.
Mesh flatMesh(int texture, MaterialLibrary& materials);

} // namespace rgx::scene
