// The explorer's pieces that need no window: the test script parser, the present-mode choice
// behind the vsync toggle, the `--camera` text the copy button produces, and the input mapping.

#include "app/explore_input.h"
#include "app/explore_script.h"
#include "app/explore_software.h"
#include "app/explore_ui.h"
#include "app/wave_options.h"
#include "loaders/error.h"
#include "renderer/window/swapchain.h"

#include <GLFW/glfw3.h>
#include <gtest/gtest.h>

#include <set>

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

// `rgx render --wave/--wave-centre` and the script's wave=: WORLD.INI's world_wave form.
TEST(ExploreScript, TakesTheRendererSwitch) {
    const auto actions = parseExploreScript("2:renderer=split;3:split=0.25;4:softres=320x200");
    ASSERT_EQ(actions.size(), 3u);
    EXPECT_EQ(parseRendererView(actions[0].value, "t"), RendererView::Split);
    EXPECT_EQ(parseSoftResolution(actions[2].value, "t"), SoftResolution::Game);
    EXPECT_THROW(parseRendererView("vulkan", "t"), Error);
    EXPECT_THROW(parseSoftResolution("800x600", "t"), Error);
}

// The software resolution: a fraction of the window rounded up (cropped when shown), or the
// game's sizes scaled up by the largest integer that fits and centred.
TEST(ExploreSoftware, LayoutScalesByIntegersAndCentres) {
    const SoftLayout window = softLayout(SoftResolution::Window, 1280, 720);
    EXPECT_EQ(window.width, 1280);
    EXPECT_EQ(window.scale, 1);
    const SoftLayout third = softLayout(SoftResolution::Third, 1280, 720);
    EXPECT_EQ(third.width, 427);
    EXPECT_EQ(third.height, 240);
    EXPECT_EQ(third.scale, 3);
    const SoftLayout game = softLayout(SoftResolution::Game, 1280, 720);
    EXPECT_EQ(game.width, 320);
    EXPECT_EQ(game.height, 200);
    EXPECT_EQ(game.scale, 3); // 960x600 fits, 1280x800 does not
    EXPECT_EQ(game.offsetX, 160);
    EXPECT_EQ(game.offsetY, 60);
    const SoftLayout small = softLayout(SoftResolution::Vga, 320, 240);
    EXPECT_EQ(small.scale, 1); // never below 1: cropped
    EXPECT_EQ(small.offsetX, -160);
}

TEST(ExploreSoftware, ComposeUpscalesThroughThePaletteAndFramesInBlack) {
    renderer::soft::IndexedFrame frame(2, 1, 0);
    frame.index = {3, 4};
    loaders::Palette256 palette{};
    palette[3] = {10, 20, 30};
    palette[4] = {40, 50, 60};
    SoftLayout layout;
    layout.width = 2;
    layout.height = 1;
    layout.scale = 2;
    layout.offsetX = 1;
    std::vector<std::uint8_t> rgba;
    composeSoftware(frame, palette, layout, 6, 3, rgba);
    ASSERT_EQ(rgba.size(), 6u * 3u * 4u);
    const auto at = [&](int x, int y) {
        const std::size_t i = (static_cast<std::size_t>(y) * 6 + x) * 4;
        return std::array<int, 4>{rgba[i], rgba[i + 1], rgba[i + 2], rgba[i + 3]};
    };
    EXPECT_EQ(at(0, 0), (std::array<int, 4>{0, 0, 0, 255}));
    EXPECT_EQ(at(1, 0), (std::array<int, 4>{10, 20, 30, 255}));
    EXPECT_EQ(at(2, 1), (std::array<int, 4>{10, 20, 30, 255}));
    EXPECT_EQ(at(3, 1), (std::array<int, 4>{40, 50, 60, 255}));
    EXPECT_EQ(at(4, 0), (std::array<int, 4>{40, 50, 60, 255}));
    EXPECT_EQ(at(5, 0), (std::array<int, 4>{0, 0, 0, 255}));
    EXPECT_EQ(at(1, 2), (std::array<int, 4>{0, 0, 0, 255})); // below the 2 scaled rows
}

TEST(WaveText, ParsesTheFxwaveTripleAndAFixedCentre) {
    const WaveText t = parseWaveText("24,-16.5, 3", "--wave");
    EXPECT_FLOAT_EQ(t.amplitude, 24);
    EXPECT_FLOAT_EQ(t.speed, -16.5f);
    EXPECT_EQ(t.frequency, 3);
    sim::WaveSettings s;
    applyWave(s, t);
    EXPECT_FLOAT_EQ(s.speed, -16.5f);
    EXPECT_EQ(s.frequency, 3);
    EXPECT_TRUE(s.followCamera);
    applyWaveCentre(s, parseWaveCentreText("200,-7", "--wave-centre"));
    EXPECT_FALSE(s.followCamera);
    EXPECT_EQ(s.centreRow, 200);
    EXPECT_EQ(s.centreColumn, -7);
}

