#pragma once
// Physical device choice and the logical device: one queue family with graphics + compute,
// Vulkan 1.3 with dynamicRendering and synchronization2. CPU devices (lavapipe) are accepted;
// the preference is discrete > integrated > virtual > CPU, and RGX_DEVICE=<name substring>
// (or DeviceOptions::nameFilter) picks one by name.

#include "renderer/vk/handle.h"
#include "renderer/vk/vulkan.h"

#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace rgx::renderer {

struct DeviceOptions {
    std::string nameFilter;              // case-insensitive substring of the device name; empty: RGX_DEVICE
    std::vector<std::string> extensions; // device extensions to enable (a window adds VK_KHR_swapchain)
};

struct PhysicalDeviceInfo {
    VkPhysicalDevice handle = VK_NULL_HANDLE;
    VkPhysicalDeviceProperties properties{};
    VkPhysicalDeviceDriverProperties driver{};
    std::uint32_t queueFamily = ~0u; // graphics + compute; ~0u when there is none
    std::string unsuitable;          // why it cannot be used; empty when it can
};

// Owns the device (move-only); its queue goes with it.
struct Device {
    VkPhysicalDevice physical = VK_NULL_HANDLE;
    Unique<VkDevice> device;
    std::uint32_t queueFamily = 0;
    std::uint32_t timestampValidBits = 0; // of the queue's family; 0: no timestamp queries
    // multiDrawIndirect and drawIndirectFirstInstance, both on (where the device has both): one
    // indirect call can issue many draws, each with its own instance range.
    bool multiDrawIndirect = false;
    VkQueue queue = VK_NULL_HANDLE;
    VkPhysicalDeviceProperties properties{};
    VkPhysicalDeviceDriverProperties driver{};
    VkPhysicalDeviceMemoryProperties memory{};
};

// "discrete GPU", "integrated GPU", "virtual GPU", "CPU", "other".
const char* deviceTypeName(VkPhysicalDeviceType type);
// Higher is preferred: discrete 4, integrated 3, virtual 2, CPU 1, other 0.
int deviceTypeRank(VkPhysicalDeviceType type);

// What choosePhysicalDevice looks at, separated from Vulkan so the choice can be unit-tested.
struct DeviceCandidate {
    std::string name;
    VkPhysicalDeviceType type = VK_PHYSICAL_DEVICE_TYPE_OTHER;
    bool suitable = true;
};
// Index of the preferred suitable candidate (the first among equals), restricted to names
// containing filter (case-insensitive) when filter is not empty; -1 when none qualifies.
int pickDevice(std::span<const DeviceCandidate> candidates, std::string_view filter);

// Every physical device with its properties and, when it is unusable, why.
std::vector<PhysicalDeviceInfo> listPhysicalDevices(VkInstance instance);

// The device rgx uses; throws rgx::Error listing the devices when none is suitable or none
// matches the name filter.
PhysicalDeviceInfo choosePhysicalDevice(VkInstance instance, const DeviceOptions& options);

// Creates the device and loads its functions into volk (one device per process).
// One graphics + compute queue; Vulkan 1.3 dynamicRendering and synchronization2 (required), and
// the given extensions (an error names the first one the device lacks).
Device createDevice(const PhysicalDeviceInfo& physical, const std::vector<std::string>& extensions = {});
// Whether the device offers the extension.
bool hasDeviceExtension(VkPhysicalDevice physical, const char* name);
void destroyDevice(Device& device);

// The name filter in effect: options.nameFilter, else RGX_DEVICE, else "".
std::string deviceNameFilter(const DeviceOptions& options);

} // namespace rgx::renderer
