#pragma once
// Every actor of a scene playing its RAGR groups (one AnimPlayer each), and the ropes swinging
// (sim/rope_swing.h), and what that means for drawing: per scene node, which mesh and which resident 3DC
// frame to draw and where a held item sits. It fills the nodes of a sim::WorldState, which both
// looks and the export draw, so they show the same frame.

#include "scene/scene_graph.h"
#include "sim/anim_player.h"
#include "sim/world_state.h"

#include <cstdint>
#include <string>
#include <vector>

namespace rgx::sim {

struct AnimationSettings {
    double ticksPerSecond = kDefaultTicksPerSecond; // SYSTEM.INI normal_frame_rate
    bool interpolate =
        false; // blend towards the next tick's frame when it is the next frame of the same file
    OnEnd onEnd = OnEnd::Restart;
    bool takeFuture = false;
};

// The settings of a scene: its SYSTEM.INI tick rate, the rest defaults.
AnimationSettings animationSettings(const scene::Scene& scene);

// One actor's playback in the explorer: its own clock, paused or not, at a speed.
struct ActorClock {
    double seconds = 0;
    double speed = 1;
    bool paused = false;
};

class SceneAnimation {
public:
    explicit SceneAnimation(const scene::Scene& scene, AnimationSettings settings = {});
    // The players point into this object's clips: a copy would point into the original's.
    SceneAnimation(const SceneAnimation&) = delete;
    SceneAnimation& operator=(const SceneAnimation&) = delete;

    // Every actor at scene time `seconds` (its clock set to it): the same time gives the same
    // poses, whatever came before.
    void setTime(double seconds);
    // The explorer: every actor's clock moves by dt * speed unless paused.
    void update(double dt);
    // Runs one tick of actor i now (the explorer's "step"), with the current settings, its clock
    // moved to that tick.
    TickRecord stepActor(std::size_t i);
    // Plays group_index `group` of actor i from its first command; false when it has none.
    bool playGroup(std::size_t i, int group);
    // A script's ask (sim/script_world.h): actor i plays `group` from its command `command` from
    // tick `tick` on, in every replay too (a time before the ask shows what played before it). A
    // new ask for a tick already played replays the actor from tick 0.
    void setScriptGroup(std::size_t i, std::int64_t tick, int group, int command = 0);

    // The world state this animation fills: every node (actors, held items, rope links); its lights
    // and flats stay at rest.
    const WorldState& state() const { return state_; }
    std::size_t actorCount() const { return players_.size(); }
    const AnimPlayer& player(std::size_t i) const { return players_[i]; }
    AnimPlayer& player(std::size_t i) { return players_[i]; }
    ActorClock& clock(std::size_t i) { return clocks_[i]; }
    // The last ticks actor i ran (at most 64, newest last; a replay from tick 0 starts afresh).
    const std::vector<TickRecord>& recentTicks(std::size_t i) const { return recent_[i]; }
    // A problem an actor hit (a runaway loop): the actor is frozen and the text kept here.
    const std::string& problem(std::size_t i) const { return problems_[i]; }
    AnimationSettings& settings() { return settings_; }
    // The world position (scene frame) of actor i's origin, for following it with the camera.
    Vec3 actorPosition(std::size_t i) const;

private:
    void advance(std::size_t i, double seconds);
    void useSettings(std::size_t i);               // the shared settings into player i's options
    void remember(std::size_t i, TickRecord tick); // into the last kRecentTicks of actor i
    void pose(std::size_t i);
    void poseRopes(); // every rope link and end at ropeSeconds_ (sim/rope_swing.h)
    const scene::Scene* scene_;
    double ropeSeconds_ = 0;
    AnimationSettings settings_;
    std::vector<AnimClip> clips_; // per Scene::redguard.animations
    std::vector<AnimPlayer> players_;
    std::vector<ActorClock> clocks_;
    std::vector<std::vector<TickRecord>> recent_;
    std::vector<std::string> problems_;
    struct ScriptAsk {
        std::int64_t tick = -1;
        int group = -1;
        int command = 0;
    };
    std::vector<ScriptAsk> asks_;
    WorldState state_;
};

} // namespace rgx::sim
