#pragma once
// Free-fly controls: WASD move, Q/E down/up, Shift fast, right mouse button held (or C to
// capture the mouse, Esc or C to release it) to look, mouse wheel changes the speed, F12
// screenshot, V vsync. Keys and mouse go to the overlay instead
// while ImGui wants them (typing in a widget, hovering a window).

#include "sim/camera.h"

#include <functional>

struct GLFWwindow;

namespace rgx::app {

struct ExploreInput {
    double speed = 100;            // engine units per second (x4 with Shift)
    double degreesPerPixel = 0.15; // mouse look
    // Internal edge and drag state.
    bool looking = false;
    double lastX = 0, lastY = 0;
    bool f12Held = false, vHeld = false, cHeld = false, escHeld = false;
    bool captured = false; // cursor hidden and locked: the mouse always looks
};

struct InputEvents {
    sim::FlyInput fly;
    bool screenshot = false;  // F12 went down
    bool toggleVsync = false; // V went down
};

// One frame's raw input, separated from GLFW so the mapping can be unit-tested.
struct RawInput {
    std::function<bool(int glfwKey)> keyDown;
    bool rightButton = false;
    double cursorX = 0, cursorY = 0;
    float wheel = 0;
    bool overlayWantsKeyboard = false, overlayWantsMouse = false;
};

// Maps raw input to camera motion and actions, updating state (edges, drag, speed, capture).
// Sets captureChanged when the mouse capture toggled (the caller hides or shows the cursor).
InputEvents mapInput(const RawInput& raw, ExploreInput& state, bool* captureChanged = nullptr);

// Reads this frame's input from GLFW and ImGui (after ImGui::NewFrame, which sets WantCapture*
// and the wheel) and applies mapInput.
InputEvents readInput(GLFWwindow* window, ExploreInput& state);

} // namespace rgx::app
