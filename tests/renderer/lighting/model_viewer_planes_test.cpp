// The model viewer's planes and fog (renderer/world/prepared_world.h): no fog whatever FOG.INI the
// game holds, and planes fitted per frame to the nodes shown, however far apart the grid puts them
// and whatever the view distance.

#include "renderer/world/prepared_world.h"
#include "scene/redguard/scene_builder.h"
#include "tests/support/far_rob.h"
#include "tests/support/scratch_dir.h"

#include <gtest/gtest.h>

#include <cmath>
#include <filesystem>

namespace rgx::renderer {
namespace {

double farthestCorner(const scene::Bounds& b, const Vec3& eye) {
    double far = 0;
    for (int c = 0; c < 8; ++c) {
        const Vec3 p{c & 1 ? b.max.x : b.min.x, c & 2 ? b.max.y : b.min.y, c & 4 ? b.max.z : b.min.z};
        const Vec3 d = p - eye;
        far = std::max(far, std::sqrt(d.x * d.x + d.y * d.y + d.z * d.z));
    }
    return far;
}

TEST(ModelViewerPlanes, NoFogAndAFarPlaneFittedToWhatIsShown) {
    const std::filesystem::path dir = rgx::testing::scratchDir("rgx_model_planes_test");
    scene::Scene s = scene::buildModelScene(test::writeFarRob(dir), nullptr);
    // A game's fog table reaches the model scene (buildModelScene copies it): it must not fog.
    s.redguard.environment.fog.emplace();
    s.redguard.environment.fog->fill(255);
    const PreparedWorld w = prepareWorld(s);
    EXPECT_FALSE(w.fog.on);
    ASSERT_EQ(w.modelNodeBounds.size(), s.nodes.size());

    // From the default view every node is inside the far plane, at any view distance.
    const Vec3 eye = w.views[0].position;
    LookSettings near;
    near.viewDistance = 0.01;
    for (const LookSettings& look : {LookSettings{}, near}) {
        const double far = w.planesFor(look, eye).farPlane;
        for (const scene::Bounds& b : w.modelNodeBounds)
            EXPECT_GE(far, farthestCorner(b, eye));
        EXPECT_LE(far, 1.02 * farthestCorner(s.worldBounds(), eye) + 1) << "fitted, not 8 x the size";
    }
    // One node shown (a catalogue thumbnail): the plane fits that node alone.
    sim::WorldState one = sim::restState(s);
    for (std::size_t i = 0; i < one.nodes.size(); ++i)
        one.nodes[i].hidden = i != 0;
    // From 7 units away (where view::frameBounds puts the camera for it) the near plane comes in
    // too: SYSTEM.INI's 7 would cut the box open.
    const Vec3 close{0, 6, 4};
    const ClipPlanes planes = w.planesFor({}, close, &one);
    EXPECT_GE(planes.farPlane, farthestCorner(w.modelNodeBounds[0], close));
    EXPECT_LT(planes.farPlane, 20.0) << "TINY is a 4-unit box";
    EXPECT_LT(planes.nearPlane, 0.01);
    EXPECT_GT(planes.nearPlane, 0.0);
    EXPECT_EQ(w.planesFor({}, eye).nearPlane, w.lighting.nearPlane) << "from far off: front_plane";
    EXPECT_EQ(w.farPlane, w.planesFor({}, eye).farPlane) << "the prepared far plane is the default view's";
}

// A world keeps SYSTEM.INI's far plane times the view distance, wherever the camera is.
TEST(ModelViewerPlanes, AWorldKeepsItsBackPlane) {
    scene::Scene s;
    s.redguard.world.emplace();
    const PreparedWorld w = prepareWorld(s);
    EXPECT_TRUE(w.modelNodeBounds.empty());
    LookSettings twice;
    twice.viewDistance = 2;
    const ClipPlanes planes = w.planesFor(twice, {1e6, 0, 0});
    EXPECT_DOUBLE_EQ(planes.farPlane, lookFarPlane(w.lighting, twice));
    EXPECT_DOUBLE_EQ(planes.nearPlane, w.lighting.nearPlane);
}

} // namespace
} // namespace rgx::renderer
