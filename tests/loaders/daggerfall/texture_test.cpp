// TEXTURE.### files: a hand-built file with the three image forms (uncompressed, row-compressed
// with an RLE row, animated with 3 frames), round trips through the writer, Reject* cases and the
// mutation run.
#include "loaders/daggerfall/texture.h"
#include "loaders/redguard/texbsi.h"
#include "tests/fuzz/fuzz_target.h"
#include "tests/loaders/warning_checks.h"
#include "tests/support/mutate.h"

#include <gtest/gtest.h>

using namespace rgx::loaders;
using namespace rgx::loaders::daggerfall;

RGX_DECLARE_FUZZ_TARGET(df_texture);

namespace {

void recordHeader(ByteWriter& w, std::int16_t width, std::int16_t height, std::uint16_t compression,
                  std::uint32_t recordSize, std::uint16_t frames) {
    w.i16(1);      // offset_x
    w.i16(2);      // offset_y
    w.i16(width);  // 4
    w.i16(height); // 6
    w.u16(compression);
    w.u32(recordSize);
    w.u32(28); // data_offset: right after this header
    w.u16(1);  // is_normal
    w.u16(frames);
    w.i16(0);  // unknown1
    w.i16(3);  // scale_x
    w.i16(-4); // scale_y
}

// Laid out by hand from UESP's and Daggerfall Unity's tables:
// 0x00 header (count 3, "Test walls") | 0x1A directory, 3 x 20 | 0x56 (86) record 0
// record 0 @ 86:  2x2 uncompressed, rows 256 bytes apart: 28 + 512 = 540
// record 1 @ 626: 12x2 row-compressed 0x0108: row table 8, RLE row 10, raw row 12: 28 + 30 = 58
// record 2 @ 684: 3x2, 3 frames of runs: offsets 12, frames 13 + 12 + 12: 28 + 49 = 77; end 761
Bytes textureFixture() {
    ByteWriter w;
    w.i16(3);
    w.fixedString("Test walls", 24);
    const std::uint32_t positions[3] = {86, 626, 684};
    for (std::uint32_t p : positions) {
        w.u16(0x0101);
        w.u32(p);
        w.u16(0x0202);
        w.u32(0x03030303);
        w.u64(0);
    }
    // Record 0.
    recordHeader(w, 2, 2, 0x0000, 540, 1);
    w.u8(5), w.u8(6), w.zeros(254);
    w.u8(7), w.u8(8), w.zeros(254);
    // Record 1: row 0 = 7 x 9 then 1 2 3 (RLE), row 1 = 0..11 (raw). Row offsets count from the
    // record's start.
    recordHeader(w, 12, 2, 0x0108, 58, 1);
    w.u16(36), w.u16(0x8000);
    w.u16(46), w.u16(0);
    w.u16(12), w.i16(-9), w.u8(7), w.i16(3), w.u8(1), w.u8(2), w.u8(3);
    for (int i = 0; i < 12; ++i)
        w.u8(std::uint8_t(i));
    // Record 2: frame offsets from the data start, then (width, height, rows of
    // (transparent, count, pixels)).
    recordHeader(w, 3, 2, 0x0000, 77, 3);
    w.u32(12), w.u32(25), w.u32(37);
    w.i16(3), w.i16(2), w.u8(1), w.u8(2), w.u8(5), w.u8(6), w.u8(0), w.u8(3), w.u8(1), w.u8(2), w.u8(3);
    w.i16(3), w.i16(2), w.u8(3), w.u8(0), w.u8(0), w.u8(1), w.u8(4), w.u8(1), w.u8(1), w.u8(4);
    w.i16(3), w.i16(2), w.u8(0), w.u8(3), w.u8(9), w.u8(9), w.u8(9), w.u8(2), w.u8(1), w.u8(8);
    return w.take();
}

Bytes row12() {
    Bytes b;
    for (int i = 0; i < 9; ++i)
        b.push_back(7);
    for (std::uint8_t v : {1, 2, 3})
        b.push_back(v);
    for (int i = 0; i < 12; ++i)
        b.push_back(std::uint8_t(i));
    return b;
}

} // namespace

