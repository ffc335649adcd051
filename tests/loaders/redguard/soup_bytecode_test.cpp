#include "loaders/redguard/soup_asm.h"
#include "loaders/redguard/soup_bytecode.h"
#include "loaders/redguard/soup_def.h"
#include "tests/fuzz/fuzz_target.h"
#include "tests/loaders/redguard/soup_fixture.h"
#include "tests/support/mutate.h"

#include <gtest/gtest.h>

#include <random>
#include <set>

using namespace rgx::loaders;

namespace {

soup_fixture::Code fixture() {
    const SoupDef& def = gameSoupDef();
    return soup_fixture::everyOpcode(*findSoupFunction(def, "RTX"), *findSoupFunction(def, "HandItem"));
}

bool hasWarning(const Warnings& w, const std::string& part) {
    for (const Warning& x : w) {
        if (x.message.find(part) != std::string::npos) return true;
    }
    return false;
}

} // namespace

TEST(SoupBytecode, EveryOpcodeAndValueModeRoundTrips) {
    const auto c = fixture();
    const SoupListing listing = decodeSoupScript(c.bytes, "T", "t.rgm");
    ASSERT_TRUE(listing.complete);
    EXPECT_TRUE(listing.warnings.empty()) << listing.warnings.front().text();
    EXPECT_EQ(encodeSoupCode(listing.code), c.bytes);
    // Every opcode of the reference's table appears.
    std::set<int> ops;
    for (const SoupExpr& x : listing.code.exprs)
        ops.insert(static_cast<int>(x.op));
    for (int op : {0x00, 0x01, 0x02, 0x03, 0x04, 0x05, 0x06, 0x07, 0x0A, 0x0F, 0x10,
                   0x11, 0x12, 0x13, 0x14, 0x15, 0x16, 0x17, 0x19, 0x1A, 0x1B, 0x1E})
        EXPECT_TRUE(ops.count(op)) << "opcode " << op;
    // Instructions tile the script.
    std::uint32_t next = 0;
    for (const SoupInstruction& in : listing.code.instructions) {
        EXPECT_EQ(in.offset, next);
        next += in.length;
    }
    EXPECT_EQ(next, c.bytes.size());
}

TEST(SoupBytecode, IfChainDecodesItsConditions) {
    const auto c = fixture();
    const SoupListing listing = decodeSoupScript(c.bytes, "T", "t.rgm");
    const SoupInstruction& first = listing.code.instructions.front();
    ASSERT_EQ(listing.code.main(first).op, SoupOp::If);
    ASSERT_EQ(first.conditionCount, 3u);
    const auto& conds = listing.code.conditions;
    EXPECT_EQ(conds[first.firstCondition].comparison, SoupComparison::Equal);
    EXPECT_EQ(conds[first.firstCondition].conjunction, SoupConjunction::And);
    EXPECT_EQ(conds[first.firstCondition + 1].comparison, SoupComparison::Greater);
    EXPECT_EQ(conds[first.firstCondition + 1].conjunction, SoupConjunction::Or);
    EXPECT_EQ(conds[first.firstCondition + 2].comparison, SoupComparison::NotEqual);
    EXPECT_EQ(conds[first.firstCondition + 2].conjunction, SoupConjunction::End);
    // The if's end is the instruction after the block.
    const auto targets = soupTargets(listing.code, first);
    ASSERT_EQ(targets.size(), 1u);
    EXPECT_NE(listing.code.at(targets[0]), nullptr);
    EXPECT_EQ(listing.code.instructions[3].offset, targets[0]);
}

TEST(SoupAsm, ListingAssemblesToTheSameBytesWithAndWithoutTheDef) {
    const auto c = fixture();
    const SoupListing listing = decodeSoupScript(c.bytes, "T", "t.rgm");
    const std::vector<std::string> strings{"GATE", "LIGHT01"};
    for (const SoupDef* def : {&gameSoupDef(), static_cast<const SoupDef*>(nullptr)}) {
        SoupNames names{def, &strings};
        const std::string text = disassembleSoup(listing.code, 0, names);
        EXPECT_EQ(assembleSoup(text, def, "t.txt"), c.bytes) << text;
    }
}

