#include "renderer/vk/context.h"

#include "renderer/vk/vk_check.h"

#include <iostream>

namespace rgx::renderer {

VulkanContext createContext(const ContextOptions& options) {
    VulkanContext context;
    context.instance = createInstance(options.instance);
    try {
        const PhysicalDeviceInfo physical = choosePhysicalDevice(context.instance.instance, options.device);
        if (options.acceptDevice) options.acceptDevice(context.instance.instance, physical);
        context.device = createDevice(physical, options.device.extensions);

        auto poolInfo = vkInit<VkCommandPoolCreateInfo>(VK_STRUCTURE_TYPE_COMMAND_POOL_CREATE_INFO);
        poolInfo.flags =
            VK_COMMAND_POOL_CREATE_RESET_COMMAND_BUFFER_BIT | VK_COMMAND_POOL_CREATE_TRANSIENT_BIT;
        poolInfo.queueFamilyIndex = context.device.queueFamily;
        VK_CHECK(vkCreateCommandPool(context.vk(), &poolInfo, nullptr, &context.commandPool));
    } catch (...) {
        destroyContext(context);
        throw;
    }
    return context;
}

void destroyContext(VulkanContext& context) {
    if (context.device.device != VK_NULL_HANDLE) {
        // Teardown must not throw (it runs from ContextGuard's destructor), so a failure here is
        // reported on stderr instead; the objects are destroyed either way.
        if (const VkResult result = vkDeviceWaitIdle(context.device.device); result != VK_SUCCESS) {
            std::cerr << "rgx: vkDeviceWaitIdle during teardown: " << resultName(result) << "\n";
        }
        if (context.commandPool != VK_NULL_HANDLE)
            vkDestroyCommandPool(context.vk(), context.commandPool, nullptr);
        context.commandPool = VK_NULL_HANDLE;
        destroyDevice(context.device);
    }
    destroyInstance(context.instance);
}

} // namespace rgx::renderer
