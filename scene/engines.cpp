// The engines rgx reads, in the order a game directory's worlds are listed: the one place an
// engine is registered (docs/architecture.md "Engines").
#include "scene/daggerfall/df_engine.h"
#include "scene/drakan/dk_engine.h"
#include "scene/engine.h"
#include "scene/redguard/redguard_engine.h"
#include "scene/systemshock/ss_engine.h"

namespace rgx::scene {

const std::vector<const Engine*>& engines() {
    static const std::vector<const Engine*> all{&redguardEngine(), &daggerfall::daggerfallEngine(),
                                                &systemshock::systemShockEngine(), &drakan::drakanEngine()};
    return all;
}

} // namespace rgx::scene
