#include "loaders/redguard/texbsi.h"
#include "tests/fuzz/fuzz_target.h"
#include "tests/loaders/warning_checks.h"
#include "tests/support/fuzz_corpus.h"
#include "tests/support/mutate.h"

#include <gtest/gtest.h>

#include <string>

using rgx::Error;
using namespace rgx::loaders;

RGX_DECLARE_FUZZ_TARGET(texbsi);

namespace {

// Hand-built fixtures, byte by byte from the reference's TEXBSI tables (not from the writer).
void put(Bytes& b, std::initializer_list<int> v) {
    for (int x : v)
        b.push_back(static_cast<std::uint8_t>(x));
}
void putStr(Bytes& b, const std::string& s) {
    b.insert(b.end(), s.begin(), s.end());
}
void putBe(Bytes& b, std::uint32_t v) {
    put(b, {int(v >> 24), int((v >> 16) & 0xFF), int((v >> 8) & 0xFF), int(v & 0xFF)});
}
void putLe(Bytes& b, std::uint32_t v) {
    put(b, {int(v & 0xFF), int((v >> 8) & 0xFF), int((v >> 16) & 0xFF), int(v >> 24)});
}

// BHDR payload (26 bytes): x, y, width, height, has_cmap, export_flags, reserved, frame_count,
// anim_delay, reserved, tex_scale, data_encoding.
Bytes bhdr(int w, int h, int hasCmap, int frames, int delay, int texScale, int encoding) {
    Bytes b;
    put(b, {0,
            0,
            0,
            0,
            w & 0xFF,
            w >> 8,
            h & 0xFF,
            h >> 8,
            hasCmap,
            0,
            0,
            0,
            0,
            0,
            frames & 0xFF,
            frames >> 8,
            delay & 0xFF,
            delay >> 8,
            0,
            0,
            0,
            0,
            texScale & 0xFF,
            texScale >> 8,
            encoding & 0xFF,
            encoding >> 8});
    return b;
}

// Static 2x2 image "D02005": BSIF, BHDR (tex_scale 0x0100), DATA 1 2 3 4, END, sentinel.
Bytes staticFixture() {
    Bytes b;
    putStr(b, "D02005");
    put(b, {0, 0, 0});
    putLe(b, 62); // 8 (BSIF) + 34 (BHDR) + 12 (DATA) + 8 (END)
    putStr(b, "BSIF");
    putBe(b, 0);
    putStr(b, "BHDR");
    putBe(b, 26);
    Bytes h = bhdr(2, 2, 0, 1, 0, 0x0100, 0);
    b.insert(b.end(), h.begin(), h.end());
    putStr(b, "DATA");
    putBe(b, 4);
    put(b, {1, 2, 3, 4});
    putStr(b, "END ");
    putBe(b, 0);
    put(b, {0, 0, 0, 0, 0, 0, 0, 0, 0});
    return b;
}

Palette256 rampPalette() {
    Palette256 p{};
    for (int i = 0; i < 256; ++i)
        p[i] = ColorRgb{std::uint8_t(i), std::uint8_t(255 - i), std::uint8_t(i / 2)};
    return p;
}

// Animated 2x2, 2 frames, IFHD + CMAP. Frame 0 rows [1 2] [3 4], frame 1 rows [3 4] [5 6]; the
// row [3 4] is stored once and shared. Offsets count from the start of the DATA payload.
Bytes animatedFixture(std::uint32_t frame1Row0Offset = 18) {
    Bytes b;
    putStr(b, "D02030");
    put(b, {0, 0, 0});
    putLe(b, 52 + 34 + 776 + 30 + 8);
    putStr(b, "IFHD");
    putBe(b, 44);
    put(b, {1});
    b.insert(b.end(), 43, 0);
    putStr(b, "BHDR");
    putBe(b, 26);
    Bytes h = bhdr(2, 2, 1, 2, 71, 0, 4);
    b.insert(b.end(), h.begin(), h.end());
    putStr(b, "CMAP");
    putBe(b, 768);
    for (int i = 0; i < 256; ++i)
        put(b, {i, 255 - i, i / 2});
    putStr(b, "DATA");
    putBe(b, 22);
    putLe(b, 16);
    putLe(b, 18);
    putLe(b, frame1Row0Offset);
    putLe(b, 20);
    put(b, {1, 2, 3, 4, 5, 6});
    putStr(b, "END ");
    putBe(b, 0);
    put(b, {0, 0, 0, 0, 0, 0, 0, 0, 0});
    return b;
}

// A standalone sky .BSI in the bare layout: IFHD, BHDR (2x1, one frame), DATA, "END " only.
Bytes bareFixture() {
    Bytes b;
    putStr(b, "IFHD");
    putBe(b, 44);
    put(b, {1});
    b.insert(b.end(), 43, 0);
    putStr(b, "BHDR");
    putBe(b, 26);
    Bytes h = bhdr(2, 1, 0, 1, 0, 0, 0);
    b.insert(b.end(), h.begin(), h.end());
    putStr(b, "DATA");
    putBe(b, 2);
    put(b, {7, 9});
    putStr(b, "END ");
    return b;
}

std::string errorOf(const Bytes& b) {
    try {
        readTexbsi(b, "T.BSI");
    } catch (const Error& e) {
        return e.what();
    }
    return "";
}

void expectRejected(const Bytes& b, const std::string& needle) {
    std::string what = errorOf(b);
    ASSERT_FALSE(what.empty()) << "expected an error mentioning " << needle;
    EXPECT_NE(what.find(needle), std::string::npos) << what;
    EXPECT_EQ(what.rfind("T.BSI: offset 0x", 0), 0u) << what;
}

using rgx::testing::hasWarning;
using rgx::testing::onlyWarning;
using rgx::testing::throwsAt;

// staticFixture without its BSIF marker subrecord: the record goes straight to BHDR (files
// written by other tools). Record size 62 - 8 = 54.
Bytes unmarkedFixture() {
    Bytes b = staticFixture();
    b.erase(b.begin() + 13, b.begin() + 13 + 8);
    b[9] = 54;
    return b;
}

// staticFixture with its BHDR payload cut to `length` bytes (record size adjusted); the reserved
// u32 at BHDR + 18 holds 0x77777777 so that a field read from the wrong place shows.
Bytes withBhdrLength(std::size_t length) {
    Bytes b = staticFixture();
    std::fill_n(b.begin() + 29 + 18, 4, 0x77);
    b.erase(b.begin() + static_cast<std::ptrdiff_t>(29 + length), b.begin() + 29 + 26);
    b[28] = static_cast<std::uint8_t>(length);
    b[9] = static_cast<std::uint8_t>(62 - 26 + length);
    return b;
}

// The prefixes of `full` that read (every other one throws).
std::vector<std::size_t> prefixesThatRead(const Bytes& full) {
    std::vector<std::size_t> read;
    for (std::size_t n = 0; n < full.size(); ++n) {
        Bytes cut(full.begin(), full.begin() + static_cast<std::ptrdiff_t>(n));
        EXPECT_TRUE(rgx::testing::prefixIsNotWhole([&](rgx::Warnings* w) { readTexbsi(cut, "x", w); }, n));
        try {
            readTexbsi(cut, "x");
            read.push_back(n);
        } catch (const Error&) {
        }
    }
    return read;
}

TexbsiFile demoFile() {
    TexbsiFile f;
    Bytes checker(16 * 8);
    for (std::size_t i = 0; i < checker.size(); ++i)
        checker[i] = std::uint8_t(((i % 16) / 4 + (i / 16) / 4) % 2 ? 10 : 20);
    f.images.push_back(makeTexbsiImage("A01000", 16, 8, {checker}, std::nullopt, 71, 512));
    std::vector<Bytes> water;
    for (int k = 0; k < 4; ++k) {
        Bytes fr(8 * 8);
        for (std::size_t i = 0; i < fr.size(); ++i)
            fr[i] = std::uint8_t(1 + (i / 8 + std::size_t(k)) % 4);
        water.push_back(fr);
    }
    f.images.push_back(makeTexbsiImage("A01001", 8, 8, water, rampPalette(), 100));
    f.images.push_back(makeTexbsiImage("A01002", 0, 0, {Bytes{}}));
    return f;
}

} // namespace

