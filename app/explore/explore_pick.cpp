#include "app/explore/explore_pick.h"

#include "renderer/culling/culling.h"
#include "scene/redguard/terrain.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace rgx::app {

namespace {

using scene::NodeKind;

// A node the game does not draw (an editor helper) or one with nothing to draw: picked by a sphere
// round its origin.
bool isHelper(const scene::Scene& scene, std::size_t i) {
    return !renderer::drawnAsInstance(scene, i);
}

// A drawn node's box in its own frame: every frame it can show (scene::nodeDrawBounds).
scene::Bounds helperBox(const Vec3& at) {
    scene::Bounds b;
    const Vec3 r{kPickHelperRadius, kPickHelperRadius, kPickHelperRadius};
    b.add(at - r);
    b.add(at + r);
    return b;
}

std::array<double, 4> boundsSphere(const scene::Bounds& b) {
    const double dx = b.max.x - b.min.x, dy = b.max.y - b.min.y, dz = b.max.z - b.min.z;
    return {(b.min.x + b.max.x) / 2, (b.min.y + b.max.y) / 2, (b.min.z + b.max.z) / 2,
            std::sqrt(dx * dx + dy * dy + dz * dz) / 2};
}

Vec3 cellCorner(const scene::TerrainGrid& t, int row, int column) {
    const std::size_t v =
        static_cast<std::size_t>(row) * scene::TerrainGrid::kSize + static_cast<std::size_t>(column);
    return {column * scene::TerrainGrid::kCell, t.height[v], row * scene::TerrainGrid::kCell};
}

bool validCell(const scene::Scene& scene, const TerrainCell& c) {
    const int last = scene::TerrainGrid::kSize - 2;
    return scene.terrain && !scene.terrain->height.empty() && c.row >= 0 && c.column >= 0 && c.row <= last &&
           c.column <= last;
}

} // namespace

std::optional<double> rayTriangle(const Vec3& origin, const Vec3& direction, const Vec3& a, const Vec3& b,
                                  const Vec3& c) {
    // Möller-Trumbore, both faces.
    const Vec3 e1 = b - a, e2 = c - a;
    const Vec3 p = cross(direction, e2);
    const double det = dot(e1, p);
    if (std::abs(det) < 1e-12) return std::nullopt;
    const double inv = 1 / det;
    const Vec3 s = origin - a;
    const double u = dot(s, p) * inv;
    if (u < 0 || u > 1) return std::nullopt;
    const Vec3 q = cross(s, e1);
    const double v = dot(direction, q) * inv;
    if (v < 0 || u + v > 1) return std::nullopt;
    const double t = dot(e2, q) * inv;
    if (t < 0) return std::nullopt;
    return t;
}

std::optional<double> rayBox(const Vec3& origin, const Vec3& direction, const scene::Bounds& box) {
    if (box.empty()) return std::nullopt;
    double lo = 0, hi = std::numeric_limits<double>::infinity();
    const double o[3] = {origin.x, origin.y, origin.z}, d[3] = {direction.x, direction.y, direction.z};
    const double mn[3] = {box.min.x, box.min.y, box.min.z}, mx[3] = {box.max.x, box.max.y, box.max.z};
    for (int a = 0; a < 3; ++a) {
        if (std::abs(d[a]) < 1e-300) {
            if (o[a] < mn[a] || o[a] > mx[a]) return std::nullopt;
            continue;
        }
        double t0 = (mn[a] - o[a]) / d[a], t1 = (mx[a] - o[a]) / d[a];
        if (t0 > t1) std::swap(t0, t1);
        lo = std::max(lo, t0);
        hi = std::min(hi, t1);
        if (lo > hi) return std::nullopt;
    }
    return lo;
}

