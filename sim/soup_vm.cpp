#include "sim/soup_vm.h"

#include "sim/soup_natives.h"
#include "sim/soup_operators.h"

#include <algorithm>
#include <cctype>
#include <cstdio>

namespace rgx::sim {

using loaders::SoupCallKind;
using loaders::SoupCode;
using loaders::SoupConjunction;
using loaders::SoupExpr;
using loaders::SoupInstruction;
using loaders::SoupOp;
using loaders::SoupOperator;
using loaders::SoupSelector;

namespace {

constexpr std::size_t kNone = ~std::size_t{0};
constexpr std::size_t kMaxEvents = 4096;

std::string hex(std::uint32_t v) {
    char buf[16];
    std::snprintf(buf, sizeof buf, "0x%04x", v);
    return buf;
}

// A position or angle as a script reads it: rounded toward 0, clamped to 32 bits (a script can
// move an object past them).
std::int32_t whole(double v) {
    if (!(v == v)) return 0; // NaN
    return static_cast<std::int32_t>(std::clamp(v, -2147483648.0, 2147483647.0));
}

// A script-side failure: the instance's script stops with this text.
struct ScriptFault {
    std::string text;
};

} // namespace

// ---- execution of one thread's instructions -----------------------------------------------------

struct ScriptVm::Exec {
    ScriptVm& vm;
    std::size_t i;
    int t;
    const ScriptPlayer& player;
    ScriptThreadTick* rec;
    const ScriptProgram& p = *vm.program_;
    const SoupCode& code = p.code[p.instances[i].script];
    ScriptInstanceState& s = vm.instances_[i];
    ScriptThread& th = s.threads[static_cast<std::size_t>(t)];

    [[noreturn]] void fault(std::uint32_t offset, const std::string& what) const {
        throw ScriptFault{"offset " + hex(offset) + ": " + what};
    }

    void write(ScriptWrite::Kind kind, std::int32_t index, std::int32_t value) {
        if (rec) rec->writes.push_back({kind, index, value});
    }

    // The instance an object encoding names, or kNone for the player and the camera.
    std::size_t objectInstance(const loaders::SoupObject& o, std::uint32_t at) {
        switch (o.selector) {
        case SoupSelector::Me:
            return i;
        case SoupSelector::Player:
        case SoupSelector::Camera:
            return kNone;
        case SoupSelector::String: {
            // Resolved once by the program builder: the RANM name, else a script name.
            const std::vector<int>& objects = p.stringObjects[p.instances[i].script];
            if (o.arg >= objects.size()) fault(at, "string " + std::to_string(o.arg) + " does not exist");
            return objects[o.arg] < 0 ? kNone : static_cast<std::size_t>(objects[o.arg]);
        }
        case SoupSelector::Variable: {
            // An object named by a variable: the variable holds an instance number (rgx's reading).
            if (o.arg >= s.variables.size())
                fault(at, "variable " + std::to_string(o.arg) + " does not exist");
            const std::int32_t v = s.variables[o.arg];
            return v >= 0 && static_cast<std::size_t>(v) < p.instances.size() ? static_cast<std::size_t>(v)
                                                                              : kNone;
        }
        }
        return kNone;
    }

    // The property a reference id names (its low byte indexes the DEF's refs).
    ScriptProperty propertyOf(std::uint16_t ref) const {
        const std::uint8_t low = static_cast<std::uint8_t>(ref);
        return low < p.properties.size() ? p.properties[low] : ScriptProperty::None;
    }