TEST(Texbsi, ReadsHandBuiltStaticImage) {
    TexbsiFile f = readTexbsi(staticFixture(), "TEXBSI.302");
    EXPECT_FALSE(f.bare);
    ASSERT_EQ(f.images.size(), 1u);
    const TexbsiImage& img = f.images[0];
    EXPECT_EQ(img.name, "D02005");
    EXPECT_EQ(texbsiImageId(img), 5);
    EXPECT_EQ(img.marker, TexbsiMarker::Bsif);
    EXPECT_TRUE(img.markerPayload.empty());
    EXPECT_EQ(img.header.width, 2);
    EXPECT_EQ(img.header.height, 2);
    EXPECT_EQ(img.header.frameCount, 1);
    EXPECT_EQ(img.header.texScale, 0x0100);
    EXPECT_DOUBLE_EQ(texbsiTexScale(img.header), 1.0);
    EXPECT_FALSE(texbsiAnimated(img.header));
    EXPECT_FALSE(img.palette.has_value());
    ASSERT_EQ(img.frames.size(), 1u);
    EXPECT_EQ(img.frames[0], (Bytes{1, 2, 3, 4}));
    EXPECT_TRUE(img.storedData.empty());
    EXPECT_TRUE(img.endHasValue);
    EXPECT_TRUE(f.trailer.empty());
}

