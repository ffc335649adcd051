// The engines rgx reads, in the order a game directory's worlds are listed: the one place an
// engine is registered (docs/architecture.md "Engines").
#include "scene/engine.h"
#include "scene/redguard_engine.h"

namespace rgx::scene {

const std::vector<const Engine*>& engines() {
    static const std::vector<const Engine*> all{&redguardEngine()};
    return all;
}

} // namespace rgx::scene
