#pragma once
// The one way the renderer includes Vulkan: through volk, whose function pointers are loaded at
// run time (VK_NO_PROTOTYPES is a public compile definition of rgx_renderer).
#include <volk.h>

namespace rgx::renderer {

// A zero-initialised Vulkan struct with its sType. (GCC's -Wmissing-field-initializers rejects
// the usual `VkFoo foo{VK_STRUCTURE_TYPE_FOO}`, designated or not.)
template <typename T> constexpr T vkInit(VkStructureType type) {
    T value{};
    value.sType = type;
    return value;
}

} // namespace rgx::renderer