std::optional<PickHit> rayTerrain(const Ray& ray, const scene::TerrainGrid& terrain, double maxDistance) {
    if (terrain.height.empty()) return std::nullopt;
    const double extent = (scene::TerrainGrid::kSize - 1) * scene::TerrainGrid::kCell;
    // Only the part of the ray over the grid can meet it.
    scene::Bounds over;
    over.add(Vec3{0, -1e9, 0});
    over.add(Vec3{extent, 1e9, extent});
    const std::optional<double> enter = rayBox(ray.origin, ray.direction, over);
    if (!enter) return std::nullopt;
    auto above = [&](double t) {
        const Vec3 p = ray.origin + ray.direction * t;
        return p.y - scene::terrainHeightAt(terrain.height, p.x, p.z);
    };
    // March in steps of an eighth of a cell, from above the ground to below it, then halve the step.
    constexpr double kStep = scene::TerrainGrid::kCell / 8;
    double t = *enter, h = above(t);
    while (t < maxDistance) {
        const double next = std::min(t + kStep, maxDistance);
        const Vec3 p = ray.origin + ray.direction * next;
        if (p.x < 0 || p.z < 0 || p.x > extent || p.z > extent) return std::nullopt;
        const double hn = above(next);
        if (h >= 0 && hn < 0) {
            double lo = t, hi = next;
            for (int i = 0; i < 40; ++i) {
                const double mid = (lo + hi) / 2;
                (above(mid) >= 0 ? lo : hi) = mid;
            }
            const Vec3 at = ray.origin + ray.direction * lo;
            const int last = scene::TerrainGrid::kSize - 2;
            TerrainCell cell{
                std::clamp(static_cast<int>(std::floor(at.z / scene::TerrainGrid::kCell)), 0, last),
                std::clamp(static_cast<int>(std::floor(at.x / scene::TerrainGrid::kCell)), 0, last)};
            return PickHit{Selection{-1, cell}, lo};
        }
        t = next;
        h = hn;
    }
    return std::nullopt;
}

NodeDrawn nodeDrawn(const scene::Scene& scene, std::size_t i, const sim::WorldState* drawn) {
    const scene::SceneNode& node = scene.nodes[i];
    NodeDrawn out{node.world, node.mesh, 0, false};
    if (const sim::NodeState* s = sim::nodeState(drawn, i)) {
        out.hidden = s->hidden;
        if (s->world) out.world = *s->world;
        if (s->animated) {
            out.world = out.world * s->local;
            if (s->mesh >= 0) out.mesh = s->mesh;
            out.frame = s->frame;
        }
    }
    return out;
}

bool nodePickable(const scene::Scene& scene, std::size_t i, const renderer::LayerToggles& layers) {
    const scene::SceneNode& node = scene.nodes[i];
    if (node.kind == NodeKind::Terrain) return false;
    if (isHelper(scene, i)) return true;
    return renderer::layerOn(renderer::instanceLayer(node.kind), layers);
}

std::optional<PickHit> pickScene(const scene::Scene& scene, const Ray& ray,
                                 const renderer::LayerToggles& layers, const sim::WorldState* drawn,
                                 double maxDistance) {
    std::optional<PickHit> best;
    auto offer = [&](int node, double t) {
        if (t <= maxDistance && (!best || t < best->distance))
            best = PickHit{Selection{node, std::nullopt}, t};
    };
    for (std::size_t i = 0; i < scene.nodes.size(); ++i) {
        if (!nodePickable(scene, i, layers)) continue;
        const NodeDrawn d = nodeDrawn(scene, i, drawn);
        if (d.hidden) continue;
        const scene::SceneNode& node = scene.nodes[i];
        if (isHelper(scene, i)) {
            const Vec3 c = d.world.translationPart();
            if (auto t = raySphere(ray, {static_cast<float>(c.x), static_cast<float>(c.y),
                                         static_cast<float>(c.z), static_cast<float>(kPickHelperRadius)}))
                offer(static_cast<int>(i), *t);
            continue;
        }
        if (node.kind == NodeKind::Flat) {
            // A billboard turns to the camera: the sphere that holds every turn.
            const std::array<float, 4> s = renderer::instanceSphere(scene, node);
            const Vec3 moved = d.world.translationPart() - node.world.translationPart();
            if (auto t =
                    raySphere(ray, {s[0] + static_cast<float>(moved.x), s[1] + static_cast<float>(moved.y),
                                    s[2] + static_cast<float>(moved.z), s[3]}))
                offer(static_cast<int>(i), *t);
            continue;
        }
        // The ray in the node's frame: an affine map keeps the distance along it.
        const Mat4 inverse = affineInverse(d.world);
        const Vec3 o = inverse.transformPoint(ray.origin), dir = inverse.transformDirection(ray.direction);
        const std::optional<double> enter = rayBox(o, dir, scene::nodeDrawBounds(scene, node));
        if (!enter || *enter > maxDistance || (best && *enter > best->distance)) continue;
        if (d.mesh < 0 || static_cast<std::size_t>(d.mesh) >= scene.meshes.size()) continue;
        const scene::Mesh& mesh = scene.meshes[static_cast<std::size_t>(d.mesh)];
        const std::span<const scene::MeshVertex> v = scene::meshFrameVertices(mesh, d.frame);
        auto at = [&](std::uint32_t k) {
            const float* p = v[k].position;
            return Vec3{p[0], p[1], p[2]};
        };
        for (std::size_t k = 0; k + 2 < mesh.indices.size(); k += 3) {
            if (mesh.indices[k + 2] >= v.size() || mesh.indices[k] >= v.size() ||
                mesh.indices[k + 1] >= v.size())
                continue;
            if (auto t = rayTriangle(o, dir, at(mesh.indices[k]), at(mesh.indices[k + 1]),
                                     at(mesh.indices[k + 2])))
                offer(static_cast<int>(i), *t);
        }
    }
    if (layers.terrain && scene.terrain) {
        if (auto ground = rayTerrain(ray, *scene.terrain, best ? best->distance : maxDistance))
            if (!best || ground->distance < best->distance) best = ground;
    }
    return best;
}