    std::int32_t property(std::size_t target, std::uint16_t ref) {
        const ScriptProperty prop = propertyOf(ref);
        if (target == kNone) {
            switch (prop) {
            case ScriptProperty::X:
                return whole(player.position.x);
            case ScriptProperty::Y:
                return whole(player.position.y);
            case ScriptProperty::Z:
                return whole(player.position.z);
            default:
                return 0;
            }
        }
        const ScriptObjectState& o = vm.instances_[target].object;
        switch (prop) {
        case ScriptProperty::X:
            return whole(o.position.x);
        case ScriptProperty::Y:
            return whole(o.position.y);
        case ScriptProperty::Z:
            return whole(o.position.z);
        case ScriptProperty::AngleX:
            return whole(o.angles[0]);
        case ScriptProperty::AngleY:
            return whole(o.angles[1]);
        case ScriptProperty::AngleZ:
            return whole(o.angles[2]);
        case ScriptProperty::Hidden:
            return o.hidden ? 1 : 0;
        case ScriptProperty::Frame:
            return static_cast<std::int32_t>(
                std::min<std::uint64_t>(vm.tick_ - o.animTick, 0x7FFFFFFF)); // frames since the ask
        case ScriptProperty::Group:
            return o.animGroup;
        case ScriptProperty::None:
            break;
        }
        return 0;
    }
    void setProperty(std::size_t target, std::uint16_t ref, std::int32_t v) {
        write(ScriptWrite::Property, ref, v);
        if (target == kNone) return; // the stand-in player does not move
        ScriptObjectState& o = vm.instances_[target].object;
        switch (propertyOf(ref)) {
        case ScriptProperty::X:
            o.position.x = v;
            break;
        case ScriptProperty::Y:
            o.position.y = v;
            break;
        case ScriptProperty::Z:
            o.position.z = v;
            break;
        case ScriptProperty::AngleX:
            o.angles[0] = v;
            break;
        case ScriptProperty::AngleY:
            o.angles[1] = v;
            break;
        case ScriptProperty::AngleZ:
            o.angles[2] = v;
            break;
        case ScriptProperty::Hidden:
            o.hidden = v != 0;
            break;
        case ScriptProperty::Group:
            o.animGroup = v;
            ++o.animSerial;
            o.animTick = vm.tick_;
            break;
        case ScriptProperty::Frame:
        case ScriptProperty::None:
            break;
        }
    }

    std::int32_t variable(std::int32_t index, std::uint32_t at) {
        if (index < 0 || static_cast<std::size_t>(index) >= s.variables.size())
            fault(at, "variable " + std::to_string(index) + " does not exist (the actor has " +
                          std::to_string(s.variables.size()) + ")");
        return s.variables[static_cast<std::size_t>(index)];
    }
    std::int32_t& flag(std::int32_t index, std::uint32_t at) {
        if (index < 0 || static_cast<std::size_t>(index) >= vm.flags_.size())
            fault(at, "flag " + std::to_string(index) + " does not exist");
        return vm.flags_[static_cast<std::size_t>(index)];
    }

    // Formula: left to right, the reference's operator table.
    std::int32_t formula(const SoupExpr& x, std::uint32_t at) {
        std::int32_t acc = 0;
        SoupOperator pending = SoupOperator::Add; // the first value is added to 0
        for (std::uint32_t k = 0; k < x.count; ++k) {
            const loaders::SoupTerm& term = code.terms[x.first + k];
            const std::int32_t v = value(term.expr, at);
            acc = apply(acc, pending, v, at);
            if (term.op == SoupOperator::Inc)
                acc = static_cast<std::int32_t>(static_cast<std::uint32_t>(acc) + 1u);
            if (term.op == SoupOperator::Dec)
                acc = static_cast<std::int32_t>(static_cast<std::uint32_t>(acc) - 1u);
            pending = term.op;
        }
        return acc;
    }
    std::int32_t apply(std::int32_t a, SoupOperator op, std::int32_t b, std::uint32_t at) {
        bool divisionByZero = false;
        const std::int32_t r = applySoupOperator(a, op, b, divisionByZero);
        if (divisionByZero)
            vm.event(i, "actor " + p.scripts[p.instances[i].script].name + " offset " + hex(at) +
                            ": division by zero (the result is 0)");
        return r;
    }

    // A value in a non-MAIN mode.
    std::int32_t value(std::uint32_t e, std::uint32_t at) {
        const SoupExpr& x = code.exprs[e];
        switch (x.op) {
        case SoupOp::Numeric:
        case SoupOp::NumericAlt:
        case SoupOp::String:
        case SoupOp::Anchor:
            return x.value;
        case SoupOp::Flag:
            return flag(x.value, at);
        case SoupOp::LocalVar:
            return variable(x.value, at);
        case SoupOp::ObjectDot:
            return property(objectInstance(x.object, at), x.ref);
        case SoupOp::ObjInc:
        case SoupOp::ObjDec: {
            const std::size_t target = objectInstance(x.object, at);
            // Wraps at 32 bits, as the formulas do.
            const std::int32_t v = static_cast<std::int32_t>(
                static_cast<std::uint32_t>(property(target, x.ref)) + (x.op == SoupOp::ObjInc ? 1u : ~0u));
            setProperty(target, x.ref, v);
            return v;
        }
        case SoupOp::Task:
        case SoupOp::Multitask:
        case SoupOp::Function:
            return call(x, i, at);
        case SoupOp::ObjTask:
        case SoupOp::ObjFunc:
            return call(x, objectInstance(x.object, at), at);
        default:
            fault(at, "a control opcode where a value belongs");
        }
    }

