#pragma once
// A scene node as `rgx scene --json` prints it (name, kind, model, mesh, parent, world, mesh_name),
// one function so that the explorer's inspector shows the same keys and values.

#include "scene/scene_graph.h"

#include <nlohmann/json.hpp>

namespace rgx::app {

nlohmann::json sceneNodeJson(const scene::Scene& scene, const scene::SceneNode& node);

} // namespace rgx::app
