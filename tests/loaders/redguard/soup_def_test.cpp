// SOUP386.DEF: a hand-written fixture in the shipped file's style read to exact values, the game's
// tables (gameSoupDef) against the public sources' facts, canonical writer round trips, warnings
// that name the line, the size bound, and the mutation-fuzz run.
#include "loaders/redguard/soup_def.h"
#include "tests/fuzz/fuzz_target.h"
#include "tests/loaders/warning_checks.h"
#include "tests/support/fuzz_corpus.h"
#include "tests/support/mutate.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <string>

using namespace rgx::loaders;
using namespace std::string_literals;
using rgx::testing::hasWarning;

RGX_DECLARE_FUZZ_TARGET(soup_def);

namespace {

Bytes toBytes(const std::string& s) {
    return Bytes(s.begin(), s.end());
}

std::string toText(const Bytes& b) {
    return std::string(b.begin(), b.end());
}

// The offset of the line that starts with `start` (the warnings name a line by its first byte).
std::uint64_t lineOffset(const std::string& text, const std::string& start) {
    if (text.compare(0, start.size(), start) == 0) return 0;
    const std::size_t at = text.find("\n" + start);
    EXPECT_NE(at, std::string::npos) << "no line starts with " << start;
    return at + 1;
}

// The real file's habits: CRLF, ';' and '//' comments, section names in any case and with
// spaces, two auto blocks (only the first names RAAT slots), equates inside and outside them.
const std::string kFixture = "; SOUP386.DEF\r\n"
                             "// definitions the SOUP compiler and the VM share\r\n"
                             "\r\n"
                             "[Functions]\r\n"
                             "task sRotate parms 4      ; rotate by angles\r\n"
                             "function HideMe params 0  // hides the caller\r\n"
                             "\tMULTITASK  Wander\tparms 2\r\n"
                             "Function PlayerMain parms 0\r\n"
                             "\r\n"
                             "[REFS]\r\n"
                             "x\r\n"
                             "  y  \r\n"
                             "; not a ref\r\n"
                             "AngleZ ; degrees\r\n"
                             "\r\n"
                             "[ equates ]\r\n"
                             "auto\r\n"
                             "GROUP\r\n"
                             "MASTER ; this actor leads its group\r\n"
                             "MAXHEALTH = 100\r\n"
                             "endauto\r\n"
                             "SPEED=-3 // slow\r\n"
                             "AUTO\r\n"
                             "OTHER_A\r\n"
                             "OTHER_B\r\n"
                             "ENDAUTO\r\n"
                             "MASK = 0x1F\r\n"
                             "\r\n"
                             "[flags]\r\n"
                             "NUMBER TimeOfDay 1 ;1 day\r\n"
                             "BOOL After_Jail 0\t;  Cyrus is out of the jail; the chase is over  \r\n"
                             "FlipFlop TS_Wheel -2 ;town square wheel // kept\r\n"
                             "BOOL Quiet 0 // this comment is not kept\r\n"
                             "BOOL Last 7";

} // namespace

TEST(SoupDef, ReadsTheFixtureToExactValues) {
    const SoupDefReadResult r = readSoupDefWithWarnings(toBytes(kFixture), "SOUP386.DEF");
    EXPECT_TRUE(r.warnings.empty()) << rgx::testing::listWarnings(r.warnings);
    const SoupDef& d = r.def;
    EXPECT_EQ(d.functions, (std::vector<SoupFunction>{{SoupCallType::Function, "NullFunction", 0},
                                                      {SoupCallType::Task, "sRotate", 4},
                                                      {SoupCallType::Function, "HideMe", 0},
                                                      {SoupCallType::Multitask, "Wander", 2},
                                                      {SoupCallType::Function, "PlayerMain", 0}}));
    EXPECT_EQ(d.refs, (std::vector<std::string>{"x", "y", "AngleZ"}));
    EXPECT_EQ(d.attributes, (std::vector<std::string>{"GROUP", "MASTER"}));
    EXPECT_EQ(d.equates, (std::vector<SoupEquate>{{"MAXHEALTH", 100}, {"SPEED", -3}, {"MASK", 0x1F}}));
    EXPECT_EQ(d.flags,
              (std::vector<SoupFlag>{
                  {SoupFlagType::Number, "TimeOfDay", 1, "1 day"},
                  {SoupFlagType::Bool, "After_Jail", 0, "Cyrus is out of the jail; the chase is over"},
                  {SoupFlagType::FlipFlop, "TS_Wheel", -2, "town square wheel // kept"},
                  {SoupFlagType::Bool, "Quiet", 0, ""},
                  {SoupFlagType::Bool, "Last", 7, ""}}));
}

