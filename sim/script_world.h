#pragma once
// A world's scripts over time, and what they mean for drawing: the SOUP VM (sim/soup_vm.h) for
// every Scene::redguard.scriptObjects entry, stepped at the game tick, turned into the per-frame
// WorldState every look and the export draw (docs/scripts.md "What scripts drive").
//
// Deterministic: setTime(t) gives the state after floor(t x rate) ticks whatever came before
// (snapshots every kScriptSnapshotTicks make going back cheap). The stand-in player and the
// activations (activate()) are part of the input: a run with a different player path, or other
// activations, is a different run; an activation is replayed whenever the run passes its tick.

#include "scene/scene_graph.h"
#include "sim/scene_animation.h"
#include "sim/soup_vm.h"
#include "sim/world_state.h"

#include <cstdint>
#include <map>
#include <memory>
#include <vector>

namespace rgx::sim {

inline constexpr std::uint64_t kScriptSnapshotTicks = 240; // 20 s at 12 ticks a second
inline constexpr std::size_t kScriptSnapshotsMax = 64;

// The scene's scripts as a program (makeScriptProgram): the scene's DEF or the game's table, the
// world's id as Rnd's seed, read as `config` says.
std::shared_ptr<const ScriptProgram> sceneScriptProgram(const scene::Scene& scene,
                                                        const ScriptConfig& config = {});

class ScriptWorld {
public:
    // config.ticksPerSecond is set to this world's rate.
    ScriptWorld(const scene::Scene& scene, double ticksPerSecond, ScriptConfig config = {});

    // The state at `seconds` (a replay from the nearest snapshot at or before it).
    void setTime(double seconds, const ScriptPlayer& player = {});
    // Moves on by dt (the explorer): whole ticks, the rest carried to the next call.
    void update(double dt, const ScriptPlayer& player = {});
    // The whole ticks dt brings, the rest carried to the next call, for a caller that runs them
    // itself with step (the explorer's debugger: each tick traced and checked for breakpoints).
    // update(dt) is step() dueTicks(dt) times.
    std::uint64_t dueTicks(double dt);
    // One tick now (the debugger's step), recording into trace when given. The activations made
    // at this tick are applied first.
    void step(const ScriptPlayer& player = {}, ScriptTrace* trace = nullptr);
    // The player's "use" on script object `instance` (ScriptVm::activate) before the next tick:
    // recorded with the tick, so every replay through it activates it again. Returns what it does.
    ActivateResult activate(std::size_t instance);
    // The next tick tried on a copy of the VM, the activations due applied as step() applies them:
    // what it would trace, without running it (the debugger's breakpoints).
    void tryTick(const ScriptPlayer& player, ScriptTrace& trace) const;
    // The sound starts and stops of every tick stepped since the last call (a frame may run
    // several ticks), oldest first; setTime() jumps leave none (a listener resyncs from
    // WorldState::sounds). The explorer's audio reads this.
    std::vector<ScriptSoundEvent> takeSoundEvents();
    // The activations made, as (tick, instance), in order.
    const std::multimap<std::uint64_t, std::size_t>& activations() const { return activations_; }

    // The world state at the VM's tick: `animation`'s (null: the scene at rest) after it was told
    // the groups the scripts asked for (SceneAnimation::setScriptGroup), with what the scripts
    // show written over it: objects hidden or moved, held items, lights, flats. Set `animation`
    // to the same time first.
    void apply(WorldState& out, SceneAnimation* animation) const;

    const ScriptVm& vm() const { return vm_; }
    ScriptVm& vm() { return vm_; }
    const scene::Scene& scene() const { return *scene_; }
    double ticksPerSecond() const { return rate_; }
    double seconds() const { return static_cast<double>(vm_.ticks()) / rate_; }

private:
    void snapshot();
    void applyActivations(ScriptVm& vm) const; // those made at vm's tick, as step() applies them
    const scene::Scene* scene_;
    double rate_;
    double carry_ = 0;
    ScriptVm vm_;
    std::map<std::uint64_t, ScriptVm> snapshots_;
    std::multimap<std::uint64_t, std::size_t> activations_;
    std::vector<ScriptSoundEvent> pendingSounds_;
};

} // namespace rgx::sim
