#pragma once
// The explorer's GLFW window and its Vulkan surface. GLFW is initialised once per process by
// initWindowSystem, which reports a missing display as a message instead of failing later.

#include "renderer/vk/vulkan.h"

#include <string>
#include <vector>

struct GLFWwindow;

namespace rgx::renderer {

// Initialises GLFW. Returns "" on success, else why there is no window system (no DISPLAY or
// WAYLAND_DISPLAY, display cannot be opened, or no Vulkan presentation support).
std::string initWindowSystem();
void shutdownWindowSystem();

// The instance extensions the surface needs (VK_KHR_surface + the platform's).
std::vector<std::string> windowInstanceExtensions();

// Whether queueFamily of physical can present to this window system.
bool windowPresentationSupport(VkInstance instance, VkPhysicalDevice physical, std::uint32_t queueFamily);

struct Window {
    GLFWwindow* handle = nullptr;
    VkSurfaceKHR surface = VK_NULL_HANDLE;
};

// A resizable window without a client API; throws rgx::Error when GLFW cannot create it.
Window createWindow(int width, int height, const std::string& title);
void createWindowSurface(VkInstance instance, Window& window);
// Destroys the surface (before the instance) and the window.
void destroyWindow(VkInstance instance, Window& window);

// Framebuffer size in pixels (0 x 0 while minimised).
VkExtent2D framebufferExtent(const Window& window);

} // namespace rgx::renderer
