// The one SOUP grammar (loaders/redguard/soup_bytecode.h): the table answers every derived question, a
// listing of every opcode in every value mode round-trips (assemble -> encode -> decode ->
// listing), and the count after function id 0 is read the way the file decodes under.
#include "loaders/redguard/soup_asm.h"
#include "loaders/redguard/soup_bytecode.h"
#include "loaders/redguard/soup_def.h"
#include "tests/loaders/redguard/soup_fixture.h"

#include <gtest/gtest.h>

#include <map>
#include <set>

using namespace rgx::loaders;

namespace {

bool hasWarning(const Warnings& w, const std::string& part) {
    for (const Warning& x : w) {
        if (x.message.find(part) != std::string::npos) return true;
    }
    return false;
}

// A value of each kind as the listing writes it: in a value mode (`value`) and as a statement of
// its own (`statement`).
struct ValueText {
    SoupOp op;
    std::string value, statement;
};
const ValueText kValues[] = {
    {SoupOp::Task, "task Rnd(2)", "task Wait(3)"},
    {SoupOp::Multitask, "@Rnd(2)", "@Wait(3)"},
    {SoupOp::Function, "Rnd(2)", "HideMe()"},
    {SoupOp::Flag, "flag:TimeOfDay", "flag:TimeOfDay = 2"},
    {SoupOp::Numeric, "5", "5"},
    {SoupOp::LocalVar, "var1", "var1 = var2 + 1"},
    {SoupOp::ObjInc, "Me.x++", "Me.x++"},
    {SoupOp::ObjDec, "str[0].y--", "str[0].y--"},
    {SoupOp::ObjectDot, "Player.z", "var3.x = 4"},
    {SoupOp::String, "str[1]", "str[1]"},
    {SoupOp::NumericAlt, "#7", "#7"},
    {SoupOp::Anchor, "anchor 2", "anchor 2"},
    {SoupOp::ObjTask, "task Camera.Rnd(3)", "task str[0].Wait(1)"},
    {SoupOp::ObjFunc, "Me.Rnd(3)", "Me.HideMe()"},
};

// Every value in every mode, and every statement: one listing.
std::string everyOpcodeEveryMode() {
    std::string text = "top:\n";
    for (const ValueText& v : kValues) {
        text += v.statement + "\n";                    // MAIN
        text += "if " + v.value + " == 1 else next\n"; // LHS
        text += "if 1 != " + v.value + " else next\n"; // RHS
        text += "Wait(" + v.value + ")\n";             // PARAMETER
        text += "var0 = " + v.value + " + 1\n";        // FORMULA
    }
    text += "next:\nGosub sub\ntaskpause next\nscriptrv 1\nGoto top\nsub:\nReturn\nEndint\nEnd top\n";
    return text;
}

} // namespace

TEST(SoupGrammar, TheTableAnswersEveryDerivedQuestion) {
    std::set<int> bytes;
    for (const SoupOpInfo& info : soupOps()) {
        const auto byte = static_cast<std::uint8_t>(info.op);
        EXPECT_TRUE(bytes.insert(byte).second) << info.name;
        EXPECT_EQ(soupOpInfo(byte), &info);
        EXPECT_STREQ(soupOpName(byte), info.name);
        EXPECT_EQ(isSoupCall(info.op),
                  info.operand == SoupOperand::Call || info.operand == SoupOperand::ObjectCall);
        EXPECT_EQ(soupHasObject(info.op),
                  info.operand == SoupOperand::Object || info.operand == SoupOperand::ObjectCall);
        EXPECT_EQ(isSoupStatement(info.op), info.statement);
        // A statement reads nothing after its operand in any mode; only MAIN assigns.
        for (std::size_t m = 0; m < kSoupModes; ++m) {
            if (info.statement) {
                EXPECT_EQ(info.tail[m], SoupTail::None) << info.name;
            }
            if (m != 0) {
                EXPECT_NE(info.tail[m], SoupTail::Formula) << info.name;
            }
        }
    }
    EXPECT_EQ(bytes.size(), 22u); // the reference's 22 opcodes
    // Spot checks against the reference's own tables ("Operand Encoding"), not the table itself.
    using M = SoupMode;
    const auto tail = [](SoupOp op, M m) { return soupOpInfo(op).tail[static_cast<std::size_t>(m)]; };
    EXPECT_EQ(tail(SoupOp::Flag, M::Main), SoupTail::Formula);
    EXPECT_EQ(tail(SoupOp::Flag, M::Lhs), SoupTail::Operator);
    EXPECT_EQ(tail(SoupOp::Flag, M::Rhs), SoupTail::Operator);
    EXPECT_EQ(tail(SoupOp::Flag, M::Parameter), SoupTail::Pad16);
    EXPECT_EQ(tail(SoupOp::Flag, M::Formula), SoupTail::None);
    EXPECT_EQ(tail(SoupOp::LocalVar, M::Parameter), SoupTail::Pad24);
    EXPECT_EQ(tail(SoupOp::ObjectDot, M::Lhs), SoupTail::Operator);
    EXPECT_EQ(tail(SoupOp::ObjectDot, M::Rhs), SoupTail::None); // "Other: (none)"
    EXPECT_EQ(tail(SoupOp::ObjectDot, M::Parameter), SoupTail::None);
    EXPECT_EQ(soupOpInfo(SoupOp::ObjTask).operand, SoupOperand::ObjectCall);
    EXPECT_EQ(soupOpInfo(SoupOp::String).operand, SoupOperand::Int32);
    EXPECT_EQ(soupOpInfo(SoupOp::Anchor).operand, SoupOperand::Byte);
    std::set<std::string> statements;
    for (const SoupOpInfo& info : soupOps())
        if (info.statement) statements.insert(info.name);
    EXPECT_EQ(statements, (std::set<std::string>{"If", "Goto", "End", "Gosub", "Return", "Endint",
                                                 "TaskPause", "ScriptRV"}));
    std::set<std::string> jumps;
    for (const SoupOpInfo& info : soupOps())
        if (info.jump) jumps.insert(info.name);
    EXPECT_EQ(jumps, (std::set<std::string>{"If", "Goto", "End", "Gosub", "TaskPause"}));
    for (int b = 0; b < 256; ++b)
        EXPECT_EQ(isSoupOp(static_cast<std::uint8_t>(b)), bytes.count(b) > 0) << b;
    // The listing's keywords are the statements' (and Anchor's).
    for (const SoupOpInfo& info : soupOps())
        EXPECT_EQ(soupKeyword(info.op) != nullptr, info.statement || info.op == SoupOp::Anchor) << info.name;
}

