#include "sim/soup_natives.h"

#include <algorithm>
#include <cmath>
#include <numbers>

namespace rgx::sim {

namespace {

// rgx's units (docs/scripts.md "Natives"): the reference gives names and parameter counts only.
constexpr double kWalkSpeed = 24;  // engine units a tick for Walk*/Move* by distance (~2.9 m/s)
constexpr double kTurnSpeed = 64;  // 2048 units a tick for Face* (a half turn in 16 ticks)
constexpr int kDialogueTicks = 36; // a stand-in line of dialogue: 3 s at 12 ticks a second
constexpr int kPushAnimationTicks = 12;
constexpr int kWaitAnimFrameLimit = 120;

enum Wait { kNoWait = 0, kWaitTasks = 1, kWaitGroup = 2, kWaitFrame = 3 };

std::int32_t arg(std::span<const std::int32_t> a, std::size_t i) {
    return i < a.size() ? a[i] : 0;
}

double yawRadians(double units) {
    return units * std::numbers::pi / 1024.0;
}

// Forward for a yaw: yaw 0 faces +z (south in the engine frame), turning towards +x.
Vec3 forward(double yawUnits) {
    return {std::sin(yawRadians(yawUnits)), 0, std::cos(yawRadians(yawUnits))};
}

double yawTowards(const Vec3& from, const Vec3& to) {
    return std::atan2(to.x - from.x, to.z - from.z) * 1024.0 / std::numbers::pi;
}

// The shortest signed turn from a to b, 2048 units a full turn.
double turnBetween(double a, double b) {
    double d = std::fmod(b - a, 2048.0);
    if (d > 1024) d -= 2048;
    if (d < -1024) d += 2048;
    return d;
}

double length(const Vec3& v) {
    return std::sqrt(dot(v, v));
}

// A move of `delta` spread over ticks (at least 1).
std::int32_t moveBy(ScriptNativeContext& c, const Vec3& delta, int ticks) {
    ticks = std::max(1, ticks);
    ScriptTask& t = c.start(ticks);
    t.step = delta * (1.0 / ticks);
    return 0;
}
std::int32_t moveAtSpeed(ScriptNativeContext& c, const Vec3& delta, double speed) {
    const double d = length(delta);
    return moveBy(c, delta, static_cast<int>(std::ceil(d / std::max(1.0, speed))));
}
std::int32_t turnBy(ScriptNativeContext& c, std::array<double, 3> delta, int ticks) {
    ticks = std::max(1, ticks);
    ScriptTask& t = c.start(ticks);
    for (std::size_t k = 0; k < 3; ++k)
        t.turn[k] = delta[k] / ticks;
    return 0;
}
std::int32_t faceYaw(ScriptNativeContext& c, double yaw) {
    const double d = turnBetween(c.object().angles[1], yaw);
    return turnBy(c, {0, d, 0}, static_cast<int>(std::ceil(std::abs(d) / kTurnSpeed)));
}

// A RALC location: the instance's start plus the record's offset (/256: the reference applies it
// to "pos x 256"). Nothing for an index the actor does not have.
std::optional<Vec3> location(ScriptNativeContext& c, std::int32_t index) {
    const ScriptProgram& p = c.vm.program();
    const auto& locs = p.scripts[p.instances[c.self].script].locations;
    if (index < 0 || static_cast<std::size_t>(index) >= locs.size()) return std::nullopt;
    const loaders::RgmRalc& l = locs[static_cast<std::size_t>(index)];
    return p.instances[c.self].position + Vec3{l.x / 256.0, l.y / 256.0, l.z / 256.0};
}

std::int32_t walk(ScriptNativeContext& c, std::span<const std::int32_t> a, double yawOffset, double sign) {
    c.object().grounded = true;
    const Vec3 dir = forward(c.object().angles[1] + yawOffset);
    return moveAtSpeed(c, dir * (sign * arg(a, 0)), kWalkSpeed);
}

std::int32_t toLocation(ScriptNativeContext& c, std::span<const std::int32_t> a) {
    const auto target = location(c, arg(a, 0));
    if (!target) return 0;
    c.object().grounded = true;
    const Vec3 delta = *target - c.object().position;
    if (length(delta) > 0.5) c.object().angles[1] = yawTowards(c.object().position, *target);
    return moveAtSpeed(c, delta, arg(a, 1) > 0 ? arg(a, 1) : kWalkSpeed);
}

Vec3 axisVector(std::int32_t axis, double amount) {
    Vec3 v;
    if (axis == 0) v.x = amount;
    if (axis == 1) v.y = amount;
    if (axis == 2) v.z = amount;
    return v;
}

std::int32_t waitTask(ScriptNativeContext& c, int kind, int ticks = 1 << 30) {
    ScriptTask& t = c.start(ticks);
    t.waitFor = kind;
    return 0;
}

std::int32_t attribute(ScriptNativeContext& c, std::int32_t slot) {
    return slot >= 0 && slot < 256 ? c.me().attributes[static_cast<std::size_t>(slot)] : 0;
}
std::int32_t setAttribute(ScriptNativeContext& c, std::int32_t slot, std::int32_t v) {
    if (slot >= 0 && slot < 256)
        c.me().attributes[static_cast<std::size_t>(slot)] = static_cast<std::uint8_t>(v);
    return 0;
}
std::int32_t setFlag(ScriptNativeContext& c, std::int32_t f, std::int32_t v) {
    auto& flags = c.flags();
    if (f >= 0 && static_cast<std::size_t>(f) < flags.size()) flags[static_cast<std::size_t>(f)] = v;
    return 0;
}
std::int32_t getFlag(ScriptNativeContext& c, std::int32_t f) {
    auto& flags = c.flags();
    return f >= 0 && static_cast<std::size_t>(f) < flags.size() ? flags[static_cast<std::size_t>(f)] : 0;
}
std::int32_t playGroup(ScriptNativeContext& c, std::int32_t group) {
    c.object().animGroup = group;
    ++c.object().animSerial;
    c.object().animTick = c.tick();
    return 0;
}

using A = std::span<const std::int32_t>;
using C = ScriptNativeContext;

const ScriptNative kNatives[] = {
    // Movement (engine units; a task lasts until the object arrives).
    {"walkforward", [](C& c, A a) { return walk(c, a, 0, 1); }},
    {"walkbackward", [](C& c, A a) { return walk(c, a, 0, -1); }},
    {"moveforward", [](C& c, A a) { return walk(c, a, 0, 1); }},
    {"movebackward", [](C& c, A a) { return walk(c, a, 0, -1); }},
    {"moveleft", [](C& c, A a) { return walk(c, a, -512, 1); }},
    {"moveright", [](C& c, A a) { return walk(c, a, 512, 1); }},
    {"move", [](C& c, A a) { return moveBy(c, {double(arg(a, 0)), double(arg(a, 1)), double(arg(a, 2))}, arg(a, 3)); }},
    {"movebyaxis", [](C& c, A a) { return moveBy(c, axisVector(arg(a, 0), arg(a, 1)), arg(a, 2)); }},
    {"movealongaxis", [](C& c, A a) { return moveBy(c, axisVector(arg(a, 0), arg(a, 1)), arg(a, 2)); }},
    {"movetolocation", [](C& c, A a) { return toLocation(c, a); }},
    {"wandertolocation", [](C& c, A a) { return toLocation(c, a); }},
    // Rotation (2048 units).
    {"rotate", [](C& c, A a) { return turnBy(c, {double(arg(a, 0)), double(arg(a, 1)), double(arg(a, 2))}, arg(a, 3)); }},
    {"rotatebyaxis",
     [](C& c, A a) {
         std::array<double, 3> d{};
         if (arg(a, 0) >= 0 && arg(a, 0) < 3) d[static_cast<std::size_t>(arg(a, 0))] = arg(a, 1);
         return turnBy(c, d, arg(a, 2));
     }},
    {"rotatetoaxis",
     [](C& c, A a) {
         std::array<double, 3> d{};
         const std::int32_t axis = arg(a, 0);
         if (axis >= 0 && axis < 3)
             d[static_cast<std::size_t>(axis)] = turnBetween(c.object().angles[static_cast<std::size_t>(axis)], arg(a, 1));
         return turnBy(c, d, arg(a, 2));
     }},
    {"faceangle", [](C& c, A a) { return faceYaw(c, arg(a, 0)); }},
    {"faceplayer", [](C& c, A) { return faceYaw(c, yawTowards(c.object().position, c.player.position)); }},
    {"facelocation",
     [](C& c, A a) {
         const auto l = location(c, arg(a, 0));
         return l ? faceYaw(c, yawTowards(c.object().position, *l)) : 0;
     }},
    // Animation (RAGR group_index values; the bridge drives the actor's player).
    {"playanimation", [](C& c, A a) { return playGroup(c, arg(a, 0)); }},
    {"setaction", [](C& c, A a) { return playGroup(c, arg(a, 0)); }},
    {"pushanimation",
     [](C& c, A a) {
         playGroup(c, arg(a, 0));
         // The group's length where the scene has the actor's RAGR, else kPushAnimationTicks.
         const ScriptProgram& p = c.vm.program();
         const auto& frames = p.groupFrames[p.instances[c.self].script];
         const auto it = frames.find(arg(a, 0));
         c.start(it != frames.end() && it->second > 0 ? it->second : kPushAnimationTicks);
         return 0;
     }},
    {"waitanimframe",
     [](C& c, A a) {
         ScriptTask& t = c.start(kWaitAnimFrameLimit);
         t.waitFor = kWaitFrame;
         t.a = arg(a, 0);
         t.b = arg(a, 1);
         return 0;
     }},
    // Visibility.
    {"hideme", [](C& c, A) { return c.object().hidden = true, 0; }},
    {"showme", [](C& c, A) { return c.object().hidden = false, 0; }},
    {"disableobject", [](C& c, A) { return c.object().disabled = true, 0; }},
    {"enableobject", [](C& c, A) { return c.object().disabled = false, 0; }},
    {"killme",
     [](C& c, A) {
         c.object().killed = true;
         for (ScriptThread& t : c.me().threads) t.ended = true;
         return 0;
     }},
    {"loadstatic",
     [](C& c, A a) {
         c.object().staticLoaded = true;
         c.object().staticModel = arg(a, 0);
         return 0;
     }},
    {"unloadstatic", [](C& c, A) { return c.object().staticLoaded = false, 0; }},
    // Light (radius in engine units, intensity 0-255 as MPSL's).
    {"light",
     [](C& c, A a) {
         c.object().light = true;
         c.object().lightRadius = arg(a, 0);
         c.object().lightIntensity = arg(a, 1);
         return 0;
     }},
    {"lightradius", [](C& c, A a) { return c.object().lightRadius = arg(a, 0), 0; }},
    {"lightintensity", [](C& c, A a) { return c.object().lightIntensity = arg(a, 0), 0; }},
    {"lightoff", [](C& c, A) { return c.object().light = false, 0; }},
    {"lightflicker",
     [](C& c, A a) {
         c.object().flickerAmount = std::clamp(arg(a, 0) / 255.0, 0.0, 1.0);
         c.object().flickerSpeed = std::max(1, arg(a, 1));
         return 0;
     }},
    {"flickerlight",
     [](C& c, A a) {
         c.object().flickerAmount = std::clamp(arg(a, 0) / 255.0, 0.0, 1.0);
         c.object().flickerSpeed = 1;
         return 0;
     }},
    {"lightflickeroff", [](C& c, A) { return c.object().flickerAmount = 0, 0; }},
    {"fxflickeronoff", [](C& c, A a) { return c.object().flickerAmount = arg(a, 0) ? 0.5 : 0.0, 0; }},
    {"fxflickerdim", [](C& c, A a) { return c.object().flickerAmount = std::clamp(arg(a, 0) / 255.0, 0.0, 1.0), 0; }},
    {"fxlightsize", [](C& c, A a) { return c.object().lightRadius = arg(a, 0), 0; }},
    {"fxphase", [](C& c, A a) { return c.object().flickerSpeed = std::max(1, arg(a, 0)), 0; }},
    // Flats (texture id and image of a TEXBSI bank).
    {"flat", [](C& c, A a) { return c.object().flat = arg(a, 0) != 0, 0; }},
    {"flatsettexture",
     [](C& c, A a) {
         c.object().flat = true;
         c.object().flatTexture = arg(a, 0);
         c.object().flatFrame = arg(a, 1);
         c.object().flatAnimate = false;
         return 0;
     }},
    {"flatanimate", [](C& c, A) { return c.object().flatAnimate = true, 0; }},
    {"flatoff", [](C& c, A) { return c.object().flat = false, 0; }},
    // Held items (docs/animation.md: the actor's item models).
    {"handitem", [](C& c, A a) { return c.object().handItem = arg(a, 0), 0; }},
    {"displayhandmodel", [](C& c, A) { return c.object().handShown = true, 0; }},
    {"displayhanditem", [](C& c, A) { return c.object().handShown = true, 0; }},
    {"drawsword",
     [](C& c, A) {
         c.object().swordDrawn = true;
         c.object().handShown = true;
         return 0;
     }},
    {"sheathsword", [](C& c, A) { return c.object().swordDrawn = false, 0; }},
    {"isholdingweapon", [](C& c, A) { return c.object().swordDrawn ? 1 : 0; }},
    {"iscarryingweapon", [](C& c, A) { return c.object().handItem != 0 || c.object().handShown ? 1 : 0; }},
    // Waits (ticks).
    {"wait", [](C& c, A a) { return c.start(std::max(1, arg(a, 0))), 0; }},
    {"waitontasks", [](C& c, A) { return waitTask(c, kWaitTasks); }},
    {"syncwithgroup",
     [](C& c, A) {
         if (c.me().attributes[c.vm.program().groupSlot] == 0) return 0; // no group: nobody to wait for
         c.me().syncWaiting = true;
         return waitTask(c, kWaitGroup);
     }},
    // Flags and attributes.
    {"setglobalflag", [](C& c, A a) { return setFlag(c, arg(a, 0), 1); }},
    {"resetglobalflag", [](C& c, A a) { return setFlag(c, arg(a, 0), 0); }},
    {"testglobalflag", [](C& c, A a) { return getFlag(c, arg(a, 0)); }},
    {"setattribute", [](C& c, A a) { return setAttribute(c, arg(a, 0), arg(a, 1)); }},
    {"getattribute", [](C& c, A a) { return attribute(c, arg(a, 0)); }},
    {"setmyattr", [](C& c, A a) { return setAttribute(c, arg(a, 0), arg(a, 1)); }},
    {"getmyattr", [](C& c, A a) { return attribute(c, arg(a, 0)); }},
    {"rnd", [](C& c, A a) { return c.random(arg(a, 0)); }},
    // The stand-in player (at the camera) and distances (engine units).
    {"playerdistance", [](C& c, A) { return static_cast<std::int32_t>(length(c.player.position - c.object().position)); }},
    {"acurateplayerdistance",
     [](C& c, A) { return static_cast<std::int32_t>(length(c.player.position - c.object().position)); }},
    {"distancefromstart",
     [](C& c, A) {
         const Vec3 start = c.vm.program().instances[c.self].position;
         return static_cast<std::int32_t>(length(c.object().position - start));
     }},
    {"distancetolocation",
     [](C& c, A a) {
         const auto l = location(c, arg(a, 0));
         return l ? static_cast<std::int32_t>(length(*l - c.object().position)) : 0;
     }},
    {"distancefromlocation",
     [](C& c, A a) {
         const auto l = location(c, arg(a, 0));
         return l ? static_cast<std::int32_t>(length(*l - c.object().position)) : 0;
     }},
    // Dialogue: a stand-in wait.
    {"rtx", [](C& c, A) { return c.start(kDialogueTicks), 0; }},
    {"rtxanim", [](C& c, A) { return c.start(kDialogueTicks), 0; }},
    {"rtxp", [](C& c, A) { return c.start(kDialogueTicks), 0; }},
    {"rtxpanim", [](C& c, A) { return c.start(kDialogueTicks), 0; }},
    {"ambientrtx", [](C& c, A) { return c.start(kDialogueTicks), 0; }},
    {"menuproc", [](C& c, A) { return c.start(kDialogueTicks), 0; }},
};

} // namespace

ScriptInstanceState& ScriptNativeContext::me() {
    return vm.instances_[self];
}
std::vector<std::int32_t>& ScriptNativeContext::flags() {
    return vm.flags_;
}
std::uint64_t ScriptNativeContext::tick() const {
    return vm.tick_;
}

ScriptTask& ScriptNativeContext::start(int ticks) {
    ScriptTask t;
    t.id = vm.nextTask_++;
    if (vm.nextTask_ == 0) vm.nextTask_ = 1;
    t.native = native;
    t.ticksLeft = ticks;
    t.multitask = kind == loaders::SoupOp::Multitask;
    startedTask = t.id;
    me().tasks.push_back(t);
    return me().tasks.back();
}

std::int32_t ScriptNativeContext::random(std::int32_t n) {
    // xorshift64*: the same sequence for the same world seed, whatever the platform.
    std::uint64_t& x = vm.rng_;
    x ^= x >> 12;
    x ^= x << 25;
    x ^= x >> 27;
    const std::uint64_t r = x * 0x2545F4914F6CDD1Dull;
    return n > 0 ? static_cast<std::int32_t>((r >> 33) % static_cast<std::uint64_t>(n)) : 0;
}

std::span<const ScriptNative> scriptNatives() {
    return kNatives;
}

bool advanceScriptTask(ScriptVm& vm, std::size_t instance, ScriptTask& task) {
    ScriptInstanceState& s = vm.instance(instance);
    switch (task.waitFor) {
    case kWaitTasks:
        return std::none_of(s.tasks.begin(), s.tasks.end(),
                            [&](const ScriptTask& k) { return k.multitask && k.id != task.id; });
    case kWaitGroup:
        return !s.syncWaiting; // ScriptVm::tick releases a group all of whose members wait
    case kWaitFrame:
        // One ShowFrame a tick (the RAGR rule): the frame shown is the ticks since the group began.
        if (s.object.animGroup == task.a &&
            vm.ticks() - s.object.animTick >= static_cast<std::uint64_t>(std::max(0, task.b)))
            return true;
        return --task.ticksLeft <= 0;
    default:
        break;
    }
    ScriptObjectState& o = s.object;
    o.position = o.position + task.step;
    for (std::size_t k = 0; k < 3; ++k)
        o.angles[k] = std::fmod(o.angles[k] + task.turn[k] + 2048.0, 2048.0);
    return --task.ticksLeft <= 0;
}

} // namespace rgx::sim
