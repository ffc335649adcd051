#include "loaders/soup_asm.h"

#include <algorithm>
#include <cctype>
#include <cstdio>
#include <set>

// The disassembler's half of loaders/soup_asm.h: code -> listing text (the assembler reads it
// back: soup_asm.cpp).

namespace rgx::loaders {

namespace {

// Parameter type overrides (the reference's table): how a Numeric argument reads as text.
enum class ParamKind { Number, DialogueKey, Item, Map };

ParamKind paramKind(const std::string& function, std::uint32_t index) {
    if (index != 0) return ParamKind::Number;
    static const std::set<std::string> dialogue{"activate", "addlog", "ambientrtx", "menuadditem",  "rtx",
                                                "rtxanim",  "rtxp",   "rtxpanim",   "torchactivate"};
    static const std::set<std::string> items{"activeitem", "additem",    "dropitem", "handitem",
                                             "haveitem",   "selectitem", "showitem", "showitemnortx"};
    std::string lower = function;
    std::transform(lower.begin(), lower.end(), lower.begin(),
                   [](unsigned char c) { return std::tolower(c); });
    if (dialogue.count(lower)) return ParamKind::DialogueKey;
    if (items.count(lower)) return ParamKind::Item;
    if (lower == "loadworld") return ParamKind::Map;
    return ParamKind::Number;
}

const char* kObjectNames[] = {"Me", "Player", "Camera"};

std::string functionName(const SoupNames& names, std::uint16_t id) {
    if (names.def && id < names.def->functions.size()) return names.def->functions[id].name;
    return "fn_" + std::to_string(id);
}

class Printer {
public:
    Printer(const SoupCode& code, const SoupNames& names) : code_(code), names_(names) {}

    std::string instruction(const SoupInstruction& in) {
        const SoupExpr& x = code_.exprs[in.expr];
        if (x.op != SoupOp::If) return value(in.expr, "");
        std::string s = "if ";
        for (std::uint32_t i = 0; i < in.conditionCount; ++i) {
            const SoupCondition& c = code_.conditions[in.firstCondition + i];
            s += value(c.lhs, "") + " " + soupComparisonText(c.comparison) + " " + value(c.rhs, "");
            if (c.conjunction == 1) s += " and ";
            if (c.conjunction == 2) s += " or ";
        }
        return s + " else " + soupLabel(static_cast<std::uint32_t>(x.value));
    }

    std::set<std::int32_t> strings; // string indices named, for the comment

private:
    std::string annotations(const SoupExpr& x, bool objectOpcode) {
        std::vector<std::string> a;
        if (x.pad) a.push_back("pad=" + std::to_string(x.pad));
        if (x.trailing) a.push_back("op=" + std::to_string(x.trailing));
        const bool hasObject = x.op == SoupOp::ObjInc || x.op == SoupOp::ObjDec ||
                               x.op == SoupOp::ObjectDot || x.op == SoupOp::ObjTask ||
                               x.op == SoupOp::ObjFunc;
        if (hasObject && x.object.selector <= 2 && x.object.arg)
            a.push_back("objpad=" + std::to_string(x.object.arg));
        if (objectOpcode) a.push_back("opcode=" + std::to_string(static_cast<int>(x.op)));
        if (a.empty()) return "";
        std::string s = "{";
        for (std::size_t i = 0; i < a.size(); ++i)
            s += (i ? "," : "") + a[i];
        return s + "}";
    }

    std::string object(const SoupObject& o) {
        if (o.selector <= 2) return kObjectNames[o.selector];
        if (o.selector == 0x04) {
            strings.insert(o.arg);
            return "str[" + std::to_string(o.arg) + "]";
        }
        return "var" + std::to_string(o.arg);
    }

    std::string ref(std::uint16_t id) {
        const std::uint8_t low = static_cast<std::uint8_t>(id);
        if (id < 256 && names_.def && low < names_.def->refs.size()) return names_.def->refs[low];
        return "ref_" + std::to_string(id);
    }

    std::string number(std::int32_t v, ParamKind kind) {
        switch (kind) {
        case ParamKind::DialogueKey: {
            std::string key;
            for (int i = 0; i < 4; ++i) {
                const char c = static_cast<char>((static_cast<std::uint32_t>(v) >> (8 * i)) & 0xFF);
                if (!std::isalnum(static_cast<unsigned char>(c)) && c != '_') return std::to_string(v);
                key += c;
            }
            return "'" + key + "'";
        }
        case ParamKind::Item:
            return "item:" + std::to_string(v);
        case ParamKind::Map:
            return "map:" + std::to_string(v);
        case ParamKind::Number:
            break;
        }
        return std::to_string(v);
    }

    std::string call(const SoupExpr& x) {
        const std::string name = functionName(names_, x.function);
        std::string s = name + "(";
        for (std::uint32_t i = 0; i < x.count; ++i) {
            if (i) s += ", ";
            s += value(x.first + i, name, i);
        }
        return s + ")";
    }

    std::string formula(const SoupExpr& x) {
        std::string s;
        for (std::uint32_t i = 0; i < x.count; ++i) {
            const SoupTerm& t = code_.terms[x.first + i];
            s += value(t.expr, "");
            s += t.op >= 10 ? std::string(" ") + soupOperatorText(t.op) : soupOperatorText(t.op);
        }
        return s;
    }

