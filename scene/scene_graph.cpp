#include "scene/scene_graph.h"

#include "loaders/enum_names.h"

#include <algorithm>
#include <cmath>

namespace rgx::scene {

void Bounds::add(const Vec3& p) {
    min = {std::min(min.x, p.x), std::min(min.y, p.y), std::min(min.z, p.z)};
    max = {std::max(max.x, p.x), std::max(max.y, p.y), std::max(max.z, p.z)};
}

void Bounds::add(const Bounds& b) {
    if (b.empty()) return;
    add(b.min);
    add(b.max);
}

Bounds Bounds::transformed(const Bounds& b, const Mat4& m) {
    Bounds out;
    if (b.empty()) return out;
    for (int i = 0; i < 8; ++i) {
        out.add(m.transformPoint(
            {(i & 1) ? b.max.x : b.min.x, (i & 2) ? b.max.y : b.min.y, (i & 4) ? b.max.z : b.min.z}));
    }
    return out;
}

const char* renderModeName(RenderMode mode) {
    switch (mode) {
    case RenderMode::Standard:
        return "standard";
    case RenderMode::Transparent:
        return "transparent";
    case RenderMode::Water:
        return "water";
    case RenderMode::Beam:
        return "beam";
    case RenderMode::Other:
        break;
    }
    return "other";
}

const char* nodeKindName(NodeKind kind) {
    static constexpr loaders::EnumNames<NodeKind, static_cast<std::size_t>(NodeKind::Count)> kNames{
        {"terrain", "object", "static", "rope", "rope_link", "rope_end", "flat", "light", "marker", "trigger",
         "model", "held_item", "tile", "ceiling"}};
    return kNames.name(kind);
}

const char* nodeRgmSection(NodeKind kind) {
    switch (kind) {
    case NodeKind::Object:
    case NodeKind::Trigger:
        return "MPOB";
    case NodeKind::Static:
        return "MPSO";
    case NodeKind::Flat:
        return "MPSF";
    case NodeKind::Light:
        return "MPSL";
    case NodeKind::Marker:
        return "MPMK";
    case NodeKind::Rope:
    case NodeKind::RopeLink:
    case NodeKind::RopeEnd:
        return "MPRP";
    default:
        return "";
    }
}

Bounds Scene::worldBounds() const {
    Bounds b;
    for (const SceneNode& n : nodes) {
        if (n.mesh >= 0) b.add(Bounds::transformed(meshes[static_cast<std::size_t>(n.mesh)].bounds, n.world));
    }
    return b;
}

std::size_t Scene::countNodes(NodeKind kind) const {
    return static_cast<std::size_t>(
        std::count_if(nodes.begin(), nodes.end(), [&](const SceneNode& n) { return n.kind == kind; }));
}

std::size_t Scene::totalVertices() const {
    std::size_t n = 0;
    for (const Mesh& m : meshes)
        n += m.vertices.size();
    return n;
}

std::size_t Scene::totalTriangles() const {
    std::size_t n = 0;
    for (const Mesh& m : meshes)
        n += m.triangleCount();
    return n;
}

std::vector<int> nodeMeshes(const Scene& scene, const SceneNode& node) {
    std::vector<int> out;
    if (node.mesh < 0) return out;
    out.push_back(node.mesh);
    if (node.actor < 0 || node.actor >= static_cast<int>(scene.redguard.actors.size())) return out;
    const ActorAnimation& anim = scene.redguard.animations[static_cast<std::size_t>(
        scene.redguard.actors[static_cast<std::size_t>(node.actor)].animation)];
    const auto add = [&](int mesh) {
        if (mesh >= 0 && std::find(out.begin(), out.end(), mesh) == out.end()) out.push_back(mesh);
    };
    if (node.kind == NodeKind::HeldItem) {
        add(anim.sheathedMesh);
        for (const auto& [id, models] : scene.redguard.items) {
            add(models.hand);
            add(models.hilt);
        }
    } else {
        for (const ActorFile& f : anim.files)
            add(f.mesh);
    }
    return out;
}

Bounds nodeDrawBounds(const Scene& scene, const SceneNode& node) {
    const auto boundsOf = [&](const SceneNode& n) {
        Bounds b;
        for (int mesh : nodeMeshes(scene, n))
            b.add(scene.meshes[static_cast<std::size_t>(mesh)].allFramesBounds());
        return b;
    };
    if (node.kind != NodeKind::HeldItem || node.actor < 0 ||
        node.actor >= static_cast<int>(scene.redguard.actors.size()))
        return boundsOf(node);
    // The item keeps the actor's orientation and sits at one of its vertices, which lie in the
    // actor's bounds: its points lie in those bounds plus the item's own (either model).
    Bounds out = boundsOf(scene.nodes[static_cast<std::size_t>(
        scene.redguard.actors[static_cast<std::size_t>(node.actor)].node)]);
    const Bounds item = boundsOf(node);
    if (!out.empty() && !item.empty()) {
        out.min = out.min + item.min;
        out.max = out.max + item.max;
    }
    return out;
}

std::span<const MeshVertex> meshFrameVertices(const Mesh& mesh, std::uint32_t frame) {
    frame = std::min(frame, mesh.frameCount > 0 ? mesh.frameCount - 1 : 0u);
    if (frame == 0) return mesh.vertices;
    const std::size_t n = mesh.vertices.size();
    if (mesh.frameVertices.size() < frame * n) return mesh.vertices;
    return std::span<const MeshVertex>(mesh.frameVertices).subspan((frame - 1) * n, n);
}

std::optional<Vec3> modelVertexPosition(const Mesh& mesh, std::uint32_t frame, std::uint32_t vertex) {
    if (vertex >= mesh.modelVertexCount || mesh.frameCount == 0) return std::nullopt;
    frame = std::min(frame, mesh.frameCount - 1);
    const std::size_t at = 3 * (std::size_t{frame} * mesh.modelVertexCount + vertex);
    if (at + 3 > mesh.modelVertexPositions.size()) return std::nullopt;
    const float* p = &mesh.modelVertexPositions[at];
    return Vec3{p[0], p[1], p[2]};
}

} // namespace rgx::scene
