// Daggerfall PAK files (CLIMATE.PAK): 500 row offsets, then each row's (u16 count, u8 value) runs
// making 1001 values. Hand-built files, round trips, Reject* cases, departures read as warnings,
// the climate lookup at a world map pixel, and a mutation run of the fuzz target.
#include "loaders/daggerfall/pak.h"
#include "tests/fuzz/fuzz_target.h"
#include "tests/loaders/warning_checks.h"
#include "tests/support/fuzz_corpus.h"
#include "tests/support/mutate.h"

#include <gtest/gtest.h>

using namespace rgx::loaders;
using namespace rgx::loaders::daggerfall;

RGX_DECLARE_FUZZ_TARGET(df_pak);

namespace {

constexpr std::size_t kTable = 2000; // 500 u32 offsets

void put16(Bytes& b, std::uint16_t v) {
    b.push_back(std::uint8_t(v & 0xFF));
    b.push_back(std::uint8_t(v >> 8));
}
void put32(Bytes& b, std::size_t at, std::uint32_t v) {
    for (int i = 0; i < 4; ++i)
        b[at + static_cast<std::size_t>(i)] = std::uint8_t(v >> (8 * i));
}

// Laid out by hand: every row is one run of 1001 x 231 (woodlands), except row 7, which is
// 500 x 231, 1 x 224 (desert, at x = 500) and 500 x 228 (swamp). Rows in row order after the
// offsets: row n starts at 2000 + 3n, and rows after row 7 two runs later.
Bytes fixture() {
    Bytes b(kTable, 0);
    std::size_t at = kTable;
    for (int row = 0; row < 500; ++row) {
        put32(b, static_cast<std::size_t>(row) * 4, static_cast<std::uint32_t>(at));
        if (row == 7) {
            for (const auto& [count, value] : {std::pair{500, 231}, {1, 224}, {500, 228}}) {
                put16(b, static_cast<std::uint16_t>(count));
                b.push_back(static_cast<std::uint8_t>(value));
            }
            at += 9;
        } else {
            put16(b, 1001);
            b.push_back(231);
            at += 3;
        }
    }
    return b;
}

TEST(DaggerfallPak, ReadsAHandBuiltFile) {
    rgx::Warnings warnings;
    const PakFile pak = readPak(fixture(), "CLIMATE.PAK", &warnings);
    EXPECT_TRUE(warnings.empty()) << rgx::testing::listWarnings(warnings);
    ASSERT_EQ(pak.rows.size(), 500u);
    EXPECT_EQ(pak.rows[0], (std::vector<PakRun>{{1001, 231}}));
    EXPECT_EQ(pak.rows[7], (std::vector<PakRun>{{500, 231}, {1, 224}, {500, 228}}));
    const std::vector<std::uint8_t> values = pakValues(pak);
    ASSERT_EQ(values.size(), 1001u * 500u);
    EXPECT_EQ(values[7 * 1001 + 499], 231);
    EXPECT_EQ(values[7 * 1001 + 500], 224);
    EXPECT_EQ(values[7 * 1001 + 501], 228);
    EXPECT_EQ(values[7 * 1001 + 1000], 228);
    EXPECT_EQ(values[8 * 1001 + 500], 231);
}

// DFU reads a map pixel's climate one column east: pixel (499, 7) is the PAK's (500, 7), the
// desert; pixel (500, 7) the swamp; x = 1000 (PAK column 1001) and y = 500 lie outside.
TEST(DaggerfallPak, ClimateAtAMapPixelReadsOneColumnEast) {
    const std::vector<std::uint8_t> values = pakValues(readPak(fixture(), "CLIMATE.PAK"));
    EXPECT_EQ(climateAt(values, {499, 7}), static_cast<int>(Climate::Desert));
    EXPECT_EQ(climateAt(values, {500, 7}), static_cast<int>(Climate::Swamp));
    EXPECT_EQ(climateAt(values, {498, 7}), static_cast<int>(Climate::Woodlands));
    EXPECT_EQ(climateAt(values, {999, 0}), 231);
    EXPECT_EQ(climateAt(values, {1000, 0}), -1);
    EXPECT_EQ(climateAt(values, {0, 500}), -1);
    EXPECT_EQ(climateAt(values, {-2, 0}), -1);
    EXPECT_EQ(climateName(224), "desert");
    EXPECT_EQ(climateName(232), "haunted_woodlands");
    EXPECT_EQ(climateName(222), "unknown");
}

TEST(DaggerfallPak, RoundTrips) {
    const Bytes b = fixture();
    EXPECT_EQ(writePak(readPak(b, "x")), b);
    // makePak finds the same runs in the picture.
    const std::vector<std::uint8_t> values = pakValues(readPak(b, "x"));
    EXPECT_EQ(writePak(makePak(values)), b);
    EXPECT_THROW(makePak(std::span<const std::uint8_t>(values.data(), 1000)), rgx::Error);
    PakFile short_;
    short_.rows.resize(3);
    EXPECT_THROW(writePak(short_), rgx::Error);
}

TEST(DaggerfallPak, LooksLikeTheWritersLayoutOnly) {
    Bytes b = fixture();
    EXPECT_TRUE(looksLikePak(b));
    EXPECT_FALSE(looksLikePak(Bytes(b.begin(), b.begin() + 2000)));
    put32(b, 0, kTable + 3); // rows 0 and 1 swapped: read with a warning, not detected
    put32(b, 4, kTable);
    EXPECT_FALSE(looksLikePak(b));
}

TEST(DaggerfallPak, RejectTruncated) {
    const Bytes b = fixture();
    for (const std::size_t n :
         {std::size_t{0}, std::size_t{3}, kTable - 1, kTable, kTable + 2, b.size() - 1}) {
        const Bytes cut(b.begin(), b.begin() + static_cast<std::ptrdiff_t>(n));
        EXPECT_TRUE(
            rgx::testing::prefixIsNotWhole([&](rgx::Warnings* w) { return readPak(cut, "x", w); }, n));
    }
    // The last row's run cut after its count: the value is missing at the end.
    const Bytes cut(b.begin(), b.end() - 1);
    EXPECT_TRUE(
        rgx::testing::throwsAt([&] { readPak(cut, "x"); }, b.size() - 1, "PAK run value", "truncated"));
}

TEST(DaggerfallPak, RejectOffsetsPastTheEndOrInsideTheTable) {
    Bytes b = fixture();
    put32(b, 4 * 3, static_cast<std::uint32_t>(b.size()));
    EXPECT_TRUE(rgx::testing::throwsAt([&] { readPak(b, "x"); }, 12, "PAK row offset", "past the end"));
    b = fixture();
    put32(b, 4 * 3, 1996);
    EXPECT_TRUE(
        rgx::testing::throwsAt([&] { readPak(b, "x"); }, 12, "PAK row offset", "inside the offset table"));
}

// Two rows sharing bytes could make one long row count 500 times: refused.
TEST(DaggerfallPak, RejectRowsSharingBytes) {
    Bytes b = fixture();
    put32(b, 4 * 5, kTable + 3 * 4); // row 5 starts where row 4 does
    EXPECT_TRUE(
        rgx::testing::throwsAt([&] { readPak(b, "x"); }, 20, "PAK row offset", "inside the row before it"));
    EXPECT_FALSE(looksLikePak(b)) << "what the reader refuses is not taken for a PAK";
}

// A row of many zero-count runs: its count is bounded by the file, never by a field.
TEST(DaggerfallPak, RejectARowThatNeverEnds) {
    Bytes b = fixture();
    Bytes tail;
    for (int i = 0; i < 50; ++i) {
        put16(tail, 0);
        tail.push_back(231);
    }
    put32(b, 4 * 499, static_cast<std::uint32_t>(b.size()));
    b.insert(b.end(), tail.begin(), tail.end());
    EXPECT_TRUE(rgx::testing::throwsAt([&] { readPak(b, "x"); }, b.size(), "PAK run count", "truncated"));
}

TEST(DaggerfallPak, DeparturesAreWarnings) {
    // Bytes after the last row.
    Bytes b = fixture();
    b.push_back(0xAB);
    rgx::Warnings w;
    PakFile pak = readPak(b, "x", &w);
    EXPECT_TRUE(rgx::testing::onlyWarning(w, b.size() - 1, "PAK size", "1 bytes after the last row"));
    EXPECT_EQ(writePak(pak), fixture());

    // A run past the row's end: kept, the picture drops what is past the row.
    b = fixture();
    b[kTable] = 0xEA; // row 0: 1002 (0x3EA) values
    w.clear();
    pak = readPak(b, "x", &w);
    EXPECT_TRUE(rgx::testing::onlyWarning(w, kTable, "PAK run count", "make 1002 values"));
    EXPECT_EQ(pak.rows[0], (std::vector<PakRun>{{1002, 231}}));
    EXPECT_EQ(pakValues(pak)[1001], 231); // row 1 untouched
    EXPECT_EQ(readPak(writePak(pak), "y"), pak);

    // Rows in another order: rows 0 and 1 swapped, written back in row order.
    b = fixture();
    put32(b, 0, kTable + 3);
    put32(b, 4, kTable);
    w.clear();
    pak = readPak(b, "x", &w);
    EXPECT_TRUE(rgx::testing::onlyWarning(w, 0, "PAK row offset", "not laid out one after another"));
    EXPECT_EQ(writePak(pak), fixture());
}

// How many of the 3,000 mutated inputs the reader must accept: about a third of the lowest count
// seen over several seeds (about 500).
constexpr std::size_t kMinAccepted_df_pak = 170;

TEST(DaggerfallPakFuzz, MutatedWriterOutputNeverCrashes) {
    std::vector<std::uint8_t> values(1001u * 500u);
    for (std::size_t i = 0; i < values.size(); ++i)
        values[i] = static_cast<std::uint8_t>(223 + (i / 97) % 10);
    std::vector<Bytes> seeds = {fixture(), writePak(makePak(values))};
    for (Bytes& b : rgx::testing::corpusSeeds({"climate.pak"}))
        seeds.push_back(std::move(b));
    const rgx::testing::MutationStats stats =
        rgx::testing::fuzzRun("df_pak", seeds, rgxFuzz_df_pak, 3000, kMinAccepted_df_pak);
    EXPECT_EQ(stats.runs, 3000u + seeds.size());
}

} // namespace
