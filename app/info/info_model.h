#pragma once
// The `rgx info` JSON object of a 3D / 3DC model, shared by the model and ROB describers.

#include "loaders/redguard/model3d.h"

#include <nlohmann/json.hpp>

#include <string>

namespace rgx::app {

// Keys: format ("3d"/"3dc"), version, vertices, faces, frames, frame_type, face_vertices,
// solid_faces, textured_faces, bvh_nodes, bounds, textures; "3dc" adds frame_bounds (one box per
// frame, null for a frame that cannot be decoded). See docs/formats/models.md.
nlohmann::json describeModel(const rgx::loaders::Model& model);
// Same with the 3D / 3DC decision given (animated = "3dc").
nlohmann::json describeModel(const rgx::loaders::Model& model, bool animated);
// As `rgx info --json` describes the file at `path` holding it: a single-frame v2.x model that is
// neither plainly .3D nor .3DC is taken by the path's extension.
nlohmann::json describeModelAt(const rgx::loaders::Model& model, const std::string& path);

} // namespace rgx::app
