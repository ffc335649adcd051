#pragma once
// VulkanContext: instance + device + queue + pipeline cache, everything a headless renderer or a
// test needs. One at a time per process (volk holds one set of function pointers).

#include "renderer/vk/device.h"
#include "renderer/vk/instance.h"
#include "renderer/vk/pipeline_cache.h"

#include <functional>

namespace rgx::renderer {

struct ContextOptions {
    InstanceOptions instance;
    DeviceOptions device;
    // Called with the chosen physical device before the device is created; throws rgx::Error to
    // refuse it (a window checks that the device can present to its display).
    std::function<void(VkInstance, const PhysicalDeviceInfo&)> acceptDevice;
    // Where the pipeline cache's file is (renderer/vk/pipeline_cache.h); by default
    // RGX_PIPELINE_CACHE, else the user's cache directory.
    PipelineCacheOptions pipelineCache;
};

// Owns everything it holds: destroying it waits for the device to go idle, saves the pipeline
// cache, then destroys the cache, the device and the instance (members in creation order,
// destroyed in reverse). Move-constructible (createContext returns one); not assignable, since
// that would destroy in the wrong order.
struct VulkanContext {
    Instance instance;
    Device device;
    PipelineCache pipelineCache; // every pipeline is created with it

    VulkanContext() = default;
    VulkanContext(VulkanContext&&) noexcept = default;
    VulkanContext& operator=(VulkanContext&&) = delete;
    ~VulkanContext();

    VkDevice vk() const { return device.device; }
    DebugMessages& messages() const { return *instance.messages; }
};

// Creates everything, or throws with nothing left behind.
VulkanContext createContext(const ContextOptions& options = {});
// Destroys the context now (what its destructor does): waits for the device to go idle, saves the
// pipeline cache to its file, then destroys the cache, the device and the instance. Keeps
// messages() readable (the teardown's reports count).
void destroyContext(VulkanContext& context);

} // namespace rgx::renderer
