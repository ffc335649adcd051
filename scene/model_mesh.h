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

// The stand-in for a missing model: a 64-unit magenta box standing on the origin.
Mesh placeholderMesh(const std::string& name, MaterialLibrary& materials);
inline constexpr double kPlaceholderSize = 64.0;

// An MPSF flat: an upright quad in the x/y plane facing +z, texture-sized (one texel = one engine
// unit), its bottom edge centred on the origin.
Mesh flatMesh(int texture, MaterialLibrary& materials);

} // namespace rgx::scene
