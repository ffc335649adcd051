#pragma once
// The VulkanContext of a window: createContext's instance with the window system's surface
// extensions, and a device that also has VK_KHR_swapchain on a queue family that can present.
// (renderer/device.cpp makes headless devices without extensions; this file keeps the window's
// needs out of it.)

#include "renderer/context.h"

namespace rgx::renderer {

// Requires initWindowSystem() to have succeeded. The device enables every core 1.0-1.3 feature
// the physical device supports (robustBufferAccess excepted, it costs speed), so whatever the
// scene renderer uses on a headless device is on here too. Throws rgx::Error when the chosen
// device cannot present; destroy with destroyContext.
VulkanContext createWindowContext(ContextOptions options);

} // namespace rgx::renderer