TEST(DaggerfallTexture, ReadsHandBuiltFile) {
    rgx::Warnings warnings;
    const TextureFile f = readTexture(textureFixture(), "TEXTURE.019", &warnings);
    EXPECT_TRUE(warnings.empty()) << rgx::testing::listWarnings(warnings);
    EXPECT_EQ(f.name(), "Test walls");
    ASSERT_EQ(f.records.size(), 3u);
    const TextureRecord& r0 = f.records[0];
    EXPECT_EQ(r0.dirUnknown1, 0x0101);
    EXPECT_EQ(r0.dirUnknown3, 0x03030303u);
    EXPECT_EQ(r0.offsetX, 1);
    EXPECT_EQ(r0.scaleY, -4);
    EXPECT_EQ(r0.frames, (std::vector<Bytes>{{5, 6, 7, 8}}));
    EXPECT_EQ(f.records[1].compression, 0x0108);
    EXPECT_EQ(f.records[1].frames, (std::vector<Bytes>{row12()}));
    EXPECT_EQ(f.records[2].frames,
              (std::vector<Bytes>{{0, 5, 6, 1, 2, 3}, {0, 0, 0, 4, 0, 4}, {9, 9, 9, 0, 0, 8}}));
    // Every record is laid out as the writer would: nothing stored raw.
    for (const TextureRecord& r : f.records)
        EXPECT_FALSE(r.storedBody.has_value());
    EXPECT_EQ(writeTexture(f), textureFixture());
}

TEST(DaggerfallTexture, WriterRoundTripsEveryForm) {
    TextureFile f;
    f.setName("demo");
    Bytes big(40 * 3);
    for (std::size_t i = 0; i < big.size(); ++i)
        big[i] = std::uint8_t(i < 60 ? 4 : i % 5);        // long runs, then short ones
    f.records.push_back(makeTextureRecord(40, 3, {big})); // uncompressed
    f.records.push_back(makeTextureRecord(40, 3, {big, Bytes(120, 0), Bytes(120, 1)})); // animated
    f.records.push_back(makeTextureRecord(40, 3, {big, Bytes(120, 2)}, 0x1108));        // RLE, 2 frames
    f.records.push_back(makeTextureRecord(0, 0, {}));                                   // no frames
    const Bytes b = writeTexture(f);
    rgx::Warnings warnings;
    const TextureFile back = readTexture(b, "TEXTURE.500", &warnings);
    EXPECT_EQ(back, f);
    // The empty record is last and has no data: its frame_count sits 18 bytes into its header.
    EXPECT_TRUE(rgx::testing::onlyWarning(warnings, b.size() - 28 + 18, "texture frame_count", "no frames"));
    EXPECT_EQ(writeTexture(back), b);
}

// A stored body the writer would lay out otherwise (a row stored raw where the writer uses RLE,
// padding after it) is kept, and written back byte for byte.
TEST(DaggerfallTexture, StoredBodyKeepsOtherLayouts) {
    ByteWriter w;
    w.i16(1);
    w.fixedString("raw rows", 24);
    w.u16(0), w.u32(46), w.u16(0), w.u32(0), w.u64(0);
    recordHeader(w, 12, 1, 0x1108, 99, 1);
    w.u16(32), w.u16(0); // raw although RLE would be shorter
    for (int i = 0; i < 12; ++i)
        w.u8(7);
    w.u8(0xEE); // padding
    const Bytes b = w.take();
    rgx::Warnings warnings;
    TextureFile f = readTexture(b, "TEXTURE.001", &warnings);
    EXPECT_TRUE(warnings.empty()) << rgx::testing::listWarnings(warnings);
    EXPECT_EQ(f.records[0].frames, (std::vector<Bytes>{Bytes(12, 7)}));
    ASSERT_TRUE(f.records[0].storedBody.has_value());
    EXPECT_EQ(f.records[0].storedBody->recordSize, 99u);
    EXPECT_EQ(writeTexture(f), b);
    // Edited frames no longer match the stored body: the writer encodes them afresh.
    f.records[0].frames[0][0] = 1;
    const TextureFile again = readTexture(writeTexture(f), "x");
    EXPECT_EQ(again.records[0].frames, f.records[0].frames);
    EXPECT_FALSE(again.records[0].storedBody.has_value());
}

