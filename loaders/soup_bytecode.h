#pragma once
// SOUP bytecode (RASC) <-> a plain instruction list: the reference's "SOUP Scripting" opcode
// table, value modes, object/reference encodings, formulas and `if` chains, in one grammar.
//
// decodeSoupInstruction reads one top-level instruction (MAIN mode) at an offset of an actor's
// script; encodeSoupInstruction writes it back, byte for byte. Every byte of the input lives in a
// field, so encode(decode(bytes)) == bytes for everything decode accepts. The few byte counts
// the public readers disagree on are fixed once here (kSoup* below; docs/scripts.md says why).
//
// An instruction is a tree of SoupExpr nodes kept in flat arrays of its SoupCode (one per
// script), so a decoded script is a handful of allocations and copies cheaply.

#include "base/error.h"
#include "loaders/bytes.h"

#include <cstdint>
#include <optional>
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

// The reference's name of an opcode byte ("Task", "LocalVar", ...), or nullptr if the byte is not
// an opcode.
const char* soupOpName(std::uint8_t opcode);
bool isSoupOp(std::uint8_t opcode);

// The disputed byte counts, decided once (docs/scripts.md "Byte counts").
// A formula ended by `++`/`--` (operator 10/11) is followed by one more byte (the list's 0).
inline constexpr bool kSoupByteAfterIncDec = true;
// ScriptRV (0x1E) carries one operand byte (the expected value); its block is what follows.
inline constexpr int kSoupScriptRvOperandBytes = 1;
// Object selector 0x0A (object named by a local variable) is followed by one byte: the index.
inline constexpr int kSoupVarObjectBytes = 1;

enum class SoupMode : std::uint8_t { Main, Lhs, Rhs, Parameter, Formula };

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
const char* soupOperatorText(std::uint8_t op); // " + ", "++", ... ; "" for End; nullptr if invalid
// Comparisons 0..5: "==", "!=", "<", ">", "<=", ">="; nullptr if invalid.
const char* soupComparisonText(std::uint8_t cmp);

// The object a property or call names: selector 0 Me, 1 Player, 2 Camera (arg: a padding byte),
// 4 the actor's string `arg` (RASB index), 0x0A the object named by local variable `arg`.
struct SoupObject {
    std::uint8_t selector = 0;
    std::uint8_t arg = 0;
    bool operator==(const SoupObject&) const = default;
};

struct SoupExpr {
    SoupOp op = SoupOp::Numeric;
    SoupMode mode = SoupMode::Main;
    // Numeric/NumericAlt: the i32; String: the u32 string index; Flag: the u16 id; LocalVar: the
    // u8 index; Anchor: the u8; Goto/End/Gosub/TaskPause: the u32 target; ScriptRV: the u8.
    std::int32_t value = 0;
    // Parameter-mode padding (Flag: u16, LocalVar: 3 bytes); for a MAIN formula ended by ++/--,
    // the byte after it (kSoupByteAfterIncDec).
    std::uint32_t pad = 0;
    // The operator byte Flag/LocalVar/ObjectDot read in LHS/RHS mode (ObjectDot: LHS only).
    std::uint8_t trailing = 0;
    SoupObject object;     // ObjInc/ObjDec/ObjectDot/ObjTask/ObjFunc
    std::uint16_t ref = 0; // the u16 reference id (the low byte indexes DEF refs)
    // Calls (Task/Multitask/Function/ObjTask/ObjFunc): function id and the stored count.
    std::uint16_t function = 0;
    std::uint8_t paramCount = 0;
    std::uint8_t dispatch = 0; // ObjTask/ObjFunc in MAIN mode: 0 task, 1 multitask, 2 function
    // Children in SoupCode: args (calls) in exprs[first, first + count); a MAIN assignment's
    // formula terms in terms[first, first + count).
    std::uint32_t first = 0;
    std::uint32_t count = 0;
    bool operator==(const SoupExpr&) const = default;

    bool isCall() const;
    bool hasFormula() const; // a MAIN-mode Flag/LocalVar/ObjectDot assignment
};

// A formula term: a value and the operator byte after it (the last term's is 0, 10 or 11).
struct SoupTerm {
    std::uint32_t expr = 0;
    std::uint8_t op = 0;
    bool operator==(const SoupTerm&) const = default;
};

// One comparison of an `if` chain and the conjunction after it (0 end, 1 and, 2 or).
struct SoupCondition {
    std::uint32_t lhs = 0;
    std::uint8_t comparison = 0;
    std::uint32_t rhs = 0;
    std::uint8_t conjunction = 0;
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
    bool operator==(const SoupCode&) const = default;

    const SoupExpr& main(const SoupInstruction& in) const { return exprs[in.expr]; }
    // The instruction at `offset`, or nullptr when no instruction starts there.
    const SoupInstruction* at(std::uint32_t offset) const;
    std::optional<std::size_t> indexAt(std::uint32_t offset) const;
};

// Decodes one instruction at `offset` of `script` and appends it (and its nodes) to code.
// Throws rgx::Error (path, base + absolute offset, field) on an unknown opcode, a truncated
// operand, a formula operator past 11, a comparison or conjunction out of range, or nesting past
// kSoupMaxDepth. Never reads outside script.
inline constexpr int kSoupMaxDepth = 32;
const SoupInstruction& decodeSoupInstruction(ByteSpan script, std::uint32_t offset, SoupCode& code,
                                             const std::string& path, std::uint64_t base = 0);

// Writes one instruction (with its nodes) as bytes.
void encodeSoupInstruction(const SoupCode& code, const SoupInstruction& in, ByteWriter& out);
Bytes encodeSoupCode(const SoupCode& code); // every instruction, in order

// The absolute offsets an instruction can jump to: If's end, Goto/End/Gosub/TaskPause targets.
std::vector<std::uint32_t> soupTargets(const SoupCode& code, const SoupInstruction& in);

// A whole script decoded linearly from 0: instructions back to back until the end. A decode
// error ends the listing there and becomes a warning; a jump target that is not an instruction
// start (or lies outside the script) is a warning too. field of each warning: "actor NAME".
struct SoupListing {
    SoupCode code;
    Warnings warnings;
    bool complete = true; // false when a decode error cut the listing short
};
SoupListing decodeSoupScript(ByteSpan script, const std::string& actor, const std::string& path,
                             std::uint64_t base = 0);

} // namespace rgx::loaders
