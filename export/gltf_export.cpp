#include "export/gltf_export.h"

#include "base/error.h"
#include "export/gltf_actors.h"
#include "export/gltf_builder.h"
#include "loaders/text.h"
#include "renderer/lighting/world_lighting.h"
#include "sim/scene_animation.h"
#include "view/camera.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <tuple>

namespace rgx::exporter {

namespace {

using tinygltf::Value;

void say(const ExportOptions& options, const std::string& line) {
    if (options.progress) options.progress(line);
}

// glTF's column-major matrix, the translation in metres.
std::vector<double> gltfMatrix(const Mat4& m) {
    std::vector<double> out(16);
    for (int c = 0; c < 4; ++c)
        for (int r = 0; r < 4; ++r)
            out[static_cast<std::size_t>(c * 4 + r)] = m.m[r][c] * (c == 3 && r < 3 ? kMetresPerUnit : 1.0);
    return out;
}

bool isIdentity(const Mat4& m) {
    return m == Mat4::identity();
}

// One glTF mesh per scene mesh, made when a node first shows it.
struct MeshWriter {
    GltfBuilder& b;
    const scene::Scene& scene;
    const std::vector<int>& materialOf; // scene material -> glTF material
    const ExportOptions& options;
    ExportStats& stats;
    std::map<int, int> written; // scene mesh -> glTF mesh

    // Vertices [first, first + count) of `vertices` (re-indexed by `indices`, which index into the
    // whole array) as one glTF mesh named `name`; frames: morph targets of the same vertices.
    int write(const std::string& name, const std::vector<scene::MeshVertex>& vertices,
              const std::vector<std::uint32_t>& indices, const std::vector<scene::Submesh>& submeshes,
              const scene::Mesh* animated) {
        // Per submesh, its whole triangles whose corners exist; then only the vertices they use,
        // in first-use order. A mesh left with no triangle is not written (-1).
        std::vector<std::vector<std::uint32_t>> triangles(submeshes.size());
        for (std::size_t s = 0; s < submeshes.size(); ++s) {
            const scene::Submesh& sub = submeshes[s];
            const std::size_t end =
                std::min<std::size_t>(std::size_t{sub.firstIndex} + sub.indexCount, indices.size());
            for (std::size_t t = sub.firstIndex; t + 3 <= end; t += 3)
                if (indices[t] < vertices.size() && indices[t + 1] < vertices.size() &&
                    indices[t + 2] < vertices.size())
                    triangles[s].insert(triangles[s].end(), indices.begin() + static_cast<std::ptrdiff_t>(t),
                                        indices.begin() + static_cast<std::ptrdiff_t>(t + 3));
        }
        std::vector<std::uint32_t> remap(vertices.size(), ~0u), used;
        for (const std::vector<std::uint32_t>& tris : triangles)
            for (std::uint32_t v : tris)
                if (remap[v] == ~0u) {
                    remap[v] = static_cast<std::uint32_t>(used.size());
                    used.push_back(v);
                }
        if (used.empty()) return -1;
        std::vector<float> positions, normals, uvs;
        for (std::uint32_t v : used) {
            const scene::MeshVertex& mv = vertices[v];
            for (int k = 0; k < 3; ++k)
                positions.push_back(static_cast<float>(mv.position[k] * kMetresPerUnit));
            for (int k = 0; k < 3; ++k)
                normals.push_back(mv.normal[k]);
            uvs.push_back(mv.uv[0]);
            uvs.push_back(mv.uv[1]);
        }
        tinygltf::Mesh mesh;
        mesh.name = loaders::toUtf8(name);
        const int position = b.vec3Accessor(positions, true);
        const int normal = b.vec3Accessor(normals, false);
        const int uv = b.vec2Accessor(uvs);
        std::vector<std::map<std::string, int>> targets;
        std::vector<Value> targetNames;
        if (animated && morphTargetCount(*animated, options.frames) > 0) {
            const std::size_t n = animated->vertices.size();
            for (std::uint32_t k = 1; k < animated->frameCount; ++k) {
                std::vector<float> dp, dn;
                for (std::uint32_t v : used) {
                    const scene::MeshVertex& f = animated->frameVertices[(k - 1) * n + v];
                    const scene::MeshVertex& z = vertices[v];
                    for (int c = 0; c < 3; ++c)
                        dp.push_back(static_cast<float>((f.position[c] - z.position[c]) * kMetresPerUnit));
                    for (int c = 0; c < 3; ++c)
                        dn.push_back(f.normal[c] - z.normal[c]);
                }
                targets.push_back({{"POSITION", b.deltaAccessor(dp)}, {"NORMAL", b.deltaAccessor(dn)}});
                targetNames.emplace_back("frame " + std::to_string(k));
            }
            stats.morphTargets += targets.size();
        }
        for (std::size_t s = 0; s < submeshes.size(); ++s) {
            if (triangles[s].empty()) continue;
            const scene::Submesh& sub = submeshes[s];
            std::vector<std::uint32_t> local;
            for (std::uint32_t v : triangles[s])
                local.push_back(remap[v]);
            tinygltf::Primitive p;
            p.mode = TINYGLTF_MODE_TRIANGLES;
            p.attributes = {{"POSITION", position}, {"NORMAL", normal}, {"TEXCOORD_0", uv}};
            p.indices = b.indexAccessor(local);
            if (sub.material < materialOf.size()) p.material = materialOf[sub.material];
            p.targets = targets;
            mesh.primitives.push_back(p);
            stats.triangles += local.size() / 3;
            ++stats.primitives;
        }
        if (!targets.empty()) {
            mesh.weights.assign(targets.size(), 0.0);
            mesh.extras = Value(Value::Object{{"targetNames", Value(targetNames)}});
        }
        b.model.meshes.push_back(mesh);
        ++stats.meshes;
        return static_cast<int>(b.model.meshes.size()) - 1;
    }

