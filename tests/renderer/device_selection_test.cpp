// Device choice: the preference order and the RGX_DEVICE-style name filter (pure logic), and
// what the shared context picked.

#include "renderer/vk/device.h"
#include "tests/renderer/vulkan_test_env.h"

#include <gtest/gtest.h>

#include <vector>

namespace rgx::renderer {
namespace {

TEST(DeviceSelection, PrefersDiscreteThenIntegratedThenVirtualThenCpu) {
    std::vector<DeviceCandidate> devices = {
        {"llvmpipe (LLVM 15.0.6, 256 bits)", VK_PHYSICAL_DEVICE_TYPE_CPU, true},
        {"Virtio GPU", VK_PHYSICAL_DEVICE_TYPE_VIRTUAL_GPU, true},
        {"Intel(R) UHD Graphics 630", VK_PHYSICAL_DEVICE_TYPE_INTEGRATED_GPU, true},
        {"NVIDIA GeForce RTX 3080", VK_PHYSICAL_DEVICE_TYPE_DISCRETE_GPU, true},
    };
    EXPECT_EQ(pickDevice(devices, ""), 3);
    devices.pop_back();
    EXPECT_EQ(pickDevice(devices, ""), 2);
    devices.pop_back();
    EXPECT_EQ(pickDevice(devices, ""), 1);
    devices.pop_back();
    EXPECT_EQ(pickDevice(devices, ""), 0); // a CPU device is accepted
    devices.pop_back();
    EXPECT_EQ(pickDevice(devices, ""), -1);
}

TEST(DeviceSelection, SkipsUnsuitableDevices) {
    const std::vector<DeviceCandidate> devices = {
        {"old discrete", VK_PHYSICAL_DEVICE_TYPE_DISCRETE_GPU, false},
        {"llvmpipe", VK_PHYSICAL_DEVICE_TYPE_CPU, true},
    };
    EXPECT_EQ(pickDevice(devices, ""), 1);
    EXPECT_EQ(pickDevice(devices, "old"), -1);
}

TEST(DeviceSelection, NameFilterIsACaseInsensitiveSubstring) {
    const std::vector<DeviceCandidate> devices = {
        {"NVIDIA GeForce RTX 3080", VK_PHYSICAL_DEVICE_TYPE_DISCRETE_GPU, true},
        {"llvmpipe (LLVM 15.0.6, 256 bits)", VK_PHYSICAL_DEVICE_TYPE_CPU, true},
    };
    EXPECT_EQ(pickDevice(devices, "LLVMpipe"), 1);
    EXPECT_EQ(pickDevice(devices, "rtx"), 0);
    EXPECT_EQ(pickDevice(devices, "radeon"), -1);
}

TEST(DeviceSelection, TieKeepsTheFirstEnumerated) {
    const std::vector<DeviceCandidate> devices = {
        {"gpu a", VK_PHYSICAL_DEVICE_TYPE_DISCRETE_GPU, true},
        {"gpu b", VK_PHYSICAL_DEVICE_TYPE_DISCRETE_GPU, true},
    };
    EXPECT_EQ(pickDevice(devices, ""), 0);
}

TEST(DeviceSelection, SharedContextHasAQueueAndVulkan13) {
    const auto& device = test::vulkan().device;
    EXPECT_NE(device.queue, VK_NULL_HANDLE);
    EXPECT_GE(device.properties.apiVersion, VK_API_VERSION_1_3);
    EXPECT_GT(device.memory.memoryTypeCount, 0u);
    EXPECT_STRNE(device.driver.driverName, "");
}

TEST(DeviceSelection, ListsEveryDeviceWithAReasonWhenUnsuitable) {
    const auto devices = listPhysicalDevices(test::vulkan().instance.instance);
    ASSERT_FALSE(devices.empty());
    bool chosenListed = false;
    for (const auto& d : devices) {
        if (d.handle == test::vulkan().device.physical) {
            chosenListed = true;
            EXPECT_EQ(d.unsuitable, "");
        }
    }
    EXPECT_TRUE(chosenListed);
}

} // namespace
} // namespace rgx::renderer
