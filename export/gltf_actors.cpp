#include "export/gltf_actors.h"

#include "loaders/text.h"
#include "sim/scene_animation.h"

#include <algorithm>
#include <cmath>
#include <set>

namespace rgx::exporter {

Trs decompose(const Mat4& m) {
    Trs t;
    t.translation = {m.m[0][3] * kMetresPerUnit, m.m[1][3] * kMetresPerUnit, m.m[2][3] * kMetresPerUnit};
    double s[3];
    double r[3][3];
    for (int c = 0; c < 3; ++c) {
        s[c] = std::sqrt(m.m[0][c] * m.m[0][c] + m.m[1][c] * m.m[1][c] + m.m[2][c] * m.m[2][c]);
        for (int row = 0; row < 3; ++row)
            r[row][c] = s[c] > 1e-12 ? m.m[row][c] / s[c] : (row == c ? 1.0 : 0.0);
    }
    // A mirror (negative determinant) keeps its sign in the scale, the rotation stays proper.
    const double det = r[0][0] * (r[1][1] * r[2][2] - r[1][2] * r[2][1]) -
                       r[0][1] * (r[1][0] * r[2][2] - r[1][2] * r[2][0]) +
                       r[0][2] * (r[1][0] * r[2][1] - r[1][1] * r[2][0]);
    if (det < 0) {
        s[0] = -s[0];
        for (int row = 0; row < 3; ++row)
            r[row][0] = -r[row][0];
    }
    t.scale = {s[0], s[1], s[2]};
    // Rotation matrix -> quaternion (Shepperd's method).
    const double trace = r[0][0] + r[1][1] + r[2][2];
    double x, y, z, w;
    if (trace > 0) {
        const double k = 0.5 / std::sqrt(trace + 1.0);
        w = 0.25 / k;
        x = (r[2][1] - r[1][2]) * k;
        y = (r[0][2] - r[2][0]) * k;
        z = (r[1][0] - r[0][1]) * k;
    } else if (r[0][0] > r[1][1] && r[0][0] > r[2][2]) {
        const double k = 2.0 * std::sqrt(1.0 + r[0][0] - r[1][1] - r[2][2]);
        w = (r[2][1] - r[1][2]) / k;
        x = 0.25 * k;
        y = (r[0][1] + r[1][0]) / k;
        z = (r[0][2] + r[2][0]) / k;
    } else if (r[1][1] > r[2][2]) {
        const double k = 2.0 * std::sqrt(1.0 + r[1][1] - r[0][0] - r[2][2]);
        w = (r[0][2] - r[2][0]) / k;
        x = (r[0][1] + r[1][0]) / k;
        y = 0.25 * k;
        z = (r[1][2] + r[2][1]) / k;
    } else {
        const double k = 2.0 * std::sqrt(1.0 + r[2][2] - r[0][0] - r[1][1]);
        w = (r[1][0] - r[0][1]) / k;
        x = (r[0][2] + r[2][0]) / k;
        y = (r[1][2] + r[2][1]) / k;
        z = 0.25 * k;
    }
    const double n = std::sqrt(x * x + y * y + z * z + w * w);
    t.rotation = {x / n, y / n, z / n, w / n};
    return t;
}

namespace {

// One node's keys over a group's ticks.
struct NodeKeys {
    std::vector<float> translation, rotation, scale; // the node's own (held items)
    std::map<int, std::vector<float>> childScale;    // per scene mesh
    std::map<int, std::vector<float>> weights;       // per scene mesh with morph targets
};

void addChannel(GltfBuilder& b, tinygltf::Animation& a, int input, int node, const char* path,
                const std::vector<float>& values, GltfBuilder::AnimationData kind) {
    tinygltf::AnimationSampler sampler;
    sampler.input = input;
    sampler.output = b.animationAccessor(values, kind);
    sampler.interpolation = "STEP";
    a.samplers.push_back(sampler);
    tinygltf::AnimationChannel channel;
    channel.sampler = static_cast<int>(a.samplers.size()) - 1;
    channel.target_node = node;
    channel.target_path = path;
    a.channels.push_back(channel);
}

} // namespace

void addGroupAnimations(GltfBuilder& b, const scene::Scene& s, const std::vector<int>& nodeOf,
                        const std::map<int, MeshChildren>& children,
                        const std::optional<std::vector<int>>& groups, bool frames, std::int64_t maxTicks,
                        ExportStats& stats) {
    if (s.redguard.actors.empty() || (groups && groups->empty())) return;
    sim::AnimationSettings settings = sim::animationSettings(s);
    settings.onEnd = sim::OnEnd::Stop; // a group plays once, as anim-trace shows it
    settings.interpolate = false;
    const double tick = 1.0 / std::max(settings.ticksPerSecond, 1e-6);
    sim::SceneAnimation animation(s, settings);
    std::int64_t ticksLeft = maxTicks;
    std::size_t skipped = 0, cut = 0; // groups not played, or played only in part, for the budget

    const auto targetsOf = [&](int sceneMesh) {
        return morphTargetCount(s.meshes[static_cast<std::size_t>(sceneMesh)], frames);
    };
    for (std::size_t i = 0; i < s.redguard.actors.size() && i < animation.actorCount(); ++i) {
        const scene::SceneActor& actor = s.redguard.actors[i];
        if (actor.animation < 0 || actor.node < 0) continue;
        const scene::ActorAnimation& anim = s.redguard.animations[static_cast<std::size_t>(actor.animation)];
        // The nodes a group moves (the actor's, its held item's), each with what it can show:
        // (scene mesh, the glTF node showing it), and a held item's rest transform under its
        // parent (it is drawn at node.world * pose.local).
        struct Moved {
            int node = 0;
            std::vector<std::pair<int, int>> shows;
            bool meshChildren = false; // shows are child nodes switched by scale
            std::optional<Mat4> itemRest;
        };
        std::vector<Moved> moved;
        for (int node : {actor.node, actor.itemNode}) {
            if (node < 0) continue;
            const scene::SceneNode& n = s.nodes[static_cast<std::size_t>(node)];
            Moved m{node, {}, false, std::nullopt};
            if (const auto c = children.find(node); c != children.end()) {
                m.shows = c->second.byMesh;
                m.meshChildren = true;
            } else if (n.mesh >= 0) {
                m.shows = {{n.mesh, nodeOf[static_cast<std::size_t>(node)]}};
            }
            if (n.kind == scene::NodeKind::HeldItem) {
                const bool parented = n.parent >= 0 && n.parent < node; // as exportGltf nests it
                const Mat4& parentWorld =
                    parented ? s.nodes[static_cast<std::size_t>(n.parent)].world : Mat4::identity();
                // Placed at its actor (as the scene builds held items): exactly the identity, so
                // every actor's keys for a group are the same and share their accessors.
                m.itemRest = !parented                ? n.world
                             : n.world == parentWorld ? Mat4::identity()
                                                      : affineInverse(parentWorld) * n.world;
            }
            moved.push_back(m);
        }
        std::set<int> played; // a group_index listed twice plays (and is exported) once
        for (const loaders::RgmAnimGroup& group : anim.groups.groups) {
            if (groups && std::find(groups->begin(), groups->end(), group.groupIndex) == groups->end())
                continue;
            if (!played.insert(group.groupIndex).second) continue;
            if (ticksLeft <= 0 || b.model.animations.size() >= kMaxExportAnimations) {
                ++skipped;
                continue;
            }
            // From a fresh player, as anim-trace starts: nothing shown or tracked by an earlier group.
            animation.player(i).reset();
            if (!animation.playGroup(i, group.groupIndex)) continue;
            std::vector<float> times;
            std::vector<NodeKeys> keys(moved.size());
            bool stopped = false; // the group ended, or its actor froze
            for (int t = 0; t < kMaxGroupTicks && ticksLeft > 0; ++t) {
                --ticksLeft; // every tick played counts, the one a group ends in too
                const sim::TickRecord rec = animation.stepActor(i);
                times.push_back(static_cast<float>(t * tick));
                for (std::size_t j = 0; j < moved.size(); ++j) {
                    const Moved& m = moved[j];
                    const sim::NodeState& pose = animation.state().nodes[static_cast<std::size_t>(m.node)];
                    NodeKeys& k = keys[j];
                    const int shown =
                        pose.mesh >= 0 ? pose.mesh : s.nodes[static_cast<std::size_t>(m.node)].mesh;
                    for (const auto& [mesh, gltfNode] : m.shows) {
                        const bool on = mesh == shown && !pose.hidden;
                        k.childScale[mesh].insert(k.childScale[mesh].end(), 3, on ? 1.0f : 0.0f);
                        const std::size_t targets = targetsOf(mesh);
                        if (targets == 0) continue;
                        std::vector<float>& w = k.weights[mesh];
                        for (std::size_t f = 0; f < targets; ++f)
                            w.push_back(on && pose.frame > 0 && f == pose.frame - 1 ? 1.0f : 0.0f);
                    }
                    if (m.itemRest) {
                        const Trs trs = decompose(*m.itemRest * pose.local);
                        for (double v : trs.translation)
                            k.translation.push_back(static_cast<float>(v));
                        for (double v : trs.rotation)
                            k.rotation.push_back(static_cast<float>(v));
                        for (double v : trs.scale)
                            k.scale.push_back(static_cast<float>(pose.hidden ? 0.0 : v));
                    }
                }
                if (!animation.problem(i).empty()) {
                    // A runaway loop froze the actor: the keys so far, and the reason said.
                    stats.notes.push_back(animation.problem(i));
                    stopped = true;
                    break;
                }
                if (rec.ended) {
                    stopped = true;
                    break;
                }
            }
            if (!stopped && ticksLeft <= 0 && times.size() < static_cast<std::size_t>(kMaxGroupTicks)) ++cut;
            tinygltf::Animation a;
            a.name = loaders::toUtf8(anim.script) + " group " + std::to_string(group.groupIndex) + " (" +
                     loaders::toUtf8(s.nodes[static_cast<std::size_t>(actor.node)].name) + ")";
            int input = -1; // written with the first channel
            const auto channel = [&](int target, const char* path, const std::vector<float>& values,
                                     GltfBuilder::AnimationData kind) {
                if (input < 0) input = b.animationAccessor(times, GltfBuilder::AnimationData::Times);
                addChannel(b, a, input, target, path, values, kind);
            };
            using Data = GltfBuilder::AnimationData;
            for (std::size_t j = 0; j < moved.size(); ++j) {
                const Moved& m = moved[j];
                const NodeKeys& k = keys[j];
                for (const auto& [mesh, target] : m.shows) {
                    if (m.meshChildren) channel(target, "scale", k.childScale.at(mesh), Data::Vec3);
                    // Weights only where the node shows a written mesh with that many morph targets.
                    const int gltfMesh = b.model.nodes[static_cast<std::size_t>(target)].mesh;
                    const std::size_t targets =
                        gltfMesh >= 0 ? b.model.meshes[static_cast<std::size_t>(gltfMesh)].weights.size() : 0;
                    if (const auto w = k.weights.find(mesh);
                        w != k.weights.end() && targets > 0 && w->second.size() == targets * times.size())
                        channel(target, "weights", w->second, Data::Weights);
                }
                if (m.itemRest) { // a held item's node (TRS, never a matrix)
                    const int itemNode = nodeOf[static_cast<std::size_t>(m.node)];
                    channel(itemNode, "translation", k.translation, Data::Vec3);
                    channel(itemNode, "rotation", k.rotation, Data::Vec4);
                    channel(itemNode, "scale", k.scale, Data::Vec3);
                }
            }
            if (a.channels.empty()) continue;
            b.model.animations.push_back(a);
        }
    }
    if (skipped + cut > 0)
        stats.notes.push_back(std::to_string(skipped) + " animation groups not exported and " +
                              std::to_string(cut) + " cut short: the export plays at most " +
                              std::to_string(maxTicks) + " ticks and writes at most " +
                              std::to_string(kMaxExportAnimations) +
                              " animations (export fewer with --groups)");
}

} // namespace rgx::exporter
