#pragma once
// The SOUP script VM (docs/scripts.md): every scripted object of a world running its actor's
// bytecode, one game tick at a time, deterministically (the state after tick n depends on n and
// the activations before it alone).
//
// Per instance (an MPOB whose script name has a RAHD actor) two threads as the reference gives
// them: thread 0 at script_pc, thread 1 at 0 (only when script_pc != 0), each with its own PC and
// Gosub stack. Thread 1 is the interrupt handler: it idles at 0 until the object is activated
// (activate(): the player's "use"), then runs until Endint returns it to 0, idle, ready for the
// next activation. Each tick every running task moves first (walks, turns, waits), then every
// thread that is not waiting or idle runs one statement: the reference's "tickScript advances
// each thread by one instruction per tick", If (its test and its jump), Goto, Gosub, Return, End
// and Endint included. Natives are bound by their DEF name through the one function table
// (loaders/redguard/soup_functions.h; sim/soup_natives.cpp); every function without a native is a no-op
// returning 0, counted.
//
// The VM knows nothing of the scene: it moves engine-unit positions and 2048-unit angles, and
// keeps what each object shows (hidden, animation group asked for, held item, light, flat). The
// scene layer's bridge (sim/script_world.h) turns that into a WorldState.

#include "base/error.h"
#include "base/math.h"
#include "loaders/redguard/rtx.h"
#include "loaders/redguard/sfx.h"
#include "loaders/redguard/soup_bytecode.h"
#include "loaders/redguard/soup_def.h"
#include "loaders/redguard/soup_functions.h"
#include "loaders/redguard/soup_script.h"
#include "sim/script_config.h"

#include <array>
#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace rgx::sim {

inline constexpr std::size_t kSoupGosubDepth = 64;
inline constexpr std::size_t kSoupFlagsMax = 4096;

// One scripted object: which actor's script it runs and where it starts.
struct ScriptInstanceInfo {
    std::size_t script = 0;               // into ScriptProgram::scripts (the RAHD index)
    std::uint32_t mpob = 0;               // its MPOB record
    std::string name;                     // its script name (what str[] object names match)
    Vec3 position;                        // engine units (raw RGM position)
    std::array<std::int32_t, 3> angles{}; // 2048 units (x, y, z)
};

struct ScriptAudio;

// Per RAGR group (by group_index): the indices of its ShowFrame commands, in order.
using GroupFrames = std::map<int, std::vector<int>>;

// The object properties the VM knows, by the DEF's ref names (docs/scripts.md).
enum class ScriptProperty : std::uint8_t { None, X, Y, Z, AngleX, AngleY, AngleZ, Hidden, Frame, Group };

// A world's scripts, decoded once: shared (read only) by every VM state and snapshot.
struct ScriptProgram {
    ScriptConfig config;
    loaders::SoupDef def;
    std::vector<loaders::SoupActorScript> scripts;
    std::vector<loaders::SoupCode> code;              // per script, decoded linearly from 0
    std::vector<bool> complete;                       // the listing decoded to the end
    std::vector<loaders::SoupId0Verdict> id0Verdicts; // per script: how its id-0 reading was chosen
    std::vector<ScriptInstanceInfo> instances;
    Warnings warnings;                        // the listings' (bad bytecode, bad jumps), names
    std::vector<ScriptProperty> properties;   // per DEF ref (the low byte of a reference id)
    std::vector<loaders::SoupNative> natives; // per DEF function, bound by name
    // Per script, per string index: the instance a `str[i]` object names (its RANM name, else a
    // script name, with a warning; -1 none). Only strings the code uses as objects are resolved.
    std::vector<std::vector<int>> stringObjects;
    std::vector<bool> loadsStatic; // per script: calls LoadStatic (starts unloaded)
    // Per script: its RAGR groups' ShowFrame commands (their indices) by group_index, where the
    // scene has its animation (PushAnimation lasts as many ticks as it shows frames).
    std::vector<GroupFrames> groupFrames;
    std::uint64_t seed = 1; // Rnd's, per world
    // The RAAT slots the VM and the bridge read, by the DEF's attribute names (the game's slots
    // where the DEF names none): group (SyncWithGroup), master and slave (an object following
    // another, docs/scripts.md).
    std::size_t groupSlot = 29, masterSlot = 25, slaveSlot = 26;
    // The walk speeds (WalkForward and the other walks, docs/scripts.md "Units").
    std::size_t forwardWalkSlot = 12, backwardWalkSlot = 13;
    // MAIN.SFX's and ENGLISH.RTX's lengths and text (null: neither file; dialogue then waits a
    // stand-in time).
    std::shared_ptr<const ScriptAudio> audio;
};