TEST(Texbsi, ReadsHandBuiltAnimatedImageWithSharedRows) {
    TexbsiFile f = readTexbsi(animatedFixture(), "TEXBSI.302");
    ASSERT_EQ(f.images.size(), 1u);
    const TexbsiImage& img = f.images[0];
    EXPECT_EQ(img.name, "D02030");
    EXPECT_EQ(img.marker, TexbsiMarker::Ifhd);
    ASSERT_EQ(img.markerPayload.size(), 44u);
    EXPECT_EQ(img.markerPayload[0], 1);
    EXPECT_TRUE(texbsiAnimated(img.header));
    EXPECT_EQ(img.header.animDelay, 71);
    EXPECT_EQ(texbsiAnimTicks(img.header), 1); // round(71 * 18.2 / 1000) = 1
    EXPECT_EQ(img.header.dataEncoding, 4);
    EXPECT_DOUBLE_EQ(texbsiTexScale(img.header), 1.0); // 0 means the default 1.0
    ASSERT_TRUE(img.palette.has_value());
    EXPECT_EQ((*img.palette)[0], (ColorRgb{0, 255, 0}));
    EXPECT_EQ((*img.palette)[200], (ColorRgb{200, 55, 100}));
    ASSERT_EQ(img.frames.size(), 2u);
    EXPECT_EQ(img.frames[0], (Bytes{1, 2, 3, 4}));
    EXPECT_EQ(img.frames[1], (Bytes{3, 4, 5, 6}));
    EXPECT_TRUE(img.storedData.empty()) << "the fixture uses the writer's layout";
}

TEST(Texbsi, ReadsBareStandaloneBsi) {
    TexbsiFile f = readTexbsi(bareFixture(), "SKY.BSI");
    EXPECT_TRUE(f.bare);
    ASSERT_EQ(f.images.size(), 1u);
    EXPECT_EQ(f.images[0].name, "");
    EXPECT_EQ(f.images[0].marker, TexbsiMarker::Ifhd);
    EXPECT_FALSE(texbsiAnimated(f.images[0].header)) << "IFHD with one frame stores raw pixels";
    EXPECT_EQ(f.images[0].frames, (std::vector<Bytes>{{7, 9}}));
    EXPECT_FALSE(f.images[0].endHasValue);
    EXPECT_EQ(writeTexbsi(f), bareFixture());
}