    std::string value(std::uint32_t e, const std::string& callee, std::uint32_t argIndex = 0) {
        const SoupExpr& x = code_.exprs[e];
        const bool main = x.mode == SoupMode::Main;
        switch (x.op) {
        case SoupOp::Task:
            return "task " + call(x);
        case SoupOp::Multitask:
            return "@" + call(x);
        case SoupOp::Function:
            return call(x);
        case SoupOp::ObjTask:
        case SoupOp::ObjFunc: {
            // The call type: the dispatch byte in MAIN mode, the opcode elsewhere.
            const std::uint8_t kind = main ? x.dispatch : (x.op == SoupOp::ObjTask ? 0 : 2);
            const SoupOp canonical = kind == 2 ? SoupOp::ObjFunc : SoupOp::ObjTask;
            std::string prefix = kind == 0 ? "task " : kind == 1 ? "@" : "";
            return prefix + object(x.object) + "." + call(x) + annotations(x, x.op != canonical);
        }
        case SoupOp::If:
            return "if";
        case SoupOp::Goto:
            return "Goto " + soupLabel(static_cast<std::uint32_t>(x.value));
        case SoupOp::End:
            return "End " + soupLabel(static_cast<std::uint32_t>(x.value));
        case SoupOp::Gosub:
            return "Gosub " + soupLabel(static_cast<std::uint32_t>(x.value));
        case SoupOp::TaskPause:
            return "taskpause " + soupLabel(static_cast<std::uint32_t>(x.value));
        case SoupOp::Return:
            return "Return";
        case SoupOp::Endint:
            return "Endint";
        case SoupOp::Flag:
        case SoupOp::LocalVar: {
            std::string s;
            if (x.op == SoupOp::LocalVar) {
                s = "var" + std::to_string(x.value);
            } else if (names_.def && static_cast<std::size_t>(x.value) < names_.def->flags.size()) {
                s = "flag:" + names_.def->flags[static_cast<std::size_t>(x.value)].name;
            } else {
                s = "flag:" + std::to_string(x.value);
            }
            s += annotations(x, false);
            if (main) s += " = " + formula(x);
            return s;
        }
        case SoupOp::Numeric: {
            ParamKind kind = x.mode == SoupMode::Parameter ? paramKind(callee, argIndex) : ParamKind::Number;
            return number(x.value, kind);
        }
        case SoupOp::NumericAlt:
            return "#" + std::to_string(x.value);
        case SoupOp::String:
            strings.insert(x.value);
            return "str[" + std::to_string(static_cast<std::uint32_t>(x.value)) + "]";
        case SoupOp::ObjInc:
        case SoupOp::ObjDec:
            return object(x.object) + "." + ref(x.ref) + (x.op == SoupOp::ObjInc ? "++" : "--") +
                   annotations(x, false);
        case SoupOp::ObjectDot: {
            std::string s = object(x.object) + "." + ref(x.ref) + annotations(x, false);
            if (main) s += " = " + formula(x);
            return s;
        }
        case SoupOp::Anchor:
            return "anchor " + std::to_string(x.value);
        case SoupOp::ScriptRV:
            return "scriptrv " + std::to_string(x.value);
        }
        return "?";
    }

    const SoupCode& code_;
    const SoupNames& names_;
};

} // namespace

std::string soupLabel(std::uint32_t offset) {
    char buf[16];
    std::snprintf(buf, sizeof buf, "L_%04x", offset);
    return buf;
}

std::string soupInstructionText(const SoupCode& code, const SoupInstruction& in, const SoupNames& names) {
    Printer p(code, names);
    return p.instruction(in);
}

std::string soupInstructionComment(const SoupCode& code, const SoupInstruction& in, const SoupNames& names) {
    Printer p(code, names);
    (void)p.instruction(in);
    if (!names.strings) return "";
    std::string s;
    for (std::int32_t i : p.strings) {
        if (i < 0 || static_cast<std::size_t>(i) >= names.strings->size()) continue;
        s += (s.empty() ? "" : ", ") + std::string("str[") + std::to_string(i) + "] = \"" +
             (*names.strings)[static_cast<std::size_t>(i)] + "\"";
    }
    return s;
}

std::string disassembleSoup(const SoupCode& code, std::uint32_t scriptPc, const SoupNames& names) {
    std::set<std::uint32_t> labels{scriptPc};
    for (const SoupInstruction& in : code.instructions) {
        for (std::uint32_t t : soupTargets(code, in))
            labels.insert(t);
    }
    std::string out;
    std::vector<std::uint32_t> blockEnds; // open `if` blocks, for the indent
    for (const SoupInstruction& in : code.instructions) {
        while (!blockEnds.empty() && blockEnds.back() <= in.offset)
            blockEnds.pop_back();
        if (labels.count(in.offset)) out += soupLabel(in.offset) + ":\n";
        out += std::string(4 + 4 * blockEnds.size(), ' ') + soupInstructionText(code, in, names);
        const std::string comment = soupInstructionComment(code, in, names);
        if (!comment.empty()) out += "  ; " + comment;
        out += "\n";
        const SoupExpr& x = code.main(in);
        if (x.op == SoupOp::If && static_cast<std::uint32_t>(x.value) > in.offset + in.length)
            blockEnds.push_back(static_cast<std::uint32_t>(x.value));
    }
    const std::uint32_t end =
        code.instructions.empty() ? 0 : code.instructions.back().offset + code.instructions.back().length;
    if (labels.count(end)) out += soupLabel(end) + ":\n";
    return out;
}

} // namespace rgx::loaders