    int forSceneMesh(int index) {
        if (const auto it = written.find(index); it != written.end()) return it->second;
        const scene::Mesh& m = scene.meshes[static_cast<std::size_t>(index)];
        const int out = write(m.name, m.vertices, m.indices, m.submeshes, m.animated ? &m : nullptr);
        written.emplace(index, out);
        return out;
    }

    // Scene mesh `index` whose textured materials show scene texture `texture` (-1: each its own)
    // at frame `frame`: a flat's world state. Written once per (mesh, texture, frame).
    std::map<std::tuple<int, int, std::uint32_t>, int> retextured;
    int forSceneMeshWithTexture(int index, int texture, std::uint32_t frame) {
        const auto key = std::make_tuple(index, texture, frame);
        if (const auto it = retextured.find(key); it != retextured.end()) return it->second;
        std::vector<int> remapped = materialOf;
        const scene::Mesh& m = scene.meshes[static_cast<std::size_t>(index)];
        for (const scene::Submesh& sub : m.submeshes) {
            if (sub.material >= materialOf.size()) continue;
            const scene::Material& mat = scene.materials[sub.material];
            const int shows = texture >= 0 ? texture : mat.solid ? -1 : mat.texture;
            remapped[sub.material] = b.materialWithTexture(materialOf[sub.material], shows, frame);
        }
        MeshWriter other{b, scene, remapped, options, stats, {}, {}};
        const int out = other.write(m.name, m.vertices, m.indices, m.submeshes, m.animated ? &m : nullptr);
        retextured.emplace(key, out);
        return out;
    }

