// Daggerfall palettes: .PAL (768 bytes), .COL (Redguard's COL layout, read by loaders/redguard/col.h) and
// the 64-level colour translation tables (SHADE.### / HAZE.###).
#include "loaders/daggerfall/palette.h"
#include "tests/fuzz/fuzz_target.h"
#include "tests/loaders/warning_checks.h"
#include "tests/support/mutate.h"

#include <gtest/gtest.h>

using namespace rgx::loaders;
using namespace rgx::loaders::daggerfall;

RGX_DECLARE_FUZZ_TARGET(df_palette);

namespace {

// Entry i = (i, 255 - i, 3i mod 256), laid out by hand.
Bytes palFixture() {
    Bytes b;
    for (int i = 0; i < 256; ++i) {
        b.push_back(std::uint8_t(i));
        b.push_back(std::uint8_t(255 - i));
        b.push_back(std::uint8_t((3 * i) & 0xFF));
    }
    return b;
}

// Level k maps index i to (i + k) mod 256.
Bytes shadeFixture() {
    Bytes b;
    for (int k = 0; k < 64; ++k)
        for (int i = 0; i < 256; ++i)
            b.push_back(std::uint8_t((i + k) & 0xFF));
    return b;
}

} // namespace

TEST(DaggerfallPalette, ReadsHandBuiltPal) {
    const Palette256 p = readPal(palFixture(), "PAL.PAL");
    EXPECT_EQ(p[0], (ColorRgb{0, 255, 0}));
    EXPECT_EQ(p[1], (ColorRgb{1, 254, 3}));
    EXPECT_EQ(p[100], (ColorRgb{100, 155, 44}));
    EXPECT_EQ(p[255], (ColorRgb{255, 0, 253}));
}

TEST(DaggerfallPalette, PalRoundTrips) {
    EXPECT_EQ(writePal(readPal(palFixture(), "x")), palFixture());
    Palette256 p{};
    p[9] = {7, 8, 9};
    rgx::Warnings warnings;
    EXPECT_EQ(readPal(writePal(p), "x", &warnings), p);
    EXPECT_TRUE(warnings.empty()) << rgx::testing::listWarnings(warnings);
}

// The .COL form is Redguard's COL layout: readAnyPalette picks the form by size.
TEST(DaggerfallPalette, AnyPaletteTakesPalAndCol) {
    const Palette256 pal = readPal(palFixture(), "x");
    EXPECT_EQ(readAnyPalette(palFixture(), "PAL.PAL"), pal);
    ColFile col;
    col.colors = pal;
    EXPECT_EQ(readAnyPalette(writeCol(col), "ART_PAL.COL"), pal);
    Bytes odd = palFixture();
    odd.push_back(0);
    EXPECT_TRUE(
        rgx::testing::throwsAt([&] { readAnyPalette(odd, "X.PAL"); }, 0, "palette size", "769 bytes"));
}

TEST(DaggerfallPalette, SixBitPaletteIsScaledByFour) {
    Palette256 p{};
    p[1] = {63, 1, 0};
    const Palette256 wide = expandSixBitPalette(p);
    EXPECT_EQ(wide[1], (ColorRgb{252, 4, 0}));
    EXPECT_EQ(wide[0], (ColorRgb{0, 0, 0}));
}

TEST(DaggerfallPalette, RejectTruncatedPal) {
    const Bytes full = palFixture();
    for (std::size_t n : {0u, 1u, 767u}) {
        const Bytes cut(full.begin(), full.begin() + static_cast<std::ptrdiff_t>(n));
        EXPECT_TRUE(rgx::testing::throwsAt([&] { readPal(cut, "X.PAL"); }, 0, "PAL palette", "truncated"))
            << n;
    }
}

TEST(DaggerfallPalette, ExtraPalBytesAreAWarning) {
    Bytes b = palFixture();
    b.push_back(1);
    rgx::Warnings warnings;
    EXPECT_EQ(readPal(b, "X.PAL", &warnings), readPal(palFixture(), "x"));
    EXPECT_TRUE(rgx::testing::onlyWarning(warnings, 768, "PAL size", "769 bytes, expected 768"));
}

TEST(DaggerfallColourTranslation, ReadsHandBuiltTables) {
    const ColourTranslationFile f = readColourTranslation(shadeFixture(), "SHADE.000");
    EXPECT_EQ(f.levels[0][0], 0);
    EXPECT_EQ(f.levels[0][255], 255);
    EXPECT_EQ(f.levels[5][10], 15);
    EXPECT_EQ(f.levels[63][200], 7); // (200 + 63) mod 256
    EXPECT_EQ(writeColourTranslation(f), shadeFixture());
}

TEST(DaggerfallColourTranslation, RejectTruncatedAndWarnOnExtra) {
    Bytes cut = shadeFixture();
    cut.resize(64 * 256 - 1);
    EXPECT_TRUE(rgx::testing::throwsAt([&] { readColourTranslation(cut, "HAZE.001"); }, 63 * 256,
                                       "colour translation table", "truncated"));
    Bytes longer = shadeFixture();
    longer.push_back(0);
    rgx::Warnings warnings;
    readColourTranslation(longer, "HAZE.001", &warnings);
    EXPECT_TRUE(rgx::testing::onlyWarning(warnings, 16384, "colour translation size", "ignored"));
}

// A hand-worked derivation: palette 1 = white, 2 = mid grey, 3 = black (the fog), the rest black.
TEST(DaggerfallColourTranslation, DerivedTablesFadeTowardsTheTarget) {
    Palette256 p{};
    p[1] = {255, 255, 255};
    p[2] = {128, 128, 128};
    const ColourTranslationFile f = deriveColourTranslation(p, {0, 0, 0});
    EXPECT_EQ(f.levels[63][1], 1); // untouched
    EXPECT_EQ(f.levels[63][2], 2);
    EXPECT_EQ(f.levels[32][1], 2); // 255 * 32/63 = 130: nearest is grey
    EXPECT_EQ(f.levels[0][1], 3);  // all the way to black; 3 is the first black after 0
    EXPECT_EQ(f.levels[0][0], 0);  // transparent stays
    EXPECT_EQ(f.levels[40][0], 0);
}

constexpr std::size_t kMinAccepted_df_palette = 640;

TEST(DaggerfallPaletteFuzz, MutatedWriterOutputNeverCrashes) {
    ColourTranslationFile shade = readColourTranslation(shadeFixture(), "x");
    const std::vector<Bytes> seeds = {palFixture(), writePal(Palette256{}), writeColourTranslation(shade)};
    const rgx::testing::MutationStats stats =
        rgx::testing::fuzzRun("df_palette", seeds, rgxFuzz_df_palette, 3000, kMinAccepted_df_palette);
    EXPECT_EQ(stats.runs, 3000u + seeds.size());
}
