// FNT: a hand-built font (bytes laid out from the reference's tables, not by the writer), both
// round trips, chunk-order and FPAL variants, Reject* tests and the mutation-fuzz run.
#include "loaders/redguard/fnt.h"

#include "base/error.h"
#include "tests/fuzz/fuzz_target.h"
#include "tests/loaders/warning_checks.h"
#include "tests/support/fuzz_corpus.h"
#include "tests/support/mutate.h"

#include <gtest/gtest.h>

#include <string>

using namespace rgx::loaders;

RGX_DECLARE_FUZZ_TARGET(fnt);

namespace {

void put16(Bytes& b, std::uint16_t v) {
    b.push_back(static_cast<std::uint8_t>(v & 0xFF));
    b.push_back(static_cast<std::uint8_t>(v >> 8));
}
void putBe32(Bytes& b, std::uint32_t v) {
    for (int s = 24; s >= 0; s -= 8)
        b.push_back(static_cast<std::uint8_t>(v >> s));
}
void putTag(Bytes& b, const char* tag) {
    b.insert(b.end(), tag, tag + 4);
}

struct Fixture {
    Bytes bytes;
    std::size_t fbmpAt = 0; // offset of the FBMP tag
    std::size_t endAt = 0;  // offset of the END tag
};

// FNHD(56) BPAL(768) FBMP(24: two glyphs) [RDAT(173)] END [4 zero bytes]
Fixture handBuiltFont(bool withRdat, bool withTrailing, std::uint16_t count = 2) {
    Fixture f;
    Bytes& b = f.bytes;
    putTag(b, "FNHD");
    putBe32(b, 56);
    const std::string desc = "Test font";
    b.insert(b.end(), desc.begin(), desc.end());
    b.push_back(0);
    b.push_back('x'); // a second NUL-separated fragment, kept
    b.resize(8 + 32, 0);
    put16(b, 3);                // unknown_24
    put16(b, withRdat ? 1 : 0); // has_rdat
    put16(b, 0);                // reserved_28
    put16(b, 0);                // reserved_2a
    put16(b, 0);                // reserved_2c
    put16(b, 11);               // max_width
    put16(b, 9);                // line_height
    put16(b, 32);               // character_start
    put16(b, count);            // character_count
    put16(b, 0);                // reserved_36
    put16(b, 0);                // reserved_38
    put16(b, 1);                // has_palette
    putTag(b, "BPAL");
    putBe32(b, 768);
    for (int i = 0; i < 768; ++i)
        b.push_back(static_cast<std::uint8_t>(i % 251));
    f.fbmpAt = b.size();
    putTag(b, "FBMP");
    putBe32(b, 24);
    // glyph 0 (' '): enabled 1, left 0, top 1, 2x1, pixels 5 6
    put16(b, 1);
    put16(b, 0);
    put16(b, 1);
    put16(b, 2);
    put16(b, 1);
    b.push_back(5);
    b.push_back(6);
    // glyph 1 ('!'): disabled, left -1, top 0, 1x2, pixels 7 8
    put16(b, 0);
    put16(b, 0xFFFF);
    put16(b, 0);
    put16(b, 1);
    put16(b, 2);
    b.push_back(7);
    b.push_back(8);
    if (withRdat) {
        putTag(b, "RDAT");
        putBe32(b, 173);
        for (int i = 0; i < 173; ++i)
            b.push_back(static_cast<std::uint8_t>(i));
    }
    f.endAt = b.size();
    putTag(b, "END ");
    if (withTrailing) b.insert(b.end(), 4, 0);
    return f;
}

std::string errorOf(const Bytes& b) {
    try {
        readFnt(b, "t.fnt");
    } catch (const rgx::Error& e) {
        return e.what();
    }
    return "";
}

constexpr std::size_t kBpalAt = 8 + 56; // the palette chunk's tag in handBuiltFont

// handBuiltFont with its BPAL payload cut to `length` bytes (the first colours kept).
Bytes withPaletteLength(const Fixture& fx, std::uint32_t length) {
    Bytes b = fx.bytes;
    b.erase(b.begin() + static_cast<std::ptrdiff_t>(kBpalAt + 8 + length),
            b.begin() + static_cast<std::ptrdiff_t>(kBpalAt + 8 + 768));
    for (int i = 0; i < 4; ++i)
        b[kBpalAt + 4 + static_cast<std::size_t>(i)] = static_cast<std::uint8_t>(length >> (24 - 8 * i));
    return b;
}

rgx::Warnings warningsOf(const Bytes& b) {
    rgx::Warnings w;
    readFnt(b, "t.fnt", &w);
    return w;
}

using rgx::testing::hasWarning;
using rgx::testing::onlyWarning;
using rgx::testing::throwsAt;

} // namespace

