#include "app/explore/explore_search.h"

#include "app/explore/explore_inspect.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <sstream>

namespace rgx::app {

namespace {

std::string lower(std::string_view text) {
    std::string out(text);
    for (char& c : out)
        c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return out;
}

} // namespace

NodeTerms nodeTerms(const scene::Scene& scene, std::size_t i) {
    const scene::SceneNode& node = scene.nodes[i];
    NodeTerms t;
    t.name = lower(node.name);
    t.model = lower(node.model);
    if (node.mesh >= 0 && static_cast<std::size_t>(node.mesh) < scene.meshes.size())
        t.mesh = lower(scene.meshes[static_cast<std::size_t>(node.mesh)].name);
    for (const scene::ScriptObject& o : scene.redguard.scriptObjects)
        if (o.node == static_cast<int>(i)) t.script = lower(o.name);
    if (t.script.empty() && node.actor >= 0 &&
        static_cast<std::size_t>(node.actor) < scene.redguard.actors.size() &&
        node.kind != scene::NodeKind::HeldItem) {
        const int anim = scene.redguard.actors[static_cast<std::size_t>(node.actor)].animation;
        if (anim >= 0 && static_cast<std::size_t>(anim) < scene.redguard.animations.size())
            t.script = lower(scene.redguard.animations[static_cast<std::size_t>(anim)].script);
    }
    t.kind = scene::nodeKindName(node.kind);
    if (const auto section = nodeSection(node.kind)) t.section = lower(rgmSectionTag(*section));
    if (node.record >= 0 && static_cast<std::size_t>(node.record) < scene.records.size())
        t.section = lower(scene.records[static_cast<std::size_t>(node.record)].section); // another engine's
    return t;
}

std::vector<SearchHit> searchNodes(const scene::Scene& scene, std::string_view query, const Vec3& from,
                                   const sim::WorldState* drawn, std::size_t limit) {
    std::vector<std::string> words;
    std::istringstream in{lower(query)};
    for (std::string w; in >> w;)
        words.push_back(w);
    std::vector<SearchHit> hits;
    if (words.empty()) return hits;
    for (std::size_t i = 0; i < scene.nodes.size(); ++i) {
        const scene::SceneNode& node = scene.nodes[i];
        if (node.kind == scene::NodeKind::Terrain || node.kind == scene::NodeKind::HeldItem) continue;
        const NodeTerms t = nodeTerms(scene, i);
        const std::pair<const char*, const std::string*> fields[] = {
            {"name", &t.name},     {"model", &t.model}, {"mesh", &t.mesh},
            {"script", &t.script}, {"kind", &t.kind},   {"section", &t.section}};
        std::string matched;
        bool all = true;
        for (const std::string& w : words) {
            const char* by = nullptr;
            for (const auto& [field, text] : fields)
                if (!text->empty() && text->find(w) != std::string::npos) {
                    by = field;
                    break;
                }
            if (!by) {
                all = false;
                break;
            }
            if (matched.find(by) == std::string::npos)
                matched += matched.empty() ? by : std::string(", ") + by;
        }
        if (!all) continue;
        const auto sphere = selectionSphere(scene, Selection{static_cast<int>(i), std::nullopt}, drawn);
        const Vec3 centre =
            sphere ? Vec3{(*sphere)[0], (*sphere)[1], (*sphere)[2]} : node.world.translationPart();
        const Vec3 d = centre - from;
        hits.push_back(
            {static_cast<int>(i), scene::nodeKindName(node.kind), node.name, matched, std::sqrt(dot(d, d))});
    }
    std::stable_sort(hits.begin(), hits.end(),
                     [](const SearchHit& a, const SearchHit& b) { return a.distance < b.distance; });
    if (hits.size() > limit) hits.resize(limit);
    return hits;
}

view::Camera flyToCamera(const scene::Scene& scene, const Selection& selection, const view::Camera& camera,
                         const std::vector<Vec3>& triangles, const sim::WorldState* drawn) {
    const auto sphere = selectionSphere(scene, selection, drawn);
    if (!sphere) return camera;
    const std::array<float, 4> s{static_cast<float>((*sphere)[0]), static_cast<float>((*sphere)[1]),
                                 static_cast<float>((*sphere)[2]), static_cast<float>((*sphere)[3])};
    return cameraFacingClear(camera, s, triangles, scene.terrain ? &*scene.terrain : nullptr);
}

} // namespace rgx::app
