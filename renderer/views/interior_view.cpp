#include "renderer/views/interior_view.h"

#include "renderer/culling/culling.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <map>

namespace rgx::renderer {

namespace {

// Möller-Trumbore, both faces, edges and corners included: the distance along the ray (0 for an
// origin on the triangle's plane, inside it), or nullopt when it misses.
std::optional<double> hit(const Vec3& origin, const Vec3& dir, const Vec3& a, const Vec3& b, const Vec3& c) {
    constexpr double kEdge = 1e-9; // barycentric slack: neighbouring triangles leave no crack
    const Vec3 e1 = b - a, e2 = c - a;
    const Vec3 p = rgx::cross(dir, e2);
    const double det = rgx::dot(e1, p);
    // Parallel to the plane (relative to the triangle's size: units are engine units).
    if (!(std::abs(det) > 1e-12 * std::sqrt(rgx::dot(e1, e1) * rgx::dot(e2, e2)))) return std::nullopt;
    const double inv = 1.0 / det;
    const Vec3 s = origin - a;
    const double u = rgx::dot(s, p) * inv;
    if (u < -kEdge || u > 1 + kEdge) return std::nullopt;
    const Vec3 q = rgx::cross(s, e1);
    const double v = rgx::dot(dir, q) * inv;
    if (v < -kEdge || u + v > 1 + kEdge) return std::nullopt;
    const double t = rgx::dot(e2, q) * inv;
    if (!std::isfinite(t) || t < -1e-6) return std::nullopt;
    return std::max(t, 0.0); // an origin on the surface is blocked at once
}

Vec3 heading(double yawDeg) {
    view::Camera c;
    c.yawDeg = yawDeg;
    c.pitchDeg = 0;
    return view::cameraForward(c);
}

// The triangles by kCell x kCell columns of the x/z plane they overlap, for the vertical lines.
struct Columns {
    static constexpr double kCell = 128;
    std::map<std::pair<long, long>, std::vector<std::size_t>> cells; // -> first corner index
    explicit Columns(const std::vector<Vec3>& tris) {
        for (std::size_t t = 0; t + 2 < tris.size(); t += 3) {
            const Vec3 &a = tris[t], &b = tris[t + 1], &c = tris[t + 2];
            const long x0 = cell(std::min({a.x, b.x, c.x})), x1 = cell(std::max({a.x, b.x, c.x}));
            const long z0 = cell(std::min({a.z, b.z, c.z})), z1 = cell(std::max({a.z, b.z, c.z}));
            if ((x1 - x0 + 1) * (z1 - z0 + 1) > 4096) continue; // a sliver across the map: no floor
            for (long x = x0; x <= x1; ++x)
                for (long z = z0; z <= z1; ++z)
                    cells[{x, z}].push_back(t);
        }
    }
    static long cell(double v) { return static_cast<long>(std::floor(std::clamp(v, -1e12, 1e12) / kCell)); }
};

// Heights at which the vertical line through (x, z) crosses a triangle, highest first (crossings
// within a unit of each other, shared edges, counted once).
std::vector<double> verticalCrossings(const std::vector<Vec3>& tris, const Columns& columns, double x,
                                      double z, double top) {
    std::vector<double> heights;
    const auto it = columns.cells.find({Columns::cell(x), Columns::cell(z)});
    if (it == columns.cells.end()) return heights;
    const Vec3 origin{x, top, z}, down{0, -1, 0};
    for (const std::size_t t : it->second)
        if (const auto d = hit(origin, down, tris[t], tris[t + 1], tris[t + 2])) heights.push_back(top - *d);
    std::sort(heights.begin(), heights.end(), std::greater<>());
    heights.erase(std::unique(heights.begin(), heights.end(), [](double p, double q) { return p - q < 1.0; }),
                  heights.end());
    return heights;
}

// The heading of the view-th most open direction from eye, each at least kInteriorViewsApart from
// the more open ones (view counts modulo those found), and the best openness. Openness: the mean
// free distance (up to reach) of the sight lines within kInteriorFan either side, sampled every 5
// degrees.
std::pair<double, double> openHeading(const std::vector<Vec3>& tris, const Vec3& eye, int view,
                                      double reach) {
    constexpr int kSteps = 72; // 5 degrees
    std::vector<double> free(kSteps);
    for (int i = 0; i < kSteps; ++i)
        free[static_cast<std::size_t>(i)] = rayDistance(tris, eye, heading(5.0 * i), reach);
    const int fan = static_cast<int>(kInteriorFan / 5);
    std::vector<std::pair<double, int>> open; // (-openness, step), every 15 degrees
    for (int i = 0; i < kSteps; i += 3) {
        double sum = 0;
        for (int f = -fan; f <= fan; ++f)
            sum += free[static_cast<std::size_t>((i + f + kSteps) % kSteps)];
        open.emplace_back(-sum / (2 * fan + 1), i);
    }
    std::stable_sort(open.begin(), open.end());
    std::vector<int> picked;
    for (const auto& [score, step] : open) {
        const bool apart = std::all_of(picked.begin(), picked.end(), [&](int p) {
            const int d = std::abs(step - p) % kSteps;
            return 5.0 * std::min(d, kSteps - d) >= kInteriorViewsApart;
        });
        if (apart) picked.push_back(step);
    }
    return {5.0 * picked[static_cast<std::size_t>(std::max(view, 0)) % picked.size()], -open.front().first};
}

} // namespace

std::vector<Vec3> placedTriangles(const scene::Scene& scene) {
    std::vector<Vec3> out;
    for (std::size_t n = 0; n < scene.nodes.size(); ++n) {
        const scene::SceneNode& node = scene.nodes[n];
        // What stands where it is drawn: not the terrain, editor helpers, billboards (flats turn to
        // the camera) or held items (hidden at rest).
        if (!drawnAsInstance(scene, n) || node.kind == scene::NodeKind::Terrain ||
            node.kind == scene::NodeKind::Flat || node.kind == scene::NodeKind::HeldItem)
            continue;
        const scene::Mesh& m = scene.meshes[static_cast<std::size_t>(node.mesh)];
        if (m.placeholder) continue;
        for (std::size_t t = 0; t + 2 < m.indices.size(); t += 3) {
            if (std::max({m.indices[t], m.indices[t + 1], m.indices[t + 2]}) >= m.vertices.size()) continue;
            for (std::size_t k = 0; k < 3; ++k) {
                const float* p = m.vertices[m.indices[t + k]].position;
                out.push_back(node.world.transformPoint({p[0], p[1], p[2]}));
            }
        }
    }
    return out;
}

double rayDistance(const std::vector<Vec3>& tris, const Vec3& origin, const Vec3& direction,
                   double maxDistance) {
    double nearest = maxDistance;
    for (std::size_t i = 0; i + 2 < tris.size(); i += 3)
        if (const auto t = hit(origin, direction, tris[i], tris[i + 1], tris[i + 2]); t && *t < nearest)
            nearest = *t;
    return nearest;
}

std::optional<view::Camera> interiorCamera(const std::vector<Vec3>& tris, const Vec3& preferred, int view,
                                           double farPlane) {
    if (tris.empty()) return std::nullopt;
    scene::Bounds bounds;
    for (const Vec3& p : tris)
        bounds.add(p);
    const double top = bounds.max.y + 1;
    // A sight line that meets nothing within the level's extent leaves it: the spot is outside.
    const double extent =
        std::hypot(bounds.max.x - bounds.min.x, bounds.max.y - bounds.min.y, bounds.max.z - bounds.min.z) + 1;
    const double reach = std::min(std::max(farPlane, kInteriorClearance * 2), extent);
    const Columns columns(tris);
    const auto tryAt = [&](double x, double z) -> std::optional<view::Camera> {
        const std::vector<double> h = verticalCrossings(tris, columns, x, z, top);
        // (floor, ceiling) pairs tall enough, the floor nearest the preferred height first (the
        // storey the busiest place is on).
        std::vector<std::pair<double, double>> rooms;
        for (std::size_t k = 1; k < h.size(); ++k)
            if (h[k - 1] - h[k] >= kInteriorMinHeight) rooms.emplace_back(h[k], h[k - 1]);
        std::stable_sort(rooms.begin(), rooms.end(), [&](const auto& a, const auto& b) {
            return std::abs(a.first - preferred.y) < std::abs(b.first - preferred.y);
        });
        for (const auto& [floor, ceiling] : rooms) {
            const Vec3 eye{x, floor + std::min(kInteriorEyeHeight, (ceiling - floor) / 2), z};
            // Level sight lines meet only the triangles spanning the eye's height.
            std::vector<Vec3> band;
            for (std::size_t t = 0; t + 2 < tris.size(); t += 3)
                if (std::min({tris[t].y, tris[t + 1].y, tris[t + 2].y}) <= eye.y &&
                    std::max({tris[t].y, tris[t + 1].y, tris[t + 2].y}) >= eye.y)
                    band.insert(band.end(), tris.begin() + static_cast<std::ptrdiff_t>(t),
                                tris.begin() + static_cast<std::ptrdiff_t>(t + 3));
            // Clear of the walls, and walled in: most compass lines meet a wall within the level
            // (between two storeys, or beside the level, they run out of it).
            bool clear = true;
            int walled = 0;
            for (int d = 0; d < 8 && clear; ++d) {
                const double free = rayDistance(band, eye, heading(45.0 * d), extent);
                clear = free >= kInteriorClearance;
                walled += free < extent;
            }
            if (!clear || walled < kInteriorWalledLines) continue;
            const auto [yaw, openness] = openHeading(band, eye, view, reach);
            if (openness < kInteriorMinSight) continue; // inside a solid box, or a cupboard
            view::Camera c;
            c.position = eye;
            c.pitchDeg = kInteriorPitch;
            c.yawDeg = yaw;
            return c;
        }
        return std::nullopt;
    };
    // Rings of the grid round the preferred spot, nearest first; the grid is offset by a fraction
    // of a unit so that no spot lies exactly on a wall's plane (walls sit on whole units).
    const double x0 = preferred.x + kInteriorGridOffset, z0 = preferred.z + kInteriorGridOffset;
    for (int ring = 0; ring <= kInteriorSearchSteps; ++ring)
        for (int i = -ring; i <= ring; ++i)
            for (int j = -ring; j <= ring; ++j) {
                if (std::max(std::abs(i), std::abs(j)) != ring) continue;
                if (auto c = tryAt(x0 + i * kInteriorSearchStep, z0 + j * kInteriorSearchStep)) return c;
            }
    return std::nullopt;
}

} // namespace rgx::renderer
