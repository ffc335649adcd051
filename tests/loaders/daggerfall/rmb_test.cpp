// RMB records: a block built byte by byte from the text's tables (not by the writer), round trips,
// the 0x96 byte, and Reject* cases.
#include "loaders/daggerfall/rmb.h"
#include "tests/fuzz/fuzz_target.h"
#include "tests/loaders/warning_checks.h"
#include "tests/support/fuzz_corpus.h"
#include "tests/support/mutate.h"

#include <gtest/gtest.h>

using namespace rgx::loaders;
using namespace rgx::loaders::daggerfall;

RGX_DECLARE_FUZZ_TARGET(df_rmb);

namespace {

// Offsets of the fixed-length data, added up from the text's section sizes.
constexpr std::size_t kPositions = 3;  // 32 x 20
constexpr std::size_t kSection1 = 643; // 32 x 26
constexpr std::size_t kSizes = 1603;   // 32 x i32
constexpr std::size_t kTiles = 1739;   // after the 8-byte small-maps header
constexpr std::size_t kAutomap = 2251;
constexpr std::size_t kNames = 6347;
constexpr std::size_t kSubrecordAt = 6776;
// The subrecord: exterior header + one 3D object, interior header + flat + person + door, 0x96.
constexpr std::size_t kSubrecordSize = 17 + 66 + 17 + 17 + 17 + 19 + 1;

void put16(Bytes& b, std::size_t at, std::uint16_t v) {
    b[at] = std::uint8_t(v);
    b[at + 1] = std::uint8_t(v >> 8);
}
void put32(Bytes& b, std::size_t at, std::uint32_t v) {
    for (int i = 0; i < 4; ++i)
        b[at + i] = std::uint8_t(v >> (8 * i));
}

// One subrecord (a tavern at x 1024, z 2048, turned 90 degrees), one block 3D object, one flat.
Bytes rmbFixture() {
    // One allocation: GCC 12 reports a false array-bounds error for a vector grown in steps here.
    Bytes b(kSubrecordAt + kSubrecordSize + 66 + 17, 0);
    b[0] = 1; // subrecords
    b[1] = 1; // block 3D objects
    b[2] = 1; // block flats
    put32(b, kPositions + 8, 1024);
    put32(b, kPositions + 12, 2048);
    put32(b, kPositions + 16, 512);
    put16(b, kSection1, 0x1234); // name seed
    b[kSection1 + 24] = 0x0F;    // building type
    put32(b, kSizes, kSubrecordSize);
    b[kTiles + 2 * 16 + 3] = 5 | 0x40;      // tile (3, 2): texture 5, rotated
    b[kTiles + 15 * 16 + 15] = 0x3F | 0x80; // tile (15, 15): texture 63, flipped
    b[kTiles + 1] = 0xC2;                   // tile (1, 0): texture 2, rotated and flipped
    b[kAutomap] = 0x10;                     // a tavern pixel
    const char name[] = "TVRNAL01.RMB";
    std::copy(name, name + 12, b.begin() + kNames);

    // Exterior: header with one 3D object (model 427 = 4 * 100 + 27).
    std::size_t at = kSubrecordAt;
    b[at] = 1;
    put16(b, at + 7, 0x0101); // the text's "always non-zero" shorts
    at += 17;
    put16(b, at, 4);
    b[at + 2] = 27;
    b[at + 3] = 3;
    put32(b, at + 36, 100);
    put32(b, at + 40, std::uint32_t(-200));
    put32(b, at + 44, 300);
    put16(b, at + 52, 0x200); // 90 degrees about the vertical axis
    // Interior: header with one flat, one person, one door.
    at = kSubrecordAt + 17 + 66;
    b[at + 1] = 1;
    b[at + 3] = 1;
    b[at + 4] = 1;
    at += 17;
    put32(b, at, 10);
    put32(b, at + 4, 20);
    put32(b, at + 8, 30);
    put16(b, at + 12, (210 << 7) | 3); // texture archive 210, record 3
    b[at + 16] = 7;
    at += 17;
    put16(b, at + 12, (182 << 7) | 1); // person: archive 182, record 1
    put16(b, at + 14, 0x01FE);         // barkeep
    at += 17;
    put32(b, at, 64);
    put16(b, at + 12, 0x400);
    put16(b, at + 14, 94);
    b[at + 16] = 2;
    at += 19;
    b[at] = kRmbExtraByte;
    // The block's own 3D object and flat.
    at = kSubrecordAt + kSubrecordSize;
    put16(b, at, 5);
    put32(b, at + 36, std::uint32_t(-1088));
    at += 66;
    put16(b, at + 12, (213 << 7) | 127);
    return b;
}

Warnings warningsOf(const Bytes& b) {
    Warnings w;
    (void)readRmb(b, "T.RMB", &w);
    return w;
}

} // namespace

