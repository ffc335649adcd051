#pragma once
// SOUP bytecode (RASC) <-> a plain instruction list: the reference's "SOUP Scripting" opcode
// table, value modes, object/reference encodings, formulas and `if` chains, in one grammar.
//
// The grammar is one table (soupOpInfo, as Lua's luaP_opmodes): each opcode's name, the operand
// that follows it, the bytes it reads after that in each value mode, whether it is a statement
// only and whether its operand is a jump target. The decoder, the encoder, the listing, the
// assembler (which builds a SoupCode and calls the encoder) and the VM all read it; isCall,
// hasObject, soupTargets and the rest are derived from it. Selectors, comparisons, conjunctions,
// operators and call kinds are enums: no other file spells their bytes.
//
// decodeSoupInstruction reads one top-level instruction (MAIN mode) at an offset of an actor's
// script; encodeSoupInstruction writes it back, byte for byte. Every byte of the input lives in a
// field, so encode(decode(bytes)) == bytes for everything decode accepts. The few byte counts
// the public readers disagree on are fixed once here (kSoup* and SoupId0Count below;
// docs/scripts.md says why).
//
// An instruction is a tree of SoupExpr nodes kept in flat arrays of its SoupCode (one per
// script), so a decoded script is a handful of allocations and copies cheaply.

#include "base/error.h"
#include "loaders/bytes.h"

#include <array>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

