#include "app/commands.h"

#include <iostream>

namespace rgx::app {

// Placeholder until the Vulkan scene renderer lands.
int runRender(const RenderOptions&) {
    std::cerr << "rgx render: not implemented yet in this build\n";
    return 2;
}

} // namespace rgx::app
