// `rgx info --json` for System Shock resource files (docs/formats/systemshock_res.md), with values
// worked out by hand, and detection that takes no other format's files; a bitmap chunk's bitmaps
// and a palette chunk's colours (docs/formats/systemshock_media.md).
#include "app/info/info_registry.h"
#include "loaders/systemshock/bitmap.h"
#include "loaders/systemshock/level.h"
#include "loaders/systemshock/palette.h"
#include "loaders/systemshock/res_file.h"

#include <gtest/gtest.h>

using namespace rgx::loaders;
namespace ss = rgx::loaders::systemshock;

namespace {

// A text chunk "HELLO" (plain), a map chunk of blocks {1,2,3} and {4} (sub-divided, compressed)
// and an empty compressed bitmap.
ss::ResFile sampleFile() {
    ss::ResFile f;
    f.chunks.push_back({0x0FA0, 0x00, 0x01, {'H', 'E', 'L', 'L', 'O'}, {}, {}});
    f.chunks.push_back({0x0FA1, 0x03, 0x30, {}, {{1, 2, 3}, {4}}, {}});
    f.chunks.push_back({0x0FA2, 0x01, 0x02, {}, {}, {}});
    return f;
}

} // namespace

TEST(InfoSystemShock, DescribesAResourceFile) {
    const Bytes bytes = ss::writeResFile(sampleFile());
    const nlohmann::json info = rgx::app::describeFile(bytes, "data/ARCHIVE.DAT");
    EXPECT_EQ(info["format"], "systemshock-res");
    EXPECT_EQ(info["comment"], "");
    EXPECT_EQ(info["first_chunk_offset"], 128);
    EXPECT_EQ(info["chunk_count"], 3);
    ASSERT_EQ(info["chunks"].size(), 3u);
    const nlohmann::json& text = info["chunks"][0];
    EXPECT_EQ(text["id"], 0x0FA0);
    EXPECT_EQ(text["flags"], 0);
    EXPECT_EQ(text["compressed"], false);
    EXPECT_EQ(text["content_type"], 1);
    EXPECT_EQ(text["content_type_name"], "text");
    EXPECT_EQ(text["unpacked_size"], 5);
    EXPECT_EQ(text["packed_size"], 5);
    EXPECT_EQ(text["offset"], 128);
    EXPECT_EQ(text["block_count"], 1);
    const nlohmann::json& map = info["chunks"][1];
    EXPECT_EQ(map["id"], 0x0FA1);
    EXPECT_EQ(map["flags"], 3);
    EXPECT_EQ(map["compressed"], true);
    EXPECT_EQ(map["subdivided"], true);
    EXPECT_EQ(map["content_type_name"], "map");
    EXPECT_EQ(map["unpacked_size"], 2 + 3 * 4 + 4); // the table, then 4 bytes of blocks
    EXPECT_EQ(map["offset"], 136);                  // after "HELLO" and 3 bytes of padding
    EXPECT_EQ(map["block_count"], 2);
    EXPECT_EQ(info["chunks"][2]["unpacked_size"], 0);
    EXPECT_EQ(info["chunks"][2]["packed_size"], 3); // the end word and the extra byte
    EXPECT_TRUE(info["warnings"].empty()) << info["warnings"].dump();
    // By content whatever the name; a .res name without the signature is read by extension.
    EXPECT_EQ(rgx::app::describeFile(bytes, "TEXTURE.RES")["format"], "systemshock-res");
    EXPECT_EQ(rgx::app::describeFile(bytes, "x.bin")["format"], "systemshock-res");
}

TEST(InfoSystemShock, ErrorsNameTheFileAndOffset) {
    Bytes bytes = ss::writeResFile(sampleFile());
    bytes[136] = 9; // 9 blocks: a 42-byte table in the 18-byte map chunk
    try {
        rgx::app::describeFile(bytes, "ARCHIVE.DAT");
        FAIL() << "expected an error";
    } catch (const rgx::Error& e) {
        EXPECT_EQ(e.path(), "ARCHIVE.DAT");
        EXPECT_EQ(e.offset(), 136u);
        EXPECT_EQ(e.field(), "RES block count");
    }
}

