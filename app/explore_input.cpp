#include "app/explore_input.h"

#include <GLFW/glfw3.h>
#include <imgui.h>

#include <algorithm>
#include <cmath>

namespace rgx::app {

namespace {

// True once per press.
bool pressed(GLFWwindow* window, int key, bool& held) {
    const bool down = glfwGetKey(window, key) == GLFW_PRESS;
    const bool edge = down && !held;
    held = down;
    return edge;
}

} // namespace

InputEvents readInput(GLFWwindow* window, ExploreInput& state) {
    const ImGuiIO& io = ImGui::GetIO();
    InputEvents events;
    if (!io.WantCaptureKeyboard) {
        auto axis = [&](int plus, int minus) {
            return (glfwGetKey(window, plus) == GLFW_PRESS ? 1.0 : 0.0) -
                   (glfwGetKey(window, minus) == GLFW_PRESS ? 1.0 : 0.0);
        };
        events.fly.forward = axis(GLFW_KEY_W, GLFW_KEY_S);
        events.fly.right = axis(GLFW_KEY_D, GLFW_KEY_A);
        events.fly.up = axis(GLFW_KEY_E, GLFW_KEY_Q);
        events.fly.fast = glfwGetKey(window, GLFW_KEY_LEFT_SHIFT) == GLFW_PRESS ||
                          glfwGetKey(window, GLFW_KEY_RIGHT_SHIFT) == GLFW_PRESS;
        events.screenshot = pressed(window, GLFW_KEY_F12, state.f12Held);
        events.toggleVsync = pressed(window, GLFW_KEY_V, state.vHeld);
        const bool toggleCapture = pressed(window, GLFW_KEY_C, state.cHeld);
        const bool release = pressed(window, GLFW_KEY_ESCAPE, state.escHeld);
        if (toggleCapture || (release && state.captured)) {
            state.captured = !state.captured;
            glfwSetInputMode(window, GLFW_CURSOR, state.captured ? GLFW_CURSOR_DISABLED : GLFW_CURSOR_NORMAL);
            state.looking = false; // no jump from the old cursor position
        }
    }

    double x = 0, y = 0;
    glfwGetCursorPos(window, &x, &y);
    const bool right = glfwGetMouseButton(window, GLFW_MOUSE_BUTTON_RIGHT) == GLFW_PRESS;
    if (state.captured || (right && (state.looking || !io.WantCaptureMouse))) {
        if (state.looking) {
            events.fly.yawDeltaDeg = (x - state.lastX) * state.degreesPerPixel;
            events.fly.pitchDeltaDeg = -(y - state.lastY) * state.degreesPerPixel;
        }
        state.looking = true;
    } else {
        state.looking = false;
    }
    state.lastX = x;
    state.lastY = y;

    if (!io.WantCaptureMouse && io.MouseWheel != 0)
        state.speed = std::clamp(state.speed * std::pow(1.25, io.MouseWheel), 1.0, 1.0e6);
    return events;
}

} // namespace rgx::app
