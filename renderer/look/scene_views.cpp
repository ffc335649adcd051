#include "renderer/look/scene_views.h"

#include <algorithm>
#include <cmath>
#include <vector>

namespace rgx::renderer {

sim::Camera defaultSceneCamera(const scene::Scene& scene, double farPlane, int view) {
    scene::Bounds objects;
    for (const scene::SceneNode& node : scene.nodes) {
        if (node.mesh < 0 || node.kind == scene::NodeKind::Terrain) continue;
        objects.add(
            scene::Bounds::transformed(scene.meshes[static_cast<std::size_t>(node.mesh)].bounds, node.world));
    }
    const scene::Bounds all = scene.worldBounds();
    if (!scene.world || objects.empty()) {
        sim::Camera c = sim::frameBounds(all);
        if (view != 0) {
            // Orbit the same centre.
            const scene::Vec3 centre{(all.min.x + all.max.x) / 2, (all.min.y + all.max.y) / 2,
                                     (all.min.z + all.max.z) / 2};
            const scene::Vec3 d = c.position - centre;
            const double r = std::sqrt(d.x * d.x + d.y * d.y + d.z * d.z);
            c.yawDeg += 90.0 * view;
            const scene::Vec3 nf = sim::cameraForward(c);
            c.position = centre - nf * r;
        }
        return c;
    }
    // The median of the placed objects: the middle of the town, whatever the sea around it holds.
    std::vector<double> xs, ys, zs;
    for (const scene::SceneNode& node : scene.nodes) {
        if (node.mesh < 0 || node.kind == scene::NodeKind::Terrain) continue;
        const scene::Vec3 p = node.world.translationPart();
        xs.push_back(p.x);
        ys.push_back(p.y);
        zs.push_back(p.z);
    }
    const auto median = [](std::vector<double>& v) {
        std::nth_element(v.begin(), v.begin() + static_cast<std::ptrdiff_t>(v.size() / 2), v.end());
        return v[v.size() / 2];
    };
    const scene::Vec3 centre{median(xs), median(ys), median(zs)};
    const double dx = objects.max.x - objects.min.x, dz = objects.max.z - objects.min.z;
    // A street-level overview: a quarter of the objects' spread, at least 1,500 units.
    const double radius = std::max(1500.0, std::sqrt(dx * dx + dz * dz) / 8);
    sim::Camera c;
    c.yawDeg = -45 + 90.0 * view; // the first view looks north-west, from the south-east
    c.pitchDeg = -25;
    const double distance = std::min(radius, farPlane * 0.5);
    const scene::Vec3 f = sim::cameraForward(c);
    c.position = centre - f * distance;
    if (!all.empty()) c.position.y = std::max(c.position.y, all.max.y + 64);
    return c;
}

} // namespace rgx::renderer
