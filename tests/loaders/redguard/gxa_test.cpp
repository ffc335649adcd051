#include "loaders/redguard/gxa.h"
#include "tests/fuzz/fuzz_target.h"
#include "tests/loaders/warning_checks.h"
#include "tests/support/fuzz_corpus.h"
#include "tests/support/mutate.h"

#include <gtest/gtest.h>

#include <string>

using rgx::Error;
using namespace rgx::loaders;

RGX_DECLARE_FUZZ_TARGET(gxa);

namespace {

void put(Bytes& b, std::initializer_list<int> v) {
    for (int x : v)
        b.push_back(static_cast<std::uint8_t>(x));
}
void putStr(Bytes& b, const std::string& s) {
    b.insert(b.end(), s.begin(), s.end());
}

// Offsets in the fixture below.
constexpr std::size_t kCountAt = 8 + 0x20;
constexpr std::size_t kFrame0 = 42 + 776 + 8;
constexpr std::size_t kFrame1 = kFrame0 + 24;

// Hand-built from notes.md: BMHD (title, 10 zero bytes, 2 frames), BPAL (6-bit entries
// i -> (i & 63, 2i & 63, 63 - (i & 63))), BBMP with a raw 3x2 frame and an RLE 4x2 frame
// (5 x 7 as a run, then literals 1 2 3), bare END.
Bytes gxaFixture() {
    Bytes b;
    putStr(b, "BMHD");
    put(b, {0, 0, 0, 0x22});
    putStr(b, "GXlib image conversion");
    b.insert(b.end(), 10, 0);
    put(b, {2, 0});
    putStr(b, "BPAL");
    put(b, {0, 0, 3, 0});
    for (int i = 0; i < 256; ++i)
        put(b, {i & 63, (2 * i) & 63, 63 - (i & 63)});
    putStr(b, "BBMP");
    put(b, {0, 0, 0, 52});
    // frame 0: unknown0, width 3, height 2, 2 unknown, compression 0, 3 unknown, 6 pixels
    put(b, {0, 0, 3, 0, 2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0});
    put(b, {1, 2, 3, 4, 5, 6});
    // frame 1: width 4, height 2, compression 1, RLE size 6 (u32 LE), stream
    put(b, {0, 0, 4, 0, 2, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0});
    put(b, {6, 0, 0, 0});
    put(b, {0x84, 7, 0x02, 1, 2, 3});
    putStr(b, "END ");
    return b;
}

std::string errorOf(const Bytes& b) {
    try {
        readGxa(b, "SKY.GXA");
    } catch (const Error& e) {
        return e.what();
    }
    return "";
}

void expectRejected(const Bytes& b, const std::string& needle) {
    std::string what = errorOf(b);
    ASSERT_FALSE(what.empty()) << "expected an error mentioning " << needle;
    EXPECT_NE(what.find(needle), std::string::npos) << what;
    EXPECT_EQ(what.rfind("SKY.GXA: offset 0x", 0), 0u) << what;
}

using rgx::testing::onlyWarning;
using rgx::testing::throwsAt;

constexpr std::size_t kBpalAt = 42; // the BPAL tag in gxaFixture

// gxaFixture with a BPAL payload of `length` bytes (the first colours kept, zeros added).
Bytes withPaletteLength(std::uint32_t length) {
    const Bytes full = gxaFixture();
    Bytes b(full.begin(), full.begin() + static_cast<std::ptrdiff_t>(kBpalAt + 8));
    for (int i = 0; i < 4; ++i)
        b[kBpalAt + 4 + static_cast<std::size_t>(i)] = static_cast<std::uint8_t>(length >> (24 - 8 * i));
    for (std::uint32_t i = 0; i < length; ++i)
        b.push_back(i < 768 ? full[kBpalAt + 8 + i] : 0);
    b.insert(b.end(), full.begin() + static_cast<std::ptrdiff_t>(kBpalAt + 8 + 768), full.end());
    return b;
}

GxaFile demoFile() {
    GxaFile f;
    Palette256 pal{};
    for (int i = 0; i < 256; ++i)
        pal[i] = ColorRgb{std::uint8_t(i / 4), std::uint8_t(i % 64), 5};
    f.palette = pal;
    GxaFrame sky;
    sky.width = 32;
    sky.height = 4;
    sky.compression = 1;
    for (int y = 0; y < 4; ++y)
        for (int x = 0; x < 32; ++x)
            sky.pixels.push_back(std::uint8_t(x < 20 ? 10 + y : x));
    GxaFrame icon;
    icon.width = 2;
    icon.height = 2;
    icon.unknown0 = 3;
    icon.unknown12 = {1, 2, 3};
    icon.pixels = {0, 1, 2, 0};
    f.frames = {sky, icon};
    return f;
}

} // namespace

