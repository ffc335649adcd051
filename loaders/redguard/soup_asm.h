#pragma once
// SOUP bytecode as text, both ways: the disassembler's listing and the assembler that turns that
// text back into the same bytes (docs/scripts.md "Listing syntax" is the grammar).
//
//   L_0012:                        a label: an instruction some jump names
//   task Wait(12)                  calls: `task` 0x00, `@` 0x01, bare 0x02 (Function)
//   task Me.WalkForward(300)       object calls (0x19/0x1A): Me, Player, Camera, str[i], var3
//   var2 = var2 + 1                assignments: var<i>, flag:<name|id>, <object>.<ref>
//   if flag:DoorOpen == 1 and var0 < 3 else L_0040
//   Goto L_0000 | End L_0000 | Gosub L_0020 | Return | Endint
//   taskpause L_0010 | anchor 5 | scriptrv 1
//   values: 12, #12 (NumericAlt), 'ABCD' (a 4-byte RTX key), item:3, map:2, str[4], var1,
//           flag:Name, Me.x, Me.x++, Rnd(5), task F(), {pad=N,op=N,objpad=N,opcode=N} after a
//           value for bytes that are not the canonical zeros
//
// Names come from the SOUP386.DEF when given (functions, flags, refs), else fn_<id>, flag:<id>
// and ref_<id>; the assembler takes both forms. assembleSoup(disassembleSoup(code)) gives back
// encodeSoupCode(code) byte for byte, for every code decodeSoupScript produced completely.

#include "loaders/redguard/soup_bytecode.h"
#include "loaders/redguard/soup_def.h"

#include <string>
#include <string_view>
#include <vector>

namespace rgx::loaders {

struct SoupNames {
    const SoupDef* def = nullptr;                      // null: fn_<id>, flag:<id>, ref_<id>
    const std::vector<std::string>* strings = nullptr; // the actor's strings, for comments
};

// The listing's keyword of a statement (and of Anchor), which the printer writes and the assembler
// reads: "if", "Goto", "End", "Gosub", "taskpause", "Return", "Endint", "anchor", "scriptrv";
// nullptr for an opcode that has none.
const char* soupKeyword(SoupOp op);
// The listing's prefix of a call kind: "task ", "@", "" (a Function).
const char* soupCallPrefix(SoupCallKind kind);

// "L_0012": the label of a script offset.
std::string soupLabel(std::uint32_t offset);

// One instruction as text (no label, no indent), and a comment with the strings it names ("").
std::string soupInstructionText(const SoupCode& code, const SoupInstruction& in, const SoupNames& names);
std::string soupInstructionComment(const SoupCode& code, const SoupInstruction& in, const SoupNames& names);

// The whole listing: a label line before every instruction a jump or script_pc names, each
// instruction on its own line (indented inside `if` blocks), string comments after ';'.
std::string disassembleSoup(const SoupCode& code, std::uint32_t scriptPc, const SoupNames& names);

// Text -> bytes: the text is read into a SoupCode and written by encodeSoupCode; id-0 calls get a
// count byte or none as `id0` says. Throws rgx::Error (path, no offset, field "line N") naming
// what is wrong.
Bytes assembleSoup(std::string_view text, const SoupDef* def, const std::string& path,
                   SoupId0Count id0 = SoupId0Count::Byte);

} // namespace rgx::loaders