// Decodes every script (reading id-0 calls as config.id0 says), binds the natives by name and
// resolves the strings the code names objects by (sim/script_program.cpp). def: the game's
// SOUP386.DEF, or null for the game's own table (loaders::gameSoupDef: a bare RGM). groupFrames:
// ScriptProgram's (may be empty: PushAnimation then lasts its default).
std::shared_ptr<const ScriptProgram>
makeScriptProgram(std::vector<loaders::SoupActorScript> scripts, std::vector<ScriptInstanceInfo> instances,
                  const loaders::SoupDef* def, std::uint64_t seed, const std::string& path,
                  std::vector<GroupFrames> groupFrames = {}, const ScriptConfig& config = {},
                  std::shared_ptr<const ScriptAudio> audio = nullptr);

// The instances of placed objects (loaders::soupPlacements), one each.
std::vector<ScriptInstanceInfo> scriptInstances(const std::vector<loaders::SoupPlacement>& placements,
                                                const std::vector<loaders::SoupActorScript>& scripts);
// Rnd's seed for a world (the same world id, the same run).
std::uint64_t scriptSeed(std::int64_t worldId);

// A RAGR list's groups' ShowFrame commands (their command indices), by group_index: what
// ScriptProgram::groupFrames holds per script.
GroupFrames ragrGroupFrames(const loaders::RgmAnimList& list);
// Every actor's (by RAHD index, as soupActorScripts gives them) from a bare RGM.
std::vector<GroupFrames> rgmGroupFrames(const loaders::Rgm& rgm);

// What the sound and dialogue natives know of MAIN.SFX and ENGLISH.RTX: each effect's length and
// loop flag, each line's text and clip length (scriptAudio() makes it from the files). The clips
// themselves stay with the scene: nothing in sim/ plays audio.
struct ScriptSoundEffect {
    double seconds = 0; // the clip's length
    bool loop = false;  // the SFX loop flag: the effect repeats until a script ends it
};
struct ScriptLine {
    std::string text;
    double seconds = 0; // the voice clip's length; 0 for a text-only line
    bool voice = false;
};
struct ScriptAudio {
    bool hasSfx = false, hasRtx = false;     // the files were found (else natives use stand-ins)
    std::vector<ScriptSoundEffect> effects;  // by effect number (MAIN.SFX order)
    std::map<std::string, ScriptLine> lines; // by ENGLISH.RTX tag ("zbza")
};
// sfx, rtx: null where the game has no such file.
std::shared_ptr<const ScriptAudio> scriptAudio(const loaders::SfxFile* sfx, const loaders::RtxFile* rtx);

// The stand-in player (docs/scripts.md): where the camera is, for player queries.
struct ScriptPlayer {
    Vec3 position; // engine units
};

// What a waiting task waits for (else it runs its ticks out, moving its object).
enum class ScriptWait : std::uint8_t {
    Ticks,      // its ticks run out (a walk, a turn, a wait)
    Multitasks, // none of this object's multitasks runs (WaitOnTasks)
    Group,      // every member of its group waits too (SyncWithGroup)
    AnimFrame,  // its actor's group has shown that many frames (WaitAnimFrame)
};

// A native task in progress (walk, turn, wait, ...), owned by the object it moves.
struct ScriptTask {
    std::uint32_t id = 0;
    loaders::SoupNative native = loaders::SoupNative::None;
    int ticksLeft = 0;
    Vec3 step;                    // per tick, engine units
    std::array<double, 3> turn{}; // per tick, 2048 units
    ScriptWait waitFor = ScriptWait::Ticks;
    std::int32_t a = 0, b = 0; // native-specific (group and frame for WaitAnimFrame)
    bool multitask = false;
};