TEST(Gxa, ReadsHandBuiltFile) {
    GxaFile f = readGxa(gxaFixture(), "SKY.GXA");
    EXPECT_EQ(f.title, "GXlib image conversion");
    ASSERT_TRUE(f.palette.has_value());
    EXPECT_EQ((*f.palette)[1], (ColorRgb{1, 2, 62}));
    auto rgb = gxaPaletteRgb(f);
    ASSERT_TRUE(rgb.has_value());
    EXPECT_EQ((*rgb)[1], (ColorRgb{4, 8, 248})); // 6-bit values shifted left by 2
    EXPECT_EQ((*rgb)[63], (ColorRgb{252, 248, 0}));
    ASSERT_EQ(f.frames.size(), 2u);
    EXPECT_EQ(f.frames[0].width, 3);
    EXPECT_EQ(f.frames[0].height, 2);
    EXPECT_EQ(f.frames[0].compression, 0);
    EXPECT_EQ(f.frames[0].pixels, (Bytes{1, 2, 3, 4, 5, 6}));
    EXPECT_EQ(f.frames[1].compression, 1);
    EXPECT_EQ(f.frames[1].pixels, (Bytes{7, 7, 7, 7, 7, 1, 2, 3}));
    EXPECT_TRUE(f.frames[1].storedRle.empty()) << "the fixture's stream is the writer's encoding";
    EXPECT_FALSE(f.bbmpLengthOverride.has_value());
    EXPECT_TRUE(f.trailer.empty());
    EXPECT_STREQ(gxaCompressionName(f.frames[1].compression), "rle");
}

TEST(Gxa, RoundTrips) {
    EXPECT_EQ(writeGxa(readGxa(gxaFixture(), "x")), gxaFixture());
    GxaFile f = demoFile();
    Bytes b = writeGxa(f);
    EXPECT_EQ(readGxa(b, "x"), f);
    EXPECT_EQ(writeGxa(readGxa(b, "x")), b);
    GxaFile noPalette;
    noPalette.frames = {GxaFrame{}};
    EXPECT_EQ(readGxa(writeGxa(noPalette), "x"), noPalette);
}

TEST(Gxa, RleEncoderMakesRunsAndLiterals) {
    EXPECT_EQ(encodeGxaRle(Bytes{7, 7, 7, 7, 7, 1, 2, 3}), (Bytes{0x84, 7, 0x02, 1, 2, 3}));
    EXPECT_EQ(encodeGxaRle(Bytes{1, 2, 2}), (Bytes{0x00, 1, 0x81, 2}));
    EXPECT_EQ(encodeGxaRle(Bytes(300, 9)), (Bytes{0xFF, 9, 0xFF, 9, 0xAB, 9}));
    EXPECT_TRUE(encodeGxaRle(Bytes{}).empty());
}

TEST(Gxa, KeepsForeignRleStreamAndWrongBbmpLength) {
    Bytes b = gxaFixture();
    // Same pixels from another encoder: 7 7 7 as a run, 7 7 1 2 3 as one literal.
    const std::size_t stream = kFrame1 + 18 + 4;
    b.erase(b.begin() + static_cast<std::ptrdiff_t>(stream),
            b.begin() + static_cast<std::ptrdiff_t>(stream + 6));
    Bytes other = {0x82, 7, 0x04, 7, 7, 1, 2, 3};
    b.insert(b.begin() + static_cast<std::ptrdiff_t>(stream), other.begin(), other.end());
    b[kFrame1 + 18] = 8;
    b[kFrame0 - 1] = 0xFF; // BBMP length no longer the frames' byte count
    GxaFile f = readGxa(b, "x");
    EXPECT_EQ(f.frames[1].pixels, (Bytes{7, 7, 7, 7, 7, 1, 2, 3}));
    EXPECT_EQ(f.frames[1].storedRle, other);
    ASSERT_TRUE(f.bbmpLengthOverride.has_value());
    EXPECT_EQ(*f.bbmpLengthOverride, 0xFFu);
    EXPECT_EQ(writeGxa(f), b);
    f.frames[1].pixels[0] = 1; // edited: the stale stream is re-encoded
    EXPECT_EQ(readGxa(writeGxa(f), "x").frames[1].pixels, f.frames[1].pixels);
}

