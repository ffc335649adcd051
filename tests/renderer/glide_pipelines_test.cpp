// The Glide look's pipelines (renderer/glide/glide_pipeline.h): only those a world needs are made
// up front, and any other is made, valid, the first time it is asked for.

#include "renderer/glide/glide_pipeline.h"
#include "renderer/vk/offscreen.h"
#include "tests/renderer/vulkan_test_env.h"

#include <gtest/gtest.h>

namespace rgx::renderer {
namespace {

TEST(GlidePipelines, MadeUpFrontOnlyWhereNeededTheRestWhenAskedFor) {
    auto& ctx = test::vulkan();
    GlidePipelineNeeds needs;
    needs.blend[static_cast<int>(GlideBlend::Opaque)] = true;
    GlidePipelines p = createGlidePipelines(ctx, kOffscreenColorFormat, kOffscreenDepthFormat, needs);
    EXPECT_EQ(p.made(), 1);
    const VkPipeline opaque = p.get(GlideBlend::Opaque);
    EXPECT_NE(opaque, VK_NULL_HANDLE);
    EXPECT_EQ(p.made(), 1) << "asking for one made up front makes nothing";
    const VkPipeline sky = p.get(GlidePipeline::Sky);
    EXPECT_NE(sky, VK_NULL_HANDLE);
    EXPECT_NE(sky, opaque);
    EXPECT_EQ(p.made(), 2);
    EXPECT_EQ(p.get(GlidePipeline::Sky), sky) << "made once";

    GlidePipelineNeeds all;
    for (bool& b : all.blend)
        b = true;
    all.terrain = all.sky = all.rain = true;
    GlidePipelines every = createGlidePipelines(ctx, kOffscreenColorFormat, kOffscreenDepthFormat, all);
    EXPECT_EQ(every.made(), static_cast<int>(GlidePipeline::Count));
}

} // namespace
} // namespace rgx::renderer
