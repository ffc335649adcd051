#include "renderer/culling/culling.h"

#include <algorithm>
#include <cmath>

namespace rgx::renderer {

InstanceLayer instanceLayer(scene::NodeKind kind) {
    switch (kind) {
    case scene::NodeKind::Terrain:
        return InstanceLayer::Terrain;
    case scene::NodeKind::Object:
    case scene::NodeKind::HeldItem:
        return InstanceLayer::Actors;
    case scene::NodeKind::Flat:
        return InstanceLayer::Flats;
    case scene::NodeKind::Ceiling:
        return InstanceLayer::Ceilings;
    default:
        return InstanceLayer::Statics;
    }
}

bool layerOn(InstanceLayer layer, const LayerToggles& t) {
    switch (layer) {
    case InstanceLayer::Terrain:
        return t.terrain;
    case InstanceLayer::Actors:
        return t.actors;
    case InstanceLayer::Flats:
        return t.flats;
    case InstanceLayer::Ceilings:
        return t.ceilings;
    default:
        return t.statics;
    }
}

bool drawnAsInstance(const scene::Scene& scene, std::size_t i, int skipNode) {
    const scene::SceneNode& node = scene.nodes[i];
    if (static_cast<int>(i) == skipNode) return false;
    if (node.mesh < 0 || static_cast<std::size_t>(node.mesh) >= scene.meshes.size()) return false;
    // Editor helpers, not drawn by the game.
    return node.kind != scene::NodeKind::Light && node.kind != scene::NodeKind::Marker &&
           node.kind != scene::NodeKind::Trigger;
}

std::vector<bool> drawnMeshes(const scene::Scene& scene, int skipNode) {
    std::vector<bool> used(scene.meshes.size(), false);
    for (std::size_t i = 0; i < scene.nodes.size(); ++i) {
        if (!drawnAsInstance(scene, i, skipNode)) continue;
        for (int mesh : scene::nodeMeshes(scene, scene.nodes[i]))
            used[static_cast<std::size_t>(mesh)] = true;
    }
    return used;
}

std::array<float, 4> instanceSphere(const scene::Scene& scene, const scene::SceneNode& node) {
    const scene::Bounds local = scene::nodeDrawBounds(scene, node);
    if (local.empty()) return {0, 0, 0, 1e30f};
    const scene::Bounds b = scene::Bounds::transformed(local, node.world);
    const double dx = b.max.x - b.min.x, dy = b.max.y - b.min.y, dz = b.max.z - b.min.z;
    double radius = std::sqrt(dx * dx + dy * dy + dz * dz) / 2;
    Vec3 centre{(b.min.x + b.max.x) / 2, (b.min.y + b.max.y) / 2, (b.min.z + b.max.z) / 2};
    if (node.kind == scene::NodeKind::Flat) {
        const double lx = std::max(std::abs(local.min.x), std::abs(local.max.x));
        const double ly = std::max(std::abs(local.min.y), std::abs(local.max.y));
        centre = node.world.translationPart();
        radius = std::sqrt(lx * lx + ly * ly) + 1;
    }
    return {static_cast<float>(centre.x), static_cast<float>(centre.y), static_cast<float>(centre.z),
            static_cast<float>(radius)};
}

FrustumPlanes frustumPlanes(const float (&m)[16]) {
    const auto row = [&](int r) { return std::array<float, 4>{m[r], m[4 + r], m[8 + r], m[12 + r]}; };
    const auto r0 = row(0), r1 = row(1), r2 = row(2), r3 = row(3);
    FrustumPlanes p{};
    for (int i = 0; i < 4; ++i) {
        p[0][i] = r3[i] + r0[i];
        p[1][i] = r3[i] - r0[i];
        p[2][i] = r3[i] + r1[i];
        p[3][i] = r3[i] - r1[i];
        p[4][i] = r2[i];
        p[5][i] = r3[i] - r2[i];
    }
    for (auto& plane : p) {
        const float len = std::sqrt(plane[0] * plane[0] + plane[1] * plane[1] + plane[2] * plane[2]);
        if (len > 0)
            for (float& v : plane)
                v /= len;
    }
    return p;
}

bool sphereVisible(const FrustumPlanes& planes, const std::array<float, 4>& s) {
    for (const auto& p : planes) {
        if (p[0] * s[0] + p[1] * s[1] + p[2] * s[2] + p[3] < -s[3]) return false;
    }
    return true;
}

} // namespace rgx::renderer
