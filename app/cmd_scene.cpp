#include "app/commands.h"

#include <iostream>

namespace rgx::app {

// Placeholder until scene assembly lands.
int runScene(const SceneOptions&) {
    std::cerr << "rgx scene: not implemented yet in this build\n";
    return 2;
}

} // namespace rgx::app
