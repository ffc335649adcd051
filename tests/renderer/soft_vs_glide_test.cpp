// The software renderer against the Glide path on lavapipe (validation on): the same scene, camera
// and size must cover the same pixels (renderer/compare/compare.h: geometry where depth < 1) on the
// three demo worlds at the tour's three views, at least 98% of the pixels.

#include "renderer/compare/compare.h"
#include "renderer/glide/glide_renderer.h"
#include "renderer/looks.h"
#include "renderer/soft/soft_renderer.h"
#include "renderer/views/scene_views.h"
#include "renderer/world/prepared_world.h"
#include "scene/redguard/scene_builder.h"
#include "tests/renderer/vulkan_test_env.h"
#include "tests/support/demo_dir.h"
#include "tests/support/frame_request.h"

#include <gtest/gtest.h>

namespace rgx::renderer {
namespace {

TEST(SoftVsGlide, CoverageAgreesOnTheDemoWorldsAtTheTourViews) {
    scene::GameFs fs(testing::smallDemoDir());
    constexpr VkExtent2D kSize{160, 90};
    for (std::int64_t id : {0, 1, 2}) {
        const scene::Scene s = scene::buildWorldScene(fs, id);
        // Both looks through the one contract, made by name, from one prepared world.
        const PreparedWorld world = prepareWorld(s);
        LookOptions options;
        options.vulkan = &test::vulkan();
        const std::unique_ptr<LookRenderer> glide = makeLookRenderer(Look::Glide, world, options);
        const std::unique_ptr<LookRenderer> software = makeLookRenderer(Look::Software, world, options);
        ASSERT_EQ(glide->info().look, Look::Glide);
        ASSERT_EQ(software->info().look, Look::Software);
        LookSettings settings;
        std::uint64_t background = 0;
        // The tour's three views; an interior's stand inside its rooms, where no background shows,
        // so it is also seen from above its middle, where the roofs' edges meet the void.
        std::vector<view::Camera> cameras;
        for (int view = 0; view < 3; ++view)
            cameras.push_back(world.views[static_cast<std::size_t>(view)]);
        if (!s.terrain) {
            const scene::Bounds b = s.worldBounds();
            view::Camera above;
            above.position = {(b.min.x + b.max.x) / 2, b.max.y + 400, (b.min.z + b.max.z) / 2 + 1200};
            above.pitchDeg = -25;
            cameras.push_back(above);
        }
        for (std::size_t view = 0; view < cameras.size(); ++view) {
            const view::Camera& camera = cameras[view];
            // The same request to both.
            FrameRequest request = test::frameRequest(camera, 1.5, static_cast<int>(kSize.width),
                                                      static_cast<int>(kSize.height), settings);
            request.depth = true;
            const LookFrame g = glide->render(request), sw = software->render(request);
            ASSERT_EQ(g.picture.rgba.size(), kSize.width * kSize.height * 4);
            ASSERT_EQ(sw.picture.rgba.size(), g.picture.rgba.size());
            ASSERT_EQ(sw.picture.depth.size(), g.picture.depth.size());
            EXPECT_TRUE(sw.picture.palette.has_value()) << "the software look is a palette look";
            EXPECT_FALSE(g.picture.palette.has_value());
            // Both cull the same way: the same objects go through.
            EXPECT_EQ(g.stats.objectsTotal, sw.stats.objectsTotal) << "world " << id << " view " << view;
            EXPECT_EQ(g.stats.objects, sw.stats.objects) << "world " << id << " view " << view;
            const LookComparison c = compareLooks(request.width, request.height, g.picture.rgba,
                                                  g.picture.depth, sw.picture.rgba, sw.picture.depth);
            EXPECT_GE(c.coverageAgreement, 0.98) << "world " << id << " view " << view;
            // Both draw something: the check can tell geometry from background.
            EXPECT_GT(c.geometryBoth, 0u) << "world " << id << " view " << view;
            background += c.backgroundBoth;
            EXPECT_LT(c.meanColorDistance, 60.0) << "world " << id << " view " << view;
        }
        // ... and each world's views leave some background in both looks.
        EXPECT_GT(background, 0u) << "world " << id;
    }
}

// The comparison itself: a pixel drawn by one look only counts against the agreement.
TEST(SoftVsGlide, ComparisonCountsEachKindOfPixel) {
    const std::vector<std::uint8_t> black(4 * 4, 0), white(4 * 4, 255);
    const LookComparison c =
        compareLooks(2, 2, black, {0.5f, 1.0f, 0.5f, 1.0f}, white, {0.5f, 1.0f, 1.0f, 0.2f});
    EXPECT_EQ(c.geometryBoth, 1u);
    EXPECT_EQ(c.backgroundBoth, 1u);
    EXPECT_EQ(c.glideOnly, 1u);
    EXPECT_EQ(c.softwareOnly, 1u);
    EXPECT_DOUBLE_EQ(c.coverageAgreement, 0.5);
    EXPECT_NEAR(c.meanColorDistance, 441.67, 0.01);
    EXPECT_EQ(c.diff[0], 255); // the largest distance is white in the heat map
    EXPECT_EQ(c.diff[2], 255);
}

} // namespace
} // namespace rgx::renderer