struct ScriptThread {
    bool exists = false;
    bool ended = false;     // End ran (thread 0), or the script stopped
    bool idle = false;      // thread 1 between activations: at PC 0, waiting for the next one
    bool activated = false; // thread 1 runs an activation (ACTIVATE answers 1)
    std::uint32_t pc = 0;
    std::vector<std::uint32_t> stack; // Gosub return addresses
    std::uint32_t waitingOn = 0;      // a task id; 0: not waiting
    std::int32_t lastReturn = 0;      // the last call's value (ScriptRV reads it)
    std::int32_t anchor = 0;
};

// What one object shows, as the scripts left it.
struct ScriptObjectState {
    Vec3 position;                  // engine units
    std::array<double, 3> angles{}; // 2048 units
    bool grounded = false;          // walked (Walk*, Move*ToLocation...): stands on the ground
    bool hidden = false;
    bool disabled = false;
    bool killed = false;
    bool staticLoaded = true;
    std::int32_t staticModel = 0;
    int animGroup = -1;           // asked for by PlayAnimation/PushAnimation/SetAction
    int animCommand = 0;          // the group's first command (PlayAnimation's second parameter)
    std::uint32_t animSerial = 0; // bumped at every ask, so a repeat restarts the group
    std::uint64_t animTick = 0;   // the tick of the last ask

    std::int32_t handItem = 0; // HandItem's id (0: none)
    bool handShown = false;    // displayhandmodel / a drawn sword
    bool swordDrawn = false;
    bool light = false;
    double lightRadius = 0, lightIntensity = 0;
    double flickerAmount = 0; // 0..1 of the intensity
    std::int32_t flickerSpeed = 0;
    bool flat = false;
    std::int32_t flatTexture = -1, flatFrame = -1;
    bool flatAnimate = false;
};

struct ScriptInstanceState {
    std::array<ScriptThread, 2> threads;
    std::vector<std::int32_t> variables;
    std::array<std::uint8_t, 256> attributes{};
    std::vector<ScriptTask> tasks;
    ScriptObjectState object;
    bool stopped = false; // bad bytecode: both threads end
    bool syncWaiting = false;
};

// How a sound is heard (docs/scripts.md "Sound"): at its object with distance attenuation
// (Sound), the same everywhere (FlatSound), or at its object, looping (AmbientSound).
enum class ScriptSoundKind : std::uint8_t { Positional, Flat, Ambient };

// A sound a native started, playing until its clip ends (a one-shot) or a script ends it (a loop).
struct ScriptSound {
    std::uint32_t id = 0;     // unique in the run, from 1
    std::size_t instance = 0; // the object it plays at (the native's self)
    std::int32_t effect = 0;  // MAIN.SFX effect number
    std::int32_t volume = 0;  // 0-127 (the Miles Sound System scale)
    std::int32_t range = 0;   // the third parameter, as given (docs/scripts.md "Sound")
    ScriptSoundKind kind = ScriptSoundKind::Positional;
    bool loop = false; // repeats until EndSound, EndMySound(s) or StopAllSounds
    std::uint64_t startTick = 0;
    std::uint64_t endTick = 0; // a one-shot's last tick + 1; unused for a loop
};
// A start or stop, at the tick it happened: what the explorer turns into audio sources.
struct ScriptSoundEvent {
    enum Kind : std::uint8_t { Start, Stop } kind = Start;
    std::uint64_t tick = 0;
    ScriptSound sound;
};
// The line being said (the RTX natives), shown from startTick until endTick.
struct ScriptSubtitle {
    std::string tag;      // ENGLISH.RTX's 4-character key
    std::string text;     // Latin-1, as stored
    int speaker = -1;     // the instance saying it; -1: the player (RTXp, RTXpAnim)
    bool voice = false;   // the line has a voice clip (the explorer plays ENGLISH.RTX's clip)
    bool ambient = false; // AmbientRtx: said in passing, nobody waits for it
    std::uint64_t startTick = 0, endTick = 0;
};