TEST(DaggerfallRmb, ReadsHandBuiltBlock) {
    Warnings warnings;
    const RmbBlock block = readRmb(rmbFixture(), "TVRNAL01.RMB", &warnings);
    EXPECT_TRUE(warnings.empty()) << rgx::testing::listWarnings(warnings);
    EXPECT_EQ(block.fld.blockName, "TVRNAL01.RMB");
    EXPECT_EQ(block.fld.positions[0], (RmbBlockPosition{0, 0, 1024, 2048, 512}));
    EXPECT_EQ(block.fld.buildings[0].nameSeed, 0x1234);
    EXPECT_EQ(block.fld.buildings[0].buildingType, 0x0F);
    EXPECT_EQ(block.fld.blockDataSizes[0], std::int32_t(kSubrecordSize));
    EXPECT_EQ(block.fld.automap[0], 0x10);

    EXPECT_EQ(rmbGroundTile(block.fld.smallMaps, 3, 2), (RmbGroundTile{5, true, false}));
    EXPECT_EQ(rmbGroundTile(block.fld.smallMaps, 15, 15), (RmbGroundTile{63, false, true}));
    EXPECT_EQ(rmbGroundTile(block.fld.smallMaps, 1, 0), (RmbGroundTile{2, true, true}));
    EXPECT_EQ(rmbGroundTile(block.fld.smallMaps, 2, 3), (RmbGroundTile{0, false, false}));

    ASSERT_EQ(block.subrecords.size(), 1u);
    const RmbSubrecord& sub = block.subrecords[0];
    ASSERT_EQ(sub.exterior.models.size(), 1u);
    const RmbModel& house = sub.exterior.models[0];
    EXPECT_EQ(rmbModelId(house), 427);
    EXPECT_EQ(house.objectType, 3);
    EXPECT_EQ(house.x, 100);
    EXPECT_EQ(house.y, -200);
    EXPECT_EQ(house.z, 300);
    EXPECT_EQ(house.yRotation, kDaggerfallAngleUnitsPerTurn / 4);
    EXPECT_EQ(sub.exterior.headerUnknown[1], 0x0101);
    EXPECT_TRUE(sub.exterior.flats.empty());

    ASSERT_EQ(sub.interior.flats.size(), 1u);
    const RmbFlat& flat = sub.interior.flats[0];
    EXPECT_EQ((std::array<int, 3>{flat.x, flat.y, flat.z}), (std::array<int, 3>{10, 20, 30}));
    EXPECT_EQ(rmbTextureArchive(flat.textureBits), 210);
    EXPECT_EQ(rmbTextureRecord(flat.textureBits), 3);
    EXPECT_EQ(flat.flags, 7);
    ASSERT_EQ(sub.interior.people.size(), 1u);
    EXPECT_EQ(rmbTextureArchive(sub.interior.people[0].textureBits), 182);
    EXPECT_EQ(sub.interior.people[0].factionId, 0x01FE);
    ASSERT_EQ(sub.interior.doors.size(), 1u);
    EXPECT_EQ(sub.interior.doors[0], (RmbDoor{64, 0, 0, 0x400, 94, 2, 0, 0}));
    EXPECT_EQ(sub.extra, Bytes{kRmbExtraByte});

    ASSERT_EQ(block.models.size(), 1u);
    EXPECT_EQ(rmbModelId(block.models[0]), 500);
    EXPECT_EQ(block.models[0].x, -1088);
    ASSERT_EQ(block.flats.size(), 1u);
    EXPECT_EQ(rmbTextureArchive(block.flats[0].textureBits), 213);
    EXPECT_EQ(rmbTextureRecord(block.flats[0].textureBits), 127);
    EXPECT_TRUE(block.trailing.empty());
}

