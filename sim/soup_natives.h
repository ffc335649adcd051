#pragma once
// The native functions scripts call, one per loaders::SoupNative (the one function table,
// loaders/redguard/soup_functions.h, says which function runs which). docs/scripts.md "Natives" gives
// each one's units, meaning and evidence. Internal to the VM (sim/soup_vm.cpp).

#include "sim/soup_vm.h"

#include <cstdint>
#include <span>

namespace rgx::sim {

// Script distances (MoveByAxis, MoveObjectAxis, Move amounts; PlayerDistance and the other
// distances) are in the fine unit, 1/256 of an MPOB position unit (the engine unit the VM moves
// objects in): docs/scripts.md "Units".
inline constexpr double kScriptFineUnit = 1.0 / 256.0;

// What a native sees: the object it acts on (self: the caller, or the object of an ObjTask /
// ObjFunc), the calling instance and thread, the call's kind, and the VM. start() makes a task of
// the given length that the calling thread waits on when the call is a Task (a Multitask or
// Function call never waits).
struct ScriptNativeContext {
    ScriptVm& vm;
    std::size_t self;
    std::size_t caller;
    int thread; // the calling thread (0 or 1)
    loaders::SoupCallKind kind;
    const ScriptPlayer& player;
    std::uint32_t startedTask = 0; // set by start()
    loaders::SoupNative native = loaders::SoupNative::None;

    ScriptInstanceState& me();
    ScriptObjectState& object() { return me().object; }
    std::vector<std::int32_t>& flags();
    std::vector<ScriptSound>& sounds();
    std::vector<ScriptSoundEvent>& soundEvents();
    std::optional<ScriptSubtitle>& subtitle();
    std::uint32_t nextSoundId();
    // An event (ScriptVm::events) for this instance; once a run where `once` names a flag.
    void note(const std::string& text, bool* once = nullptr);
    bool& noRtxNoted();
    ScriptTask& start(int ticks);
    std::int32_t random(std::int32_t n); // 0 .. n-1 (0 for n <= 0), from the world's seed
    std::uint64_t tick() const;
    const ScriptConfig& config() const { return vm.program().config; }
    // A script duration (in config().time's unit) as whole ticks.
    int ticks(std::int32_t duration) const;
};

// Runs ctx.native (not None) with `args`; returns the call's value.
std::int32_t runScriptNative(ScriptNativeContext& ctx, std::span<const std::int32_t> args);

// Moves a running task one tick (its object's position, angles); true when it is done.
bool advanceScriptTask(ScriptVm& vm, std::size_t instance, ScriptTask& task);

} // namespace rgx::sim