    // Calls function x.function on `target` as x's call kind. A Task leaves th.waitingOn set.
    std::int32_t call(const SoupExpr& x, std::size_t target, std::uint32_t at) {
        const SoupCallKind kind = x.callKind();
        std::vector<std::int32_t> args;
        args.reserve(x.count);
        for (std::uint32_t k = 0; k < x.count; ++k)
            args.push_back(value(x.first + k, at));
        ++vm.calls_;
        ++vm.callsById_[x.function];
        if (rec) {
            rec->calls.push_back({x.function < p.def.functions.size() ? p.def.functions[x.function].name
                                                                      : "fn_" + std::to_string(x.function),
                                  x.function, args});
        }
        const loaders::SoupNative native =
            x.function < p.natives.size() ? p.natives[x.function] : loaders::SoupNative::None;
        if (native == loaders::SoupNative::None || target == kNone) {
            ++vm.noops_[x.function];
            return 0;
        }
        ScriptNativeContext ctx{vm, target, i, t, kind, player};
        ctx.native = native;
        const std::int32_t r = runScriptNative(ctx, args);
        if (kind == SoupCallKind::Task && ctx.startedTask) th.waitingOn = ctx.startedTask;
        th.lastReturn = r;
        return r;
    }

    bool multitasksRunning() const {
        return std::any_of(s.tasks.begin(), s.tasks.end(), [](const ScriptTask& k) { return k.multitask; });
    }

    bool test(const SoupInstruction& in) {
        bool result = false;
        for (std::uint32_t k = 0; k < in.conditionCount; ++k) {
            const loaders::SoupCondition& c = code.conditions[in.firstCondition + k];
            const bool r = compareSoupValues(value(c.lhs, in.offset), c.comparison, value(c.rhs, in.offset));
            if (k == 0) {
                result = r;
            } else {
                const SoupConjunction conj = code.conditions[in.firstCondition + k - 1].conjunction;
                result = conj == SoupConjunction::And ? (result && r) : (result || r);
            }
        }
        return result;
    }

    // The interrupt handler's run is over: its PC at `pc`, idle until the next activation.
    void endActivation(std::uint32_t pc) {
        th.pc = pc;
        th.stack.clear();
        th.activated = false;
        th.idle = true;
    }

