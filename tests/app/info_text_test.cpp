// Text from game files (loaders/text.h): Latin-1 names become UTF-8 only where they leave the
// program, error messages show bytes escaped, and `rgx info`'s JSON goes through app::utf8Json so
// that dump() never meets invalid UTF-8 (docs/formats.md, "Text").
#include "app/commands/json_text.h"
#include "app/info/info_registry.h"
#include "loaders/redguard/rgm.h"
#include "loaders/text.h"
#include "tests/loaders/redguard/rgm_fixture.h"

#include <gtest/gtest.h>

#include <string>

using namespace rgx::loaders;

namespace {

// "\xE9" is é in Latin-1, "\xC3\xA9" is é in UTF-8.
const std::string kLatin1Cafe = "caf\xE9";
const std::string kUtf8Cafe = "caf\xC3\xA9";

} // namespace

TEST(Text, Latin1ToUtf8EncodesEveryByteAsItsCharacter) {
    EXPECT_EQ(latin1ToUtf8(""), "");
    EXPECT_EQ(latin1ToUtf8("FAVIS 01"), "FAVIS 01"); // ASCII unchanged
    EXPECT_EQ(latin1ToUtf8(kLatin1Cafe), kUtf8Cafe);
    EXPECT_EQ(latin1ToUtf8("\x80"), "\xC2\x80");
    EXPECT_EQ(latin1ToUtf8("\xFF"), "\xC3\xBF");
    EXPECT_EQ(latin1ToUtf8(std::string("a\0b", 3)), std::string("a\0b", 3)); // NUL is U+0000
    // Already UTF-8 bytes are Latin-1 characters too: converted again, never interpreted.
    EXPECT_EQ(latin1ToUtf8(kUtf8Cafe), "caf\xC3\x83\xC2\xA9");
    for (int c = 0x80; c <= 0xFF; ++c) {
        const std::string one = latin1ToUtf8(std::string(1, static_cast<char>(c)));
        ASSERT_EQ(one.size(), 2u) << c;
        EXPECT_TRUE(isValidUtf8(one)) << c;
    }
}

TEST(Text, IsValidUtf8AcceptsWellFormedTextOnly) {
    EXPECT_TRUE(isValidUtf8(""));
    EXPECT_TRUE(isValidUtf8("plain ASCII\n"));
    EXPECT_TRUE(isValidUtf8(kUtf8Cafe));
    EXPECT_TRUE(isValidUtf8("\xE2\x82\xAC"));     // U+20AC, 3 bytes
    EXPECT_TRUE(isValidUtf8("\xF0\x9F\x98\x80")); // U+1F600, 4 bytes
    EXPECT_TRUE(isValidUtf8("\xF4\x8F\xBF\xBF")); // U+10FFFF, the last code point
    EXPECT_FALSE(isValidUtf8(kLatin1Cafe));       // a lone Latin-1 byte
    EXPECT_FALSE(isValidUtf8("\x80"));            // a continuation byte alone
    EXPECT_FALSE(isValidUtf8("\xC3"));            // truncated sequence
    EXPECT_FALSE(isValidUtf8("\xE2\x82"));
    EXPECT_FALSE(isValidUtf8("\xC3\x41"));         // not a continuation byte
    EXPECT_FALSE(isValidUtf8("\xC0\x80"));         // overlong NUL
    EXPECT_FALSE(isValidUtf8("\xE0\x80\xAF"));     // overlong '/'
    EXPECT_FALSE(isValidUtf8("\xED\xA0\x80"));     // surrogate U+D800
    EXPECT_FALSE(isValidUtf8("\xF4\x90\x80\x80")); // past U+10FFFF
    EXPECT_FALSE(isValidUtf8("\xF8\x88\x80\x80\x80"));
}

TEST(Text, ToUtf8KeepsUtf8AndConvertsLatin1) {
    EXPECT_EQ(toUtf8("TREE01"), "TREE01");
    EXPECT_EQ(toUtf8(kUtf8Cafe), kUtf8Cafe);           // already UTF-8 (a path, converted text): kept
    EXPECT_EQ(toUtf8(kLatin1Cafe), kUtf8Cafe);         // a Latin-1 name: converted
    EXPECT_EQ(toUtf8(toUtf8(kLatin1Cafe)), kUtf8Cafe); // idempotent
    // The documented ambiguity: Latin-1 "Ã©" is the UTF-8 bytes of "é" and shows as "é".
    EXPECT_EQ(toUtf8("\xC3\xA9"), "\xC3\xA9");
}