TEST(Texbsi, FindsImagesByNameIdNotRecordOrder) {
    TexbsiFile f = demoFile();
    std::swap(f.images[0], f.images[2]);
    ASSERT_NE(findTexbsiImage(f, 1), nullptr);
    EXPECT_EQ(findTexbsiImage(f, 1)->name, "A01001");
    EXPECT_EQ(findTexbsiImage(f, 0)->name, "A01000");
    EXPECT_EQ(findTexbsiImage(f, 3), nullptr);
}

TEST(Texbsi, AnimTicksFollowTheEngineConversion) {
    TexbsiHeader h;
    h.animDelay = 500;
    EXPECT_EQ(texbsiAnimTicks(h), 9); // round(9.1)
    h.animDelay = 0;
    EXPECT_EQ(texbsiAnimTicks(h), 1); // clamped
    h.texScale = 128;
    EXPECT_DOUBLE_EQ(texbsiTexScale(h), 0.5);
}

TEST(Texbsi, WriteOfReadReproducesBytes) {
    for (const Bytes& b : {staticFixture(), animatedFixture(), bareFixture()}) {
        EXPECT_EQ(writeTexbsi(readTexbsi(b, "x")), b);
    }
}

TEST(Texbsi, KeepsForeignRowLayoutForExactRoundTrip) {
    // Frame 1 row 0 points at the [3 4] bytes through a different (still valid) offset layout:
    // the row at offset 17 reads [2 3]; decoded frames change, layout is not the writer's.
    Bytes b = animatedFixture(17);
    TexbsiFile f = readTexbsi(b, "x");
    EXPECT_EQ(f.images[0].frames[1], (Bytes{2, 3, 5, 6}));
    EXPECT_FALSE(f.images[0].storedData.empty());
    EXPECT_EQ(writeTexbsi(f), b);
    EXPECT_EQ(readTexbsi(writeTexbsi(f), "x"), f);
    // Editing the frames makes the stored layout stale: the writer lays the data out afresh.
    f.images[0].frames[1] = Bytes{9, 9, 9, 9};
    TexbsiFile g = readTexbsi(writeTexbsi(f), "x");
    EXPECT_EQ(g.images[0].frames, f.images[0].frames);
    EXPECT_TRUE(g.images[0].storedData.empty());
}

TEST(Texbsi, ReadOfWriteIsIdentity) {
    TexbsiFile f = demoFile();
    Bytes b = writeTexbsi(f);
    EXPECT_EQ(readTexbsi(b, "x"), f);
    EXPECT_EQ(writeTexbsi(readTexbsi(b, "x")), b);
    // The animated water shares rows between frames: 4 distinct rows are stored once each.
    const TexbsiImage& water = f.images[1];
    EXPECT_EQ(water.marker, TexbsiMarker::Ifhd);
    EXPECT_EQ(water.header.frameCount, 4);
    EXPECT_EQ(water.header.hasCmap, 1);
    EXPECT_EQ(encodeTexbsiData(water).size(), 4u * 8 * 4 + 4 * 8);
    TexbsiFile bare;
    bare.bare = true;
    bare.images.push_back(makeTexbsiImage("", 4, 2, {Bytes{1, 2, 3, 4, 5, 6, 7, 8}}, rampPalette()));
    EXPECT_EQ(readTexbsi(writeTexbsi(bare), "x"), bare);
}

TEST(Texbsi, WriterRejectsInconsistentImages) {
    TexbsiFile f = demoFile();
    f.images[0].frames[0].pop_back();
    EXPECT_THROW(writeTexbsi(f), Error);
    f = demoFile();
    f.images[1].frames.pop_back();
    EXPECT_THROW(writeTexbsi(f), Error);
    f = demoFile();
    f.images[0].name = "TOOLONGNAME";
    EXPECT_THROW(writeTexbsi(f), Error);
    f.bare = true;
    EXPECT_THROW(writeTexbsi(f), Error);
}

