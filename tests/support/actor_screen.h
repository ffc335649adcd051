#pragma once
// Where a frame's actors can be on screen: the pixel rectangle of each actor's (and held item's)
// bounding sphere, for the tests that render two times and check that only actors changed.
// Header-only: the renderer and software renderer tests both use it.

#include "renderer/look/culling.h"
#include "renderer/look/world_lighting.h"
#include "scene/scene_graph.h"
#include "sim/camera.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <vector>

namespace rgx::testing {

struct ScreenBox {
    int x0 = 0, y0 = 0, x1 = -1, y1 = -1; // inclusive pixels
    bool contains(int x, int y) const { return x >= x0 && x <= x1 && y >= y0 && y <= y1; }
};

// The boxes of every node belonging to an actor (body and held item), grown by `margin` pixels:
// the corners of the cube round each bounding sphere, projected (a corner behind the camera
// makes the box the whole image). Rows top to bottom, as images are stored.
inline std::vector<ScreenBox> actorScreenBoxes(const scene::Scene& s, const sim::Camera& camera, int width,
                                               int height, double nearPlane, double farPlane,
                                               int margin = 2) {
    const std::array<float, 16> vp =
        renderer::viewProjection(camera, static_cast<double>(width) / height, nearPlane, farPlane);
    std::vector<ScreenBox> boxes;
    for (const scene::SceneNode& node : s.nodes) {
        if (node.actor < 0 || node.mesh < 0) continue;
        const std::array<float, 4> sphere = renderer::instanceSphere(s, node);
        double minX = 1e30, minY = 1e30, maxX = -1e30, maxY = -1e30;
        bool behind = false;
        for (int c = 0; c < 8; ++c) {
            const double p[3] = {sphere[0] + ((c & 1) ? sphere[3] : -sphere[3]),
                                 sphere[1] + ((c & 2) ? sphere[3] : -sphere[3]),
                                 sphere[2] + ((c & 4) ? sphere[3] : -sphere[3])};
            double clip[4];
            for (int r = 0; r < 4; ++r)
                clip[r] = vp[r] * p[0] + vp[4 + r] * p[1] + vp[8 + r] * p[2] + vp[12 + r];
            if (clip[3] <= 1e-6) {
                behind = true;
                break;
            }
            // Vulkan clip space: y down the image.
            const double x = (clip[0] / clip[3] * 0.5 + 0.5) * width,
                         y = (clip[1] / clip[3] * 0.5 + 0.5) * height;
            minX = std::min(minX, x);
            maxX = std::max(maxX, x);
            minY = std::min(minY, y);
            maxY = std::max(maxY, y);
        }
        ScreenBox b{0, 0, width - 1, height - 1};
        if (!behind) {
            b = {static_cast<int>(std::floor(minX)) - margin, static_cast<int>(std::floor(minY)) - margin,
                 static_cast<int>(std::ceil(maxX)) + margin, static_cast<int>(std::ceil(maxY)) + margin};
        }
        boxes.push_back(b);
    }
    return boxes;
}

// A camera `distance` units south of actor i's node (looking north, yaw 0), slightly above.
inline sim::Camera cameraOnActor(const scene::Scene& s, std::size_t actor, double distance) {
    const scene::Vec3 at = s.nodes[static_cast<std::size_t>(s.actors[actor].node)].world.translationPart();
    sim::Camera c;
    c.position = {at.x, at.y + 110, at.z + distance};
    c.yawDeg = 0;
    c.pitchDeg = -8;
    return c;
}

} // namespace rgx::testing
