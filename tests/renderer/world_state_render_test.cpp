// The per-frame world state (sim/world_state.h, issue 30) in both looks, through the one look
// contract: a node hidden through it disappears, and only where it was; a node moved through it
// is drawn at its new place; a flat shows the texture it names. (The lights' state is applied
// where both looks choose a frame's lights: tests/renderer/lighting/world_lighting_test.cpp.)

#include "renderer/culling/culling.h"
#include "renderer/lighting/world_lighting.h"
#include "renderer/looks.h"
#include "renderer/world/prepared_world.h"
#include "scene/redguard/scene_builder.h"
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
    // Seen close (450 units south of it, a little above), so that it covers enough pixels to
    // tell drawn from hidden whatever the layout puts in the default view.
    const rgx::Vec3 at = f.scene.nodes[node].world.translationPart();
    f.camera.position = {at.x, at.y + 120, at.z + 450};
    f.camera.yawDeg = 0;
    f.camera.pitchDeg = -10;
    const ScreenBox box = screenBox(f.scene, node, f.camera, f.world);
    ASSERT_GT(box.area(), 400) << "the close view shows the node";
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

// Pixels that differ between two frames' pictures, and how many of them lie outside a box.
struct Difference {
    std::size_t differ = 0, outside = 0;
};
Difference difference(const LookFrame& a, const LookFrame& b, const ScreenBox& box) {
    Difference d;
    for (int y = 0; y < kHeight; ++y)
        for (int x = 0; x < kWidth; ++x) {
            const std::size_t i = (static_cast<std::size_t>(y) * kWidth + static_cast<std::size_t>(x)) * 4;
            if (a.picture.rgba[i] == b.picture.rgba[i] && a.picture.rgba[i + 1] == b.picture.rgba[i + 1] &&
                a.picture.rgba[i + 2] == b.picture.rgba[i + 2])
                continue;
            ++d.differ;
            if (!box.contains(x, y)) ++d.outside;
        }
    return d;
}

// A flat shows the texture its world state names, and only the flat's pixels change.
TEST_P(WorldStateLooks, AFlatShowsTheTextureItsStateNames) {
    Fixture f;
    // Facing the demo island's biggest flat from six of its radii to the south.
    std::array<float, 4> biggest{};
    for (const scene::SceneNode& n : f.scene.nodes)
        if (n.kind == scene::NodeKind::Flat && n.mesh >= 0)
            if (const std::array<float, 4> s = instanceSphere(f.scene, n); s[3] > biggest[3] && s[3] < 1e6f)
                biggest = s;
    ASSERT_GT(biggest[3], 0.0f) << "the demo island has flats";
    f.camera.position = {biggest[0], biggest[1], biggest[2] + 6.0 * biggest[3]};
    f.camera.yawDeg = 0;
    f.camera.pitchDeg = 0;
    const std::array<float, 16> vp = viewProjection(f.camera, static_cast<double>(kWidth) / kHeight,
                                                    f.world.lighting.nearPlane, f.world.farPlane);
    const std::unique_ptr<LookRenderer> look = f.look(GetParam());
    const sim::WorldState rest = sim::restState(f.scene);
    const LookFrame a = look->render(test::frameRequest(f.camera, 0.0, kWidth, kHeight, {}, &rest));
    // The flat that shows most (hiding it changes the most pixels), and its box on screen: its
    // sphere's, generously.
    std::size_t flat = f.scene.nodes.size(), most = 0;
    ScreenBox box;
    for (std::size_t i = 0; i < f.scene.nodes.size(); ++i) {
        const scene::SceneNode& n = f.scene.nodes[i];
        if (n.kind != scene::NodeKind::Flat || n.mesh < 0) continue;
        const std::array<float, 4> s = instanceSphere(f.scene, n);
        const double cx = vp[0] * s[0] + vp[4] * s[1] + vp[8] * s[2] + vp[12];
        const double cy = vp[1] * s[0] + vp[5] * s[1] + vp[9] * s[2] + vp[13];
        const double cw = vp[3] * s[0] + vp[7] * s[1] + vp[11] * s[2] + vp[15];
        if (cw <= s[3] * 2) continue;
        const double x = (cx / cw * 0.5 + 0.5) * kWidth, y = (cy / cw * 0.5 + 0.5) * kHeight;
        const double r = 2.0 * s[3] / cw * std::max(vp[0] * 0.5 * kWidth, vp[5] * 0.5 * kHeight) + 3;
        if (x + r < 0 || y + r < 0 || x - r >= kWidth || y - r >= kHeight) continue;
        sim::WorldState hidden = rest;
        hidden.nodes[i].hidden = true;
        const ScreenBox b{static_cast<int>(x - r), static_cast<int>(y - r), static_cast<int>(x + r),
                          static_cast<int>(y + r)};
        const Difference d =
            difference(a, look->render(test::frameRequest(f.camera, 0.0, kWidth, kHeight, {}, &hidden)), b);
        if (d.outside == 0 && d.differ > most) {
            most = d.differ;
            flat = i;
            box = b;
        }
    }
    ASSERT_LT(flat, f.scene.nodes.size()) << "the demo island's default view shows a flat";
    // Another texture than its own, of another colour where the flat's is.
    int own = -1;
    for (const scene::Submesh& sub :
         f.scene.meshes[static_cast<std::size_t>(f.scene.nodes[flat].mesh)].submeshes)
        own = f.scene.materials[sub.material].texture;
    Difference best;
    for (std::size_t k = 0; k < f.scene.textures.size(); ++k) {
        if (static_cast<int>(k) == own || !f.scene.textures[k].image) continue;
        sim::WorldState state = rest;
        state.flats[flat].texture = static_cast<int>(k);
        state.flats[flat].frame = 0;
        const Difference d =
            difference(a, look->render(test::frameRequest(f.camera, 0.0, kWidth, kHeight, {}, &state)), box);
        EXPECT_EQ(d.outside, 0u) << lookName(GetParam()) << " texture " << k;
        if (d.differ > best.differ) best = d;
    }
    EXPECT_GT(best.differ, most / 4) << lookName(GetParam()) << ": flat " << f.scene.nodes[flat].name
                                     << " kept its texture (" << most << " pixels show it)";
}

INSTANTIATE_TEST_SUITE_P(BothLooks, WorldStateLooks, ::testing::Values(Look::Glide, Look::Software),
                         [](const ::testing::TestParamInfo<Look>& info) {
                             return std::string(info.param == Look::Glide ? "Glide" : "Software");
                         });

} // namespace
} // namespace rgx::renderer
