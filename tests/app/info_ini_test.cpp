#include "app/info/info_registry.h"

#include <gtest/gtest.h>

#include <string>

using rgx::app::describeFile;
using rgx::loaders::Bytes;

namespace {
Bytes text(const std::string& s) {
    return Bytes(s.begin(), s.end());
}
} // namespace

TEST(InfoIni, DescribesWorldIniWithItsWorldsAndIssues) {
    const Bytes ini = text("[world]\r\n; day\r\nworld_map[0]=MAPS\\ISLAND.RGM\r\nworld_map[2]=MAPS\\X.RGM\r\n"
                           "orld_ambientfx[8]=128\r\n");
    nlohmann::json j = describeFile(ini, "game/WORLD.INI");
    EXPECT_EQ(j["format"], "ini");
    EXPECT_EQ(j["kind"], "world");
    EXPECT_EQ(j["lines"], 5);
    EXPECT_EQ(j["sections"], nlohmann::json({"world"}));
    EXPECT_EQ(j["keys"], 3);
    EXPECT_EQ(j["worlds"], nlohmann::json({0, 2}));
    ASSERT_EQ(j["issues"].size(), 1u); // the shipped typo is reported, never fatal
    EXPECT_EQ(j["issues"][0]["line"], 5);
}

TEST(InfoIni, FogIniWithoutSectionsIsFoundByItsExtension) {
    nlohmann::json j = describeFile(text("0,0\n63,255\n"), "fxart/FOG.INI");
    EXPECT_EQ(j["kind"], "fog");
    EXPECT_EQ(j["fog_points"], 2);
    ASSERT_EQ(j["fog_table"].size(), 64u);
    EXPECT_EQ(j["fog_table"][0], 0);
    EXPECT_EQ(j["fog_table"][63], 255);
}

// Content detection never takes binary bytes for an INI: without a name that says INI they are
// an unrecognised format. When no detector recognises the content, the extension names the
// format (docs/formats.md), so the same bytes called WORLD.INI are read as one.
TEST(InfoIni, BinaryBytesAreIniOnlyByTheirName) {
    Bytes binary = text("[world]\n");
    binary.push_back(0);
    try {
        describeFile(binary, "WORLD.DAT");
        FAIL() << "binary bytes were detected as a format";
    } catch (const rgx::Error& e) {
        EXPECT_EQ(e.path(), "WORLD.DAT");
        EXPECT_EQ(e.offset(), 0u);
        EXPECT_NE(e.message().find("unrecognised format"), std::string::npos) << e.what();
    }
    nlohmann::json j = describeFile(binary, "WORLD.INI");
    EXPECT_EQ(j["format"], "ini");
    EXPECT_EQ(j["kind"], "world");
    EXPECT_EQ(j["sections"], nlohmann::json({"world"}));
    // ... never silently: that the name chose the format, then the NUL, once (a line number, no
    // byte offset).
    ASSERT_EQ(j["warnings"].size(), 2u) << j["warnings"].dump();
    EXPECT_EQ(j["warnings"][0]["field"], "format");
    const auto& w = j["warnings"][1];
    EXPECT_TRUE(w["offset"].is_null()) << w.dump();
    EXPECT_EQ(w["field"], "line 2") << w.dump();
    EXPECT_EQ(w["message"], "control character 0x00 in a text line") << w.dump();
    // Text with a section header is an INI whatever its name.
    EXPECT_EQ(describeFile(text("[screen]\nwidth=640\n"), "settings.cfg")["kind"], "generic");
}