    // Runs the one statement at the thread's PC: the reference's tickScript, one instruction per
    // thread per tick, control flow included.
    void run() {
        const SoupInstruction* in = code.at(th.pc);
        if (!in) {
            const std::uint32_t size =
                static_cast<std::uint32_t>(p.scripts[p.instances[i].script].code.size());
            fault(th.pc, th.pc >= size ? "the thread ran off the end of the script"
                                       : "no instruction starts here (a jump into an instruction)");
        }
        const SoupExpr& x = code.main(*in);
        const std::uint32_t next = in->offset + in->length;
        const std::uint32_t target = static_cast<std::uint32_t>(x.value);
        if (rec) {
            rec->pc = in->offset;
            rec->opcode = static_cast<std::uint8_t>(x.op);
            rec->state = ScriptThreadTick::Ran;
            rec->activated = th.activated;
        }
        th.pc = next; // before the statement: a Task waits with its PC past itself
        switch (x.op) {
        case SoupOp::If:
            if (!test(*in)) th.pc = target;
            return;
        case SoupOp::Goto:
            th.pc = target;
            return;
        case SoupOp::Gosub:
            if (th.stack.size() >= kSoupGosubDepth)
                fault(in->offset, "Gosub deeper than " + std::to_string(kSoupGosubDepth));
            th.stack.push_back(next);
            th.pc = target;
            return;
        case SoupOp::Return:
            if (th.stack.empty()) fault(in->offset, "Return with no Gosub");
            th.pc = th.stack.back();
            th.stack.pop_back();
            return;
        case SoupOp::End:
            // Thread 0 ends, its PC at the target (docs/scripts.md "Threads and ticks"). In the
            // interrupt handler End ends the activation as Endint does (rgx's reading: the
            // reference speaks of End for thread 0 only), its PC at the target until the next.
            if (t == 1) {
                endActivation(target);
            } else {
                th.pc = target;
                th.ended = true;
            }
            return;
        case SoupOp::Endint:
            // The interrupt handler's run is over: back to 0. On thread 0 (a script without a
            // handler) the thread ends there.
            if (t == 1) {
                endActivation(0);
            } else {
                th.pc = 0;
                th.stack.clear();
                th.ended = true;
            }
            return;
        case SoupOp::TaskPause:
            if (multitasksRunning()) {
                th.pc = in->offset; // tested again next tick
                if (rec) rec->state = ScriptThreadTick::Waiting;
            } else {
                th.pc = target;
            }
            return;
        case SoupOp::ScriptRV: {
            // Equal: into the next instruction; else past it (rgx's reading).
            if (th.lastReturn != x.value) {
                if (const SoupInstruction* skip = code.at(next)) th.pc = next + skip->length;
            }
            return;
        }
        case SoupOp::Anchor:
            th.anchor = x.value;
            return;
        case SoupOp::Flag: {
            const std::int32_t v = formula(x, in->offset);
            flag(x.value, in->offset) = v;
            write(ScriptWrite::Flag, x.value, v);
            return;
        }
        case SoupOp::LocalVar: {
            const std::int32_t v = formula(x, in->offset);
            (void)variable(x.value, in->offset);
            s.variables[static_cast<std::size_t>(x.value)] = v;
            write(ScriptWrite::Variable, x.value, v);
            return;
        }
        case SoupOp::ObjectDot: {
            const std::int32_t v = formula(x, in->offset);
            setProperty(objectInstance(x.object, in->offset), x.ref, v);
            return;
        }
        case SoupOp::Task:
        case SoupOp::Multitask:
        case SoupOp::Function:
            call(x, i, in->offset);
            return;
        case SoupOp::ObjTask:
        case SoupOp::ObjFunc:
            call(x, objectInstance(x.object, in->offset), in->offset);
            return;
        default:
            (void)value(in->expr, in->offset); // a bare value: evaluated, nothing kept
            return;
        }
    }
};

// ---- the VM ----------------------------------------------------------------------------------

const char* activateResultText(ActivateResult r) {
    switch (r) {
    case ActivateResult::Started:
        return "its interrupt handler runs from 0";
    case ActivateResult::Busy:
        return "its interrupt handler is busy with an activation; this one is dropped";
    case ActivateResult::NoHandler:
        return "it has no interrupt handler (script_pc is 0: no thread 1)";
    case ActivateResult::Stopped:
        return "its script has stopped";
    }
    return "?";
}

ScriptVm::ScriptVm(std::shared_ptr<const ScriptProgram> program) : program_(std::move(program)) {
    const ScriptProgram& p = *program_;
    flags_.reserve(std::min(p.def.flags.size(), kSoupFlagsMax));
    for (std::size_t f = 0; f < p.def.flags.size() && f < kSoupFlagsMax; ++f)
        flags_.push_back(p.def.flags[f].value);
    rng_ = p.seed;
    instances_.resize(p.instances.size());
    for (std::size_t i = 0; i < p.instances.size(); ++i) {
        const ScriptInstanceInfo& info = p.instances[i];
        const loaders::SoupActorScript& script = p.scripts[info.script];
        ScriptInstanceState& s = instances_[i];
        s.variables = script.variables;
        s.attributes = script.attributes;
        s.object.position = info.position;
        for (int k = 0; k < 3; ++k)
            s.object.angles[static_cast<std::size_t>(k)] = info.angles[static_cast<std::size_t>(k)];
        s.object.staticLoaded = !p.loadsStatic[info.script];
        s.threads[0].exists = true;
        s.threads[0].pc = script.scriptPc;
        // Thread 1, the interrupt handler: only when script_pc is not 0, idle until activated.
        s.threads[1].exists = script.scriptPc != 0;
        s.threads[1].pc = 0;
        s.threads[1].idle = true;
        if (script.code.empty()) {
            s.threads[0].ended = true;
            s.threads[1].ended = true;
        }
    }
}

void ScriptVm::event(std::size_t i, const std::string& text) {
    if (events_.size() >= kMaxEvents) events_.erase(events_.begin(), events_.begin() + kMaxEvents / 2);
    events_.push_back({tick_, i, text});
}

void ScriptVm::stop(std::size_t i, const std::string& why) {
    ScriptInstanceState& s = instances_[i];
    s.stopped = true;
    for (ScriptThread& t : s.threads)
        t.ended = true;
    event(i, "actor " + program_->scripts[program_->instances[i].script].name + " " + why +
                 "; its script stops");
}

ActivateResult ScriptVm::activate(std::size_t i) {
    ScriptInstanceState& s = instances_.at(i);
    ScriptThread& handler = s.threads[1];
    ActivateResult r = ActivateResult::Started;
    if (s.stopped || s.object.killed)
        r = ActivateResult::Stopped;
    else if (!handler.exists)
        r = ActivateResult::NoHandler;
    else if (handler.ended)
        r = ActivateResult::Stopped;
    else if (!handler.idle)
        r = ActivateResult::Busy;
    if (r == ActivateResult::Started) {
        handler.idle = false;
        handler.activated = true;
        handler.pc = 0;
    }
    event(i, "actor " + program_->scripts[program_->instances[i].script].name +
                 " activated: " + activateResultText(r));
    return r;
}

void ScriptVm::advanceTasks(std::size_t i) {
    ScriptInstanceState& s = instances_[i];
    for (std::size_t k = 0; k < s.tasks.size();) {
        if (advanceScriptTask(*this, i, s.tasks[k])) {
            const std::uint32_t done = s.tasks[k].id;
            s.tasks.erase(s.tasks.begin() + static_cast<std::ptrdiff_t>(k));
            // Whoever waited on it (this object's threads, or another object's ObjTask call) goes on.
            for (ScriptInstanceState& other : instances_) {
                for (ScriptThread& t : other.threads) {
                    if (t.waitingOn == done) t.waitingOn = 0;
                }
            }
        } else {
            ++k;
        }
    }
}

void ScriptVm::releaseGroups() {
    // SyncWithGroup: the objects sharing a group attribute go on together once every
    // member that still runs waits (docs/scripts.md).
    std::map<std::uint8_t, bool> all;
    for (const ScriptInstanceState& s : instances_) {
        const std::uint8_t g = s.attributes[program_->groupSlot];
        if (!g || s.stopped) continue;
        auto [it, fresh] = all.emplace(g, true);
        it->second = it->second && s.syncWaiting;
        (void)fresh;
    }
    for (ScriptInstanceState& s : instances_) {
        auto it = all.find(s.attributes[program_->groupSlot]);
        if (it != all.end() && it->second) s.syncWaiting = false;
    }
}

void ScriptVm::runThread(std::size_t i, int t, const ScriptPlayer& player, ScriptThreadTick* rec) {
    ScriptInstanceState& s = instances_[i];
    ScriptThread& th = s.threads[static_cast<std::size_t>(t)];
    if (rec) {
        rec->thread = t;
        rec->pc = th.pc;
        rec->state = ScriptThreadTick::Ended;
        rec->activated = th.activated; // waiting inside an activation too
    }
    if (!th.exists || th.ended || s.stopped) return;
    if (th.idle) {
        if (rec) rec->state = ScriptThreadTick::Idle;
        return;
    }
    if (th.waitingOn) {
        if (rec) rec->state = ScriptThreadTick::Waiting;
        return;
    }
    Exec exec{*this, i, t, player, rec};
    try {
        exec.run();
    } catch (const ScriptFault& f) {
        stop(i, f.text);
        if (rec) rec->state = ScriptThreadTick::Ended;
    }
}

void ScriptVm::tick(const ScriptPlayer& player, ScriptTrace* trace) {
    if (trace) trace->threads.clear();
    // What ended by this tick: one-shots whose clip ran out, a line said.
    soundEvents_.clear();
    std::erase_if(sounds_, [&](const ScriptSound& s) { return !s.loop && s.endTick <= tick_; });
    if (subtitle_ && subtitle_->endTick <= tick_) subtitle_.reset();
    releaseGroups();
    for (std::size_t i = 0; i < instances_.size(); ++i)
        advanceTasks(i);
    for (std::size_t i = 0; i < instances_.size(); ++i) {
        for (int t = 0; t < 2; ++t) {
            const bool record = trace && trace->instance && *trace->instance == i &&
                                instances_[i].threads[static_cast<std::size_t>(t)].exists;
            ScriptThreadTick rec;
            runThread(i, t, player, record ? &rec : nullptr);
            if (record) trace->threads.push_back(std::move(rec));
        }
    }
    ++tick_;
}

} // namespace rgx::sim
