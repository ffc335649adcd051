#include "loaders/col.h"
#include "tests/fuzz/fuzz_target.h"
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
    EXPECT_EQ(readCol(b, "x"), col);
    // The header is kept raw, not validated.
    col.magic = 0x1234;
    EXPECT_EQ(readCol(writeCol(col), "x"), col);
}

TEST(Col, RejectEveryTruncationAndExtraBytes) {
    const Bytes full = colFixture();
    for (std::size_t n = 0; n < full.size(); ++n) {
        EXPECT_THROW(readCol(Bytes(full.begin(), full.begin() + static_cast<std::ptrdiff_t>(n)), "x"), Error)
            << n;
    }
    Bytes longer = full;
    longer.push_back(0);
    try {
        readCol(longer, "A.COL");
        FAIL() << "expected an error";
    } catch (const Error& e) {
        EXPECT_EQ(e.offset(), 776u);
        EXPECT_NE(std::string(e.what()).find("exactly 776"), std::string::npos) << e.what();
    }
    try {
        readCol(Bytes(full.begin(), full.begin() + 100), "A.COL");
        FAIL() << "expected an error";
    } catch (const Error& e) {
        EXPECT_EQ(e.field(), "COL palette");
    }
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

TEST(ColFuzz, MutatedWriterOutputNeverCrashes) {
    std::vector<Bytes> seeds = {writeCol(ColFile{}), colFixture()};
    EXPECT_EQ(rgx::testing::runMutations(seeds, rgxFuzz_col, 3000), 3002u);
}
