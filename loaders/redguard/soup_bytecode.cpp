#include "loaders/redguard/soup_bytecode.h"

#include <algorithm>

namespace rgx::loaders {

namespace {

using T = SoupTail;
using O = SoupOperand;
// What a value reads after its operand, by mode (MAIN, LHS, RHS, PARAMETER, FORMULA).
constexpr std::array<T, kSoupModes> kNoTail{T::None, T::None, T::None, T::None, T::None};
constexpr std::array<T, kSoupModes> kFlagTail{T::Formula, T::Operator, T::Operator, T::Pad16, T::None};
constexpr std::array<T, kSoupModes> kVarTail{T::Formula, T::Operator, T::Operator, T::Pad24, T::None};
constexpr std::array<T, kSoupModes> kDotTail{T::Formula, T::Operator, T::None, T::None, T::None};
constexpr bool kStatement = true, kValue = false, kJump = true, kNoJump = false;

// The reference's opcode table ("SOUP Scripting", "Operand Encoding"): the one grammar.
constexpr SoupOpInfo kOps[] = {
    {SoupOp::Task, "Task", O::Call, kNoTail, kValue, kNoJump},
    {SoupOp::Multitask, "Multitask", O::Call, kNoTail, kValue, kNoJump},
    {SoupOp::Function, "Function", O::Call, kNoTail, kValue, kNoJump},
    {SoupOp::If, "If", O::Condition, kNoTail, kStatement, kJump},
    {SoupOp::Goto, "Goto", O::Target, kNoTail, kStatement, kJump},
    {SoupOp::End, "End", O::Target, kNoTail, kStatement, kJump},
    {SoupOp::Flag, "Flag", O::Flag, kFlagTail, kValue, kNoJump},
    {SoupOp::Numeric, "Numeric", O::Int32, kNoTail, kValue, kNoJump},
    {SoupOp::LocalVar, "LocalVar", O::Variable, kVarTail, kValue, kNoJump},
    {SoupOp::ObjInc, "ObjDotInc", O::Object, kNoTail, kValue, kNoJump},
    {SoupOp::ObjDec, "ObjDotDec", O::Object, kNoTail, kValue, kNoJump},
    {SoupOp::Gosub, "Gosub", O::Target, kNoTail, kStatement, kJump},
    {SoupOp::Return, "Return", O::None, kNoTail, kStatement, kNoJump},
    {SoupOp::Endint, "Endint", O::None, kNoTail, kStatement, kNoJump},
    {SoupOp::ObjectDot, "ObjectDot", O::Object, kDotTail, kValue, kNoJump},
    {SoupOp::String, "String", O::Int32, kNoTail, kValue, kNoJump},
    {SoupOp::NumericAlt, "NumericAlt", O::Int32, kNoTail, kValue, kNoJump},
    {SoupOp::Anchor, "Anchor", O::Byte, kNoTail, kValue, kNoJump},
    {SoupOp::ObjTask, "ObjDotTask", O::ObjectCall, kNoTail, kValue, kNoJump},
    {SoupOp::ObjFunc, "ObjDotFunc", O::ObjectCall, kNoTail, kValue, kNoJump},
    {SoupOp::TaskPause, "TaskPause", O::Target, kNoTail, kStatement, kJump},
    {SoupOp::ScriptRV, "ScriptRV", O::Byte, kNoTail, kStatement, kNoJump},
};

// Byte -> row of kOps (or -1), built once from the table.
struct OpIndex {
    std::array<std::int8_t, 256> row{};
    constexpr OpIndex() {
        row.fill(-1);
        for (std::size_t i = 0; i < std::size(kOps); ++i)
            row[static_cast<std::uint8_t>(kOps[i].op)] = static_cast<std::int8_t>(i);
    }
};
constexpr OpIndex kOpIndex;

SoupTail tailOf(const SoupExpr& x) {
    return soupOpInfo(x.op).tail[static_cast<std::size_t>(x.mode)];
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

    // A byte that must be at most `last`, as enum E.
    template <typename E> E ranged(const char* field, std::uint8_t last) {
        const std::size_t at = r_.pos();
        const std::uint8_t b = r_.u8(field);
        if (b > last)
            r_.failAt(at, field,
                      std::string(field) + " " + std::to_string(b) + " is past " + std::to_string(last));
        return static_cast<E>(b);
    }

    SoupObject object() {
        SoupObject o;
        const std::size_t at = r_.pos();
        const std::uint8_t selector = r_.u8("object selector");
        if (!isSoupSelector(selector))
            r_.failAt(at, "object selector", "unknown object selector " + soupHex(selector));
        o.selector = static_cast<SoupSelector>(selector);
        if (o.selector != SoupSelector::Variable || kSoupVarObjectBytes == 1)
            o.arg = r_.u8(soupSelectorIsFixed(o.selector) ? "object padding" : "object argument");
        return o;
    }

    void call(std::uint32_t e, int depth) {
        const std::uint16_t function = r_.u16("function id");
        const bool countByte = function != 0 || code_.id0 == SoupId0Count::Byte;
        const std::uint8_t count = countByte ? r_.u8("parameter count") : 0;
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
            const SoupOperator op = ranged<SoupOperator>("formula operator", kSoupOperatorLast);
            code_.terms.push_back({v, op});
            if (soupOperatorEndsFormula(op)) {
                if (soupOperatorIsIncDec(op) && kSoupByteAfterIncDec)
                    code_.exprs[e].pad = r_.u8("byte after ++/--");
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
            c.comparison = ranged<SoupComparison>("comparison", kSoupComparisonLast);
            c.rhs = newExpr();
            value(c.rhs, SoupMode::Rhs, depth + 1);
            c.conjunction = ranged<SoupConjunction>("conjunction", kSoupConjunctionLast);
            code_.conditions.push_back(c);
            if (c.conjunction == SoupConjunction::End) break;
        }
    }

    void tail(std::uint32_t e, SoupTail t, int depth) {
        switch (t) {
        case SoupTail::None:
            break;
        case SoupTail::Formula:
            formula(e, depth);
            break;
        case SoupTail::Operator: {
            const std::uint8_t b = r_.u8("comparison operand operator");
            code_.exprs[e].trailing = b;
            break;
        }
        case SoupTail::Pad16: {
            const std::uint32_t pad = r_.u16("parameter padding");
            code_.exprs[e].pad = pad;
            break;
        }
        case SoupTail::Pad24: {
            std::uint32_t pad = r_.u8("parameter padding");
            pad |= std::uint32_t{r_.u8("parameter padding")} << 8;
            pad |= std::uint32_t{r_.u8("parameter padding")} << 16;
            code_.exprs[e].pad = pad;
            break;
        }
        }
    }

    // Reads one value in `mode` into exprs[e] (which may move: index, never hold references).
    void value(std::uint32_t e, SoupMode mode, int depth) {
        if (depth > kSoupMaxDepth) r_.fail("nesting", "nested deeper than " + std::to_string(kSoupMaxDepth));
        const std::size_t at = r_.pos();
        const std::uint8_t byte = r_.u8("opcode");
        const SoupOpInfo* info = soupOpInfo(byte);
        if (!info) r_.failAt(at, "opcode", "unknown opcode " + soupHex(byte));
        if (mode != SoupMode::Main && info->statement)
            r_.failAt(at, "opcode", std::string(info->name) + " where a value is expected");
        code_.exprs[e].op = info->op;
        code_.exprs[e].mode = mode;
        switch (info->operand) {
        case SoupOperand::None:
            break;
        case SoupOperand::Call:
            call(e, depth);
            break;
        case SoupOperand::ObjectCall: {
            const SoupObject o = object();
            SoupCallKind kind = SoupCallKind::Function;
            if (mode == SoupMode::Main) kind = ranged<SoupCallKind>("call type", kSoupCallKindLast);
            code_.exprs[e].object = o;
            code_.exprs[e].dispatch = kind;
            call(e, depth);
            break;
        }
        case SoupOperand::Condition: {
            condition(depth);
            const std::uint32_t end = r_.u32("if end offset");
            code_.exprs[e].value = static_cast<std::int32_t>(end);
            break;
        }
        case SoupOperand::Target: {
            const std::int32_t target = r_.i32("jump target");
            code_.exprs[e].value = target;
            break;
        }
        case SoupOperand::Flag: {
            const std::int32_t id = r_.u16("flag id");
            code_.exprs[e].value = id;
            break;
        }
        case SoupOperand::Variable: {
            const std::int32_t index = r_.u8("variable index");
            code_.exprs[e].value = index;
            break;
        }
        case SoupOperand::Object: {
            const SoupObject o = object();
            const std::uint16_t ref = r_.u16("reference id");
            code_.exprs[e].object = o;
            code_.exprs[e].ref = ref;
            break;
        }
        case SoupOperand::Int32: {
            const std::int32_t v = r_.i32(info->op == SoupOp::String ? "string index" : "number");
            code_.exprs[e].value = v;
            break;
        }
        case SoupOperand::Byte: {
            const std::int32_t v = r_.u8(info->op == SoupOp::Anchor ? "anchor" : "script return value");
            code_.exprs[e].value = v;
            break;
        }
        }
        tail(e, info->tail[static_cast<std::size_t>(mode)], depth);
    }

    ByteReader r_;
    SoupCode& code_;
};

void encodeObject(const SoupObject& o, ByteWriter& w) {
    w.u8(static_cast<std::uint8_t>(o.selector));
    if (o.selector != SoupSelector::Variable || kSoupVarObjectBytes == 1) w.u8(o.arg);
}

void encodeValue(const SoupCode& code, std::uint32_t e, ByteWriter& w);

void encodeCall(const SoupCode& code, const SoupExpr& x, ByteWriter& w) {
    w.u16(x.function);
    if (x.function != 0 || code.id0 == SoupId0Count::Byte) w.u8(x.paramCount);
    for (std::uint32_t i = 0; i < x.count; ++i)
        encodeValue(code, x.first + i, w);
}

void encodeFormula(const SoupCode& code, const SoupExpr& x, ByteWriter& w) {
    for (std::uint32_t i = 0; i < x.count; ++i) {
        const SoupTerm& t = code.terms[x.first + i];
        encodeValue(code, t.expr, w);
        w.u8(static_cast<std::uint8_t>(t.op));
        if (soupOperatorIsIncDec(t.op) && kSoupByteAfterIncDec) w.u8(static_cast<std::uint8_t>(x.pad));
    }
}

void encodeTail(const SoupCode& code, const SoupExpr& x, ByteWriter& w) {
    switch (tailOf(x)) {
    case SoupTail::None:
        break;
    case SoupTail::Formula:
        encodeFormula(code, x, w);
        break;
    case SoupTail::Operator:
        w.u8(x.trailing);
        break;
    case SoupTail::Pad16:
        w.u16(static_cast<std::uint16_t>(x.pad));
        break;
    case SoupTail::Pad24:
        w.u8(static_cast<std::uint8_t>(x.pad));
        w.u8(static_cast<std::uint8_t>(x.pad >> 8));
        w.u8(static_cast<std::uint8_t>(x.pad >> 16));
        break;
    }
}

void encodeValue(const SoupCode& code, std::uint32_t e, ByteWriter& w) {
    const SoupExpr& x = code.exprs[e];
    w.u8(static_cast<std::uint8_t>(x.op));
    switch (soupOpInfo(x.op).operand) {
    case SoupOperand::None:
        break;
    case SoupOperand::Call:
        encodeCall(code, x, w);
        break;
    case SoupOperand::ObjectCall:
        encodeObject(x.object, w);
        if (x.mode == SoupMode::Main) w.u8(static_cast<std::uint8_t>(x.dispatch));
        encodeCall(code, x, w);
        break;
    case SoupOperand::Condition:
        break; // the chain and the end are written by encodeSoupInstruction
    case SoupOperand::Target:
    case SoupOperand::Int32:
        w.i32(x.value);
        break;
    case SoupOperand::Flag:
        w.u16(static_cast<std::uint16_t>(x.value));
        break;
    case SoupOperand::Variable:
    case SoupOperand::Byte:
        w.u8(static_cast<std::uint8_t>(x.value));
        break;
    case SoupOperand::Object:
        encodeObject(x.object, w);
        w.u16(x.ref);
        break;
    }
    encodeTail(code, x, w);
}

} // namespace

std::string soupHex(std::uint64_t v) {
    static const char* digits = "0123456789abcdef";
    std::string s;
    do {
        s.insert(s.begin(), digits[v & 15]);
        v >>= 4;
    } while (v);
    return "0x" + s;
}

std::span<const SoupOpInfo> soupOps() {
    return kOps;
}

const SoupOpInfo* soupOpInfo(std::uint8_t opcode) {
    const int row = kOpIndex.row[opcode];
    return row < 0 ? nullptr : &kOps[static_cast<std::size_t>(row)];
}

const SoupOpInfo& soupOpInfo(SoupOp op) {
    return *soupOpInfo(static_cast<std::uint8_t>(op));
}

const char* soupOpName(std::uint8_t opcode) {
    const SoupOpInfo* info = soupOpInfo(opcode);
    return info ? info->name : nullptr;
}

bool isSoupOp(std::uint8_t opcode) {
    return soupOpInfo(opcode) != nullptr;
}

bool isSoupCall(SoupOp op) {
    const SoupOperand o = soupOpInfo(op).operand;
    return o == SoupOperand::Call || o == SoupOperand::ObjectCall;
}

bool soupHasObject(SoupOp op) {
    const SoupOperand o = soupOpInfo(op).operand;
    return o == SoupOperand::Object || o == SoupOperand::ObjectCall;
}

bool isSoupStatement(SoupOp op) {
    return soupOpInfo(op).statement;
}

const char* soupId0CountName(SoupId0Count c) {
    return c == SoupId0Count::Byte ? "byte" : "none";
}

const char* soupOperatorSymbol(SoupOperator op) {
    static constexpr std::array<const char*, kSoupOperatorLast + 1> kText{"",   "+", "-", "*", "/",  "<<",
                                                                          ">>", "&", "|", "^", "++", "--"};
    const auto i = static_cast<std::size_t>(op);
    return i < kText.size() ? kText[i] : nullptr;
}

bool soupOperatorEndsFormula(SoupOperator op) {
    return op == SoupOperator::End || soupOperatorIsIncDec(op);
}

bool soupOperatorIsIncDec(SoupOperator op) {
    return op == SoupOperator::Inc || op == SoupOperator::Dec;
}

const char* soupComparisonText(SoupComparison c) {
    static constexpr std::array<const char*, kSoupComparisonLast + 1> kText{"==", "!=", "<", ">", "<=", ">="};
    const auto i = static_cast<std::size_t>(c);
    return i < kText.size() ? kText[i] : nullptr;
}

const char* soupConjunctionText(SoupConjunction c) {
    switch (c) {
    case SoupConjunction::End:
        return "";
    case SoupConjunction::And:
        return "and";
    case SoupConjunction::Or:
        return "or";
    }
    return nullptr;
}

SoupOp soupObjectCallOp(SoupCallKind kind) {
    return kind == SoupCallKind::Function ? SoupOp::ObjFunc : SoupOp::ObjTask;
}

bool isSoupSelector(std::uint8_t byte) {
    switch (static_cast<SoupSelector>(byte)) {
    case SoupSelector::Me:
    case SoupSelector::Player:
    case SoupSelector::Camera:
    case SoupSelector::String:
    case SoupSelector::Variable:
        return true;
    }
    return false;
}

bool soupSelectorIsFixed(SoupSelector s) {
    return s == SoupSelector::Me || s == SoupSelector::Player || s == SoupSelector::Camera;
}

const char* soupSelectorName(SoupSelector s) {
    switch (s) {
    case SoupSelector::Me:
        return "Me";
    case SoupSelector::Player:
        return "Player";
    case SoupSelector::Camera:
        return "Camera";
    case SoupSelector::String:
    case SoupSelector::Variable:
        break;
    }
    return nullptr;
}

bool SoupExpr::hasFormula() const {
    return tailOf(*this) == SoupTail::Formula;
}

SoupCallKind SoupExpr::callKind() const {
    if (mode != SoupMode::Main) return SoupCallKind::Function;
    switch (op) {
    case SoupOp::Task:
        return SoupCallKind::Task;
    case SoupOp::Multitask:
        return SoupCallKind::Multitask;
    case SoupOp::ObjTask:
    case SoupOp::ObjFunc:
        return dispatch;
    default:
        return SoupCallKind::Function;
    }
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
        out.u8(static_cast<std::uint8_t>(c.comparison));
        encodeValue(code, c.rhs, out);
        out.u8(static_cast<std::uint8_t>(c.conjunction));
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
    if (!soupOpInfo(x.op).jump) return {};
    return {static_cast<std::uint32_t>(x.value)};
}

} // namespace rgx::loaders
