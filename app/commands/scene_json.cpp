#include "app/commands/scene_json.h"

namespace rgx::app {

nlohmann::json sceneNodeJson(const scene::Scene& scene, const scene::SceneNode& node) {
    nlohmann::json matrix = nlohmann::json::array();
    for (const auto& row : node.world.m)
        matrix.push_back(row);
    nlohmann::json out{{"name", node.name},     {"kind", scene::nodeKindName(node.kind)},
                       {"model", node.model},   {"mesh", node.mesh},
                       {"parent", node.parent}, {"world", matrix}};
    if (node.mesh >= 0) out["mesh_name"] = scene.meshes[static_cast<std::size_t>(node.mesh)].name;
    return out;
}

} // namespace rgx::app
