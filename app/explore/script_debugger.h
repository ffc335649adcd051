#pragma once
// The explorer's script debugger without ImGui: the world's SOUP scripts (sim::ScriptWorld) run
// frame by frame, paused, stepped a tick at a time or run to a breakpoint, with the selected
// object's calls logged; and the text the Scripts panel (explore_scripts_panel.h) shows: the
// disassembly's lines, thread and task states, flags changed since the load, attributes, no-op
// functions. Kept apart from the drawing so that the breakpoint and stepping rules are unit-tested.
//
// A breakpoint stops the run before the tick in which a thread of the selected object would run
// a breakpoint instruction (a thread runs one statement a tick, jumps and `if` tests included)
// or call a breakpoint function: the tick is tried on a copy of the VM first (ScriptVm is a
// value; a tick is deterministic), and only run when nothing stops it.

#include "scene/scene_graph.h"
#include "sim/script_world.h"
#include "sim/soup_vm.h"

#include <cstdint>
#include <deque>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <vector>

namespace rgx::app {

inline constexpr std::size_t kScriptCallLogLines = 200;

// One line of the selected object's call log.
struct ScriptCallLine {
    std::uint64_t tick = 0; // the tick that made the call (0 is the first)
    int thread = 0;
    std::string text; // "Wait(12)"
};

// What stopped a run to breakpoint: thread `thread` was about to run the breakpoint instruction
// at `offset`, or (function set) to call that function.
struct BreakpointHit {
    int thread = 0;
    std::uint32_t offset = 0;
    std::string function;
};

struct ScriptDebugger {
    bool enabled = true; // "Scripts on": off draws the animation's state alone, as placed
    bool paused = false;
    bool runToBreakpoint = false;
    // The first tick after "run to breakpoint" is not checked: it leaves the breakpoint the run
    // stopped at (else it would stop there again at once).
    bool leaving = false;
    int selected = -1; // into Scene::redguard.scriptObjects
    // Instruction breakpoints by script (the RAHD index: every object running it shares them),
    // as script offsets; function breakpoints by name (case-insensitive).
    std::map<std::size_t, std::set<std::uint32_t>> breakpoints;
    std::vector<std::string> functionBreakpoints;
    std::deque<ScriptCallLine> calls;      // the selected object's last calls, newest last
    std::vector<std::int32_t> flagsAtLoad; // the world's flags when it loaded
    std::optional<BreakpointHit> hit;      // the last stop, until the scripts run on
    sim::ScriptTrace trace;                // the last tick's, of the selected object
};

// A new world's scripts (null: none): everything but `enabled` starts afresh.
void resetScriptDebugger(ScriptDebugger& debugger, const sim::ScriptWorld* world);
// Selects script object `index` (-1: none); its call log starts empty.
void selectScriptObject(ScriptDebugger& debugger, int index);

// The frame's share of the scripts: nothing when off or paused; else the ticks dt brings, each
// traced for the selected object's call log, and when running to a breakpoint each tried first:
// the run pauses before a tick that would hit one. Returns that hit.
std::optional<BreakpointHit> advanceScripts(ScriptDebugger& debugger, sim::ScriptWorld& world, double dt,
                                            const sim::ScriptPlayer& player);
// "Step tick": pauses and runs one tick now (breakpoints are not checked).
void stepScripts(ScriptDebugger& debugger, sim::ScriptWorld& world, const sim::ScriptPlayer& player);
// "Activate" (the button, key F, the action activate=): the player's "use" on the selected object,
// its interrupt handler run from the next tick (sim::ScriptWorld::activate, recorded with the
// tick). Returns the line to show: "activated B_004_GUARD (GUARD): its interrupt handler runs
// from 0", or why nothing happens; "no script object selected" without one.
std::string activateSelected(const ScriptDebugger& debugger, sim::ScriptWorld& world,
                             const scene::Scene& scene);
// "Run to breakpoint" (the run leaves the breakpoint it stands at first) and "Run" / "Pause".
void runToBreakpoint(ScriptDebugger& debugger);
void setScriptsPaused(ScriptDebugger& debugger, bool paused);

void toggleBreakpoint(ScriptDebugger& debugger, std::size_t script, std::uint32_t offset);
// Adds a function breakpoint (trimmed; an empty or repeated name is ignored); false when the
// program's DEF has no function of that name (it is added anyway: a bare RGM names fn_<id>).
bool addFunctionBreakpoint(ScriptDebugger& debugger, const sim::ScriptProgram& program,
                           const std::string& name);

// An instruction offset as the autoplay's script actions take it: a label (L_0012), hex (0x12) or decimal
// (18); none for anything else or past 32 bits.
std::optional<std::uint32_t> parseScriptOffset(std::string_view text);

// The first breakpoint a traced tick hits, thread 0 first: an instruction of `offsets` a thread
// ran, or a call of one of `functions`.
std::optional<BreakpointHit> findBreakpointHit(const sim::ScriptTrace& trace,
                                               const std::set<std::uint32_t>& offsets,
                                               const std::vector<std::string>& functions);
std::string describeHit(const BreakpointHit& hit, std::uint64_t tick);

// ---- What the panel shows ------------------------------------------------------------------------

// One disassembly line per instruction: soupLabel(offset) and the instruction's text, names from
// the program's DEF and the script's strings.
struct ScriptLine {
    std::uint32_t offset = 0;
    std::string text; // "L_0012  task Wait(12)"
};
std::vector<ScriptLine> scriptLines(const sim::ScriptProgram& program, std::size_t script);
// The line holding `offset` (the instruction starting there), or -1.
int lineAt(const std::vector<ScriptLine>& lines, std::uint32_t offset);

// "B_004_GUARD (GUARD)": the object's node name and its script's name.
std::string scriptObjectLabel(const scene::Scene& scene, std::size_t index);
// The script object running at scene node `node`, or -1.
int scriptObjectOfNode(const scene::Scene& scene, int node);

// The instruction a waiting thread is in: the Task call that started the task it waits on, the
// one that ends where its PC stands (a Task call leaves the PC at the next instruction; `if`
// tests call as functions, which never wait). None when the thread is not waiting or no
// instruction ends there.
std::optional<std::uint32_t> waitingCall(const loaders::SoupCode& code, const sim::ScriptThread& thread);
// "running at L_0012" (with " (an activation)" in an activated handler), "waiting on task 7 in
// L_000a, then L_0014" (without code: "waiting on task 7, then L_0014"), "idle at L_0000, waiting
// for an activation" (thread 1 between activations), "ended", "none" (thread 1 of a script_pc of
// 0).
std::string threadStateText(const sim::ScriptThread& thread, const loaders::SoupCode* code = nullptr);
// "L_0040 <- L_0012": the Gosub return addresses, innermost first; "" when empty.
std::string gosubStackText(const sim::ScriptThread& thread);
// "task 7 Walk: 12 ticks left (multitask)".
std::string taskText(const sim::ScriptProgram& program, const sim::ScriptTask& task);
// "Wait(12)".
std::string callText(const sim::ScriptCall& call);

// A world flag whose value differs from its value at load.
struct FlagChange {
    std::size_t id = 0;
    std::string name; // the DEF's, or flag:<id>
    std::int32_t value = 0, atLoad = 0;
};
std::vector<FlagChange> changedFlags(const sim::ScriptVm& vm, const std::vector<std::int32_t>& atLoad);
// "slot = value" for every non-zero attribute, named from the DEF ("attr 12" where it names none).
std::vector<std::string> attributeLines(const sim::ScriptProgram& program,
                                        const sim::ScriptInstanceState& state);
// "Name: count" per function called without a native, by DEF index.
std::vector<std::string> noopLines(const sim::ScriptVm& vm);

// The selected object's state in one line, as the autoplay's script actions print it: its threads' places
// (with the instruction text) and states, the tick, and its latest call.
std::string scriptStateLine(const ScriptDebugger& debugger, const sim::ScriptWorld& world);

} // namespace rgx::app
