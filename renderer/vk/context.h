#pragma once
// VulkanContext: instance + device + queue + command pool, everything a headless renderer or a
// test needs. One per process (volk holds one set of function pointers).

#include "renderer/vk/device.h"
#include "renderer/vk/instance.h"

#include <functional>

namespace rgx::renderer {

struct ContextOptions {
    InstanceOptions instance;
    DeviceOptions device;
    // Called with the chosen physical device before the device is created; throws rgx::Error to
    // refuse it (a window checks that the device can present to its display).
    std::function<void(VkInstance, const PhysicalDeviceInfo&)> acceptDevice;
};

struct VulkanContext {
    Instance instance;
    Device device;
    VkCommandPool commandPool = VK_NULL_HANDLE; // resettable buffers, for one-shot submissions

    VkDevice vk() const { return device.device; }
    DebugMessages& messages() const { return *instance.messages; }
};

// Creates everything, or throws with nothing left behind.
VulkanContext createContext(const ContextOptions& options = {});
// Waits for the device to go idle, then destroys in reverse order. Safe on a moved-from context.
void destroyContext(VulkanContext& context);

// Destroys the context at scope exit (for callers that may throw).
struct ContextGuard {
    VulkanContext& context;
    ~ContextGuard() { destroyContext(context); }
};

} // namespace rgx::renderer
