#include "app/explore/explore_input.h"

#include <GLFW/glfw3.h>
#include <imgui.h>

#include <algorithm>
#include <cmath>

namespace rgx::app {

namespace {

// The key callback installed before ours (ImGui's), and the state ours feeds.
GLFWkeyfun previousKeyCallback = nullptr;
ExploreInput* keyState = nullptr;

void onKey(GLFWwindow* window, int key, int scancode, int action, int mods) {
    if (previousKeyCallback) previousKeyCallback(window, key, scancode, action, mods);
    if (keyState) keyEvent(*keyState, key, action);
}

} // namespace

void keyEvent(ExploreInput& state, int key, int action) {
    if (action == GLFW_PRESS && state.presses.size() < kMaxPressesPerFrame) state.presses.push_back(key);
}

InputEvents mapInput(const RawInput& raw, ExploreInput& state, bool* captureChanged) {
    InputEvents events;
    if (captureChanged) *captureChanged = false;
    for (int key : state.presses) {
        if (key == GLFW_KEY_F1) events.toggleOverlay = !events.toggleOverlay;
        if (raw.overlayWantsKeyboard) continue;
        if (key == GLFW_KEY_F12) ++events.screenshots;
        if (key == GLFW_KEY_V) events.toggleVsync = !events.toggleVsync;
        if (key == GLFW_KEY_F) ++events.activations;
        if (key == GLFW_KEY_C || (key == GLFW_KEY_ESCAPE && state.captured)) {
            state.captured = !state.captured;
            state.looking = false; // no jump from the old cursor position
            if (captureChanged) *captureChanged = !*captureChanged;
        }
    }
    state.presses.clear();
    if (!raw.overlayWantsKeyboard) {
        auto axis = [&](int plus, int minus) {
            return (raw.keyDown(plus) ? 1.0 : 0.0) - (raw.keyDown(minus) ? 1.0 : 0.0);
        };
        events.fly.forward = axis(GLFW_KEY_W, GLFW_KEY_S);
        events.fly.right = axis(GLFW_KEY_D, GLFW_KEY_A);
        events.fly.up = axis(GLFW_KEY_E, GLFW_KEY_Q);
        events.fly.fast = raw.keyDown(GLFW_KEY_LEFT_SHIFT) || raw.keyDown(GLFW_KEY_RIGHT_SHIFT);
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

KeyEvents::KeyEvents(GLFWwindow* window, ExploreInput& state) : window_(window) {
    keyState = &state;
    previousKeyCallback = glfwSetKeyCallback(window, onKey);
}

KeyEvents::~KeyEvents() {
    glfwSetKeyCallback(window_, previousKeyCallback);
    previousKeyCallback = nullptr;
    keyState = nullptr;
}

void tapKey(GLFWwindow* window, int key) {
    const int scancode = glfwGetKeyScancode(key);
    onKey(window, key, scancode, GLFW_PRESS, 0);
    onKey(window, key, scancode, GLFW_RELEASE, 0);
}

InputEvents readInput(GLFWwindow* window, ExploreInput& state) {
    const ImGuiIO& io = ImGui::GetIO();
    RawInput raw;
    raw.keyDown = [window](int key) { return glfwGetKey(window, key) == GLFW_PRESS; };
    raw.rightButton = glfwGetMouseButton(window, GLFW_MOUSE_BUTTON_RIGHT) == GLFW_PRESS;
    // The cursor only turns the camera while captured (GLFW's own virtual position then) or
    // while the right button is held, from where it was in the frame that began it (a key press
    // may begin capture); asking where it is in every frame costs an X round trip a frame.
    if (state.captured || raw.rightButton || !state.presses.empty())
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