TEST(SoupDef, LfAndCrlfReadAlike) {
    std::string lf = kFixture;
    lf.erase(std::remove(lf.begin(), lf.end(), '\r'), lf.end());
    EXPECT_EQ(readSoupDef(toBytes(lf), "lf.def"), readSoupDef(toBytes(kFixture), "crlf.def"));
}

TEST(SoupDef, WriterIsCanonicalAndRoundTrips) {
    const SoupDef d = readSoupDef(toBytes(kFixture), "SOUP386.DEF");
    const Bytes written = writeSoupDef(d);
    const std::string text = toText(written);
    EXPECT_EQ(text.find("NullFunction"), std::string::npos);
    EXPECT_EQ(text.find('\r'), std::string::npos);
    EXPECT_NE(
        text.find("\n[functions]\ntask sRotate parms 4\nfunction HideMe parms 0\nmultitask Wander parms 2\n"),
        std::string::npos)
        << text;
    EXPECT_NE(text.find("\n[refs]\nx\ny\nAngleZ\n"), std::string::npos) << text;
    EXPECT_NE(
        text.find("\n[equates]\nauto\nGROUP\nMASTER\nendauto\nMAXHEALTH = 100\nSPEED = -3\nMASK = 31\n"),
        std::string::npos)
        << text;
    EXPECT_NE(text.find("\n[flags]\nNUMBER TimeOfDay 1 ;1 day\n"), std::string::npos) << text;
    EXPECT_NE(text.find("\nBOOL Quiet 0\nBOOL Last 7\n"), std::string::npos) << text;
    const SoupDefReadResult again = readSoupDefWithWarnings(written, "again.def");
    EXPECT_TRUE(again.warnings.empty()) << rgx::testing::listWarnings(again.warnings);
    EXPECT_EQ(again.def, d);
    EXPECT_EQ(writeSoupDef(again.def), written);
}

TEST(SoupDef, EmptyInputHoldsOnlyNullFunction) {
    const SoupDefReadResult r = readSoupDefWithWarnings({}, "empty.def");
    EXPECT_TRUE(r.warnings.empty());
    SoupDef want;
    want.functions = {{SoupCallType::Function, "NullFunction", 0}};
    EXPECT_EQ(r.def, want);
    EXPECT_EQ(readSoupDef(writeSoupDef(want), "w.def"), want);
}

TEST(SoupDef, NamesOfTheTypes) {
    EXPECT_STREQ(soupCallTypeName(SoupCallType::Task), "task");
    EXPECT_STREQ(soupCallTypeName(SoupCallType::Function), "function");
    EXPECT_STREQ(soupCallTypeName(SoupCallType::Multitask), "multitask");
    EXPECT_STREQ(soupFlagTypeName(SoupFlagType::Bool), "BOOL");
    EXPECT_STREQ(soupFlagTypeName(SoupFlagType::Number), "NUMBER");
    EXPECT_STREQ(soupFlagTypeName(SoupFlagType::FlipFlop), "FLIPFLOP");
}

