#pragma once
// The explorer's "Scripts" panel: the script debugger (app/explore/script_debugger.h) for one
// scripted object, picked from a list of every Scene::redguard.scriptObjects entry or by picking
// its actor in the world. Its disassembly with each thread's PC highlighted (and kept in view) and
// breakpoints set by clicking a line; its threads, Gosub stacks, tasks, variables and attributes;
// the world's flags changed since the load; its last calls; the VM's events and the functions
// called that do nothing yet. Pause / run, step a tick, run to a breakpoint, Activate (the
// player's "use": the object's interrupt handler runs; key F does the same), and "Scripts on"
// (off: the world drawn as placed, the actors' animation alone). And the autoplay actions that
// do the same in tests (app/explore/explore_autoplay.h).

#include "app/explore/explore_autoplay.h"
#include "app/explore/explore_layout.h"
#include "app/explore/script_debugger.h"
#include "scene/scene_graph.h"
#include "sim/script_world.h"

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace rgx::app {

struct ScriptPanelState {
    ScriptDebugger debugger;
    std::optional<bool> setOpen; // open (true) or fold the panel at its next draw
    bool open = false;           // as drawn last (planPanels places it by this)
    bool followPc = true;        // the disassembly scrolls to a PC that moved out of view
    // The selected object's disassembly, made once per world and script (clearScriptLines).
    std::vector<ScriptLine> lines;
    std::optional<std::size_t> linesScript;
    std::array<int, 2> scrolledTo{-1, -1}; // the PC lines the view last followed
    std::array<char, 64> function{};       // the function breakpoint's text box
    std::string note;                      // what the last button or action said
};

// A new world: the debugger afresh (keeping "Scripts on"), the cached disassembly dropped.
void resetScriptPanel(ScriptPanelState& state, const sim::ScriptWorld* world);

// Selects script object `index` when the actor picked (Scene::redguard.actors index) is one; -1
// and actors that run no script leave the selection as it is.
void followActorSelection(ScriptPanelState& state, const scene::Scene* scene, int actor);

// The "Scripts" window (folded until opened). scene and world may be null (no scene yet, or no
// scripted objects). Steps run with `player`.
void drawScriptsPanel(ScriptPanelState& state, const scene::Scene* scene, sim::ScriptWorld* world,
                      const sim::ScriptPlayer& player, const Rect& place, std::vector<PanelShown>& shown);

// The autoplay's Scripts panel actions: scriptson=0|1, scriptobject=INDEX, scriptstep=N, scriptrun=run|pause|
// breakpoint, scriptbreak=OFFSET (toggles one), scriptbreakfn=NAME, scriptprint=1, activate=INDEX
// (selects script object INDEX and activates it, as its Activate button). Returns the
// line to log; throws autoplayError (its source and entry) for a value the scene
// refuses (no scripted object, no selection, no instruction at the offset).
bool isScriptAction(const std::string& key);
std::string applyScriptsPanelAction(const AutoplayAction& action, ScriptPanelState& state,
                                    const scene::Scene* scene, sim::ScriptWorld* world,
                                    const sim::ScriptPlayer& player);

} // namespace rgx::app