TEST(WaveText, RejectsBadTextNamingTheOption) {
    for (const char* bad :
         {"", "24,16", "24,16,3,1", "a,16,3", "24,16,3.5", "1e39,1,1", "24,nan,3", "1,1,4294967296"}) {
        try {
            parseWaveText(bad, "--wave");
            ADD_FAILURE() << "accepted '" << bad << "'";
        } catch (const Error& e) {
            EXPECT_NE(std::string(e.what()).find("--wave"), std::string::npos) << e.what();
        }
    }
    for (const char* bad : {"1", "1,2,3", "1.5,2", "x,2", "3000000000,1"})
        EXPECT_THROW(parseWaveCentreText(bad, "--wave-centre"), Error) << bad;
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

namespace rgx::app {
namespace {

struct Keys {
    std::set<int> down;
    RawInput raw() const {
        RawInput r;
        r.keyDown = [this](int key) { return down.count(key) > 0; };
        return r;
    }
};

TEST(ExploreInput, KeysMapToFlyAxesAndCancelOut) {
    ExploreInput state;
    Keys keys;
    keys.down = {GLFW_KEY_W, GLFW_KEY_A, GLFW_KEY_E, GLFW_KEY_LEFT_SHIFT};
    InputEvents e = mapInput(keys.raw(), state);
    EXPECT_EQ(e.fly.forward, 1.0);
    EXPECT_EQ(e.fly.right, -1.0);
    EXPECT_EQ(e.fly.up, 1.0);
    EXPECT_TRUE(e.fly.fast);
    keys.down = {GLFW_KEY_W, GLFW_KEY_S, GLFW_KEY_D, GLFW_KEY_Q};
    e = mapInput(keys.raw(), state);
    EXPECT_EQ(e.fly.forward, 0.0);
    EXPECT_EQ(e.fly.right, 1.0);
    EXPECT_EQ(e.fly.up, -1.0);
    EXPECT_FALSE(e.fly.fast);
}

TEST(ExploreInput, OverlayKeepsTheKeyboardAndTheWheel) {
    ExploreInput state;
    state.speed = 100;
    Keys keys;
    keys.down = {GLFW_KEY_W, GLFW_KEY_F12};
    RawInput raw = keys.raw();
    raw.overlayWantsKeyboard = true;
    raw.overlayWantsMouse = true;
    raw.wheel = 2;
    const InputEvents e = mapInput(raw, state);
    EXPECT_EQ(e.fly.forward, 0.0);
    EXPECT_FALSE(e.screenshot);
    EXPECT_EQ(state.speed, 100);
}

TEST(ExploreInput, ScreenshotAndVsyncFireOncePerPress) {
    ExploreInput state;
    Keys keys;
    keys.down = {GLFW_KEY_F12, GLFW_KEY_V};
    InputEvents e = mapInput(keys.raw(), state);
    EXPECT_TRUE(e.screenshot);
    EXPECT_TRUE(e.toggleVsync);
    e = mapInput(keys.raw(), state); // still held
    EXPECT_FALSE(e.screenshot);
    EXPECT_FALSE(e.toggleVsync);
    keys.down.clear();
    mapInput(keys.raw(), state);
    keys.down = {GLFW_KEY_F12};
    EXPECT_TRUE(mapInput(keys.raw(), state).screenshot);
}

TEST(ExploreInput, RightDragLooksAndWheelScalesSpeed) {
    ExploreInput state;
    state.speed = 100;
    Keys keys;
    RawInput raw = keys.raw();
    raw.rightButton = true;
    raw.cursorX = 100;
    raw.cursorY = 100;
    InputEvents e = mapInput(raw, state); // the press: no jump
    EXPECT_EQ(e.fly.yawDeltaDeg, 0.0);
    raw.cursorX = 120; // right: turn right (yaw grows towards east)
    raw.cursorY = 90;  // up: look up
    e = mapInput(raw, state);
    EXPECT_NEAR(e.fly.yawDeltaDeg, 20 * state.degreesPerPixel, 1e-9);
    EXPECT_NEAR(e.fly.pitchDeltaDeg, 10 * state.degreesPerPixel, 1e-9);
    raw.rightButton = false; // released: moving does not look
    raw.cursorX = 200;
    e = mapInput(raw, state);
    EXPECT_EQ(e.fly.yawDeltaDeg, 0.0);
    raw.wheel = 1;
    mapInput(raw, state);
    EXPECT_NEAR(state.speed, 125, 1e-9);
    raw.wheel = -2;
    mapInput(raw, state);
    EXPECT_NEAR(state.speed, 80, 1e-9);
}

TEST(ExploreInput, CaptureLooksWithoutTheButtonUntilReleased) {
    ExploreInput state;
    Keys keys;
    keys.down = {GLFW_KEY_C};
    bool changed = false;
    mapInput(keys.raw(), state, &changed);
    EXPECT_TRUE(changed);
    EXPECT_TRUE(state.captured);
    keys.down.clear();
    RawInput raw = keys.raw();
    raw.cursorX = 10;
    mapInput(raw, state, &changed);
    EXPECT_FALSE(changed);
    raw.cursorX = 30;
    EXPECT_NEAR(mapInput(raw, state).fly.yawDeltaDeg, 20 * state.degreesPerPixel, 1e-9);
    keys.down = {GLFW_KEY_ESCAPE};
    mapInput(keys.raw(), state, &changed);
    EXPECT_TRUE(changed);
    EXPECT_FALSE(state.captured);
}

} // namespace
} // namespace rgx::app
