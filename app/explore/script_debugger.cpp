#include "app/explore/script_debugger.h"

#include "loaders/redguard/soup_asm.h"

#include <algorithm>
#include <cctype>

namespace rgx::app {

namespace {

bool sameName(const std::string& a, const std::string& b) {
    return a.size() == b.size() && std::equal(a.begin(), a.end(), b.begin(), [](char x, char y) {
               return std::tolower(static_cast<unsigned char>(x)) ==
                      std::tolower(static_cast<unsigned char>(y));
           });
}

std::optional<std::size_t> selectedInstance(const ScriptDebugger& d, const sim::ScriptWorld& world) {
    if (d.selected < 0 || static_cast<std::size_t>(d.selected) >= world.vm().instanceCount())
        return std::nullopt;
    return static_cast<std::size_t>(d.selected);
}

// One tick for real, traced for the selected object, its calls into the log.
void runTick(ScriptDebugger& d, sim::ScriptWorld& world, const sim::ScriptPlayer& player) {
    const std::uint64_t tick = world.vm().ticks();
    d.trace.instance = selectedInstance(d, world);
    world.step(player, &d.trace);
    d.hit.reset();
    for (const sim::ScriptThreadTick& t : d.trace.threads)
        for (const sim::ScriptCall& call : t.calls) {
            d.calls.push_back({tick, t.thread, callText(call)});
            if (d.calls.size() > kScriptCallLogLines) d.calls.pop_front();
        }
}

// The instruction at `pc` of the instance's script as text, or "" where none starts there.
std::string instructionAt(const sim::ScriptProgram& program, std::size_t script, std::uint32_t pc) {
    const loaders::SoupCode& code = program.code[script];
    const loaders::SoupInstruction* in = code.at(pc);
    if (!in) return "";
    return loaders::soupInstructionText(code, *in, {&program.def, &program.scripts[script].strings});
}

} // namespace

void resetScriptDebugger(ScriptDebugger& d, const sim::ScriptWorld* world) {
    const bool enabled = d.enabled;
    d = ScriptDebugger{};
    d.enabled = enabled;
    if (world) d.flagsAtLoad = world->vm().flags();
}

void selectScriptObject(ScriptDebugger& d, int index) {
    if (d.selected == index) return;
    d.selected = index;
    d.calls.clear();
    d.trace.threads.clear();
    d.hit.reset();
}

std::optional<BreakpointHit> advanceScripts(ScriptDebugger& d, sim::ScriptWorld& world, double dt,
                                            const sim::ScriptPlayer& player) {
    if (!d.enabled || d.paused) return std::nullopt;
    const std::optional<std::size_t> selected = selectedInstance(d, world);
    const std::set<std::uint32_t> none;
    const std::set<std::uint32_t>* offsets = &none;
    if (selected) {
        const auto it = d.breakpoints.find(world.vm().program().instances[*selected].script);
        if (it != d.breakpoints.end()) offsets = &it->second;
    }
    const bool check = d.runToBreakpoint && selected && (!offsets->empty() || !d.functionBreakpoints.empty());
    for (std::uint64_t n = world.dueTicks(dt); n > 0; --n) {
        if (check && !d.leaving) {
            // The tick tried on a copy: a hit stops the run before it, the threads' PCs still at
            // the instructions that would lead to the breakpoint.
            sim::ScriptTrace trace;
            trace.instance = selected;
            world.tryTick(player, trace);
            if (std::optional<BreakpointHit> hit =
                    findBreakpointHit(trace, *offsets, d.functionBreakpoints)) {
                d.paused = true;
                d.runToBreakpoint = false;
                d.hit = hit;
                return hit;
            }
        }
        runTick(d, world, player);
        d.leaving = false;
    }
    return std::nullopt;
}

void stepScripts(ScriptDebugger& d, sim::ScriptWorld& world, const sim::ScriptPlayer& player) {
    d.paused = true;
    d.runToBreakpoint = false;
    runTick(d, world, player);
}

std::string activateSelected(const ScriptDebugger& d, sim::ScriptWorld& world, const scene::Scene& scene) {
    const std::optional<std::size_t> i = selectedInstance(d, world);
    if (!i) return "no script object selected";
    const sim::ActivateResult r = world.activate(*i);
    return "activated " + scriptObjectLabel(scene, *i) + " before tick " +
           std::to_string(world.vm().ticks()) + ": " + sim::activateResultText(r);
}

void runToBreakpoint(ScriptDebugger& d) {
    d.paused = false;
    d.runToBreakpoint = true;
    d.leaving = true;
}

void setScriptsPaused(ScriptDebugger& d, bool paused) {
    d.paused = paused;
    d.runToBreakpoint = false;
}

void toggleBreakpoint(ScriptDebugger& d, std::size_t script, std::uint32_t offset) {
    std::set<std::uint32_t>& set = d.breakpoints[script];
    if (!set.erase(offset)) set.insert(offset);
}

bool addFunctionBreakpoint(ScriptDebugger& d, const sim::ScriptProgram& program, const std::string& name) {
    const auto first = name.find_first_not_of(" \t");
    if (first == std::string::npos) return true;
    const std::string trimmed = name.substr(first, name.find_last_not_of(" \t") - first + 1);
    const bool known = loaders::findSoupFunction(program.def, trimmed).has_value();
    if (std::none_of(d.functionBreakpoints.begin(), d.functionBreakpoints.end(),
                     [&](const std::string& f) { return sameName(f, trimmed); }))
        d.functionBreakpoints.push_back(trimmed);
    return known;
}

std::optional<std::uint32_t> parseScriptOffset(std::string_view text) {
    int base = 10;
    if (text.starts_with("L_") || text.starts_with("0x") || text.starts_with("0X")) {
        text.remove_prefix(2);
        base = 16;
    }
    if (text.empty() || text.size() > 10) return std::nullopt;
    std::uint64_t value = 0;
    for (const char c : text) {
        const int digit = std::isdigit(static_cast<unsigned char>(c)) ? c - '0'
                          : base == 16 && std::isxdigit(static_cast<unsigned char>(c))
                              ? std::tolower(c) - 'a' + 10
                              : -1;
        if (digit < 0) return std::nullopt;
        value = value * static_cast<std::uint64_t>(base) + static_cast<std::uint64_t>(digit);
    }
    if (value > 0xFFFFFFFFull) return std::nullopt;
    return static_cast<std::uint32_t>(value);
}

std::optional<BreakpointHit> findBreakpointHit(const sim::ScriptTrace& trace,
                                               const std::set<std::uint32_t>& offsets,
                                               const std::vector<std::string>& functions) {
    std::vector<const sim::ScriptThreadTick*> threads;
    for (const sim::ScriptThreadTick& t : trace.threads)
        threads.push_back(&t);
    std::stable_sort(threads.begin(), threads.end(), [](auto* a, auto* b) { return a->thread < b->thread; });
    for (const sim::ScriptThreadTick* t : threads) {
        if (t->state == sim::ScriptThreadTick::Ran && offsets.count(t->pc))
            return BreakpointHit{t->thread, t->pc, ""};
        for (const sim::ScriptCall& call : t->calls)
            for (const std::string& f : functions)
                if (sameName(call.function, f)) return BreakpointHit{t->thread, t->pc, call.function};
    }
    return std::nullopt;
}

std::string describeHit(const BreakpointHit& hit, std::uint64_t tick) {
    std::string text =
        "stopped before tick " + std::to_string(tick) + ": thread " + std::to_string(hit.thread);
    if (hit.function.empty())
        return text + " is about to run " + loaders::soupLabel(hit.offset) + " (breakpoint)";
    return text + " is about to call " + hit.function + " at " + loaders::soupLabel(hit.offset) +
           " (function breakpoint)";
}

std::vector<ScriptLine> scriptLines(const sim::ScriptProgram& program, std::size_t script) {
    std::vector<ScriptLine> lines;
    if (script >= program.code.size()) return lines;
    const loaders::SoupCode& code = program.code[script];
    const loaders::SoupNames names{&program.def, &program.scripts[script].strings};
    lines.reserve(code.instructions.size());
    for (const loaders::SoupInstruction& in : code.instructions) {
        std::string text =
            loaders::soupLabel(in.offset) + "  " + loaders::soupInstructionText(code, in, names);
        if (const std::string comment = loaders::soupInstructionComment(code, in, names); !comment.empty())
            text += "  ; " + comment;
        lines.push_back({in.offset, std::move(text)});
    }
    return lines;
}

int lineAt(const std::vector<ScriptLine>& lines, std::uint32_t offset) {
    const auto it = std::lower_bound(lines.begin(), lines.end(), offset,
                                     [](const ScriptLine& l, std::uint32_t o) { return l.offset < o; });
    return it != lines.end() && it->offset == offset ? static_cast<int>(it - lines.begin()) : -1;
}

std::string scriptObjectLabel(const scene::Scene& scene, std::size_t index) {
    const scene::ScriptObject& o = scene.redguard.scriptObjects[index];
    const std::string node = o.node >= 0 && static_cast<std::size_t>(o.node) < scene.nodes.size()
                                 ? scene.nodes[static_cast<std::size_t>(o.node)].name
                                 : "(no node)";
    return node + " (" + o.name + ")";
}

int scriptObjectOfNode(const scene::Scene& scene, int node) {
    for (std::size_t k = 0; k < scene.redguard.scriptObjects.size(); ++k)
        if (scene.redguard.scriptObjects[k].node == node && node >= 0) return static_cast<int>(k);
    return -1;
}

std::optional<std::uint32_t> waitingCall(const loaders::SoupCode& code, const sim::ScriptThread& t) {
    if (!t.exists || t.ended || !t.waitingOn) return std::nullopt;
    const auto& list = code.instructions;
    const auto it =
        std::lower_bound(list.begin(), list.end(), t.pc,
                         [](const loaders::SoupInstruction& in, std::uint32_t pc) { return in.offset < pc; });
    if (it == list.begin()) return std::nullopt;
    const loaders::SoupInstruction& before = *std::prev(it);
    if (before.offset + before.length != t.pc) return std::nullopt;
    return before.offset;
}

std::string threadStateText(const sim::ScriptThread& t, const loaders::SoupCode* code) {
    if (!t.exists) return "none";
    if (t.ended) return "ended";
    if (t.idle) return "idle at " + loaders::soupLabel(t.pc) + ", waiting for an activation";
    if (t.waitingOn) {
        std::string text = "waiting on task " + std::to_string(t.waitingOn);
        if (const auto call = code ? waitingCall(*code, t) : std::nullopt)
            text += " in " + loaders::soupLabel(*call);
        return text + ", then " + loaders::soupLabel(t.pc);
    }
    return "running at " + loaders::soupLabel(t.pc) + (t.activated ? " (an activation)" : "");
}

std::string gosubStackText(const sim::ScriptThread& t) {
    std::string text;
    for (auto it = t.stack.rbegin(); it != t.stack.rend(); ++it)
        text += (text.empty() ? "" : " <- ") + loaders::soupLabel(*it);
    return text;
}

std::string taskText(const sim::ScriptProgram& program, const sim::ScriptTask& task) {
    std::string name = loaders::soupNativeName(task.native);
    for (std::size_t f = 0; f < program.natives.size() && f < program.def.functions.size(); ++f)
        if (program.natives[f] == task.native && task.native != loaders::SoupNative::None) {
            name = program.def.functions[f].name;
            break;
        }
    std::string text = "task " + std::to_string(task.id) + " " + name;
    switch (task.waitFor) {
    case sim::ScriptWait::Multitasks:
        text += ": until its multitasks end";
        break;
    case sim::ScriptWait::Group:
        text += ": until its group is ready";
        break;
    case sim::ScriptWait::AnimFrame:
        text += ": until animation frame " + std::to_string(task.b);
        break;
    case sim::ScriptWait::Ticks:
        text += ": " + std::to_string(task.ticksLeft) + " ticks left";
    }
    return text + (task.multitask ? " (multitask)" : "");
}

std::string callText(const sim::ScriptCall& call) {
    std::string text = call.function + "(";
    for (std::size_t a = 0; a < call.args.size(); ++a)
        text += (a ? ", " : "") + std::to_string(call.args[a]);
    return text + ")";
}

std::vector<FlagChange> changedFlags(const sim::ScriptVm& vm, const std::vector<std::int32_t>& atLoad) {
    std::vector<FlagChange> changes;
    const std::vector<std::int32_t>& flags = vm.flags();
    const std::vector<loaders::SoupFlag>& names = vm.program().def.flags;
    for (std::size_t f = 0; f < flags.size(); ++f) {
        const std::int32_t was = f < atLoad.size() ? atLoad[f] : 0;
        if (flags[f] == was) continue;
        changes.push_back({f, f < names.size() ? names[f].name : "flag:" + std::to_string(f), flags[f], was});
    }
    return changes;
}

std::vector<std::string> attributeLines(const sim::ScriptProgram& program,
                                        const sim::ScriptInstanceState& state) {
    std::vector<std::string> lines;
    for (std::size_t a = 0; a < state.attributes.size(); ++a) {
        if (!state.attributes[a]) continue;
        const bool named = a < program.def.attributes.size() && !program.def.attributes[a].empty();
        lines.push_back((named ? program.def.attributes[a] : "attr " + std::to_string(a)) + " = " +
                        std::to_string(state.attributes[a]));
    }
    return lines;
}

std::vector<std::string> noopLines(const sim::ScriptVm& vm) {
    std::vector<std::string> lines;
    const std::vector<loaders::SoupFunction>& functions = vm.program().def.functions;
    for (const auto& [id, count] : vm.noopCounts())
        lines.push_back((id < functions.size() ? functions[id].name : "fn_" + std::to_string(id)) + ": " +
                        std::to_string(count));
    return lines;
}

std::string scriptStateLine(const ScriptDebugger& d, const sim::ScriptWorld& world) {
    const sim::ScriptVm& vm = world.vm();
    std::string line = "tick " + std::to_string(vm.ticks());
    const std::optional<std::size_t> i = selectedInstance(d, world);
    if (!i) return line + ", no script object selected";
    const std::size_t script = vm.program().instances[*i].script;
    const sim::ScriptInstanceState& s = vm.instance(*i);
    for (int t = 0; t < 2; ++t) {
        const sim::ScriptThread& th = s.threads[static_cast<std::size_t>(t)];
        line += "; thread " + std::to_string(t) + " " + threadStateText(th, &vm.program().code[script]);
        // The instruction it is in: the call it waits in, or the next it runs.
        const std::uint32_t at = waitingCall(vm.program().code[script], th).value_or(th.pc);
        if (th.exists && !th.ended)
            if (const std::string text = instructionAt(vm.program(), script, at); !text.empty())
                line += " `" + text + "`";
    }
    if (!d.calls.empty())
        line += "; last call " + d.calls.back().text + " at tick " + std::to_string(d.calls.back().tick);
    return line;
}

} // namespace rgx::app