TEST(DaggerfallRmb, RoundTrips) {
    const Bytes fixture = rmbFixture();
    EXPECT_EQ(writeRmb(readRmb(fixture, "x")), fixture);

    // A block built from plain records: counts and block data sizes come from the writer.
    RmbBlock built;
    built.fld.blockName = "RESIAM05.RMB";
    RmbSubrecord house;
    RmbModel m;
    setRmbModelId(m, 52133);
    m.x = -512;
    m.yRotation = 1024;
    house.exterior.models.push_back(m);
    house.interior.flats.push_back(RmbFlat{1, 2, 3, rmbTextureBits(210, 1), 0, 0});
    built.subrecords.push_back(house);
    built.subrecords.push_back(RmbSubrecord{});
    built.flats.push_back(RmbFlat{0, 0, 0, rmbTextureBits(500, 127), 0, 0});
    const Bytes b = writeRmb(built);
    EXPECT_EQ(b.size(), kRmbFldSize + 17 * 2 + 66 + 17 + 17 * 2 + 17);
    Warnings warnings;
    const RmbBlock back = readRmb(b, "x", &warnings);
    EXPECT_TRUE(warnings.empty()) << rgx::testing::listWarnings(warnings);
    EXPECT_EQ(rmbModelId(back.subrecords[0].exterior.models[0]), 52133);
    EXPECT_EQ(back.fld.blockDataSizes[0], 17 + 66 + 17 + 17);
    EXPECT_EQ(back.fld.blockDataSizes[1], 34);
    built.fld.blockDataSizes = back.fld.blockDataSizes; // the only fields the writer derives
    EXPECT_EQ(back, built);
    EXPECT_TRUE(looksLikeRmb(b));
}

TEST(DaggerfallRmb, PackedTilesAndTexturesRoundTrip) {
    for (int v = 0; v < 256; ++v) {
        RmbSmallMaps maps;
        maps.groundTiles[5 * 16 + 9] = std::uint8_t(v);
        EXPECT_EQ(packRmbGroundTile(rmbGroundTile(maps, 9, 5)), v);
    }
    EXPECT_EQ(rmbTextureBits(210, 3), (210 << 7) | 3);
    EXPECT_EQ(rmbTextureArchive(0xFFFF), 511);
}

// The text's optional byte is 0x96 alone; other padding reads with a warning and is kept.
TEST(DaggerfallRmb, OtherSubrecordPaddingWarnsAndIsKept) {
    Bytes b = rmbFixture();
    const std::size_t padAt = kSubrecordAt + kSubrecordSize - 1;
    b[padAt] = 0;
    b.insert(b.begin() + std::ptrdiff_t(padAt), 0x55);
    put32(b, kSizes, kSubrecordSize + 1);
    Warnings warnings;
    const RmbBlock block = readRmb(b, "T.RMB", &warnings);
    EXPECT_TRUE(rgx::testing::onlyWarning(warnings, padAt, "RMB subrecord extra", "at most one 0x96"));
    EXPECT_EQ(block.subrecords[0].extra, (Bytes{0x55, 0}));
    EXPECT_EQ(writeRmb(block), b);

    // No padding at all is as valid as the 0x96 byte.
    Bytes none = rmbFixture();
    none.erase(none.begin() + std::ptrdiff_t(padAt));
    put32(none, kSizes, kSubrecordSize - 1);
    EXPECT_TRUE(warningsOf(none).empty());
}

TEST(DaggerfallRmb, TrailingBytesWarnAndAreKept) {
    Bytes b = rmbFixture();
    b.push_back(9);
    Warnings warnings;
    const RmbBlock block = readRmb(b, "T.RMB", &warnings);
    EXPECT_TRUE(rgx::testing::onlyWarning(warnings, b.size() - 1, "RMB trailing bytes", "1 bytes"));
    EXPECT_EQ(writeRmb(block), b);
    EXPECT_FALSE(looksLikeRmb(b));
}

// An RMB with no subrecords ends after its filenames (the text).
TEST(DaggerfallRmb, FixedLengthDataAloneIsABlock) {
    Bytes b(kRmbFldSize, 0);
    Warnings warnings;
    const RmbBlock block = readRmb(b, "EMPTY.RMB", &warnings);
    EXPECT_TRUE(warnings.empty());
    EXPECT_TRUE(block.subrecords.empty());
    EXPECT_EQ(writeRmb(block), b);
}

TEST(DaggerfallRmb, RejectEveryTruncation) {
    const Bytes full = rmbFixture();
    for (std::size_t n = 0; n < full.size(); ++n) {
        const Bytes cut(full.begin(), full.begin() + std::ptrdiff_t(n));
        EXPECT_TRUE(rgx::testing::prefixIsNotWhole([&](Warnings* w) { readRmb(cut, "T.RMB", w); }, n));
    }
}

