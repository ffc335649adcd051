// The Riot Engine's palette and texture records (loaders/drakan/texture.h): a texture in each pixel
// format the text lists, decoded by hand (bottom row first in the stream, top row first out;
// n-bit channels widened as round(v x 255 / (2^n - 1))); round trips of the records; Reject* cases.
#include "loaders/drakan/texture.h"
#include "tests/fuzz/fuzz_target.h"
#include "tests/loaders/le_bytes.h"
#include "tests/loaders/warning_checks.h"
#include "tests/support/mutate.h"

#include <gtest/gtest.h>

using namespace rgx::loaders;
using namespace rgx::loaders::drakan;
using rgx::testing::put16;

RGX_DECLARE_FUZZ_TARGET(drakan_texture);

namespace {

using Rgba = std::vector<std::uint8_t>;

Rgba decode(std::uint32_t w, std::uint32_t h, std::uint16_t bpp, std::uint32_t abpp, std::uint8_t flags,
            const Bytes& rows, const DrakanPalette* palette = nullptr) {
    const DrakanTexture t = makeTexture(w, h, w * bpp / 8, bpp, abpp, flags, rows);
    // Through the record's bytes and back, as a file holds it.
    return decodeTexture(readTextureRecord(writeTextureRecord(t), "t.txd"), palette, "t.txd");
}

Bytes words(std::initializer_list<std::uint16_t> ws) {
    Bytes b;
    for (const std::uint16_t w : ws)
        put16(b, w);
    return b;
}

TEST(DrakanTexture, EightBitsThroughThePaletteBottomRowFirst) {
    const DrakanPalette pal = {{0, 0, 0, 0}, {10, 20, 30, 0}, {200, 100, 50, 0}, {1, 2, 3, 0}};
    // Stored bottom row first: [1, 2] is the bottom row, [3, 0] the top.
    EXPECT_EQ(decode(2, 2, 8, 0, 0, {1, 2, 3, 0}, &pal),
              (Rgba{1, 2, 3, 255, 0, 0, 0, 255, 10, 20, 30, 255, 200, 100, 50, 255}));
}

// R5 G6 B5: 0xF800 red, 0x07E0 green, 0x001F blue, 0x8410 = r 16, g 32, b 16 -> 132, 130, 132.
TEST(DrakanTexture, SixteenBitsFiveSixFive) {
    EXPECT_EQ(decode(4, 1, 16, 0, 0, words({0xF800, 0x07E0, 0x001F, 0x8410})),
              (Rgba{255, 0, 0, 255, 0, 255, 0, 255, 0, 0, 255, 255, 132, 130, 132, 255}));
    // Without the integrated-alpha flag the alpha bits field does not matter.
    EXPECT_EQ(decode(1, 1, 16, 4, 0, words({0xF800})), (Rgba{255, 0, 0, 255}));
}

// A1 R5 G5 B5 (flag 0x02, alpha 1): 0xFC00 opaque red; 0x03E0 transparent green.
TEST(DrakanTexture, SixteenBitsOneFiveFiveFive) {
    EXPECT_EQ(decode(2, 1, 16, 1, kTextureIntegratedAlpha, words({0xFC00, 0x03E0})),
              (Rgba{255, 0, 0, 255, 0, 255, 0, 0}));
}

// A4 R4 G4 B4: 0xF0F0 opaque green; 0x8421 = a 8, r 4, g 2, b 1 -> 136, 68, 34, 17.
TEST(DrakanTexture, SixteenBitsFourFourFourFour) {
    EXPECT_EQ(decode(2, 1, 16, 4, kTextureIntegratedAlpha, words({0xF0F0, 0x8421})),
              (Rgba{0, 255, 0, 255, 68, 34, 17, 136}));
}

// A8 R3 G3 B2: 0x80E0 = a 128, r 7 -> red at half alpha; 0xFF1F = a 255, g 7, b 3 -> cyan.
TEST(DrakanTexture, SixteenBitsThreeThreeTwoEight) {
    EXPECT_EQ(decode(2, 1, 16, 8, kTextureIntegratedAlpha, words({0x80E0, 0xFF1F})),
              (Rgba{255, 0, 0, 128, 0, 255, 255, 255}));
}

TEST(DrakanTexture, TwentyFourAndThirtyTwoBits) {
    EXPECT_EQ(decode(2, 1, 24, 0, 0, {1, 2, 3, 4, 5, 6}), (Rgba{1, 2, 3, 255, 4, 5, 6, 255}));
    // The fourth byte is unused: alpha stays opaque.
    EXPECT_EQ(decode(2, 1, 32, 0, 0, {1, 2, 3, 9, 4, 5, 6, 0}), (Rgba{1, 2, 3, 255, 4, 5, 6, 255}));
}

// Compression level 0: the rows as they are (the text's "0 = none"); a stream of another length is
// refused. A colour key (0x00RRGGBB) cuts out 8- and 24-bit texels of its colour, not 16-bit ones
// (OpenDrakan's reading); 0xFFFFFFFF is none.
TEST(DrakanTexture, UncompressedRowsAndTheColourKey) {
    const DrakanPalette pal = {{0, 0, 0, 0}, {10, 20, 30, 0}, {200, 100, 50, 0}};
    DrakanTexture t = makeTexture(2, 1, 2, 8, 0, 0, {1, 2}, 0);
    EXPECT_EQ(t.compressed, (Bytes{1, 2}));
    t = readTextureRecord(writeTextureRecord(t), "t.txd");
    EXPECT_EQ(decodeTexture(t, &pal, "t.txd"), (Rgba{10, 20, 30, 255, 200, 100, 50, 255}));
    t.colourKey = 0x00C86432; // (200, 100, 50)
    EXPECT_EQ(decodeTexture(t, &pal, "t.txd"), (Rgba{10, 20, 30, 255, 200, 100, 50, 0}));
    DrakanTexture rgb = makeTexture(2, 1, 6, 24, 0, 0, {1, 2, 3, 4, 5, 6});
    rgb.colourKey = 0x00010203;
    EXPECT_EQ(decodeTexture(rgb, nullptr, "t.txd"), (Rgba{1, 2, 3, 0, 4, 5, 6, 255}));
    DrakanTexture wide = makeTexture(1, 1, 2, 16, 0, 0, words({0}));
    wide.colourKey = 0;
    EXPECT_EQ(decodeTexture(wide, nullptr, "t.txd"), (Rgba{0, 0, 0, 255}));
    t.compressed.push_back(0);
    EXPECT_THROW(decodeTexture(t, &pal, "t.txd"), rgx::Error);
}

TEST(DrakanTexture, RecordsRoundTrip) {
    DrakanTexture t = makeTexture(2, 2, 4, 16, 0, kTextureSeparateAlpha, words({1, 2, 3, 4}), 9);
    t.alphaMap = {7, 8, 9};
    t.mipMap = {3, 1};
    t.material = {4, 0};
    t.colourKey = 0x00FF00FF;
    t.animationFps = 12;
    rgx::Warnings w;
    EXPECT_EQ(readTextureRecord(writeTextureRecord(t), "t", &w), t);
    EXPECT_TRUE(w.empty()) << rgx::testing::listWarnings(w);
    const DrakanPalette pal = {{1, 2, 3, 4}, {5, 6, 7, 8}};
    EXPECT_EQ(readPaletteRecord(writePaletteRecord(pal), "p"), pal);
}

TEST(DrakanTexture, RejectWhatCannotBeRead) {
    using rgx::testing::throwsAt;
    Bytes b = writeTextureRecord(makeTexture(2, 2, 2, 8, 0, 0, {1, 2, 3, 4}));
    Bytes zero = b;
    zero[0] = 0; // width 0
    EXPECT_TRUE(throwsAt([&] { readTextureRecord(zero, "t"); }, 0, "texture width", "outside"));
    // The data runs past the body: the 54 bytes of fields, then a size the body does not hold.
    const Bytes cut(b.begin(), b.end() - 3);
    EXPECT_TRUE(throwsAt([&] { readTextureRecord(cut, "t"); }, 54, "texture data", "truncated"));
    EXPECT_TRUE(throwsAt(
        [] {
            readPaletteRecord(Bytes{3, 0, 1, 2, 3, 4}, "p");
        },
        2, "palette count", "exceeds"));
    // A stream that inflates to fewer bytes than height x pitch, one that is not zlib, a pitch too small.
    DrakanTexture t = makeTexture(2, 2, 2, 8, 0, 0, {1, 2, 3});
    EXPECT_THROW(decodeTexture(t, nullptr, "t"), rgx::Error);
    t = makeTexture(2, 2, 2, 8, 0, 0, {1, 2, 3, 4});
    t.compressed[0] ^= 0xFF;
    EXPECT_THROW(decodeTexture(t, nullptr, "t"), rgx::Error);
    t = makeTexture(2, 2, 1, 8, 0, 0, {1, 2});
    EXPECT_THROW(decodeTexture(t, nullptr, "t"), rgx::Error);
    t = makeTexture(1, 1, 2, 16, 2, kTextureIntegratedAlpha, {1, 2});
    EXPECT_THROW(decodeTexture(t, nullptr, "t"), rgx::Error) << "alpha bits 2 is not a listed format";
}

TEST(DrakanTexture, AnUnknownFormatIsAWarningAndKept) {
    rgx::Warnings w;
    const DrakanTexture t =
        readTextureRecord(writeTextureRecord(makeTexture(1, 1, 2, 12, 0, 0, {1, 2})), "t", &w);
    EXPECT_TRUE(rgx::testing::onlyWarning(w, 12, "texture bits per pixel", "kept undecoded"));
    EXPECT_EQ(t.bitsPerPixel, 12);
}

// How many of the 3,000 mutated inputs the readers must accept: a few (a texture's sizes are checked).
constexpr std::size_t kMinAccepted_drakan_texture = 100;

TEST(DrakanTextureFuzz, MutatedWriterOutputNeverCrashes) {
    const std::vector<Bytes> seeds = {
        writeTextureRecord(makeTexture(4, 4, 8, 16, 4, kTextureIntegratedAlpha, Bytes(32, 0x5A))),
        writeTextureRecord(makeTexture(2, 2, 2, 8, 0, 0, {1, 2, 3, 4})),
        writePaletteRecord({{1, 2, 3, 4}, {5, 6, 7, 8}})};
    const rgx::testing::MutationStats stats = rgx::testing::fuzzRun(
        "drakan_texture", seeds, rgxFuzz_drakan_texture, 3000, kMinAccepted_drakan_texture);
    EXPECT_EQ(stats.runs, 3000u + seeds.size());
}

} // namespace
