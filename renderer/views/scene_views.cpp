#include "renderer/views/scene_views.h"

#include "renderer/sky/sky.h"
#include "renderer/views/interior_view.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <numbers>
#include <vector>

namespace rgx::renderer {

namespace {

constexpr double kClusterCell = 1024; // the squares objects are counted in, to find the town
constexpr double kEyeHeight = 64;     // above the ground the camera stands over
constexpr double kTargetHeight = 150; // the point looked at, above the town's median object
constexpr double kViewFraction = 0.3; // of the far plane, at most, from the camera to the centre
                                      // over terrain (indoors: half of it)

// The highest terrain vertex within two cells of (x, z) (a point off the grid: of the nearest
// cells on it).
double groundNear(const scene::Scene& scene, const Vec3& at) {
    const scene::TerrainGrid& t = *scene.terrain;
    const int n = scene::TerrainGrid::kSize;
    const auto cell = [n](double v) {
        return static_cast<int>(std::clamp(std::floor(v / scene::TerrainGrid::kCell), 0.0, n - 1.0));
    };
    const int col = cell(at.x), row = cell(at.z);
    double ground = -1e300;
    for (int r = std::max(0, row - 2); r <= std::min(n - 1, row + 2); ++r)
        for (int c = std::max(0, col - 2); c <= std::min(n - 1, col + 2); ++c)
            ground = std::max(ground, static_cast<double>(t.height[static_cast<std::size_t>(r) * n + c]));
    return ground;
}

// The placed objects (statics, actors, flats: not the terrain): their bounds, and their positions
// into *positions when given.
scene::Bounds placedObjectBounds(const scene::Scene& scene, std::vector<Vec3>* positions) {
    scene::Bounds objects;
    for (const scene::SceneNode& node : scene.nodes) {
        if (node.mesh < 0 || node.kind == scene::NodeKind::Terrain) continue;
        objects.add(
            scene::Bounds::transformed(scene.meshes[static_cast<std::size_t>(node.mesh)].bounds, node.world));
        if (positions) positions->push_back(node.world.translationPart());
    }
    return objects;
}

} // namespace

view::Camera defaultSceneCamera(const scene::Scene& scene, double farPlane, int view) {
    std::vector<Vec3> placed;
    const scene::Bounds objects = placedObjectBounds(scene, &placed);
    const scene::Bounds all = scene.worldBounds();
    if (!scene.redguard.world || objects.empty()) {
        view::Camera c = view::frameBounds(all);
        if (view != 0) {
            // Orbit the same centre.
            const Vec3 centre{(all.min.x + all.max.x) / 2, (all.min.y + all.max.y) / 2,
                              (all.min.z + all.max.z) / 2};
            const Vec3 d = c.position - centre;
            const double r = std::sqrt(d.x * d.x + d.y * d.y + d.z * d.z);
            c.yawDeg += 90.0 * view;
            const Vec3 nf = view::cameraForward(c);
            c.position = centre - nf * r;
        }
        return c;
    }
    // The busiest place: the kClusterCell square whose 3 x 3 neighbourhood holds the most placed
    // objects (the town, wherever statics are strewn over the rest of the map); its centre is the
    // median of those objects.
    std::map<std::pair<long, long>, int> counts;
    const auto cellOf = [](const Vec3& p) {
        return std::pair<long, long>{static_cast<long>(std::floor(p.x / kClusterCell)),
                                     static_cast<long>(std::floor(p.z / kClusterCell))};
    };
    for (const Vec3& p : placed)
        ++counts[cellOf(p)];
    std::pair<long, long> busiest = counts.begin()->first;
    int most = -1;
    for (const auto& [cell, n] : counts) {
        int around = 0;
        for (long dr = -1; dr <= 1; ++dr)
            for (long dc = -1; dc <= 1; ++dc)
                if (auto it = counts.find({cell.first + dc, cell.second + dr}); it != counts.end())
                    around += it->second;
        if (around > most) {
            most = around;
            busiest = cell;
        }
    }
    std::vector<double> xs, ys, zs;
    for (const Vec3& p : placed) {
        const auto cell = cellOf(p);
        if (std::abs(cell.first - busiest.first) > 1 || std::abs(cell.second - busiest.second) > 1) continue;
        xs.push_back(p.x);
        ys.push_back(p.y);
        zs.push_back(p.z);
    }
    const auto median = [](std::vector<double>& v) {
        std::nth_element(v.begin(), v.begin() + static_cast<std::ptrdiff_t>(v.size() / 2), v.end());
        return v[v.size() / 2];
    };
    const Vec3 centre{median(xs), median(ys), median(zs)};
    // A street-level overview from within a fraction of the far plane (the fog closes in well
    // before it), at most a quarter of the objects' spread away.
    const double dx = objects.max.x - objects.min.x, dz = objects.max.z - objects.min.z;
    const double distance = std::min(std::max(1500.0, std::sqrt(dx * dx + dz * dz) / 8),
                                     farPlane * (scene.terrain ? kViewFraction : 0.5));
    // A camera `distance` from the centre along yaw, 25 degrees up. Over terrain it is raised
    // until its sight line to a point kTargetHeight above the centre clears the ground from a
    // quarter of the way out (nearer, the town's own slopes may stand in view), then looks there.
    const Vec3 target{centre.x, centre.y + (scene.terrain ? kTargetHeight : 0.0), centre.z};
    const auto place = [&](double yaw) {
        view::Camera c;
        c.yawDeg = yaw;
        c.pitchDeg = -25;
        c.position = centre - view::cameraForward(c) * distance;
        if (!scene.terrain) {
            if (!all.empty()) c.position.y = std::max(c.position.y, all.max.y + kEyeHeight);
            return c;
        }
        for (int k = 4; k <= 16; ++k) {
            const double s = k / 16.0; // 0 at the target, 1 at the camera
            const Vec3 at = target + (c.position - target) * s;
            c.position.y =
                std::max(c.position.y, target.y + (groundNear(scene, at) + kEyeHeight - target.y) / s);
        }
        const double hx = target.x - c.position.x, hz = target.z - c.position.z;
        c.pitchDeg =
            -std::atan2(c.position.y - target.y, std::sqrt(hx * hx + hz * hz)) * 180.0 / std::numbers::pi;
        return c;
    };
    // The first view looks north-west, from the south-east, the others turn by quarters. Over
    // terrain each takes, of its direction and the seven around it in eighths, the lowest camera:
    // the one that sees the centre over the least ground.
    const double base = -45 + 90.0 * view;
    if (!scene.terrain && scene.redguard.world && !scene.redguard.world->world) {
        // Indoors (a world with no WLD; not an outdoor one whose WLD is missing): standing in the
        // room nearest the centre, when one is found; else the overview from above the level.
        if (auto inside = interiorCamera(placedTriangles(scene), centre, view, farPlane)) return *inside;
    }
    view::Camera best = place(base);
    if (scene.terrain) {
        for (int k = 1; k < 8; ++k) {
            const view::Camera c = place(base + 45.0 * k);
            if (c.position.y < best.position.y - 1) best = c;
        }
    }
    return best;
}

view::CameraPath benchPath(const scene::Scene& scene, double seconds) {
    view::CameraPath path;
    const scene::Bounds objects = placedObjectBounds(scene, nullptr);
    const scene::Bounds b = objects.empty() ? scene.worldBounds() : objects;
    if (!scene.redguard.world || b.empty()) {
        // A model: once round it, through the four quarter views.
        for (int k = 0; k <= 4; ++k)
            path.keys.push_back({seconds * k / 4, defaultSceneCamera(scene, 1.0, k % 4)});
        return path;
    }
    const Vec3 from{b.min.x + 0.1 * (b.max.x - b.min.x), 0, b.max.z - 0.1 * (b.max.z - b.min.z)};
    const Vec3 to{b.max.x - 0.1 * (b.max.x - b.min.x), 0, b.min.z + 0.1 * (b.max.z - b.min.z)};
    const double yaw = std::atan2(to.x - from.x, -(to.z - from.z)) * 180.0 / std::numbers::pi;
    // Each key clears the ground along both legs it ends, so the straight line between two keys
    // clears the ground under it too (sampled every two cells, groundNear's reach).
    const double leg = std::hypot(to.x - from.x, to.z - from.z) / (kBenchKeys - 1);
    const int samples = std::max(1, static_cast<int>(std::ceil(leg / (2 * scene::TerrainGrid::kCell))));
    for (int k = 0; k < kBenchKeys; ++k) {
        const double s = static_cast<double>(k) / (kBenchKeys - 1);
        view::Camera c;
        c.position = from + (to - from) * s;
        c.yawDeg = yaw;
        if (scene.terrain) {
            double ground = -1e300;
            for (int j = -samples; j <= samples; ++j) {
                const double u =
                    std::clamp(s + static_cast<double>(j) / samples / (kBenchKeys - 1), 0.0, 1.0);
                ground = std::max(ground, groundNear(scene, from + (to - from) * u));
            }
            c.position.y = ground + kBenchClearance;
            c.pitchDeg = -15;
        } else {
            c.position.y = (b.min.y + b.max.y) / 2;
        }
        path.keys.push_back({seconds * s, c});
    }
    return path;
}

view::Camera skyViewCamera(const scene::Scene& scene, double farPlane) {
    view::Camera c = defaultSceneCamera(scene, farPlane, 0);
    const SkyLook sky = skyLook(scene);
    double elevation = 25;
    if (sky.sun) {
        const auto& s = sky.sunDirection;
        c.yawDeg = std::atan2(s[0], -s[2]) * 180.0 / std::numbers::pi;
        elevation = std::atan2(s[1], std::hypot(s[0], s[2])) * 180.0 / std::numbers::pi;
    }
    c.pitchDeg = std::clamp(elevation - 20.0, 5.0, 60.0);
    return c;
}

} // namespace rgx::renderer
