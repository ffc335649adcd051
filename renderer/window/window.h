#pragma once
// The explorer's GLFW window and its Vulkan surface. GLFW is initialised once per process by
// initWindowSystem, which reports a missing display as a message instead of failing later.

#include "renderer/vk/handle.h"
#include "renderer/vk/vulkan.h"

#include <memory>

#include <string>
#include <vector>

struct GLFWwindow;

namespace rgx::renderer {

// GLFW for the process: initialised on construction, terminated on destruction (after every
// window is gone). available() is false, with why(), when there is no window system (no DISPLAY
// or WAYLAND_DISPLAY, the display cannot be opened, or no Vulkan presentation support).
class WindowSystem {
public:
    WindowSystem();
    ~WindowSystem();
    WindowSystem(const WindowSystem&) = delete;
    WindowSystem& operator=(const WindowSystem&) = delete;
    bool available() const { return why_.empty(); }
    const std::string& why() const { return why_; }

private:
    std::string why_;
};

// The instance extensions the surface needs (VK_KHR_surface + the platform's).
std::vector<std::string> windowInstanceExtensions();

// Whether queueFamily of physical can present to this window system.
bool windowPresentationSupport(VkInstance instance, VkPhysicalDevice physical, std::uint32_t queueFamily);

struct GlfwWindowDeleter {
    void operator()(GLFWwindow* window) const;
};

// The window's size in pixels as GLFW last reported it (its framebuffer-size callback): asking the
// X server instead is a round trip, about 0.1 ms, several times a frame.
struct WindowSize {
    int width = 0, height = 0;
};

// Owns the window and its surface (the surface is destroyed first); move-only. Destroy it before
// the instance and the WindowSystem.
struct Window {
    std::unique_ptr<WindowSize> size; // the window's user pointer: at a fixed address
    std::unique_ptr<GLFWwindow, GlfwWindowDeleter> handle;
    Unique<VkSurfaceKHR> surface;
};

// A resizable window without a client API and its Vulkan surface; throws rgx::Error when GLFW
// cannot create either.
Window createWindow(VkInstance instance, int width, int height, const std::string& title);

// Framebuffer size in pixels (0 x 0 while minimised): as the window system last reported it
// (the events glfwPollEvents reads), or as refreshWindowSize last asked it.
VkExtent2D framebufferExtent(const Window& window);

// Asks the window system for the size now (a round trip): after the program resizes a window
// itself (glfwSetWindowSize), whose event comes only with the next glfwPollEvents.
void refreshWindowSize(Window& window);

} // namespace rgx::renderer
