#include "app/commands.h"
#include "app/commands/json_text.h"
#include "app/commands/scene_json.h"

#include "demo/demo.h"
#include "loaders/text.h"
#include "scene/game_fs.h"
#include "scene/redguard/scene_builder.h"
#include "scene/scene_dump.h"

#include <nlohmann/json.hpp>

#include <filesystem>
#include <iostream>
#include <memory>
#include <optional>

namespace rgx::app {

namespace {

nlohmann::json vec(const Vec3& v) {
    return nlohmann::json::array({v.x, v.y, v.z});
}

nlohmann::json sceneJson(const scene::Scene& s) {
    nlohmann::json out;
    out["title"] = s.title;
    nlohmann::json counts = nlohmann::json::object();
    for (int k = 0; k < static_cast<int>(scene::NodeKind::Count); ++k) {
        const auto kind = static_cast<scene::NodeKind>(k);
        counts[scene::nodeKindName(kind)] = s.countNodes(kind);
    }
    out["node_counts"] = counts;
    out["meshes"] = s.meshes.size();
    out["placeholders"] = s.stats.placeholders;
    out["vertices"] = s.totalVertices();
    out["triangles"] = s.totalTriangles();
    out["textures"] = s.textures.size();
    out["materials"] = s.materials.size();
    const scene::Bounds b = s.worldBounds();
    out["bounds"] =
        b.empty() ? nlohmann::json(nullptr) : nlohmann::json{{"min", vec(b.min)}, {"max", vec(b.max)}};
    out["warnings"] = s.warnings;
    if (s.terrain) out["water_cells"] = s.terrain->waterCells;
    nlohmann::json nodes = nlohmann::json::array();
    for (const scene::SceneNode& n : s.nodes)
        nodes.push_back(sceneNodeJson(s, n));
    out["nodes"] = nodes;
    return out;
}

} // namespace

int runScene(const SceneOptions& options) {
    auto progress = [](const std::string& line) { std::cerr << line << "\n"; };
    // A model inside a game directory (GAME/fxart/X.ROB) takes its textures from that game.
    const std::unique_ptr<scene::GameFs> fs = openChosenGame(options.game, progress);
    const scene::Scene s = buildChosenScene(options.game, fs.get(), progress);
    if (options.json) {
        std::cout << utf8Json(sceneJson(s)).dump(2) << "\n";
    } else {
        std::cout << loaders::toUtf8(scene::sceneSummary(s));
    }
    return 0;
}

} // namespace rgx::app
