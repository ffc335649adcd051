// What the drawing commands do with any look's picture (app/commands/look_output.h).

#include "app/commands/look_output.h"

#include <gtest/gtest.h>

namespace rgx::app {
namespace {

// --upscale repeats every pixel (indices, colours and depth alike), nearest.
TEST(LookOutput, UpscaleRepeatsEveryPixel) {
    renderer::LookPicture p;
    p.width = 3;
    p.height = 2;
    for (std::uint8_t i = 0; i < 6; ++i) {
        p.indices.push_back(static_cast<std::uint8_t>(i + 1));
        p.depth.push_back(static_cast<float>(i) / 8);
        for (int c = 0; c < 4; ++c)
            p.rgba.push_back(static_cast<std::uint8_t>(i * 10 + c));
    }
    p.palette = loaders::Palette256{};
    const renderer::LookPicture up = upscalePicture(p, 3);
    ASSERT_EQ(up.width, 9);
    ASSERT_EQ(up.height, 6);
    ASSERT_EQ(up.indices.size(), 54u);
    ASSERT_EQ(up.depth.size(), 54u);
    ASSERT_EQ(up.rgba.size(), 54u * 4u);
    EXPECT_TRUE(up.palette.has_value());
    for (int y = 0; y < 6; ++y)
        for (int x = 0; x < 9; ++x) {
            const std::size_t to = static_cast<std::size_t>(y) * 9 + static_cast<std::size_t>(x);
            const std::size_t from = static_cast<std::size_t>(y / 3) * 3 + static_cast<std::size_t>(x / 3);
            EXPECT_EQ(up.indices[to], p.indices[from]);
            EXPECT_EQ(up.depth[to], p.depth[from]);
            for (std::size_t c = 0; c < 4; ++c)
                EXPECT_EQ(up.rgba[to * 4 + c], p.rgba[from * 4 + c]);
        }
    const renderer::LookPicture twice = upscalePicture(p, 2);
    ASSERT_EQ(twice.rgba.size(), 6u * 4u * 4u);
    EXPECT_EQ(twice.rgba[(1 * 6 + 5) * 4], p.rgba[2 * 4]); // (5, 1) in the scaled image is (2, 0)
    EXPECT_EQ(upscalePicture(p, 1).rgba, p.rgba);
}

} // namespace
} // namespace rgx::app
