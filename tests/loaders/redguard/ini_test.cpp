// The generic tolerant INI layer: classification of every line kind, exact byte round trips
// (CRLF, LF, missing final line end, comments, junk), lookups and the size bound.
#include "loaders/redguard/ini.h"

#include "base/error.h"

#include <gtest/gtest.h>

#include <string>

using namespace rgx::loaders;

namespace {

Bytes toBytes(const std::string& s) {
    return Bytes(s.begin(), s.end());
}

} // namespace

TEST(Ini, ClassifiesEveryLineKind) {
    const std::string text = "; leading comment\r\n"
                             "\r\n"
                             "[world]\r\n"
                             "start_world=0\r\n"
                             "world_map[17] = MAPS\\hideint.rgm ; inline note\r\n"
                             "orld_ambientfx[8]=128\r\n"
                             "  // slash comment\r\n"
                             "# hash comment\r\n"
                             "34,2\r\n"
                             "[broken\r\n"
                             "=nokey\r\n"
                             "bad[x]=1\r\n"
                             "bin\x01ary\r\n"
                             "last=1"; // no final line end
    IniFile ini = readIni(toBytes(text), "t.ini");
    ASSERT_EQ(ini.lines.size(), 14u);
    EXPECT_EQ(ini.lines[0].kind, IniLineKind::Comment);
    EXPECT_EQ(ini.lines[1].kind, IniLineKind::Blank);
    EXPECT_EQ(ini.lines[2].kind, IniLineKind::Section);
    EXPECT_EQ(ini.lines[2].section, "world");
    EXPECT_EQ(ini.lines[3].kind, IniLineKind::KeyValue);
    EXPECT_EQ(ini.lines[3].key, "start_world");
    EXPECT_FALSE(ini.lines[3].hasIndex);
    EXPECT_EQ(ini.lines[3].value, "0");
    EXPECT_EQ(ini.lines[3].section, "world");
    EXPECT_EQ(ini.lines[4].key, "world_map");
    EXPECT_TRUE(ini.lines[4].hasIndex);
    EXPECT_EQ(ini.lines[4].index, 17);
    EXPECT_EQ(ini.lines[4].value, "MAPS\\hideint.rgm");  // backslash kept, inline comment cut
    EXPECT_EQ(ini.lines[5].kind, IniLineKind::KeyValue); // typo key is well-formed here
    EXPECT_EQ(ini.lines[5].key, "orld_ambientfx");
    EXPECT_EQ(ini.lines[6].kind, IniLineKind::Comment);
    EXPECT_EQ(ini.lines[7].kind, IniLineKind::Comment);
    EXPECT_EQ(ini.lines[8].kind, IniLineKind::Text);
    EXPECT_EQ(ini.lines[8].value, "34,2");
    EXPECT_EQ(ini.lines[9].kind, IniLineKind::Unknown);
    EXPECT_EQ(ini.lines[9].reason, "section header without ']'");
    EXPECT_EQ(ini.lines[10].kind, IniLineKind::Unknown);
    EXPECT_EQ(ini.lines[11].kind, IniLineKind::Unknown);
    EXPECT_EQ(ini.lines[12].kind, IniLineKind::Unknown);
    EXPECT_EQ(ini.lines[13].kind, IniLineKind::KeyValue);
    EXPECT_EQ(ini.lines[13].eol, "");
    EXPECT_EQ(ini.lines[12].eol, "\r\n");
    EXPECT_EQ(ini.lines[13].number, 14u);

    // Exact bytes back, junk included.
    EXPECT_EQ(writeIni(ini), toBytes(text));

    std::vector<IniIssue> issues = iniIssues(ini);
    ASSERT_EQ(issues.size(), 4u);
    EXPECT_EQ(issues[0].line, 10u);
    EXPECT_EQ(issues[0].text, "[broken");
}

TEST(Ini, MixedLineEndsRoundTripExactly) {
    for (const std::string& text :
         {std::string("a=1\nb=2\n"), std::string("a=1\r\nb=2\n\n\r\n"), std::string(""), std::string("\n"),
          std::string("x\r"), std::string("\r\r\n;c")}) {
        IniFile ini = readIni(toBytes(text), "t.ini");
        EXPECT_EQ(writeIni(ini), toBytes(text)) << text;
        EXPECT_EQ(readIni(writeIni(ini), "t.ini"), ini);
    }
    EXPECT_EQ(readIni(toBytes("a=1\nb=2\n"), "t").lines.size(), 2u);
    EXPECT_EQ(readIni(toBytes("a=1\nb=2\n"), "t").lines[1].eol, "\n");
}

