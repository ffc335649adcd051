#include "sim/script_world.h"

#include "scene/redguard/terrain.h"
#include "scene/transforms.h"

#include <algorithm>
#include <cmath>
#include <utility>

namespace rgx::sim {

namespace {

// Where an object's Flat* functions act: the MPSF flat nearest to it within this many units
// (rgx's reading, docs/scripts.md: the game's link between an object and its flat is not known).
constexpr double kFlatReach = 256;
// The tracked vertices of a held item (docs/animation.md): the hand grip and the scabbard.
constexpr std::uint32_t kHandVertex = 1, kScabbardVertex = 10;
// How close to the terrain an object must start to count as standing on it (engine units).
constexpr double kOnGround = 24;

Mat4 engineTransform(const Vec3& position, const std::array<double, 3>& angles) {
    using rgx::operator*;
    const Mat3 r = scene::rotationY(angles[1] * 3.14159265358979323846 / 1024.0) *
                   scene::rotationX(angles[0] * 3.14159265358979323846 / 1024.0) *
                   scene::rotationZ(angles[2] * 3.14159265358979323846 / 1024.0);
    return Mat4::fromRotation(scene::engineRotationToScene(r), scene::engineToScene(position));
}

// A deterministic 0..1 flicker value for (instance, step).
double flicker(std::size_t instance, std::uint64_t step) {
    std::uint64_t x =
        (static_cast<std::uint64_t>(instance) + 1) * 0x9E3779B97F4A7C15ull ^ (step * 0xBF58476D1CE4E5B9ull);
    x ^= x >> 31;
    x *= 0x94D049BB133111EBull;
    x ^= x >> 29;
    return static_cast<double>(x >> 11) / 9007199254740992.0;
}

// The terrain's height (scene y) under scene (x, z), bilinear between the grid's vertices; none
// off the grid or without terrain.
std::optional<double> groundAt(const scene::Scene& scene, double x, double z) {
    if (!scene.terrain || scene.terrain->height.empty()) return std::nullopt;
    const double extent = (scene::TerrainGrid::kSize - 1) * scene::TerrainGrid::kCell;
    if (!(x >= 0 && z >= 0 && x <= extent && z <= extent)) return std::nullopt;
    return scene::terrainHeightAt(scene.terrain->height, x, z);
}

int nearestFlat(const scene::Scene& scene, const Vec3& at) {
    int best = -1;
    double bestD = kFlatReach * kFlatReach;
    for (std::size_t n = 0; n < scene.nodes.size(); ++n) {
        if (scene.nodes[n].kind != scene::NodeKind::Flat) continue;
        const Vec3 d = scene.nodes[n].world.translationPart() - at;
        const double d2 = dot(d, d);
        if (d2 < bestD) {
            bestD = d2;
            best = static_cast<int>(n);
        }
    }
    return best;
}

int sceneTexture(const scene::Scene& scene, std::int32_t textureId, std::int32_t imageId) {
    for (std::size_t t = 0; t < scene.textures.size(); ++t) {
        if (scene.textures[t].textureId == textureId && scene.textures[t].imageId == imageId)
            return static_cast<int>(t);
    }
    return -1;
}

} // namespace

std::shared_ptr<const ScriptProgram> sceneScriptProgram(const scene::Scene& scene,
                                                        const ScriptConfig& config) {
    std::vector<ScriptInstanceInfo> instances;
    instances.reserve(scene.redguard.scriptObjects.size());
    for (const scene::ScriptObject& o : scene.redguard.scriptObjects) {
        ScriptInstanceInfo info;
        info.script = o.script;
        info.mpob = o.mpob;
        info.name = o.name;
        info.position = o.enginePosition;
        info.angles = o.angles;
        instances.push_back(std::move(info));
    }
    const std::uint64_t seed = scene.redguard.world ? scriptSeed(scene.redguard.world->id) : 1;
    // The groups' lengths, from the actors' animations (PushAnimation waits for its group).
    std::vector<GroupFrames> groupFrames(scene.redguard.scripts.size());
    for (std::size_t a = 0; a < scene.redguard.scripts.size(); ++a) {
        for (const scene::ActorAnimation& anim : scene.redguard.animations) {
            if (anim.script == scene.redguard.scripts[a].name) groupFrames[a] = ragrGroupFrames(anim.groups);
        }
    }
    return makeScriptProgram(scene.redguard.scripts, std::move(instances),
                             scene.redguard.soupDef ? &*scene.redguard.soupDef : nullptr, seed,
                             scene.redguard.mapPath, std::move(groupFrames), config,
                             scriptAudio(scene.redguard.sfx.get(), scene.redguard.rtx.get()));
}

namespace {

ScriptConfig atRate(ScriptConfig config, double rate) {
    config.ticksPerSecond = rate;
    return config;
}

} // namespace

ScriptWorld::ScriptWorld(const scene::Scene& scene, double ticksPerSecond, ScriptConfig config)
    : scene_(&scene), rate_(playableTickRate(ticksPerSecond)),
      vm_(sceneScriptProgram(scene, atRate(config, playableTickRate(ticksPerSecond)))) {
    snapshots_.emplace(0, vm_);
}

void ScriptWorld::snapshot() {
    const std::uint64_t t = vm_.ticks();
    if (t % kScriptSnapshotTicks != 0 || snapshots_.count(t)) return;
    if (snapshots_.size() >= kScriptSnapshotsMax) snapshots_.erase(std::prev(snapshots_.end()));
    snapshots_.emplace(t, vm_);
}

void ScriptWorld::applyActivations(ScriptVm& vm) const {
    const auto [from, to] = activations_.equal_range(vm.ticks());
    for (auto it = from; it != to; ++it)
        vm.activate(it->second);
}

void ScriptWorld::step(const ScriptPlayer& player, ScriptTrace* trace) {
    applyActivations(vm_);
    vm_.tick(player, trace);
    // Bounded: a caller that never takes them keeps the last minute's worth at most.
    constexpr std::size_t kPendingMax = 4096;
    if (pendingSounds_.size() + vm_.soundEvents().size() > kPendingMax) pendingSounds_.clear();
    pendingSounds_.insert(pendingSounds_.end(), vm_.soundEvents().begin(), vm_.soundEvents().end());
    snapshot();
}

std::vector<ScriptSoundEvent> ScriptWorld::takeSoundEvents() {
    return std::exchange(pendingSounds_, {});
}

void ScriptWorld::tryTick(const ScriptPlayer& player, ScriptTrace& trace) const {
    ScriptVm probe = vm_;
    applyActivations(probe);
    probe.tick(player, &trace);
}

ActivateResult ScriptWorld::activate(std::size_t instance) {
    // What it will do: the same call on the VM as it will stand before the next tick (with the
    // activations already made at this tick).
    ScriptVm probe = vm_;
    applyActivations(probe);
    const ActivateResult r = probe.activate(instance);
    activations_.emplace(vm_.ticks(), instance);
    // Snapshots after this tick were taken without it.
    snapshots_.erase(snapshots_.upper_bound(vm_.ticks()), snapshots_.end());
    return r;
}

void ScriptWorld::setTime(double seconds, const ScriptPlayer& player) {
    const double ticks = std::floor(std::max(0.0, seconds) * rate_);
    const std::uint64_t target = static_cast<std::uint64_t>(std::min(ticks, 1e9));
    if (target < vm_.ticks()) {
        auto it = snapshots_.upper_bound(target);
        --it; // tick 0 is always there
        vm_ = it->second;
    }
    while (vm_.ticks() < target)
        step(player);
    pendingSounds_.clear();
    carry_ = 0;
}

std::uint64_t ScriptWorld::dueTicks(double dt) {
    // NaN and negative steps are none; an hour at most (a stalled frame must not hang the loop).
    carry_ += (dt > 0 ? std::min(dt, 3600.0) : 0.0) * rate_;
    const double whole = std::floor(carry_);
    carry_ -= whole;
    return static_cast<std::uint64_t>(whole);
}

void ScriptWorld::update(double dt, const ScriptPlayer& player) {
    for (std::uint64_t n = dueTicks(dt); n > 0; --n)
        step(player);
}

void ScriptWorld::apply(WorldState& out, SceneAnimation* animation) const {
    const scene::Scene& scene = *scene_;
    const ScriptProgram& program = vm_.program();
    // The groups scripts asked for, into the animation before its poses are copied.
    if (animation) {
        for (std::size_t k = 0; k < scene.redguard.scriptObjects.size() && k < vm_.instanceCount(); ++k) {
            const ScriptObjectState& o = vm_.instance(k).object;
            const int node = scene.redguard.scriptObjects[k].node;
            const int actor = scene.nodes[static_cast<std::size_t>(node)].actor;
            if (actor >= 0 && o.animSerial > 0)
                animation->setScriptGroup(static_cast<std::size_t>(actor),
                                          static_cast<std::int64_t>(o.animTick), o.animGroup, o.animCommand);
        }
        out = animation->state();
    } else {
        out = restState(scene);
    }
    out.objectLights.clear();
    // Where each object stands: a transform override once the scripts moved or turned it.
    const std::size_t count = std::min(scene.redguard.scriptObjects.size(), vm_.instanceCount());
    std::vector<Mat4> placed(count);
    std::vector<bool> moved(count, false);
    for (std::size_t k = 0; k < count; ++k) {
        const ScriptObjectState& o = vm_.instance(k).object;
        const std::size_t n = static_cast<std::size_t>(scene.redguard.scriptObjects[k].node);
        const ScriptInstanceInfo& start = program.instances[k];
        placed[k] = scene.nodes[n].world;
        moved[k] = !(o.position == start.position) || o.angles[0] != start.angles[0] ||
                   o.angles[1] != start.angles[1] || o.angles[2] != start.angles[2];
        if (!moved[k]) continue;
        placed[k] = engineTransform(o.position, o.angles);
        // A walker that started on the terrain keeps its feet on it (rgx's reading: the engine's
        // walkers follow the ground; the scripts give only x and z). One that started on
        // something else (a dock, a floor) keeps its height.
        if (o.grounded) {
            const Vec3 startAt = scene.nodes[n].world.translationPart();
            const auto startGround = groundAt(scene, startAt.x, startAt.z);
            const auto y = groundAt(scene, placed[k].m[0][3], placed[k].m[2][3]);
            if (startGround && y && std::abs(*startGround - startAt.y) < kOnGround) placed[k].m[1][3] = *y;
        }
    }
    // Slaves follow their master (the RAAT slave attribute names a master attribute's value): they
    // move as if parented to it, the master's motion since its start applied to their own place.
    for (std::size_t k = 0; k < count; ++k) {
        const std::uint8_t master = vm_.instance(k).attributes[program.slaveSlot];
        if (!master) continue;
        for (std::size_t m = 0; m < count; ++m) {
            if (m == k || vm_.instance(m).attributes[program.masterSlot] != master || !moved[m]) continue;
            const Mat4& masterStart =
                scene.nodes[static_cast<std::size_t>(scene.redguard.scriptObjects[m].node)].world;
            placed[k] = placed[m] * affineInverse(masterStart) * placed[k];
            moved[k] = true;
            break;
        }
    }
    for (std::size_t k = 0; k < count; ++k) {
        const scene::ScriptObject& so = scene.redguard.scriptObjects[k];
        const ScriptObjectState& o = vm_.instance(k).object;
        const std::size_t n = static_cast<std::size_t>(so.node);
        const scene::SceneNode& node = scene.nodes[n];
        NodeState& ns = out.nodes[n];
        const int actorIndex = node.actor;
        const int itemNode =
            actorIndex >= 0 ? scene.redguard.actors[static_cast<std::size_t>(actorIndex)].itemNode : -1;
        const Mat4& world = placed[k];
        if (moved[k]) {
            ns.world = world;
            ns.moved = true;
            if (itemNode >= 0) {
                out.nodes[static_cast<std::size_t>(itemNode)].world = world;
                out.nodes[static_cast<std::size_t>(itemNode)].moved = true;
            }
        }
        const bool gone = o.hidden || o.disabled || o.killed || !o.staticLoaded;
        if (gone) {
            ns.hidden = true;
            if (itemNode >= 0) out.nodes[static_cast<std::size_t>(itemNode)].hidden = true;
        }
        // Held item: once a script handled it, the script's state decides what is shown and where.
        if (itemNode >= 0 && !gone && (o.handItem != 0 || o.handShown || o.swordDrawn)) {
            const scene::ActorAnimation& anim = scene.redguard.animations[static_cast<std::size_t>(
                scene.redguard.actors[static_cast<std::size_t>(actorIndex)].animation)];
            NodeState& item = out.nodes[static_cast<std::size_t>(itemNode)];
            const bool drawn = o.swordDrawn;
            const int bodyMesh = ns.mesh >= 0 ? ns.mesh : node.mesh;
            const std::uint32_t frame = ns.mesh >= 0 ? ns.frame : 0;
            std::optional<Vec3> at;
            if (bodyMesh >= 0)
                at = scene::modelVertexPosition(scene.meshes[static_cast<std::size_t>(bodyMesh)], frame,
                                                drawn ? kHandVertex : kScabbardVertex);
            if (at) {
                item.hidden = false;
                item.animated = true;
                item.mesh = drawn || anim.sheathedMesh < 0 ? anim.itemMesh : anim.sheathedMesh;
                // The item handed by HandItem, from ITEM.INI where the scene has its models.
                if (const auto it = scene.redguard.items.find(o.handItem); it != scene.redguard.items.end()) {
                    const int hand = it->second.hand >= 0 ? it->second.hand : it->second.hilt;
                    item.mesh = drawn || it->second.hilt < 0 ? hand : it->second.hilt;
                }
                if (item.mesh < 0) item.mesh = -1; // the node's own
                item.local = ns.local * Mat4::translation(*at);
            }
        }
        // The object's own light.
        if (o.light && !gone && o.lightRadius > 0) {
            ObjectLight l;
            l.node = static_cast<std::uint32_t>(n);
            l.position = world.translationPart();
            double intensity = std::clamp(o.lightIntensity / 255.0, 0.0, 1.0);
            if (o.flickerAmount > 0) {
                const std::uint64_t stepNo =
                    vm_.ticks() / static_cast<std::uint64_t>(std::max(1, o.flickerSpeed));
                intensity *= 1.0 - o.flickerAmount * flicker(k, stepNo);
            }
            l.intensity = static_cast<float>(intensity);
            l.radius = static_cast<float>(o.lightRadius);
            out.objectLights.push_back(l);
        }
        // Its flat: the nearest MPSF flat.
        if (o.flat || o.flatTexture >= 0) {
            const int flat = nearestFlat(scene, world.translationPart());
            if (flat >= 0) {
                FlatState& fs = out.flats[static_cast<std::size_t>(flat)];
                if (o.flatTexture >= 0) fs.texture = sceneTexture(scene, o.flatTexture, o.flatFrame);
                fs.frame = o.flatAnimate ? std::nullopt : std::optional<std::uint32_t>(0);
                if (!o.flat) out.nodes[static_cast<std::size_t>(flat)].hidden = true;
            }
        }
    }
    // Sounds and the line said, at their objects' nodes.
    const auto nodeOf = [&](std::size_t instance) {
        return instance < count ? scene.redguard.scriptObjects[instance].node : -1;
    };
    const auto source = [&](const ScriptSound& s) {
        SoundSource src;
        src.id = s.id;
        src.node = nodeOf(s.instance);
        if (s.instance < count) src.position = placed[s.instance].translationPart();
        src.effect = s.effect;
        src.volume = static_cast<float>(s.volume) / 127.0f;
        src.range = static_cast<float>(s.range);
        src.positional = s.kind != ScriptSoundKind::Flat;
        src.loop = s.loop;
        src.startTick = s.startTick;
        return src;
    };
    out.sounds.clear();
    for (const ScriptSound& s : vm_.sounds())
        out.sounds.push_back(source(s));
    out.soundEvents.clear();
    for (const ScriptSoundEvent& e : vm_.soundEvents())
        out.soundEvents.push_back(
            {e.kind == ScriptSoundEvent::Start ? SoundEvent::Kind::Start : SoundEvent::Kind::Stop, e.tick,
             source(e.sound)});
    out.subtitle.reset();
    if (const auto& line = vm_.subtitle()) {
        Subtitle sub;
        sub.tag = line->tag;
        sub.text = line->text;
        sub.node = line->speaker >= 0 ? nodeOf(static_cast<std::size_t>(line->speaker)) : -1;
        sub.voice = line->voice;
        sub.ambient = line->ambient;
        sub.startTick = line->startTick;
        sub.endTick = line->endTick;
        out.subtitle = std::move(sub);
    }
}

} // namespace rgx::sim