TEST(Fnt, DecodesHandBuiltFont) {
    Fixture fx = handBuiltFont(true, true);
    Fnt f = readFnt(fx.bytes, "t.fnt");
    EXPECT_EQ(f.header.description, std::string("Test font\0x", 11));
    EXPECT_EQ(f.header.unknown24, 3);
    EXPECT_EQ(f.header.hasRdat, 1);
    EXPECT_EQ(f.header.maxWidth, 11);
    EXPECT_EQ(f.header.lineHeight, 9);
    EXPECT_EQ(f.header.characterStart, 32);
    EXPECT_EQ(f.header.characterCount, 2);
    EXPECT_EQ(f.header.hasPalette, 1);
    EXPECT_EQ(f.paletteTag, "BPAL");
    ASSERT_EQ(f.palette.size(), 768u);
    EXPECT_EQ(f.palette[767], 767 % 251);
    ASSERT_EQ(f.glyphs.size(), 2u);
    EXPECT_EQ(f.glyphs[0].enabled, 1);
    EXPECT_EQ(f.glyphs[0].offsetTop, 1);
    EXPECT_EQ(f.glyphs[0].width, 2);
    EXPECT_EQ(f.glyphs[0].pixels, (Bytes{5, 6}));
    EXPECT_EQ(f.glyphs[1].enabled, 0);
    EXPECT_EQ(f.glyphs[1].offsetLeft, -1);
    EXPECT_EQ(f.glyphs[1].height, 2);
    EXPECT_EQ(f.glyphs[1].pixels, (Bytes{7, 8}));
    ASSERT_EQ(f.otherChunks.size(), 1u);
    EXPECT_EQ(f.otherChunks[0].tag, "RDAT");
    EXPECT_EQ(f.otherChunks[0].data.size(), 173u);
    EXPECT_TRUE(f.chunkOrder.empty()); // canonical order
    EXPECT_EQ(f.trailing, (Bytes{0, 0, 0, 0}));
    EXPECT_EQ(fntGlyph(f, '!'), &f.glyphs[1]);
    EXPECT_EQ(fntGlyph(f, 31), nullptr);
    EXPECT_EQ(fntGlyph(f, '"'), nullptr);
    auto chunks = fntChunkList(f);
    ASSERT_EQ(chunks.size(), 4u);
    EXPECT_EQ(chunks[2], (std::pair<std::string, std::size_t>{"FBMP", 24}));
}

TEST(Fnt, RoundTripsBothWays) {
    for (bool rdat : {false, true}) {
        for (bool trailing : {false, true}) {
            Fixture fx = handBuiltFont(rdat, trailing);
            Fnt f = readFnt(fx.bytes, "t.fnt");
            EXPECT_EQ(writeFnt(f), fx.bytes);
            EXPECT_EQ(readFnt(writeFnt(f), "t2.fnt"), f);
        }
    }
}

TEST(Fnt, FreshFontRoundTrips) {
    Fnt f;
    f.header.description = "rgx demo";
    f.header.lineHeight = 8;
    f.header.characterCount = 3;
    f.palette.assign(768, 0);
    f.palette[3] = 255;
    for (int i = 0; i < 3; ++i) {
        FntGlyph g;
        g.width = static_cast<std::uint16_t>(i + 1);
        g.height = 2;
        g.pixels.assign(static_cast<std::size_t>(g.width) * g.height, static_cast<std::uint8_t>(i));
        f.glyphs.push_back(g);
    }
    Bytes b = writeFnt(f);
    EXPECT_EQ(b.size(), 8u + 56 + 8 + 768 + 8 + (10 + 2) + (10 + 4) + (10 + 6) + 4);
    EXPECT_EQ(readFnt(b, "d.fnt"), f);
    EXPECT_EQ(writeFnt(readFnt(b, "d.fnt")), b);
}

