#pragma once
// The one clock of a loaded world: what every actor and the SOUP scripts show at a time, as the
// sim::WorldState both looks and the export draw. `rgx render --time`, `rgx compare`, `rgx bench`,
// `rgx export` and the explorer all read the world through it, so one time gives one state.
//
// Contract:
// - at(t, player) is absolute: the animation set to t, then the scripts replayed to t (ScriptWorld
//   is deterministic), then what they show written over the animation. The same t and player
//   give the same state whatever came before.
// - advance(dt, ...) is the explorer's: every actor's own clock moves by dt (speed, pause), and
//   the scripts, while on, move by the same dt. The scripts' ticks are floor(t x rate) of the
//   time summed, so frames that add up to t reach the tick at(t) reaches.
// - Scripts off (or a scene without scripted objects): the animation alone, the world as placed.
//   Turning them off drops the groups the scripts asked the actors for.
// - state() is what a frame draws: the scripted state while the scripts are shown, else the
//   animation's.
//
// The clock reads its scene every call: the scene must outlive it.

#include "scene/scene_graph.h"
#include "sim/scene_animation.h"
#include "sim/script_world.h"
#include "sim/world_state.h"

#include <functional>
#include <memory>

namespace rgx::sim {

// The stand-in player of the scripts at a scene-frame camera position (engine units).
ScriptPlayer scriptPlayer(const Vec3& camera);

class WorldClock {
public:
    // scripts: run the scene's scripts (--scripts on), read as `config` says; off, or a scene
    // without scripted objects, has none.
    WorldClock(const scene::Scene& scene, const AnimationSettings& settings, bool scripts,
               const ScriptConfig& config = {});
    // The animation and scripts point into the scene and into each other's actors.
    WorldClock(const WorldClock&) = delete;
    WorldClock& operator=(const WorldClock&) = delete;

    // The state at `seconds`, the stand-in player at `player`.
    const WorldState& at(double seconds, const ScriptPlayer& player);

    // Runs the scripts' due ticks for dt (the explorer's debugger runs them one by one, checking
    // breakpoints; without it ScriptWorld::update does).
    using ScriptTicks = std::function<void(ScriptWorld& scripts, double dt)>;
    // The explorer's frame: actors move by dt; the scripts too when `scriptsOn` (by `ticks`, or
    // ScriptWorld::update with `player` when empty), and their state is shown; off, dropped.
    void advance(double dt, const ScriptPlayer& player, bool scriptsOn, const ScriptTicks& ticks = {});

    // What the frame draws (see the contract).
    const WorldState& state() const { return scriptsShown_ ? scripted_ : animation_.state(); }
    bool scriptsShown() const { return scriptsShown_; }

    SceneAnimation& animation() { return animation_; }
    const SceneAnimation& animation() const { return animation_; }
    ScriptWorld* scripts() { return scripts_.get(); }
    const ScriptWorld* scripts() const { return scripts_.get(); }

private:
    void dropScriptGroups();
    SceneAnimation animation_;
    std::unique_ptr<ScriptWorld> scripts_; // destroyed before the animation it writes to
    WorldState scripted_;                  // the animation's state with what the scripts show
    bool scriptsShown_ = false;
};

} // namespace rgx::sim
