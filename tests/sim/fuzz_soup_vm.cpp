// The SOUP VM on arbitrary bytecode (issue 31): the first byte picks thread 0's start (and the
// id-0 reading and time unit), the rest is one actor's script, run by three objects for 96 ticks
// with the game's DEF, the first activated every 16 ticks (its interrupt handler runs). Bad
// bytecode stops that actor's script with an event; nothing may crash, hang or throw.
#include "loaders/redguard/soup_def.h"
#include "sim/soup_vm.h"
#include "tests/fuzz/fuzz_target.h"

RGX_FUZZ_TARGET(soup_vm) {
    if (data.empty()) return;
    rgx::loaders::SoupActorScript s;
    s.name = "FUZZ";
    s.code.assign(data.begin() + 1, data.end());
    s.scriptPc = s.code.empty() ? 0 : data[0] % s.code.size();
    s.variables.assign(data[0] % 8, 3);
    s.strings = {"FUZZ", "OTHER"};
    s.locations = {{256, 0, 256}};
    s.attributes[29] = data[0] & 1; // sometimes a group, for SyncWithGroup
    s.attributes[26] = data[0] & 2; // sometimes a slave
    std::vector<rgx::sim::ScriptInstanceInfo> instances(3);
    for (std::size_t i = 0; i < instances.size(); ++i) {
        instances[i].name = i == 2 ? "OTHER" : "FUZZ";
        instances[i].position = {100.0 * static_cast<double>(i), 0, 0};
    }
    rgx::sim::ScriptConfig config;
    config.id0 = data[0] & 4 ? rgx::loaders::SoupId0Reading::None : rgx::loaders::SoupId0Reading::Auto;
    config.time = data[0] & 8 ? rgx::sim::ScriptTimeUnit::Tenths : rgx::sim::ScriptTimeUnit::Ticks;
    rgx::sim::ScriptVm vm(rgx::sim::makeScriptProgram({s}, instances, nullptr, 7, "fuzz.rgm", {}, config));
    for (int t = 0; t < 96; ++t) {
        if (t % 16 == 3) vm.activate(0);
        vm.tick({});
    }
    rgx::fuzz::require(vm.ticks() == 96, "the VM ran a different number of ticks");
}
