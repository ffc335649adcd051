#pragma once
// The native functions scripts call, by DEF name (docs/scripts.md has the table: units, meaning,
// evidence). Internal to the VM (sim/soup_vm.cpp).

#include "sim/soup_vm.h"

#include <cstdint>
#include <span>
#include <string_view>

namespace rgx::sim {

// What a native sees: the object it acts on (self: the caller, or the object of an ObjTask /
// ObjFunc), the call's kind, and the VM. start() makes a task of the given length that the
// calling thread waits on when the call is a Task (a Multitask or Function call never waits).
struct ScriptNativeContext {
    ScriptVm& vm;
    std::size_t self;
    std::size_t caller;
    loaders::SoupOp kind; // Task, Multitask or Function
    const ScriptPlayer& player;
    std::uint32_t startedTask = 0; // set by start()

    ScriptInstanceState& me();
    ScriptObjectState& object() { return me().object; }
    std::vector<std::int32_t>& flags();
    ScriptTask& start(int ticks);
    std::int32_t random(std::int32_t n); // 0 .. n-1 (0 for n <= 0), from the world's seed
    std::uint64_t tick() const;
    int native = -1;
};

using ScriptNativeFn = std::int32_t (*)(ScriptNativeContext&, std::span<const std::int32_t> args);
struct ScriptNative {
    std::string_view name; // lower case; matched case-insensitively against the DEF
    ScriptNativeFn fn;
};

std::span<const ScriptNative> scriptNatives();

// Moves a running task one tick (its object's position, angles); true when it is done.
bool advanceScriptTask(ScriptVm& vm, std::size_t instance, ScriptTask& task);

} // namespace rgx::sim
