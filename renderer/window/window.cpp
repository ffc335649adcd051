#include "renderer/window/window.h"

#include "loaders/error.h"
#include "renderer/vk/vk_check.h"

#include <GLFW/glfw3.h>

#include <cstdlib>

namespace rgx::renderer {

namespace {

std::string lastGlfwError() {
    const char* text = nullptr;
    const int code = glfwGetError(&text);
    if (code == GLFW_NO_ERROR) return "unknown GLFW error";
    return text ? text : "GLFW error " + std::to_string(code);
}

} // namespace

std::string initWindowSystem() {
    const char* x11 = std::getenv("DISPLAY");
    const char* wayland = std::getenv("WAYLAND_DISPLAY");
    if ((!x11 || !*x11) && (!wayland || !*wayland))
        return "no display (neither DISPLAY nor WAYLAND_DISPLAY is set)";
    if (glfwInit() != GLFW_TRUE) return "cannot open the display: " + lastGlfwError();
    if (glfwVulkanSupported() != GLFW_TRUE) {
        std::string why = "GLFW finds no Vulkan loader with surface support: " + lastGlfwError();
        glfwTerminate();
        return why;
    }
    return {};
}

void shutdownWindowSystem() {
    glfwTerminate();
}

std::vector<std::string> windowInstanceExtensions() {
    std::uint32_t count = 0;
    const char** names = glfwGetRequiredInstanceExtensions(&count);
    if (!names)
        throw Error("<glfw>", Error::kNoOffset, "", "no Vulkan surface extensions: " + lastGlfwError());
    return {names, names + count};
}

bool windowPresentationSupport(VkInstance instance, VkPhysicalDevice physical, std::uint32_t queueFamily) {
    return glfwGetPhysicalDevicePresentationSupport(instance, physical, queueFamily) == GLFW_TRUE;
}

Window createWindow(int width, int height, const std::string& title) {
    glfwWindowHint(GLFW_CLIENT_API, GLFW_NO_API);
    glfwWindowHint(GLFW_RESIZABLE, GLFW_TRUE);
    Window window;
    window.handle = glfwCreateWindow(width, height, title.c_str(), nullptr, nullptr);
    if (!window.handle)
        throw Error("<glfw>", Error::kNoOffset, "", "cannot create a window: " + lastGlfwError());
    return window;
}

void createWindowSurface(VkInstance instance, Window& window) {
    VK_CHECK(glfwCreateWindowSurface(instance, window.handle, nullptr, &window.surface));
}

void destroyWindow(VkInstance instance, Window& window) {
    if (window.surface != VK_NULL_HANDLE) vkDestroySurfaceKHR(instance, window.surface, nullptr);
    window.surface = VK_NULL_HANDLE;
    if (window.handle) glfwDestroyWindow(window.handle);
    window.handle = nullptr;
}

VkExtent2D framebufferExtent(const Window& window) {
    int width = 0, height = 0;
    glfwGetFramebufferSize(window.handle, &width, &height);
    return {static_cast<std::uint32_t>(width > 0 ? width : 0),
            static_cast<std::uint32_t>(height > 0 ? height : 0)};
}

} // namespace rgx::renderer
