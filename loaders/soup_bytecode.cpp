#include "loaders/soup_bytecode.h"

#include <algorithm>
#include <array>

namespace rgx::loaders {

namespace {

struct OpInfo {
    std::uint8_t byte;
    const char* name;
};
constexpr std::array<OpInfo, 22> kOps{{
    {0x00, "Task"},      {0x01, "Multitask"},  {0x02, "Function"}, {0x03, "If"},         {0x04, "Goto"},
    {0x05, "End"},       {0x06, "Flag"},       {0x07, "Numeric"},  {0x0A, "LocalVar"},   {0x0F, "ObjDotInc"},
    {0x10, "ObjDotDec"}, {0x11, "Gosub"},      {0x12, "Return"},   {0x13, "Endint"},     {0x14, "ObjectDot"},
    {0x15, "String"},    {0x16, "NumericAlt"}, {0x17, "Anchor"},   {0x19, "ObjDotTask"}, {0x1A, "ObjDotFunc"},
    {0x1B, "TaskPause"}, {0x1E, "ScriptRV"},
}};

bool isControl(SoupOp op) {
    switch (op) {
    case SoupOp::If:
    case SoupOp::Goto:
    case SoupOp::End:
    case SoupOp::Gosub:
    case SoupOp::Return:
    case SoupOp::Endint:
    case SoupOp::TaskPause:
    case SoupOp::ScriptRV:
        return true;
    default:
        return false;
    }
}

std::string hex(std::uint64_t v) {
    static const char* digits = "0123456789abcdef";
    std::string s;
    do {
        s.insert(s.begin(), digits[v & 15]);
        v >>= 4;
    } while (v);
    return "0x" + s;
}

class Decoder {
public:
    Decoder(ByteSpan script, SoupCode& code, const std::string& path, std::uint64_t base)
        : r_(script, path, base), code_(code) {}

    const SoupInstruction& instruction(std::uint32_t offset) {
        r_.seek(offset, "instruction");
        SoupInstruction in;
        in.offset = offset;
        in.expr = newExpr();
        const std::size_t firstCondition = code_.conditions.size();
        value(in.expr, SoupMode::Main, 0);
        if (code_.exprs[in.expr].op == SoupOp::If) {
            in.firstCondition = static_cast<std::uint32_t>(firstCondition);
            in.conditionCount = static_cast<std::uint32_t>(code_.conditions.size() - firstCondition);
        }
        in.length = static_cast<std::uint32_t>(r_.pos() - offset);
        code_.instructions.push_back(in);
        return code_.instructions.back();
    }

private:
    std::uint32_t newExpr() {
        code_.exprs.emplace_back();
        return static_cast<std::uint32_t>(code_.exprs.size() - 1);
    }

    SoupObject object() {
        SoupObject o;
        const std::size_t at = r_.pos();
        o.selector = r_.u8("object selector");
        switch (o.selector) {
        case 0x00:
        case 0x01:
        case 0x02:
        case 0x04:
            o.arg = r_.u8("object argument");
            break;
        case 0x0A:
            if constexpr (kSoupVarObjectBytes == 1) o.arg = r_.u8("object variable index");
            break;
        default:
            r_.failAt(at, "object selector", "unknown object selector " + hex(o.selector));
        }
        return o;
    }

    void call(std::uint32_t e, int depth) {
        std::uint16_t function = r_.u16("function id");
        std::uint8_t count = r_.u8("parameter count");
        const std::uint32_t first = static_cast<std::uint32_t>(code_.exprs.size());
        code_.exprs.resize(code_.exprs.size() + count);
        for (std::uint32_t i = 0; i < count; ++i)
            value(first + i, SoupMode::Parameter, depth + 1);
        SoupExpr& x = code_.exprs[e];
        x.function = function;
        x.paramCount = count;
        x.first = first;
        x.count = count;
    }

    void formula(std::uint32_t e, int depth) {
        const std::uint32_t first = static_cast<std::uint32_t>(code_.terms.size());
        for (;;) {
            const std::uint32_t v = newExpr();
            value(v, SoupMode::Formula, depth + 1);
            const std::size_t at = r_.pos();
            const std::uint8_t op = r_.u8("formula operator");
            if (op > 11) r_.failAt(at, "formula operator", "operator " + std::to_string(op) + " is past 11");
            code_.terms.push_back({v, op});
            if (op == 0) break;
            if (op >= 10) {
                if constexpr (kSoupByteAfterIncDec) code_.exprs[e].pad = r_.u8("byte after ++/--");
                break;
            }
        }
        code_.exprs[e].first = first;
        code_.exprs[e].count = static_cast<std::uint32_t>(code_.terms.size() - first);
    }

