// The explorer's pieces that need no window: the autoplay parser, the present-mode choice
// behind the vsync toggle, the `--camera` text the copy button produces, the input mapping, and
// the actors' picking, following and autoplay actions.

#include "app/commands/wave_options.h"
#include "app/explore/explore_actors.h"
#include "app/explore/explore_autoplay.h"
#include "app/explore/explore_input.h"
#include "app/explore/explore_software.h"
#include "app/explore/explore_ui.h"
#include "base/error.h"
#include "renderer/culling/culling.h"
#include "renderer/lighting/world_lighting.h"
#include "renderer/window/swapchain.h"
#include "scene/redguard/scene_builder.h"
#include "tests/support/demo_dir.h"

#include <GLFW/glfw3.h>
#include <gtest/gtest.h>

#include <cmath>
#include <set>

namespace rgx::app {
namespace {

TEST(ExploreAutoplay, ParsesAndSortsByFrame) {
    const auto actions = parseAutoplay("10:world=2;3:camera=1,2,3,90,-10;;5:screenshot=/tmp/a.png");
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

TEST(ExploreAutoplay, RejectsMalformedEntries) {
    EXPECT_THROW(parseAutoplay("world=2"), Error);
    EXPECT_THROW(parseAutoplay("x:world=2"), Error);
    EXPECT_THROW(parseAutoplay("0:world=2"), Error);
    EXPECT_THROW(parseAutoplay("4:fly=2"), Error);
    EXPECT_THROW(parseAutoplay("4world=2:"), Error);
    EXPECT_TRUE(parseAutoplay("").empty());
}

// `rgx render --wave/--wave-centre` and the autoplay's wave=: WORLD.INI's world_wave form.
TEST(ExploreAutoplay, TakesTheRendererSwitch) {
    const auto actions = parseAutoplay("2:renderer=split;3:split=0.25;4:softres=320x200");
    ASSERT_EQ(actions.size(), 3u);
    // renderer=glide|software|split: the looks on screen, left and right of the divider.
    const ViewLooks split = parseViewLooks(actions[0].value, "t");
    EXPECT_EQ(split.left, renderer::Look::Glide);
    EXPECT_EQ(split.right, renderer::Look::Software);
    EXPECT_TRUE(split.split() && split.drawsSoftware() && !split.softwareOnly());
    const ViewLooks software = parseViewLooks("software", "t");
    EXPECT_EQ(software.left, renderer::Look::Software);
    EXPECT_FALSE(software.right.has_value());
    EXPECT_TRUE(software.softwareOnly());
    const ViewLooks glide = parseViewLooks("glide", "t");
    EXPECT_FALSE(glide.drawsSoftware() || glide.split());
    for (const char* name : {"glide", "software", "split"})
        EXPECT_STREQ(viewLooksName(parseViewLooks(name, "t")), name);
    EXPECT_EQ(parseSoftResolution(actions[2].value, "t"), SoftResolution::Game);
    EXPECT_THROW(parseViewLooks("vulkan", "t"), Error);
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

// Two pixels, one row, and a layout placing them one pixel right, `scale` times each.
renderer::LookPicture twoPixels() {
    renderer::LookPicture picture;
    picture.width = 2;
    picture.height = 1;
    picture.rgba = {10, 20, 30, 255, 40, 50, 60, 255};
    return picture;
}
SoftLayout oneRight(int scale) {
    SoftLayout layout;
    layout.width = 2;
    layout.height = 1;
    layout.scale = scale;
    layout.offsetX = 1;
    return layout;
}

TEST(ExploreSoftware, ComposeUpscalesThePictureAndFramesInBlack) {
    std::vector<std::uint8_t> rgba(6u * 3u * 4u, 7); // 7: every byte must be written
    composePicture(twoPixels(), oneRight(2), 6, 3,
                   renderer::PictureTarget{rgba.data(), renderer::PixelOrder::Rgba});
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
    EXPECT_EQ(std::count(rgba.begin(), rgba.end(), 7), 0);
}

// Composed into the window's upload buffer in BGRA order: the same picture with red and blue
// swapped, every byte written.
TEST(ExploreSoftware, ComposeIntoABgraTargetSwapsRedAndBlue) {
    std::vector<std::uint8_t> memory(4u * 2u * 4u, 7);
    composePicture(twoPixels(), oneRight(1), 4, 2,
                   renderer::PictureTarget{memory.data(), renderer::PixelOrder::Bgra});
    const std::vector<std::uint8_t> want{0, 0, 0, 255, 30, 20, 10, 255, 60, 50, 40, 255, 0, 0, 0, 255,
                                         0, 0, 0, 255, 0,  0,  0,  255, 0,  0,  0,  255, 0, 0, 0, 255};
    EXPECT_EQ(memory, want);
}

// At the window's own size and scale 1 the picture is the window's, pixel for pixel.
TEST(ExploreSoftware, ComposeAtTheWindowsSizeKeepsThePicture) {
    const renderer::LookPicture picture = twoPixels();
    const std::vector<std::uint8_t> want = picture.rgba;
    std::vector<std::uint8_t> rgba(2u * 4u, 7);
    composePicture(picture, softLayout(SoftResolution::Window, 2, 1), 2, 1,
                   renderer::PictureTarget{rgba.data(), renderer::PixelOrder::Rgba});
    EXPECT_EQ(rgba, want);
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

// The layers panel marks a view past back_plane as "extended" (issue 17), and only then.
TEST(ExploreUi, ViewPastBackPlaneIsMarkedExtended) {
    EXPECT_EQ(viewDistanceNote(1.0), "") << "the game's view";
    EXPECT_EQ(viewDistanceNote(0.5), "");
    EXPECT_EQ(viewDistanceNote(1.01), "extended view (past back_plane)");
    EXPECT_EQ(viewDistanceNote(8.0), "extended view (past back_plane)");
}

// Debug drawings are off until asked for (issue 18): the PVO cell's box no longer crosses the
// island view by default.
TEST(ExploreUi, DebugDrawingsAreOffUntilAskedFor) {
    const ExploreUiModel model;
    EXPECT_FALSE(model.showPvoCell);
}

TEST(ExploreUi, CameraArgumentsRoundTripThroughParseCamera) {
    view::Camera camera;
    camera.position = {1234.5, -20.25, 998.125};
    camera.yawDeg = 135.5;
    camera.pitchDeg = -12.25;
    const std::string args = view::cameraArguments(camera);
    ASSERT_EQ(args.rfind("--camera ", 0), 0u);
    const view::Camera back = view::parseCamera(args.substr(9));
    EXPECT_NEAR(back.position.x, camera.position.x, 1e-3);
    EXPECT_NEAR(back.position.y, camera.position.y, 1e-3);
    EXPECT_NEAR(back.position.z, camera.position.z, 1e-3);
    EXPECT_NEAR(back.yawDeg, camera.yawDeg, 1e-3);
    EXPECT_NEAR(back.pitchDeg, camera.pitchDeg, 1e-3);
    EXPECT_EQ(args.find("--fov"), std::string::npos) << "the default field of view is not repeated";
    camera.fovYDeg = 75; // the explorer's slider
    EXPECT_NE(view::cameraArguments(camera).find(" --fov 75.000"), std::string::npos)
        << view::cameraArguments(camera);
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
    keyEvent(state, GLFW_KEY_F12, GLFW_PRESS);
    RawInput raw = keys.raw();
    raw.overlayWantsKeyboard = true;
    raw.overlayWantsMouse = true;
    raw.wheel = 2;
    const InputEvents e = mapInput(raw, state);
    EXPECT_EQ(e.fly.forward, 0.0);
    EXPECT_EQ(e.screenshots, 0);
    EXPECT_EQ(state.speed, 100);
}

// The action keys count their presses (GLFW's key events), not the frames they are held for.
TEST(ExploreInput, ScreenshotAndVsyncFireOncePerPress) {
    ExploreInput state;
    Keys keys;
    keys.down = {GLFW_KEY_F12, GLFW_KEY_V};
    keyEvent(state, GLFW_KEY_F12, GLFW_PRESS);
    keyEvent(state, GLFW_KEY_V, GLFW_PRESS);
    InputEvents e = mapInput(keys.raw(), state);
    EXPECT_EQ(e.screenshots, 1);
    EXPECT_TRUE(e.toggleVsync);
    keyEvent(state, GLFW_KEY_V, GLFW_REPEAT); // still held: the key repeats, no new press
    e = mapInput(keys.raw(), state);
    EXPECT_EQ(e.screenshots, 0);
    EXPECT_FALSE(e.toggleVsync);
    keys.down.clear();
    keyEvent(state, GLFW_KEY_F12, GLFW_RELEASE);
    mapInput(keys.raw(), state);
    keyEvent(state, GLFW_KEY_F12, GLFW_PRESS);
    keyEvent(state, GLFW_KEY_F12, GLFW_RELEASE);
    keyEvent(state, GLFW_KEY_F12, GLFW_PRESS);
    EXPECT_EQ(mapInput(keys.raw(), state).screenshots, 2) << "two presses in one frame are two";
}

// Issue 29: at 200-300 ms a frame a tap is pressed and released between two frames. The key's
// state then reads "up" when the frame polls; its press event is still there.
TEST(ExploreInput, ATapWithinOneFrameIsNotLost) {
    ExploreInput state;
    Keys keys; // nothing held when the frame looks
    for (int key : {GLFW_KEY_V, GLFW_KEY_F12, GLFW_KEY_C, GLFW_KEY_F1}) {
        keyEvent(state, key, GLFW_PRESS);
        keyEvent(state, key, GLFW_RELEASE);
    }
    bool captureChanged = false;
    const InputEvents e = mapInput(keys.raw(), state, &captureChanged);
    EXPECT_TRUE(e.toggleVsync);
    EXPECT_EQ(e.screenshots, 1);
    EXPECT_TRUE(e.toggleOverlay);
    EXPECT_TRUE(captureChanged);
    EXPECT_TRUE(state.captured);
    EXPECT_TRUE(state.presses.empty()) << "each press counts once";
    const InputEvents next = mapInput(keys.raw(), state);
    EXPECT_FALSE(next.toggleVsync);
    EXPECT_FALSE(next.toggleOverlay);
}

// F activates the selected scripted object once per press, and not while a field has the keyboard.
TEST(ExploreInput, FActivatesOncePerPress) {
    ExploreInput state;
    Keys keys;
    keyEvent(state, GLFW_KEY_F, GLFW_PRESS);
    keyEvent(state, GLFW_KEY_F, GLFW_RELEASE);
    keyEvent(state, GLFW_KEY_F, GLFW_PRESS);
    keyEvent(state, GLFW_KEY_F, GLFW_REPEAT);
    EXPECT_EQ(mapInput(keys.raw(), state).activations, 2);
    EXPECT_EQ(mapInput(keys.raw(), state).activations, 0);
    keyEvent(state, GLFW_KEY_F, GLFW_PRESS);
    RawInput raw = keys.raw();
    raw.overlayWantsKeyboard = true;
    EXPECT_EQ(mapInput(raw, state).activations, 0) << "F typed into a field is the field's";
}

// F1 brings a hidden overlay back even while the overlay holds the keyboard (a field has focus).
TEST(ExploreInput, F1TogglesTheOverlayAlways) {
    ExploreInput state;
    Keys keys;
    keyEvent(state, GLFW_KEY_F1, GLFW_PRESS);
    keyEvent(state, GLFW_KEY_V, GLFW_PRESS);
    RawInput raw = keys.raw();
    raw.overlayWantsKeyboard = true;
    const InputEvents e = mapInput(raw, state);
    EXPECT_TRUE(e.toggleOverlay);
    EXPECT_FALSE(e.toggleVsync) << "V typed into a field is the field's";
}

TEST(ExploreInput, PressesWaitingForAFrameAreBounded) {
    ExploreInput state;
    for (std::size_t i = 0; i < kMaxPressesPerFrame + 10; ++i)
        keyEvent(state, GLFW_KEY_F12, GLFW_PRESS);
    EXPECT_EQ(state.presses.size(), kMaxPressesPerFrame);
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
    keyEvent(state, GLFW_KEY_C, GLFW_PRESS);
    bool changed = false;
    mapInput(keys.raw(), state, &changed);
    EXPECT_TRUE(changed);
    EXPECT_TRUE(state.captured);
    RawInput raw = keys.raw();
    raw.cursorX = 10;
    mapInput(raw, state, &changed);
    EXPECT_FALSE(changed);
    raw.cursorX = 30;
    EXPECT_NEAR(mapInput(raw, state).fly.yawDeltaDeg, 20 * state.degreesPerPixel, 1e-9);
    keyEvent(state, GLFW_KEY_ESCAPE, GLFW_PRESS);
    mapInput(keys.raw(), state, &changed);
    EXPECT_TRUE(changed);
    EXPECT_FALSE(state.captured);
    keyEvent(state, GLFW_KEY_ESCAPE, GLFW_PRESS);
    mapInput(keys.raw(), state, &changed);
    EXPECT_FALSE(changed) << "Esc only releases a captured mouse";
}

} // namespace
} // namespace rgx::app

namespace rgx::app {
namespace {

double distanceToRay(const Ray& ray, const rgx::Vec3& p) {
    const rgx::Vec3 d = p - ray.origin;
    const double along = d.x * ray.direction.x + d.y * ray.direction.y + d.z * ray.direction.z;
    const rgx::Vec3 off = d - ray.direction * along;
    return std::sqrt(off.x * off.x + off.y * off.y + off.z * off.z);
}

view::Camera someCamera(double yaw, double pitch, double fov) {
    view::Camera c;
    c.position = {1000, 250, -400};
    c.yawDeg = yaw;
    c.pitchDeg = pitch;
    c.fovYDeg = fov;
    return c;
}

TEST(ExplorePick, TheCentreRayIsTheViewDirection) {
    const view::Camera c = someCamera(30, -20, 60);
    const Ray ray = cameraRay(c, 0.5, 0.5, 16.0 / 9.0);
    const rgx::Vec3 f = view::cameraForward(c);
    EXPECT_NEAR(ray.direction.x, f.x, 1e-9);
    EXPECT_NEAR(ray.direction.y, f.y, 1e-9);
    EXPECT_NEAR(ray.direction.z, f.z, 1e-9);
    EXPECT_EQ(ray.origin, c.position);
}

// The ray through the pixel where the renderer's own view-projection puts a point passes through
// that point: the same vertical field of view, aspect and downward v as the frames drawn.
TEST(ExplorePick, RaysAgreeWithTheRenderersProjection) {
    const double aspect = 1280.0 / 720.0;
    for (const view::Camera& c : {someCamera(30, -10, 60), someCamera(-70, 25, 45), someCamera(200, 0, 90)}) {
        const std::array<float, 16> m = renderer::viewProjection(c, aspect, 1, 1e5);
        // Points given as (depth, right, up) from the eye: in the picture, outside it, behind.
        const rgx::Vec3 f = view::cameraForward(c), r = view::cameraRight(c);
        const rgx::Vec3 up{r.y * f.z - r.z * f.y, r.z * f.x - r.x * f.z, r.x * f.y - r.y * f.x};
        std::vector<rgx::Vec3> points;
        for (const std::array<double, 3>& a : {std::array<double, 3>{500, 0, 0},
                                               {800, 200, -100},
                                               {300, -150, 120},
                                               {1000, 3000, 50},
                                               {400, 0, -900},
                                               {-200, 10, 0}})
            points.push_back(c.position + f * a[0] + r * a[1] + up * a[2]);
        int inView = 0;
        for (const rgx::Vec3& p : points) {
            const double in[4] = {p.x, p.y, p.z, 1};
            double clip[4] = {};
            for (int r = 0; r < 4; ++r)
                for (int k = 0; k < 4; ++k)
                    clip[r] += static_cast<double>(m[static_cast<std::size_t>(k * 4 + r)]) * in[k];
            const std::optional<std::array<double, 2>> uv = projectToView(c, aspect, p);
            if (clip[3] <= 0) {
                EXPECT_FALSE(uv) << "behind the camera";
                continue;
            }
            const double u = (clip[0] / clip[3] + 1) / 2, v = (clip[1] / clip[3] + 1) / 2;
            if (u >= 0 && u <= 1 && v >= 0 && v <= 1) ++inView;
            ASSERT_TRUE(uv);
            // The matrix is in floats: far outside the view the coordinates grow, and so its error.
            EXPECT_NEAR((*uv)[0], u, 1e-5 * (1 + std::abs(u)));
            EXPECT_NEAR((*uv)[1], v, 1e-5 * (1 + std::abs(v)));
            EXPECT_LT(distanceToRay(cameraRay(c, u, v, aspect), p), 0.05) << u << ", " << v;
        }
        EXPECT_EQ(inView, 3) << "the first three points are inside the picture";
    }
}

TEST(ExplorePick, RaySphereEntersInFrontOnly) {
    const Ray ray{{0, 0, 0}, {0, 0, -1}};
    const std::optional<double> t = raySphere(ray, {0, 0, -100, 10});
    ASSERT_TRUE(t);
    EXPECT_NEAR(*t, 90, 1e-9);
    EXPECT_FALSE(raySphere(ray, {0, 0, 100, 10}));    // behind
    EXPECT_FALSE(raySphere(ray, {0, 20, -100, 10}));  // beside
    EXPECT_EQ(raySphere(ray, {0, 0, 5, 10}), 0.0);    // around the eye
    EXPECT_TRUE(raySphere(ray, {0, 9.9f, -100, 10})); // grazing inside the radius
}

TEST(ExplorePick, TheNearestHitWinsAndUnboundedSpheresNever) {
    const Ray ray{{0, 0, 0}, {0, 0, -1}};
    EXPECT_EQ(pickNearest(ray, {{0, 0, -500, 50}, {0, 0, -200, 20}, {0, 0, 300, 50}}), 1);
    EXPECT_EQ(pickNearest(ray, {{0, 0, -200, 20}, {0, 0, -500, 50}}), 0);
    // A farther but bigger sphere entered before a small near one's surface.
    EXPECT_EQ(pickNearest(ray, {{0, 0, -230, 5}, {0, 0, -260, 40}}), 1);
    EXPECT_EQ(pickNearest(ray, {{0, 0, 0, 1e30f}, {0, 0, -200, 20}}), 1);
    EXPECT_EQ(pickNearest(ray, {{100, 0, -200, 20}}), -1);
    EXPECT_EQ(pickNearest(ray, {}), -1);
}

TEST(ExploreFollow, TheCameraKeepsItsOffset) {
    view::Camera c = someCamera(0, 0, 60);
    std::optional<rgx::Vec3> last;
    followPoint(last, {10, 0, 0}, c); // only records
    EXPECT_EQ(c.position, (rgx::Vec3{1000, 250, -400}));
    followPoint(last, {15, -2, 3}, c);
    EXPECT_EQ(c.position, (rgx::Vec3{1005, 248, -397}));
    followPoint(last, {15, -2, 3}, c);
    EXPECT_EQ(c.position, (rgx::Vec3{1005, 248, -397}));
}

TEST(ExploreFollow, GoToLooksAtTheSphereFromAFewHundredUnits) {
    const view::Camera from = someCamera(120, 30, 60);
    for (const std::array<float, 4>& sphere :
         {std::array<float, 4>{50, 60, 70, 40}, std::array<float, 4>{50, 60, 70, 200}}) {
        const view::Camera c = cameraFacing(from, sphere);
        EXPECT_EQ(c.yawDeg, from.yawDeg);
        EXPECT_LT(c.pitchDeg, 0); // looking down at it
        const Ray ray = cameraRay(c, 0.5, 0.5, 1.5);
        EXPECT_LT(distanceToRay(ray, {sphere[0], sphere[1], sphere[2]}), 1e-6);
        const rgx::Vec3 d = rgx::Vec3{sphere[0], sphere[1], sphere[2]} - c.position;
        EXPECT_NEAR(std::sqrt(d.x * d.x + d.y * d.y + d.z * d.z), std::max(kMeetDistance, 3.0 * sphere[3]),
                    1e-3);
    }
}

TEST(ExploreAutoplay, TakesTheActorActions) {
    const auto actions = parseAutoplay("2:actor=3;2:follow=1;3:actorgroup=1;4:actorstep=5;5:actorgoto=1");
    ASSERT_EQ(actions.size(), 5u);
    for (const AutoplayAction& a : actions)
        EXPECT_TRUE(isActorAction(a.key)) << a.key;
    EXPECT_FALSE(isActorAction("world"));
}

const scene::Scene& demoIsland() {
    static const scene::Scene s = scene::buildWorldScene(scene::GameFs(rgx::testing::smallDemoDir()), 0);
    return s;
}

std::string act(const std::string& key, const std::string& value, ActorPanelState& state,
                sim::SceneAnimation& animation, view::Camera& camera) {
    return applyActorAction({1, key, value, 1, kAutoplayVariable}, state, &demoIsland(), &animation, camera);
}

// On the demo island: "go to" puts each actor in the middle of the view, where a click picks it.
TEST(ExploreActors, GoToThenAClickInTheMiddlePicksThatActor) {
    const scene::Scene& s = demoIsland();
    ASSERT_GT(s.redguard.actors.size(), 1u);
    const sim::SceneAnimation animation(s, sim::animationSettings(s));
    const std::vector<std::array<float, 4>> spheres = actorSpheres(s, animation);
    ASSERT_EQ(spheres.size(), s.redguard.actors.size());
    for (std::size_t i = 0; i < s.redguard.actors.size(); ++i) {
        EXPECT_EQ(spheres[i],
                  renderer::instanceSphere(s, s.nodes[static_cast<std::size_t>(s.redguard.actors[i].node)]))
            << "the demo's actors walk in place";
        const view::Camera c = cameraFacing(someCamera(30, 0, 60), spheres[i]);
        EXPECT_EQ(pickNearest(cameraRay(c, 0.5, 0.5, 16.0 / 9.0), spheres), static_cast<int>(i));
        EXPECT_EQ(pickNearest(cameraRay(c, 0.5, 0.0, 16.0 / 9.0), spheres), -1) << "above it: the sky";
    }
}

TEST(ExploreActors, ScriptActionsSelectPlayStepAndFollow) {
    const scene::Scene& s = demoIsland();
    sim::SceneAnimation animation(s, sim::animationSettings(s));
    ActorPanelState state;
    view::Camera camera = someCamera(0, 0, 60);
    EXPECT_THROW(act("actorstep", "1", state, animation, camera), Error) << "nothing selected";
    const std::string name = s.nodes[static_cast<std::size_t>(s.redguard.actors[1].node)].name;
    EXPECT_NE(act("actor", "1", state, animation, camera).find(name), std::string::npos);
    EXPECT_EQ(state.selected, 1);
    EXPECT_EQ(state.setOpen, true) << "a selection opens the panel";
    const int group = s.redguard.animations[static_cast<std::size_t>(s.redguard.actors[1].animation)]
                          .groups.groups.back()
                          .groupIndex;
    act("actorgroup", std::to_string(group), state, animation, camera);
    EXPECT_EQ(animation.player(1).group(), group);
    EXPECT_EQ(animation.player(1).command(), 0);
    const std::int64_t before = animation.player(1).ticksRun();
    const std::string line = act("actorstep", "3", state, animation, camera);
    EXPECT_EQ(animation.player(1).ticksRun(), before + 3);
    EXPECT_NE(line.find("tick " + std::to_string(before + 2) + " "), std::string::npos) << line;
    EXPECT_TRUE(animation.clock(1).paused) << "a stepped actor holds its frame";
    animation.update(1.0);
    EXPECT_EQ(animation.player(1).ticksRun(), before + 3);
    EXPECT_EQ(animation.recentTicks(1).back().tick, before + 2);

    act("follow", "1", state, animation, camera);
    EXPECT_TRUE(state.follow);
    act("actorgoto", "1", state, animation, camera);
    EXPECT_EQ(pickNearest(cameraRay(camera, 0.5, 0.5, 1.0), actorSpheres(s, animation)), 1);

    for (const auto& [key, value] :
         std::vector<std::pair<std::string, std::string>>{{"actor", std::to_string(s.redguard.actors.size())},
                                                          {"actor", "-1"},
                                                          {"actor", "x"},
                                                          {"actorgroup", "999"},
                                                          {"actorstep", "0"},
                                                          {"actorstep", "2.5"},
                                                          {"follow", "2"},
                                                          {"actorgoto", "0"}}) {
        try {
            act(key, value, state, animation, camera);
            ADD_FAILURE() << "accepted " << key << "=" << value;
        } catch (const Error& e) {
            EXPECT_NE(std::string(e.what()).find("RGX_EXPLORE_AUTOPLAY"), std::string::npos) << e.what();
        }
    }
    EXPECT_EQ(state.selected, 1) << "a bad action keeps the selection";
    EXPECT_THROW(applyActorAction({1, "actor", "0", 1, kAutoplayVariable}, state, nullptr, nullptr, camera),
                 Error)
        << "no scene";
}

TEST(ExploreActors, TickLinesNameTheTickAndItsEvents) {
    sim::TickRecord t;
    t.tick = 7;
    t.group = 2;
    t.command = 4;
    t.handle = 9;
    t.ended = true;
    sim::AnimEvent e;
    e.what = "PlaySound 7 1";
    t.events.push_back(e);
    e.what = "EndAnimation 0";
    t.events.push_back(e);
    EXPECT_EQ(tickLine(t), "tick 7  group 2  command 4  handle 9  ended  | PlaySound 7 1; EndAnimation 0");
}

} // namespace
} // namespace rgx::app