TEST(Fnt, KeepsFpalAndUnusualChunkOrder) {
    Fixture fx = handBuiltFont(true, false);
    Bytes b = fx.bytes;
    b[8 + 56] = 'F'; // BPAL -> FPAL
    Fnt f = readFnt(b, "t.fnt");
    EXPECT_EQ(f.paletteTag, "FPAL");
    EXPECT_EQ(writeFnt(f), b);

    // RDAT moved before FBMP: the order is recorded and reproduced.
    Bytes moved(b.begin(), b.begin() + static_cast<std::ptrdiff_t>(fx.fbmpAt));
    std::size_t rdatAt = fx.fbmpAt + 8 + 24;
    moved.insert(moved.end(), b.begin() + static_cast<std::ptrdiff_t>(rdatAt),
                 b.begin() + static_cast<std::ptrdiff_t>(fx.endAt));
    moved.insert(moved.end(), b.begin() + static_cast<std::ptrdiff_t>(fx.fbmpAt),
                 b.begin() + static_cast<std::ptrdiff_t>(rdatAt));
    moved.insert(moved.end(), b.begin() + static_cast<std::ptrdiff_t>(fx.endAt), b.end());
    Fnt m = readFnt(moved, "m.fnt");
    EXPECT_EQ(m.chunkOrder, (std::vector<std::string>{"FNHD", "FPAL", "RDAT", "FBMP"}));
    EXPECT_EQ(writeFnt(m), moved);
}

// Every prefix throws (naming an offset inside it) or reads with a warning. The ones that read
// are exactly those cut at a chunk boundary: what is there reads, and the missing END (and
// palette or glyphs) are warnings.
TEST(Fnt, EveryTruncationThrowsOrWarns) {
    Fixture fx = handBuiltFont(true, false);
    std::vector<std::size_t> read;
    for (std::size_t n = 0; n < fx.bytes.size(); ++n) {
        Bytes cut(fx.bytes.begin(), fx.bytes.begin() + static_cast<std::ptrdiff_t>(n));
        EXPECT_TRUE(rgx::testing::prefixIsNotWhole([&](rgx::Warnings* w) { readFnt(cut, "cut.fnt", w); }, n));
        try {
            readFnt(cut, "cut.fnt");
            read.push_back(n);
        } catch (const rgx::Error&) {
        }
    }
    EXPECT_EQ(read, (std::vector<std::size_t>{kBpalAt, fx.fbmpAt, fx.fbmpAt + 8 + 24, fx.endAt}));
    // Cut after FNHD: no palette although has_palette says so, no glyphs, no END.
    Bytes headerOnly(fx.bytes.begin(), fx.bytes.begin() + static_cast<std::ptrdiff_t>(kBpalAt));
    rgx::Warnings w = warningsOf(headerOnly);
    EXPECT_EQ(w.size(), 3u) << rgx::testing::listWarnings(w);
    EXPECT_TRUE(hasWarning(w, kBpalAt, "END", "missing END tag"));
    EXPECT_TRUE(hasWarning(w, 0, "FBMP", "no FBMP chunk"));
    EXPECT_TRUE(hasWarning(w, 0x08 + 0x36, "FNHD.has_palette", "no BPAL/FPAL chunk"));

    // Cut exactly before END: the whole font reads, with one warning where END should be, and
    // writes back with its END.
    Bytes noEnd(fx.bytes.begin(), fx.bytes.begin() + static_cast<std::ptrdiff_t>(fx.endAt));
    rgx::Warnings warnings;
    Fnt f = readFnt(noEnd, "t.fnt", &warnings);
    EXPECT_TRUE(onlyWarning(warnings, fx.endAt, "END", "missing END tag"));
    EXPECT_EQ(warnings[0].path, "t.fnt");
    EXPECT_EQ(f, readFnt(fx.bytes, "t.fnt"));
    EXPECT_EQ(writeFnt(f), fx.bytes);
    // A partial END tag is a truncated tag, not a missing one.
    Bytes partial(fx.bytes.begin(), fx.bytes.begin() + static_cast<std::ptrdiff_t>(fx.endAt + 2));
    EXPECT_TRUE(throwsAt([&] { readFnt(partial, "t.fnt"); }, fx.endAt, "chunk.tag", "truncated"));
}

