// The explorer's pieces that need no window: the test script parser, the present-mode choice
// behind the vsync toggle, and the `--camera` text the copy button produces.

#include "app/explore_script.h"
#include "app/explore_ui.h"
#include "loaders/error.h"
#include "renderer/swapchain.h"

#include <gtest/gtest.h>

namespace rgx::app {
namespace {

TEST(ExploreScript, ParsesAndSortsByFrame) {
    const auto actions = parseExploreScript("10:world=2;3:camera=1,2,3,90,-10;;5:screenshot=/tmp/a.png");
    ASSERT_EQ(actions.size(), 3u);
    EXPECT_EQ(actions[0].frame, 3);
    EXPECT_EQ(actions[0].key, "camera");
    EXPECT_EQ(actions[0].value, "1,2,3,90,-10");
    EXPECT_EQ(actions[1].frame, 5);
    EXPECT_EQ(actions[1].value, "/tmp/a.png");
    EXPECT_EQ(actions[2].frame, 10);
    EXPECT_EQ(actions[2].key, "world");
    EXPECT_EQ(actions[2].value, "2");
}

TEST(ExploreScript, RejectsMalformedEntries) {
    EXPECT_THROW(parseExploreScript("world=2"), Error);
    EXPECT_THROW(parseExploreScript("x:world=2"), Error);
    EXPECT_THROW(parseExploreScript("0:world=2"), Error);
    EXPECT_THROW(parseExploreScript("4:fly=2"), Error);
    EXPECT_THROW(parseExploreScript("4world=2:"), Error);
    EXPECT_TRUE(parseExploreScript("").empty());
}

TEST(ExplorePresentMode, VsyncIsFifoOtherwiseMailboxThenImmediate) {
    using M = std::vector<VkPresentModeKHR>;
    const M all{VK_PRESENT_MODE_IMMEDIATE_KHR, VK_PRESENT_MODE_MAILBOX_KHR, VK_PRESENT_MODE_FIFO_KHR};
    EXPECT_EQ(renderer::choosePresentMode(all, true), VK_PRESENT_MODE_FIFO_KHR);
    EXPECT_EQ(renderer::choosePresentMode(all, false), VK_PRESENT_MODE_MAILBOX_KHR);
    EXPECT_EQ(renderer::choosePresentMode(M{VK_PRESENT_MODE_FIFO_KHR, VK_PRESENT_MODE_IMMEDIATE_KHR}, false),
              VK_PRESENT_MODE_IMMEDIATE_KHR);
    EXPECT_EQ(renderer::choosePresentMode(M{VK_PRESENT_MODE_FIFO_KHR}, false), VK_PRESENT_MODE_FIFO_KHR);
}

TEST(ExploreUi, CameraArgumentsRoundTripThroughParseCamera) {
    sim::Camera camera;
    camera.position = {1234.5, -20.25, 998.125};
    camera.yawDeg = 135.5;
    camera.pitchDeg = -12.25;
    const std::string args = cameraArguments(camera);
    ASSERT_EQ(args.rfind("--camera ", 0), 0u);
    const sim::Camera back = sim::parseCamera(args.substr(9));
    EXPECT_NEAR(back.position.x, camera.position.x, 1e-3);
    EXPECT_NEAR(back.position.y, camera.position.y, 1e-3);
    EXPECT_NEAR(back.position.z, camera.position.z, 1e-3);
    EXPECT_NEAR(back.yawDeg, camera.yawDeg, 1e-3);
    EXPECT_NEAR(back.pitchDeg, camera.pitchDeg, 1e-3);
}

} // namespace
} // namespace rgx::app
