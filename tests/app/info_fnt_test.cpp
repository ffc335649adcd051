// `rgx info` JSON for FNT on a writer-built font; every value worked out by hand.
#include "app/info/info_registry.h"
#include "loaders/redguard/fnt.h"

#include <gtest/gtest.h>

using namespace rgx::loaders;

TEST(InfoFnt, DescribesAWriterBuiltFont) {
    Fnt f;
    f.header.description = "Demo";
    f.header.lineHeight = 12;
    f.header.maxWidth = 7;
    f.header.hasRdat = 1;
    f.palette.assign(768, 1);
    f.paletteTag = "FPAL";
    for (int i = 0; i < 3; ++i) {
        FntGlyph g;
        g.enabled = i == 1 ? 0 : 1;
        g.width = static_cast<std::uint16_t>(2 + i);  // 2, 3, 4
        g.height = static_cast<std::uint16_t>(5 - i); // 5, 4, 3
        g.pixels.assign(static_cast<std::size_t>(g.width) * g.height, 9);
        f.glyphs.push_back(g);
    }
    f.otherChunks.push_back({"RDAT", Bytes(173, 0)});
    f.trailing = {0, 0, 0, 0};
    Bytes bytes = writeFnt(f);
    nlohmann::json j = rgx::app::describeFile(bytes, "fonts/DEMO.FNT");
    EXPECT_EQ(j["format"], "fnt");
    EXPECT_EQ(j["description"], "Demo");
    EXPECT_EQ(j["line_height"], 12);
    EXPECT_EQ(j["max_width"], 7);
    EXPECT_EQ(j["character_start"], 32);
    EXPECT_EQ(j["character_count"], 3);
    EXPECT_EQ(j["glyphs"], 3);
    EXPECT_EQ(j["enabled_glyphs"], 2);
    EXPECT_EQ(j["max_glyph_width"], 4);
    EXPECT_EQ(j["max_glyph_height"], 5);
    EXPECT_EQ(j["has_palette"], true);
    EXPECT_EQ(j["palette_tag"], "FPAL");
    EXPECT_EQ(j["has_rdat"], true);
    EXPECT_EQ(j["unknown_24"], 0);
    // FBMP: 3 x 10 header bytes + 10 + 12 + 12 pixels = 64
    EXPECT_EQ(j["chunks"], nlohmann::json::parse(R"([["FNHD",56],["FPAL",768],["FBMP",64],["RDAT",173]])"));
    EXPECT_EQ(j["trailing_bytes"], 4);
}

TEST(InfoFnt, NonAsciiDescriptionStaysValidJson) {
    Fnt f;
    f.header.description = std::string("Fo\xE9nt\0tail", 10);
    f.header.hasPalette = 0;
    f.paletteTag.clear();
    Bytes bytes = writeFnt(f);
    nlohmann::json j = rgx::app::describeFile(bytes, "x.fnt");
    EXPECT_EQ(j["description"], "Fo?nt");
    EXPECT_EQ(j["palette_tag"], nullptr);
    EXPECT_EQ(j["glyphs"], 0);
    EXPECT_NO_THROW((void)j.dump());
}
