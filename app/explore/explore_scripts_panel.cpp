#include "app/explore/explore_scripts_panel.h"

#include "app/commands/game_options.h"
#include "base/error.h"
#include "loaders/redguard/soup_asm.h"

#include <imgui.h>

#include <algorithm>
#include <cstdio>

namespace rgx::app {

namespace {

// Thread 0's PC amber, thread 1's blue: the disassembly's highlight and the threads' lines.
const ImVec4 kThreadColour[2] = {ImVec4(0.85f, 0.62f, 0.10f, 0.60f), ImVec4(0.15f, 0.55f, 0.90f, 0.60f)};
const ImVec4 kThreadText[2] = {ImVec4(1.0f, 0.80f, 0.35f, 1.0f), ImVec4(0.45f, 0.75f, 1.0f, 1.0f)};
const ImVec4 kProblem(1, 0.4f, 0.4f, 1);
const ImVec4 kStopped(1, 0.9f, 0.3f, 1);
constexpr std::size_t kEventsShown = 200;

std::optional<std::size_t> selectedInstance(const ScriptPanelState& state, const sim::ScriptWorld& world) {
    const int k = state.debugger.selected;
    if (k < 0 || static_cast<std::size_t>(k) >= world.vm().instanceCount()) return std::nullopt;
    return static_cast<std::size_t>(k);
}

// The selected object's disassembly, made again only when the script changes.
const std::vector<ScriptLine>& linesOf(ScriptPanelState& state, const sim::ScriptProgram& program,
                                       std::size_t script) {
    if (state.linesScript != script) {
        state.lines = scriptLines(program, script);
        state.linesScript = script;
        state.scrolledTo = {-1, -1};
    }
    return state.lines;
}

void controls(ScriptPanelState& state, const scene::Scene* scene, sim::ScriptWorld* world,
              const sim::ScriptPlayer& player) {
    ScriptDebugger& d = state.debugger;
    ImGui::Checkbox("Scripts on", &d.enabled);
    if (!world) {
        ImGui::TextDisabled("no scripted objects in this world");
        return;
    }
    ImGui::BeginDisabled(!d.enabled);
    ImGui::SameLine();
    if (ImGui::Button(d.paused ? "Run" : "Pause")) setScriptsPaused(d, !d.paused);
    ImGui::SameLine();
    if (ImGui::Button("Step tick")) stepScripts(d, *world, player);
    ImGui::SameLine();
    if (ImGui::Button("Run to breakpoint")) runToBreakpoint(d);
    ImGui::EndDisabled();
    ImGui::BeginDisabled(!d.enabled || d.selected < 0 || !scene);
    if (ImGui::Button("Activate") && scene) state.note = activateSelected(d, *world, *scene);
    if (ImGui::IsItemHovered(ImGuiHoveredFlags_AllowWhenDisabled))
        ImGui::SetTooltip("The player's \"use\" on the selected object (key F): its interrupt handler,\n"
                          "thread 1, runs from 0 from the next tick until Endint");
    ImGui::EndDisabled();
    const char* mode = !d.enabled          ? "off: the world as placed"
                       : d.paused          ? "paused"
                       : d.runToBreakpoint ? "running to a breakpoint"
                                           : "running";
    ImGui::Text("tick %llu (%.2f s at %.0f ticks/s), %s",
                static_cast<unsigned long long>(world->vm().ticks()), world->seconds(),
                world->ticksPerSecond(), mode);
    if (d.hit) {
        ImGui::PushTextWrapPos(0);
        ImGui::TextColored(kStopped, "%s", describeHit(*d.hit, world->vm().ticks()).c_str());
        ImGui::PopTextWrapPos();
    }
}

void objectCombo(ScriptPanelState& state, const scene::Scene& scene) {
    const int selected = state.debugger.selected;
    const std::string preview =
        selected >= 0 && static_cast<std::size_t>(selected) < scene.redguard.scriptObjects.size()
            ? std::to_string(selected) + ": " + scriptObjectLabel(scene, static_cast<std::size_t>(selected))
            : "(pick one here or its actor in the world)";
    if (!ImGui::BeginCombo("object", preview.c_str())) return;
    for (std::size_t k = 0; k < scene.redguard.scriptObjects.size(); ++k) {
        const std::string label =
            std::to_string(k) + ": " + scriptObjectLabel(scene, k) + "##so" + std::to_string(k);
        const bool is = selected == static_cast<int>(k);
        if (ImGui::Selectable(label.c_str(), is)) selectScriptObject(state.debugger, static_cast<int>(k));
        if (is) ImGui::SetItemDefaultFocus();
    }
    ImGui::EndCombo();
}

void threadsView(const sim::ScriptInstanceState& s, const loaders::SoupCode& code) {
    for (int t = 0; t < 2; ++t) {
        const sim::ScriptThread& th = s.threads[static_cast<std::size_t>(t)];
        ImGui::TextColored(kThreadText[t], "thread %d: %s", t, threadStateText(th, &code).c_str());
        if (const std::string stack = gosubStackText(th); !stack.empty())
            ImGui::TextWrapped("  Gosub returns to %s", stack.c_str());
    }
    if (s.stopped) ImGui::TextColored(kProblem, "its script stopped (see the events)");
    if (s.syncWaiting) ImGui::TextUnformatted("waiting for its group (SyncWithGroup)");
}

void disassemblyView(ScriptPanelState& state, const sim::ScriptWorld& world, std::size_t instance) {
    const sim::ScriptProgram& program = world.vm().program();
    const std::size_t script = program.instances[instance].script;
    const std::vector<ScriptLine>& lines = linesOf(state, program, script);
    const sim::ScriptInstanceState& s = world.vm().instance(instance);
    std::array<int, 2> pcLine{-1, -1};
    for (int t = 0; t < 2; ++t) {
        const sim::ScriptThread& th = s.threads[static_cast<std::size_t>(t)];
        // A waiting thread is shown in the call it waits in (its PC is already past it).
        if (th.exists && !th.ended)
            pcLine[static_cast<std::size_t>(t)] =
                lineAt(lines, waitingCall(program.code[script], th).value_or(th.pc));
    }
    const auto bps = state.debugger.breakpoints.find(script);
    ImGui::Text("%zu instructions (click one: breakpoint)", lines.size());
    ImGui::SameLine();
    ImGui::Checkbox("follow PC", &state.followPc);
    if (!program.complete[script]) ImGui::TextColored(kProblem, "the listing stops at bad bytecode");
    const float lh = ImGui::GetTextLineHeightWithSpacing();
    ImGui::BeginChild("disassembly", ImVec2(0, lh * 14 + ImGui::GetStyle().WindowPadding.y * 2), true,
                      ImGuiWindowFlags_HorizontalScrollbar);
    // A PC that moved out of view brings the view to it (thread 0's first), centred; one still in
    // view is left where the reader scrolled.
    if (state.followPc && pcLine != state.scrolledTo) {
        const int target = pcLine[0] >= 0 ? pcLine[0] : pcLine[1];
        const float view = ImGui::GetWindowHeight() - ImGui::GetStyle().WindowPadding.y * 2;
        const float y = static_cast<float>(target) * lh, top = ImGui::GetScrollY();
        if (target >= 0 && (y < top || y + lh > top + view)) ImGui::SetScrollY(std::max(0.0f, y - view / 2));
    }
    state.scrolledTo = pcLine;
    ImDrawList* draw = ImGui::GetWindowDrawList();
    const float radius = ImGui::GetFontSize() * 0.3f;
    const float indent = radius * 2 + ImGui::GetStyle().ItemSpacing.x;
    ImGuiListClipper clipper;
    clipper.Begin(static_cast<int>(lines.size()), lh);
    while (clipper.Step())
        for (int i = clipper.DisplayStart; i < clipper.DisplayEnd; ++i) {
            const ScriptLine& line = lines[static_cast<std::size_t>(i)];
            const bool pc0 = pcLine[0] == i, pc1 = pcLine[1] == i;
            const bool breakpoint = bps != state.debugger.breakpoints.end() && bps->second.count(line.offset);
            const std::string text = std::string(pc0 ? "0" : " ") + (pc1 ? "1" : " ") + " " + line.text;
            ImGui::PushID(i);
            if (pc0 || pc1) ImGui::PushStyleColor(ImGuiCol_Header, kThreadColour[pc0 ? 0 : 1]);
            const ImVec2 at = ImGui::GetCursorScreenPos();
            const float width =
                std::max(ImGui::GetContentRegionAvail().x, indent + ImGui::CalcTextSize(text.c_str()).x);
            if (ImGui::Selectable("##line", pc0 || pc1, ImGuiSelectableFlags_None, ImVec2(width, 0)))
                toggleBreakpoint(state.debugger, script, line.offset);
            if (pc0 || pc1) ImGui::PopStyleColor();
            draw->AddText(ImVec2(at.x + indent, at.y), ImGui::GetColorU32(ImGuiCol_Text), text.c_str());
            if (breakpoint)
                draw->AddCircleFilled(ImVec2(at.x + radius, at.y + ImGui::GetFontSize() / 2), radius,
                                      IM_COL32(230, 60, 60, 255));
            ImGui::PopID();
        }
    clipper.End();
    ImGui::EndChild();
}

void functionBreakpoints(ScriptPanelState& state, const sim::ScriptProgram& program) {
    ScriptDebugger& d = state.debugger;
    ImGui::SetNextItemWidth(ImGui::GetContentRegionAvail().x * 0.5f);
    const bool entered = ImGui::InputText("##function", state.function.data(), state.function.size(),
                                          ImGuiInputTextFlags_EnterReturnsTrue);
    ImGui::SameLine();
    if ((ImGui::Button("break on call") || entered) && state.function[0]) {
        const std::string name = state.function.data();
        state.note = addFunctionBreakpoint(d, program, name)
                         ? ""
                         : "no function " + name + " in this world's DEF (kept: calls match it by name)";
        state.function.fill(0);
    }
    if (!state.note.empty()) ImGui::TextWrapped("%s", state.note.c_str());
    for (std::size_t f = 0; f < d.functionBreakpoints.size(); ++f) {
        ImGui::PushID(static_cast<int>(f));
        const bool remove = ImGui::SmallButton("x");
        ImGui::SameLine();
        ImGui::Text("break on %s", d.functionBreakpoints[f].c_str());
        ImGui::PopID();
        if (remove) {
            d.functionBreakpoints.erase(d.functionBreakpoints.begin() + static_cast<std::ptrdiff_t>(f));
            break;
        }
    }
    std::size_t count = 0;
    for (const auto& [script, offsets] : d.breakpoints)
        count += offsets.size();
    if (count) {
        ImGui::Text("%zu instruction breakpoints", count);
        ImGui::SameLine();
        if (ImGui::SmallButton("clear")) d.breakpoints.clear();
    }
}

// A list in a child of up to `rows` lines; `keepNewest` scrolls to its end.
template <typename Each>
void listChild(const char* id, std::size_t count, int rows, bool keepNewest, Each each) {
    const float lh = ImGui::GetTextLineHeightWithSpacing();
    const float h =
        lh * static_cast<float>(std::clamp<std::size_t>(count, 1, static_cast<std::size_t>(rows))) +
        ImGui::GetStyle().WindowPadding.y * 2;
    ImGui::BeginChild(id, ImVec2(0, h), true, ImGuiWindowFlags_HorizontalScrollbar);
    for (std::size_t i = 0; i < count; ++i)
        each(i);
    if (keepNewest && ImGui::GetScrollY() >= ImGui::GetScrollMaxY() - lh) ImGui::SetScrollHereY(1.0f);
    ImGui::EndChild();
}

void objectState(const sim::ScriptWorld& world, std::size_t instance) {
    const sim::ScriptProgram& program = world.vm().program();
    const sim::ScriptInstanceState& s = world.vm().instance(instance);
    const sim::ScriptObjectState& o = s.object;
    ImGui::TextWrapped("at %.0f, %.0f, %.0f (engine), yaw %.0f%s%s%s", o.position.x, o.position.y,
                       o.position.z, o.angles[1], o.hidden ? ", hidden" : "", o.disabled ? ", disabled" : "",
                       o.killed ? ", killed" : "");
    ImGui::Text("%zu tasks", s.tasks.size());
    for (const sim::ScriptTask& task : s.tasks)
        ImGui::BulletText("%s", taskText(program, task).c_str());
    std::string vars;
    for (std::size_t v = 0; v < s.variables.size(); ++v)
        vars += (v ? ", " : "") + ("var" + std::to_string(v)) + " = " + std::to_string(s.variables[v]);
    ImGui::TextWrapped("%zu variables%s%s", s.variables.size(), vars.empty() ? "" : ": ", vars.c_str());
    const std::vector<std::string> attributes = attributeLines(program, s);
    std::string attrs;
    for (const std::string& a : attributes)
        attrs += (attrs.empty() ? "" : ", ") + a;
    ImGui::TextWrapped("%zu attributes not 0%s%s", attributes.size(), attrs.empty() ? "" : ": ",
                       attrs.c_str());
}

void worldViews(ScriptPanelState& state, const sim::ScriptWorld& world) {
    const sim::ScriptVm& vm = world.vm();
    const std::vector<FlagChange> flags = changedFlags(vm, state.debugger.flagsAtLoad);
    const std::string flagsTitle =
        "Flags changed since the load (" + std::to_string(flags.size()) + ")###flags";
    if (ImGui::CollapsingHeader(flagsTitle.c_str()))
        listChild("flags", flags.size(), 8, false, [&](std::size_t i) {
            ImGui::Text("%s = %d (was %d)", flags[i].name.c_str(), flags[i].value, flags[i].atLoad);
        });
    const std::deque<ScriptCallLine>& calls = state.debugger.calls;
    const std::string callsTitle = "Calls of this object (" + std::to_string(calls.size()) + ")###calls";
    if (ImGui::CollapsingHeader(callsTitle.c_str(), ImGuiTreeNodeFlags_DefaultOpen))
        listChild("calls", calls.size(), 8, true, [&](std::size_t i) {
            ImGui::TextColored(kThreadText[calls[i].thread & 1], "tick %llu  t%d  %s",
                               static_cast<unsigned long long>(calls[i].tick), calls[i].thread,
                               calls[i].text.c_str());
        });
    const std::vector<sim::ScriptEvent>& events = vm.events();
    const std::size_t first = events.size() > kEventsShown ? events.size() - kEventsShown : 0;
    const std::string eventsTitle = "VM events (" + std::to_string(events.size()) + ")###events";
    if (ImGui::CollapsingHeader(eventsTitle.c_str(), events.empty() ? 0 : ImGuiTreeNodeFlags_DefaultOpen))
        listChild("events", events.size() - first, 6, true, [&](std::size_t i) {
            const sim::ScriptEvent& e = events[first + i];
            ImGui::TextColored(kProblem, "tick %llu  %s", static_cast<unsigned long long>(e.tick),
                               e.text.c_str());
        });
    const std::vector<std::string> noops = noopLines(vm);
    const std::string noopTitle =
        "Functions called that do nothing (" + std::to_string(noops.size()) + ")###noops";
    if (ImGui::CollapsingHeader(noopTitle.c_str()))
        listChild("noops", noops.size(), 8, false,
                  [&](std::size_t i) { ImGui::TextUnformatted(noops[i].c_str()); });
}

Error badAction(const AutoplayAction& a, const std::string& why) {
    return autoplayError(a, a.key + ": " + why);
}

} // namespace

void resetScriptPanel(ScriptPanelState& state, const sim::ScriptWorld* world) {
    resetScriptDebugger(state.debugger, world);
    state.lines.clear();
    state.linesScript.reset();
    state.scrolledTo = {-1, -1};
    state.note.clear();
}

void followActorSelection(ScriptPanelState& state, const scene::Scene* scene, int actor) {
    if (!scene || actor < 0 || static_cast<std::size_t>(actor) >= scene->redguard.actors.size()) return;
    const int k = scriptObjectOfNode(*scene, scene->redguard.actors[static_cast<std::size_t>(actor)].node);
    if (k >= 0) selectScriptObject(state.debugger, k);
}

void drawScriptsPanel(ScriptPanelState& state, const scene::Scene* scene, sim::ScriptWorld* world,
                      const sim::ScriptPlayer& player, const Rect& place, std::vector<PanelShown>& shown) {
    if (!beginSidePanel("Scripts", place, state.setOpen, state.open, shown)) {
        ImGui::End();
        return;
    }
    if (!scene) {
        ImGui::TextDisabled("no scene");
        ImGui::End();
        return;
    }
    controls(state, scene, world, player);
    if (world && !scene->redguard.scriptObjects.empty()) {
        objectCombo(state, *scene);
        if (const std::optional<std::size_t> i = selectedInstance(state, *world)) {
            threadsView(world->vm().instance(*i),
                        world->vm().program().code[world->vm().program().instances[*i].script]);
            disassemblyView(state, *world, *i);
            functionBreakpoints(state, world->vm().program());
            if (ImGui::CollapsingHeader("Tasks, variables, attributes", ImGuiTreeNodeFlags_DefaultOpen))
                objectState(*world, *i);
        }
        worldViews(state, *world);
    }
    ImGui::End();
}

bool isScriptAction(const std::string& key) {
    return key == "scriptson" || key == "scriptobject" || key == "scriptstep" || key == "scriptrun" ||
           key == "scriptbreak" || key == "scriptbreakfn" || key == "scriptprint" || key == "activate";
}

std::string applyScriptsPanelAction(const AutoplayAction& a, ScriptPanelState& state,
                                    const scene::Scene* scene, sim::ScriptWorld* world,
                                    const sim::ScriptPlayer& player) {
    ScriptDebugger& d = state.debugger;
    if (a.key == "scriptson") {
        if (a.value != "0" && a.value != "1") throw badAction(a, "expected 0 or 1");
        d.enabled = a.value == "1";
        return d.enabled ? "scripts on" : "scripts off: the world as placed";
    }
    if (!scene || !world) throw badAction(a, "the world shown has no scripted objects");
    if (a.key == "scriptprint") return "scripts: " + scriptStateLine(d, *world);
    if (a.key == "scriptrun") {
        if (a.value == "breakpoint")
            runToBreakpoint(d);
        else if (a.value == "run" || a.value == "pause")
            setScriptsPaused(d, a.value == "pause");
        else
            throw badAction(a, "expected run, pause or breakpoint");
        return "scripts " +
               std::string(a.value == "breakpoint" ? "run to a breakpoint"
                           : a.value == "run"      ? "run"
                                                   : "paused") +
               " at tick " + std::to_string(world->vm().ticks());
    }
    if (a.key == "activate" || a.key == "scriptobject") {
        // Both select the object (and open the panel); activate= then activates it.
        const std::optional<long long> k =
            wholeNumberIn(a.value, 0, static_cast<long long>(world->vm().instanceCount()) - 1);
        if (!k)
            throw badAction(a, "expected a script object from 0 to " +
                                   std::to_string(world->vm().instanceCount() - 1));
        selectScriptObject(d, static_cast<int>(*k));
        state.setOpen = true;
        if (a.key == "activate") return state.note = activateSelected(d, *world, *scene);
        const std::size_t script = world->vm().program().instances[static_cast<std::size_t>(*k)].script;
        return "script object " + a.value + " " + scriptObjectLabel(*scene, static_cast<std::size_t>(*k)) +
               ": " + std::to_string(world->vm().program().code[script].instructions.size()) +
               " instructions";
    }
    if (d.selected < 0 || static_cast<std::size_t>(d.selected) >= world->vm().instanceCount())
        throw badAction(a, "no script object selected (scriptobject=INDEX first)");
    const std::size_t script = world->vm().program().instances[static_cast<std::size_t>(d.selected)].script;
    if (a.key == "scriptstep") {
        const std::optional<long long> n = wholeNumberIn(a.value, 1, 100000);
        if (!n) throw badAction(a, "expected a whole number from 1 to 100000");
        for (long long k = 0; k < *n; ++k)
            stepScripts(d, *world, player);
        return "scripts stepped " + a.value + " ticks, paused: " + scriptStateLine(d, *world);
    }
    if (a.key == "scriptbreak") {
        const std::optional<std::uint32_t> offset = parseScriptOffset(a.value);
        if (!offset) throw badAction(a, "expected an offset: L_0012, 0x12 or 18");
        const loaders::SoupCode& code = world->vm().program().code[script];
        const loaders::SoupInstruction* in = code.at(*offset);
        if (!in)
            throw badAction(a, "no instruction of the selected object's script starts at " +
                                   loaders::soupLabel(*offset));
        toggleBreakpoint(d, script, *offset);
        const bool on = d.breakpoints[script].count(*offset) > 0;
        return "breakpoint " + loaders::soupLabel(*offset) + (on ? " on: " : " off: ") +
               loaders::soupInstructionText(
                   code, *in, {&world->vm().program().def, &world->vm().program().scripts[script].strings});
    }
    if (a.key == "scriptbreakfn") {
        const bool known = addFunctionBreakpoint(d, world->vm().program(), a.value);
        return "function breakpoint " + a.value + (known ? "" : " (not in this world's DEF)");
    }
    throw badAction(a, "not a script action");
}

} // namespace rgx::app
