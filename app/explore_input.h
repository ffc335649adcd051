#pragma once
// Free-fly controls: WASD move, Q/E down/up, Shift fast, right mouse button held (or C to
// capture the mouse, Esc or C to release it) to look, mouse wheel changes the speed, F12
// screenshot, V vsync. Keys and mouse go to the overlay instead
// while ImGui wants them (typing in a widget, hovering a window).

#include "sim/camera.h"

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

// Reads this frame's input (after ImGui::NewFrame, which sets WantCapture* and the wheel).
InputEvents readInput(GLFWwindow* window, ExploreInput& state);

} // namespace rgx::app