TEST(SoupDefGame, HasTheGamesFunctionTable) {
    const SoupDef& g = gameSoupDef();
    ASSERT_EQ(g.functions.size(), 367u);
    EXPECT_EQ(g.functions[0], (SoupFunction{SoupCallType::Function, "NullFunction", 0}));
    EXPECT_EQ(g.functions[1], (SoupFunction{SoupCallType::Task, "sRotate", 4}));
    EXPECT_EQ(g.functions[17], (SoupFunction{SoupCallType::Task, "WaitOnTasks", 0}));
    EXPECT_EQ(g.functions[60], (SoupFunction{SoupCallType::Task, "Wait", 1}));
    EXPECT_EQ(g.functions[85], (SoupFunction{SoupCallType::Function, "SetGlobalFlag", 1}));
    EXPECT_EQ(g.functions[100], (SoupFunction{SoupCallType::Function, "HideMe", 0}));
    EXPECT_EQ(g.functions[302], (SoupFunction{SoupCallType::Function, "HandItem", 1}));
    EXPECT_EQ(g.functions[366], (SoupFunction{SoupCallType::Function, "Spare1Parm7", 8}));
    const auto count = [&](SoupCallType t) {
        return std::count_if(g.functions.begin(), g.functions.end(),
                             [&](const SoupFunction& f) { return f.type == t; });
    };
    // The sources' 275 functions, 81 tasks and 10 multitasks, and NullFunction.
    EXPECT_EQ(count(SoupCallType::Function), 276);
    EXPECT_EQ(count(SoupCallType::Task), 81);
    EXPECT_EQ(count(SoupCallType::Multitask), 10);
}

TEST(SoupDefGame, HasTheGamesFlagsWithSixNonZeroDefaults) {
    const SoupDef& g = gameSoupDef();
    ASSERT_EQ(g.flags.size(), 369u);
    std::vector<std::pair<std::string, std::int32_t>> nonZero;
    for (const SoupFlag& f : g.flags)
        if (f.value != 0) nonZero.emplace_back(f.name, f.value);
    EXPECT_EQ(nonZero, (std::vector<std::pair<std::string, std::int32_t>>{{"TimeOfDay", 1},
                                                                          {"OB_TelV", 1},
                                                                          {"OB_TelH", 12},
                                                                          {"At_Shoals", 1},
                                                                          {"Rock_1_Down", 1},
                                                                          {"Rock_2_Down", 1}}));
    EXPECT_EQ(g.flags[0], (SoupFlag{SoupFlagType::Number, "TimeOfDay", 1, "1 day"}));
    EXPECT_EQ(findSoupFlag(g, "OB_TelH"), 195);
    EXPECT_EQ(findSoupFlag(g, "At_Shoals"), 231);
    EXPECT_EQ(findSoupFlag(g, "Rock_2_Down"), 353);
    EXPECT_EQ(g.flags[327].type, SoupFlagType::FlipFlop);
    const auto count = [&](SoupFlagType t) {
        return std::count_if(g.flags.begin(), g.flags.end(), [&](const SoupFlag& f) { return f.type == t; });
    };
    EXPECT_EQ(count(SoupFlagType::Bool), 282);
    EXPECT_EQ(count(SoupFlagType::Number), 35);
    EXPECT_EQ(count(SoupFlagType::FlipFlop), 52);
    // The sources' CSV quoting is not part of the comments; a second ';' after the comment's own
    // is (the reader keeps everything after the first).
    for (const SoupFlag& f : g.flags) {
        EXPECT_TRUE(f.comment.empty() ||
                    (f.comment.front() != '"' && f.comment.back() != '"' && f.comment.front() != ' '))
            << f.name << ": " << f.comment;
    }
    EXPECT_EQ(g.flags[310],
              (SoupFlag{SoupFlagType::Bool, "Wrong_Door", 0, ";Vile dialog after puzzle lose"}));
    EXPECT_EQ(g.flags[100].comment,
              "TRUE if Dreekius tells you that Crendal has a piece of the map- opens up "
              "\"map\" inquiry in Crendal's dialogue");
}

TEST(SoupDefGame, HasRgxsRefsAndTheAttributeSlots) {
    const SoupDef& g = gameSoupDef();
    EXPECT_EQ(g.refs, (std::vector<std::string>{"x", "y", "z", "anglex", "angley", "anglez", "hidden",
                                                "frame", "group"}));
    // The public interpreter's slot names; the reference's draw and sheath thresholds agree.
    ASSERT_EQ(g.attributes.size(), 127u);
    EXPECT_EQ(g.attributes[0], "active");
    EXPECT_EQ(g.attributes[15], "turn_speed");
    EXPECT_EQ(g.attributes[25], "master");
    EXPECT_EQ(g.attributes[26], "slave");
    EXPECT_EQ(g.attributes[29], "group");
    EXPECT_EQ(g.attributes[0x22], "sheath_frame");
    EXPECT_EQ(g.attributes[0x23], "draw_frame");
    EXPECT_EQ(g.attributes[126], "combat_radius_vhit");
    EXPECT_TRUE(g.equates.empty());
    EXPECT_EQ(&gameSoupDef(), &g); // built once
}