// What a tick did, for script-trace and the debugger's call log.
struct ScriptCall {
    std::string function;
    std::uint16_t id = 0;
    std::vector<std::int32_t> args;
};
struct ScriptWrite {
    enum Kind : std::uint8_t { Flag, Variable, Attribute, Property } kind = Flag;
    std::int32_t index = 0;
    std::int32_t value = 0;
};
struct ScriptThreadTick {
    int thread = 0;
    std::uint32_t pc = 0; // the statement the thread ran this tick (one a tick)
    std::uint8_t opcode = 0;
    // Idle: thread 1 waiting for an activation.
    enum State : std::uint8_t { Ran, Waiting, Ended, Idle } state = Ended;
    bool activated = false; // a run of the interrupt handler that an activation started
    std::vector<ScriptCall> calls;
    std::vector<ScriptWrite> writes;
};
struct ScriptEvent {
    std::uint64_t tick = 0;
    std::size_t instance = 0;
    std::string text; // "actor GUARD offset 0x12: division by zero"
};

// Trace sink: which instance to record (or all), filled by tick().
struct ScriptTrace {
    std::optional<std::size_t> instance;   // none: no per-thread records
    std::vector<ScriptThreadTick> threads; // this tick's, cleared by tick()
};

// What activate() did.
enum class ActivateResult : std::uint8_t {
    Started,   // thread 1 runs from 0 from the next tick
    Busy,      // thread 1 already runs an activation: this one is dropped
    NoHandler, // script_pc is 0: the script has no thread 1
    Stopped,   // the script stopped (bad bytecode) or its object was killed
};
const char* activateResultText(ActivateResult r);

class ScriptVm {
public:
    explicit ScriptVm(std::shared_ptr<const ScriptProgram> program);

    // One game tick for every instance.
    void tick(const ScriptPlayer& player, ScriptTrace* trace = nullptr);
    // The player's "use" on instance i: its interrupt handler (thread 1) runs from 0 from the next
    // tick, unless it is busy with an activation already. An event records it.
    ActivateResult activate(std::size_t i);
    std::uint64_t ticks() const { return tick_; }

    const ScriptProgram& program() const { return *program_; }
    std::size_t instanceCount() const { return instances_.size(); }
    const ScriptInstanceState& instance(std::size_t i) const { return instances_[i]; }
    ScriptInstanceState& instance(std::size_t i) { return instances_[i]; }
    const std::vector<std::int32_t>& flags() const { return flags_; }
    const std::vector<ScriptEvent>& events() const { return events_; }
    // The sounds playing after the last tick, in the order they started.
    const std::vector<ScriptSound>& sounds() const { return sounds_; }
    // The last tick's sound starts and stops, in order (a one-shot's natural end is none).
    const std::vector<ScriptSoundEvent>& soundEvents() const { return soundEvents_; }
    // The line being said after the last tick, if any.
    const std::optional<ScriptSubtitle>& subtitle() const { return subtitle_; }
    // Calls of functions without a native, by DEF index (the debugger's no-op table).
    const std::map<std::uint16_t, std::uint64_t>& noopCounts() const { return noops_; }
    // Every call, by DEF index (the real-game histogram).
    const std::map<std::uint16_t, std::uint64_t>& callCounts() const { return callsById_; }
    std::uint64_t callCount() const { return calls_; }

private:
    friend struct ScriptNativeContext;
    struct Exec;
    void runThread(std::size_t i, int t, const ScriptPlayer& player, ScriptThreadTick* rec);
    void advanceTasks(std::size_t i);
    void releaseGroups();
    void stop(std::size_t i, const std::string& why);
    void event(std::size_t i, const std::string& text);

    std::shared_ptr<const ScriptProgram> program_;
    std::vector<ScriptInstanceState> instances_;
    std::vector<std::int32_t> flags_;
    std::vector<ScriptEvent> events_;
    std::map<std::uint16_t, std::uint64_t> noops_;
    std::map<std::uint16_t, std::uint64_t> callsById_;
    std::uint64_t calls_ = 0;
    std::uint64_t tick_ = 0;
    std::uint64_t rng_ = 0;
    std::uint32_t nextTask_ = 1;
    std::vector<ScriptSound> sounds_;
    std::vector<ScriptSoundEvent> soundEvents_;
    std::optional<ScriptSubtitle> subtitle_;
    std::uint32_t nextSound_ = 1;
    bool noRtxNoted_ = false; // the stand-in's event, once a run
};

} // namespace rgx::sim
