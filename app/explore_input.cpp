#include "app/explore_input.h"

#include <GLFW/glfw3.h>
#include <imgui.h>

#include <algorithm>
#include <cmath>

namespace rgx::app {

InputEvents mapInput(const RawInput& raw, ExploreInput& state, bool* captureChanged) {
    InputEvents events;
    if (captureChanged) *captureChanged = false;
    // True once per press.
    auto pressed = [&](int key, bool& held) {
        const bool down = raw.keyDown(key);
        const bool edge = down && !held;
        held = down;
        return edge;
    };
    if (!raw.overlayWantsKeyboard) {
        auto axis = [&](int plus, int minus) {
            return (raw.keyDown(plus) ? 1.0 : 0.0) - (raw.keyDown(minus) ? 1.0 : 0.0);
        };
        events.fly.forward = axis(GLFW_KEY_W, GLFW_KEY_S);
        events.fly.right = axis(GLFW_KEY_D, GLFW_KEY_A);
        events.fly.up = axis(GLFW_KEY_E, GLFW_KEY_Q);
        events.fly.fast = raw.keyDown(GLFW_KEY_LEFT_SHIFT) || raw.keyDown(GLFW_KEY_RIGHT_SHIFT);
        events.screenshot = pressed(GLFW_KEY_F12, state.f12Held);
        events.toggleVsync = pressed(GLFW_KEY_V, state.vHeld);
        const bool toggleCapture = pressed(GLFW_KEY_C, state.cHeld);
        const bool release = pressed(GLFW_KEY_ESCAPE, state.escHeld);
        if (toggleCapture || (release && state.captured)) {
            state.captured = !state.captured;
            state.looking = false; // no jump from the old cursor position
            if (captureChanged) *captureChanged = true;
        }
    }

    if (state.captured || (raw.rightButton && (state.looking || !raw.overlayWantsMouse))) {
        if (state.looking) {
            events.fly.yawDeltaDeg = (raw.cursorX - state.lastX) * state.degreesPerPixel;
            events.fly.pitchDeltaDeg = -(raw.cursorY - state.lastY) * state.degreesPerPixel;
        }
        state.looking = true;
    } else {
        state.looking = false;
    }
    state.lastX = raw.cursorX;
    state.lastY = raw.cursorY;

    if (!raw.overlayWantsMouse && raw.wheel != 0)
        state.speed = std::clamp(state.speed * std::pow(1.25, raw.wheel), 1.0, 1.0e6);
    return events;
}

InputEvents readInput(GLFWwindow* window, ExploreInput& state) {
    const ImGuiIO& io = ImGui::GetIO();
    RawInput raw;
    raw.keyDown = [window](int key) { return glfwGetKey(window, key) == GLFW_PRESS; };
    raw.rightButton = glfwGetMouseButton(window, GLFW_MOUSE_BUTTON_RIGHT) == GLFW_PRESS;
    glfwGetCursorPos(window, &raw.cursorX, &raw.cursorY);
    raw.wheel = io.MouseWheel;
    raw.overlayWantsKeyboard = io.WantCaptureKeyboard;
    raw.overlayWantsMouse = io.WantCaptureMouse;
    bool captureChanged = false;
    const InputEvents events = mapInput(raw, state, &captureChanged);
    if (captureChanged)
        glfwSetInputMode(window, GLFW_CURSOR, state.captured ? GLFW_CURSOR_DISABLED : GLFW_CURSOR_NORMAL);
    return events;
}

} // namespace rgx::app
