#include "scene/scene_graph.h"

#include <algorithm>

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

const char* renderModeName(std::uint8_t mode) {
    switch (mode) {
    case render_mode::kStandard:
        return "standard";
    case render_mode::kTransparent:
        return "transparent";
    case render_mode::kWater:
        return "water";
    case render_mode::kBeam:
        return "beam";
    default:
        return "other";
    }
}

const char* nodeKindName(NodeKind kind) {
    switch (kind) {
    case NodeKind::Terrain:
        return "terrain";
    case NodeKind::Object:
        return "object";
    case NodeKind::Static:
        return "static";
    case NodeKind::Rope:
        return "rope";
    case NodeKind::RopeLink:
        return "rope_link";
    case NodeKind::RopeEnd:
        return "rope_end";
    case NodeKind::Flat:
        return "flat";
    case NodeKind::Light:
        return "light";
    case NodeKind::Marker:
        return "marker";
    case NodeKind::Trigger:
        return "trigger";
    case NodeKind::Model:
        return "model";
    case NodeKind::Count:
        break;
    }
    return "unknown";
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

} // namespace rgx::scene