// A texture chunk of two blocks (a plain 2 x 1 bitmap and an RLE 4 x 4 one), a block that is not a
// bitmap, and a game palette chunk.
TEST(InfoSystemShock, DescribesBitmapsAndPalettes) {
    ss::ResFile f;
    ss::Bitmap rle = ss::makeBitmap(4, 4, Bytes(16, 7), true);
    rle.hotspot = {1, 2, 3, 4};
    f.chunks.push_back({77,
                        ss::kResFlagSubdivided,
                        0x02,
                        {},
                        {ss::writeBitmap(ss::makeBitmap(2, 1, {1, 2})), ss::writeBitmap(rle), Bytes{1, 2, 3}},
                        {}});
    Palette256 palette{};
    palette[1] = {10, 20, 30};
    f.chunks.push_back({700, 0, 0x00, ss::writePaletteChunk(palette), {}, {}});
    const nlohmann::json info = rgx::app::describeFile(ss::writeResFile(f), "TEXTURE.RES");
    ASSERT_EQ(info["chunks"].size(), 2u);
    const nlohmann::json& bitmaps = info["chunks"][0]["bitmaps"];
    ASSERT_EQ(bitmaps.size(), 3u);
    EXPECT_EQ(bitmaps[0]["width"], 2);
    EXPECT_EQ(bitmaps[0]["height"], 1);
    EXPECT_EQ(bitmaps[0]["type_name"], "uncompressed");
    EXPECT_EQ(bitmaps[0]["compressed"], false);
    EXPECT_EQ(bitmaps[0]["stored_size"], 28 + 2);
    EXPECT_EQ(bitmaps[0]["private_palette"], false);
    EXPECT_EQ(bitmaps[1]["width"], 4);
    EXPECT_EQ(bitmaps[1]["type"], 4);
    EXPECT_EQ(bitmaps[1]["compressed"], true);
    EXPECT_EQ(bitmaps[1]["stored_size"], 28 + 3 + 3); // 00 10 07, then 80 00 00
    EXPECT_EQ(bitmaps[2]["block"], 2);
    // The third block, 3 bytes, is no bitmap: the error names its absolute offset (the chunk at
    // 128, a table of 2 + 4 x 4 bytes, blocks of 30 and 34 bytes before it: 210).
    EXPECT_NE(bitmaps[2]["error"].get<std::string>().find("offset 0xd2"), std::string::npos)
        << bitmaps[2]["error"];
    const nlohmann::json& colors = info["chunks"][1]["colors"];
    ASSERT_EQ(colors.size(), 256u);
    EXPECT_EQ(colors[1], nlohmann::json::array({10, 20, 30}));
    EXPECT_TRUE(info["warnings"].empty()) << info["warnings"].dump();
}

// ARCHIVE.DAT's levels (app/info/systemshock/info_levels.h): a 3 x 2 level 1 with tiles of types
// solid, open, open, slope s->n, solid, solid; a texture list of two ids; two object slots, one
// in use. A file without level chunks has no "levels".
TEST(InfoSystemShock, DescribesAnArchivesLevels) {
    ss::LevelInfo levelInfo;
    levelInfo.width = 3;
    levelInfo.height = 2;
    levelInfo.zShift = 2;
    ss::TileMap map;
    map.width = 3;
    map.height = 2;
    for (const std::uint8_t type : {0, 1, 1, 6, 0, 0}) {
        ss::Tile t;
        t.type = type;
        map.tiles.push_back(t);
    }
    ss::MasterObject used;
    used.inUse = 1;
    ss::ResFile f;
    f.chunks.push_back({ss::levelChunkId(1, 4), 0x01, 0x30, ss::writeLevelInfo(levelInfo), {}, {}});
    f.chunks.push_back({ss::levelChunkId(1, 5), 0x01, 0x30, ss::writeTileMap(map), {}, {}});
    f.chunks.push_back({ss::levelChunkId(1, 7), 0x00, 0x30, ss::writeTextureList({{12, 34}}), {}, {}});
    f.chunks.push_back({ss::levelChunkId(1, 8), 0x01, 0x30, ss::writeMasterObjects({used, {}}), {}, {}});
    const nlohmann::json info = rgx::app::describeFile(ss::writeResFile(f), "ARCHIVE.DAT");
    ASSERT_EQ(info["levels"].size(), 1u);
    const nlohmann::json& level = info["levels"][0];
    EXPECT_EQ(level["level"], 1);
    EXPECT_EQ(level["width"], 3);
    EXPECT_EQ(level["height"], 2);
    EXPECT_EQ(level["z_shift"], 2);
    EXPECT_EQ(level["cyberspace"], false);
    EXPECT_EQ(level["tile_types"], (nlohmann::json{{"solid", 3}, {"open", 2}, {"slope s->n", 1}}));
    EXPECT_EQ(level["textures"], nlohmann::json::array({12, 34}));
    EXPECT_EQ(level["object_slots"], 2);
    EXPECT_EQ(level["objects_in_use"], 1);
    EXPECT_FALSE(rgx::app::describeFile(ss::writeResFile(sampleFile()), "x.res").contains("levels"));
    // A level whose information is cut short is an error entry; the other level is described.
    f.chunks.push_back({ss::levelChunkId(2, 4), 0x00, 0x30, {1, 2, 3}, {}, {}});
    const nlohmann::json both = rgx::app::describeFile(ss::writeResFile(f), "ARCHIVE.DAT");
    ASSERT_EQ(both["levels"].size(), 2u);
    EXPECT_EQ(both["levels"][0]["width"], 3);
    EXPECT_EQ(both["levels"][1]["level"], 2);
    EXPECT_NE(both["levels"][1]["error"].get<std::string>().find("truncated"), std::string::npos);
}
