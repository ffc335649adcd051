#include "renderer/window/window_context.h"

#include "base/error.h"
#include "renderer/vk/vk_check.h"
#include "renderer/window/window.h"

#include <algorithm>
#include <vector>

namespace rgx::renderer {

VulkanContext createWindowContext(ContextOptions options) {
    for (const std::string& name : windowInstanceExtensions())
        if (std::find(options.instance.extensions.begin(), options.instance.extensions.end(), name) ==
            options.instance.extensions.end())
            options.instance.extensions.push_back(name);

    options.device.extensions.push_back(VK_KHR_SWAPCHAIN_EXTENSION_NAME);
    options.acceptDevice = [](VkInstance instance, const PhysicalDeviceInfo& physical) {
        const std::string name = physical.properties.deviceName;
        if (!hasDeviceExtension(physical.handle, VK_KHR_SWAPCHAIN_EXTENSION_NAME))
            throw Error("<vulkan>", Error::kNoOffset, "", name + " has no VK_KHR_swapchain");
        if (!windowPresentationSupport(instance, physical.handle, physical.queueFamily))
            throw Error("<vulkan>", Error::kNoOffset, "", name + " cannot present to this display");
    };
    // The same device as the offscreen renderer's (same features), plus the swapchain.
    return createContext(options);
}

} // namespace rgx::renderer
