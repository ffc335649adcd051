#pragma once
// volk + VkInstance (Vulkan 1.3) with VK_EXT_debug_utils and, when asked, the Khronos validation
// layer. Validation is decided by resolveValidation(): an explicit option wins, then the
// environment variable RGX_VALIDATION=0/1, then the build type (on in Debug, off in Release).

#include "renderer/vk/debug_messenger.h"
#include "renderer/vk/handle.h"
#include "renderer/vk/vulkan.h"

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace rgx::renderer {

inline constexpr const char* kValidationLayer = "VK_LAYER_KHRONOS_validation";
inline constexpr std::uint32_t kRequiredApiVersion = VK_API_VERSION_1_3;

struct InstanceOptions {
    std::optional<bool> validation;         // unset: RGX_VALIDATION, else on in Debug builds
    bool synchronizationValidation = false; // also check barriers (slower; used by the tests)
    bool printMessages = true;              // print counted warnings and errors to stderr
    std::vector<std::string> extensions;    // extra instance extensions (e.g. from GLFW)
};

// Owns the instance and its messenger (destroyed messenger first); move-only.
struct Instance {
    Unique<VkInstance> instance;
    Unique<VkDebugUtilsMessengerEXT> messenger;
    std::uint32_t apiVersion = 0; // of the loader
    bool validation = false;
    bool debugUtils = false;                 // VK_EXT_debug_utils enabled (object names, messenger)
    std::unique_ptr<DebugMessages> messages; // always set; counts stay 0 without a messenger
};

// Whether validation is on for these options; throws rgx::Error for an RGX_VALIDATION value
// other than 0 or 1.
bool resolveValidation(const std::optional<bool>& requested);

// Loads the Vulkan loader with volk (once per process) and creates the instance. Throws
// rgx::Error when there is no Vulkan loader, the loader is older than 1.3, or validation is
// requested and VK_LAYER_KHRONOS_validation is not installed.
Instance createInstance(const InstanceOptions& options);
// Destroys the messenger and the instance now, keeping instance.messages, so the counts
// (including reports made while destroying) stay readable. Destroying the Instance does the same.
void destroyInstance(Instance& instance);

} // namespace rgx::renderer
