#include "renderer/window_context.h"

#include "loaders/error.h"
#include "renderer/vk_check.h"
#include "renderer/window.h"

#include <algorithm>
#include <cstring>
#include <vector>

namespace rgx::renderer {

namespace {

bool hasDeviceExtension(VkPhysicalDevice physical, const char* name) {
    std::uint32_t count = 0;
    VK_CHECK(vkEnumerateDeviceExtensionProperties(physical, nullptr, &count, nullptr));
    std::vector<VkExtensionProperties> extensions(count);
    VK_CHECK(vkEnumerateDeviceExtensionProperties(physical, nullptr, &count, extensions.data()));
    return std::any_of(extensions.begin(), extensions.begin() + count, [&](const VkExtensionProperties& e) {
        return std::strcmp(e.extensionName, name) == 0;
    });
}

Device createPresentingDevice(const PhysicalDeviceInfo& physical) {
    const float priority = 1.0f;
    auto queueInfo = vkInit<VkDeviceQueueCreateInfo>(VK_STRUCTURE_TYPE_DEVICE_QUEUE_CREATE_INFO);
    queueInfo.queueFamilyIndex = physical.queueFamily;
    queueInfo.queueCount = 1;
    queueInfo.pQueuePriorities = &priority;

    // Query every core feature, then enable what is supported.
    auto features13 =
        vkInit<VkPhysicalDeviceVulkan13Features>(VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_3_FEATURES);
    auto features12 =
        vkInit<VkPhysicalDeviceVulkan12Features>(VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_2_FEATURES);
    auto features11 =
        vkInit<VkPhysicalDeviceVulkan11Features>(VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_1_FEATURES);
    auto features = vkInit<VkPhysicalDeviceFeatures2>(VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_FEATURES_2);
    features.pNext = &features11;
    features11.pNext = &features12;
    features12.pNext = &features13;
    vkGetPhysicalDeviceFeatures2(physical.handle, &features);
    features.features.robustBufferAccess = VK_FALSE;
    if (!features13.dynamicRendering || !features13.synchronization2)
        throw Error("<vulkan>", Error::kNoOffset, "", "device lacks dynamicRendering or synchronization2");

    const char* extensions[] = {VK_KHR_SWAPCHAIN_EXTENSION_NAME};
    auto info = vkInit<VkDeviceCreateInfo>(VK_STRUCTURE_TYPE_DEVICE_CREATE_INFO);
    info.pNext = &features;
    info.queueCreateInfoCount = 1;
    info.pQueueCreateInfos = &queueInfo;
    info.enabledExtensionCount = 1;
    info.ppEnabledExtensionNames = extensions;

    Device device;
    device.physical = physical.handle;
    device.queueFamily = physical.queueFamily;
    device.properties = physical.properties;
    device.driver = physical.driver;
    vkGetPhysicalDeviceMemoryProperties(physical.handle, &device.memory);
    VK_CHECK(vkCreateDevice(physical.handle, &info, nullptr, &device.device));
    volkLoadDevice(device.device);
    vkGetDeviceQueue(device.device, device.queueFamily, 0, &device.queue);
    return device;
}

} // namespace

VulkanContext createWindowContext(ContextOptions options) {
    for (const std::string& name : windowInstanceExtensions())
        if (std::find(options.instance.extensions.begin(), options.instance.extensions.end(), name) ==
            options.instance.extensions.end())
            options.instance.extensions.push_back(name);

    VulkanContext context;
    context.instance = createInstance(options.instance);
    try {
        const PhysicalDeviceInfo physical = choosePhysicalDevice(context.instance.instance, options.device);
        const std::string name = physical.properties.deviceName;
        if (!hasDeviceExtension(physical.handle, VK_KHR_SWAPCHAIN_EXTENSION_NAME))
            throw Error("<vulkan>", Error::kNoOffset, "", name + " has no VK_KHR_swapchain");
        if (!windowPresentationSupport(context.instance.instance, physical.handle, physical.queueFamily))
            throw Error("<vulkan>", Error::kNoOffset, "", name + " cannot present to this display");
        context.device = createPresentingDevice(physical);

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

} // namespace rgx::renderer