namespace rgx::loaders {

enum class SoupOp : std::uint8_t {
    Task = 0x00,
    Multitask = 0x01,
    Function = 0x02,
    If = 0x03,
    Goto = 0x04,
    End = 0x05,
    Flag = 0x06,
    Numeric = 0x07,
    LocalVar = 0x0A,
    ObjInc = 0x0F,
    ObjDec = 0x10,
    Gosub = 0x11,
    Return = 0x12,
    Endint = 0x13,
    ObjectDot = 0x14,
    String = 0x15,
    NumericAlt = 0x16,
    Anchor = 0x17,
    ObjTask = 0x19,
    ObjFunc = 0x1A,
    TaskPause = 0x1B,
    ScriptRV = 0x1E,
};

enum class SoupMode : std::uint8_t { Main, Lhs, Rhs, Parameter, Formula };
inline constexpr std::size_t kSoupModes = 5;

// What follows an opcode byte.
enum class SoupOperand : std::uint8_t {
    None,       // Return, Endint
    Call,       // u16 function id, the parameter count (SoupId0Count), that many PARAMETER values
    ObjectCall, // an object; in MAIN mode a call-kind byte (SoupCallKind); then as Call
    Condition,  // If: the condition chain (SoupCondition), then the u32 end offset
    Target,     // u32 absolute jump target
    Flag,       // u16 flag id
    Variable,   // u8 local variable index
    Object,     // an object, then the u16 reference id (the low byte indexes DEF refs)
    Int32,      // i32 (Numeric, NumericAlt) or u32 (String: the string index)
    Byte,       // u8 (Anchor, ScriptRV)
};

// What a value reads after its operand, in one value mode.
enum class SoupTail : std::uint8_t {
    None,
    Formula,  // MAIN assignment: terms (value, operator) until the list's 0 or ++/--
    Operator, // LHS/RHS: one operator byte (SoupExpr::trailing)
    Pad16,    // PARAMETER: two padding bytes (SoupExpr::pad)
    Pad24,    // PARAMETER: three padding bytes (SoupExpr::pad)
};

struct SoupOpInfo {
    SoupOp op;
    const char* name; // the reference's
    SoupOperand operand;
    std::array<SoupTail, kSoupModes> tail; // by SoupMode
    bool statement;                        // control flow: a top-level instruction, never a value
    bool jump;                             // the operand is a jump target (soupTargets)
};

// The one table, in opcode order; soupOpInfo(byte) is nullptr for a byte that is no opcode.
std::span<const SoupOpInfo> soupOps();
const SoupOpInfo* soupOpInfo(std::uint8_t opcode);
const SoupOpInfo& soupOpInfo(SoupOp op);
// "0x12": an offset or a byte as the messages write them.
std::string soupHex(std::uint64_t v);
// The reference's name of an opcode byte ("Task", "LocalVar", ...), or nullptr.
const char* soupOpName(std::uint8_t opcode);
bool isSoupOp(std::uint8_t opcode);
bool isSoupCall(SoupOp op);      // operand Call or ObjectCall
bool soupHasObject(SoupOp op);   // operand Object or ObjectCall
bool isSoupStatement(SoupOp op); // never a value

// The disputed byte counts, decided once (docs/scripts.md "Byte counts").
// A formula ended by `++`/`--` (operator 10/11) is followed by one more byte (the list's 0).
inline constexpr bool kSoupByteAfterIncDec = true;
// ScriptRV (0x1E) carries one operand byte (the expected value); its block is what follows.
inline constexpr int kSoupScriptRvOperandBytes = 1;
// Object selector 0x0A (object named by a local variable) is followed by one byte: the index.
inline constexpr int kSoupVarObjectBytes = 1;

// The parameter count after function id 0 (NullFunction): the reference and one interpreter read
// a byte (0); the other readers read none. A SoupCode carries the reading it was decoded with, and
// the encoder writes that reading back.
enum class SoupId0Count : std::uint8_t { Byte, None };
const char* soupId0CountName(SoupId0Count c); // "byte", "none"

// Formula operators (the reference's table; 3 is `*`, 4 is `/`).
enum class SoupOperator : std::uint8_t {
    End = 0,
    Add = 1,
    Sub = 2,
    Mul = 3,
    Div = 4,
    Shl = 5,
    Shr = 6,
    And = 7,
    Or = 8,
    Xor = 9,
    Inc = 10,
    Dec = 11,
};
inline constexpr std::uint8_t kSoupOperatorLast = 11;
// "+", "<<", "++", ... as the listing writes them; "" for End; nullptr past kSoupOperatorLast.
const char* soupOperatorSymbol(SoupOperator op);
bool soupOperatorEndsFormula(SoupOperator op); // End, Inc, Dec
// Inc, Dec: a formula ended by ++/--, after which kSoupByteAfterIncDec's byte follows.
bool soupOperatorIsIncDec(SoupOperator op);

// Comparisons of an `if` chain.
enum class SoupComparison : std::uint8_t { Equal, NotEqual, Less, Greater, LessEqual, GreaterEqual };
inline constexpr std::uint8_t kSoupComparisonLast = 5;
const char* soupComparisonText(SoupComparison c); // "==", "!=", ...; nullptr past the last

// The byte after each comparison: the chain ends, or folds the next comparison in.
enum class SoupConjunction : std::uint8_t { End, And, Or };
inline constexpr std::uint8_t kSoupConjunctionLast = 2;
const char* soupConjunctionText(SoupConjunction c); // "", "and", "or"

// The call-kind byte of a MAIN-mode object call, and the kind of a self call's opcode.
enum class SoupCallKind : std::uint8_t { Task = 0, Multitask = 1, Function = 2 };
inline constexpr std::uint8_t kSoupCallKindLast = 2;
// The object-call opcode a call kind is written with: ObjTask for Task and Multitask (the kind byte
// tells them apart), ObjFunc for Function.
SoupOp soupObjectCallOp(SoupCallKind kind);

// Object selectors: Me, Player and Camera take a padding byte; String names the object by the
// actor's string `arg` (RASB index); Variable by local variable `arg`.
enum class SoupSelector : std::uint8_t {
    Me = 0x00,
    Player = 0x01,
    Camera = 0x02,
    String = 0x04,
    Variable = 0x0A
};
bool isSoupSelector(std::uint8_t byte);
bool soupSelectorIsFixed(SoupSelector s);     // Me, Player, Camera: the argument is padding
const char* soupSelectorName(SoupSelector s); // "Me", "Player", "Camera"; nullptr for the others

struct SoupObject {
    SoupSelector selector = SoupSelector::Me;
    std::uint8_t arg = 0;
    bool operator==(const SoupObject&) const = default;
};

struct SoupExpr {
    SoupOp op = SoupOp::Numeric;
    SoupMode mode = SoupMode::Main;
    // Numeric/NumericAlt: the i32; String: the u32 string index; Flag: the u16 id; LocalVar: the
    // u8 index; Anchor: the u8; Goto/End/Gosub/TaskPause/If: the u32 target; ScriptRV: the u8.
    std::int32_t value = 0;
    // Parameter-mode padding (Pad16, Pad24); for a MAIN formula ended by ++/--, the byte after it
    // (kSoupByteAfterIncDec).
    std::uint32_t pad = 0;
    // The operator byte a value reads in LHS/RHS mode (SoupTail::Operator).
    std::uint8_t trailing = 0;
    SoupObject object;     // ObjInc/ObjDec/ObjectDot/ObjTask/ObjFunc
    std::uint16_t ref = 0; // the u16 reference id (the low byte indexes DEF refs)
    // Calls (Task/Multitask/Function/ObjTask/ObjFunc): function id and the stored count.
    std::uint16_t function = 0;
    std::uint8_t paramCount = 0;
    SoupCallKind dispatch = SoupCallKind::Function; // ObjTask/ObjFunc in MAIN mode: the byte read
    // Children in SoupCode: args (calls) in exprs[first, first + count); a MAIN assignment's
    // formula terms in terms[first, first + count).
    std::uint32_t first = 0;
    std::uint32_t count = 0;
    bool operator==(const SoupExpr&) const = default;