// Every prefix throws (naming an offset inside it) or reads with a warning. In the record layout
// the ones that read are cut at a record boundary: before the end sentinel (or, for the empty
// prefix, before any record), which is a warning.
TEST(Texbsi, EveryTruncationThrowsOrWarns) {
    for (const Bytes& full : {staticFixture(), animatedFixture()}) {
        const std::size_t sentinelAt = full.size() - 9;
        EXPECT_EQ(prefixesThatRead(full), (std::vector<std::size_t>{0, sentinelAt}));
        rgx::Warnings warnings;
        TexbsiFile f = readTexbsi(ByteSpan(full).first(sentinelAt), "x", &warnings);
        EXPECT_TRUE(onlyWarning(warnings, sentinelAt, "TEXBSI end sentinel",
                                "file ends without the 9-byte zero end sentinel"));
        EXPECT_EQ(f.images, readTexbsi(full, "x").images);
        warnings.clear();
        f = readTexbsi(Bytes{}, "x", &warnings);
        EXPECT_TRUE(onlyWarning(warnings, 0, "TEXBSI end sentinel", "file ends without"));
        EXPECT_TRUE(f.images.empty());
    }
    // A bare .BSI reads once its DATA is whole: without the END tag that is a warning there. (The
    // empty prefix is an empty TEXBSI bank without its sentinel, as above.)
    Bytes bare = bareFixture();
    const std::size_t endAt = bare.size() - 4;
    EXPECT_EQ(prefixesThatRead(bare), (std::vector<std::size_t>{0, endAt}));
    rgx::Warnings warnings;
    TexbsiFile f = readTexbsi(ByteSpan(bare).first(endAt), "SKY.BSI", &warnings);
    EXPECT_TRUE(onlyWarning(warnings, endAt, "BSI END", "the record ends without an END subrecord"));
    EXPECT_EQ(f.images[0].frames, (std::vector<Bytes>{{7, 9}}));
}

// The end sentinel is not needed to read the records: a missing one is a warning (and the file
// writes back without it), a non-zero one is read as the end with a warning.
TEST(Texbsi, EndSentinelDeparturesReadWithWarnings) {
    const TexbsiFile whole = readTexbsi(staticFixture(), "x");
    Bytes b = staticFixture();
    b.erase(b.end() - 9, b.end());
    rgx::Warnings warnings;
    TexbsiFile f = readTexbsi(b, "T.BSI", &warnings);
    EXPECT_TRUE(onlyWarning(warnings, b.size(), "TEXBSI end sentinel",
                            "file ends without the 9-byte zero end sentinel"));
    EXPECT_EQ(warnings[0].path, "T.BSI");
    EXPECT_FALSE(f.endSentinel);
    EXPECT_EQ(f.images, whole.images);
    EXPECT_EQ(writeTexbsi(f), b);

    Bytes c = staticFixture();
    c[c.size() - 3] = 1; // sentinel starts with NUL but is not all zero
    warnings.clear();
    f = readTexbsi(c, "T.BSI", &warnings);
    EXPECT_TRUE(onlyWarning(warnings, c.size() - 9, "TEXBSI end sentinel", "not all zero; read as the end"));
    EXPECT_EQ(f.images, whole.images);
    EXPECT_EQ(readTexbsi(writeTexbsi(f), "x"), f);
}

TEST(Texbsi, RejectRecordAndSubrecordSizesTooLarge) {
    Bytes b = staticFixture();
    b[9] = b[10] = b[11] = b[12] = 0xFF;
    expectRejected(b, "record size");
    Bytes c = staticFixture();
    c[13 + 8 + 4] = 0x7F; // BHDR size 0x7F00001A
    expectRejected(c, "BHDR size");
}

TEST(Texbsi, RejectImageLargerThanData) {
    Bytes b = staticFixture();
    b[13 + 8 + 8 + 4] = 100; // width 100: 200 pixels from 4 bytes
    std::string what = errorOf(b);
    EXPECT_NE(what.find("DATA"), std::string::npos) << what;
    EXPECT_NE(what.find("200"), std::string::npos) << what;
    Bytes n = staticFixture();
    n[13 + 8 + 8 + 5] = 0x80; // negative width
    expectRejected(n, "negative width");
}