TEST(DaggerfallRmb, RejectMoreThan32Subrecords) {
    Bytes b = rmbFixture();
    b[0] = 33;
    EXPECT_TRUE(rgx::testing::throwsAt([&] { readRmb(b, "T.RMB"); }, 0, "RMB subrecord count", "32 slots"));
}

TEST(DaggerfallRmb, RejectBlockDataSizePastTheEnd) {
    Bytes b = rmbFixture();
    put32(b, kSizes, 100000);
    EXPECT_TRUE(
        rgx::testing::throwsAt([&] { readRmb(b, "T.RMB"); }, kSizes, "RMB block data size", "past the end"));
    put32(b, kSizes, 0xFFFFFFFFu);
    EXPECT_TRUE(
        rgx::testing::throwsAt([&] { readRmb(b, "T.RMB"); }, kSizes, "RMB block data size", "negative"));
}

// A size smaller than the records its counts announce: the records would run into the next.
TEST(DaggerfallRmb, RejectBlockDataSizeSmallerThanItsRecords) {
    Bytes b = rmbFixture();
    put32(b, kSizes, 17 + 65);
    EXPECT_TRUE(rgx::testing::throwsAt([&] { readRmb(b, "T.RMB"); }, kSubrecordAt, "RMB section header",
                                       "need 66 bytes"));
    put32(b, kSizes, 10);
    EXPECT_TRUE(rgx::testing::throwsAt([&] { readRmb(b, "T.RMB"); }, kSubrecordAt, "RMB section header",
                                       "17-byte header"));
}

TEST(DaggerfallRmb, RejectCountTooLarge) {
    Bytes b = rmbFixture();
    b[1] = 200; // 200 block 3D objects: 13,200 bytes, 83 remain
    EXPECT_TRUE(rgx::testing::throwsAt([&] { readRmb(b, "T.RMB"); }, kSubrecordAt + kSubrecordSize,
                                       "RMB block 3D object", "exceeds"));
}

TEST(DaggerfallRmb, WriterRefusesWhatTheCountsCannotHold) {
    RmbBlock block;
    block.subrecords.resize(33);
    EXPECT_THROW(writeRmb(block), rgx::Error);
    block.subrecords.resize(1);
    block.subrecords[0].interior.doors.resize(256);
    EXPECT_THROW(writeRmb(block), rgx::Error);
}

TEST(DaggerfallRmb, DetectionAddsUpTheSizes) {
    EXPECT_TRUE(looksLikeRmb(rmbFixture()));
    Bytes b = rmbFixture();
    put32(b, kSizes, kSubrecordSize + 1);
    EXPECT_FALSE(looksLikeRmb(b));
    EXPECT_FALSE(looksLikeRmb(Bytes(100, 0)));
}

// At least this many of 3,000 mutated inputs must be accepted so the round-trip checks run: about a
// third of the lowest count seen over several seeds.
constexpr std::size_t kMinAccepted_df_rmb = 400;

// A seed with many records after the fixed-length data, so mutations often land on them.
Bytes denseRmb() {
    RmbBlock block;
    for (int s = 0; s < 4; ++s) {
        RmbSubrecord sub;
        for (int i = 0; i < 3; ++i) {
            RmbModel m;
            setRmbModelId(m, 400 + i);
            sub.exterior.models.push_back(m);
            sub.interior.flats.push_back(RmbFlat{i, i, i, rmbTextureBits(210, std::uint8_t(i)), 0, 0});
            sub.interior.section3.push_back(RmbSection3{i, 0, 0, 1, 2, 3});
            sub.interior.people.push_back(RmbPerson{0, i, 0, rmbTextureBits(182, 0), 0, 1});
            sub.interior.doors.push_back(RmbDoor{0, 0, i, 512, 94, 1, 0, 0});
        }
        if (s % 2 == 0) sub.extra = {kRmbExtraByte};
        block.subrecords.push_back(sub);
    }
    block.models.resize(5);
    block.flats.resize(5);
    return writeRmb(block);
}

TEST(DaggerfallRmbFuzz, MutatedWriterOutputNeverCrashes) {
    std::vector<Bytes> seeds = {rmbFixture(), writeRmb(RmbBlock{}), denseRmb()};
    for (Bytes& b : rgx::testing::corpusSeeds({".rmb"}))
        seeds.push_back(std::move(b));
    const rgx::testing::MutationStats stats =
        rgx::testing::fuzzRun("df_rmb", seeds, rgxFuzz_df_rmb, 3000, kMinAccepted_df_rmb);
    EXPECT_EQ(stats.runs, 3000u + seeds.size());
}
