#pragma once
// The VulkanContext of a window: createContext with the window system's surface extensions on the
// instance, VK_KHR_swapchain on the device, and a device whose queue family can present.

#include "renderer/vk/context.h"

namespace rgx::renderer {

// Requires initWindowSystem() to have succeeded. The device has the same features as a headless
// one (renderer/vk/device.cpp), so the scene renderer behaves the same in a window and offscreen.
// Throws rgx::Error when the chosen device cannot present; destroy with destroyContext.
VulkanContext createWindowContext(ContextOptions options);

} // namespace rgx::renderer