TEST(Texbsi, RejectRowOffsetPastTheEnd) {
    Bytes b = animatedFixture(21);                        // row needs bytes 21..22 of a 22-byte DATA
    const std::size_t entry = 13 + 52 + 34 + 776 + 8 + 8; // third table entry
    try {
        readTexbsi(b, "T.BSI");
        FAIL() << "expected an error";
    } catch (const Error& e) {
        EXPECT_EQ(e.offset(), entry);
        EXPECT_NE(e.field().find("row offset"), std::string::npos) << e.what();
    }
}

TEST(Texbsi, RejectFrameCountsTooLarge) {
    const std::size_t framesAt = 13 + 52 + 8 + 14;
    Bytes b = animatedFixture();
    b[framesAt] = 0x2C; // 300 frames
    b[framesAt + 1] = 0x01;
    expectRejected(b, "frame_count");
    Bytes c = animatedFixture();
    c[framesAt] = 100; // 100 frames x 2 rows of offsets do not fit in 22 bytes
    expectRejected(c, "row offset table");
}

TEST(Texbsi, RejectImplausibleRowSharing) {
    // 64 frames of 16384x64 decoded from a 32 KiB DATA (one shared row): 64 MiB, over 256x.
    Bytes b;
    putStr(b, "D02001");
    put(b, {0, 0, 0});
    const std::uint32_t dataSize = 64 * 64 * 4 + 16384;
    putLe(b, 8 + 44 + 34 + 8 + dataSize + 8);
    putStr(b, "IFHD");
    putBe(b, 44);
    b.insert(b.end(), 44, 0);
    putStr(b, "BHDR");
    putBe(b, 26);
    Bytes h = bhdr(16384, 64, 0, 64, 71, 0, 4);
    b.insert(b.end(), h.begin(), h.end());
    putStr(b, "DATA");
    putBe(b, dataSize);
    for (int i = 0; i < 64 * 64; ++i)
        putLe(b, 64 * 64 * 4);
    b.insert(b.end(), 16384, 3);
    putStr(b, "END ");
    putBe(b, 0);
    b.insert(b.end(), 9, 0);
    expectRejected(b, "would decode to");
}

TEST(Texbsi, RejectDecodedSizeOverTheAbsoluteLimit) {
    // 16 frames of 32767x256 from a 1 MiB DATA, every row the same: 128 MiB decoded. That is
    // within 256x the payload, so only the 64 MiB per-image limit stops the allocation.
    Bytes b;
    putStr(b, "D02001");
    put(b, {0, 0, 0});
    const std::uint32_t dataSize = 1u << 20;
    const std::uint32_t table = 16 * 256 * 4;
    putLe(b, 8 + 44 + 34 + 8 + dataSize + 8);
    putStr(b, "IFHD");
    putBe(b, 44);
    b.insert(b.end(), 44, 0);
    putStr(b, "BHDR");
    putBe(b, 26);
    Bytes h = bhdr(32767, 256, 0, 16, 71, 0, 4);
    b.insert(b.end(), h.begin(), h.end());
    putStr(b, "DATA");
    putBe(b, dataSize);
    for (int i = 0; i < 16 * 256; ++i)
        putLe(b, table);
    b.insert(b.end(), dataSize - table, 7);
    putStr(b, "END ");
    putBe(b, 0);
    b.insert(b.end(), 9, 0);
    static_assert(16ull * 256 * 32767 <= kTexbsiMaxExpansion * (1u << 20) + 65536);
    static_assert(16ull * 256 * 32767 > kTexbsiMaxDecodedBytes);
    expectRejected(b, "MiB per image");
}

