// The Software pass of the one frame path (renderer/frame.h): a CPU picture copied over the columns
// right of firstColumn, the scene drawn only left of them (issue 33: the split view's scene is cut to
// its own columns), with the scene's pixels there exactly those of a frame without the picture.

#include "renderer/frame.h"
#include "renderer/glide/glide_renderer.h"
#include "renderer/vk/offscreen.h"
#include "renderer/vk/readback.h"
#include "renderer/vk/resources.h"
#include "renderer/world/prepared_world.h"
#include "scene/redguard/scene_builder.h"
#include "tests/renderer/vulkan_test_env.h"
#include "tests/support/demo_dir.h"

#include <gtest/gtest.h>

#include <array>
#include <cstring>

namespace rgx::renderer {
namespace {

constexpr VkExtent2D kSize{160, 90};

// A picture no look draws: each pixel its own column and row, blue 77.
std::array<std::uint8_t, 4> patternAt(std::uint32_t x, std::uint32_t y) {
    return {static_cast<std::uint8_t>(x), static_cast<std::uint8_t>(y), 77, 255};
}

std::array<std::uint8_t, 4> pixelAt(const Rgba8Image& image, std::uint32_t x, std::uint32_t y) {
    const std::size_t i = (std::size_t{y} * image.width + x) * 4;
    return {image.pixels[i], image.pixels[i + 1], image.pixels[i + 2], image.pixels[i + 3]};
}

TEST(SoftwarePass, SplitFrameIsTheSceneLeftOfTheDividerAndThePictureRightOfIt) {
    VulkanContext& context = test::vulkan();
    const scene::Scene s = scene::buildWorldScene(scene::GameFs(rgx::testing::smallDemoDir()), 0);
    const PreparedWorld world = prepareWorld(s);
    GlideRenderer renderer(context, world);
    const OffscreenTarget target = createOffscreenTarget(context, kSize);
    Buffer picture =
        createBuffer(context, VkDeviceSize{kSize.width} * kSize.height * 4, VK_BUFFER_USAGE_TRANSFER_SRC_BIT,
                     VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT | VK_MEMORY_PROPERTY_HOST_COHERENT_BIT);
    auto* bytes = static_cast<std::uint8_t*>(picture.mapped);
    for (std::uint32_t y = 0; y < kSize.height; ++y)
        for (std::uint32_t x = 0; x < kSize.width; ++x)
            std::memcpy(bytes + (std::size_t{y} * kSize.width + x) * 4, patternAt(x, y).data(), 4);

    const auto draw = [&](std::optional<std::uint32_t> firstColumn) {
        RecordRequest request;
        request.frame.camera = world.views[0];
        request.frame.timeSeconds = 1.0;
        if (firstColumn)
            request.software = SoftwareLayer{picture.buffer, kSize.width, kSize.height, *firstColumn};
        submitOneShot(context,
                      [&](VkCommandBuffer cmd) { recordFrame(cmd, target, &renderer, request, {}); });
        return readbackRgba8(context, target.color, kColorAfterRendering);
    };
    const Rgba8Image scene = draw(std::nullopt);
    // At the width or past it the picture covers nothing: the whole frame is the scene's.
    for (std::uint32_t divider : {61u, 0u, kSize.width - 1, kSize.width, kSize.width + 5}) {
        const Rgba8Image split = draw(divider);
        std::size_t sceneDiffers = 0, pictureDiffers = 0;
        for (std::uint32_t y = 0; y < kSize.height; ++y)
            for (std::uint32_t x = 0; x < kSize.width; ++x) {
                if (x < divider)
                    sceneDiffers += pixelAt(split, x, y) != pixelAt(scene, x, y);
                else
                    pictureDiffers += pixelAt(split, x, y) != patternAt(x, y);
            }
        EXPECT_EQ(sceneDiffers, 0u) << "divider " << divider << ": the scene's columns changed";
        EXPECT_EQ(pictureDiffers, 0u)
            << "divider " << divider << ": the picture's columns are not the picture";
    }
    // The scene is a picture of its own: the comparison above means something.
    std::size_t notPattern = 0;
    for (std::uint32_t x = 0; x < 61; ++x)
        notPattern += pixelAt(scene, x, kSize.height / 2) != patternAt(x, kSize.height / 2);
    EXPECT_GT(notPattern, 50u);
}

} // namespace
} // namespace rgx::renderer
