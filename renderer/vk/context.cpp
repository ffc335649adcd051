#include "renderer/vk/context.h"

#include "renderer/vk/vk_check.h"

#include <iostream>

namespace rgx::renderer {

VulkanContext createContext(const ContextOptions& options) {
    VulkanContext context;
    context.instance = createInstance(options.instance);
    const PhysicalDeviceInfo physical = choosePhysicalDevice(context.instance.instance, options.device);
    if (options.acceptDevice) options.acceptDevice(context.instance.instance, physical);
    context.device = createDevice(physical, options.device.extensions);
    context.pipelineCache = PipelineCache(context.device, options.pipelineCache);
    return context;
}

void destroyContext(VulkanContext& context) {
    if (context.device.device != VK_NULL_HANDLE) {
        // Teardown must not throw (it runs from the destructor), so a failure here is reported on
        // stderr instead; the objects are destroyed either way.
        if (const VkResult result = vkDeviceWaitIdle(context.device.device); result != VK_SUCCESS) {
            std::cerr << "rgx: vkDeviceWaitIdle during teardown: " << resultName(result) << "\n";
        }
        // At the end, so the file holds every pipeline the run made; a failure is a note.
        context.pipelineCache.save();
        context.pipelineCache.reset();
        destroyDevice(context.device);
    }
    destroyInstance(context.instance);
}

VulkanContext::~VulkanContext() {
    destroyContext(*this);
}

} // namespace rgx::renderer