// Still errors: a BHDR too short to hold frame_count, and DATA without a BHDR before it (the
// pixels cannot be sized).
TEST(Texbsi, RejectSubrecordsThatCannotBeRead) {
    const Bytes d = withBhdrLength(15);
    EXPECT_TRUE(throwsAt([&] { readTexbsi(d, "T.BSI"); }, 29, "TEXBSI 'D02005' BHDR", "BHDR needs 16"));

    // BHDR renamed: DATA comes without a header.
    Bytes e = staticFixture();
    std::copy_n("QHDR", 4, e.begin() + 13 + 8);
    EXPECT_TRUE(throwsAt([&] { readTexbsi(e, "T.BSI"); }, 13 + 8 + 34, "TEXBSI 'D02005' subrecord tag",
                         "BHDR before DATA"));
}

// A BHDR of 16 to 25 bytes holds frame_count: the fields it holds whole are read where the
// reference puts them, the others take their defaults, with a warning at the payload.
void expectShortBhdr(std::size_t length) {
    const TexbsiHeader whole = readTexbsi(staticFixture(), "x").images[0].header;
    rgx::Warnings warnings;
    TexbsiFile f = readTexbsi(withBhdrLength(length), "T.BSI", &warnings);
    EXPECT_TRUE(onlyWarning(warnings, 29, "TEXBSI 'D02005' BHDR", "the missing fields take their defaults"))
        << length;
    const TexbsiHeader& h = f.images[0].header;
    EXPECT_EQ(h.width, 2);
    EXPECT_EQ(h.height, 2);
    EXPECT_EQ(h.frameCount, 1);
    EXPECT_EQ(h.animDelay, length >= 18 ? whole.animDelay : 0) << length;
    EXPECT_EQ(h.reserved18, length >= 22 ? 0x77777777u : 0u) << length;
    EXPECT_EQ(h.texScale, length >= 24 ? whole.texScale : 0) << length;
    EXPECT_EQ(h.dataEncoding, 0) << length;
    EXPECT_EQ(f.images[0].frames, (std::vector<Bytes>{{1, 2, 3, 4}}));
    EXPECT_EQ(readTexbsi(writeTexbsi(f), "x"), f) << length;
}

// Every length from 16 (through frame_count) to 25: each optional field is read only when the
// payload holds all of it (20 and 21 cut inside the reserved word, which must not move tex_scale).
TEST(Texbsi, ShortBhdrReadsWithDefaults) {
    for (std::size_t length = 16; length < 26; ++length)
        expectShortBhdr(length);
}

// A record with no BSIF/IFHD marker goes straight to BHDR: it reads with one warning at the
// first subrecord, writes back as it was, and is still recognised as TEXBSI.
TEST(Texbsi, RecordWithoutMarkerReadsWithAWarning) {
    const Bytes b = unmarkedFixture();
    rgx::Warnings warnings;
    TexbsiFile f = readTexbsi(b, "TEXBSI.302", &warnings);
    EXPECT_TRUE(
        onlyWarning(warnings, 13, "TEXBSI 'D02005' subrecord tag", "no BSIF or IFHD marker before 'BHDR'"));
    ASSERT_EQ(f.images.size(), 1u);
    EXPECT_EQ(f.images[0].marker, TexbsiMarker::None);
    EXPECT_TRUE(f.images[0].markerPayload.empty());
    EXPECT_EQ(f.images[0].frames, (std::vector<Bytes>{{1, 2, 3, 4}}));
    EXPECT_EQ(f.images[0].header, readTexbsi(staticFixture(), "x").images[0].header);
    EXPECT_EQ(writeTexbsi(f), b);
    EXPECT_TRUE(looksLikeTexbsi(b));
}