TEST(SoupAsm, ListingReadsAsTheReferenceWritesIt) {
    const auto c = fixture();
    const SoupListing listing = decodeSoupScript(c.bytes, "T", "t.rgm");
    const std::vector<std::string> strings{"GATE", "LIGHT01"};
    const std::string text = disassembleSoup(listing.code, 0, {&gameSoupDef(), &strings});
    for (const char* line : {"if flag:",
                             " == 1 and var2 > var1 or Me.y != Player.z else L_",
                             "task Wait(var3)",
                             "var0 = var1 + 2 - 3 * 4 / 5 << 1 >> 1 & 7 | 8 ^ 9",
                             "Me.anglex = Me.anglex ++",
                             "var1 = var1 --",
                             "str[1].angley--",
                             "var2.anglez++",
                             "task str[1].Wait(12)",
                             "@Me.HideMe()",
                             "Camera.HideMe()",
                             "task RTX('AB12')",
                             "HandItem(item:3)",
                             "NullFunction()",
                             "anchor 5",
                             "scriptrv 1",
                             "taskpause L_",
                             "Gosub L_",
                             "Return",
                             "Endint",
                             "End L_0000",
                             "str[1] = \"LIGHT01\""}) {
        EXPECT_NE(text.find(line), std::string::npos) << line << "\n" << text;
    }
}

TEST(SoupAsm, NonCanonicalPaddingSurvivesTheListing) {
    soup_fixture::Code c;
    c.b({0x00}).u16(60).b({2}).b({0x0A, 3, 1, 2, 3}).b({0x06}).u16(7).u16(0x0102); // padding bytes
    c.b({0x03}).b({0x0A, 1, 7}).b({0}).b({0x0A, 2, 9}).b({0}).i32(0);              // LHS/RHS operator bytes
    c.patch(c.at() - 4, c.at());
    c.b({0x14, 0x01, 0x05}).u16(0x0203).b({0x07}).i32(1).b({10, 4}); // objpad, ref high byte, after ++
    c.b({0x1A, 0x00, 0x00, 0x00}).u16(100).b({0});                   // 0x1A with task dispatch
    const SoupListing listing = decodeSoupScript(c.bytes, "T", "t.rgm");
    ASSERT_TRUE(listing.complete);
    const std::string text = disassembleSoup(listing.code, 0, {&gameSoupDef(), nullptr});
    EXPECT_EQ(assembleSoup(text, &gameSoupDef(), "t.txt"), c.bytes) << text;
}

TEST(SoupAsm, LabelsMoveWithTheCode) {
    const std::string text = "L_0000:\n  task Wait(1)\n  Goto top\ntop:\n  Return\n";
    const Bytes b = assembleSoup(text, &gameSoupDef(), "t.txt");
    const SoupListing listing = decodeSoupScript(b, "T", "t.rgm");
    ASSERT_EQ(listing.code.instructions.size(), 3u);
    EXPECT_EQ(static_cast<std::uint32_t>(listing.code.main(listing.code.instructions[1]).value),
              listing.code.instructions[2].offset);
}

TEST(SoupAsm, RejectNamesWhatIsWrongAndWhere) {
    try {
        assembleSoup("task Wait(1)\n  NoSuchFunction(2)\n", &gameSoupDef(), "x.soup");
        FAIL();
    } catch (const rgx::Error& e) {
        EXPECT_EQ(e.path(), "x.soup");
        EXPECT_EQ(e.field(), "line 2");
        EXPECT_NE(e.message().find("NoSuchFunction"), std::string::npos);
    }
    EXPECT_THROW(assembleSoup("Goto nowhere\n", nullptr, "x"), rgx::Error);
    EXPECT_THROW(assembleSoup("if var1 == 2\n", nullptr, "x"), rgx::Error);
    EXPECT_THROW(assembleSoup("var1 = \n", nullptr, "x"), rgx::Error);
    EXPECT_THROW(assembleSoup("RTX('ABCDE')\n", nullptr, "x"), rgx::Error);
    EXPECT_THROW(assembleSoup("varX.y = 1\n", nullptr, "x"), rgx::Error);
}

