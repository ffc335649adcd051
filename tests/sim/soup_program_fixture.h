#pragma once
// Hand-assembled SOUP programs for the VM tests: actors from listing text (thread 0 at a label),
// placed as instances, run tick by tick with a trace of one instance.

#include "loaders/redguard/soup_asm.h"
#include "sim/soup_vm.h"

#include <string>
#include <vector>

namespace soup_program {

// An actor running `text`; thread 0 at label `start` when given (thread 1 then exists at 0).
inline rgx::loaders::SoupActorScript actor(const std::string& name, const std::string& text,
                                           const std::string& start = "", std::size_t variables = 8) {
    rgx::loaders::SoupActorScript s;
    s.name = name;
    s.code = rgx::loaders::assembleSoup(text, &rgx::loaders::gameSoupDef(), name + ".soup");
    if (!start.empty()) {
        const std::size_t at = text.find(start + ":");
        s.scriptPc = static_cast<std::uint32_t>(rgx::loaders::assembleSoup(text.substr(0, at) + "\n",
                                                                           &rgx::loaders::gameSoupDef(),
                                                                           name + ".soup")
                                                    .size());
    }
    s.variables.assign(variables, 0);
    return s;
}

// An instance of actor `script` at `position` (engine units) facing `yaw`.
inline rgx::sim::ScriptInstanceInfo instance(const std::vector<rgx::loaders::SoupActorScript>& scripts,
                                             std::size_t script, rgx::Vec3 position = {}, int yaw = 0) {
    rgx::sim::ScriptInstanceInfo info;
    info.script = script;
    info.name = scripts[script].name;
    info.position = position;
    info.angles = {0, yaw, 0};
    return info;
}

// Every actor placed once, in order.
inline std::shared_ptr<const rgx::sim::ScriptProgram>
program(std::vector<rgx::loaders::SoupActorScript> scripts, const rgx::sim::ScriptConfig& config = {}) {
    std::vector<rgx::sim::ScriptInstanceInfo> in;
    for (std::size_t a = 0; a < scripts.size(); ++a)
        in.push_back(instance(scripts, a));
    return rgx::sim::makeScriptProgram(std::move(scripts), std::move(in), nullptr, 1, "t.rgm", {}, config);
}

// Runs ticks, recording instance `traced`'s threads each tick.
inline std::vector<std::vector<rgx::sim::ScriptThreadTick>>
run(rgx::sim::ScriptVm& vm, int ticks, std::size_t traced = 0, const rgx::sim::ScriptPlayer& player = {}) {
    std::vector<std::vector<rgx::sim::ScriptThreadTick>> out;
    rgx::sim::ScriptTrace trace;
    trace.instance = traced;
    for (int t = 0; t < ticks; ++t) {
        vm.tick(player, &trace);
        out.push_back(trace.threads);
    }
    return out;
}

// The offset of instruction `index` of script `script`.
inline std::uint32_t offsetOf(const rgx::sim::ScriptProgram& p, std::size_t index, std::size_t script = 0) {
    return p.code[script].instructions.at(index).offset;
}

} // namespace soup_program