TEST(SoupDefGame, RoundTripsThroughTheWriter) {
    const Bytes written = writeSoupDef(gameSoupDef());
    const SoupDefReadResult r = readSoupDefWithWarnings(written, "SOUP386.DEF");
    EXPECT_TRUE(r.warnings.empty()) << rgx::testing::listWarnings(r.warnings);
    EXPECT_EQ(r.def, gameSoupDef());
    EXPECT_EQ(writeSoupDef(r.def), written);
    const std::string text = toText(written);
    EXPECT_NE(text.find("\ntask Wait parms 1\n"), std::string::npos);
    EXPECT_NE(text.find("\nNUMBER OB_TelH 12\n"), std::string::npos);
    EXPECT_NE(text.find("\nBOOL After_Catacombs 0 ;Cyrus has been through the catacombs\n"),
              std::string::npos);
    EXPECT_NE(text.find("\nBOOL Wrong_Door 0 ;;Vile dialog after puzzle lose\n"), std::string::npos);
}

TEST(SoupDefFind, LooksUpNamesCaseInsensitively) {
    const SoupDef& g = gameSoupDef();
    EXPECT_EQ(findSoupFunction(g, "HideMe"), 100);
    EXPECT_EQ(findSoupFunction(g, "hideme"), 100);
    EXPECT_EQ(findSoupFunction(g, "WAIT"), 60);
    EXPECT_EQ(findSoupFunction(g, "nullfunction"), 0);
    EXPECT_EQ(findSoupFunction(g, "NoSuchFunction"), std::nullopt);
    EXPECT_EQ(findSoupFunction(g, ""), std::nullopt);
    EXPECT_EQ(findSoupFlag(g, "timeofday"), 0);
    EXPECT_EQ(findSoupFlag(g, "TS_WHEEL"), 327);
    EXPECT_EQ(findSoupFlag(g, "Wait"), std::nullopt);
    EXPECT_EQ(findSoupRef(g, "AngleY"), 4);
    EXPECT_EQ(findSoupRef(g, "group"), 8);
    EXPECT_EQ(findSoupRef(g, "GROUP "), std::nullopt);
}

TEST(SoupDefFind, DuplicatesFindTheFirstAndWarn) {
    const std::string text = "[functions]\ntask Go parms 1\nfunction GO parms 2\n";
    const SoupDefReadResult r = readSoupDefWithWarnings(toBytes(text), "dup.def");
    ASSERT_EQ(r.def.functions.size(), 3u);
    EXPECT_EQ(findSoupFunction(r.def, "go"), 1);
    EXPECT_TRUE(rgx::testing::onlyWarning(r.warnings, lineOffset(text, "function GO"), "[functions]",
                                          "duplicate function name"));
}

TEST(SoupDefReject, OverTheSizeBoundThrowsNamingThePath) {
    const Bytes big(kMaxSoupDefBytes + 1, ' ');
    const rgx::Error e = rgx::testing::expectError([&] { readSoupDefWithWarnings(big, "big/SOUP386.DEF"); });
    EXPECT_EQ(e.path(), "big/SOUP386.DEF");
    EXPECT_EQ(e.field(), "file");
    EXPECT_NE(std::string(e.what()).find("big/SOUP386.DEF"), std::string::npos);
    EXPECT_NE(e.message().find(std::to_string(kMaxSoupDefBytes)), std::string::npos);
    // At the bound itself the file is read.
    const Bytes atBound(kMaxSoupDefBytes, '\n');
    EXPECT_EQ(readSoupDef(atBound, "ok.def").functions.size(), 1u);
}

