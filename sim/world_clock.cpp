#include "sim/world_clock.h"

#include "scene/transforms.h"

namespace rgx::sim {

ScriptPlayer scriptPlayer(const Vec3& camera) {
    return {scene::engineToScene(camera)}; // the conversion is its own inverse: (x, -y, z)
}

WorldClock::WorldClock(const scene::Scene& scene, const AnimationSettings& settings, bool scripts,
                       const ScriptConfig& config)
    : animation_(scene, settings) {
    if (scripts && !scene.redguard.scriptObjects.empty())
        scripts_ = std::make_unique<ScriptWorld>(scene, settings.ticksPerSecond, config);
}

const WorldState& WorldClock::at(double seconds, const ScriptPlayer& player) {
    animation_.setTime(seconds);
    scriptsShown_ = scripts_ != nullptr;
    if (!scripts_) return animation_.state();
    scripts_->setTime(seconds, player);
    scripts_->apply(scripted_, &animation_);
    return scripted_;
}

void WorldClock::advance(double dt, const ScriptPlayer& player, bool scriptsOn, const ScriptTicks& ticks) {
    animation_.update(dt);
    if (!scripts_ || !scriptsOn) return dropScriptGroups();
    if (ticks)
        ticks(*scripts_, dt);
    else
        scripts_->update(dt, player);
    scripts_->apply(scripted_, &animation_);
    scriptsShown_ = true;
}

// An ask for tick -1 is never reached: the actors play what they played before the scripts.
void WorldClock::dropScriptGroups() {
    if (scriptsShown_)
        for (std::size_t i = 0; i < animation_.actorCount(); ++i)
            animation_.setScriptGroup(i, -1, -1);
    scriptsShown_ = false;
}

} // namespace rgx::sim
