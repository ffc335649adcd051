#include "renderer/window/window.h"

#include "base/error.h"
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

WindowSystem::WindowSystem() {
    const char* x11 = std::getenv("DISPLAY");
    const char* wayland = std::getenv("WAYLAND_DISPLAY");
    if ((!x11 || !*x11) && (!wayland || !*wayland)) {
        why_ = "no display (neither DISPLAY nor WAYLAND_DISPLAY is set)";
        return;
    }
    if (glfwInit() != GLFW_TRUE) {
        why_ = "cannot open the display: " + lastGlfwError();
        return;
    }
    if (glfwVulkanSupported() != GLFW_TRUE) {
        why_ = "GLFW finds no Vulkan loader with surface support: " + lastGlfwError();
        glfwTerminate();
    }
}

WindowSystem::~WindowSystem() {
    if (available()) glfwTerminate();
}

void GlfwWindowDeleter::operator()(GLFWwindow* window) const {
    glfwDestroyWindow(window);
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

Window createWindow(VkInstance instance, int width, int height, const std::string& title) {
    glfwWindowHint(GLFW_CLIENT_API, GLFW_NO_API);
    glfwWindowHint(GLFW_RESIZABLE, GLFW_TRUE);
    Window window;
    window.size = std::make_unique<WindowSize>();
    window.handle.reset(glfwCreateWindow(width, height, title.c_str(), nullptr, nullptr));
    if (!window.handle)
        throw Error("<glfw>", Error::kNoOffset, "", "cannot create a window: " + lastGlfwError());
    glfwSetWindowUserPointer(window.handle.get(), window.size.get());
    glfwSetFramebufferSizeCallback(window.handle.get(), [](GLFWwindow* w, int width, int height) {
        auto* size = static_cast<WindowSize*>(glfwGetWindowUserPointer(w));
        size->width = width;
        size->height = height;
    });
    refreshWindowSize(window);
    VkSurfaceKHR surface = VK_NULL_HANDLE;
    VK_CHECK(glfwCreateWindowSurface(instance, window.handle.get(), nullptr, &surface));
    window.surface = Unique<VkSurfaceKHR>(instance, surface);
    return window;
}

VkExtent2D framebufferExtent(const Window& window) {
    const int width = window.size->width, height = window.size->height;
    return {static_cast<std::uint32_t>(width > 0 ? width : 0),
            static_cast<std::uint32_t>(height > 0 ? height : 0)};
}

void refreshWindowSize(Window& window) {
    glfwGetFramebufferSize(window.handle.get(), &window.size->width, &window.size->height);
}

} // namespace rgx::renderer