TEST(SoupGrammar, EveryOpcodeInEveryValueModeRoundTrips) {
    const std::string text = everyOpcodeEveryMode();
    const Bytes bytes = assembleSoup(text, &gameSoupDef(), "every.txt");
    const SoupListing listing = decodeSoupScript(bytes, "T", "t.rgm");
    ASSERT_TRUE(listing.complete);
    EXPECT_TRUE(listing.warnings.empty()) << listing.warnings.front().text();
    // Every (opcode, mode) the grammar allows is there: statements in MAIN, values in all five.
    std::set<std::pair<int, int>> seen;
    for (const SoupExpr& x : listing.code.exprs)
        seen.insert({static_cast<int>(x.op), static_cast<int>(x.mode)});
    for (const SoupOpInfo& info : soupOps()) {
        for (int m = 0; m < static_cast<int>(kSoupModes); ++m) {
            if (info.statement && m != 0) continue;
            EXPECT_TRUE(seen.count({static_cast<int>(info.op), m})) << info.name << " in mode " << m;
        }
    }
    // assemble -> encode -> decode -> listing -> assemble: the same bytes, the same code.
    EXPECT_EQ(encodeSoupCode(listing.code), bytes);
    for (const SoupDef* def : {&gameSoupDef(), static_cast<const SoupDef*>(nullptr)}) {
        const std::vector<std::string> strings{"GATE", "LIGHT01"};
        const std::string listed = disassembleSoup(listing.code, 0, {def, &strings});
        const Bytes again = assembleSoup(listed, def, "listed.txt");
        EXPECT_EQ(again, bytes) << listed;
        EXPECT_EQ(decodeSoupScript(again, "T", "t.rgm").code, listing.code);
    }
}

TEST(SoupGrammar, TheAssemblerWritesWhatTheDecoderReads) {
    // The hand-built fixture (every opcode from the reference's byte tables) through the listing.
    const SoupDef& def = gameSoupDef();
    const soup_fixture::Code c =
        soup_fixture::everyOpcode(*findSoupFunction(def, "RTX"), *findSoupFunction(def, "HandItem"));
    const SoupListing listing = decodeSoupScript(c.bytes, "T", "t.rgm");
    ASSERT_TRUE(listing.complete);
    const std::string text = disassembleSoup(listing.code, 0, {&def, nullptr});
    const SoupListing back = decodeSoupScript(assembleSoup(text, &def, "t.txt"), "T", "t.rgm");
    EXPECT_EQ(back.code, listing.code);
}

// ---- The count after function id 0 -------------------------------------------------------------

namespace {

// NullFunction calls between jumps: under the wrong reading every instruction after the first
// call is a byte off, so the jumps past it land inside instructions.
const char* kId0Text = "top:\n"
                       "NullFunction()\n"
                       "var0 = var0 + 1\n"
                       "if var0 < 3 else done\n"
                       "NullFunction()\n"
                       "Goto top\n"
                       "done:\n"
                       "End top\n";

std::vector<SoupOp> ops(const SoupCode& code) {
    std::vector<SoupOp> out;
    for (const SoupInstruction& in : code.instructions)
        out.push_back(code.main(in).op);
    return out;
}

} // namespace

