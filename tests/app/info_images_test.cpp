// `rgx info --json` for the image formats (TEXBSI/BSI, COL, GXA) on writer output, with the
// expected values worked out by hand (SHA-1 values are the FIPS 180 test vectors).
#include "app/info/info_registry.h"
#include "loaders/redguard/col.h"
#include "loaders/redguard/gxa.h"
#include "loaders/redguard/texbsi.h"

#include <gtest/gtest.h>

using namespace rgx::loaders;
using rgx::app::describeFile;

namespace {

constexpr const char* kSha1Abc = "a9993e364706816aba3e25717850c26c9cd0d89d";
constexpr const char* kSha1Empty = "da39a3ee5e6b4b0d3255bfef95601890afd80709";

Palette256 grey() {
    Palette256 p{};
    for (int i = 0; i < 256; ++i)
        p[i] = ColorRgb{std::uint8_t(i), std::uint8_t(i), std::uint8_t(i)};
    return p;
}

} // namespace

TEST(InfoImages, TexbsiKeys) {
    TexbsiFile f;
    // Frame 0 holds the indices 'a' 'b' 'c' (3x1), so its SHA-1 is the "abc" test vector.
    f.images.push_back(makeTexbsiImage("D02005", 3, 1, {Bytes{'a', 'b', 'c'}}));
    f.images.push_back(makeTexbsiImage("D02030", 0, 0, {Bytes{}, Bytes{}, Bytes{}}, grey(), 100, 512));
    nlohmann::json j = describeFile(writeTexbsi(f), "fxart/TEXBSI.302");
    EXPECT_EQ(j["format"], "texbsi");
    ASSERT_EQ(j["images"].size(), 2u);
    const auto& a = j["images"][0];
    EXPECT_EQ(a["name"], "D02005");
    EXPECT_EQ(a["width"], 3);
    EXPECT_EQ(a["height"], 1);
    EXPECT_EQ(a["frames"], 1);
    EXPECT_EQ(a["animated"], false);
    EXPECT_EQ(a["has_palette"], false);
    EXPECT_EQ(a["pixel_sha1"], kSha1Abc);
    EXPECT_EQ(a["image_id"], 5);
    const auto& b = j["images"][1];
    EXPECT_EQ(b["name"], "D02030");
    EXPECT_EQ(b["frames"], 3);
    EXPECT_EQ(b["animated"], true);
    EXPECT_EQ(b["has_palette"], true);
    EXPECT_EQ(b["pixel_sha1"], kSha1Empty);
    EXPECT_EQ(b["tex_scale"], 512);
    EXPECT_EQ(b["anim_delay"], 100);
    EXPECT_EQ(b["marker"], "IFHD");
}

TEST(InfoImages, BareBsiIsTexbsi) {
    TexbsiFile f;
    f.bare = true;
    f.images.push_back(makeTexbsiImage("", 1, 3, {Bytes{'a', 'b', 'c'}}, grey()));
    nlohmann::json j = describeFile(writeTexbsi(f), "system/SKY.BSI");
    EXPECT_EQ(j["format"], "texbsi");
    EXPECT_EQ(j["layout"], "bare");
    ASSERT_EQ(j["images"].size(), 1u);
    EXPECT_EQ(j["images"][0]["name"], "");
    EXPECT_EQ(j["images"][0]["animated"], false);
    EXPECT_EQ(j["images"][0]["pixel_sha1"], kSha1Abc);
}

TEST(InfoImages, EmptyTexbsiBankNeedsItsName) {
    const Bytes sentinel(9, 0);
    nlohmann::json j = describeFile(sentinel, "TEXBSI.001");
    EXPECT_EQ(j["format"], "texbsi");
    EXPECT_TRUE(j["images"].empty());
}