TEST(DaggerfallTexture, SolidArchivesAndNames) {
    EXPECT_EQ(solidTextureColor(0, 5), std::optional<std::uint8_t>(5));
    EXPECT_EQ(solidTextureColor(1, 5), std::optional<std::uint8_t>(133));
    EXPECT_EQ(solidTextureColor(2, 5), std::nullopt);
    EXPECT_STREQ(textureCompressionName(0x1108), "record_rle");
    EXPECT_STREQ(textureCompressionName(7), "unknown");
}

TEST(DaggerfallTexture, DetectionTellsTextureFromTexbsi) {
    EXPECT_TRUE(looksLikeTexture(textureFixture()));
    EXPECT_FALSE(looksLikeTexbsi(textureFixture()));
    TexbsiFile t;
    t.images.push_back(makeTexbsiImage("D02005", 3, 1, {Bytes{'a', 'b', 'c'}}));
    EXPECT_FALSE(looksLikeTexture(writeTexbsi(t)));
    Bytes b = textureFixture();
    b[26 + 12] = 1; // a directory entry's null word
    EXPECT_FALSE(looksLikeTexture(b));
}

TEST(DaggerfallTexture, RejectTruncatedHeaderAndEveryPrefix) {
    const Bytes full = textureFixture();
    EXPECT_TRUE(
        rgx::testing::throwsAt([&] { readTexture(Bytes{3}, "T"); }, 0, "texture record_count", "truncated"));
    EXPECT_TRUE(
        rgx::testing::throwsAt([&] { readTexture(Bytes(10, 0), "T"); }, 2, "texture name", "truncated"));
    for (std::size_t n = 0; n < full.size(); ++n) {
        const Bytes cut(full.begin(), full.begin() + static_cast<std::ptrdiff_t>(n));
        EXPECT_TRUE(rgx::testing::prefixIsNotWhole([&](rgx::Warnings* w) { readTexture(cut, "T", w); }, n));
    }
}

TEST(DaggerfallTexture, RejectCountsAndOffsets) {
    Bytes b = textureFixture();
    b[0] = 0xE8, b[1] = 0x03; // 1000 records: the directory passes the end
    EXPECT_TRUE(rgx::testing::throwsAt([&] { readTexture(b, "T"); }, 26, "texture record_count", "exceeds"));
    b = textureFixture();
    b[1] = 0x80; // negative
    EXPECT_TRUE(rgx::testing::throwsAt([&] { readTexture(b, "T"); }, 0, "texture record_count", "negative"));
    b = textureFixture();
    b[28] = 0xFF, b[29] = 0xFF; // record 0's position 0xFFFF: past the end
    EXPECT_TRUE(
        rgx::testing::throwsAt([&] { readTexture(b, "T"); }, 28, "texture record position", "not between"));
    b = textureFixture();
    b[626 + 28] = 200; // record 1, row 0's offset past the record
    EXPECT_TRUE(
        rgx::testing::throwsAt([&] { readTexture(b, "T"); }, 626 + 28, "texture row offset", "past the end"));
    b = textureFixture();
    b[626 + 38] = 10; // row 0's first RLE chunk: a run of -(0xFF0A) passes the row
    b[626 + 39] = 0xFF;
    EXPECT_TRUE(rgx::testing::throwsAt([&] { readTexture(b, "T"); }, 626 + 38, "texture rle chunk",
                                       "passes the end"));
    b = textureFixture();
    b[684 + 28 + 4] = 200; // record 2, frame 1's offset past the record
    EXPECT_TRUE(rgx::testing::throwsAt([&] { readTexture(b, "T"); }, 684 + 28 + 4, "texture frame offset",
                                       "past the end"));
    b = textureFixture();
    b[684 + 28 + 12 + 4] = 2; // frame 0 row 0: 1 transparent + 2 pixels... now 2 + 2 = 4 > 3
    EXPECT_TRUE(rgx::testing::throwsAt([&] { readTexture(b, "T"); }, 684 + 28 + 12 + 4, "texture pixel run",
                                       "passes the end"));
    b = textureFixture();
    b[684 + 28 + 12] = 4; // frame 0 says 4 wide, its record 3
    EXPECT_TRUE(rgx::testing::throwsAt([&] { readTexture(b, "T"); }, 684 + 28 + 12, "texture frame width",
                                       "its record"));
}