    bool isCall() const { return isSoupCall(op); }
    bool hasFormula() const; // a MAIN-mode value whose tail is a formula (an assignment)
    // How a call runs: a self call by its opcode, a MAIN object call by its byte; a call in any
    // other mode is a Function (the reference: "in non-MAIN modes ... always a function").
    SoupCallKind callKind() const;
};

// A formula term: a value and the operator byte after it (the last term's is End, Inc or Dec).
struct SoupTerm {
    std::uint32_t expr = 0;
    SoupOperator op = SoupOperator::End;
    bool operator==(const SoupTerm&) const = default;
};

// One comparison of an `if` chain and the conjunction after it.
struct SoupCondition {
    std::uint32_t lhs = 0;
    SoupComparison comparison = SoupComparison::Equal;
    std::uint32_t rhs = 0;
    SoupConjunction conjunction = SoupConjunction::End;
    bool operator==(const SoupCondition&) const = default;
};

struct SoupInstruction {
    std::uint32_t offset = 0; // from the actor's script start
    std::uint32_t length = 0;
    std::uint32_t expr = 0; // the MAIN-mode node (for If: op If, value = the end offset)
    std::uint32_t firstCondition = 0, conditionCount = 0; // If only
    bool operator==(const SoupInstruction&) const = default;
};

struct SoupCode {
    std::vector<SoupInstruction> instructions; // in offset order
    std::vector<SoupExpr> exprs;
    std::vector<SoupTerm> terms;
    std::vector<SoupCondition> conditions;
    SoupId0Count id0 = SoupId0Count::Byte; // how id-0 calls were read, and are written
    bool operator==(const SoupCode&) const = default;

    const SoupExpr& main(const SoupInstruction& in) const { return exprs[in.expr]; }
    // The instruction at `offset`, or nullptr when no instruction starts there.
    const SoupInstruction* at(std::uint32_t offset) const;
    std::optional<std::size_t> indexAt(std::uint32_t offset) const;
};

// Decodes one instruction at `offset` of `script` and appends it (and its nodes) to code, reading
// id-0 calls as code.id0 says. Throws rgx::Error (path, base + absolute offset, field) on an
// unknown opcode or selector, a truncated operand, a formula operator, comparison, conjunction or
// call kind out of range, a statement where a value belongs, or nesting past kSoupMaxDepth.
// Never reads outside script.
inline constexpr int kSoupMaxDepth = 32;
const SoupInstruction& decodeSoupInstruction(ByteSpan script, std::uint32_t offset, SoupCode& code,
                                             const std::string& path, std::uint64_t base = 0);

// Writes one instruction (with its nodes) as bytes.
void encodeSoupInstruction(const SoupCode& code, const SoupInstruction& in, ByteWriter& out);
Bytes encodeSoupCode(const SoupCode& code); // every instruction, in order

// The absolute offsets an instruction can jump to: If's end, Goto/End/Gosub/TaskPause targets.
std::vector<std::uint32_t> soupTargets(const SoupCode& code, const SoupInstruction& in);

// How decodeSoupScript reads the count after function id 0: Auto decodes the script both ways
// and keeps the reading under which every instruction decodes and every jump (and script_pc)
// lands on an instruction start.
enum class SoupId0Reading : std::uint8_t { Auto, Byte, None };
const char* soupId0ReadingName(SoupId0Reading r); // "auto", "byte", "none"
std::optional<SoupId0Reading> parseSoupId0Reading(std::string_view text);

// What Auto found.
enum class SoupId0Verdict : std::uint8_t {
    NoCall,  // no id-0 call under either reading: the readings are the same bytes
    OnlyOne, // exactly one reading passes: it is kept
    Both,    // both pass: the reference's (Byte) is kept, with a warning
    Neither, // neither passes: the one that decodes further is kept, with a warning
    Forced,  // Byte or None was asked for
};
const char* soupId0VerdictText(SoupId0Verdict v); // "no id-0 call", "only this reading passes", ...

struct SoupDecodeOptions {
    SoupId0Reading id0 = SoupId0Reading::Auto;
    std::uint32_t scriptPc = 0; // must land on an instruction start too (Auto's test)
};

// A whole script decoded linearly from 0: instructions back to back until the end. A decode
// error ends the listing there and becomes a warning; a jump target that is not an instruction
// start (or lies outside the script) is a warning too. field of each warning: "actor NAME".
struct SoupListing {
    SoupCode code;
    Warnings warnings;
    bool complete = true; // false when a decode error cut the listing short
    SoupId0Verdict id0Verdict = SoupId0Verdict::NoCall;
};
SoupListing decodeSoupScript(ByteSpan script, const std::string& actor, const std::string& path,
                             std::uint64_t base = 0, const SoupDecodeOptions& options = {});

} // namespace rgx::loaders
