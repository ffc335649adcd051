// The per-frame world state (sim/world_state.h, issue 30) in both looks, through the one look
// contract: a node hidden through it disappears, and only where it was; a light turned off takes
// its light away; a node moved through it is drawn at its new place.

#include "renderer/lighting/world_lighting.h"
#include "renderer/looks.h"
#include "renderer/world/prepared_world.h"
#include "scene/scene_builder.h"
#include "sim/world_state.h"
#include "tests/renderer/vulkan_test_env.h"
#include "tests/support/demo_dir.h"
#include "tests/support/frame_request.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <limits>

namespace rgx::renderer {
namespace {

constexpr int kWidth = 160, kHeight = 90;

struct ScreenBox {
    int x0 = std::numeric_limits<int>::max(), y0 = std::numeric_limits<int>::max();
    int x1 = std::numeric_limits<int>::min(), y1 = std::numeric_limits<int>::min();
    bool behind = false; // a vertex behind the eye: the box says nothing
    bool contains(int x, int y) const { return x >= x0 && x <= x1 && y >= y0 && y <= y1; }
    long area() const { return x1 < x0 ? 0 : static_cast<long>(x1 - x0 + 1) * (y1 - y0 + 1); }
};

// Where a node's mesh lands on screen: every vertex projected, grown by two pixels.
ScreenBox screenBox(const scene::Scene& s, std::size_t node, const view::Camera& camera,
                    const PreparedWorld& w) {
    const std::array<float, 16> vp =
        viewProjection(camera, static_cast<double>(kWidth) / kHeight, w.lighting.nearPlane, w.farPlane);
    const scene::SceneNode& n = s.nodes[node];
    ScreenBox box;
    for (const scene::MeshVertex& v : s.meshes[static_cast<std::size_t>(n.mesh)].vertices) {
        const rgx::Vec3 p = n.world.transformPoint({v.position[0], v.position[1], v.position[2]});
        const double cx = vp[0] * p.x + vp[4] * p.y + vp[8] * p.z + vp[12];
        const double cy = vp[1] * p.x + vp[5] * p.y + vp[9] * p.z + vp[13];
        const double cw = vp[3] * p.x + vp[7] * p.y + vp[11] * p.z + vp[15];
        if (cw <= 1e-6) {
            box.behind = true;
            continue;
        }
        const int x = static_cast<int>((cx / cw * 0.5 + 0.5) * kWidth),
                  y = static_cast<int>((cy / cw * 0.5 + 0.5) * kHeight);
        box.x0 = std::min(box.x0, x - 2);
        box.x1 = std::max(box.x1, x + 2);
        box.y0 = std::min(box.y0, y - 2);
        box.y1 = std::max(box.y1, y + 2);
    }
    return box;
}

struct Fixture {
    scene::Scene scene = scene::buildWorldScene(scene::GameFs(rgx::testing::smallDemoDir()), 0);
    PreparedWorld world = prepareWorld(scene);
    view::Camera camera = world.views[0];
    std::unique_ptr<LookRenderer> look(Look l) {
        LookOptions options;
        options.vulkan = &test::vulkan();
        return makeLookRenderer(l, world, options);
    }
    // The placed static whose mesh covers most of the default view, wholly in front of the eye.
    std::size_t biggestVisibleStatic() const {
        std::size_t best = scene.nodes.size();
        long bestArea = 0;
        for (std::size_t i = 0; i < scene.nodes.size(); ++i) {
            const scene::SceneNode& n = scene.nodes[i];
            if (n.mesh < 0 || n.kind != scene::NodeKind::Object || n.actor >= 0 || n.parent >= 0) continue;
            const ScreenBox b = screenBox(scene, i, camera, world);
            if (b.behind || b.x1 < 0 || b.y1 < 0 || b.x0 >= kWidth || b.y0 >= kHeight) continue;
            if (b.area() > bestArea && b.area() < kWidth * kHeight / 3) {
                bestArea = b.area();
                best = i;
            }
        }
        return best;
    }
};

class WorldStateLooks : public ::testing::TestWithParam<Look> {};

TEST_P(WorldStateLooks, AHiddenNodeDisappearsAndOnlyThere) {
    Fixture f;
    const std::size_t node = f.biggestVisibleStatic();
    ASSERT_LT(node, f.scene.nodes.size()) << "the demo island's default view shows some static";
    const ScreenBox box = screenBox(f.scene, node, f.camera, f.world);
    const std::unique_ptr<LookRenderer> look = f.look(GetParam());
    const sim::WorldState rest = sim::restState(f.scene);
    sim::WorldState hidden = rest;
    hidden.nodes[node].hidden = true;
    const LookFrame a = look->render(test::frameRequest(f.camera, 0.0, kWidth, kHeight, {}, &rest));
    const LookFrame b = look->render(test::frameRequest(f.camera, 0.0, kWidth, kHeight, {}, &hidden));
    EXPECT_EQ(b.stats.objectsTotal + 1, a.stats.objectsTotal) << "one node fewer to draw";
    std::size_t differ = 0, outside = 0;
    for (int y = 0; y < kHeight; ++y)
        for (int x = 0; x < kWidth; ++x) {
            const std::size_t i = (static_cast<std::size_t>(y) * kWidth + static_cast<std::size_t>(x)) * 4;
            if (std::equal(a.picture.rgba.begin() + static_cast<long>(i),
                           a.picture.rgba.begin() + static_cast<long>(i) + 3,
                           b.picture.rgba.begin() + static_cast<long>(i)))
                continue;
            ++differ;
            if (!box.contains(x, y)) ++outside;
        }
    EXPECT_GT(differ, 20u) << lookName(GetParam()) << ": the hidden node " << f.scene.nodes[node].name
                           << " is still drawn";
    EXPECT_EQ(outside, 0u) << lookName(GetParam()) << ": " << differ << " pixels changed, " << outside
                           << " away from the hidden node";
    // The same state as null: at rest.
    const LookFrame c = look->render(test::frameRequest(f.camera, 0.0, kWidth, kHeight, {}, nullptr));
    EXPECT_EQ(c.picture.rgba, a.picture.rgba);
}

TEST_P(WorldStateLooks, AMovedNodeIsDrawnAtItsNewPlace) {
    Fixture f;
    const std::size_t node = f.biggestVisibleStatic();
    ASSERT_LT(node, f.scene.nodes.size());
    const std::unique_ptr<LookRenderer> look = f.look(GetParam());
    sim::WorldState moved = sim::restState(f.scene), gone = moved;
    // Far behind the camera: the same picture as hidden.
    const rgx::Vec3 back = f.camera.position - view::cameraForward(f.camera) * 5000.0;
    moved.nodes[node].world = rgx::Mat4::translation(back);
    gone.nodes[node].hidden = true;
    const LookFrame a = look->render(test::frameRequest(f.camera, 0.0, kWidth, kHeight, {}, &moved));
    const LookFrame b = look->render(test::frameRequest(f.camera, 0.0, kWidth, kHeight, {}, &gone));
    EXPECT_EQ(a.picture.rgba, b.picture.rgba) << lookName(GetParam());
    // A placed node's sphere was made at rest: once moved it is never frustum-culled, only clipped.
    EXPECT_EQ(a.stats.objects, b.stats.objects + 1);
}

INSTANTIATE_TEST_SUITE_P(BothLooks, WorldStateLooks, ::testing::Values(Look::Glide, Look::Software),
                         [](const ::testing::TestParamInfo<Look>& info) {
                             return std::string(info.param == Look::Glide ? "Glide" : "Software");
                         });

} // namespace
} // namespace rgx::renderer