TEST(Fnt, RejectCountsTooLarge) {
    // character_count 1000 cannot fit in FBMP's 24 bytes
    Fixture big = handBuiltFont(false, false, 1000);
    EXPECT_TRUE(
        throwsAt([&] { readFnt(big.bytes, "t.fnt"); }, big.fbmpAt + 8, "FNHD.character_count", "exceeds"));
    // glyph 1 claims 200x200 pixels, past the end of FBMP
    Fixture px = handBuiltFont(false, false);
    std::size_t g1 = px.fbmpAt + 8 + 12;
    px.bytes[g1 + 6] = 200;
    px.bytes[g1 + 8] = 200;
    std::string e = errorOf(px.bytes);
    EXPECT_NE(e.find("FBMP.glyph[1].pixels"), std::string::npos) << e;
    // absolute offset of glyph 1's pixels: FBMP payload + 12 + 10
    EXPECT_TRUE(throwsAt([&] { readFnt(px.bytes, "t.fnt"); }, g1 + 10, "FBMP.glyph[1].pixels"));
}

// character_count 1 leaves the second glyph's 12 bytes unread: the first glyph reads, the rest
// of FBMP is ignored with a warning at its first byte.
TEST(Fnt, GlyphBytesPastTheCountAreIgnoredWithAWarning) {
    Fixture small = handBuiltFont(false, false, 1);
    rgx::Warnings warnings;
    Fnt f = readFnt(small.bytes, "t.fnt", &warnings);
    EXPECT_TRUE(
        onlyWarning(warnings, small.fbmpAt + 8 + 12, "FBMP", "12 bytes left after the last of 1 glyphs"));
    ASSERT_EQ(f.glyphs.size(), 1u);
    EXPECT_EQ(f.glyphs[0].pixels, (Bytes{5, 6}));
    EXPECT_EQ(readFnt(writeFnt(f), "t2.fnt"), f);
}

TEST(Fnt, RejectChunkLengthPastTheEnd) {
    Fixture fx = handBuiltFont(false, false);
    Bytes b = fx.bytes;
    b[fx.fbmpAt + 4] = 0xFF; // FBMP length 0xFF000018
    std::string e = errorOf(b);
    EXPECT_NE(e.find("FBMP.length"), std::string::npos) << e;
    EXPECT_NE(e.find("exceeds"), std::string::npos) << e;
}

// Still errors: nothing can be read before the FNHD that holds the glyph count, an FNHD too short
// to hold it, and a chunk running past the end.
TEST(Fnt, RejectStructuralErrors) {
    Fixture fx = handBuiltFont(false, false);
    Bytes b = fx.bytes;
    b[0] = 'X';
    EXPECT_TRUE(throwsAt([&] { readFnt(b, "t.fnt"); }, 0, "chunk.tag", "expected FNHD"));

    b = fx.bytes;
    b[7] = 54; // FNHD length 54: shorter header
    EXPECT_TRUE(throwsAt([&] { readFnt(b, "t.fnt"); }, 4, "FNHD.length", "needs 56"));

    b = fx.bytes;
    b[kBpalAt + 4] = 0x7F; // BPAL length 0x7F000300: past the end
    EXPECT_TRUE(throwsAt([&] { readFnt(b, "t.fnt"); }, kBpalAt + 8, "BPAL.length", "exceeds"));
}

