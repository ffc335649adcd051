#pragma once
// Free-fly controls: WASD move, Q/E down/up, Shift fast, right mouse button held (or C to
// capture the mouse, Esc or C to release it) to look, mouse wheel changes the speed, F12
// screenshot, V vsync, F1 the overlay, F activate the selected scripted object (the player's
// "use"). Keys and mouse go to the overlay instead while ImGui wants
// them (typing in a widget, hovering a window).
//
// The keys that act once per press (F12, V, C, Esc, F1, F) are taken from GLFW's key events, not
// from the keys' state when the frame polls: at a few frames a second a tap shorter than a frame
// is released again before the frame looks (issue 29 lost two taps in three on lavapipe). Every
// press counts once, at any frame rate. The movement keys are held, so their state is read.

#include "view/camera.h"

#include <functional>
#include <vector>

struct GLFWwindow;

namespace rgx::app {

struct ExploreInput {
    double speed = 100;            // engine units per second (x4 with Shift)
    double degreesPerPixel = 0.15; // mouse look
    // Internal drag state.
    bool looking = false;
    double lastX = 0, lastY = 0;
    bool captured = false;    // cursor hidden and locked: the mouse always looks
    std::vector<int> presses; // GLFW keys pressed since the last frame, in order (keyEvent)
};

// At most this many presses wait for the next frame; more are dropped (a frame that long is stuck).
inline constexpr std::size_t kMaxPressesPerFrame = 64;

// A key event as GLFW reports it (GLFW_PRESS, GLFW_RELEASE, GLFW_REPEAT): a press is kept for the
// next frame; a repeat or a release is not a press.
void keyEvent(ExploreInput& state, int key, int action);

struct InputEvents {
    view::FlyInput fly;
    int screenshots = 0;        // F12 presses
    bool toggleVsync = false;   // an odd number of V presses
    bool toggleOverlay = false; // an odd number of F1 presses
    int activations = 0;        // F presses: the selected scripted object activated
};

// One frame's polled input, separated from GLFW so the mapping can be unit-tested.
struct RawInput {
    std::function<bool(int glfwKey)> keyDown;
    bool rightButton = false;
    double cursorX = 0, cursorY = 0;
    float wheel = 0;
    bool overlayWantsKeyboard = false, overlayWantsMouse = false;
};

// Maps the frame's presses (taken from state) and polled input to camera motion and actions,
// updating state (drag, speed, capture). Sets captureChanged when the mouse capture toggled (the
// caller hides or shows the cursor). Presses while the overlay wants the keyboard go to the
// overlay. F1 always counts: it is how a hidden overlay comes back.
InputEvents mapInput(const RawInput& raw, ExploreInput& state, bool* captureChanged = nullptr);

// While alive: the key callback that feeds keyEvent on `window`, passing every event on to the one
// installed before (ImGui's GLFW backend). Its destructor puts that one back and forgets `state`,
// so it must go before the callback it chains to (the overlay's backend) does. One at a time.
class KeyEvents {
public:
    KeyEvents(GLFWwindow* window, ExploreInput& state);
    ~KeyEvents();
    KeyEvents(const KeyEvents&) = delete;
    KeyEvents& operator=(const KeyEvents&) = delete;

private:
    GLFWwindow* window_;
};

// A key pressed and released through the installed callback, as a real tap within one frame is
// delivered (the autoplay's key=NAME).
void tapKey(GLFWwindow* window, int key);

// Reads this frame's input from GLFW and ImGui (after ImGui::NewFrame, which sets WantCapture*
// and the wheel) and applies mapInput.
InputEvents readInput(GLFWwindow* window, ExploreInput& state);

} // namespace rgx::app
