#include "app/explore/explore_inspect.h"

#include "app/commands/scene_json.h"
#include "app/info/wld_cell_fields.h"

#include <algorithm>
#include <stdexcept>
#include <string_view>

namespace rgx::app {

namespace {

using scene::NodeKind;

constexpr int kGrid = static_cast<int>(loaders::kWldGridSize);

// The actor, or the scripted object, that a node is.
void addLinks(const scene::Scene& scene, int node, Inspection& out) {
    for (std::size_t a = 0; a < scene.redguard.actors.size(); ++a)
        if (scene.redguard.actors[a].node == node) out.actor = static_cast<int>(a);
    for (std::size_t s = 0; s < scene.redguard.scriptObjects.size(); ++s) {
        if (scene.redguard.scriptObjects[s].node != node) continue;
        out.scriptObject = static_cast<int>(s);
        out.script = scene.redguard.scriptObjects[s].name;
    }
    if (out.script.empty() && out.actor >= 0) {
        const int anim = scene.redguard.actors[static_cast<std::size_t>(out.actor)].animation;
        if (anim >= 0 && static_cast<std::size_t>(anim) < scene.redguard.animations.size())
            out.script = scene.redguard.animations[static_cast<std::size_t>(anim)].script;
    }
}

} // namespace

std::optional<RgmSection> nodeSection(NodeKind kind) {
    const std::string_view tag = scene::nodeRgmSection(kind);
    for (const RgmSection section : kRgmPlacementSections)
        if (tag == rgmSectionTag(section)) return section;
    return std::nullopt;
}

std::vector<int> nodeTextures(const scene::Scene& scene, const scene::SceneNode& node) {
    std::vector<int> out;
    auto add = [&](int t) {
        if (t >= 0 && std::find(out.begin(), out.end(), t) == out.end()) out.push_back(t);
    };
    add(node.flatTexture);
    for (const int m : scene::nodeMeshes(scene, node))
        for (const scene::Submesh& s : scene.meshes[static_cast<std::size_t>(m)].submeshes)
            if (s.material < scene.materials.size()) add(scene.materials[s.material].texture);
    return out;
}

Inspection inspect(const scene::Scene& scene, const Selection& selection, const loaders::Rgm* rgm,
                   const loaders::WldGrids* wld) {
    Inspection out;
    out.selection = selection;
    if (selection.cell) {
        out.kind = "terrain cell";
        out.name =
            "cell " + std::to_string(selection.cell->row) + ", " + std::to_string(selection.cell->column);
        out.section = "WLD";
        out.index = selection.cell->row * (kGrid - 1) + selection.cell->column;
        if (!wld) {
            out.recordProblem = "the world's WLD could not be read";
            return out;
        }
        try {
            out.fields = wldCellFields(*wld, selection.cell->row, selection.cell->column);
        } catch (const std::exception& e) {
            out.recordProblem = e.what();
        }
        return out;
    }
    if (selection.node < 0 || static_cast<std::size_t>(selection.node) >= scene.nodes.size()) return out;
    const scene::SceneNode& node = scene.nodes[static_cast<std::size_t>(selection.node)];
    out.kind = scene::nodeKindName(node.kind);
    out.name = node.name;
    out.node = sceneNodeJson(scene, node);
    out.textures = nodeTextures(scene, node);
    addLinks(scene, selection.node, out);
    if (node.record >= 0 && static_cast<std::size_t>(node.record) < scene.records.size()) {
        // An engine other than Redguard: the record its builder kept (scene::SourceRecord).
        const scene::SourceRecord& r = scene.records[static_cast<std::size_t>(node.record)];
        out.section = r.section;
        out.index = r.index;
        out.file = r.file;
        for (const auto& [name, value] : r.fields)
            out.fields.push_back({name, value, value});
        return out;
    }
    const std::optional<RgmSection> section = nodeSection(node.kind);
    if (!section || !scene.redguard.world) return out; // the model viewer's nodes, held items: no record
    out.section = rgmSectionTag(*section);
    out.index = static_cast<int>(node.source);
    if (!rgm) {
        out.recordProblem = "the world's RGM could not be read";
        return out;
    }
    try {
        out.fields = rgmRecordFields(*rgm, *section, node.source);
    } catch (const std::exception& e) {
        out.recordProblem = e.what();
    }
    return out;
}

nlohmann::json inspectionJson(const Inspection& in) {
    nlohmann::json out{{"kind", in.kind},    {"name", in.name},
                       {"node", in.node},    {"section", in.section},
                       {"index", in.index},  {"fields", recordFieldsJson(in.fields)},
                       {"actor", in.actor},  {"script_object", in.scriptObject},
                       {"script", in.script}};
    if (in.selection.cell)
        out["cell"] = nlohmann::json::array({in.selection.cell->row, in.selection.cell->column});
    out["node_index"] = in.selection.node;
    if (!in.recordProblem.empty()) out["record_problem"] = in.recordProblem;
    if (!in.file.empty()) out["file"] = in.file;
    if (in.model)
        out["model"] = {
            {"source", in.model->source}, {"info", in.model->info}, {"problem", in.model->problem}};
    nlohmann::json textures = nlohmann::json::array();
    for (const int t : in.textures)
        textures.push_back(t);
    out["textures"] = textures;
    return out;
}

} // namespace rgx::app
