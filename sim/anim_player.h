#pragma once
// RAGR playback: one actor instance's animation state, stepped tick by tick by the rules of
// docs/animation.md (which `rgx anim-trace` prints). Needs no model files: a clip is the actor's
// RAGR list and the frame counts of its RAAN entries.

#include "loaders/redguard/rgm.h"
#include "sim/game_tick.h"

#include <array>
#include <cstdint>
#include <memory>
#include <string>
#include <utility>
#include <vector>

namespace rgx::sim {

// LoopControl (opcode 14): the loop counter a group starts with (the reference gives none), so a
// loop body closed by LoopControl plays twice.
inline constexpr int kLoopControlStart = 2;
// Playback times are clamped to one day (1,036,800 ticks at 12 per second): a state at a time is
// found by playing every tick before it, so an unbounded --time would never finish.
inline constexpr double kMaxAnimationSeconds = 86400.0;
// Commands one tick may run before it is a runaway loop (besides the file's own bound: every
// command once, and every group end): a tick of the shipped maps runs a handful.
inline constexpr std::size_t kMaxTickCommands = 4096;
// Events a TickRecord keeps (the explorer keeps the last 64 ticks of every actor); more are
// counted in TickRecord::moreEvents.
inline constexpr std::size_t kMaxTickEvents = 64;

// What playback reads of an actor. groups must outlive every player made from the clip.
// (group_index, slot) of every group of a list, sorted by group_index and, within one, by slot:
// the first slot listing an index is found in log time (ChangeAnimGroup, play()).
using GroupSlots = std::vector<std::pair<int, int>>;
std::shared_ptr<const GroupSlots> groupSlots(const loaders::RgmAnimList& list);

struct AnimClip {
    std::string actor;                   // RAHD script name, for traces and errors
    std::vector<int> entryFrames;        // frame_count of each RAAN entry, in order
    std::vector<std::string> entryPaths; // the entries' file paths (traces)
    const loaders::RgmAnimList* groups = nullptr;
    // groupSlots(*groups), shared by every player of the clip (a player builds its own without).
    std::shared_ptr<const GroupSlots> slots;
    // RAHD anim_speed (0x15, 0x16), the reference's "frame limit" and "frame increment added per
    // tick": a group's playback advances only while its frame counter, which grows by frameStep
    // each tick it advances, is below frameLimit; then it holds its frame until a group starts
    // again. A zero in either byte: no limit (docs/animation.md "Frame limit").
    std::uint8_t frameLimit = 0, frameStep = 0;
};

// The ticks that have run at time `seconds` (clamped to [0, kMaxAnimationSeconds], the rate to
// kMaxTicksPerSecond): tick 0 runs at time 0, so floor(seconds * ticksPerSecond) + 1; a NaN time
// or a rate that is not positive gives 1.
std::int64_t ticksAt(double seconds, double ticksPerSecond);

// The clip of a RAHD actor straight from an RGM (no 3DC needed). Throws rgx::Error naming the
// actor when its ragr_offset starts no RAGR list.
AnimClip animClip(const loaders::Rgm& rgm, const loaders::RgmActor& actor);

// A handle of the actor's handle table: RAAN entry e contributes entryFrames[e] handles, in order.
struct HandleRef {
    int entry = -1; // -1: no such handle
    int localFrame = 0;
};
HandleRef resolveHandle(const std::vector<int>& entryFrames, int handle);

// What the group-ending EndAnimation leads to when the player is stepped again.
enum class OnEnd : std::uint8_t {
    Stop,    // stay ended (anim-trace)
    Restart, // the same group again from command 0
    Idle,    // the actor's idle group: the list's first group
};

struct PlayerOptions {
    bool takeFuture = false; // GoToFuture (3) taken; not taken by default
    OnEnd onEnd = OnEnd::Restart;
};

// Something a tick did besides showing a frame (sounds, breakpoints, jumps, overrides).
struct AnimEvent {
    int group = 0;   // group_index
    int command = 0; // command index in that group
    std::uint8_t opcode = 0;
    std::array<std::int32_t, 3> params{};
    std::string what; // "PlaySound 12 2", "GoToPrevious -> 0", ...
};

// One tick as `rgx anim-trace` prints it: the state after the tick.
struct TickRecord {
    std::int64_t tick = 0;
    int group = 0;   // group_index shown
    int command = 0; // index of the command that ended the tick (ShowFrame, DelayCounter, End;
                     // a held tick: its DelayCounter)
    int handle = -1; // shown handle (-1 before the first ShowFrame)
    HandleRef ref;
    int trackedVertex = 0;
    bool held = false;             // a DelayCounter tick, or one the frame limit holds: nothing ran
    bool limited = false;          // held by the actor's frame limit (AnimClip::frameLimit)
    bool ended = false;            // the group ended in (or before) this tick
    std::vector<AnimEvent> events; // at most kMaxTickEvents
    std::size_t moreEvents = 0;    // events past those, counted only
};

// Overrides set by opcodes 6-9 (never used by the shipped maps; docs/animation.md): rotation in
// 2048-per-turn engine angle units, position offset in engine units.
struct PoseOverride {
    std::array<std::int32_t, 3> rotation{};
    std::array<std::int32_t, 3> position{};
    bool rotationSet = false, positionSet = false;
};

class AnimPlayer {
public:
    // Starts at command 0 of the group whose group_index is startGroup (the list's first group
    // when -1). Throws rgx::Error naming the actor when there is no such group.
    AnimPlayer(const AnimClip& clip, int startGroup = -1, PlayerOptions options = {});