TEST(Ini, LookupsAreCaseInsensitiveAndFirstDuplicateWins) {
    IniFile ini =
        readIni(toBytes("[Screen]\r\nPalette_red=7\r\npalette_RED=9\r\n[xngine]\r\nback_plane=3800\r\n"
                        "glide=0.25\r\nflag=yes\r\noff=off\r\nbad=12x\r\nw[3]=a\r\n"),
                "s.ini");
    EXPECT_EQ(iniInt(ini, "screen", "palette_red", -1), 7);
    EXPECT_EQ(iniInt(ini, "XNGINE", "BACK_PLANE", 0), 3800);
    EXPECT_EQ(iniInt(ini, "xngine", "front_plane", 7), 7); // absent: default
    EXPECT_EQ(iniInt(ini, "xngine", "bad", 5), 5);         // unparsable: default
    EXPECT_DOUBLE_EQ(iniFloat(ini, "xngine", "glide", 0.0), 0.25);
    EXPECT_TRUE(iniBool(ini, "xngine", "flag", false));
    EXPECT_FALSE(iniBool(ini, "xngine", "off", true));
    EXPECT_EQ(iniString(ini, "xngine", "w"), std::nullopt); // indexed keys need the index
    ASSERT_NE(findIni(ini, "xngine", "w", 3), nullptr);
    EXPECT_EQ(findIni(ini, "xngine", "w", 3)->value, "a");
    EXPECT_EQ(findIni(ini, "xngine", "w", 4), nullptr);
    std::vector<IniIssue> issues = iniIssues(ini);
    ASSERT_EQ(issues.size(), 1u);
    EXPECT_EQ(issues[0].line, 3u);
}

TEST(Ini, BuiltFilesRoundTrip) {
    IniFile ini;
    addIniComment(ini, "generated");
    addIniSection(ini, "world");
    addIniValue(ini, "start_world", "0");
    addIniIndexedValue(ini, "world_map", 0, "MAPS\\demo.rgm");
    addIniBlank(ini);
    addIniText(ini, "63", "\n");
    ASSERT_EQ(ini.lines.size(), 6u);
    EXPECT_EQ(ini.lines[3].section, "world");
    EXPECT_EQ(ini.lines[3].index, 0);
    const std::string expected =
        "; generated\r\n[world]\r\nstart_world=0\r\nworld_map[0]=MAPS\\demo.rgm\r\n\r\n63\n";
    EXPECT_EQ(writeIni(ini), toBytes(expected));
    EXPECT_EQ(readIni(writeIni(ini), "g.ini"), ini);
}

TEST(Ini, ValueHelpers) {
    EXPECT_EQ(parseIniInt(" -3500 "), -3500);
    EXPECT_EQ(parseIniInt("+12"), 12);
    EXPECT_EQ(parseIniInt(""), std::nullopt);
    EXPECT_EQ(parseIniInt("99999999999999999999999"), std::nullopt);
    EXPECT_EQ(parseIniIntList("1, 2 ,3", 3), (std::vector<std::int64_t>{1, 2, 3}));
    EXPECT_EQ(parseIniIntList("1,2", 3), std::nullopt);
    EXPECT_EQ(parseIniIntList("1,,2"), std::nullopt);
    EXPECT_EQ(splitIniList("a, b"), (std::vector<std::string>{"a", "b"}));
    EXPECT_EQ(parseIniBool("On"), true);
    EXPECT_EQ(parseIniBool("maybe"), std::nullopt);
}

TEST(Ini, RejectOversizedInputWithoutCopyingIt) {
    Bytes huge(kMaxIniBytes + 1, 'a');
    try {
        readIni(huge, "huge.ini");
        FAIL() << "expected rgx::Error";
    } catch (const rgx::Error& e) {
        EXPECT_EQ(e.path(), "huge.ini");
        EXPECT_NE(std::string(e.what()).find("limit"), std::string::npos);
    }
}

TEST(Ini, RejectTooManyLines) {
    Bytes lines(200001, '\n');
    EXPECT_THROW(readIni(lines, "lines.ini"), rgx::Error);
}

TEST(Ini, BinaryInputIsKeptAsUnknownLines) {
    Bytes bin;
    for (int i = 0; i < 4096; ++i)
        bin.push_back(static_cast<std::uint8_t>((i * 37) & 0xFF));
    IniFile ini = readIni(bin, "bin.ini");
    EXPECT_EQ(writeIni(ini), bin);
    bool anyUnknown = false;
    for (const IniLine& l : ini.lines)
        anyUnknown |= l.kind == IniLineKind::Unknown;
    EXPECT_TRUE(anyUnknown);
}
