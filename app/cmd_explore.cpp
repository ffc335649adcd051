#include "app/commands.h"

#include <iostream>

namespace rgx::app {

// Placeholder until the Vulkan scene renderer lands.
int runExplore(const ExploreOptions&) {
    std::cerr << "rgx explore: not implemented yet in this build\n";
    return 2;
}

} // namespace rgx::app
