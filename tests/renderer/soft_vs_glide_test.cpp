// The software renderer against the Glide path on lavapipe (validation on): the same scene, camera
// and size must cover the same pixels (renderer/look/compare.h: geometry where depth < 1) on the
// three demo worlds at the tour's three views, at least 98% of the pixels.

#include "renderer/look/compare.h"
#include "renderer/look/scene_views.h"
#include "renderer/render_image.h"
#include "renderer/scene_renderer.h"
#include "renderer/soft/soft_renderer.h"
#include "scene/scene_builder.h"
#include "tests/renderer/vulkan_test_env.h"
#include "tests/support/demo_dir.h"

#include <gtest/gtest.h>

namespace rgx::renderer {
namespace {

TEST(SoftVsGlide, CoverageAgreesOnTheDemoWorldsAtTheTourViews) {
    scene::GameFs fs(testing::smallDemoDir());
    constexpr VkExtent2D kSize{160, 90};
    for (std::int64_t id : {0, 1, 2}) {
        const scene::Scene s = scene::buildWorldScene(fs, id);
        SceneRenderer glide(test::vulkan(), s);
        soft::SoftRenderer software(s);
        LookSettings settings;
        std::uint64_t background = 0;
        ASSERT_DOUBLE_EQ(glide.farPlane(settings), software.farPlane(settings));
        // The tour's three views; an interior's stand inside its rooms, where no background shows,
        // so it is also seen from above its middle, where the roofs' edges meet the void.
        std::vector<sim::Camera> cameras;
        for (int view = 0; view < 3; ++view)
            cameras.push_back(defaultSceneCamera(s, glide.farPlane(settings), view));
        if (!s.terrain) {
            const scene::Bounds b = s.worldBounds();
            sim::Camera above;
            above.position = {(b.min.x + b.max.x) / 2, b.max.y + 400, (b.min.z + b.max.z) / 2 + 1200};
            above.pitchDeg = -25;
            cameras.push_back(above);
        }
        for (std::size_t view = 0; view < cameras.size(); ++view) {
            const sim::Camera& camera = cameras[view];
            std::vector<float> depth;
            const Rgba8Image g =
                renderToImage(test::vulkan(), glide, kSize, camera, 1.5, settings, nullptr, &depth);
            soft::IndexedFrame frame;
            software.render(frame, static_cast<int>(kSize.width), static_cast<int>(kSize.height), camera, 1.5,
                            settings);
            const LookComparison c =
                compareLooks(static_cast<int>(kSize.width), static_cast<int>(kSize.height), g.pixels, depth,
                             soft::resolveRgba(frame, software.palette()), frame.depth);
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
