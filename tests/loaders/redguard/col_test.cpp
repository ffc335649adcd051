#include "loaders/redguard/col.h"
#include "tests/fuzz/fuzz_target.h"
#include "tests/loaders/warning_checks.h"
#include "tests/support/fuzz_corpus.h"
#include "tests/support/mutate.h"

#include <gtest/gtest.h>

using rgx::Error;
using namespace rgx::loaders;

RGX_DECLARE_FUZZ_TARGET(col);

namespace {

// 776 bytes from the reference table: u32 776, u32 0xB123, then entry i = (i, 2i mod 256, 255-i).
Bytes colFixture() {
    Bytes b = {0x08, 0x03, 0x00, 0x00, 0x23, 0xB1, 0x00, 0x00};
    for (int i = 0; i < 256; ++i) {
        b.push_back(std::uint8_t(i));
        b.push_back(std::uint8_t((2 * i) & 0xFF));
        b.push_back(std::uint8_t(255 - i));
    }
    return b;
}

} // namespace

TEST(Col, ReadsHandBuiltPalette) {
    ColFile col = readCol(colFixture(), "ISLAND.COL");
    EXPECT_EQ(col.fileSizeField, 776u);
    EXPECT_EQ(col.magic, 0xB123u);
    EXPECT_EQ(col.colors[0], (ColorRgb{0, 0, 255}));
    EXPECT_EQ(col.colors[1], (ColorRgb{1, 2, 254}));
    EXPECT_EQ(col.colors[200], (ColorRgb{200, 144, 55}));
    EXPECT_EQ(col.colors[255], (ColorRgb{255, 254, 0}));
}

TEST(Col, RoundTrips) {
    EXPECT_EQ(writeCol(readCol(colFixture(), "x")), colFixture());
    ColFile col;
    col.colors[7] = ColorRgb{1, 2, 3};
    Bytes b = writeCol(col);
    EXPECT_EQ(b.size(), kColFileSize);
    rgx::Warnings warnings;
    EXPECT_EQ(readCol(b, "x", &warnings), col);
    EXPECT_TRUE(warnings.empty()) << rgx::testing::listWarnings(warnings);
    // The header is kept raw: another magic reads (with a warning) and writes back as it was.
    col.magic = 0x1234;
    b = writeCol(col);
    EXPECT_EQ(readCol(b, "x", &warnings), col);
    EXPECT_TRUE(rgx::testing::onlyWarning(warnings, 4, "COL magic", "is 4660, expected 0xB123"));
    EXPECT_EQ(writeCol(readCol(b, "x")), b);
}

// Truncation is the one COL rule that still throws: 776 bytes are needed to read the palette.
TEST(Col, RejectEveryTruncation) {
    const Bytes full = colFixture();
    for (std::size_t n = 0; n < full.size(); ++n) {
        const Bytes cut(full.begin(), full.begin() + static_cast<std::ptrdiff_t>(n));
        const std::size_t at = n < 4 ? 0 : n < 8 ? 4 : 8; // the field that no longer fits
        const char* field = n < 4 ? "COL file_size" : n < 8 ? "COL magic" : "COL palette";
        EXPECT_TRUE(rgx::testing::throwsAt([&] { readCol(cut, "A.COL"); }, at, field, "truncated")) << n;
    }
}

// Bytes after the palette are ignored with a warning at the first of them (the file reads, and
// writes back as the 776-byte palette).
TEST(Col, ExtraBytesAreIgnoredWithAWarning) {
    Bytes longer = colFixture();
    longer.push_back(0);
    longer.push_back(9);
    rgx::Warnings warnings;
    const ColFile col = readCol(longer, "A.COL", &warnings);
    EXPECT_EQ(col, readCol(colFixture(), "A.COL"));
    EXPECT_TRUE(
        rgx::testing::onlyWarning(warnings, 776, "COL size", "the bytes after the palette are ignored"));
    EXPECT_NE(warnings[0].message.find("778 bytes"), std::string::npos) << warnings[0].message;
    EXPECT_EQ(warnings[0].path, "A.COL");
    EXPECT_EQ(writeCol(col), colFixture());
}

// A header another tool zeroed (776 bytes, both words 0): the palette reads, with one warning per
// header word; `rgx info` finds it by its extension (the content check needs both words) and
// lists both warnings.
TEST(Col, ZeroHeaderReadsWithTwoWarnings) {
    Bytes zero = colFixture();
    std::fill(zero.begin(), zero.begin() + 8, 0);
    rgx::Warnings warnings;
    const ColFile col = readCol(zero, "x.COL", &warnings);
    EXPECT_EQ(col.colors, readCol(colFixture(), "x").colors);
    EXPECT_EQ(col.fileSizeField, 0u);
    EXPECT_EQ(col.magic, 0u);
    ASSERT_EQ(warnings.size(), 2u) << rgx::testing::listWarnings(warnings);
    EXPECT_TRUE(rgx::testing::warningMatches(warnings[0], 0, "COL file_size", "is 0, expected 776"));
    EXPECT_TRUE(rgx::testing::warningMatches(warnings[1], 4, "COL magic", "is 0, expected 0xB123"));
    EXPECT_EQ(writeCol(col), zero);

    EXPECT_FALSE(looksLikeCol(zero)); // `rgx info` reads it by its extension (tests/app/info_images_test.cpp)
}

TEST(Col, DetectionNeedsSizeAndHeader) {
    EXPECT_TRUE(looksLikeCol(colFixture()));
    Bytes b = colFixture();
    b[4] = 0;
    EXPECT_FALSE(looksLikeCol(b));
    Bytes c = colFixture();
    c.push_back(0);
    EXPECT_FALSE(looksLikeCol(c));
}

TEST(Col, IndicesToRgbaMakesIndexZeroTransparent) {
    ColFile col = readCol(colFixture(), "x");
    EXPECT_EQ(indicesToRgba(Bytes{0, 1, 200}, col.colors),
              (Bytes{0, 0, 0, 0, 1, 2, 254, 255, 200, 144, 55, 255}));
    EXPECT_EQ(indicesToRgba(Bytes{0}, col.colors, false), (Bytes{0, 0, 255, 255}));
}

// How many of the 3,000 mutated inputs the reader must accept, so the checks after parsing
// (writers, round trips) really run: about a third of the lowest count seen over several seeds.
constexpr std::size_t kMinAccepted_col = 460;

TEST(ColFuzz, MutatedWriterOutputNeverCrashes) {
    std::vector<Bytes> seeds = {writeCol(ColFile{}), colFixture()};
    // Plus the demo's files and, with RGX_REAL_SAMPLES, the real ones (tests/support/fuzz_corpus.h).
    for (Bytes& b : rgx::testing::corpusSeeds({".col"}))
        seeds.push_back(std::move(b));
    const rgx::testing::MutationStats stats =
        rgx::testing::fuzzRun("col", seeds, rgxFuzz_col, 3000, kMinAccepted_col);
    EXPECT_EQ(stats.runs, 3000u + seeds.size());
}
