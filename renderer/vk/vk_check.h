#pragma once
// VK_CHECK: every VkResult is checked in every build type (no assert-style macro that vanishes
// in Release). A failure throws VulkanError, an rgx::Error whose what() reads
// `renderer/vk/device.cpp:42: vkCreateDevice(...): VK_ERROR_INITIALIZATION_FAILED`.

#include "base/error.h"
#include "renderer/vk/vulkan.h"

namespace rgx::renderer {

class VulkanError : public Error {
public:
    VulkanError(VkResult result, const char* call, const char* file, int line);
    VkResult result() const { return result_; }

private:
    VkResult result_;
};

// "VK_ERROR_DEVICE_LOST", or "VkResult(-1000)" for a value this build does not know.
std::string resultName(VkResult result);

// Throws VulkanError unless result is VK_SUCCESS. Positive non-success codes (VK_INCOMPLETE,
// VK_TIMEOUT, VK_SUBOPTIMAL_KHR, ...) throw too: calls that expect them check explicitly.
inline void checkVk(VkResult result, const char* call, const char* file, int line) {
    if (result != VK_SUCCESS) throw VulkanError(result, call, file, line);
}

} // namespace rgx::renderer

#define VK_CHECK(call) ::rgx::renderer::checkVk((call), #call, __FILE__, __LINE__)
