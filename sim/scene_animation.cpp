#include "sim/scene_animation.h"

#include "base/error.h"
#include "scene/model_mesh.h"
#include "scene/transforms.h"
#include "sim/rope_swing.h"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <optional>

namespace rgx::sim {

namespace {

constexpr std::size_t kRecentTicks = 64;

// Opcodes 6-9 (docs/animation.md): position offset (engine units) then rotation (2048-unit
// engine angles, the MPOB order Ry * Rx * Rz), both in the actor's own frame.
Mat4 overrideMatrix(const PoseOverride& o) {
    using rgx::operator*; // Mat3 is a std::array: no argument-dependent lookup
    Mat4 m;
    if (o.rotationSet) {
        const Mat3 r = scene::rotationY(scene::angleUnitsToRadians(o.rotation[1])) *
                       scene::rotationX(scene::angleUnitsToRadians(o.rotation[0])) *
                       scene::rotationZ(scene::angleUnitsToRadians(o.rotation[2]));
        m = Mat4::fromRotation(scene::engineRotationToScene(r));
    }
    if (o.positionSet) {
        m = Mat4::translation(
                scene::engineToScene({static_cast<double>(o.position[0]), static_cast<double>(o.position[1]),
                                      static_cast<double>(o.position[2])})) *
            m;
    }
    return m;
}

} // namespace

AnimationSettings animationSettings(const scene::Scene& scene) {
    AnimationSettings s;
    s.ticksPerSecond = gameTicksPerSecond(scene.redguard.environment.system.normalFrameRate);
    return s;
}

SceneAnimation::SceneAnimation(const scene::Scene& scene, AnimationSettings settings)
    : scene_(&scene), settings_(settings) {
    clips_.reserve(scene.redguard.animations.size());
    for (const scene::ActorAnimation& a : scene.redguard.animations) {
        AnimClip clip;
        clip.actor = a.script;
        for (const scene::ActorFile& f : a.files) {
            clip.entryFrames.push_back(f.frameCount);
            clip.entryPaths.push_back(f.path);
        }
        clip.groups = &a.groups;
        clip.slots = groupSlots(a.groups);
        clip.frameLimit = a.frameLimit;
        clip.frameStep = a.frameStep;
        clips_.push_back(std::move(clip));
    }
    PlayerOptions options;
    options.onEnd = settings_.onEnd;
    options.takeFuture = settings_.takeFuture;
    players_.reserve(scene.redguard.actors.size());
    for (const scene::SceneActor& a : scene.redguard.actors)
        players_.emplace_back(clips_[static_cast<std::size_t>(a.animation)], -1, options);
    clocks_.resize(players_.size());
    recent_.resize(players_.size());
    problems_.resize(players_.size());
    asks_.resize(players_.size());
    state_ = restState(scene);
    setTime(0);
}

void SceneAnimation::useSettings(std::size_t i) {
    players_[i].options().onEnd = settings_.onEnd;
    players_[i].options().takeFuture = settings_.takeFuture;
}

void SceneAnimation::remember(std::size_t i, TickRecord tick) {
    std::vector<TickRecord>& recent = recent_[i];
    if (recent.size() == kRecentTicks) recent.erase(recent.begin());
    recent.push_back(std::move(tick));
}

void SceneAnimation::advance(std::size_t i, double seconds) {
    clocks_[i].seconds = std::max(0.0, seconds);
    if (!problems_[i].empty()) return;
    AnimPlayer& p = players_[i];
    useSettings(i);
    const std::int64_t target = ticksAt(clocks_[i].seconds, playableTickRate(settings_.ticksPerSecond));
    if (target < p.ticksRun()) {
        p.reset();
        recent_[i].clear();
    }
    try {
        // Only the last kRecentTicks are kept, so a long jump steps without recording.
        while (p.ticksRun() < target) {
            if (asks_[i].tick == p.ticksRun()) p.play(asks_[i].group, asks_[i].command);
            if (target - p.ticksRun() > static_cast<std::int64_t>(kRecentTicks)) {
                p.step();
                continue;
            }
            remember(i, p.step());
        }
    } catch (const Error& e) {
        problems_[i] = e.what();
    }
}

void SceneAnimation::pose(std::size_t i) {
    const scene::Scene& scene = *scene_;
    const scene::SceneActor& actor = scene.redguard.actors[i];
    const scene::ActorAnimation& anim = scene.redguard.animations[static_cast<std::size_t>(actor.animation)];
    const AnimPlayer& p = players_[i];
    NodeState& body = state_.nodes[static_cast<std::size_t>(actor.node)];
    body = {};
    body.local = overrideMatrix(p.poseOverride());
    body.animated = true;
    body.moved = p.poseOverride().rotationSet || p.poseOverride().positionSet;
    const HandleRef ref = p.shown();
    int mesh = scene.nodes[static_cast<std::size_t>(actor.node)].mesh;
    if (ref.entry >= 0 && anim.files[static_cast<std::size_t>(ref.entry)].mesh >= 0) {
        mesh = anim.files[static_cast<std::size_t>(ref.entry)].mesh;
        const scene::Mesh& m = scene.meshes[static_cast<std::size_t>(mesh)];
        body.mesh = mesh;
        body.frame = std::min(static_cast<std::uint32_t>(ref.localFrame), m.frameCount - 1);
        body.nextFrame = body.frame;
        if (settings_.interpolate && problems_[i].empty()) {
            AnimPlayer next = p;
            try {
                next.step();
                const HandleRef n = next.shown();
                if (n.entry == ref.entry && n.localFrame == ref.localFrame + 1 &&
                    static_cast<std::uint32_t>(n.localFrame) < m.frameCount) {
                    // How far the clock is into the shown tick (the last one run): from the tick
                    // count, not floor(), which a clock set from a tick number may land below.
                    const double t = clocks_[i].seconds * playableTickRate(settings_.ticksPerSecond) -
                                     static_cast<double>(p.ticksRun() - 1);
                    body.nextFrame = static_cast<std::uint32_t>(n.localFrame);
                    body.blend = t > 0 && t < 1 ? static_cast<float>(t) : 0.0f;
                }
            } catch (const Error&) {
            }
        }
    }
    if (actor.itemNode < 0) return;
    NodeState& item = state_.nodes[static_cast<std::size_t>(actor.itemNode)];
    item = {};
    item.animated = true;
    item.hidden = true;
    item.moved = body.moved;
    // The last non-zero tracked vertex: > 0 drawn (the hand model at it), < 0 sheathed (the
    // sheathed model, when the actor has one, at vertex |v|: docs/animation.md).
    const int tracked = p.lastAttachVertex();
    if (tracked == 0 || mesh < 0) return;
    const scene::Mesh& m = scene.meshes[static_cast<std::size_t>(mesh)];
    const auto vertex = static_cast<std::uint32_t>(std::abs(tracked));
    const std::uint32_t frame = body.mesh >= 0 ? body.frame : 0;
    std::optional<Vec3> position = scene::modelVertexPosition(m, frame, vertex);
    if (!position) return;
    if (body.blend > 0) {
        if (const auto next = scene::modelVertexPosition(m, body.nextFrame, vertex))
            *position = *position + (*next - *position) * body.blend;
    }
    if (tracked < 0 && anim.sheathedMesh >= 0) item.mesh = anim.sheathedMesh;
    item.hidden = false;
    item.local = body.local * Mat4::translation(*position);
}

void SceneAnimation::setTime(double seconds) {
    for (std::size_t i = 0; i < players_.size(); ++i) {
        advance(i, seconds);
        pose(i);
    }
    ropeSeconds_ = seconds;
    poseRopes();
}

void SceneAnimation::update(double dt) {
    for (std::size_t i = 0; i < players_.size(); ++i) {
        if (!clocks_[i].paused) advance(i, clocks_[i].seconds + dt * clocks_[i].speed);
        pose(i);
    }
    ropeSeconds_ += dt;
    poseRopes();
}

void SceneAnimation::poseRopes() {
    const std::vector<scene::SceneNode>& nodes = scene_->nodes;
    for (std::size_t n = 0; n < nodes.size(); ++n) {
        const scene::SceneNode& node = nodes[n];
        if (node.kind != scene::NodeKind::RopeLink && node.kind != scene::NodeKind::RopeEnd) continue;
        if (node.parent < 0 || static_cast<std::size_t>(node.parent) >= nodes.size()) continue;
        const scene::SceneNode& rope = nodes[static_cast<std::size_t>(node.parent)];
        if (!rope.rope) continue;
        const double angle =
            ropeSwingAngle(*rope.rope, ropeSeconds_, playableTickRate(settings_.ticksPerSecond));
        NodeState& p = state_.nodes[n];
        p = NodeState{};
        if (angle == 0) continue;
        p.local = ropeSwingLocal(rope.world, node.world, angle);
        p.animated = true;
        p.moved = true; // off the sphere made at rest: never frustum-culled
    }
}

TickRecord SceneAnimation::stepActor(std::size_t i) {
    TickRecord rec;
    if (!problems_[i].empty()) return rec;
    useSettings(i);
    try {
        rec = players_[i].step();
        remember(i, rec);
    } catch (const Error& e) {
        problems_[i] = e.what();
    }
    // The clock follows, so that playing on continues from this tick.
    clocks_[i].seconds =
        static_cast<double>(players_[i].ticksRun() - 1) / playableTickRate(settings_.ticksPerSecond);
    pose(i);
    return rec;
}

bool SceneAnimation::playGroup(std::size_t i, int group) {
    problems_[i].clear();
    const bool ok = players_[i].play(group);
    pose(i);
    return ok;
}

void SceneAnimation::setScriptGroup(std::size_t i, std::int64_t tick, int group, int command) {
    if (i >= players_.size() ||
        (asks_[i].tick == tick && asks_[i].group == group && asks_[i].command == command))
        return;
    asks_[i] = {tick, group, command};
    if (tick < players_[i].ticksRun()) {
        players_[i].reset();
        recent_[i].clear();
        problems_[i].clear();
    }
    advance(i, clocks_[i].seconds);
    pose(i);
}

Vec3 SceneAnimation::actorPosition(std::size_t i) const {
    const scene::SceneActor& a = scene_->redguard.actors[i];
    const Mat4 world = scene_->nodes[static_cast<std::size_t>(a.node)].world *
                       state_.nodes[static_cast<std::size_t>(a.node)].local;
    return world.translationPart();
}

} // namespace rgx::sim
