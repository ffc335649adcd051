#include "app/commands/timed_world.h"

#include "scene/transforms.h"

namespace rgx::app {

TimedWorld::TimedWorld(const scene::Scene& scene, const sim::AnimationSettings& settings, bool scripts,
                       const sim::ScriptConfig& config)
    : animation_(scene, settings) {
    if (scripts && !scene.scriptObjects.empty())
        scripts_ = std::make_unique<sim::ScriptWorld>(scene, settings.ticksPerSecond, config);
}

const sim::WorldState& TimedWorld::at(double seconds, const Vec3& camera) {
    animation_.setTime(seconds);
    if (!scripts_) return animation_.state();
    scripts_->setTime(seconds, scriptPlayer(camera));
    scripts_->apply(state_, &animation_);
    return state_;
}

sim::ScriptPlayer scriptPlayer(const Vec3& camera) {
    return {scene::engineToScene(camera)}; // the conversion is its own inverse: (x, -y, z)
}

} // namespace rgx::app