TEST(Gxa, RejectLzhufAsUnsupported) {
    Bytes b = gxaFixture();
    b[kFrame0 + 10] = 2;
    try {
        readGxa(b, "SKY.GXA");
        FAIL() << "expected an error";
    } catch (const Error& e) {
        EXPECT_EQ(e.offset(), kFrame0 + 10);
        EXPECT_NE(std::string(e.what()).find("unsupported compression LZHUF"), std::string::npos) << e.what();
    }
    b[kFrame0 + 10] = 5;
    expectRejected(b, "unknown compression value 5");
}

// Every prefix throws (naming an offset inside it) or reads with a warning. Only the prefixes cut
// in or before the final "END " read: the frames are whole, and the missing END is a warning
// (the partial tag is kept as the trailer).
TEST(Gxa, EveryTruncationThrowsOrWarns) {
    const Bytes full = gxaFixture();
    std::vector<std::size_t> read;
    for (std::size_t n = 0; n < full.size(); ++n) {
        const Bytes cut(full.begin(), full.begin() + static_cast<std::ptrdiff_t>(n));
        EXPECT_TRUE(rgx::testing::prefixIsNotWhole([&](rgx::Warnings* w) { readGxa(cut, "x", w); }, n));
        try {
            readGxa(cut, "x");
            read.push_back(n);
        } catch (const Error&) {
        }
    }
    const std::size_t endAt = full.size() - 4;
    EXPECT_EQ(read, (std::vector<std::size_t>{endAt, endAt + 1, endAt + 2, endAt + 3}));
    for (std::size_t n : read) {
        rgx::Warnings warnings;
        GxaFile f = readGxa(ByteSpan(full).first(n), "x", &warnings);
        EXPECT_TRUE(onlyWarning(warnings, endAt, "GXA END tag", "no 'END ' after the frames")) << n;
        EXPECT_FALSE(f.endTag);
        EXPECT_EQ(f.frames, readGxa(full, "x").frames);
        EXPECT_EQ(f.trailer.size(), n - endAt);
        EXPECT_EQ(writeGxa(f), Bytes(full.begin(), full.begin() + static_cast<std::ptrdiff_t>(n)));
    }
}

TEST(Gxa, RejectRleRunPastTheFrame) {
    Bytes b = gxaFixture();
    b[kFrame1 + 22] = 0x88; // a run of 9 in an 8-pixel frame
    expectRejected(b, "passes the end of the frame");
    Bytes c = gxaFixture();
    c[kFrame1 + 18] = 4; // stream cut to 4 bytes: ends after 7 of 8 pixels
    EXPECT_THROW(readGxa(c, "x"), Error);
    Bytes d = gxaFixture();
    d[kFrame1 + 21] = 0x7F; // RLE size far past the end
    expectRejected(d, "RLE size");
}

TEST(Gxa, RejectCountsAndSizesTooLarge) {
    Bytes b = gxaFixture();
    b[kCountAt] = 0xFF;
    b[kCountAt + 1] = 0x7F;
    expectRejected(b, "frame count");
    Bytes n = gxaFixture();
    n[kCountAt + 1] = 0x80;
    expectRejected(n, "negative frame count");
    Bytes w = gxaFixture();
    w[kFrame0 + 2] = 100; // 100x2 raw frame from the bytes left
    expectRejected(w, "frame needs 200 bytes");
    Bytes neg = gxaFixture();
    neg[kFrame0 + 3] = 0xFF;
    expectRejected(neg, "negative size");
    Bytes big = gxaFixture();
    big[kFrame1 + 2] = 0xFF; // 32767 x 2 pixels from 6 RLE bytes
    big[kFrame1 + 3] = 0x7F;
    expectRejected(big, "cannot come from 6 RLE bytes");
    Bytes len = gxaFixture();
    len[4] = 0x10; // BMHD length past the end
    expectRejected(len, "BMHD length");
    Bytes pal = gxaFixture();
    pal[kBpalAt + 4] = 0x10; // BPAL length 0x10000300: past the end
    EXPECT_TRUE(throwsAt([&] { readGxa(pal, "SKY.GXA"); }, kBpalAt + 8, "GXA BPAL length", "exceeds"));
}

