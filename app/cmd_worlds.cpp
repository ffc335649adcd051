#include "app/commands.h"

#include <iostream>

namespace rgx::app {

// Placeholder until scene assembly lands.
int runWorlds(const WorldsOptions&) {
    std::cerr << "rgx worlds: not implemented yet in this build\n";
    return 2;
}

} // namespace rgx::app