// Subrecords the reference does not have here are skipped by their size with a warning; a CMAP
// that is not a palette is ignored (the world palette is used) with a warning.
TEST(Texbsi, UnexpectedSubrecordsAreSkippedWithWarnings) {
    // BSIF renamed XXXX: no marker, and an unknown subrecord.
    Bytes b = staticFixture();
    std::copy_n("XXXX", 4, b.begin() + 13);
    rgx::Warnings warnings;
    TexbsiFile f = readTexbsi(b, "T.BSI", &warnings);
    ASSERT_EQ(warnings.size(), 2u) << rgx::testing::listWarnings(warnings);
    EXPECT_TRUE(rgx::testing::warningMatches(warnings[0], 13, "TEXBSI 'D02005' subrecord tag",
                                             "no BSIF or IFHD marker before 'XXXX'"));
    EXPECT_TRUE(rgx::testing::warningMatches(warnings[1], 13, "TEXBSI 'D02005' subrecord tag",
                                             "unexpected subrecord 'XXXX' here; skipped"));
    EXPECT_EQ(f.images[0].marker, TexbsiMarker::None);
    EXPECT_EQ(f.images[0].frames, (std::vector<Bytes>{{1, 2, 3, 4}}));
    EXPECT_EQ(readTexbsi(writeTexbsi(f), "x"), f);

    // CMAP renamed: an unknown subrecord between BHDR and DATA; the image has no palette.
    const std::size_t cmapAt = 13 + 52 + 34;
    Bytes c = animatedFixture();
    c[cmapAt] = 'Q';
    warnings.clear();
    f = readTexbsi(c, "T.BSI", &warnings);
    EXPECT_TRUE(onlyWarning(warnings, cmapAt, "TEXBSI 'D02030' subrecord tag",
                            "unexpected subrecord 'QMAP' here; skipped"));
    EXPECT_FALSE(f.images[0].palette.has_value());
    EXPECT_EQ(f.images[0].frames, readTexbsi(animatedFixture(), "x").images[0].frames);

    // No END subrecord: the record ends after DATA.
    Bytes d = staticFixture();
    d.erase(d.end() - 9 - 8, d.end() - 9); // END subrecord gone
    d[9] = 62 - 8;
    warnings.clear();
    f = readTexbsi(d, "T.BSI", &warnings);
    EXPECT_TRUE(onlyWarning(warnings, d.size() - 9, "TEXBSI 'D02005' END",
                            "the record ends without an END subrecord"));
    EXPECT_FALSE(f.images[0].endHasValue);
    EXPECT_EQ(f.images[0].frames, (std::vector<Bytes>{{1, 2, 3, 4}}));
}

TEST(Texbsi, DetectsRecordAndBareLayouts) {
    EXPECT_TRUE(looksLikeTexbsi(staticFixture()));
    EXPECT_TRUE(looksLikeTexbsi(animatedFixture()));
    EXPECT_TRUE(looksLikeTexbsi(bareFixture()));
    EXPECT_FALSE(looksLikeTexbsi(Bytes(40, 0)));
    Bytes other = staticFixture();
    other[13] = 'Q';
    EXPECT_FALSE(looksLikeTexbsi(other));
}

// How many of the 3,000 mutated inputs the reader must accept, so the checks after parsing
// (writers, round trips) really run: about a third of the lowest count seen over several seeds.
constexpr std::size_t kMinAccepted_texbsi = 300;

TEST(TexbsiFuzz, MutatedWriterOutputNeverCrashes) {
    TexbsiFile bare;
    bare.bare = true;
    bare.images.push_back(makeTexbsiImage("", 4, 2, {Bytes{1, 2, 3, 4, 5, 6, 7, 8}}, rampPalette()));
    std::vector<Bytes> seeds = {writeTexbsi(demoFile()), writeTexbsi(bare), staticFixture(),
                                animatedFixture()};
    // Plus the demo's files and, with RGX_REAL_SAMPLES, the real ones (tests/support/fuzz_corpus.h).
    for (Bytes& b :
         rgx::testing::corpusSeeds({"texbsi.170", "texbsi.171", "texbsi.172", "texbsi.302", ".bsi"}))
        seeds.push_back(std::move(b));
    const rgx::testing::MutationStats stats =
        rgx::testing::fuzzRun("texbsi", seeds, rgxFuzz_texbsi, 3000, kMinAccepted_texbsi);
    EXPECT_EQ(stats.runs, 3000u + seeds.size());
}
