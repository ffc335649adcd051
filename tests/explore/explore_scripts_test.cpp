// The explorer's script debugger (app/explore/script_debugger.h) and its Scripts panel, without a
// window: hand-assembled scripts whose ticks were worked out by hand, stepped, run to instruction
// and function breakpoints (one reached through a jump), the call log, the flags
// changed since the load; the panel drawn by Dear ImGui headless beside the other panels; and the
// script actions the windowed tests use.

#include "app/explore/explore_autoplay.h"
#include "app/explore/explore_layout.h"
#include "app/explore/explore_scripts_panel.h"
#include "app/explore/script_debugger.h"
#include "base/error.h"
#include "loaders/redguard/soup_asm.h"
#include "sim/script_world.h"
#include "tests/support/headless_imgui.h"

#include <gtest/gtest.h>
#include <imgui.h>

#include <string>

namespace rgx::app {
namespace {

// A scene with one object (node B_000_T) running `text`; thread 0 starts at label `start` when
// given (thread 1 then at 0).
scene::Scene handScene(const std::string& text, const std::string& start = "") {
    scene::Scene s;
    s.title = "hand";
    scene::SceneNode node;
    node.name = "B_000_T";
    s.nodes.push_back(node);
    loaders::SoupActorScript script;
    script.name = "T";
    script.code = loaders::assembleSoup(text, &loaders::gameSoupDef(), "t.soup");
    if (!start.empty()) {
        const std::size_t at = text.find(start + ":");
        script.scriptPc = static_cast<std::uint32_t>(
            loaders::assembleSoup(text.substr(0, at) + "\n", &loaders::gameSoupDef(), "t.soup").size());
    }
    script.variables.assign(4, 0);
    s.redguard.scripts.push_back(script);
    scene::ScriptObject o;
    o.node = 0;
    o.name = "T";
    s.redguard.scriptObjects.push_back(o);
    return s;
}

std::uint32_t offsetOf(const sim::ScriptWorld& w, std::size_t instruction) {
    return w.vm().program().code[0].instructions.at(instruction).offset;
}

struct Fixture {
    explicit Fixture(const std::string& text, const std::string& start = "")
        : scene(handScene(text, start)), world(scene, 12) {
        resetScriptDebugger(debugger, &world);
        selectScriptObject(debugger, 0);
    }
    scene::Scene scene;
    sim::ScriptWorld world;
    ScriptDebugger debugger;
};

// A loop whose test is reached by a jump, a statement a tick: var0 = var0 + 1 (tick 0), the Goto
// (1), the test (2), and again from start until var0 is 3 (ticks 3, 4, 5 ...).
const char* kLoop = "start:\n"
                    "var0 = var0 + 1\n"
                    "Goto check\n"
                    "check:\n"
                    "if var0 == 3 else start\n"
                    "var1 = 1\n"
                    "End\n";

TEST(ScriptWorldTicks, DueTicksCarriesTheRestAndRefusesBadSteps) {
    const scene::Scene s = handScene("End\n");
    sim::ScriptWorld w(s, 12);
    EXPECT_EQ(w.dueTicks(0.05), 0u); // 0.6 of a tick
    EXPECT_EQ(w.dueTicks(0.05), 1u); // 1.2
    EXPECT_EQ(w.dueTicks(1.0), 12u); // 12.2
    EXPECT_EQ(w.dueTicks(-1), 0u);
    EXPECT_EQ(w.dueTicks(std::numeric_limits<double>::quiet_NaN()), 0u);
    EXPECT_EQ(w.dueTicks(1e300), 3600u * 12u) << "an hour at most";
    EXPECT_EQ(w.vm().ticks(), 0u) << "due ticks are not run";
}

TEST(ScriptDebugger, ABreakpointOnATestReachedByAJumpStopsBeforeItsTick) {
    Fixture f(kLoop);
    const std::uint32_t test = offsetOf(f.world, 2);
    toggleBreakpoint(f.debugger, 0, test);
    runToBreakpoint(f.debugger);
    // Ticks 0 and 1 run var0 = 1 and the Goto; tick 2 would run the test.
    const std::optional<BreakpointHit> hit = advanceScripts(f.debugger, f.world, 1.0, {});
    ASSERT_TRUE(hit);
    EXPECT_EQ(hit->thread, 0);
    EXPECT_EQ(hit->offset, test);
    EXPECT_EQ(f.world.vm().ticks(), 2u) << "stopped before the tick, not after it";
    EXPECT_EQ(f.world.vm().instance(0).variables[0], 1);
    EXPECT_EQ(f.world.vm().instance(0).threads[0].pc, test) << "the Goto ran: about to test";
    EXPECT_TRUE(f.debugger.paused);
    EXPECT_FALSE(f.debugger.runToBreakpoint);
    EXPECT_EQ(describeHit(*hit, f.world.vm().ticks()), "stopped before tick 2: thread 0 is about to run " +
                                                           loaders::soupLabel(test) + " (breakpoint)");
    // Paused: time does not move it.
    EXPECT_FALSE(advanceScripts(f.debugger, f.world, 1.0, {}));
    EXPECT_EQ(f.world.vm().ticks(), 2u);
    // Run on: it leaves the breakpoint (the test jumps back, var0 = 2, the Goto) and stops before
    // the next tick that reaches it.
    runToBreakpoint(f.debugger);
    ASSERT_TRUE(advanceScripts(f.debugger, f.world, 1.0, {}));
    EXPECT_EQ(f.world.vm().ticks(), 5u);
    EXPECT_EQ(f.world.vm().instance(0).variables[0], 2);
    // The breakpoint off, the run goes to the end.
    toggleBreakpoint(f.debugger, 0, test);
    runToBreakpoint(f.debugger);
    EXPECT_FALSE(advanceScripts(f.debugger, f.world, 1.0, {}));
    EXPECT_EQ(f.world.vm().instance(0).variables[1], 1);
    EXPECT_TRUE(f.world.vm().instance(0).threads[0].ended);
}

TEST(ScriptDebugger, AFunctionBreakpointStopsBeforeTheCallAndTheLogKeepsCalls) {
    Fixture f("var0 = 1\n"
              "task Wait(2)\n"
              "var1 = 2\n"
              "lockoutPlayer(1)\n"
              "End\n");
    EXPECT_TRUE(addFunctionBreakpoint(f.debugger, f.world.vm().program(), " wait "));
    EXPECT_FALSE(addFunctionBreakpoint(f.debugger, f.world.vm().program(), "NoSuchFunction"));
    EXPECT_TRUE(addFunctionBreakpoint(f.debugger, f.world.vm().program(), "WAIT"))
        << "names match in any case";
    ASSERT_EQ(f.debugger.functionBreakpoints.size(), 2u) << "a name once";
    runToBreakpoint(f.debugger);
    f.debugger.leaving = false; // standing at no breakpoint: check the first tick too
    const std::optional<BreakpointHit> hit = advanceScripts(f.debugger, f.world, 1.0, {});
    ASSERT_TRUE(hit);
    EXPECT_EQ(hit->function, "Wait");
    EXPECT_EQ(hit->offset, offsetOf(f.world, 1));
    EXPECT_EQ(f.world.vm().ticks(), 1u);
    EXPECT_TRUE(f.debugger.calls.empty()) << "the call has not been made";
    // Stepped: the call runs and is logged with its tick and thread; the thread waits on its task.
    stepScripts(f.debugger, f.world, {});
    ASSERT_EQ(f.debugger.calls.size(), 1u);
    EXPECT_EQ(f.debugger.calls.back().tick, 1u);
    EXPECT_EQ(f.debugger.calls.back().thread, 0);
    EXPECT_EQ(f.debugger.calls.back().text, "Wait(2)");
    const sim::ScriptInstanceState& s = f.world.vm().instance(0);
    const std::string task = "waiting on task " + std::to_string(s.threads[0].waitingOn);
    EXPECT_EQ(threadStateText(s.threads[0]), task + ", then " + loaders::soupLabel(offsetOf(f.world, 2)));
    EXPECT_EQ(threadStateText(s.threads[0], &f.world.vm().program().code[0]),
              task + " in " + loaders::soupLabel(offsetOf(f.world, 1)) + ", then " +
                  loaders::soupLabel(offsetOf(f.world, 2)));
    EXPECT_EQ(waitingCall(f.world.vm().program().code[0], s.threads[0]), offsetOf(f.world, 1));
    EXPECT_FALSE(waitingCall(f.world.vm().program().code[0], s.threads[1]));
    ASSERT_EQ(s.tasks.size(), 1u);
    EXPECT_NE(taskText(f.world.vm().program(), s.tasks[0]).find(" Wait: "), std::string::npos)
        << taskText(f.world.vm().program(), s.tasks[0]);
    EXPECT_EQ(threadStateText(s.threads[1]), "none") << "script_pc 0: no thread 1";
    const std::string line = scriptStateLine(f.debugger, f.world);
    EXPECT_NE(line.find("tick 2; thread 0 waiting on task"), std::string::npos) << line;
    EXPECT_NE(line.find("`task Wait(2)`"), std::string::npos) << "the call it waits in: " << line;
    EXPECT_NE(line.find("last call Wait(2) at tick 1"), std::string::npos) << line;
    // Running on (not to a breakpoint) ignores the breakpoints; the no-op is counted by name.
    setScriptsPaused(f.debugger, false);
    advanceScripts(f.debugger, f.world, 1.0, {});
    EXPECT_EQ(f.debugger.calls.back().text, "lockoutPlayer(1)");
    const std::vector<std::string> noops = noopLines(f.world.vm());
    ASSERT_EQ(noops.size(), 1u);
    EXPECT_EQ(noops[0], "lockoutPlayer: 1");
}

TEST(ScriptDebugger, OffOrPausedNothingRunsAndTheLogKeepsTheNewest) {
    Fixture f("loop:\n"
              "lockoutPlayer(1)\n"
              "Goto loop\n");
    f.debugger.enabled = false;
    advanceScripts(f.debugger, f.world, 10.0, {});
    EXPECT_EQ(f.world.vm().ticks(), 0u);
    f.debugger.enabled = true;
    setScriptsPaused(f.debugger, true);
    advanceScripts(f.debugger, f.world, 10.0, {});
    EXPECT_EQ(f.world.vm().ticks(), 0u);
    setScriptsPaused(f.debugger, false);
    advanceScripts(f.debugger, f.world, 60.0, {}); // 720 ticks, a call every other (the Goto's)
    EXPECT_EQ(f.world.vm().ticks(), 720u);
    ASSERT_EQ(f.debugger.calls.size(), kScriptCallLogLines);
    EXPECT_EQ(f.debugger.calls.back().tick, 718u);
    // Another object selected: its log starts empty; none selected, the run still goes on.
    selectScriptObject(f.debugger, -1);
    EXPECT_TRUE(f.debugger.calls.empty());
    runToBreakpoint(f.debugger);
    advanceScripts(f.debugger, f.world, 1.0, {});
    EXPECT_EQ(f.world.vm().ticks(), 732u);
    EXPECT_TRUE(f.debugger.calls.empty()) << "no object traced";
}

TEST(ScriptDebugger, TheHitIsTheFirstThreadsAndAWaitingThreadHitsNothing) {
    sim::ScriptTrace trace;
    sim::ScriptThreadTick t1;
    t1.thread = 1;
    t1.pc = 4;
    t1.state = sim::ScriptThreadTick::Ran;
    sim::ScriptThreadTick t0;
    t0.thread = 0;
    t0.pc = 9;
    t0.state = sim::ScriptThreadTick::Ran;
    t0.calls.push_back({"Wait", 3, {2}});
    trace.threads = {t1, t0};
    EXPECT_FALSE(findBreakpointHit(trace, {}, {}));
    auto hit = findBreakpointHit(trace, {9}, {});
    ASSERT_TRUE(hit);
    EXPECT_EQ(hit->thread, 0);
    hit = findBreakpointHit(trace, {4}, {});
    ASSERT_TRUE(hit);
    EXPECT_EQ(hit->thread, 1);
    hit = findBreakpointHit(trace, {4, 9}, {});
    ASSERT_TRUE(hit);
    EXPECT_EQ(hit->thread, 0); // thread 0 first
    hit = findBreakpointHit(trace, {}, {"wait"});
    ASSERT_TRUE(hit);
    EXPECT_EQ(hit->function, "Wait");
    EXPECT_EQ(hit->offset, 9u);
    trace.threads[0].state = sim::ScriptThreadTick::Waiting; // thread 1 waiting: it ran nothing
    EXPECT_FALSE(findBreakpointHit(trace, {4}, {}));
    trace.threads[0].state = sim::ScriptThreadTick::Idle; // nor when idle
    EXPECT_FALSE(findBreakpointHit(trace, {4}, {}));
}

TEST(ScriptDebugger, TwoThreadsGosubAndTheDisassembly) {
    Fixture f("var1 = var1 + 1\n"
              "Endint\n"
              "main:\n"
              "Gosub sub\n"
              "End\n"
              "sub:\n"
              "task Wait(5)\n"
              "Return\n",
              "main");
    const std::vector<ScriptLine> lines = scriptLines(f.world.vm().program(), 0);
    ASSERT_EQ(lines.size(), 6u);
    EXPECT_EQ(lines[0].text, "L_0000  var1 = var1 + 1");
    EXPECT_EQ(lines[5].text.substr(0, 8), loaders::soupLabel(lines[5].offset) + "  ");
    EXPECT_NE(lines[4].text.find("task Wait(5)"), std::string::npos) << lines[4].text;
    for (std::size_t i = 0; i < lines.size(); ++i)
        EXPECT_EQ(lineAt(lines, lines[i].offset), static_cast<int>(i));
    EXPECT_EQ(lineAt(lines, lines[0].offset + 1), -1);
    const std::string idle = "idle at L_0000, waiting for an activation";
    stepScripts(f.debugger, f.world, {}); // tick 0: the Gosub
    const sim::ScriptInstanceState& s = f.world.vm().instance(0);
    EXPECT_EQ(threadStateText(s.threads[0]), "running at " + loaders::soupLabel(lines[4].offset));
    EXPECT_EQ(gosubStackText(s.threads[0]), loaders::soupLabel(lines[3].offset));
    EXPECT_EQ(threadStateText(s.threads[1]), idle) << "the handler waits for an activation";
    stepScripts(f.debugger, f.world, {}); // tick 1: the task
    EXPECT_EQ(threadStateText(s.threads[0]).substr(0, 16), "waiting on task ");
    EXPECT_EQ(f.world.activate(0), sim::ActivateResult::Started);
    stepScripts(f.debugger, f.world, {}); // tick 2: the handler's first statement
    EXPECT_EQ(threadStateText(s.threads[1]),
              "running at " + loaders::soupLabel(lines[1].offset) + " (an activation)");
    stepScripts(f.debugger, f.world, {}); // tick 3: Endint
    EXPECT_EQ(threadStateText(s.threads[1]), idle);
    EXPECT_EQ(s.variables[1], 1);
}

TEST(ScriptDebugger, FlagsChangedSinceTheLoadAndAttributesByName) {
    scene::Scene scene = handScene("flag:TimeOfDay = 5\n"
                                   "SetGlobalFlag(#3)\n"
                                   "End\n");
    scene.redguard.scripts[0].attributes[3] = 7;
    sim::ScriptWorld world(scene, 12);
    ScriptDebugger d;
    resetScriptDebugger(d, &world);
    selectScriptObject(d, 0);
    EXPECT_TRUE(changedFlags(world.vm(), d.flagsAtLoad).empty());
    stepScripts(d, world, {});
    stepScripts(d, world, {});
    const std::vector<FlagChange> changes = changedFlags(world.vm(), d.flagsAtLoad);
    ASSERT_EQ(changes.size(), 2u);
    EXPECT_EQ(changes[0].name, "TimeOfDay");
    EXPECT_EQ(changes[0].value, 5);
    EXPECT_EQ(changes[0].atLoad, 1);
    EXPECT_EQ(changes[1].id, 3u);
    EXPECT_EQ(changes[1].value, 1);
    const std::vector<std::string> attributes = attributeLines(world.vm().program(), world.vm().instance(0));
    ASSERT_EQ(attributes.size(), 1u);
    const std::string& slot3 = world.vm().program().def.attributes.at(3);
    EXPECT_EQ(attributes[0], (slot3.empty() ? "attr 3" : slot3) + " = 7");
    // A new world: everything afresh but "Scripts on".
    d.enabled = false;
    toggleBreakpoint(d, 0, 0);
    resetScriptDebugger(d, &world);
    EXPECT_FALSE(d.enabled);
    EXPECT_TRUE(d.breakpoints.empty());
    EXPECT_EQ(d.selected, -1);
    EXPECT_EQ(d.flagsAtLoad, world.vm().flags());
}

TEST(ScriptDebugger, OffsetsAreLabelsHexOrDecimal) {
    EXPECT_EQ(parseScriptOffset("L_0012"), 0x12u);
    EXPECT_EQ(parseScriptOffset("0x12"), 0x12u);
    EXPECT_EQ(parseScriptOffset("0XaB"), 0xABu);
    EXPECT_EQ(parseScriptOffset("18"), 18u);
    EXPECT_FALSE(parseScriptOffset(""));
    EXPECT_FALSE(parseScriptOffset("L_"));
    EXPECT_FALSE(parseScriptOffset("1a"));
    EXPECT_FALSE(parseScriptOffset("-1"));
    EXPECT_FALSE(parseScriptOffset("0x100000000"));
    EXPECT_EQ(parseScriptOffset("4294967295"), 0xFFFFFFFFu);
}

TEST(ScriptDebugger, ObjectsAreNamedByNodeAndScript) {
    scene::Scene s = handScene("End\n");
    EXPECT_EQ(scriptObjectLabel(s, 0), "B_000_T (T)");
    EXPECT_EQ(scriptObjectOfNode(s, 0), 0);
    EXPECT_EQ(scriptObjectOfNode(s, 1), -1);
    EXPECT_EQ(scriptObjectOfNode(s, -1), -1);
    // A picked actor that runs a script selects it; one that does not leaves the selection.
    s.nodes.push_back(s.nodes[0]);
    s.redguard.actors.resize(2);
    s.redguard.actors[0].node = 1;
    s.redguard.actors[1].node = 0;
    ScriptPanelState panel;
    followActorSelection(panel, &s, 0);
    EXPECT_EQ(panel.debugger.selected, -1);
    followActorSelection(panel, &s, 1);
    EXPECT_EQ(panel.debugger.selected, 0);
    followActorSelection(panel, &s, 0);
    EXPECT_EQ(panel.debugger.selected, 0);
}

// ---- The script actions ---------------------------------------------------------------------------

AutoplayAction action(const std::string& text) {
    return parseAutoplay("1:" + text).at(0);
}

std::string actionError(ScriptPanelState& panel, const scene::Scene* scene, sim::ScriptWorld* world,
                        const std::string& text) {
    try {
        applyScriptsPanelAction(action(text), panel, scene, world, {});
    } catch (const Error& e) {
        return e.what();
    }
    return "";
}

TEST(ExploreScriptsAutoplay, StepBreakAndPrintTheSelectedObject) {
    Fixture f(kLoop);
    ScriptPanelState panel;
    resetScriptPanel(panel, &f.world);
    sim::ScriptWorld* w = &f.world;
    EXPECT_NE(actionError(panel, &f.scene, w, "scriptstep=1").find("no script object selected"),
              std::string::npos);
    EXPECT_NE(actionError(panel, &f.scene, w, "scriptobject=1").find("from 0 to 0"), std::string::npos);
    EXPECT_NE(actionError(panel, &f.scene, nullptr, "scriptobject=0").find("no scripted objects"),
              std::string::npos);
    EXPECT_EQ(applyScriptsPanelAction(action("scriptobject=0"), panel, &f.scene, w, {}),
              "script object 0 B_000_T (T): 5 instructions");
    EXPECT_EQ(panel.setOpen, true);
    const std::string stepped = applyScriptsPanelAction(action("scriptstep=2"), panel, &f.scene, w, {});
    EXPECT_EQ(stepped.rfind("scripts stepped 2 ticks, paused: tick 2; thread 0 running at ", 0), 0u)
        << stepped;
    const std::string test = loaders::soupLabel(offsetOf(f.world, 2));
    EXPECT_EQ(applyScriptsPanelAction(action("scriptbreak=" + test), panel, &f.scene, w, {}),
              "breakpoint " + test + " on: if var0 == 3 else L_0000");
    EXPECT_NE(actionError(panel, &f.scene, w, "scriptbreak=0x1").find("no instruction"), std::string::npos);
    EXPECT_EQ(applyScriptsPanelAction(action("scriptrun=breakpoint"), panel, &f.scene, w, {}),
              "scripts run to a breakpoint at tick 2");
    // It leaves the test it stands before (tick 2), runs var0 = 2 and the Goto, and stops before
    // the test again.
    ASSERT_TRUE(advanceScripts(panel.debugger, f.world, 1.0, {}));
    EXPECT_EQ(f.world.vm().ticks(), 5u);
    EXPECT_NE(
        applyScriptsPanelAction(action("scriptprint=1"), panel, &f.scene, w, {}).find("scripts: tick 5;"),
        std::string::npos);
    EXPECT_EQ(applyScriptsPanelAction(action("scriptbreakfn=Wait"), panel, &f.scene, w, {}),
              "function breakpoint Wait");
    EXPECT_EQ(applyScriptsPanelAction(action("scriptson=0"), panel, nullptr, nullptr, {}),
              "scripts off: the world as placed");
    EXPECT_FALSE(panel.debugger.enabled);
}

TEST(ExploreScriptsAutoplay, ActivateRunsTheSelectedObjectsHandlerFromTheNextTick) {
    Fixture f("var1 = var1 + 1\n"
              "Endint\n"
              "main:\n"
              "task Wait(100)\n"
              "Goto main\n",
              "main");
    ScriptPanelState panel;
    resetScriptPanel(panel, &f.world);
    sim::ScriptWorld* w = &f.world;
    EXPECT_NE(actionError(panel, &f.scene, w, "activate=1").find("from 0 to 0"), std::string::npos);
    EXPECT_EQ(applyScriptsPanelAction(action("activate=0"), panel, &f.scene, w, {}),
              "activated B_000_T (T) before tick 0: its interrupt handler runs from 0");
    EXPECT_EQ(panel.debugger.selected, 0);
    EXPECT_EQ(panel.note.rfind("activated", 0), 0u) << "the panel says it too";
    const std::string stepped = applyScriptsPanelAction(action("scriptstep=1"), panel, &f.scene, w, {});
    EXPECT_NE(
        stepped.find("thread 1 running at " + loaders::soupLabel(offsetOf(f.world, 1)) + " (an activation)"),
        std::string::npos)
        << stepped;
    EXPECT_EQ(f.world.vm().instance(0).variables[1], 1);
    applyScriptsPanelAction(action("scriptstep=1"), panel, &f.scene, w, {});
    EXPECT_TRUE(f.world.vm().instance(0).threads[1].idle);
    // The activation is part of the run: scrubbed back and forth, the world shows it again.
    f.world.setTime(0);
    EXPECT_EQ(f.world.vm().instance(0).variables[1], 0);
    f.world.setTime(1);
    EXPECT_EQ(f.world.vm().instance(0).variables[1], 1);
    // Nothing selected: nothing activated.
    selectScriptObject(panel.debugger, -1);
    EXPECT_EQ(activateSelected(panel.debugger, f.world, f.scene), "no script object selected");
}

TEST(ExploreScriptsAutoplay, ValuesAreCheckedBeforeTheRun) {
    const auto actions = parseAutoplay("1:scripts=open;2:scriptson=0;3:scriptobject=4;4:scriptstep=3;"
                                       "5:scriptrun=breakpoint;6:scriptbreak=L_001a;7:scriptbreakfn=Wait;"
                                       "8:scriptprint=1;9:activate=2");
    EXPECT_EQ(actions.size(), 9u);
    for (const auto& [text, part] :
         {std::pair{"3:scriptstep=0", "scriptstep: expected a whole number from 1"},
          {"3:scriptrun=go", "scriptrun: expected run, pause, breakpoint"},
          {"3:scriptbreak=L_zz", "scriptbreak: expected an offset"},
          {"3:scriptbreakfn=", "scriptbreakfn: expected a function name"},
          {"3:scriptson=2", "scriptson: expected 0, 1"},
          {"3:activate=me", "activate: expected a whole number"},
          {"3:scripts=maybe", "scripts: expected open, closed"}}) {
        try {
            parseAutoplay(text);
            ADD_FAILURE() << text << " was taken";
        } catch (const Error& e) {
            EXPECT_NE(std::string(e.what()).find(part), std::string::npos) << text << " -> " << e.what();
        }
    }
}

// ---- The panel, drawn by Dear ImGui without a window ----------------------------------------------

using HeadlessImGui = rgx::testing::HeadlessImGuiContext;

// The panel open over a selected object with breakpoints, stepping between frames: it draws
// (thread PCs, the disassembly, the logs), and with the other side panels open the column's
// titles stay inside the window and uncovered at every size.
TEST(ExploreScriptsPanel, DrawsBesideTheOtherPanelsAtEverySize) {
    HeadlessImGui imgui;
    Fixture f(kLoop);
    ScriptPanelState panel;
    resetScriptPanel(panel, &f.world);
    selectScriptObject(panel.debugger, 0);
    toggleBreakpoint(panel.debugger, 0, offsetOf(f.world, 2));
    addFunctionBreakpoint(panel.debugger, f.world.vm().program(), "Wait");
    panel.setOpen = true;
    for (const auto& [w, h] :
         {std::pair{1280.0f, 720.0f}, {640.0f, 360.0f}, {400.0f, 300.0f}, {1920.0f, 1080.0f}}) {
        for (int frame = 0; frame < 3; ++frame) {
            ImGuiIO& io = ImGui::GetIO();
            io.DisplaySize = ImVec2(w, h);
            io.DeltaTime = 1.0f / 30;
            ImGui::NewFrame();
            LayoutInput in;
            in.width = w;
            in.height = h;
            in.titleHeight = ImGui::GetFrameHeight();
            in.profilerOpen = true;
            in.actorsOpen = true;
            in.scriptsOpen = panel.setOpen.value_or(panel.open);
            const PanelPlan plan = planPanels(in);
            std::vector<PanelShown> shown = {{"Profiler", plan.profiler, in.titleHeight, false}};
            drawScriptsPanel(panel, &f.scene, &f.world, {}, plan.scripts, shown);
            shown.push_back({"Actors", plan.actors, in.titleHeight, false});
            ImGui::Render();
            stepScripts(panel.debugger, f.world, {});
            ASSERT_EQ(shown.size(), 3u);
            EXPECT_EQ(shown[1].name, "Scripts");
            if (frame > 0) {
                EXPECT_FALSE(shown[1].collapsed) << w << "x" << h;
            }
            const auto problems = panelProblems(shown, w, h);
            EXPECT_TRUE(problems.empty()) << w << "x" << h << ": " << problems.front();
        }
    }
    EXPECT_TRUE(panel.open);
    EXPECT_EQ(panel.lines.size(), 5u) << "the disassembly was made for the object's script";
}

// The tiling with the Scripts panel in the right column: no title covered or outside the window,
// whichever panels are open, and the selected actor kept clear of the Actors panel.
TEST(ExploreLayout, TheScriptsPanelTilesWithTheOthers) {
    for (const auto& [w, h] :
         {std::pair{1280.0f, 720.0f}, {800.0f, 600.0f}, {400.0f, 300.0f}, {320.0f, 240.0f}})
        for (int open = 0; open < 8; ++open) {
            LayoutInput in;
            in.width = w;
            in.height = h;
            in.profilerOpen = open & 1;
            in.scriptsOpen = open & 2;
            in.actorsOpen = open & 4;
            const PanelPlan plan = planPanels(in);
            const std::vector<PanelShown> shown = {
                {"rgx explore", plan.main, in.titleHeight, false},
                {"Profiler", plan.profiler, in.titleHeight, !in.profilerOpen},
                {"Scripts", plan.scripts, in.titleHeight, !in.scriptsOpen},
                {"Actors", plan.actors, in.titleHeight, !in.actorsOpen}};
            const auto problems = panelProblems(shown, w, h);
            EXPECT_TRUE(problems.empty()) << w << "x" << h << " open " << open << ": " << problems.front();
            EXPECT_LE(plan.profiler.bottom(), plan.scripts.y);
            EXPECT_LE(plan.scripts.bottom(), plan.actors.y);
            if (in.scriptsOpen && h >= 600) {
                EXPECT_GE(plan.scripts.h, 150) << w << "x" << h << " open " << open;
            }
        }
    LayoutInput in;
    in.width = 1280;
    in.height = 720;
    in.profilerOpen = in.scriptsOpen = in.actorsOpen = true;
    in.keepClear = Rect{1000, 300, 80, 60};
    const PanelPlan plan = planPanels(in);
    EXPECT_FALSE(plan.actors.intersects(*in.keepClear));
}

} // namespace
} // namespace rgx::app
