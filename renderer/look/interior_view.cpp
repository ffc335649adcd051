#include "renderer/look/interior_view.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace rgx::renderer {

namespace {

// Möller-Trumbore, both faces: the distance along the ray, or nullopt when it misses.
std::optional<double> hit(const scene::Vec3& origin, const scene::Vec3& dir, const scene::Vec3& a,
                          const scene::Vec3& b, const scene::Vec3& c) {
    const scene::Vec3 e1 = b - a, e2 = c - a;
    const scene::Vec3 p = scene::cross(dir, e2);
    const double det = scene::dot(e1, p);
    if (std::abs(det) < 1e-12) return std::nullopt;
    const double inv = 1.0 / det;
    const scene::Vec3 s = origin - a;
    const double u = scene::dot(s, p) * inv;
    if (u < 0 || u > 1) return std::nullopt;
    const scene::Vec3 q = scene::cross(s, e1);
    const double v = scene::dot(dir, q) * inv;
    if (v < 0 || u + v > 1) return std::nullopt;
    const double t = scene::dot(e2, q) * inv;
    if (t <= 1e-6) return std::nullopt;
    return t;
}

// Heights at which the vertical line through (x, z) crosses a triangle, highest first (crossings
// within a unit of each other, shared edges, counted once).
std::vector<double> verticalCrossings(const std::vector<scene::Vec3>& tris, double x, double z, double top) {
    std::vector<double> heights;
    const scene::Vec3 origin{x, top, z}, down{0, -1, 0};
    for (std::size_t i = 0; i + 2 < tris.size(); i += 3) {
        const scene::Vec3 &a = tris[i], &b = tris[i + 1], &c = tris[i + 2];
        if (x < std::min({a.x, b.x, c.x}) || x > std::max({a.x, b.x, c.x}) || z < std::min({a.z, b.z, c.z}) ||
            z > std::max({a.z, b.z, c.z}))
            continue;
        if (const auto t = hit(origin, down, a, b, c)) heights.push_back(top - *t);
    }
    std::sort(heights.begin(), heights.end(), std::greater<>());
    heights.erase(std::unique(heights.begin(), heights.end(), [](double p, double q) { return p - q < 1.0; }),
                  heights.end());
    return heights;
}

scene::Vec3 heading(double yawDeg) {
    sim::Camera c;
    c.yawDeg = yawDeg;
    c.pitchDeg = 0;
    return sim::cameraForward(c);
}

// The heading of the view-th most open direction from eye, each at least kInteriorViewsApart from
// the more open ones (view counts modulo those found). Openness: the mean free distance (up to
// reach) of the sight lines within kInteriorFan either side, sampled every 5 degrees.
double openHeading(const std::vector<scene::Vec3>& tris, const scene::Vec3& eye, int view, double reach) {
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
    return 5.0 * picked[static_cast<std::size_t>(std::max(view, 0)) % picked.size()];
}

} // namespace

std::vector<scene::Vec3> placedTriangles(const scene::Scene& scene) {
    std::vector<scene::Vec3> out;
    for (const scene::SceneNode& node : scene.nodes) {
        if (node.mesh < 0 || node.kind == scene::NodeKind::Terrain ||
            static_cast<std::size_t>(node.mesh) >= scene.meshes.size())
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

double rayDistance(const std::vector<scene::Vec3>& tris, const scene::Vec3& origin,
                   const scene::Vec3& direction, double maxDistance) {
    double nearest = maxDistance;
    for (std::size_t i = 0; i + 2 < tris.size(); i += 3)
        if (const auto t = hit(origin, direction, tris[i], tris[i + 1], tris[i + 2]); t && *t < nearest)
            nearest = *t;
    return nearest;
}

std::optional<sim::Camera> interiorCamera(const std::vector<scene::Vec3>& tris, const scene::Vec3& preferred,
                                          int view, double farPlane) {
    if (tris.empty()) return std::nullopt;
    double top = -std::numeric_limits<double>::max();
    for (const scene::Vec3& p : tris)
        top = std::max(top, p.y);
    top += 1;
    const double reach = std::max(farPlane, kInteriorClearance * 2);
    const auto tryAt = [&](double x, double z) -> std::optional<sim::Camera> {
        const std::vector<double> h = verticalCrossings(tris, x, z, top);
        // The lowest floor with a ceiling far enough above it: the room at ground level.
        for (std::size_t k = h.size(); k >= 2; --k) {
            const double floor = h[k - 1], ceiling = h[k - 2];
            if (ceiling - floor < kInteriorMinHeight) continue;
            const scene::Vec3 eye{x, floor + std::min(kInteriorEyeHeight, (ceiling - floor) / 2), z};
            // Level sight lines meet only the triangles spanning the eye's height.
            std::vector<scene::Vec3> band;
            for (std::size_t t = 0; t + 2 < tris.size(); t += 3)
                if (std::min({tris[t].y, tris[t + 1].y, tris[t + 2].y}) <= eye.y &&
                    std::max({tris[t].y, tris[t + 1].y, tris[t + 2].y}) >= eye.y)
                    band.insert(band.end(), tris.begin() + static_cast<std::ptrdiff_t>(t),
                                tris.begin() + static_cast<std::ptrdiff_t>(t + 3));
            for (int d = 0; d < 8; ++d)
                if (rayDistance(band, eye, heading(45.0 * d), kInteriorClearance) < kInteriorClearance)
                    return std::nullopt; // against a wall
            sim::Camera c;
            c.position = eye;
            c.pitchDeg = kInteriorPitch;
            c.yawDeg = openHeading(band, eye, view, reach);
            return c;
        }
        return std::nullopt;
    };
    // Rings of the grid round the preferred spot, nearest first.
    for (int ring = 0; ring <= kInteriorSearchSteps; ++ring)
        for (int i = -ring; i <= ring; ++i)
            for (int j = -ring; j <= ring; ++j) {
                if (std::max(std::abs(i), std::abs(j)) != ring) continue;
                if (auto c =
                        tryAt(preferred.x + i * kInteriorSearchStep, preferred.z + j * kInteriorSearchStep))
                    return c;
            }
    return std::nullopt;
}

} // namespace rgx::renderer
