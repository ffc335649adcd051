// The smoke test of the whole Vulkan base: one triangle drawn offscreen at 64x64 with dynamic
// rendering, read back, and checked pixel by pixel inside and outside.

#include "renderer/vk/offscreen.h"
#include "renderer/vk/readback.h"
#include "tests/renderer/triangle_pipeline.h"
#include "tests/renderer/vulkan_test_env.h"

#include <gtest/gtest.h>

#include <array>
#include <cmath>

namespace rgx::renderer {
namespace {

using Pixel = std::array<std::uint8_t, 4>;

Rgba8Image drawOnce(const shaders::TrianglePush& push, const std::array<float, 4>& clear) {
    auto& ctx = test::vulkan();
    OffscreenTarget target = createOffscreenTarget(ctx, {64, 64});
    test::TrianglePipeline pipeline =
        test::createTrianglePipeline(ctx, kOffscreenColorFormat, kOffscreenDepthFormat);
    submitOneShot(ctx, [&](VkCommandBuffer cmd) {
        beginOffscreenRendering(cmd, target, clear);
        test::drawTriangle(cmd, pipeline, push);
        endOffscreenRendering(cmd);
    });
    Rgba8Image image = readbackRgba8(ctx, target.color, kColorAfterRendering);
    return image;
}

// Whether pixel (x, y)'s centre lies inside the triangle of `push` (NDC, y down), with a margin
// of `margin` pixels so that edge pixels (rasterization rules) are left out of the check.
bool inside(const shaders::TrianglePush& push, int x, int y, double margin, int size = 64) {
    const double corners[3][2] = {{0.0, -1.0}, {1.0, 1.0}, {-1.0, 1.0}};
    double p[3][2];
    for (int i = 0; i < 3; ++i) {
        p[i][0] = ((corners[i][0] * push.scale.x + push.offset.x) + 1.0) * 0.5 * size;
        p[i][1] = ((corners[i][1] * push.scale.y + push.offset.y) + 1.0) * 0.5 * size;
    }
    const double cx = x + 0.5, cy = y + 0.5;
    for (int i = 0; i < 3; ++i) {
        const double* a = p[i];
        const double* b = p[(i + 1) % 3];
        const double ex = b[0] - a[0], ey = b[1] - a[1];
        // Signed distance to the edge, positive inside for this (clockwise on screen) winding.
        const double d = (ex * (cy - a[1]) - ey * (cx - a[0])) / std::hypot(ex, ey);
        if (d < margin) return false;
    }
    return true;
}

TEST(Triangle, DrawsOffscreenAndReadsBack64x64) {
    shaders::TrianglePush push{};
    // 128 / 255 converts to 128 exactly; 0.5 (127.5) rounds to 128 on lavapipe and to 127 on
    // NVIDIA's driver (seen on an H100), both within Vulkan's conversion rules.
    push.color = {1.0f, 128.0f / 255.0f, 0.0f, 1.0f};
    push.offset = {0.0f, 0.0f};
    push.scale = {0.75f, 0.75f};
    const std::array<float, 4> clear{0.0f, 0.0f, 0.25f, 1.0f};
    const Rgba8Image image = drawOnce(push, clear);

    ASSERT_EQ(image.width, 64u);
    ASSERT_EQ(image.height, 64u);
    ASSERT_EQ(image.pixels.size(), 64u * 64u * 4u);

    const Pixel color{255, 128, 0, 255};
    const Pixel background{0, 0, 64, 255};
    EXPECT_EQ(image.at(32, 32), color);    // centre
    EXPECT_EQ(image.at(32, 14), color);    // near the apex
    EXPECT_EQ(image.at(12, 55), color);    // near the bottom-left corner
    EXPECT_EQ(image.at(0, 0), background); // corners of the target
    EXPECT_EQ(image.at(63, 0), background);
    EXPECT_EQ(image.at(63, 63), background); // below the base (y = 0.75 NDC is row 56)
    EXPECT_EQ(image.at(10, 20), background); // left of the left edge

    // Every pixel clearly inside is the colour, every pixel clearly outside the background.
    int insideCount = 0;
    for (int y = 0; y < 64; ++y) {
        for (int x = 0; x < 64; ++x) {
            if (inside(push, x, y, 1.0)) {
                ++insideCount;
                EXPECT_EQ(image.at(x, y), color) << "at " << x << "," << y;
            } else if (!inside(push, x, y, -1.0)) {
                EXPECT_EQ(image.at(x, y), background) << "at " << x << "," << y;
            }
        }
    }
    EXPECT_GT(insideCount, 500); // the triangle covers ~1150 of 4096 pixels
}

TEST(Triangle, PushConstantsMoveAndRecolourIt) {
    shaders::TrianglePush push{};
    push.color = {0.0f, 1.0f, 0.0f, 1.0f};
    push.offset = {0.5f, 0.5f}; // bottom-right quadrant
    push.scale = {0.25f, 0.25f};
    const Rgba8Image image = drawOnce(push, {0.0f, 0.0f, 0.0f, 0.0f});
    EXPECT_EQ(image.at(48, 48), (Pixel{0, 255, 0, 255}));
    EXPECT_EQ(image.at(32, 32), (Pixel{0, 0, 0, 0}));
    EXPECT_EQ(image.at(16, 16), (Pixel{0, 0, 0, 0}));
}

} // namespace
} // namespace rgx::renderer