TEST(InfoImages, ColKeys) {
    ColFile col;
    col.colors[1] = ColorRgb{10, 20, 30};
    col.colors[255] = ColorRgb{255, 0, 7};
    nlohmann::json j = describeFile(writeCol(col), "fxart/ISLAND.COL");
    EXPECT_EQ(j["format"], "col");
    ASSERT_EQ(j["colors"].size(), 256u);
    EXPECT_EQ(j["colors"][0], nlohmann::json::array({0, 0, 0}));
    EXPECT_EQ(j["colors"][1], nlohmann::json::array({10, 20, 30}));
    EXPECT_EQ(j["colors"][255], nlohmann::json::array({255, 0, 7}));
}

TEST(InfoImages, GxaKeys) {
    GxaFile f;
    f.palette = grey();
    GxaFrame raw;
    raw.width = 4;
    raw.height = 2;
    raw.pixels = Bytes(8, 1);
    GxaFrame rle = raw;
    rle.width = 2;
    rle.height = 4;
    rle.compression = 1;
    f.frames = {raw, rle};
    nlohmann::json j = describeFile(writeGxa(f), "system/SKY.GXA");
    EXPECT_EQ(j["format"], "gxa");
    ASSERT_EQ(j["frames"].size(), 2u);
    EXPECT_EQ(j["frames"][0]["width"], 4);
    EXPECT_EQ(j["frames"][0]["height"], 2);
    EXPECT_EQ(j["frames"][0]["compression"], 0);
    EXPECT_EQ(j["frames"][0]["compression_name"], "raw");
    EXPECT_EQ(j["frames"][1]["width"], 2);
    EXPECT_EQ(j["frames"][1]["height"], 4);
    EXPECT_EQ(j["frames"][1]["compression"], 1);
    EXPECT_EQ(j["frames"][1]["compression_name"], "rle");
    EXPECT_EQ(j["title"], "GXlib image conversion");
}

TEST(InfoImages, BadInputNamesPathAndOffset) {
    TexbsiFile f;
    f.images.push_back(makeTexbsiImage("D02005", 3, 1, {Bytes{'a', 'b', 'c'}}));
    Bytes b = writeTexbsi(f);
    b.resize(b.size() - 9 - 5); // sentinel and the last byte of the record gone: the record is cut
    try {
        describeFile(b, "TEXBSI.302");
        FAIL() << "expected an error";
    } catch (const rgx::Error& e) {
        EXPECT_EQ(std::string(e.what()).rfind("TEXBSI.302: offset 0x", 0), 0u) << e.what();
        EXPECT_EQ(e.offset(), 13u) << e.what(); // the record's payload, which runs past the end
        EXPECT_EQ(e.field(), "TEXBSI 'D02005' record size") << e.what();
    }
}

// A departure the reader tolerates is listed under "warnings" with its offset and field.
TEST(InfoImages, MissingSentinelIsAWarningInTheJson) {
    TexbsiFile f;
    f.images.push_back(makeTexbsiImage("D02005", 3, 1, {Bytes{'a', 'b', 'c'}}));
    Bytes b = writeTexbsi(f);
    b.resize(b.size() - 9);
    nlohmann::json j = describeFile(b, "TEXBSI.302");
    EXPECT_EQ(j["format"], "texbsi");
    ASSERT_EQ(j["images"].size(), 1u);
    EXPECT_EQ(j["images"][0]["pixel_sha1"], kSha1Abc);
    ASSERT_EQ(j["warnings"].size(), 1u) << j["warnings"].dump();
    EXPECT_EQ(j["warnings"][0]["offset"], b.size());
    EXPECT_EQ(j["warnings"][0]["field"], "TEXBSI end sentinel");
    EXPECT_NE(j["warnings"][0]["message"].get<std::string>().find("without the 9-byte zero end sentinel"),
              std::string::npos);
    // A file read without departures has an empty list.
    EXPECT_EQ(describeFile(writeTexbsi(f), "TEXBSI.302")["warnings"], nlohmann::json::array());
}
