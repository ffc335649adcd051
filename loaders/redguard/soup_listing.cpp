#include "loaders/redguard/soup_asm.h"
#include "loaders/redguard/soup_functions.h"

#include <algorithm>
#include <cctype>
#include <cstdio>
#include <set>

// The disassembler's half of loaders/redguard/soup_asm.h: code -> listing text (the assembler reads it
// back: soup_asm.cpp).

namespace rgx::loaders {

namespace {

// prefix + text, built in place: GCC 12 at -O3 reports a false -Wrestrict for `const char* + string`.
std::string joined(const char* prefix, const std::string& text) {
    std::string s(prefix);
    s += text;
    return s;
}

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
        std::string s = std::string(soupKeyword(SoupOp::If)) + " ";
        for (std::uint32_t i = 0; i < in.conditionCount; ++i) {
            const SoupCondition& c = code_.conditions[in.firstCondition + i];
            s += value(c.lhs, "") + " " + soupComparisonText(c.comparison) + " " + value(c.rhs, "");
            if (c.conjunction != SoupConjunction::End)
                s += std::string(" ") + soupConjunctionText(c.conjunction) + " ";
        }
        return s + " else " + soupLabel(static_cast<std::uint32_t>(x.value));
    }

    std::set<std::int32_t> strings; // string indices named, for the comment

private:
    std::string annotations(const SoupExpr& x, bool objectOpcode) {
        std::vector<std::string> a;
        if (x.pad) a.push_back("pad=" + std::to_string(x.pad));
        if (x.trailing) a.push_back("op=" + std::to_string(x.trailing));
        if (soupHasObject(x.op) && soupSelectorIsFixed(x.object.selector) && x.object.arg)
            a.push_back("objpad=" + std::to_string(x.object.arg));
        if (objectOpcode) a.push_back("opcode=" + std::to_string(static_cast<int>(x.op)));
        if (a.empty()) return "";
        std::string s = "{";
        for (std::size_t i = 0; i < a.size(); ++i)
            s += (i ? "," : "") + a[i];
        return s + "}";
    }

    std::string object(const SoupObject& o) {
        if (const char* name = soupSelectorName(o.selector)) return name;
        if (o.selector == SoupSelector::String) {
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

    std::string number(std::int32_t v, SoupParamKind kind) {
        switch (kind) {
        case SoupParamKind::DialogueKey: {
            std::string key;
            for (int i = 0; i < 4; ++i) {
                const char c = static_cast<char>((static_cast<std::uint32_t>(v) >> (8 * i)) & 0xFF);
                if (!std::isalnum(static_cast<unsigned char>(c)) && c != '_') return std::to_string(v);
                key += c;
            }
            return "'" + key + "'";
        }
        case SoupParamKind::Item:
            return "item:" + std::to_string(v);
        case SoupParamKind::Map:
            return "map:" + std::to_string(v);
        case SoupParamKind::Number:
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
            if (soupOperatorIsIncDec(t.op)) {
                s += std::string(" ") + soupOperatorSymbol(t.op);
            } else if (t.op != SoupOperator::End) {
                s += std::string(" ") + soupOperatorSymbol(t.op) + " ";
            }
        }
        return s;
    }

    std::string value(std::uint32_t e, const std::string& callee, std::uint32_t argIndex = 0) {
        const SoupExpr& x = code_.exprs[e];
        const bool main = x.mode == SoupMode::Main;
        switch (x.op) {
        case SoupOp::Task:
            return joined(soupCallPrefix(SoupCallKind::Task), call(x));
        case SoupOp::Multitask:
            return joined(soupCallPrefix(SoupCallKind::Multitask), call(x));
        case SoupOp::Function:
            return call(x);
        case SoupOp::ObjTask:
        case SoupOp::ObjFunc: {
            // The call type: the dispatch byte in MAIN mode, the opcode elsewhere.
            const SoupCallKind kind =
                main ? x.dispatch : (x.op == SoupOp::ObjTask ? SoupCallKind::Task : SoupCallKind::Function);
            const SoupOp canonical = soupObjectCallOp(kind);
            return joined(soupCallPrefix(kind),
                          object(x.object) + "." + call(x) + annotations(x, x.op != canonical));
        }
        case SoupOp::If:
        case SoupOp::Return:
        case SoupOp::Endint:
            return soupKeyword(x.op);
        case SoupOp::Goto:
        case SoupOp::End:
        case SoupOp::Gosub:
        case SoupOp::TaskPause:
            return std::string(soupKeyword(x.op)) + " " + soupLabel(static_cast<std::uint32_t>(x.value));
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
            const SoupParamKind kind =
                x.mode == SoupMode::Parameter ? soupParamKind(callee, argIndex) : SoupParamKind::Number;
            return number(x.value, kind);
        }
        case SoupOp::NumericAlt:
            return joined("#", std::to_string(x.value));
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
        case SoupOp::ScriptRV:
            return std::string(soupKeyword(x.op)) + " " + std::to_string(x.value);
        }
        return "?";
    }

    const SoupCode& code_;
    const SoupNames& names_;
};

} // namespace

const char* soupKeyword(SoupOp op) {
    switch (op) {
    case SoupOp::If:
        return "if";
    case SoupOp::Goto:
        return "Goto";
    case SoupOp::End:
        return "End";
    case SoupOp::Gosub:
        return "Gosub";
    case SoupOp::TaskPause:
        return "taskpause";
    case SoupOp::Return:
        return "Return";
    case SoupOp::Endint:
        return "Endint";
    case SoupOp::Anchor:
        return "anchor";
    case SoupOp::ScriptRV:
        return "scriptrv";
    default:
        return nullptr;
    }
}

const char* soupCallPrefix(SoupCallKind kind) {
    switch (kind) {
    case SoupCallKind::Task:
        return "task ";
    case SoupCallKind::Multitask:
        return "@";
    case SoupCallKind::Function:
        break;
    }
    return "";
}

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
