#include "app/commands.h"

#include <iostream>

namespace rgx::app {

// Placeholder until the Vulkan base lands.
int runVkInfo(const VkInfoOptions&) {
    std::cerr << "rgx vkinfo: not implemented yet\n";
    return 2;
}

} // namespace rgx::app