    void condition(int depth) {
        for (;;) {
            SoupCondition c;
            c.lhs = newExpr();
            value(c.lhs, SoupMode::Lhs, depth + 1);
            std::size_t at = r_.pos();
            c.comparison = r_.u8("comparison");
            if (c.comparison > 5)
                r_.failAt(at, "comparison", "comparison " + std::to_string(c.comparison) + " is past 5");
            c.rhs = newExpr();
            value(c.rhs, SoupMode::Rhs, depth + 1);
            at = r_.pos();
            c.conjunction = r_.u8("conjunction");
            if (c.conjunction > 2)
                r_.failAt(at, "conjunction", "conjunction " + std::to_string(c.conjunction) + " is past 2");
            code_.conditions.push_back(c);
            if (c.conjunction == 0) break;
        }
    }

    // Reads one value in `mode` into exprs[e] (which may move: index, never hold references).
    void value(std::uint32_t e, SoupMode mode, int depth) {
        if (depth > kSoupMaxDepth) r_.fail("nesting", "nested deeper than " + std::to_string(kSoupMaxDepth));
        const std::size_t at = r_.pos();
        const std::uint8_t byte = r_.u8("opcode");
        if (!isSoupOp(byte)) r_.failAt(at, "opcode", "unknown opcode " + hex(byte));
        const SoupOp op = static_cast<SoupOp>(byte);
        if (mode != SoupMode::Main && isControl(op)) {
            r_.failAt(at, "opcode", std::string(soupOpName(byte)) + " where a value is expected");
        }
        code_.exprs[e].op = op;
        code_.exprs[e].mode = mode;
        auto set = [&](auto f) { f(code_.exprs[e]); };
        switch (op) {
        case SoupOp::Task:
        case SoupOp::Multitask:
        case SoupOp::Function:
            call(e, depth);
            break;
        case SoupOp::If: {
            condition(depth);
            std::uint32_t end = r_.u32("if end offset");
            set([&](SoupExpr& x) { x.value = static_cast<std::int32_t>(end); });
            break;
        }
        case SoupOp::Goto:
        case SoupOp::End:
        case SoupOp::Gosub:
        case SoupOp::TaskPause: {
            std::int32_t target = r_.i32("jump target");
            set([&](SoupExpr& x) { x.value = target; });
            break;
        }
        case SoupOp::Return:
        case SoupOp::Endint:
            break;
        case SoupOp::Flag:
        case SoupOp::LocalVar: {
            std::int32_t index = op == SoupOp::Flag ? r_.u16("flag id") : r_.u8("variable index");
            set([&](SoupExpr& x) { x.value = index; });
            if (mode == SoupMode::Main) {
                formula(e, depth);
            } else if (mode == SoupMode::Lhs || mode == SoupMode::Rhs) {
                std::uint8_t t = r_.u8("comparison operand operator");
                set([&](SoupExpr& x) { x.trailing = t; });
            } else if (mode == SoupMode::Parameter) {
                std::uint32_t pad = 0;
                if (op == SoupOp::Flag) {
                    pad = r_.u16("flag parameter padding");
                } else {
                    pad = r_.u8("variable parameter padding");
                    pad |= std::uint32_t{r_.u8("variable parameter padding")} << 8;
                    pad |= std::uint32_t{r_.u8("variable parameter padding")} << 16;
                }
                set([&](SoupExpr& x) { x.pad = pad; });
            }
            break;
        }
        case SoupOp::Numeric:
        case SoupOp::NumericAlt:
        case SoupOp::String: {
            std::int32_t v = r_.i32(op == SoupOp::String ? "string index" : "number");
            set([&](SoupExpr& x) { x.value = v; });
            break;
        }
        case SoupOp::ObjInc:
        case SoupOp::ObjDec:
        case SoupOp::ObjectDot: {
            SoupObject o = object();
            std::uint16_t ref = r_.u16("reference id");
            set([&](SoupExpr& x) {
                x.object = o;
                x.ref = ref;
            });
            if (op == SoupOp::ObjectDot) {
                if (mode == SoupMode::Main) {
                    formula(e, depth);
                } else if (mode == SoupMode::Lhs) {
                    std::uint8_t t = r_.u8("comparison operand operator");
                    set([&](SoupExpr& x) { x.trailing = t; });
                }
            }
            break;
        }
        case SoupOp::Anchor: {
            std::uint8_t v = r_.u8("anchor");
            set([&](SoupExpr& x) { x.value = v; });
            break;
        }
        case SoupOp::ScriptRV: {
            std::uint8_t v = r_.u8("script return value");
            set([&](SoupExpr& x) { x.value = v; });
            break;
        }
        case SoupOp::ObjTask:
        case SoupOp::ObjFunc: {
            SoupObject o = object();
            std::uint8_t dispatch = 2;
            if (mode == SoupMode::Main) {
                const std::size_t dat = r_.pos();
                dispatch = r_.u8("call type");
                if (dispatch > 2)
                    r_.failAt(dat, "call type", "call type " + std::to_string(dispatch) + " is past 2");
            }
            set([&](SoupExpr& x) {
                x.object = o;
                x.dispatch = dispatch;
            });
            call(e, depth);
            break;
        }
        }
    }

