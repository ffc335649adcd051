// The frame's profiling (issue 18): GPU timestamps per pass (renderer/pass_timer.h), CPU times in
// FrameStats, and multi-draw indirect, which must not change a pixel.

#include "renderer/frame.h"
#include "renderer/glide/glide_renderer.h"
#include "renderer/soft/soft_renderer.h"
#include "renderer/views/scene_views.h"
#include "renderer/vk/offscreen.h"
#include "renderer/vk/resources.h"
#include "renderer/world/prepared_world.h"
#include "scene/redguard/scene_builder.h"
#include "sim/scene_animation.h"
#include "tests/renderer/glide_image.h"
#include "tests/renderer/vulkan_test_env.h"
#include "tests/support/demo_dir.h"
#include "tests/support/frame_request.h"

#include <gtest/gtest.h>

namespace rgx::renderer {
namespace {

constexpr VkExtent2D kSize{160, 90};

const scene::Scene& islandWorld() {
    static const scene::Scene s = scene::buildWorldScene(scene::GameFs(rgx::testing::smallDemoDir()), 0);
    return s;
}

Rgba8Image renderWith(bool multiDraw, FrameStats& stats, bool& used) {
    const scene::Scene& s = islandWorld();
    GlideOptions options;
    options.multiDraw = multiDraw;
    const PreparedWorld rendererWorld = prepareWorld(s);
    GlideRenderer renderer(test::vulkan(), rendererWorld, options);
    const LookInfo info = renderer.info(); // the figure points into it
    const double* m = info.figures.find(figure::kGlideMultiDraw);
    used = m && *m != 0;
    sim::SceneAnimation animation(s, sim::animationSettings(s));
    animation.setTime(1.5);
    const view::Camera camera = rendererWorld.views[0];
    return test::renderToImage(renderer, kSize, camera, 1.5, {}, &stats, nullptr, &animation.state());
}

TEST(MultiDraw, GivesTheSameImageAsOneCallPerDraw) {
    if (!test::vulkan().device.multiDrawIndirect)
        GTEST_SKIP() << "the device has no multiDrawIndirect: only the per-draw path can run here";
    FrameStats one, many;
    bool usedOne = true, usedMany = false;
    const Rgba8Image perDraw = renderWith(false, one, usedOne);
    const Rgba8Image multi = renderWith(true, many, usedMany);
    EXPECT_FALSE(usedOne);
    EXPECT_TRUE(usedMany);
    ASSERT_GT(one.draws, 2u) << "the view must hold several draws for the test to mean anything";
    EXPECT_EQ(one.draws, many.draws);
    EXPECT_EQ(one.triangles, many.triangles);
    EXPECT_EQ(one.objects, many.objects);
    ASSERT_EQ(perDraw.width, multi.width);
    EXPECT_TRUE(perDraw.pixels == multi.pixels) << "multi-draw changed the picture";
}

// Each look's own figures are named, and a look names only its own: the Glide look its pipelines
// (all seven made up front for the island: three blend classes, terrain land and water, sky,
// rain) and multi-draw, the software look its pixels and threads.
TEST(LookFigures, EachLookNamesItsOwn) {
    const scene::Scene& s = islandWorld();
    const PreparedWorld world = prepareWorld(s);
    GlideRenderer glide(test::vulkan(), world, GlideOptions{});
    soft::SoftRenderer software(world);
    const FrameRequest request = test::frameRequest(world.views[0], 1.5, 64, 36);
    const LookInfo gi = glide.info(), si = software.info();
    ASSERT_NE(gi.figures.find(figure::kGlidePipelinesMs), nullptr);
    ASSERT_NE(gi.figures.find(figure::kGlidePipelinesMade), nullptr);
    ASSERT_NE(gi.figures.find(figure::kGlideMultiDraw), nullptr);
    EXPECT_EQ(*gi.figures.find(figure::kGlidePipelinesMade), world.rain.any() ? 7 : 6);
    EXPECT_EQ(*gi.figures.find(figure::kGlideMultiDraw), test::vulkan().device.multiDrawIndirect ? 1 : 0);
    EXPECT_TRUE(si.figures.values.empty()) << "the software look has no pipelines";
    const LookFrame gf = glide.render(request), sf = software.render(request);
    EXPECT_TRUE(gf.figures.values.empty()) << "the Glide look writes no pixels of its own count";
    ASSERT_NE(sf.figures.find(figure::kSoftPixelsWritten), nullptr);
    EXPECT_GT(*sf.figures.find(figure::kSoftPixelsWritten), 0);
    ASSERT_NE(sf.figures.find(figure::kSoftThreads), nullptr);
    EXPECT_GE(*sf.figures.find(figure::kSoftThreads), 1);
}

TEST(PassTimer, TimesEveryPassTheFrameRecordsAndNoOther) {
    VulkanContext& context = test::vulkan();
    if (context.device.timestampValidBits == 0) GTEST_SKIP() << "the queue writes no timestamps";
    const scene::Scene& s = islandWorld();
    const PreparedWorld rendererWorld = prepareWorld(s);
    GlideRenderer renderer(context, rendererWorld);
    PassTimer timer(context, 1);
    ASSERT_TRUE(timer.available());
    const OffscreenTarget target = createOffscreenTarget(context, kSize);
    RecordRequest request;
    request.frame.camera = rendererWorld.views[0];
    request.timer = &timer;
    FrameStats stats;
    bool overlaid = false;
    submitOneShot(context, [&](VkCommandBuffer cmd) {
        stats = recordFrame(cmd, target, &renderer, request, [&](VkCommandBuffer) { overlaid = true; });
    });
    ASSERT_TRUE(overlaid);
    const PassTimes times = timer.read(0);
    for (Pass pass : {Pass::Compute, Pass::Terrain, Pass::Opaque, Pass::Sky, Pass::Blended, Pass::Additive,
                      Pass::Overlay}) {
        ASSERT_TRUE(times.ms[static_cast<std::size_t>(pass)].has_value()) << passName(pass);
        EXPECT_GE(*times.ms[static_cast<std::size_t>(pass)], 0.0) << passName(pass);
    }
    EXPECT_FALSE(times.ms[static_cast<std::size_t>(Pass::Software)].has_value())
        << "no software picture was given: the pass was not recorded";
    ASSERT_TRUE(times.frameMs.has_value());
    double sum = 0;
    for (const auto& ms : times.ms)
        sum += ms.value_or(0);
    // The passes follow each other: the frame spans at least their sum (each stamp waits for all
    // earlier work), up to the gaps between them.
    EXPECT_GE(*times.frameMs + 1e-6, sum);
    EXPECT_GT(*times.frameMs, 0.0);

    // The CPU steps: the PVO is queried in the demo island (camera inside the octree or not, the
    // figure is never negative), the rest always runs.
    EXPECT_GE(stats.pvoMs, 0.0);
    EXPECT_GE(stats.frustumMs, 0.0);
    EXPECT_GT(stats.drawListMs, 0.0);
    EXPECT_GT(stats.recordMs, 0.0);

    // A frame without a timer leaves the last one's times alone.
    request.timer = nullptr;
    submitOneShot(context, [&](VkCommandBuffer cmd) { recordFrame(cmd, target, &renderer, request); });
    EXPECT_EQ(timer.read(0).frameMs, times.frameMs);
}

TEST(PassTimer, RejectsASlotItDoesNotHave) {
    PassTimer timer(test::vulkan(), 2);
    EXPECT_THROW(timer.read(2), std::out_of_range);
    EXPECT_THROW(timer.read(-1), std::out_of_range);
}

} // namespace
} // namespace rgx::renderer