// A huge size in a tiny file cannot allocate: the decode limit stops it first.
TEST(DaggerfallTexture, RejectHugeFrames) {
    Bytes b = textureFixture();
    b[86 + 4] = 0xFF, b[86 + 5] = 0x7F; // width 32767
    b[86 + 6] = 0xFF, b[86 + 7] = 0x7F; // height 32767
    EXPECT_TRUE(
        rgx::testing::throwsAt([&] { readTexture(b, "T"); }, 86 + 4, "texture width", "decode limit"));
    b[86 + 7] = 0xFF; // negative height
    EXPECT_TRUE(rgx::testing::throwsAt([&] { readTexture(b, "T"); }, 86 + 4, "texture width", "negative"));
}

TEST(DaggerfallTexture, WarningsForDepartures) {
    Bytes b = textureFixture();
    b[626 + 8] = 7; // record 1's compression 7: unknown, read as uncompressed (rows 256 apart)
    b[626 + 9] = 0;
    rgx::Warnings warnings;
    EXPECT_THROW(readTexture(b, "T", &warnings), rgx::Error); // 12 x 2 at stride 256 is past the record
    EXPECT_TRUE(rgx::testing::hasWarning(warnings, 626 + 8, "texture compression", "unknown compression 7"));
    // Records in another order: read, with a warning; the writer lays them out in order.
    b = textureFixture();
    ByteWriter swapped;
    swapped.bytes(b.data(), 26);
    swapped.bytes(b.data() + 46, 20); // entry 1 first
    swapped.bytes(b.data() + 26, 20);
    swapped.bytes(b.data() + 66, b.size() - 66);
    warnings.clear();
    const TextureFile f = readTexture(swapped.bytes(), "T", &warnings);
    EXPECT_TRUE(rgx::testing::onlyWarning(warnings, 26 + 2, "texture record position", "not laid out"));
    EXPECT_EQ(f.records[0].frames, (std::vector<Bytes>{row12()}));
    EXPECT_EQ(readTexture(writeTexture(f), "T"), f);
}

TEST(DaggerfallTexture, WriterRejectsInconsistentRecords) {
    TextureFile f;
    f.records.push_back(makeTextureRecord(2, 2, {Bytes{1, 2, 3, 4}}));
    f.records[0].frames[0].pop_back();
    EXPECT_THROW(writeTexture(f), rgx::Error);
    f.records[0] = makeTextureRecord(300, 1, {Bytes(300, 1)});
    EXPECT_THROW(writeTexture(f), rgx::Error); // one uncompressed frame wider than 256
    EXPECT_THROW(makeTextureRecord(2, 2, {Bytes(3, 0)}), rgx::Error);
}

constexpr std::size_t kMinAccepted_df_texture = 290;

TEST(DaggerfallTextureFuzz, MutatedWriterOutputNeverCrashes) {
    TextureFile f;
    f.records.push_back(makeTextureRecord(4, 2, {Bytes{0, 1, 1, 1, 2, 2, 0, 0}, Bytes(8, 3)}));
    f.records.push_back(makeTextureRecord(6, 1, {Bytes{5, 5, 5, 5, 5, 1}}, 0x0108));
    const std::vector<Bytes> seeds = {textureFixture(), writeTexture(f), writeTexture(TextureFile{})};
    const rgx::testing::MutationStats stats =
        rgx::testing::fuzzRun("df_texture", seeds, rgxFuzz_df_texture, 3000, kMinAccepted_df_texture);
    EXPECT_EQ(stats.runs, 3000u + seeds.size());
}
