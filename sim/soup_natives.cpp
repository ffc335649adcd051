#include "sim/soup_natives.h"

#include "scene/transforms.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <numbers>

namespace rgx::sim {

namespace {

using loaders::SoupNative;

// rgx's units where no source gives one (docs/scripts.md "Natives").
constexpr double kWalkSpeed = 24;  // engine units a tick for a walk without a walk attribute (~2.9 m/s)
constexpr double kTurnSpeed = 64;  // 2048 units a tick for Face* (a half turn in 16 ticks)
constexpr int kDialogueTicks = 36; // a stand-in line of dialogue: 3 s at 12 ticks a second
// A text-only line is read for 1 s plus 1/12 s a character (12 ticks + 1 a character at the
// game's 12 ticks a second), at least 2 s and at most 10 s (rgx's rule, docs/scripts.md "Sound
// and dialogue": the game shows such lines, their time is not known).
constexpr double kReadingBaseSeconds = 1, kReadingSecondsPerChar = 1.0 / 12;
constexpr double kReadingMinSeconds = 2, kReadingMaxSeconds = 10;
// Miles Sound System's volume scale (the SFX header's unused default is 64 on it).
constexpr std::int32_t kMaxVolume = 127;
constexpr int kPushAnimationTicks = 12;
constexpr int kWaitAnimFrameLimit = 120;
// A walk attribute (forward_walk, backward_walk) is a speed in the public interpreter's scene
// units a second: 5120 fine units, 20 engine units (docs/scripts.md "Units").
constexpr double kWalkAttributeUnit = 20;

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

// A distance in engine units as the scripts count it: fine units.
std::int32_t fine(double engineUnits) {
    return static_cast<std::int32_t>(std::clamp(engineUnits / kScriptFineUnit, -2147483648.0, 2147483647.0));
}

// A move of `delta` spread over ticks (at least 1).
std::int32_t moveBy(ScriptNativeContext& c, const Vec3& delta, int ticks) {
    ticks = std::max(1, ticks);
    ScriptTask& t = c.start(ticks);
    t.step = delta * (1.0 / ticks);
    return 0;
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

// Location `index` of the object: 0 its own start (the MPOB position), k >= 1 that start plus RALC
// entry k - 1, an offset in fine units (the reference applies it to "pos x 256"). Nothing for an
// index the actor does not have.
std::optional<Vec3> location(ScriptNativeContext& c, std::int32_t index) {
    const ScriptProgram& p = c.vm.program();
    const Vec3 start = p.instances[c.self].position;
    if (index == 0) return start;
    const auto& locs = p.scripts[p.instances[c.self].script].locations;
    if (index < 0 || static_cast<std::size_t>(index) > locs.size()) return std::nullopt;
    const loaders::RgmRalc& l = locs[static_cast<std::size_t>(index - 1)];
    return start + Vec3{l.x * kScriptFineUnit, l.y * kScriptFineUnit, l.z * kScriptFineUnit};
}

// Walks for a duration along the yaw (plus an offset), at the speed of the walk attribute in
// `slot`, or kWalkSpeed where it is 0.
std::int32_t walk(ScriptNativeContext& c, std::span<const std::int32_t> a, double yawOffset, double sign,
                  std::size_t slot) {
    c.object().grounded = true;
    const int ticks = std::max(1, c.ticks(arg(a, 0)));
    const std::uint8_t attribute = c.me().attributes[slot];
    const double speed =
        attribute ? attribute * kWalkAttributeUnit / playableTickRate(c.config().ticksPerSecond) : kWalkSpeed;
    const Vec3 dir = forward(c.object().angles[1] + yawOffset);
    return moveBy(c, dir * (sign * speed * ticks), ticks);
}

std::int32_t toLocation(ScriptNativeContext& c, std::span<const std::int32_t> a) {
    const auto target = location(c, arg(a, 0));
    if (!target) return 0;
    c.object().grounded = true;
    const Vec3 delta = *target - c.object().position;
    if (length(delta) > 0.5) c.object().angles[1] = yawTowards(c.object().position, *target);
    return moveBy(c, delta, c.ticks(arg(a, 1)));
}

// Axis 0, 1, 2: the engine's x, y, z (a world axis).
Vec3 axisVector(std::int32_t axis, double amount) {
    Vec3 v;
    if (axis == 0) v.x = amount;
    if (axis == 1) v.y = amount;
    if (axis == 2) v.z = amount;
    return v;
}

// The object's own axis: its rotation (Ry * Rx * Rz, the MPOB rule) applied to axisVector.
Vec3 objectAxisVector(const ScriptObjectState& o, std::int32_t axis, double amount) {
    using rgx::operator*;
    const Mat3 r = scene::rotationY(yawRadians(o.angles[1])) * scene::rotationX(yawRadians(o.angles[0])) *
                   scene::rotationZ(yawRadians(o.angles[2]));
    return Mat4::fromRotation(r).transformDirection(axisVector(axis, amount));
}

std::int32_t waitTask(ScriptNativeContext& c, ScriptWait kind, int ticks = 1 << 30) {
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
// The actor plays RAGR group `group` from its command `command`, from this tick.
std::int32_t playGroup(ScriptNativeContext& c, std::int32_t group, std::int32_t command) {
    c.object().animGroup = group;
    c.object().animCommand = std::max(0, command);
    ++c.object().animSerial;
    c.object().animTick = c.tick();
    return 0;
}

// Sound: the native starts `effect` at its object. A looping effect (its SFX loop flag, or any
// AmbientSound) plays until a script ends it; a one-shot for its clip's length (1 tick without
// MAIN.SFX, or for an effect number the file does not have).
std::int32_t startSound(ScriptNativeContext& c, std::span<const std::int32_t> a, ScriptSoundKind kind) {
    ScriptSound s;
    s.id = c.nextSoundId();
    s.instance = c.self;
    s.effect = arg(a, 0);
    s.volume = std::clamp(arg(a, 1), 0, kMaxVolume);
    s.range = arg(a, 2);
    s.kind = kind;
    s.startTick = c.tick();
    const ScriptAudio* audio = c.vm.program().audio.get();
    double seconds = 0;
    if (audio && s.effect >= 0 && static_cast<std::size_t>(s.effect) < audio->effects.size()) {
        const ScriptSoundEffect& e = audio->effects[static_cast<std::size_t>(s.effect)];
        seconds = e.seconds;
        s.loop = e.loop;
    }
    s.loop = s.loop || kind == ScriptSoundKind::Ambient;
    const int length = std::max(1, static_cast<int>(std::ceil(seconds * c.config().ticksPerSecond - 1e-9)));
    s.endTick = s.startTick + static_cast<std::uint64_t>(length);
    c.sounds().push_back(s);
    c.soundEvents().push_back({ScriptSoundEvent::Start, c.tick(), s});
    // AmbientSound is a multitask (the DEF): it runs for one play of the clip (RGUnity's reading),
    // so WaitOnTasks waits for it; the loop plays on after.
    if (kind == ScriptSoundKind::Ambient) c.start(length);
    return 0;
}

// Ends the sounds `which` picks, each with a Stop event.
template <class Which> std::int32_t stopSounds(ScriptNativeContext& c, Which which) {
    std::vector<ScriptSound>& playing = c.sounds();
    for (auto it = playing.begin(); it != playing.end();) {
        if (which(*it)) {
            c.soundEvents().push_back({ScriptSoundEvent::Stop, c.tick(), *it});
            it = playing.erase(it);
        } else {
            ++it;
        }
    }
    return 0;
}

// An RTX key as the scripts store it: 4 ASCII bytes, the first the lowest (the listing's reading).
std::string rtxTag(std::int32_t key) {
    std::string tag;
    for (int i = 0; i < 4; ++i)
        tag += static_cast<char>((static_cast<std::uint32_t>(key) >> (8 * i)) & 0xFF);
    return tag;
}

// Dialogue: the line of ENGLISH.RTX `key` names becomes the subtitle, said by `speaker` (an
// instance, or -1 for the player), for as long as its voice clip, or its reading time where it
// has none; the task (a task call waits on it) lasts as long. Without ENGLISH.RTX, or for a key it
// does not have, the stand-in time and no subtitle.
std::int32_t sayLine(ScriptNativeContext& c, std::int32_t key, int speaker, bool ambient) {
    const ScriptAudio* audio = c.vm.program().audio.get();
    const std::string tag = rtxTag(key);
    const ScriptLine* line = nullptr;
    if (audio) {
        const auto it = audio->lines.find(tag);
        if (it != audio->lines.end()) line = &it->second;
    }
    if (!line) {
        if (!audio || !audio->hasRtx)
            c.note("no ENGLISH.RTX: dialogue waits a stand-in 3 s and shows no text", &c.noRtxNoted());
        else
            c.note("RTX key '" + tag + "' is not in ENGLISH.RTX: a stand-in 3 s");
        c.start(kDialogueTicks);
        return 0;
    }
    const double seconds = line->voice
                               ? line->seconds
                               : std::clamp(kReadingBaseSeconds + kReadingSecondsPerChar *
                                                                      static_cast<double>(line->text.size()),
                                            kReadingMinSeconds, kReadingMaxSeconds);
    const int ticks = std::max(1, static_cast<int>(std::ceil(seconds * c.config().ticksPerSecond - 1e-9)));
    ScriptSubtitle sub;
    sub.tag = tag;
    sub.text = line->text;
    sub.speaker = speaker;
    sub.voice = line->voice;
    sub.ambient = ambient;
    sub.startTick = c.tick();
    sub.endTick = c.tick() + static_cast<std::uint64_t>(ticks);
    // An ambient line does not replace a conversation's line.
    if (!ambient || !c.subtitle() || c.subtitle()->ambient) c.subtitle() = std::move(sub);
    c.start(ticks);
    return 0;
}

using A = std::span<const std::int32_t>;
using C = ScriptNativeContext;

using Fn = std::int32_t (*)(ScriptNativeContext&, std::span<const std::int32_t>);
struct Native {
    SoupNative native;
    Fn fn;
};

// The natives, in SoupNative order (checked below): what each runs.
constexpr Native kNatives[] = {
    // Movement: durations in the config's unit, distances in fine units (docs/scripts.md "Units").
    {SoupNative::WalkForward, [](C& c, A a) { return walk(c, a, 0, 1, c.vm.program().forwardWalkSlot); }},
    {SoupNative::WalkBackward, [](C& c, A a) { return walk(c, a, 0, -1, c.vm.program().backwardWalkSlot); }},
    {SoupNative::MoveForward, [](C& c, A a) { return walk(c, a, 0, 1, c.vm.program().forwardWalkSlot); }},
    {SoupNative::MoveBackward, [](C& c, A a) { return walk(c, a, 0, -1, c.vm.program().backwardWalkSlot); }},
    {SoupNative::MoveLeft, [](C& c, A a) { return walk(c, a, -512, 1, c.vm.program().forwardWalkSlot); }},
    {SoupNative::MoveRight, [](C& c, A a) { return walk(c, a, 512, 1, c.vm.program().forwardWalkSlot); }},
    {SoupNative::Move,
     [](C& c, A a) {
         const Vec3 d{arg(a, 0) * kScriptFineUnit, arg(a, 1) * kScriptFineUnit, arg(a, 2) * kScriptFineUnit};
         return moveBy(c, d, c.ticks(arg(a, 3)));
     }},
    {SoupNative::MoveByAxis,
     [](C& c, A a) { return moveBy(c, axisVector(arg(a, 0), arg(a, 1) * kScriptFineUnit), c.ticks(arg(a, 2))); }},
    {SoupNative::MoveAlongAxis,
     [](C& c, A a) { return moveBy(c, axisVector(arg(a, 0), arg(a, 1) * kScriptFineUnit), c.ticks(arg(a, 2))); }},
    {SoupNative::MoveObjectAxis,
     [](C& c, A a) {
         return moveBy(c, objectAxisVector(c.object(), arg(a, 0), arg(a, 1) * kScriptFineUnit), c.ticks(arg(a, 2)));
     }},
    {SoupNative::MoveToLocation, [](C& c, A a) { return toLocation(c, a); }},
    {SoupNative::WanderToLocation, [](C& c, A a) { return toLocation(c, a); }},
    // Rotation (2048 units; durations in the config's unit).
    {SoupNative::Rotate,
     [](C& c, A a) { return turnBy(c, {double(arg(a, 0)), double(arg(a, 1)), double(arg(a, 2))}, c.ticks(arg(a, 3))); }},
    {SoupNative::RotateByAxis,
     [](C& c, A a) {
         std::array<double, 3> d{};
         if (arg(a, 0) >= 0 && arg(a, 0) < 3) d[static_cast<std::size_t>(arg(a, 0))] = arg(a, 1);
         return turnBy(c, d, c.ticks(arg(a, 2)));
     }},
    {SoupNative::RotateToAxis,
     [](C& c, A a) {
         std::array<double, 3> d{};
         const std::int32_t axis = arg(a, 0);
         if (axis >= 0 && axis < 3)
             d[static_cast<std::size_t>(axis)] =
                 turnBetween(c.object().angles[static_cast<std::size_t>(axis)], arg(a, 1));
         return turnBy(c, d, c.ticks(arg(a, 2)));
     }},
    {SoupNative::FaceAngle, [](C& c, A a) { return faceYaw(c, arg(a, 0)); }},
    {SoupNative::FacePlayer, [](C& c, A) { return faceYaw(c, yawTowards(c.object().position, c.player.position)); }},
    {SoupNative::FaceLocation,
     [](C& c, A a) {
         const auto l = location(c, arg(a, 0));
         return l ? faceYaw(c, yawTowards(c.object().position, *l)) : 0;
     }},
    // Animation (RAGR group_index values; the bridge drives the actor's player).
    {SoupNative::PlayAnimation, [](C& c, A a) { return playGroup(c, arg(a, 0), arg(a, 1)); }},
    {SoupNative::SetAction, [](C& c, A a) { return playGroup(c, arg(a, 0), 0); }},
    {SoupNative::PushAnimation,
     [](C& c, A a) {
         playGroup(c, arg(a, 0), arg(a, 1));
         // As many ticks as the group shows frames from its first command on (one ShowFrame a
         // tick), where the scene has the actor's RAGR; else kPushAnimationTicks.
         const ScriptProgram& p = c.vm.program();
         const GroupFrames& groups = p.groupFrames[p.instances[c.self].script];
         const auto it = groups.find(arg(a, 0));
         const auto shown = it == groups.end() ? 0
                                               : std::count_if(it->second.begin(), it->second.end(),
                                                               [&](int k) { return k >= arg(a, 1); });
         c.start(shown > 0 ? static_cast<int>(shown) : kPushAnimationTicks);
         return 0;
     }},
    {SoupNative::WaitAnimFrame,
     [](C& c, A a) {
         ScriptTask& t = c.start(kWaitAnimFrameLimit);
         t.waitFor = ScriptWait::AnimFrame;
         t.a = arg(a, 0);
         t.b = arg(a, 1);
         return 0;
     }},
    // Visibility.
    {SoupNative::HideMe, [](C& c, A) { return c.object().hidden = true, 0; }},
    {SoupNative::ShowMe, [](C& c, A) { return c.object().hidden = false, 0; }},
    {SoupNative::DisableObject, [](C& c, A) { return c.object().disabled = true, 0; }},
    {SoupNative::EnableObject, [](C& c, A) { return c.object().disabled = false, 0; }},
    {SoupNative::KillMe,
     [](C& c, A) {
         c.object().killed = true;
         for (ScriptThread& t : c.me().threads) t.ended = true;
         return 0;
     }},
    {SoupNative::LoadStatic,
     [](C& c, A a) {
         c.object().staticLoaded = true;
         c.object().staticModel = arg(a, 0);
         return 0;
     }},
    {SoupNative::UnLoadStatic, [](C& c, A) { return c.object().staticLoaded = false, 0; }},
    // Light (radius in engine units, intensity 0-255 as MPSL's).
    {SoupNative::Light,
     [](C& c, A a) {
         c.object().light = true;
         c.object().lightRadius = arg(a, 0);
         c.object().lightIntensity = arg(a, 1);
         return 0;
     }},
    {SoupNative::LightRadius, [](C& c, A a) { return c.object().lightRadius = arg(a, 0), 0; }},
    {SoupNative::LightIntensity, [](C& c, A a) { return c.object().lightIntensity = arg(a, 0), 0; }},
    {SoupNative::LightOff, [](C& c, A) { return c.object().light = false, 0; }},
    {SoupNative::LightFlicker,
     [](C& c, A a) {
         c.object().flickerAmount = std::clamp(arg(a, 0) / 255.0, 0.0, 1.0);
         c.object().flickerSpeed = std::max(1, arg(a, 1));
         return 0;
     }},
    {SoupNative::FlickerLight,
     [](C& c, A a) {
         c.object().flickerAmount = std::clamp(arg(a, 0) / 255.0, 0.0, 1.0);
         c.object().flickerSpeed = 1;
         return 0;
     }},
    {SoupNative::LightFlickerOff, [](C& c, A) { return c.object().flickerAmount = 0, 0; }},
    {SoupNative::FxFlickerOnOff, [](C& c, A a) { return c.object().flickerAmount = arg(a, 0) ? 0.5 : 0.0, 0; }},
    {SoupNative::FxFlickerDim, [](C& c, A a) { return c.object().flickerAmount = std::clamp(arg(a, 0) / 255.0, 0.0, 1.0), 0; }},
    {SoupNative::FxLightSize, [](C& c, A a) { return c.object().lightRadius = arg(a, 0), 0; }},
    {SoupNative::FxPhase, [](C& c, A a) { return c.object().flickerSpeed = std::max(1, arg(a, 0)), 0; }},
    // Flats (texture id and image of a TEXBSI bank).
    {SoupNative::Flat, [](C& c, A a) { return c.object().flat = arg(a, 0) != 0, 0; }},
    {SoupNative::FlatSetTexture,
     [](C& c, A a) {
         c.object().flat = true;
         c.object().flatTexture = arg(a, 0);
         c.object().flatFrame = arg(a, 1);
         c.object().flatAnimate = false;
         return 0;
     }},
    {SoupNative::FlatAnimate, [](C& c, A) { return c.object().flatAnimate = true, 0; }},
    {SoupNative::FlatOff, [](C& c, A) { return c.object().flat = false, 0; }},
    // Held items (docs/animation.md: the actor's item models).
    {SoupNative::HandItem, [](C& c, A a) { return c.object().handItem = arg(a, 0), 0; }},
    {SoupNative::DisplayHandModel, [](C& c, A) { return c.object().handShown = true, 0; }},
    {SoupNative::DisplayHandItem, [](C& c, A) { return c.object().handShown = true, 0; }},
    {SoupNative::DrawSword,
     [](C& c, A) {
         c.object().swordDrawn = true;
         c.object().handShown = true;
         return 0;
     }},
    {SoupNative::SheathSword, [](C& c, A) { return c.object().swordDrawn = false, 0; }},
    {SoupNative::IsHoldingWeapon, [](C& c, A) { return c.object().swordDrawn ? 1 : 0; }},
    {SoupNative::IsCarryingWeapon, [](C& c, A) { return c.object().handItem != 0 || c.object().handShown ? 1 : 0; }},
    // Waits (ticks).
    {SoupNative::Wait, [](C& c, A a) { return c.start(std::max(1, c.ticks(arg(a, 0)))), 0; }},
    {SoupNative::WaitOnTasks, [](C& c, A) { return waitTask(c, ScriptWait::Multitasks); }},
    {SoupNative::SyncWithGroup,
     [](C& c, A) {
         if (c.me().attributes[c.vm.program().groupSlot] == 0) return 0; // no group: nobody to wait for
         c.me().syncWaiting = true;
         return waitTask(c, ScriptWait::Group);
     }},
    // Flags and attributes.
    {SoupNative::SetGlobalFlag, [](C& c, A a) { return setFlag(c, arg(a, 0), 1); }},
    {SoupNative::ResetGlobalFlag, [](C& c, A a) { return setFlag(c, arg(a, 0), 0); }},
    {SoupNative::TestGlobalFlag, [](C& c, A a) { return getFlag(c, arg(a, 0)); }},
    {SoupNative::SetAttribute, [](C& c, A a) { return setAttribute(c, arg(a, 0), arg(a, 1)); }},
    {SoupNative::GetAttribute, [](C& c, A a) { return attribute(c, arg(a, 0)); }},
    {SoupNative::SetMyAttr, [](C& c, A a) { return setAttribute(c, arg(a, 0), arg(a, 1)); }},
    {SoupNative::GetMyAttr, [](C& c, A a) { return attribute(c, arg(a, 0)); }},
    {SoupNative::Rnd, [](C& c, A a) { return c.random(arg(a, 0)); }},
    // The stand-in player (at the camera) and distances, in fine units.
    {SoupNative::PlayerDistance, [](C& c, A) { return fine(length(c.player.position - c.object().position)); }},
    {SoupNative::AcuratePlayerDistance,
     [](C& c, A) { return fine(length(c.player.position - c.object().position)); }},
    {SoupNative::DistanceFromStart,
     [](C& c, A) { return fine(length(c.object().position - c.vm.program().instances[c.self].position)); }},
    {SoupNative::DistanceToLocation,
     [](C& c, A a) {
         const auto l = location(c, arg(a, 0));
         return l ? fine(length(*l - c.object().position)) : 0;
     }},
    {SoupNative::DistanceFromLocation,
     [](C& c, A a) {
         const auto l = location(c, arg(a, 0));
         return l ? fine(length(*l - c.object().position)) : 0;
     }},
    // The player's "use": 1 inside an interrupt handler's run that an activation started.
    {SoupNative::Activate,
     [](C& c, A) {
         const ScriptThread& th = c.vm.instance(c.caller).threads[static_cast<std::size_t>(c.thread)];
         return c.thread == 1 && th.activated ? 1 : 0;
     }},
    // Sound (effect, volume, range): events for the explorer, docs/scripts.md "Sound and dialogue".
    {SoupNative::Sound, [](C& c, A a) { return startSound(c, a, ScriptSoundKind::Positional); }},
    {SoupNative::FlatSound, [](C& c, A a) { return startSound(c, a, ScriptSoundKind::Flat); }},
    {SoupNative::AmbientSound, [](C& c, A a) { return startSound(c, a, ScriptSoundKind::Ambient); }},
    {SoupNative::EndSound,
     [](C& c, A a) { return stopSounds(c, [&](const ScriptSound& s) { return s.effect == arg(a, 0); }); }},
    {SoupNative::EndMySounds,
     [](C& c, A) { return stopSounds(c, [&](const ScriptSound& s) { return s.instance == c.self; }); }},
    {SoupNative::EndMySound,
     [](C& c, A a) {
         return stopSounds(c, [&](const ScriptSound& s) { return s.instance == c.self && s.effect == arg(a, 0); });
     }},
    {SoupNative::StopAllSounds, [](C& c, A) { return stopSounds(c, [](const ScriptSound&) { return true; }); }},
    // Dialogue (the key first): the line for as long as its clip. rtxAnim's and RTXpAnim's three
    // animation groups are not played yet.
    {SoupNative::Rtx, [](C& c, A a) { return sayLine(c, arg(a, 0), static_cast<int>(c.self), false); }},
    {SoupNative::RtxAnim, [](C& c, A a) { return sayLine(c, arg(a, 0), static_cast<int>(c.self), false); }},
    {SoupNative::RtxP, [](C& c, A a) { return sayLine(c, arg(a, 0), -1, false); }},
    {SoupNative::RtxPAnim, [](C& c, A a) { return sayLine(c, arg(a, 0), -1, false); }},
    {SoupNative::AmbientRtx, [](C& c, A a) { return sayLine(c, arg(a, 0), static_cast<int>(c.self), true); }},
    {SoupNative::MenuProc, [](C& c, A) { return c.start(kDialogueTicks), 0; }}, // a stand-in wait
};

// kNatives holds every native but None once, in SoupNative order: kNatives[n - 1] runs native n.
constexpr bool inOrder() {
    if (std::size(kNatives) + 1 != loaders::kSoupNativeCount) return false;
    for (std::size_t i = 0; i < std::size(kNatives); ++i) {
        if (static_cast<std::size_t>(kNatives[i].native) != i + 1) return false;
    }
    return true;
}
static_assert(inOrder(), "kNatives must list every SoupNative but None once, in order");

} // namespace

ScriptInstanceState& ScriptNativeContext::me() {
    return vm.instances_[self];
}
std::vector<std::int32_t>& ScriptNativeContext::flags() {
    return vm.flags_;
}
std::vector<ScriptSound>& ScriptNativeContext::sounds() {
    return vm.sounds_;
}
std::vector<ScriptSoundEvent>& ScriptNativeContext::soundEvents() {
    return vm.soundEvents_;
}
std::optional<ScriptSubtitle>& ScriptNativeContext::subtitle() {
    return vm.subtitle_;
}
std::uint32_t ScriptNativeContext::nextSoundId() {
    const std::uint32_t id = vm.nextSound_++;
    if (vm.nextSound_ == 0) vm.nextSound_ = 1;
    return id;
}
void ScriptNativeContext::note(const std::string& text, bool* once) {
    if (once && *once) return;
    if (once) *once = true;
    vm.event(self, text);
}
bool& ScriptNativeContext::noRtxNoted() {
    return vm.noRtxNoted_;
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
    t.multitask = kind == loaders::SoupCallKind::Multitask;
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

int ScriptNativeContext::ticks(std::int32_t duration) const {
    return scriptDurationTicks(config(), duration);
}

std::int32_t runScriptNative(ScriptNativeContext& ctx, std::span<const std::int32_t> args) {
    const std::size_t n = static_cast<std::size_t>(ctx.native);
    if (n == 0 || n >= loaders::kSoupNativeCount) return 0;
    return kNatives[n - 1].fn(ctx, args);
}

bool advanceScriptTask(ScriptVm& vm, std::size_t instance, ScriptTask& task) {
    ScriptInstanceState& s = vm.instance(instance);
    switch (task.waitFor) {
    case ScriptWait::Multitasks:
        return std::none_of(s.tasks.begin(), s.tasks.end(),
                            [&](const ScriptTask& k) { return k.multitask && k.id != task.id; });
    case ScriptWait::Group:
        return !s.syncWaiting; // ScriptVm::tick releases a group all of whose members wait
    case ScriptWait::AnimFrame:
        // One ShowFrame a tick (the RAGR rule): the frame shown is the ticks since the group began.
        if (s.object.animGroup == task.a &&
            vm.ticks() - s.object.animTick >= static_cast<std::uint64_t>(std::max(0, task.b)))
            return true;
        return --task.ticksLeft <= 0;
    case ScriptWait::Ticks:
        break;
    }
    ScriptObjectState& o = s.object;
    o.position = o.position + task.step;
    for (std::size_t k = 0; k < 3; ++k)
        o.angles[k] = std::fmod(o.angles[k] + task.turn[k] + 2048.0, 2048.0);
    return --task.ticksLeft <= 0;
}

} // namespace rgx::sim