TEST(Text, EscapeBytesKeepsPrintableAsciiOnly) {
    EXPECT_EQ(escapeBytes("MPOB"), "MPOB");
    EXPECT_EQ(escapeBytes("a b~"), "a b~");
    EXPECT_EQ(escapeBytes("C:\\x"), "C:\\\\x"); // a backslash is doubled, so \xNN is unambiguous
    EXPECT_EQ(escapeBytes("MP\nB"), "MP\\x0AB");
    EXPECT_EQ(escapeBytes(std::string("\0\x1F\x7F", 3)), "\\x00\\x1F\\x7F");
    EXPECT_EQ(escapeBytes(kLatin1Cafe), "caf\\xE9");
    EXPECT_EQ(escapeBytes(kUtf8Cafe), "caf\\xC3\\xA9"); // bytes, not characters
}

TEST(Text, PrintableLineIsOneUtf8Line) {
    EXPECT_EQ(printableLine("x.rob: offset 0x10: footer"), "x.rob: offset 0x10: footer");
    EXPECT_EQ(printableLine(kLatin1Cafe), kUtf8Cafe);
    EXPECT_EQ(printableLine(kUtf8Cafe), kUtf8Cafe);
    EXPECT_EQ(printableLine("a\nb\rc\td"), "a\\x0Ab\\x0Dc\\x09d");
    EXPECT_EQ(printableLine(std::string("\0\x7F", 2)), "\\x00\\x7F");
    // Latin-1 with a control byte: converted, and the control byte escaped.
    const std::string line = printableLine("caf\xE9\n");
    EXPECT_EQ(line, kUtf8Cafe + "\\x0A");
    EXPECT_TRUE(isValidUtf8(line));
    EXPECT_EQ(line.find('\n'), std::string::npos);
}

TEST(Text, Utf8JsonConvertsEveryStringAndKey) {
    nlohmann::json j = {{"name", kLatin1Cafe},
                        {kLatin1Cafe, 1},
                        {"list", {kLatin1Cafe, 2, nullptr, {{"inner", kLatin1Cafe}}}},
                        {"utf8", kUtf8Cafe},
                        {"number", 3.5}};
    EXPECT_THROW((void)j.dump(), nlohmann::json::type_error); // invalid UTF-8 cannot be dumped
    const nlohmann::json out = rgx::app::utf8Json(j);
    const nlohmann::json back = nlohmann::json::parse(out.dump());
    EXPECT_EQ(back["name"], kUtf8Cafe);
    EXPECT_EQ(back[kUtf8Cafe], 1);
    EXPECT_EQ(back["list"][0], kUtf8Cafe);
    EXPECT_EQ(back["list"][1], 2);
    EXPECT_TRUE(back["list"][2].is_null());
    EXPECT_EQ(back["list"][3]["inner"], kUtf8Cafe);
    EXPECT_EQ(back["utf8"], kUtf8Cafe);
    EXPECT_EQ(back["number"], 3.5);
    EXPECT_EQ(rgx::app::utf8Json(out), out); // idempotent
}

// An RGM whose MPOB script name holds the Latin-1 byte 0xE9: the record keeps the byte (so the
// file writes back unchanged), describeFile's JSON holds it raw, and after utf8Json it dumps as
// valid UTF-8 with the name "CAFé".
TEST(InfoText, RgmNameWithLatin1ByteDumpsAsUtf8) {
    Bytes file = rgm_fixture::handBuiltRgm();
    // MPOB at 12: 8-byte header, u32 count, then the record: u32 id, u8 x2, 9-byte script name.
    const std::size_t nameAt = 12 + 8 + 4 + 4 + 2;
    ASSERT_EQ(std::string(file.begin() + nameAt, file.begin() + nameAt + 5), "FAVIS");
    const std::string name = "CAF\xE9";
    std::copy(name.begin(), name.end(), file.begin() + static_cast<std::ptrdiff_t>(nameAt));
    file[nameAt + 4] = 0;

    const Rgm rgm = readRgm(file, "CAFE.RGM");
    ASSERT_EQ(rgm.mpob.size(), 1u);
    EXPECT_EQ(rgmName(rgm.mpob[0].scriptName), name);
    EXPECT_EQ(writeRgm(rgm), file);

    const nlohmann::json j = rgx::app::describeFile(file, "maps/CAFE.RGM");
    EXPECT_EQ(j["mpob"][0]["script_name"], name); // raw bytes until the output rule
    EXPECT_THROW((void)j.dump(), nlohmann::json::type_error);
    const std::string text = rgx::app::utf8Json(j).dump();
    EXPECT_TRUE(isValidUtf8(text));
    const nlohmann::json back = nlohmann::json::parse(text);
    EXPECT_EQ(back["mpob"][0]["script_name"], "CAF\xC3\xA9");
    EXPECT_EQ(back["format"], "rgm");
    EXPECT_EQ(back["warnings"], j["warnings"]); // ASCII only: unchanged
}