TEST(SoupId0, BothWritingsDecodeInStepUnderAuto) {
    const Bytes withByte = assembleSoup(kId0Text, &gameSoupDef(), "t", SoupId0Count::Byte);
    const Bytes without = assembleSoup(kId0Text, &gameSoupDef(), "t", SoupId0Count::None);
    ASSERT_EQ(withByte.size(), without.size() + 2); // two calls, a byte each
    const SoupListing a = decodeSoupScript(withByte, "A", "t.rgm");
    const SoupListing b = decodeSoupScript(without, "B", "t.rgm");
    EXPECT_EQ(a.code.id0, SoupId0Count::Byte);
    EXPECT_EQ(b.code.id0, SoupId0Count::None);
    EXPECT_EQ(a.id0Verdict, SoupId0Verdict::OnlyOne);
    EXPECT_EQ(b.id0Verdict, SoupId0Verdict::OnlyOne);
    EXPECT_TRUE(a.complete && b.complete);
    EXPECT_TRUE(a.warnings.empty()) << a.warnings.front().text();
    EXPECT_TRUE(b.warnings.empty()) << b.warnings.front().text();
    EXPECT_EQ(ops(a.code), ops(b.code)); // in step: the same instructions
    EXPECT_EQ(ops(a.code).size(), 6u);
    // Each listing reads the same and writes its own bytes back.
    EXPECT_EQ(encodeSoupCode(a.code), withByte);
    EXPECT_EQ(encodeSoupCode(b.code), without);
    EXPECT_EQ(disassembleSoup(a.code, 0, {&gameSoupDef(), nullptr}).find("NullFunction()") !=
                  std::string::npos,
              true);
    // A script without id-0 calls has nothing to decide.
    const SoupListing plain = decodeSoupScript(assembleSoup("var0 = 1\nEnd\n", nullptr, "t"), "P", "t.rgm");
    EXPECT_EQ(plain.id0Verdict, SoupId0Verdict::NoCall);
}

TEST(SoupId0, AForcedReadingIsKeptEvenWhereItFails) {
    const Bytes withByte = assembleSoup(kId0Text, &gameSoupDef(), "t", SoupId0Count::Byte);
    const SoupListing forced = decodeSoupScript(withByte, "A", "t.rgm", 0, {SoupId0Reading::None, 0});
    EXPECT_EQ(forced.code.id0, SoupId0Count::None);
    EXPECT_EQ(forced.id0Verdict, SoupId0Verdict::Forced);
    EXPECT_FALSE(forced.warnings.empty()); // a jump off its boundaries (or bad bytecode) under it
}

TEST(SoupId0, BothReadingsPassingIsAWarningNamingActorAndOffset) {
    // Read with a byte: NullFunction with 19 numbers. Read without: NullFunction, Endint, 19
    // bare numbers. Both decode to the end with no jump: the reference's reading is kept.
    soup_fixture::Code c;
    c.b({0x04}).i32(5); // Goto past itself, to the call: lands under both readings
    c.b({0x02}).u16(0).b({0x13});
    for (int i = 0; i < 0x13; ++i)
        c.b({0x07}).i32(i);
    const SoupListing l = decodeSoupScript(c.bytes, "TWICE", "t.rgm", 1000);
    EXPECT_EQ(l.id0Verdict, SoupId0Verdict::Both);
    EXPECT_EQ(l.code.id0, SoupId0Count::Byte);
    ASSERT_TRUE(hasWarning(l.warnings, "both readings")) << l.warnings.size();
    EXPECT_EQ(l.warnings.back().field, "actor TWICE");
    EXPECT_EQ(l.warnings.back().offset, 1005u); // the call's file offset
    EXPECT_NE(l.warnings.back().message.find("0x5"), std::string::npos);
}

TEST(SoupId0, NeitherReadingPassingIsAWarningNeverACrash) {
    // An id-0 call, then a Goto into the middle of itself: no reading lands it.
    soup_fixture::Code c;
    c.b({0x02}).u16(0).b({0x00});
    c.b({0x04}).i32(2);
    c.b({0x12});
    const SoupListing l = decodeSoupScript(c.bytes, "NONE", "t.rgm");
    EXPECT_EQ(l.id0Verdict, SoupId0Verdict::Neither);
    EXPECT_TRUE(hasWarning(l.warnings, "neither reading"));
    EXPECT_EQ(l.warnings.back().field, "actor NONE");
    EXPECT_EQ(l.code.id0, SoupId0Count::Byte); // it decodes further
    EXPECT_EQ(encodeSoupCode(l.code), c.bytes);
    // The script_pc counts too: a start inside an instruction fails a reading.
    const Bytes ok = assembleSoup(kId0Text, &gameSoupDef(), "t", SoupId0Count::Byte);
    const SoupListing off = decodeSoupScript(ok, "OFF", "t.rgm", 0, {SoupId0Reading::Auto, 1});
    EXPECT_EQ(off.id0Verdict, SoupId0Verdict::Neither);
}

TEST(SoupId0, TheReadingsHaveTheirNames) {
    for (SoupId0Reading r : {SoupId0Reading::Auto, SoupId0Reading::Byte, SoupId0Reading::None})
        EXPECT_EQ(parseSoupId0Reading(soupId0ReadingName(r)), r);
    EXPECT_FALSE(parseSoupId0Reading("maybe"));
    EXPECT_STREQ(soupId0CountName(SoupId0Count::None), "none");
}