// A BPAL that is not 768 bytes: shorter is no palette (ignored), longer gives its first 768
// bytes; one warning at the length either way, and the frames read.
TEST(Gxa, PaletteOfAnotherSizeReadsWithAWarning) {
    const GxaFile whole = readGxa(gxaFixture(), "SKY.GXA");
    rgx::Warnings warnings;
    GxaFile f = readGxa(withPaletteLength(512), "SKY.GXA", &warnings);
    EXPECT_TRUE(onlyWarning(warnings, kBpalAt + 4, "GXA BPAL length",
                            "BPAL is 512 bytes, a palette is 768; ignored"));
    EXPECT_FALSE(f.palette.has_value());
    EXPECT_EQ(f.frames, whole.frames);
    EXPECT_EQ(readGxa(writeGxa(f), "SKY.GXA"), f);

    warnings.clear();
    f = readGxa(withPaletteLength(800), "SKY.GXA", &warnings);
    EXPECT_TRUE(onlyWarning(warnings, kBpalAt + 4, "GXA BPAL length", "the first 768 are read"));
    EXPECT_EQ(f.palette, whole.palette);
    EXPECT_EQ(f.frames, whole.frames);
    EXPECT_EQ(writeGxa(f), gxaFixture());
}

TEST(Gxa, RejectWrongFirstChunk) {
    Bytes c = gxaFixture();
    c[0] = 'X';
    expectRejected(c, "starts with BMHD");
    EXPECT_TRUE(throwsAt([&] { readGxa(c, "SKY.GXA"); }, 0, "GXA chunk tag", "a GXA file starts with BMHD"));
}

// No "END " after the frames: the file reads, what follows the frames is kept as the trailer, and
// it writes back as it was.
TEST(Gxa, MissingEndReadsWithAWarning) {
    Bytes b = gxaFixture();
    b[b.size() - 1] = 'X';
    rgx::Warnings warnings;
    GxaFile f = readGxa(b, "SKY.GXA", &warnings);
    EXPECT_TRUE(onlyWarning(warnings, b.size() - 4, "GXA END tag", "no 'END ' after the frames"));
    EXPECT_EQ(warnings[0].path, "SKY.GXA");
    EXPECT_FALSE(f.endTag);
    EXPECT_EQ(f.trailer, (Bytes{'E', 'N', 'D', 'X'}));
    EXPECT_EQ(f.frames, readGxa(gxaFixture(), "x").frames);
    EXPECT_EQ(writeGxa(f), b);
    EXPECT_EQ(readGxa(writeGxa(f), "x"), f);
}

// An unknown chunk before BBMP is stepped over by its length with a warning at its tag.
TEST(Gxa, UnknownChunkIsSkippedWithAWarning) {
    Bytes d = gxaFixture();
    d[kBpalAt] = 'Q';
    rgx::Warnings warnings;
    GxaFile f = readGxa(d, "SKY.GXA", &warnings);
    EXPECT_TRUE(onlyWarning(warnings, kBpalAt, "GXA chunk tag",
                            "unexpected chunk 'QPAL' (expected BPAL or BBMP); skipped"));
    EXPECT_FALSE(f.palette.has_value());
    EXPECT_EQ(f.frames, readGxa(gxaFixture(), "x").frames);
    EXPECT_EQ(readGxa(writeGxa(f), "x"), f);
    // Its length is still checked before it is skipped.
    d[kBpalAt + 4] = 0x7F;
    EXPECT_TRUE(throwsAt([&] { readGxa(d, "SKY.GXA"); }, kBpalAt + 8, "GXA QPAL length", "exceeds"));
}

TEST(Gxa, WriterRejectsInconsistentFrames) {
    GxaFile f = demoFile();
    f.frames[0].pixels.pop_back();
    EXPECT_THROW(writeGxa(f), Error);
    f = demoFile();
    f.frames[0].compression = 2;
    EXPECT_THROW(writeGxa(f), Error);
    f = demoFile();
    f.title = std::string(23, 'x');
    EXPECT_THROW(writeGxa(f), Error);
}

// How many of the 3,000 mutated inputs the reader must accept, so the checks after parsing
// (writers, round trips) really run: about a third of the lowest count seen over several seeds.
constexpr std::size_t kMinAccepted_gxa = 230;

TEST(GxaFuzz, MutatedWriterOutputNeverCrashes) {
    std::vector<Bytes> seeds = {writeGxa(demoFile()), gxaFixture()};
    // Plus the demo's files and, with RGX_REAL_SAMPLES, the real ones (tests/support/fuzz_corpus.h).
    for (Bytes& b : rgx::testing::corpusSeeds({".gxa"}))
        seeds.push_back(std::move(b));
    const rgx::testing::MutationStats stats =
        rgx::testing::fuzzRun("gxa", seeds, rgxFuzz_gxa, 3000, kMinAccepted_gxa);
    EXPECT_EQ(stats.runs, 3000u + seeds.size());
}
