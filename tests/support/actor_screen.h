#pragma once
// Where a frame's actors are on screen: the pixel rectangle of each actor's (and held item's)
// posed geometry, for the tests that render two times and check that only actors changed.
// Header-only: the renderer and software renderer tests both use it.

#include "renderer/lighting/world_lighting.h"
#include "scene/scene_graph.h"
#include "sim/scene_animation.h"
#include "view/camera.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <vector>

namespace rgx::testing {

struct ScreenBox {
    int x0 = 0, y0 = 0, x1 = -1, y1 = -1; // inclusive pixels
    bool contains(int x, int y) const { return x >= x0 && x <= x1 && y >= y0 && y <= y1; }
};

// The boxes of every actor body and held item as posed (sim::SceneAnimation::state), grown by
// `margin` pixels: the corners of the world box round the posed frame's vertices, projected. A
// box wholly behind the camera gives none; one straddling the camera plane the whole image. Rows
// top to bottom, as images are stored.
inline std::vector<ScreenBox> actorScreenBoxes(const scene::Scene& s, const sim::WorldState& state,
                                               const view::Camera& camera, int width, int height,
                                               double nearPlane, double farPlane, int margin = 2) {
    const std::array<float, 16> vp =
        renderer::viewProjection(camera, static_cast<double>(width) / height, nearPlane, farPlane);
    std::vector<ScreenBox> boxes;
    for (std::size_t n = 0; n < s.nodes.size(); ++n) {
        const scene::SceneNode& node = s.nodes[n];
        const sim::NodeState& pose = state.nodes[n];
        if (node.actor < 0 || node.mesh < 0 || pose.hidden) continue;
        const scene::Mesh& mesh = s.meshes[static_cast<std::size_t>(pose.mesh >= 0 ? pose.mesh : node.mesh)];
        const rgx::Mat4 world = node.world * pose.local;
        scene::Bounds local;
        for (std::uint32_t f : {pose.frame, pose.nextFrame})
            for (const scene::MeshVertex& v : scene::meshFrameVertices(mesh, f))
                local.add(rgx::Vec3{v.position[0], v.position[1], v.position[2]});
        if (local.empty()) continue;
        const scene::Bounds b = scene::Bounds::transformed(local, world);
        double minX = 1e30, minY = 1e30, maxX = -1e30, maxY = -1e30;
        int behind = 0; // corners behind the camera
        for (int c = 0; c < 8; ++c) {
            const double p[3] = {(c & 1) ? b.max.x : b.min.x, (c & 2) ? b.max.y : b.min.y,
                                 (c & 4) ? b.max.z : b.min.z};
            double clip[4];
            for (int r = 0; r < 4; ++r)
                clip[r] = vp[r] * p[0] + vp[4 + r] * p[1] + vp[8 + r] * p[2] + vp[12 + r];
            if (clip[3] <= 1e-6) {
                ++behind;
                continue;
            }
            // Vulkan clip space: y down the image.
            const double x = (clip[0] / clip[3] * 0.5 + 0.5) * width,
                         y = (clip[1] / clip[3] * 0.5 + 0.5) * height;
            minX = std::min(minX, x);
            maxX = std::max(maxX, x);
            minY = std::min(minY, y);
            maxY = std::max(maxY, y);
        }
        if (behind == 8) continue;                  // the whole box is behind the camera
        ScreenBox box{0, 0, width - 1, height - 1}; // straddling the camera: anywhere
        if (behind == 0) {
            box = {static_cast<int>(std::floor(minX)) - margin, static_cast<int>(std::floor(minY)) - margin,
                   static_cast<int>(std::ceil(maxX)) + margin, static_cast<int>(std::ceil(maxY)) + margin};
        }
        boxes.push_back(box);
    }
    return boxes;
}

// Pixels of a width x height image inside at least one box.
inline std::size_t coveredPixels(const std::vector<ScreenBox>& boxes, std::uint32_t width,
                                 std::uint32_t height) {
    std::size_t n = 0;
    for (std::uint32_t y = 0; y < height; ++y)
        for (std::uint32_t x = 0; x < width; ++x)
            n += std::any_of(
                     boxes.begin(), boxes.end(),
                     [&](const ScreenBox& b) { return b.contains(static_cast<int>(x), static_cast<int>(y)); })
                     ? 1
                     : 0;
    return n;
}

// A camera `distance` units south of actor i's node (looking north, yaw 0), slightly above.
inline view::Camera cameraOnActor(const scene::Scene& s, std::size_t actor, double distance) {
    const rgx::Vec3 at =
        s.nodes[static_cast<std::size_t>(s.redguard.actors[actor].node)].world.translationPart();
    view::Camera c;
    c.position = {at.x, at.y + 110, at.z + distance};
    c.yawDeg = 0;
    c.pitchDeg = -8;
    return c;
}

} // namespace rgx::testing