TEST(SoupBytecode, RejectUnknownOpcodeTruncationAndBadJumpsAsWarnings) {
    // An unknown opcode after one good instruction: the listing keeps the first and warns.
    soup_fixture::Code c;
    c.b({0x12}).b({0x08});
    SoupListing l = decodeSoupScript(c.bytes, "GUARD", "m.rgm", 1000);
    EXPECT_FALSE(l.complete);
    ASSERT_EQ(l.code.instructions.size(), 1u);
    ASSERT_EQ(l.warnings.size(), 1u);
    EXPECT_EQ(l.warnings[0].field, "actor GUARD");
    EXPECT_EQ(l.warnings[0].offset, 1001u);
    EXPECT_TRUE(hasWarning(l.warnings, "unknown opcode 0x8"));
    // A truncated operand.
    soup_fixture::Code t;
    t.b({0x04, 1, 0});
    l = decodeSoupScript(t.bytes, "GUARD", "m.rgm");
    EXPECT_FALSE(l.complete);
    EXPECT_TRUE(hasWarning(l.warnings, "truncated"));
    // A jump outside the script and one into the middle of an instruction.
    soup_fixture::Code j;
    j.b({0x04}).i32(99).b({0x04}).i32(2);
    l = decodeSoupScript(j.bytes, "GUARD", "m.rgm");
    EXPECT_TRUE(l.complete);
    EXPECT_TRUE(hasWarning(l.warnings, "target 0x63 is not an instruction start"));
    EXPECT_TRUE(hasWarning(l.warnings, "target 0x2 is not an instruction start"));
    // A control opcode where a value belongs, a formula operator past 11, a comparison past 5.
    for (auto bytes :
         {soup_fixture::Code().b({0x00, 60, 0, 1, 0x04, 0, 0, 0, 0}),
          soup_fixture::Code().b({0x0A, 0, 0x07, 1, 0, 0, 0, 12}),
          soup_fixture::Code().b({0x03, 0x07, 1, 0, 0, 0, 6, 0x07, 1, 0, 0, 0, 0, 0, 0, 0, 0})}) {
        l = decodeSoupScript(bytes.bytes, "A", "m.rgm");
        EXPECT_FALSE(l.complete);
        EXPECT_EQ(l.warnings.size(), 1u);
    }
}

TEST(SoupBytecode, MemorySafeOnRandomBytes) {
    // Random bytes and cut-short copies of the fixture: decoding never crashes or reads outside.
    std::mt19937 rng(7);
    const auto c = fixture();
    for (int round = 0; round < 2000; ++round) {
        Bytes b = c.bytes;
        b.resize(rng() % (b.size() + 1));
        for (int k = 0; k < 3 && !b.empty(); ++k)
            b[rng() % b.size()] = static_cast<std::uint8_t>(rng());
        const SoupListing l = decodeSoupScript(b, "F", "f");
        if (l.complete) {
            EXPECT_EQ(encodeSoupCode(l.code), b);
        }
    }
    // Deep nesting stops at kSoupMaxDepth.
    Bytes deep;
    for (int i = 0; i < 100; ++i)
        deep.insert(deep.end(), {0x02, 102, 0, 1});
    EXPECT_FALSE(decodeSoupScript(deep, "D", "d").complete);
}

RGX_DECLARE_FUZZ_TARGET(soup_script);

// Every mutated input decodes (a listing cut short is fine): none is rejected outright.
constexpr std::size_t kMinAccepted_soup_script = 3000;

TEST(SoupScriptFuzz, MutatedScriptsNeverCrashAndRoundTrip) {
    std::vector<Bytes> seeds = {fixture().bytes};
    seeds.push_back(
        assembleSoup("L_0000:\n task Wait(12)\n if var0 < 3 else L_0000\n var0 = var0 ++\n Goto L_0000\n",
                     &gameSoupDef(), "seed"));
    const rgx::testing::MutationStats stats =
        rgx::testing::fuzzRun("soup_script", seeds, rgxFuzz_soup_script, 3000, kMinAccepted_soup_script);
    EXPECT_EQ(stats.runs, 3000u + seeds.size());
}
