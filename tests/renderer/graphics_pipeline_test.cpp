// createGraphicsPipelines (renderer/vk/graphics_pipeline.h): pipelines made side by side on
// threads come back in the order of their descriptions. Depth tests that always pass and never
// pass alternate, so the triangle drawn with each says which description it was made from.

#include "renderer/vk/graphics_pipeline.h"
#include "renderer/vk/offscreen.h"
#include "renderer/vk/readback.h"
#include "renderer/vk/shader_module.h"
#include "tests/renderer/triangle_pipeline.h"
#include "tests/renderer/vulkan_test_env.h"

#include <gtest/gtest.h>

#include <array>
#include <vector>

namespace rgx::renderer {
namespace {

TEST(GraphicsPipelines, MadeOnThreadsInTheirOrder) {
    auto& ctx = test::vulkan();
    // The triangle's layout, and its shaders in every description.
    const test::TrianglePipeline triangle =
        test::createTrianglePipeline(ctx, kOffscreenColorFormat, kOffscreenDepthFormat);
    const Unique<VkShaderModule> vert = createShaderModule(ctx.vk(), "triangle.vert");
    const Unique<VkShaderModule> frag = createShaderModule(ctx.vk(), "triangle.frag");
    std::vector<GraphicsPipelineDesc> descs(7);
    for (std::size_t i = 0; i < descs.size(); ++i) {
        descs[i].vertex = vert;
        descs[i].fragment = frag;
        descs[i].layout = triangle.layout;
        descs[i].colorFormat = kOffscreenColorFormat;
        descs[i].depthFormat = kOffscreenDepthFormat;
        descs[i].depthCompare = i % 3 == 1 ? VK_COMPARE_OP_NEVER : VK_COMPARE_OP_ALWAYS;
    }
    const std::vector<Unique<VkPipeline>> pipelines = createGraphicsPipelines(ctx, descs, 3);
    ASSERT_EQ(pipelines.size(), descs.size());

    shaders::TrianglePush push{};
    push.color = {1.0f, 1.0f, 1.0f, 1.0f};
    push.scale = {0.75f, 0.75f};
    for (std::size_t i = 0; i < pipelines.size(); ++i) {
        ASSERT_NE(pipelines[i].get(), VK_NULL_HANDLE);
        OffscreenTarget target = createOffscreenTarget(ctx, {16, 16});
        submitOneShot(ctx, [&](VkCommandBuffer cmd) {
            beginOffscreenRendering(cmd, target, {0.0f, 0.0f, 0.0f, 1.0f});
            vkCmdBindPipeline(cmd, VK_PIPELINE_BIND_POINT_GRAPHICS, pipelines[i]);
            vkCmdPushConstants(cmd, triangle.layout,
                               VK_SHADER_STAGE_VERTEX_BIT | VK_SHADER_STAGE_FRAGMENT_BIT, 0, sizeof(push),
                               &push);
            vkCmdDraw(cmd, 3, 1, 0, 0);
            endOffscreenRendering(cmd);
        });
        const Rgba8Image image = readbackRgba8(ctx, target.color, kColorAfterRendering);
        const std::uint8_t expected = descs[i].depthCompare == VK_COMPARE_OP_ALWAYS ? 255 : 0;
        EXPECT_EQ(image.at(8, 8), (std::array<std::uint8_t, 4>{expected, expected, expected, 255}))
            << "pipeline " << i;
    }
    // No pipelines, and more threads than pipelines, are fine.
    EXPECT_TRUE(createGraphicsPipelines(ctx, {}, 4).empty());
    EXPECT_EQ(createGraphicsPipelines(ctx, std::span(descs).first(1), 8).size(), 1u);
}

} // namespace
} // namespace rgx::renderer