std::optional<std::array<double, 4>> selectionSphere(const scene::Scene& scene, const Selection& selection,
                                                     const sim::WorldState* drawn) {
    if (selection.cell) {
        if (!validCell(scene, *selection.cell)) return std::nullopt;
        scene::Bounds b;
        for (int dr = 0; dr < 2; ++dr)
            for (int dc = 0; dc < 2; ++dc)
                b.add(cellCorner(*scene.terrain, selection.cell->row + dr, selection.cell->column + dc));
        return boundsSphere(b);
    }
    if (selection.node < 0 || static_cast<std::size_t>(selection.node) >= scene.nodes.size())
        return std::nullopt;
    const std::size_t i = static_cast<std::size_t>(selection.node);
    const NodeDrawn d = nodeDrawn(scene, i, drawn);
    const scene::Bounds local = scene::nodeDrawBounds(scene, scene.nodes[i]);
    if (isHelper(scene, i) || local.empty()) {
        const Vec3 c = d.world.translationPart();
        return std::array<double, 4>{c.x, c.y, c.z, kPickHelperRadius};
    }
    return boundsSphere(scene::Bounds::transformed(local, d.world));
}

std::vector<std::array<Vec3, 2>> selectionOutline(const scene::Scene& scene, const Selection& selection,
                                                  const sim::WorldState* drawn) {
    std::vector<std::array<Vec3, 2>> out;
    if (selection.cell) {
        if (!validCell(scene, *selection.cell)) return out;
        const int r = selection.cell->row, c = selection.cell->column;
        const Vec3 p[4] = {cellCorner(*scene.terrain, r, c), cellCorner(*scene.terrain, r, c + 1),
                           cellCorner(*scene.terrain, r + 1, c + 1), cellCorner(*scene.terrain, r + 1, c)};
        for (int k = 0; k < 4; ++k)
            out.push_back({p[k], p[(k + 1) % 4]});
        return out;
    }
    if (selection.node < 0 || static_cast<std::size_t>(selection.node) >= scene.nodes.size()) return out;
    const std::size_t i = static_cast<std::size_t>(selection.node);
    const NodeDrawn d = nodeDrawn(scene, i, drawn);
    scene::Bounds box = scene::nodeDrawBounds(scene, scene.nodes[i]);
    Mat4 frame = d.world;
    if (isHelper(scene, i) || box.empty()) {
        box = helperBox(d.world.translationPart());
        frame = Mat4::identity();
    }
    auto corner = [&](int k) {
        return frame.transformPoint(
            {k & 1 ? box.max.x : box.min.x, k & 2 ? box.max.y : box.min.y, k & 4 ? box.max.z : box.min.z});
    };
    // The edges join corners that differ in one bit.
    for (int a = 0; a < 8; ++a)
        for (int bit = 1; bit < 8; bit <<= 1)
            if (!(a & bit)) out.push_back({corner(a), corner(a | bit)});
    return out;
}

} // namespace rgx::app