    ByteReader r_;
    SoupCode& code_;
};

void encodeObject(const SoupObject& o, ByteWriter& w) {
    w.u8(o.selector);
    if (o.selector != 0x0A || kSoupVarObjectBytes == 1) w.u8(o.arg);
}

void encodeValue(const SoupCode& code, std::uint32_t e, ByteWriter& w);

void encodeCall(const SoupCode& code, const SoupExpr& x, ByteWriter& w) {
    w.u16(x.function);
    w.u8(x.paramCount);
    for (std::uint32_t i = 0; i < x.count; ++i)
        encodeValue(code, x.first + i, w);
}

void encodeFormula(const SoupCode& code, const SoupExpr& x, ByteWriter& w) {
    for (std::uint32_t i = 0; i < x.count; ++i) {
        const SoupTerm& t = code.terms[x.first + i];
        encodeValue(code, t.expr, w);
        w.u8(t.op);
        if ((t.op == 10 || t.op == 11) && kSoupByteAfterIncDec) w.u8(static_cast<std::uint8_t>(x.pad));
    }
}

void encodeValue(const SoupCode& code, std::uint32_t e, ByteWriter& w) {
    const SoupExpr& x = code.exprs[e];
    w.u8(static_cast<std::uint8_t>(x.op));
    switch (x.op) {
    case SoupOp::Task:
    case SoupOp::Multitask:
    case SoupOp::Function:
        encodeCall(code, x, w);
        break;
    case SoupOp::If:
        break; // conditions are written by encodeSoupInstruction
    case SoupOp::Goto:
    case SoupOp::End:
    case SoupOp::Gosub:
    case SoupOp::TaskPause:
    case SoupOp::Numeric:
    case SoupOp::NumericAlt:
    case SoupOp::String:
        w.i32(x.value);
        break;
    case SoupOp::Return:
    case SoupOp::Endint:
        break;
    case SoupOp::Flag:
    case SoupOp::LocalVar:
        if (x.op == SoupOp::Flag) {
            w.u16(static_cast<std::uint16_t>(x.value));
        } else {
            w.u8(static_cast<std::uint8_t>(x.value));
        }
        if (x.mode == SoupMode::Main) {
            encodeFormula(code, x, w);
        } else if (x.mode == SoupMode::Lhs || x.mode == SoupMode::Rhs) {
            w.u8(x.trailing);
        } else if (x.mode == SoupMode::Parameter) {
            if (x.op == SoupOp::Flag) {
                w.u16(static_cast<std::uint16_t>(x.pad));
            } else {
                w.u8(static_cast<std::uint8_t>(x.pad));
                w.u8(static_cast<std::uint8_t>(x.pad >> 8));
                w.u8(static_cast<std::uint8_t>(x.pad >> 16));
            }
        }
        break;
    case SoupOp::ObjInc:
    case SoupOp::ObjDec:
    case SoupOp::ObjectDot:
        encodeObject(x.object, w);
        w.u16(x.ref);
        if (x.op == SoupOp::ObjectDot) {
            if (x.mode == SoupMode::Main) {
                encodeFormula(code, x, w);
            } else if (x.mode == SoupMode::Lhs) {
                w.u8(x.trailing);
            }
        }
        break;
    case SoupOp::Anchor:
    case SoupOp::ScriptRV:
        w.u8(static_cast<std::uint8_t>(x.value));
        break;
    case SoupOp::ObjTask:
    case SoupOp::ObjFunc:
        encodeObject(x.object, w);
        if (x.mode == SoupMode::Main) w.u8(x.dispatch);
        encodeCall(code, x, w);
        break;
    }
}

} // namespace

const char* soupOpName(std::uint8_t opcode) {
    for (const OpInfo& o : kOps) {
        if (o.byte == opcode) return o.name;
    }
    return nullptr;
}

bool isSoupOp(std::uint8_t opcode) {
    return soupOpName(opcode) != nullptr;
}

const char* soupOperatorText(std::uint8_t op) {
    static constexpr std::array<const char*, 12> kText{"",     " + ", " - ", " * ", " / ", " << ",
                                                       " >> ", " & ", " | ", " ^ ", "++",  "--"};
    return op < kText.size() ? kText[op] : nullptr;
}

const char* soupComparisonText(std::uint8_t cmp) {
    static constexpr std::array<const char*, 6> kText{"==", "!=", "<", ">", "<=", ">="};
    return cmp < kText.size() ? kText[cmp] : nullptr;
}

bool SoupExpr::isCall() const {
    return op == SoupOp::Task || op == SoupOp::Multitask || op == SoupOp::Function || op == SoupOp::ObjTask ||
           op == SoupOp::ObjFunc;
}

bool SoupExpr::hasFormula() const {
    return mode == SoupMode::Main &&
           (op == SoupOp::Flag || op == SoupOp::LocalVar || op == SoupOp::ObjectDot);
}

const SoupInstruction* SoupCode::at(std::uint32_t offset) const {
    auto i = indexAt(offset);
    return i ? &instructions[*i] : nullptr;
}

std::optional<std::size_t> SoupCode::indexAt(std::uint32_t offset) const {
    auto it = std::lower_bound(instructions.begin(), instructions.end(), offset,
                               [](const SoupInstruction& in, std::uint32_t o) { return in.offset < o; });
    if (it == instructions.end() || it->offset != offset) return std::nullopt;
    return static_cast<std::size_t>(it - instructions.begin());
}

const SoupInstruction& decodeSoupInstruction(ByteSpan script, std::uint32_t offset, SoupCode& code,
                                             const std::string& path, std::uint64_t base) {
    // Roll back partial nodes on failure so a caller can keep what decoded before.
    const std::size_t exprs = code.exprs.size(), terms = code.terms.size(),
                      conditions = code.conditions.size();
    try {
        Decoder d(script, code, path, base);
        return d.instruction(offset);
    } catch (...) {
        code.exprs.resize(exprs);
        code.terms.resize(terms);
        code.conditions.resize(conditions);
        throw;
    }
}

void encodeSoupInstruction(const SoupCode& code, const SoupInstruction& in, ByteWriter& out) {
    const SoupExpr& x = code.exprs[in.expr];
    if (x.op != SoupOp::If) {
        encodeValue(code, in.expr, out);
        return;
    }
    out.u8(static_cast<std::uint8_t>(SoupOp::If));
    for (std::uint32_t i = 0; i < in.conditionCount; ++i) {
        const SoupCondition& c = code.conditions[in.firstCondition + i];
        encodeValue(code, c.lhs, out);
        out.u8(c.comparison);
        encodeValue(code, c.rhs, out);
        out.u8(c.conjunction);
    }
    out.u32(static_cast<std::uint32_t>(x.value));
}

Bytes encodeSoupCode(const SoupCode& code) {
    ByteWriter w;
    for (const SoupInstruction& in : code.instructions)
        encodeSoupInstruction(code, in, w);
    return w.take();
}

std::vector<std::uint32_t> soupTargets(const SoupCode& code, const SoupInstruction& in) {
    const SoupExpr& x = code.exprs[in.expr];
    switch (x.op) {
    case SoupOp::If:
    case SoupOp::Goto:
    case SoupOp::End:
    case SoupOp::Gosub:
    case SoupOp::TaskPause:
        return {static_cast<std::uint32_t>(x.value)};
    default:
        return {};
    }
}

SoupListing decodeSoupScript(ByteSpan script, const std::string& actor, const std::string& path,
                             std::uint64_t base) {
    SoupListing out;
    const std::string field = "actor " + actor;
    std::uint32_t offset = 0;
    while (offset < script.size()) {
        try {
            offset += decodeSoupInstruction(script, offset, out.code, path, base).length;
        } catch (const Error& e) {
            out.complete = false;
            out.warnings.push_back({path, e.offset(), field,
                                    "script offset " + hex(offset) + ": " + e.field() + ": " + e.message() +
                                        "; the listing stops here"});
            break;
        }
    }
    for (const SoupInstruction& in : out.code.instructions) {
        for (std::uint32_t t : soupTargets(out.code, in)) {
            // End 0 and TaskPause 0 name no place to go; 0 is an instruction start anyway.
            if (t == script.size() && out.code.exprs[in.expr].op == SoupOp::If) continue; // block to the end
            if (!out.code.at(t)) {
                out.warnings.push_back(
                    {path, base + in.offset, field,
                     "script offset " + hex(in.offset) + ": " +
                         soupOpName(static_cast<std::uint8_t>(out.code.exprs[in.expr].op)) + " target " +
                         hex(t) + " is not an instruction start"});
            }
        }
    }
    return out;
}

} // namespace rgx::loaders