TEST(SoupDefReject, GarbageLinesWarnWithTheirOffsetsAndSection) {
    const std::string text = "stray before any section\r\n"
                             "[functions]\r\n"
                             "task Broken parms\r\n"
                             "spell Fireball parms 2\r\n"
                             "task Walk parms -1\r\n"
                             "task Ok parms 1 extra\r\n"
                             "task Fine params 3\r\n"
                             "[refs]\r\n"
                             "two names\r\n"
                             "[equates]\r\n"
                             "loose\r\n"
                             "endauto\r\n"
                             "= 4\r\n"
                             "A = B\r\n"
                             "auto\r\n"
                             "ONE\r\n"
                             "two words\r\n"
                             "[flags]\r\n"
                             "BOOL NoValue\r\n"
                             "COLOR Red 1 ;kept as BOOL\r\n"
                             "BOOL Big 99999999999\r\n"
                             "[Flags\r\n"
                             "[weird] \r\n"
                             "anything at all\r\n";
    const SoupDefReadResult r = readSoupDefWithWarnings(toBytes(text), "bad.def");
    const auto at = [&](const std::string& start) { return lineOffset(text, start); };
    const rgx::Warnings& w = r.warnings;
    EXPECT_TRUE(hasWarning(w, 0, "", "before the first section"));
    EXPECT_TRUE(hasWarning(w, at("task Broken"), "[functions]", "line skipped"));
    EXPECT_TRUE(hasWarning(w, at("spell Fireball"), "[functions]", "unknown call type"));
    EXPECT_TRUE(hasWarning(w, at("task Walk"), "[functions]", "line skipped"));
    EXPECT_TRUE(hasWarning(w, at("task Ok"), "[functions]", "line skipped"));
    EXPECT_TRUE(hasWarning(w, at("two names"), "[refs]", "one name"));
    EXPECT_TRUE(hasWarning(w, at("loose"), "[equates]", "outside an `auto` block"));
    EXPECT_TRUE(hasWarning(w, at("endauto"), "[equates]", "without `auto`"));
    EXPECT_TRUE(hasWarning(w, at("= 4"), "[equates]", "not `<name> = <integer>`"));
    EXPECT_TRUE(hasWarning(w, at("A = B"), "[equates]", "not `<name> = <integer>`"));
    EXPECT_TRUE(hasWarning(w, at("two words"), "[equates]", "one name"));
    EXPECT_TRUE(hasWarning(w, at("auto"), "[equates]", "without `endauto`"));
    EXPECT_TRUE(hasWarning(w, at("BOOL NoValue"), "[flags]", "no default value"));
    EXPECT_TRUE(hasWarning(w, at("COLOR Red"), "[flags]", "unknown flag type"));
    EXPECT_TRUE(hasWarning(w, at("BOOL Big"), "[flags]", "line skipped"));
    EXPECT_TRUE(hasWarning(w, at("[Flags"), "[flags]", "without ']'"));
    EXPECT_TRUE(hasWarning(w, at("[weird]"), "[weird]", "unknown section"));
    EXPECT_EQ(w.size(), 17u) << rgx::testing::listWarnings(w);

    // What could be read was, with the index-keeping choices: an unknown call type stays a
    // function, an unknown flag type a BOOL, a missing default is 0.
    EXPECT_EQ(r.def.functions, (std::vector<SoupFunction>{{SoupCallType::Function, "NullFunction", 0},
                                                          {SoupCallType::Function, "Fireball", 2},
                                                          {SoupCallType::Task, "Fine", 3}}));
    EXPECT_TRUE(r.def.refs.empty());
    EXPECT_EQ(r.def.attributes, (std::vector<std::string>{"ONE"}));
    EXPECT_TRUE(r.def.equates.empty());
    EXPECT_EQ(r.def.flags, (std::vector<SoupFlag>{{SoupFlagType::Bool, "NoValue", 0, ""},
                                                  {SoupFlagType::Bool, "Red", 1, "kept as BOOL"}}));
    // And what was read writes back to the same values.
    EXPECT_EQ(readSoupDef(writeSoupDef(r.def), "again.def"), r.def);
}

TEST(SoupDefReject, ControlBytesAndNulsSkipTheLine) {
    std::string text = "[refs]\nok\nnul";
    text += '\0';
    text += "here\nbell\x07\n";
    text += "after\n";
    const SoupDefReadResult r = readSoupDefWithWarnings(toBytes(text), "nul.def");
    EXPECT_EQ(r.def.refs, (std::vector<std::string>{"ok", "after"}));
    ASSERT_EQ(r.warnings.size(), 2u) << rgx::testing::listWarnings(r.warnings);
    EXPECT_TRUE(hasWarning(r.warnings, lineOffset(text, "nul"), "[refs]", "control byte \\x00"));
    EXPECT_TRUE(hasWarning(r.warnings, lineOffset(text, "bell"), "[refs]", "control byte \\x07"));
    // The line is shown escaped, so a warning stays one printable line.
    EXPECT_EQ(r.warnings[0].message.find('\0'), std::string::npos);
}