// Departures that only concern what the font looks like are read with one warning each.
TEST(Fnt, StructuralDeparturesReadWithWarnings) {
    Fixture fx = handBuiltFont(false, false);
    const Fnt whole = readFnt(fx.bytes, "t.fnt");

    // has_palette set, palette chunk renamed to an unknown tag (kept raw)
    Bytes b = fx.bytes;
    b[kBpalAt] = 'Z';
    rgx::Warnings warnings;
    Fnt f = readFnt(b, "t.fnt", &warnings);
    EXPECT_TRUE(onlyWarning(warnings, 0x08 + 0x36, "FNHD.has_palette",
                            "has_palette is set but the file has no BPAL/FPAL"));
    EXPECT_TRUE(f.paletteTag.empty());
    ASSERT_EQ(f.otherChunks.size(), 1u);
    EXPECT_EQ(f.otherChunks[0].tag, "ZPAL");
    EXPECT_EQ(readFnt(writeFnt(f), "t.fnt"), f);
    // ... and read without a warning once has_palette is 0
    b[8 + 0x36] = 0;
    warnings.clear();
    f = readFnt(b, "t.fnt", &warnings);
    EXPECT_TRUE(warnings.empty()) << rgx::testing::listWarnings(warnings);
    EXPECT_TRUE(f.paletteTag.empty());
    EXPECT_EQ(writeFnt(f), b);

    // repeated FBMP: the first one is used, the second ignored
    b = fx.bytes;
    Bytes fbmp(b.begin() + static_cast<std::ptrdiff_t>(fx.fbmpAt),
               b.begin() + static_cast<std::ptrdiff_t>(fx.endAt));
    fbmp[8 + 10] = 99; // the ignored copy's first pixel
    b.insert(b.begin() + static_cast<std::ptrdiff_t>(fx.endAt), fbmp.begin(), fbmp.end());
    warnings.clear();
    f = readFnt(b, "t.fnt", &warnings);
    EXPECT_TRUE(onlyWarning(warnings, fx.endAt, "FBMP", "repeated chunk ignored"));
    EXPECT_EQ(f.glyphs, whole.glyphs);
    EXPECT_EQ(writeFnt(f), fx.bytes);

    // no FBMP at all: a font without glyphs
    b = fx.bytes;
    b.erase(b.begin() + static_cast<std::ptrdiff_t>(fx.fbmpAt),
            b.begin() + static_cast<std::ptrdiff_t>(fx.endAt));
    warnings.clear();
    f = readFnt(b, "t.fnt", &warnings);
    EXPECT_TRUE(onlyWarning(warnings, 0, "FBMP", "no FBMP chunk: the font has no glyphs"));
    EXPECT_TRUE(f.glyphs.empty());
    EXPECT_EQ(f.palette, whole.palette);

    // an FNHD longer than 56 bytes: the first 56 are read
    b = fx.bytes;
    b[7] = 60;
    b.insert(b.begin() + 64, {1, 2, 3, 4});
    warnings.clear();
    f = readFnt(b, "t.fnt", &warnings);
    EXPECT_TRUE(
        onlyWarning(warnings, 4, "FNHD.length", "FNHD is 60 bytes, expected 56; the first 56 are read"));
    EXPECT_EQ(f, whole);
}

// A palette chunk that is not 768 bytes gives the colours it holds (another tool's 2-colour font);
// the writer pads it to 768.
TEST(Fnt, ShortPaletteReadsItsColoursWithAWarning) {
    Fixture fx = handBuiltFont(false, false);
    const Bytes two = withPaletteLength(fx, 6);
    rgx::Warnings warnings;
    Fnt f = readFnt(two, "t.fnt", &warnings);
    EXPECT_TRUE(
        onlyWarning(warnings, kBpalAt + 4, "BPAL.length", "BPAL is 6 bytes, expected 768; 2 colours read"));
    EXPECT_EQ(f.paletteTag, "BPAL");
    EXPECT_EQ(f.palette, (Bytes{0, 1, 2, 3, 4, 5}));
    ASSERT_EQ(f.glyphs.size(), 2u);
    EXPECT_EQ(f.glyphs, readFnt(fx.bytes, "t.fnt").glyphs);
    warnings.clear();
    Fnt back = readFnt(writeFnt(f), "t2.fnt", &warnings);
    EXPECT_TRUE(warnings.empty()) << rgx::testing::listWarnings(warnings);
    ASSERT_EQ(back.palette.size(), 768u);
    EXPECT_TRUE(std::equal(f.palette.begin(), f.palette.end(), back.palette.begin()));
    EXPECT_EQ(back.palette[6], 0);

    // 512 bytes: 170 whole colours (the last 2 bytes of the chunk belong to none).
    warnings.clear();
    f = readFnt(withPaletteLength(fx, 512), "t.fnt", &warnings);
    EXPECT_TRUE(onlyWarning(warnings, kBpalAt + 4, "BPAL.length",
                            "BPAL is 512 bytes, expected 768; 170 colours read"));
    EXPECT_EQ(f.palette.size(), 512u);
}

// How many of the 3,000 mutated inputs the reader must accept, so the checks after parsing
// (writers, round trips) really run: about a third of the lowest count seen over several seeds.
constexpr std::size_t kMinAccepted_fnt = 270;

TEST(FntFuzz, MutatedWriterOutputNeverCrashes) {
    std::vector<Bytes> seeds = {writeFnt(readFnt(handBuiltFont(true, true).bytes, "a")),
                                handBuiltFont(false, false).bytes};
    // Plus the demo's files and, with RGX_REAL_SAMPLES, the real ones (tests/support/fuzz_corpus.h).
    for (Bytes& b : rgx::testing::corpusSeeds({".fnt"}))
        seeds.push_back(std::move(b));
    const rgx::testing::MutationStats stats =
        rgx::testing::fuzzRun("fnt", seeds, rgxFuzz_fnt, 3000, kMinAccepted_fnt);
    EXPECT_EQ(stats.runs, 3000u + seeds.size());
}