    // The terrain mesh in square chunks of kTerrainChunkCells cells (by each triangle's centre),
    // each its own mesh; returns them with their chunk's name.
    std::vector<std::pair<std::string, int>> terrainChunks(int index) {
        const scene::Mesh& m = scene.meshes[static_cast<std::size_t>(index)];
        const double side = kTerrainChunkCells * scene::TerrainGrid::kCell;
        if (m.vertices.empty()) return {};
        std::map<std::pair<int, int>, std::vector<scene::Submesh>> chunkSubs;
        std::map<std::pair<int, int>, std::vector<std::uint32_t>> chunkIndices;
        for (const scene::Submesh& sub : m.submeshes) {
            for (std::uint32_t t = sub.firstIndex;
                 t + 2 < sub.firstIndex + sub.indexCount && t + 2 < m.indices.size(); t += 3) {
                double x = 0, z = 0;
                for (int k = 0; k < 3; ++k) {
                    const std::uint32_t v = std::min<std::uint32_t>(
                        m.indices[t + k], static_cast<std::uint32_t>(m.vertices.size() - 1));
                    x += m.vertices[v].position[0] / 3.0;
                    z += m.vertices[v].position[2] / 3.0;
                }
                const std::pair<int, int> key{static_cast<int>(std::floor(z / side)),
                                              static_cast<int>(std::floor(x / side))};
                std::vector<std::uint32_t>& idx = chunkIndices[key];
                std::vector<scene::Submesh>& subs = chunkSubs[key];
                if (subs.empty() || subs.back().material != sub.material)
                    subs.push_back({sub.material, static_cast<std::uint32_t>(idx.size()), 0});
                idx.insert(idx.end(), m.indices.begin() + t, m.indices.begin() + t + 3);
                subs.back().indexCount += 3;
            }
        }
        std::vector<std::pair<std::string, int>> out;
        for (const auto& [key, subs] : chunkSubs) {
            const std::string name =
                m.name + " chunk " + std::to_string(key.first) + "," + std::to_string(key.second);
            if (const int mesh = write(name, m.vertices, chunkIndices[key], subs, nullptr); mesh >= 0)
                out.emplace_back(name, mesh);
        }
        return out;
    }
};

} // namespace

ExportStats exportGltf(const renderer::PreparedWorld& world, const sim::WorldState* state,
                       const std::filesystem::path& out, const ExportOptions& options) {
    const scene::Scene& s = *world.scene;
    std::string ext = out.extension().string();
    std::transform(ext.begin(), ext.end(), ext.begin(),
                   [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    if (ext != ".glb" && ext != ".gltf")
        throw Error(out.string(), Error::kNoOffset, "-o", "the output must end in .glb or .gltf");

    ExportStats stats;
    GltfBuilder b;
    b.model.asset.version = "2.0";
    b.model.asset.generator = "rgx export";

    say(options, "materials and textures");
    const std::vector<int> materialOf = b.addMaterials(s, options.textures, stats);

    say(options, "meshes and nodes");
    MeshWriter meshes{b, s, materialOf, options, stats, {}, {}};
    std::vector<int> nodeOf(s.nodes.size(), -1);
    std::map<int, MeshChildren> children; // nodes that can show several meshes
    std::vector<int> roots;
    for (std::size_t i = 0; i < s.nodes.size(); ++i) {
        const scene::SceneNode& n = s.nodes[i];
        tinygltf::Node node;
        node.name = loaders::toUtf8(n.name);
        const bool parented = n.parent >= 0 && static_cast<std::size_t>(n.parent) < i;
        // Each node where the looks draw it (sim::drawWorld), relative to where its parent is drawn:
        // a transform override places a node, and moving a parent leaves its children in place.
        // An actor's body keeps its rest matrix (plus an override), which its animations' keys are
        // relative to; a held item's pose goes into its TRS below.
        const sim::NodeState* ns = sim::nodeState(state, i);
        const auto drawnWorld = [&](std::size_t k) {
            const sim::NodeState* ks = sim::nodeState(state, k);
            const scene::SceneNode& kn = s.nodes[k];
            const bool actorBody = kn.actor >= 0 && kn.kind != scene::NodeKind::HeldItem;
            if (!actorBody) return sim::drawWorld(ks, kn.world);
            return ks && ks->world ? *ks->world : kn.world;
        };
        const Mat4 placed = drawnWorld(i);
        const Mat4 local =
            parented ? affineInverse(drawnWorld(static_cast<std::size_t>(n.parent))) * placed : placed;
        // Hidden by the world state (held items are hidden at rest and shown by their animations).
        const bool hidden = ns && ns->hidden && n.kind != scene::NodeKind::HeldItem;
        if (n.kind == scene::NodeKind::HeldItem) {
            // Animated by its actor's groups (TRS, as glTF asks of animated nodes); hidden at rest,
            // as the renderers draw a held item only once its actor has placed it.
            const Trs trs = decompose(local);
            node.translation = trs.translation;
            node.rotation = trs.rotation;
            node.scale = ns && !ns->hidden ? trs.scale : std::vector<double>{0, 0, 0};
        } else if (!isIdentity(local)) {
            node.matrix = gltfMatrix(local);
        }
        // The record it came from: its name (the node's, docs/coordinates.md) and its index in its
        // RGM section.
        Value::Object extras{{"kind", Value(std::string(scene::nodeKindName(n.kind)))},
                             {"record_name", Value(node.name)},
                             {"source_record", Value(static_cast<int>(n.source))}};
        if (!n.model.empty()) extras["model"] = Value(loaders::toUtf8(n.model));
        if (n.actor >= 0) extras["actor"] = Value(n.actor);
        if (n.record >= 0 && static_cast<std::size_t>(n.record) < s.records.size()) {
            // Another engine's record, as MAP.json and the Inspector name it (scene::SourceRecord).
            const scene::SourceRecord& r = s.records[static_cast<std::size_t>(n.record)];
            extras["record"] = Value(Value::Object{{"file", Value(loaders::toUtf8(r.file))},
                                                   {"section", Value(r.section)},
                                                   {"index", Value(r.index)}});
        }
        if (hidden) extras["hidden"] = Value(true);
        node.extras = Value(extras);
        const int self = static_cast<int>(b.model.nodes.size());
        b.model.nodes.push_back(node);
        nodeOf[i] = self;
        if (parented)
            b.model.nodes[static_cast<std::size_t>(nodeOf[static_cast<std::size_t>(n.parent)])]
                .children.push_back(self);
        else
            roots.push_back(self);
        // The mesh it shows and the 3DC frame (as its mesh's morph weights: frame k is target
        // k - 1, blended towards the next where the state blends); a flat's texture.
        const sim::NodeState* pose = sim::posed(ns) ? ns : nullptr; // read only when posed, as the looks do
        const int shown = pose && pose->mesh >= 0 && static_cast<std::size_t>(pose->mesh) < s.meshes.size()
                              ? pose->mesh
                              : n.mesh;
        const auto frameWeights = [&](int gltfMesh) {
            std::vector<double> w;
            const std::size_t targets =
                gltfMesh >= 0 ? b.model.meshes[static_cast<std::size_t>(gltfMesh)].weights.size() : 0;
            if (!pose || targets == 0 || (pose->frame == 0 && !(pose->blend > 0 && pose->nextFrame > 0)))
                return w;
            w.assign(targets, 0.0);
            if (pose->frame > 0 && pose->frame <= targets) w[pose->frame - 1] += 1.0 - pose->blend;
            if (pose->blend > 0 && pose->nextFrame > 0 && pose->nextFrame <= targets)
                w[pose->nextFrame - 1] += pose->blend;
            return w;
        };
        const sim::FlatState* flat = n.kind == scene::NodeKind::Flat ? sim::flatState(state, i) : nullptr;
        const auto meshOf = [&](int m) {
            return flat && (flat->texture >= 0 || flat->frame)
                       ? meshes.forSceneMeshWithTexture(m, flat->texture, flat->frame.value_or(0))
                       : meshes.forSceneMesh(m);
        };
        if (!hidden && shown >= 0 && static_cast<std::size_t>(shown) < s.meshes.size()) {
            if (n.kind == scene::NodeKind::Terrain) {
                for (const auto& [name, mesh] : meshes.terrainChunks(n.mesh)) {
                    tinygltf::Node chunk;
                    chunk.name = loaders::toUtf8(name);
                    chunk.mesh = mesh;
                    b.model.nodes[static_cast<std::size_t>(self)].children.push_back(
                        static_cast<int>(b.model.nodes.size()));
                    b.model.nodes.push_back(chunk);
                }
            } else if (const std::vector<int> shows = scene::nodeMeshes(s, n); shows.size() > 1) {
                // A child per mesh it can show, the node's own at rest (the animations switch).
                MeshChildren& mine = children[static_cast<int>(i)];
                for (int m : shows) {
                    tinygltf::Node child;
                    child.name =
                        node.name + " mesh " + loaders::toUtf8(s.meshes[static_cast<std::size_t>(m)].name);
                    child.mesh = meshes.forSceneMesh(m);
                    if (m != shown)
                        child.scale = {0, 0, 0};
                    else
                        child.weights = frameWeights(child.mesh);
                    const int c = static_cast<int>(b.model.nodes.size());
                    b.model.nodes[static_cast<std::size_t>(self)].children.push_back(c);
                    b.model.nodes.push_back(child);
                    mine.byMesh.emplace_back(m, c);
                }
            } else {
                tinygltf::Node& me = b.model.nodes[static_cast<std::size_t>(self)];
                me.mesh = meshOf(shown);
                me.weights = frameWeights(me.mesh);
            }
        }
        const sim::LightState* ls = sim::lightState(state, i);
        if (n.light && n.light->active && !(ls && !ls->on)) {
            renderer::PointLight l = renderer::mpslLight(*n.light, placed.translationPart());
            if (ls) {
                const std::array<float, 3> rgb = ls->color.value_or(l.rgb);
                const float intensity = ls->intensity.value_or(l.intensity);
                l.color = {rgb[0] * intensity, rgb[1] * intensity, rgb[2] * intensity};
                l.radius = ls->radius.value_or(l.radius);
            }
            b.addLight(self, l, stats);
        }
    }

    // The lights scripts give objects (sim::ObjectLight), on the object's node as the looks draw
    // them: a point light at its origin.
    if (state) {
        for (const sim::ObjectLight& o : state->objectLights) {
            if (o.node >= nodeOf.size() || nodeOf[o.node] < 0) continue;
            b.addLight(nodeOf[o.node], renderer::objectPointLight(o), stats);
        }
    }

    // The default view of `rgx render` (the prepared world's), as a camera.
    roots.push_back(b.addCamera(world.views[0], world.lighting.nearPlane, world.farPlane));

    // A model's frames, one a tick, as an animation of its meshes' weights (STEP).
    if (!s.redguard.world && options.frames)
        b.addFrameAnimation(s, nodeOf, sim::animationSettings(s).ticksPerSecond, stats);
    say(options, "animation groups");
    addGroupAnimations(b, s, nodeOf, children, options.groups, options.frames,
                       options.maxAnimationTicks >= 0 ? options.maxAnimationTicks : kMaxExportTicks, stats);

    tinygltf::Scene sceneOut;
    sceneOut.name = loaders::toUtf8(s.title);
    sceneOut.nodes = roots;
    Value::Object extras{{"title", Value(loaders::toUtf8(s.title))},
                         {"engine", Value(s.engine)},
                         {"metres_per_unit", Value(kMetresPerUnit)}};
    if (options.worldId >= 0) extras["world"] = Value(static_cast<int>(options.worldId));
    if (s.redguard.world) {
        if (s.redguard.world->map) extras["map"] = Value(loaders::toUtf8(*s.redguard.world->map));
        if (s.redguard.world->world) extras["terrain"] = Value(loaders::toUtf8(*s.redguard.world->world));
    }
    sceneOut.extras = Value(extras);
    b.model.scenes.push_back(sceneOut);
    b.model.defaultScene = 0;

    stats.nodes = b.model.nodes.size();
    stats.materials = b.model.materials.size();
    stats.images = b.model.images.size();
    stats.animations = b.model.animations.size();
    say(options, "writing " + out.string());
    b.write(out, ext == ".glb");
    std::error_code ec;
    stats.bytes = std::filesystem::file_size(out, ec);
    return stats;
}

} // namespace rgx::exporter
