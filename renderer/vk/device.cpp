#include "renderer/vk/device.h"

#include "renderer/vk/instance.h"
#include "renderer/vk/vk_check.h"

#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <cstring>

namespace rgx::renderer {

namespace {

std::string lower(std::string_view s) {
    std::string out(s);
    for (auto& c : out)
        c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return out;
}

// Why the device cannot run rgx, or "" when it can.
std::string checkSuitable(VkPhysicalDevice device, const VkPhysicalDeviceProperties& properties,
                          std::uint32_t queueFamily) {
    if (properties.apiVersion < kRequiredApiVersion) return "supports Vulkan < 1.3";
    if (queueFamily == ~0u) return "no queue family with graphics and compute";
    auto features13 =
        vkInit<VkPhysicalDeviceVulkan13Features>(VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_3_FEATURES);
    auto features = vkInit<VkPhysicalDeviceFeatures2>(VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_FEATURES_2);
    features.pNext = &features13;
    vkGetPhysicalDeviceFeatures2(device, &features);
    if (!features13.dynamicRendering) return "no dynamicRendering";
    if (!features13.synchronization2) return "no synchronization2";
    // glslc's Vulkan 1.3 target writes compute workgroup sizes as LocalSizeId (needs maintenance4,
    // which every 1.3 device has).
    if (!features13.maintenance4) return "no maintenance4";
    return "";
}

std::vector<VkQueueFamilyProperties> queueFamilies(VkPhysicalDevice device) {
    std::uint32_t count = 0;
    vkGetPhysicalDeviceQueueFamilyProperties(device, &count, nullptr);
    std::vector<VkQueueFamilyProperties> families(count);
    vkGetPhysicalDeviceQueueFamilyProperties(device, &count, families.data());
    families.resize(count);
    return families;
}

std::uint32_t findQueueFamily(VkPhysicalDevice device) {
    const std::vector<VkQueueFamilyProperties> families = queueFamilies(device);
    const VkQueueFlags wanted = VK_QUEUE_GRAPHICS_BIT | VK_QUEUE_COMPUTE_BIT;
    for (std::uint32_t i = 0; i < families.size(); ++i) {
        if ((families[i].queueFlags & wanted) == wanted && families[i].queueCount > 0) return i;
    }
    return ~0u;
}

} // namespace

const char* deviceTypeName(VkPhysicalDeviceType type) {
    switch (type) {
    case VK_PHYSICAL_DEVICE_TYPE_DISCRETE_GPU:
        return "discrete GPU";
    case VK_PHYSICAL_DEVICE_TYPE_INTEGRATED_GPU:
        return "integrated GPU";
    case VK_PHYSICAL_DEVICE_TYPE_VIRTUAL_GPU:
        return "virtual GPU";
    case VK_PHYSICAL_DEVICE_TYPE_CPU:
        return "CPU";
    default:
        return "other";
    }
}

int deviceTypeRank(VkPhysicalDeviceType type) {
    switch (type) {
    case VK_PHYSICAL_DEVICE_TYPE_DISCRETE_GPU:
        return 4;
    case VK_PHYSICAL_DEVICE_TYPE_INTEGRATED_GPU:
        return 3;
    case VK_PHYSICAL_DEVICE_TYPE_VIRTUAL_GPU:
        return 2;
    case VK_PHYSICAL_DEVICE_TYPE_CPU:
        return 1;
    default:
        return 0;
    }
}

int pickDevice(std::span<const DeviceCandidate> candidates, std::string_view filter) {
    const std::string needle = lower(filter);
    int best = -1;
    for (std::size_t i = 0; i < candidates.size(); ++i) {
        const auto& c = candidates[i];
        if (!c.suitable) continue;
        if (!needle.empty() && lower(c.name).find(needle) == std::string::npos) continue;
        if (best < 0 || deviceTypeRank(c.type) > deviceTypeRank(candidates[best].type))
            best = static_cast<int>(i);
    }
    return best;
}

std::string deviceNameFilter(const DeviceOptions& options) {
    if (!options.nameFilter.empty()) return options.nameFilter;
    const char* env = std::getenv("RGX_DEVICE");
    return env ? env : "";
}

std::vector<PhysicalDeviceInfo> listPhysicalDevices(VkInstance instance) {
    std::uint32_t count = 0;
    VK_CHECK(vkEnumeratePhysicalDevices(instance, &count, nullptr));
    std::vector<VkPhysicalDevice> handles(count);
    VK_CHECK(vkEnumeratePhysicalDevices(instance, &count, handles.data()));
    handles.resize(count);

    std::vector<PhysicalDeviceInfo> out;
    for (VkPhysicalDevice handle : handles) {
        PhysicalDeviceInfo info;
        info.handle = handle;
        vkGetPhysicalDeviceProperties(handle, &info.properties);
        info.driver =
            vkInit<VkPhysicalDeviceDriverProperties>(VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_DRIVER_PROPERTIES);
        if (info.properties.apiVersion >= VK_API_VERSION_1_2) {
            auto properties2 =
                vkInit<VkPhysicalDeviceProperties2>(VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_PROPERTIES_2);
            properties2.pNext = &info.driver;
            vkGetPhysicalDeviceProperties2(handle, &properties2);
            info.driver.pNext = nullptr;
        }
        info.queueFamily = findQueueFamily(handle);
        info.unsuitable = checkSuitable(handle, info.properties, info.queueFamily);
        out.push_back(info);
    }
    return out;
}

PhysicalDeviceInfo choosePhysicalDevice(VkInstance instance, const DeviceOptions& options) {
    const auto devices = listPhysicalDevices(instance);
    std::vector<DeviceCandidate> candidates;
    for (const auto& d : devices) {
        candidates.push_back({d.properties.deviceName, d.properties.deviceType, d.unsuitable.empty()});
    }
    const std::string filter = deviceNameFilter(options);
    const int index = pickDevice(candidates, filter);
    if (index >= 0) return devices[static_cast<std::size_t>(index)];

    std::string list;
    for (const auto& d : devices) {
        list += "\n  " + std::string(d.properties.deviceName) + " (" +
                deviceTypeName(d.properties.deviceType) + ")";
        if (!d.unsuitable.empty()) list += ": " + d.unsuitable;
    }
    if (devices.empty()) list = " none (install a Vulkan driver, e.g. mesa-vulkan-drivers for lavapipe)";
    const std::string what = filter.empty()
                                 ? "no suitable Vulkan 1.3 device"
                                 : "no suitable Vulkan 1.3 device matches RGX_DEVICE='" + filter + "'";
    throw Error("<vulkan>", Error::kNoOffset, "physical device", what + "; devices:" + list);
}

bool hasDeviceExtension(VkPhysicalDevice physical, const char* name) {
    std::uint32_t count = 0;
    VK_CHECK(vkEnumerateDeviceExtensionProperties(physical, nullptr, &count, nullptr));
    std::vector<VkExtensionProperties> available(count);
    VK_CHECK(vkEnumerateDeviceExtensionProperties(physical, nullptr, &count, available.data()));
    for (std::uint32_t i = 0; i < count; ++i)
        if (std::strcmp(available[i].extensionName, name) == 0) return true;
    return false;
}

Device createDevice(const PhysicalDeviceInfo& physical, const std::vector<std::string>& extensions) {
    std::vector<const char*> names;
    for (const std::string& e : extensions) {
        if (!hasDeviceExtension(physical.handle, e.c_str())) {
            throw Error("<vulkan>", Error::kNoOffset, "",
                        std::string(physical.properties.deviceName) + " has no " + e);
        }
        names.push_back(e.c_str());
    }
    const float priority = 1.0f;
    auto queueInfo = vkInit<VkDeviceQueueCreateInfo>(VK_STRUCTURE_TYPE_DEVICE_QUEUE_CREATE_INFO);
    queueInfo.queueFamilyIndex = physical.queueFamily;
    queueInfo.queueCount = 1;
    queueInfo.pQueuePriorities = &priority;

    auto features13 =
        vkInit<VkPhysicalDeviceVulkan13Features>(VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_3_FEATURES);
    features13.dynamicRendering = VK_TRUE;
    features13.synchronization2 = VK_TRUE;
    features13.maintenance4 = VK_TRUE;
    auto features = vkInit<VkPhysicalDeviceFeatures2>(VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_FEATURES_2);
    features.pNext = &features13;
    // Optional: the scene renderer's multi-draw path (renderer/glide/glide_renderer.h) where both exist.
    VkPhysicalDeviceFeatures supported{};
    vkGetPhysicalDeviceFeatures(physical.handle, &supported);
    const bool multiDraw = supported.multiDrawIndirect && supported.drawIndirectFirstInstance;
    features.features.multiDrawIndirect = multiDraw ? VK_TRUE : VK_FALSE;
    features.features.drawIndirectFirstInstance = multiDraw ? VK_TRUE : VK_FALSE;

    auto info = vkInit<VkDeviceCreateInfo>(VK_STRUCTURE_TYPE_DEVICE_CREATE_INFO);
    info.pNext = &features;
    info.queueCreateInfoCount = 1;
    info.pQueueCreateInfos = &queueInfo;
    info.enabledExtensionCount = static_cast<std::uint32_t>(names.size());
    info.ppEnabledExtensionNames = names.empty() ? nullptr : names.data();

    Device device;
    device.physical = physical.handle;
    device.queueFamily = physical.queueFamily;
    if (const auto families = queueFamilies(physical.handle); physical.queueFamily < families.size())
        device.timestampValidBits = families[physical.queueFamily].timestampValidBits;
    device.multiDrawIndirect = multiDraw;
    device.properties = physical.properties;
    device.driver = physical.driver;
    vkGetPhysicalDeviceMemoryProperties(physical.handle, &device.memory);
    VkDevice handle = VK_NULL_HANDLE;
    VK_CHECK(vkCreateDevice(physical.handle, &info, nullptr, &handle));
    device.device = Unique<VkDevice>(handle);
    volkLoadDevice(handle);
    vkGetDeviceQueue(device.device, device.queueFamily, 0, &device.queue);
    return device;
}

void destroyDevice(Device& device) {
    device.device.reset();
    device.queue = VK_NULL_HANDLE;
}

} // namespace rgx::renderer
