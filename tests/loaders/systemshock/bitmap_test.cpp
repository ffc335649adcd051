// System Shock's bitmaps, game palette and texture chunks (loaders/systemshock/bitmap.h,
// palette.h): headers and RLE streams laid out by hand from the spec (§2.1), every RLE code kind
// the text gives, the encoder's choices, round trips, Reject* cases, departures read as warnings,
// and a mutation run of the fuzz target.
#include "loaders/systemshock/bitmap.h"
#include "loaders/systemshock/palette.h"
#include "loaders/systemshock/res_file.h"
#include "tests/fuzz/fuzz_target.h"
#include "tests/loaders/le_bytes.h"
#include "tests/loaders/warning_checks.h"
#include "tests/support/mutate.h"

#include <gtest/gtest.h>

#include <random>

using namespace rgx::loaders;
using namespace rgx::loaders::systemshock;
using rgx::testing::listWarnings;
using rgx::testing::onlyWarning;
using rgx::testing::throwsAt;

RGX_DECLARE_FUZZ_TARGET(ss_bitmap);

namespace {

using rgx::testing::put16;
using rgx::testing::put32;
void append(Bytes& b, std::initializer_list<std::uint8_t> bytes) {
    b.insert(b.end(), bytes.begin(), bytes.end());
}

// The 28-byte header of §2.1.1, field by field.
Bytes header(std::uint16_t type, std::int16_t width, std::int16_t height, std::uint16_t stride,
             std::uint16_t flags = 0) {
    Bytes b;
    put32(b, 0);                                                   // 0x00 always 0
    put16(b, type);                                                // 0x04 type
    put16(b, flags);                                               // 0x06 unknown
    put16(b, static_cast<std::uint16_t>(width));                   // 0x08
    put16(b, static_cast<std::uint16_t>(height));                  // 0x0A
    put16(b, stride);                                              // 0x0C width in bytes
    b.push_back(bitmapFactor(width));                              // 0x0E
    b.push_back(bitmapFactor(height));                             // 0x0F
    for (const std::uint16_t h : {0xFFFE, 0x0002, 0x0003, 0x0004}) // 0x10 hotspot box
        put16(b, h);
    put32(b, 0x11223344); // 0x18
    return b;
}

Bitmap read(const Bytes& b, rgx::Warnings* warnings = nullptr) {
    return readBitmap(b, "t", warnings);
}

// A plain 3 x 2 bitmap, every header field checked.
TEST(SystemShockBitmap, PlainFieldByField) {
    Bytes b = header(kBitmapPlain, 3, 2, 3, 0x0055);
    append(b, {1, 2, 3, 4, 5, 6});
    rgx::Warnings warnings;
    const Bitmap bm = read(b, &warnings);
    EXPECT_TRUE(warnings.empty()) << listWarnings(warnings);
    EXPECT_EQ(bm.type, kBitmapPlain);
    EXPECT_FALSE(bm.compressed());
    EXPECT_EQ(bm.flags, 0x0055);
    EXPECT_EQ(bm.width, 3);
    EXPECT_EQ(bm.height, 2);
    EXPECT_EQ(bm.widthFactor, 1);  // highest set bit of 3
    EXPECT_EQ(bm.heightFactor, 1); // of 2
    EXPECT_EQ(bm.hotspot, (std::array<std::int16_t, 4>{-2, 2, 3, 4}));
    EXPECT_EQ(bm.lead, 0u);
    EXPECT_EQ(bm.tail, 0x11223344u);
    EXPECT_EQ(bm.pixels, (Bytes{1, 2, 3, 4, 5, 6}));
    EXPECT_FALSE(bm.palette);
    EXPECT_EQ(writeBitmap(bm), b);
    EXPECT_STREQ(bitmapTypeName(bm.type), "uncompressed");
    // Type 2 "appears like 0x00".
    Bytes two = b;
    two[4] = kBitmapPlainAlt;
    EXPECT_EQ(read(two).pixels, bm.pixels);
    EXPECT_EQ(writeBitmap(read(two)), two);
}

TEST(SystemShockBitmap, Factors) {
    EXPECT_EQ(bitmapFactor(0), 0);
    EXPECT_EQ(bitmapFactor(1), 0);
    EXPECT_EQ(bitmapFactor(64), 6);
    EXPECT_EQ(bitmapFactor(320), 8); // inkyblackness's example
    EXPECT_EQ(bitmapFactor(32767), 14);
}

// A 32 x 32 RLE bitmap whose stream uses every code kind §2.1.2 gives, worked by hand.
Bytes everyCodeStream() {
    Bytes s;
    append(s, {0x03, 0x11, 0x12, 0x13}); // nn ..: copy 3            -> 0..2
    append(s, {0x00, 0x05, 0x22});       // 00 nn xx: 5 of 0x22      -> 3..7
    append(s, {0x84});                   // nn > 0x80: skip 4        -> 8..11
    append(s, {0x80, 0x02, 0x81});       // 80 mm nn, 0x80 < nn < 0xC0: copy 0x102 = 258 -> 12..269
    for (int k = 0; k < 0x102; ++k)
        s.push_back(static_cast<std::uint8_t>(1 + k % 200));
    append(s, {0x80, 0x05, 0x01});       // 80 mm nn, 0 < nn < 0x80: skip 0x105 = 261 -> 270..530
    append(s, {0x80, 0x0A, 0xC1, 0x33}); // 80 mm nn xx, nn > 0xC0: 0x10A = 266 of 0x33 -> 531..796
    append(s, {0x80, 0x04, 0x80, 0x44, 0x45, 0x46, 0x47}); // 80 nn 80 ..: copy 4 -> 797..800
    append(s, {0x80, 0x00, 0x00});                         // end: 801..1023 transparent
    return s;
}

Bytes everyCodePixels() {
    Bytes px(1024, 0);
    px[0] = 0x11, px[1] = 0x12, px[2] = 0x13;
    for (int i = 3; i < 8; ++i)
        px[i] = 0x22;
    for (int k = 0; k < 0x102; ++k)
        px[12 + k] = static_cast<std::uint8_t>(1 + k % 200);
    for (int i = 531; i < 797; ++i)
        px[i] = 0x33;
    px[797] = 0x44, px[798] = 0x45, px[799] = 0x46, px[800] = 0x47;
    return px;
}

TEST(SystemShockBitmap, RleEveryCodeByHand) {
    Bytes b = header(kBitmapRle, 32, 32, 32);
    const Bytes stream = everyCodeStream();
    b.insert(b.end(), stream.begin(), stream.end());
    rgx::Warnings warnings;
    const Bitmap bm = read(b, &warnings);
    EXPECT_TRUE(bm.compressed());
    EXPECT_STREQ(bitmapTypeName(bm.type), "rle");
    EXPECT_EQ(bm.pixels, everyCodePixels());
    EXPECT_FALSE(bm.palette);
    // rgx's encoder makes the same stream but for the last copy, which it writes in the short
    // form (04 44 45 46 47): one warning, and the rewrite is 2 bytes shorter.
    EXPECT_TRUE(onlyWarning(warnings, kBitmapHeaderSize, "BITMAP RLE", "re-encoded"));
    const Bytes again = writeBitmap(bm);
    EXPECT_EQ(again.size() + 2, b.size());
    rgx::Warnings none;
    EXPECT_EQ(read(again, &none), bm);
    EXPECT_TRUE(none.empty()) << listWarnings(none);
}

// The encoder's choices (bitmap.h): copies stop at zeros and at runs of four, runs of more than
// three are fills, zeros are skips, trailing zeros are left to the end code.
TEST(SystemShockBitmap, EncoderForms) {
    EXPECT_EQ(encodeBitmapRle(Bytes{5, 6, 7, 9, 9, 9, 9, 9, 0, 0, 3, 0, 0, 0}),
              (Bytes{0x03, 5, 6, 7, 0x00, 0x05, 9, 0x82, 0x01, 3, 0x80, 0x00, 0x00}));
    // A run of three is copied with its neighbours.
    EXPECT_EQ(encodeBitmapRle(Bytes{1, 2, 2, 2, 3}), (Bytes{0x05, 1, 2, 2, 2, 3, 0x80, 0, 0}));
    // Long fill: 300 = 0x12C -> 80 2C C1 vv.
    EXPECT_EQ(encodeBitmapRle(Bytes(300, 4)), (Bytes{0x80, 0x2C, 0xC1, 4, 0x80, 0, 0}));
    // Past the long fill's reach: 0x3FFF, then a short fill of 6.
    EXPECT_EQ(encodeBitmapRle(Bytes(0x4005, 4)), (Bytes{0x80, 0xFF, 0xFF, 4, 0x00, 6, 4, 0x80, 0, 0}));
    // Long copy: 200 bytes -> 80 C8 80 and the bytes.
    Bytes distinct;
    for (int i = 0; i < 200; ++i)
        distinct.push_back(static_cast<std::uint8_t>(1 + i % 2 + (i / 2) % 100 * 2));
    Bytes want = {0x80, 0xC8, 0x80};
    want.insert(want.end(), distinct.begin(), distinct.end());
    append(want, {0x80, 0, 0});
    EXPECT_EQ(encodeBitmapRle(distinct), want);
    // Zeros inside: short skip up to 0x7F, long above (80 C8 00: skip 200).
    Bytes gap = {1};
    gap.resize(201, 0);
    gap.push_back(2);
    EXPECT_EQ(encodeBitmapRle(gap), (Bytes{0x01, 1, 0x80, 0xC8, 0x00, 0x01, 2, 0x80, 0, 0}));
    // Trailing zeros: 0x7FFF + 5 of them -> one long skip of 0x7FFF, the 5 left to the end code
    // (the original's "80 FF 7F 80 00 00", §2.1.2).
    Bytes tail = {7};
    tail.resize(1 + 0x7FFF + 5, 0);
    EXPECT_EQ(encodeBitmapRle(tail), (Bytes{0x01, 7, 0x80, 0xFF, 0x7F, 0x80, 0, 0}));
    EXPECT_EQ(encodeBitmapRle(Bytes(64, 0)), (Bytes{0x80, 0, 0}));
    EXPECT_EQ(encodeBitmapRle(Bytes{}), (Bytes{0x80, 0, 0}));
}

Bitmap randomBitmap(std::mt19937& rng, bool rle, bool palette) {
    const int w = static_cast<int>(rng() % 40), h = static_cast<int>(rng() % 40);
    Bytes px(static_cast<std::size_t>(w * h));
    std::uint8_t v = 0;
    for (std::uint8_t& p : px) {
        if (rng() % 4 == 0) v = static_cast<std::uint8_t>(rng() % 3 == 0 ? 0 : rng());
        p = v;
    }
    Bitmap b = makeBitmap(w, h, std::move(px), rle);
    b.flags = static_cast<std::uint16_t>(rng());
    b.hotspot = {1, 2, 3, static_cast<std::int16_t>(rng())};
    b.tail = static_cast<std::uint32_t>(rng());
    if (palette) {
        Palette256 p;
        for (ColorRgb& c : p)
            c = {static_cast<std::uint8_t>(rng()), static_cast<std::uint8_t>(rng()),
                 static_cast<std::uint8_t>(rng())};
        b.palette = p;
    }
    return b;
}

TEST(SystemShockBitmap, RoundTrips) {
    std::mt19937 rng(43);
    for (int i = 0; i < 200; ++i) {
        const Bitmap b = randomBitmap(rng, i % 2 == 1, i % 5 == 0);
        SCOPED_TRACE(i);
        const Bytes bytes = writeBitmap(b);
        rgx::Warnings warnings;
        const Bitmap back = read(bytes, &warnings);
        EXPECT_TRUE(warnings.empty()) << listWarnings(warnings);
        EXPECT_EQ(back, b);
        EXPECT_EQ(writeBitmap(back), bytes);
    }
}

// §2.1.4: the pixels, 4 bytes, 768 bytes of palette.
TEST(SystemShockBitmap, PrivatePalette) {
    Bytes b = header(kBitmapPlain, 2, 1, 2);
    append(b, {9, 8});
    append(b, {0x00, 0x00, 0x00, 0x01});
    for (int i = 0; i < 256; ++i)
        append(b, {std::uint8_t(i), std::uint8_t(255 - i), std::uint8_t(i / 2)});
    rgx::Warnings warnings;
    const Bitmap bm = read(b, &warnings);
    EXPECT_TRUE(warnings.empty()) << listWarnings(warnings);
    ASSERT_TRUE(bm.palette);
    EXPECT_EQ((*bm.palette)[3], (ColorRgb{3, 252, 1}));
    EXPECT_EQ(bm.paletteTag, (std::array<std::uint8_t, 4>{0, 0, 0, 1}));
    EXPECT_EQ(writeBitmap(bm), b);
}

TEST(SystemShockBitmap, RejectTruncatedHeader) {
    const Bytes b = header(kBitmapPlain, 1, 1, 1);
    EXPECT_TRUE(throwsAt([&] { read(Bytes(b.begin(), b.begin() + 27)); }, 0, "BITMAP header", "truncated"));
}

TEST(SystemShockBitmap, RejectUnknownType) {
    Bytes b = header(0x0003, 1, 1, 1);
    b.push_back(1);
    EXPECT_TRUE(throwsAt([&] { read(b); }, 4, "BITMAP type", "unknown type 0x3"));
}

TEST(SystemShockBitmap, RejectNegativeSizes) {
    EXPECT_TRUE(throwsAt([&] { read(header(0, -1, 1, 0)); }, 8, "BITMAP width", "negative"));
    EXPECT_TRUE(throwsAt([&] { read(header(0, 1, -5, 1)); }, 10, "BITMAP height", "negative"));
}

// 32,767 x 32,767 pixels from a three-byte stream: refused before anything is allocated.
TEST(SystemShockBitmap, RejectTooManyPixels) {
    Bytes b = header(kBitmapRle, 0x7FFF, 0x7FFF, 0x7FFF);
    append(b, {0x80, 0, 0});
    EXPECT_TRUE(throwsAt([&] { read(b); }, 8, "BITMAP width", "more than 16777216 pixels"));
}

TEST(SystemShockBitmap, RejectStrideBelowWidth) {
    Bytes b = header(kBitmapPlain, 4, 1, 3);
    append(b, {1, 2, 3, 4});
    EXPECT_TRUE(throwsAt([&] { read(b); }, 12, "BITMAP stride", "below the width"));
}

TEST(SystemShockBitmap, RejectPlainPixelsPastTheBytes) {
    Bytes b = header(kBitmapPlain, 4, 4, 4);
    append(b, {1, 2, 3});
    EXPECT_TRUE(throwsAt([&] { read(b); }, 28, "BITMAP pixels", "truncated"));
}

TEST(SystemShockBitmap, RejectRleRunsPastTheImage) {
    // 2 x 2: a copy of 2, then a fill of 3 with 2 pixels left; the fill's code is at 28 + 3.
    Bytes b = header(kBitmapRle, 2, 2, 2);
    append(b, {0x02, 1, 2, 0x00, 0x03, 7, 0x80, 0, 0});
    EXPECT_TRUE(throwsAt([&] { read(b); }, 31, "BITMAP RLE", "runs past the image (2 of 4 left)"));
    // Each long form too.
    for (const std::initializer_list<std::uint8_t> code :
         {std::initializer_list<std::uint8_t>{0x80, 0x05, 0x00},
          {0x80, 0x05, 0xC1, 9},
          {0x85},
          {0x80, 0x05, 0x80, 1, 2, 3, 4, 5},
          {0x05, 1, 2, 3, 4, 5}}) {
        Bytes c = header(kBitmapRle, 2, 2, 2);
        append(c, code);
        append(c, {0x80, 0, 0});
        EXPECT_TRUE(throwsAt([&] { read(c); }, 28, "BITMAP RLE", "runs past the image"));
    }
}

TEST(SystemShockBitmap, RejectRlePastTheBytes) {
    Bytes copy = header(kBitmapRle, 4, 4, 4);
    append(copy, {0x05, 1, 2});
    EXPECT_TRUE(throwsAt([&] { read(copy); }, 28, "BITMAP RLE", "truncated"));
    Bytes longCopy = header(kBitmapRle, 4, 4, 4);
    append(longCopy, {0x80, 0x05, 0x80, 1});
    EXPECT_TRUE(throwsAt([&] { read(longCopy); }, 28, "BITMAP RLE", "truncated"));
    Bytes word = header(kBitmapRle, 4, 4, 4);
    append(word, {0x80, 0x05});
    EXPECT_TRUE(throwsAt([&] { read(word); }, 28, "BITMAP RLE", "truncated"));
    Bytes noEnd = header(kBitmapRle, 4, 4, 4);
    append(noEnd, {0x02, 1, 2});
    EXPECT_TRUE(throwsAt([&] { read(noEnd); }, 31, "BITMAP RLE", "without its end code"));
}

TEST(SystemShockBitmap, RejectUndefinedCode) {
    Bytes b = header(kBitmapRle, 4, 4, 4);
    append(b, {0x80, 0x03, 0xC0, 7, 0x80, 0, 0});
    EXPECT_TRUE(throwsAt([&] { read(b); }, 28, "BITMAP RLE", "undefined code 80 0x3 C0"));
}

// Every prefix of a bitmap without a palette is refused (or read with a warning).
TEST(SystemShockBitmap, RejectEveryPrefix) {
    for (const bool rle : {false, true}) {
        Bitmap bm = makeBitmap(6, 5, Bytes{}, rle);
        for (int i = 0; i < 30; ++i)
            bm.pixels.push_back(static_cast<std::uint8_t>(i % 7 == 0 ? 0 : 1 + i / 3));
        const Bytes b = writeBitmap(bm);
        for (std::size_t n = 0; n < b.size(); ++n)
            EXPECT_TRUE(rgx::testing::prefixIsNotWhole(
                [&](rgx::Warnings* w) { return readBitmap(Bytes(b.begin(), b.begin() + n), "t", w); }, n))
                << "rle " << rle;
    }
}

TEST(SystemShockBitmap, StrideAboveWidthIsAWarning) {
    Bytes b = header(kBitmapPlain, 2, 2, 3);
    append(b, {1, 2, 99, 3, 4, 99});
    rgx::Warnings warnings;
    const Bitmap bm = read(b, &warnings);
    EXPECT_TRUE(onlyWarning(warnings, 12, "BITMAP stride", "dropped"));
    EXPECT_EQ(bm.pixels, (Bytes{1, 2, 3, 4}));
    rgx::Warnings none;
    EXPECT_EQ(read(writeBitmap(bm), &none), bm);
    EXPECT_TRUE(none.empty()) << listWarnings(none);
}

TEST(SystemShockBitmap, TrailingBytesAreAWarning) {
    Bytes b = header(kBitmapPlain, 1, 1, 1);
    append(b, {5, 0xAA, 0xBB});
    rgx::Warnings warnings;
    EXPECT_EQ(read(b, &warnings).pixels, Bytes{5});
    EXPECT_TRUE(onlyWarning(warnings, 29, "BITMAP trailing", "2 bytes after the pixels"));
}

TEST(SystemShockBitmap, RleWithoutEndCodeAfterTheLastPixelIsAWarning) {
    Bytes b = header(kBitmapRle, 2, 1, 2);
    append(b, {0x02, 1, 2});
    rgx::Warnings warnings;
    EXPECT_EQ(read(b, &warnings).pixels, (Bytes{1, 2}));
    ASSERT_FALSE(warnings.empty());
    EXPECT_TRUE(rgx::testing::hasWarning(warnings, 31, "BITMAP RLE", "no end code"));
}

TEST(SystemShockBitmap, WriterRefusesInconsistentBitmaps) {
    EXPECT_THROW(writeBitmap(makeBitmap(2, 2, Bytes(3, 1))), rgx::Error);
    EXPECT_THROW(writeBitmap(makeBitmap(-1, 2, Bytes{})), rgx::Error);
    EXPECT_THROW(writeBitmap(makeBitmap(40000, 1, Bytes(40000, 1))), rgx::Error);
    Bitmap odd = makeBitmap(1, 1, Bytes{1});
    odd.type = 3;
    EXPECT_THROW(writeBitmap(odd), rgx::Error);
}

// Spec §2.1.2 and inkyblackness's LevelTextures.md: 1000 + id, 707 + id, 77 block id, 76 block id.
TEST(SystemShockTextures, ChunksOfATextureId) {
    EXPECT_EQ(textureChunkIds(0), (std::array<std::uint16_t, 4>{1000, 707, 77, 76}));
    EXPECT_EQ(textureChunkIds(272), (std::array<std::uint16_t, 4>{1272, 979, 77, 76}));
    const std::array<TextureChunk, 4> c = textureChunks(5);
    EXPECT_EQ(c[0], (TextureChunk{1005, 0, 128}));
    EXPECT_EQ(c[1], (TextureChunk{712, 0, 64}));
    EXPECT_EQ(c[2], (TextureChunk{77, 5, 32}));
    EXPECT_EQ(c[3], (TextureChunk{76, 5, 16}));
    EXPECT_THROW(textureChunks(273), rgx::Error);
    EXPECT_THROW(textureChunks(-1), rgx::Error);
}

Palette256 rampPalette() {
    Palette256 p;
    for (int i = 0; i < 256; ++i)
        p[static_cast<std::size_t>(i)] = {std::uint8_t(i), std::uint8_t(i ^ 0x5A), std::uint8_t(255 - i)};
    return p;
}

TEST(SystemShockPalette, GamePaletteChunk700) {
    const Bytes file = writeGamePalette(rampPalette());
    const ResFile res = readResFile(file, "GAMEPAL.RES");
    ASSERT_EQ(res.chunks.size(), 1u);
    EXPECT_EQ(res.chunks[0].id, 700);
    EXPECT_EQ(res.chunks[0].flags, 0);
    EXPECT_EQ(res.chunks[0].contentType, 0);
    ASSERT_EQ(res.chunks[0].data.size(), 768u);
    EXPECT_EQ(res.chunks[0].data[3 * 7 + 1], 7 ^ 0x5A); // entry 7's green, as stored
    rgx::Warnings warnings;
    EXPECT_EQ(readGamePalette(file, "GAMEPAL.RES", &warnings), rampPalette());
    EXPECT_TRUE(warnings.empty()) << listWarnings(warnings);
}

// A compressed chunk 700 among others reads the same.
TEST(SystemShockPalette, GamePaletteAmongOtherChunks) {
    ResFile res;
    res.chunks.push_back({699, 0, 0, Bytes{1, 2, 3}, {}, {}});
    res.chunks.push_back({700, kResFlagCompressed, 0, writePaletteChunk(rampPalette()), {}, {}});
    rgx::Warnings warnings;
    EXPECT_EQ(readGamePalette(writeResFile(res), "g", &warnings), rampPalette());
    EXPECT_TRUE(warnings.empty()) << listWarnings(warnings);
}

TEST(SystemShockPalette, RejectMissingOrShortChunk) {
    ResFile res;
    res.chunks.push_back({701, 0, 0, writePaletteChunk(rampPalette()), {}, {}});
    EXPECT_TRUE(throwsAt([&] { readGamePalette(writeResFile(res), "g"); }, rgx::Error::kNoOffset,
                         "RES chunk 700", "no chunk 700"));
    res.chunks[0] = {700, 0, 0, Bytes(767, 1), {}, {}};
    EXPECT_TRUE(
        throwsAt([&] { readGamePalette(writeResFile(res), "g"); }, 128, "PALETTE colours", "truncated"));
}

TEST(SystemShockPalette, DeparturesAreWarnings) {
    Bytes longer = writePaletteChunk(rampPalette());
    longer.push_back(0);
    rgx::Warnings warnings;
    EXPECT_EQ(readPaletteChunk(longer, "p", &warnings), rampPalette());
    EXPECT_TRUE(onlyWarning(warnings, 768, "PALETTE trailing", "1 bytes"));
    ResFile res;
    res.chunks.push_back({700, 0, 2, writePaletteChunk(rampPalette()), {}, {}});
    const Bytes file = writeResFile(res);
    warnings.clear();
    EXPECT_EQ(readGamePalette(file, "g", &warnings), rampPalette());
    EXPECT_TRUE(onlyWarning(warnings, readResDirectory(file, "g").entries[0].entryOffset, "RES content type",
                            "not 0"));
}

// How many of the 3,000 mutated inputs the reader must accept: about a third of the lowest count
// seen over several seeds.
constexpr std::size_t kMinAccepted_ss_bitmap = 300;

TEST(SystemShockBitmapFuzz, MutatedWriterOutputNeverCrashes) {
    std::mt19937 rng(99);
    std::vector<Bytes> seeds;
    for (int i = 0; i < 6; ++i)
        seeds.push_back(writeBitmap(randomBitmap(rng, i % 2 == 0, i == 3)));
    Bytes hand = header(kBitmapRle, 32, 32, 32);
    const Bytes stream = everyCodeStream();
    hand.insert(hand.end(), stream.begin(), stream.end());
    seeds.push_back(hand);
    seeds.push_back(writePaletteChunk(rampPalette()));
    const rgx::testing::MutationStats stats =
        rgx::testing::fuzzRun("ss_bitmap", seeds, rgxFuzz_ss_bitmap, 3000, kMinAccepted_ss_bitmap);
    EXPECT_EQ(stats.runs, 3000u + seeds.size());
}

} // namespace