    // Runs one tick. Throws rgx::Error naming actor, group and command index when the tick runs
    // more commands than its group holds (or than the actor holds over all groups) without
    // reaching a ShowFrame or a DelayCounter.
    TickRecord step();
    // Runs ticks until floor(seconds * ticksPerSecond) + 1 have run (tick 0 runs at time 0; seconds
    // clamped to [0, kMaxAnimationSeconds]); a time before the current one replays from the
    // start, so the state depends only on the time.
    void advanceTo(double seconds, double ticksPerSecond);
    void reset();

    std::int64_t ticksRun() const { return ticks_; }
    int group() const; // group_index
    int command() const { return pc_; }
    int handle() const { return handle_; }
    HandleRef shown() const { return resolveHandle(clip_->entryFrames, handle_); }
    int trackedVertex() const { return vertex_; }
    int lastAttachVertex() const { return attach_; } // the last non-zero tracked vertex, 0 none
    bool ended() const { return ended_; }
    const PoseOverride& poseOverride() const { return override_; }
    const AnimClip& clip() const { return *clip_; }
    PlayerOptions& options() { return options_; }
    // Jumps to command `command` of group_index `groupIndex` (the explorer's group list, a script's
    // PlayAnimation); false if there is no such group.
    bool play(int groupIndex, int command = 0);
    int frameCounter() const { return frameCounter_; }

private:
    void enterGroup(int groupSlot, int pc);
    void finish(TickRecord& r) const;  // the state after the tick into its record
    void runCommands(TickRecord& rec); // the tick's commands, up to the one that ends it
    int afterEndSlot() const;          // where an ended group goes on under Restart / Idle
    int slotOf(int groupIndex) const;  // the first slot listing groupIndex, or -1
    const AnimClip* clip_;
    PlayerOptions options_;
    int startSlot_ = 0;
    int slot_ = 0; // index into clip.groups->groups
    int pc_ = 0;
    int handle_ = -1, vertex_ = 0, attach_ = 0;
    int delay_ = 0;        // held ticks left
    int delayCommand_ = 0; // the DelayCounter holding them
    int loopCounter_ = kLoopControlStart;
    int frameCounter_ = 0; // the frame limit's counter (AnimClip::frameLimit)
    bool ended_ = false;
    std::int64_t ticks_ = 0;
    std::size_t totalCommands_ = 0;
    std::shared_ptr<const GroupSlots> slots_; // the clip's (a copy of the player shares it)
    PoseOverride override_;
};

} // namespace rgx::sim
