#include "scene/scene_dump.h"

#include <cmath>
#include <cstdio>

namespace rgx::scene {

std::string formatNumber(double v) {
    if (std::abs(v) < 0.0005) v = 0;
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.3f", v);
    return buf;
}

namespace {
std::string vec(const Vec3& v) {
    std::string out;
    out += '(';
    out += formatNumber(v.x);
    out += ", ";
    out += formatNumber(v.y);
    out += ", ";
    out += formatNumber(v.z);
    out += ')';
    return out;
}
std::string bounds(const Bounds& b) {
    return b.empty() ? "empty" : vec(b.min) + " .. " + vec(b.max);
}
} // namespace

std::string sceneSummary(const Scene& scene) {
    std::string out = "scene: " + scene.title + "\n";
    out += "nodes: " + std::to_string(scene.nodes.size()) + "\n";
    for (int k = 0; k < static_cast<int>(NodeKind::Count); ++k) {
        const auto kind = static_cast<NodeKind>(k);
        if (const std::size_t n = scene.countNodes(kind)) {
            out += "  ";
            out += nodeKindName(kind);
            out += ": " + std::to_string(n) + "\n";
        }
    }
    out += "meshes: " + std::to_string(scene.meshes.size()) + " (placeholders " +
           std::to_string(scene.stats.placeholders) + ")\n";
    out += "vertices: " + std::to_string(scene.totalVertices()) + "\n";
    out += "triangles: " + std::to_string(scene.totalTriangles()) + "\n";
    out += "textures: " + std::to_string(scene.textures.size()) + "\n";
    out += "materials: " + std::to_string(scene.materials.size()) + "\n";
    if (scene.terrain)
        out += "terrain: 256x256, water cells " + std::to_string(scene.terrain->waterCells) + "\n";
    out += "bounds: " + bounds(scene.worldBounds()) + "\n";
    out += "warnings: " + std::to_string(scene.warnings.size()) + "\n";
    for (const std::string& w : scene.warnings)
        out += "  " + w + "\n";
    return out;
}

std::string sceneDump(const Scene& scene) {
    std::string out = sceneSummary(scene);
    out += "-- textures\n";
    for (const SceneTexture& t : scene.textures) {
        out += std::to_string(t.textureId) + "/" + std::to_string(t.imageId) + " " +
               (t.image ? t.name : "(missing)") + " " + std::to_string(t.width) + "x" +
               std::to_string(t.height) + " frames " + std::to_string(t.frameCount()) + " scale " +
               formatNumber(t.texScale) + (t.embeddedPalette ? " cmap" : "") + "\n";
    }
    out += "-- meshes\n";
    for (std::size_t i = 0; i < scene.meshes.size(); ++i) {
        const Mesh& m = scene.meshes[i];
        out += std::to_string(i) + " " + m.name + " [" + m.source + "] v " +
               std::to_string(m.vertices.size()) + " t " + std::to_string(m.triangleCount()) + " sub " +
               std::to_string(m.submeshes.size()) + " " + renderModeName(m.renderMode) +
               (m.animated ? " animated" : "") +
               (m.frameCount > 1 ? " frames " + std::to_string(m.frameCount) : "") +
               (m.placeholder ? " placeholder" : "") + " " + bounds(m.bounds) + "\n";
    }
    out += "-- nodes\n";
    for (const SceneNode& n : scene.nodes) {
        out += n.name + " " + nodeKindName(n.kind) + " model=" + (n.model.empty() ? "-" : n.model) +
               " mesh=" + std::to_string(n.mesh) + " parent=" + std::to_string(n.parent);
        if (n.textureOverride >= 0) out += " skin=" + std::to_string(n.textureOverride);
        out += " [";
        for (int r = 0; r < 3; ++r) {
            for (int c = 0; c < 4; ++c) {
                if (r || c) out += ' ';
                out += formatNumber(n.world.m[r][c]);
            }
            if (r < 2) out += " |";
        }
        out += "]\n";
    }
    if (!scene.redguard.animations.empty()) out += "-- animations\n";
    for (const ActorAnimation& a : scene.redguard.animations) {
        out += a.script + " groups " + std::to_string(a.groups.groups.size()) + " item " +
               (a.itemMesh >= 0 ? std::to_string(a.itemMesh) : "-") + " sheathed " +
               (a.sheathedMesh >= 0 ? std::to_string(a.sheathedMesh) : "-") + " files";
        for (const ActorFile& f : a.files)
            out += " " + f.path + "*" + std::to_string(f.frameCount) + "=" + std::to_string(f.mesh);
        out += "\n";
    }
    if (!scene.redguard.actors.empty()) out += "-- actors\n";
    for (const SceneActor& a : scene.redguard.actors) {
        out += scene.nodes[static_cast<std::size_t>(a.node)].name + " animation " +
               std::to_string(a.animation) + " item " +
               (a.itemNode >= 0 ? scene.nodes[static_cast<std::size_t>(a.itemNode)].name : std::string("-")) +
               "\n";
    }
    return out;
}

} // namespace rgx::scene
