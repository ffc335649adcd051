#include "renderer/vk/vk_check.h"

#include <string>

namespace rgx::renderer {

std::string resultName(VkResult result) {
    switch (result) {
#define RGX_RESULT(name)                                                                                     \
    case name:                                                                                               \
        return #name;
        RGX_RESULT(VK_SUCCESS)
        RGX_RESULT(VK_NOT_READY)
        RGX_RESULT(VK_TIMEOUT)
        RGX_RESULT(VK_EVENT_SET)
        RGX_RESULT(VK_EVENT_RESET)
        RGX_RESULT(VK_INCOMPLETE)
        RGX_RESULT(VK_ERROR_OUT_OF_HOST_MEMORY)
        RGX_RESULT(VK_ERROR_OUT_OF_DEVICE_MEMORY)
        RGX_RESULT(VK_ERROR_INITIALIZATION_FAILED)
        RGX_RESULT(VK_ERROR_DEVICE_LOST)
        RGX_RESULT(VK_ERROR_MEMORY_MAP_FAILED)
        RGX_RESULT(VK_ERROR_LAYER_NOT_PRESENT)
        RGX_RESULT(VK_ERROR_EXTENSION_NOT_PRESENT)
        RGX_RESULT(VK_ERROR_FEATURE_NOT_PRESENT)
        RGX_RESULT(VK_ERROR_INCOMPATIBLE_DRIVER)
        RGX_RESULT(VK_ERROR_TOO_MANY_OBJECTS)
        RGX_RESULT(VK_ERROR_FORMAT_NOT_SUPPORTED)
        RGX_RESULT(VK_ERROR_FRAGMENTED_POOL)
        RGX_RESULT(VK_ERROR_UNKNOWN)
        RGX_RESULT(VK_ERROR_OUT_OF_POOL_MEMORY)
        RGX_RESULT(VK_ERROR_INVALID_EXTERNAL_HANDLE)
        RGX_RESULT(VK_ERROR_FRAGMENTATION)
        RGX_RESULT(VK_ERROR_INVALID_OPAQUE_CAPTURE_ADDRESS)
        RGX_RESULT(VK_PIPELINE_COMPILE_REQUIRED)
        RGX_RESULT(VK_ERROR_SURFACE_LOST_KHR)
        RGX_RESULT(VK_ERROR_NATIVE_WINDOW_IN_USE_KHR)
        RGX_RESULT(VK_SUBOPTIMAL_KHR)
        RGX_RESULT(VK_ERROR_OUT_OF_DATE_KHR)
        RGX_RESULT(VK_ERROR_INCOMPATIBLE_DISPLAY_KHR)
        RGX_RESULT(VK_ERROR_VALIDATION_FAILED_EXT)
        RGX_RESULT(VK_ERROR_INVALID_SHADER_NV)
#undef RGX_RESULT
    default:
        break;
    }
    return "VkResult(" + std::to_string(static_cast<int>(result)) + ")";
}

VulkanError::VulkanError(VkResult result, const char* call, const char* file, int line)
    : Error(std::string(file) + ":" + std::to_string(line), Error::kNoOffset, call, resultName(result)),
      result_(result) {}

} // namespace rgx::renderer
