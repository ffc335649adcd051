#pragma once
// The per-frame world state of a command that draws a scene at a time (render, compare, bench):
// every actor's animation at that time and, unless turned off, what the world's SOUP scripts show
// then (sim/script_world.h). One place, so every command draws the same state for a time.

#include "scene/scene_graph.h"
#include "sim/scene_animation.h"
#include "sim/script_world.h"

#include <memory>

namespace rgx::app {

class TimedWorld {
public:
    // scripts: run the scene's scripts (--scripts on), read as `config` says; off draws today's
    // static view.
    TimedWorld(const scene::Scene& scene, const sim::AnimationSettings& settings, bool scripts,
               const sim::ScriptConfig& config = {});

    // The state at `seconds`, the stand-in player at `camera` (scene frame).
    const sim::WorldState& at(double seconds, const Vec3& camera);
    const sim::ScriptWorld* scripts() const { return scripts_.get(); }

private:
    sim::SceneAnimation animation_;
    std::unique_ptr<sim::ScriptWorld> scripts_;
    sim::WorldState state_;
};

// The stand-in player of the scripts at a scene-frame camera position (engine units).
sim::ScriptPlayer scriptPlayer(const Vec3& camera);

} // namespace rgx::app