TEST(SoupDefReject, WarningsStopAtABoundWithACount) {
    std::string text;
    for (int i = 0; i < 5000; ++i)
        text += "garbage\n";
    const SoupDefReadResult r = readSoupDefWithWarnings(toBytes(text), "many.def");
    ASSERT_EQ(r.warnings.size(), 1001u);
    EXPECT_EQ(r.warnings[999].offset, 999u * 8u);
    EXPECT_NE(r.warnings.back().message.find("4000 more warnings"), std::string::npos)
        << r.warnings.back().message;
}

TEST(SoupDefReject, EntriesPastWhatIdsAddressAreDroppedOnce) {
    std::string text = "[refs]\n";
    for (int i = 0; i < 300; ++i) {
        // Piecewise: GCC 12 at -O3 reports a false -Wrestrict for "r" + to_string(i) + "\n".
        text += 'r';
        text += std::to_string(i);
        text += '\n';
    }
    const SoupDefReadResult r = readSoupDefWithWarnings(toBytes(text), "refs.def");
    ASSERT_EQ(r.def.refs.size(), 256u);
    EXPECT_EQ(r.def.refs.back(), "r255");
    EXPECT_TRUE(rgx::testing::onlyWarning(r.warnings, lineOffset(text, "r256\n"), "[refs]", "dropped"));
}

TEST(SoupDefReject, BinaryGarbageNeverCrashesAndWritesBack) {
    // A fixed pseudo-random stream (the same on every run), biased towards the bytes the reader
    // looks at, so that sections, comments and tokens come up.
    std::uint32_t state = 12345;
    const auto next = [&] {
        state = state * 1664525u + 1013904223u;
        return state >> 8;
    };
    const std::string alphabet = "[]=;/ \t\r\n\0abcTASKflgs0x1-"s; // the NUL included
    for (int round = 0; round < 300; ++round) {
        Bytes b(next() % 600);
        for (std::uint8_t& c : b)
            c = (next() % 3 == 0) ? static_cast<std::uint8_t>(next())
                                  : static_cast<std::uint8_t>(alphabet[next() % alphabet.size()]);
        if (round % 2 == 0) {
            const std::string head = "[functions]\n[flags]\n[equates]\nauto\n";
            b.insert(b.begin() + static_cast<std::ptrdiff_t>(b.size() / 2), head.begin(), head.end());
        }
        SoupDefReadResult r;
        ASSERT_NO_THROW(r = readSoupDefWithWarnings(b, "garbage.def")) << round;
        ASSERT_FALSE(r.def.functions.empty());
        EXPECT_EQ(r.def.functions[0].name, "NullFunction");
        for (const rgx::Warning& w : r.warnings)
            EXPECT_TRUE(w.offset == rgx::Error::kNoOffset || w.offset <= b.size()) << w.text();
        EXPECT_EQ(readSoupDef(writeSoupDef(r.def), "again.def"), r.def) << round;
    }
}

// How many of the 3,000 mutated inputs the reader must accept: it rejects only inputs over the
// size bound, which mutations of these seeds never reach, so every one is accepted.
constexpr std::size_t kMinAccepted_soup_def = 3000;

TEST(SoupDefFuzz, MutatedWriterOutputNeverCrashes) {
    std::vector<Bytes> seeds = {writeSoupDef(gameSoupDef()), toBytes(kFixture), writeSoupDef(SoupDef{})};
    // Plus the demo's SOUP386.DEF and, with RGX_REAL_SAMPLES, the real one.
    for (Bytes& b : rgx::testing::corpusSeeds({".def"}))
        seeds.push_back(std::move(b));
    const rgx::testing::MutationStats stats =
        rgx::testing::fuzzRun("soup_def", seeds, rgxFuzz_soup_def, 3000, kMinAccepted_soup_def);
    EXPECT_EQ(stats.runs, 3000u + seeds.size());
}
