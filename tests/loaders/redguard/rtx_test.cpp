// RTX: a hand-built dialogue file (bytes laid out from the reference's tables, not by the writer)
// with a text entry and a voice entry, every field checked; both round trips and the writer's
// layout; Reject* tests naming the offset (a truncated index, chunks that disagree with the
// index, payloads cut short); the warnings; the mutation-fuzz run.
#include "loaders/redguard/rtx.h"

#include "base/error.h"
#include "tests/fuzz/fuzz_target.h"
#include "tests/loaders/le_bytes.h"
#include "tests/loaders/warning_checks.h"
#include "tests/support/fuzz_corpus.h"
#include "tests/support/mutate.h"

#include <gtest/gtest.h>

#include <string>
#include <utility>

using namespace rgx::loaders;
using rgx::testing::hasWarning;
using rgx::testing::onlyWarning;
using rgx::testing::put16;
using rgx::testing::put32;
using rgx::testing::put32be;
using rgx::testing::putText;
using rgx::testing::throwsAt;

RGX_DECLARE_FUZZ_TARGET(rtx);

namespace {

// Offsets in rtxFixture(). Chunks in reverse index order: "vox1" (index entry 1) first.
constexpr std::size_t kVoxPayload = 8;               // its chunk header at 0
constexpr std::size_t kVoxHeader = kVoxPayload + 11; // the 27-byte sound header after "Hello"
constexpr std::size_t kBonChunk = 50;
constexpr std::size_t kBonPayload = 58;
constexpr std::size_t kEndAt = 72;
constexpr std::size_t kIndexAt = 76;
constexpr std::size_t kFooterAt = 100;

Bytes textPayload(const std::string& text) {
    Bytes p = {0, 0}; // kind, subtype 0
    put16(p, static_cast<std::uint16_t>(text.size()));
    put16(p, 0); // reserved
    putText(p, text);
    return p;
}

Bytes voxPayload() {
    Bytes p = {0, 1}; // kind, subtype 1
    put16(p, 5);
    put16(p, 0);
    putText(p, "Hello");
    put32(p, 1);          // type_id: 16-bit mono
    put32(p, 1);          // bit_depth
    put32(p, 22050);      // sample_rate
    p.push_back(100);     // unused_0c
    p.push_back(0);       // loop_flag
    put32(p, 0);          // loop_offset
    put32(p, 0xFFFFFFFF); // loop_end
    put32(p, 4);          // data_length
    p.push_back(0);       // reserved_1a
    put16(p, 0x1234);
    put16(p, 0xFEDC);
    return p;
}

// Index entry 0: "#bon", text "Hi there"; entry 1: "vox1", a voice clip "Hello" of two samples.
Bytes rtxFixture() {
    Bytes b;
    putText(b, "vox1");
    put32be(b, 42);
    const Bytes vox = voxPayload();
    b.insert(b.end(), vox.begin(), vox.end());
    putText(b, "#bon");
    put32be(b, 14);
    const Bytes bon = textPayload("Hi there");
    b.insert(b.end(), bon.begin(), bon.end());
    putText(b, "END ");
    putText(b, "#bon");
    put32(b, kBonPayload);
    put32(b, 14);
    putText(b, "vox1");
    put32(b, kVoxPayload);
    put32(b, 42);
    putText(b, "RNAV");
    put32(b, kIndexAt);
    put32(b, 2);
    return b;
}

// The reference's layout for any payloads (index order given), built here rather than by the
// writer: chunks in reverse index order from 0, "END ", the index, the footer.
Bytes laidOut(const std::vector<std::pair<std::string, Bytes>>& entries) {
    Bytes b;
    std::vector<std::uint32_t> at(entries.size());
    for (std::size_t i = entries.size(); i-- > 0;) {
        putText(b, entries[i].first);
        put32be(b, static_cast<std::uint32_t>(entries[i].second.size()));
        at[i] = static_cast<std::uint32_t>(b.size());
        b.insert(b.end(), entries[i].second.begin(), entries[i].second.end());
    }
    putText(b, "END ");
    const auto indexAt = static_cast<std::uint32_t>(b.size());
    for (std::size_t i = 0; i < entries.size(); ++i) {
        putText(b, entries[i].first);
        put32(b, at[i]);
        put32(b, static_cast<std::uint32_t>(entries[i].second.size()));
    }
    putText(b, "RNAV");
    put32(b, indexAt);
    put32(b, static_cast<std::uint32_t>(entries.size()));
    return b;
}

void setU32(Bytes& b, std::size_t at, std::uint32_t v) {
    for (int i = 0; i < 4; ++i)
        b.at(at + static_cast<std::size_t>(i)) = static_cast<std::uint8_t>(v >> (8 * i));
}

} // namespace

TEST(Rtx, ReadsHandBuiltFile) {
    EXPECT_EQ(laidOut({{"#bon", textPayload("Hi there")}, {"vox1", voxPayload()}}), rtxFixture());
    const RtxFile f = rgx::testing::readQuietly(
        "fixture", [](rgx::Warnings* w) { return readRtx(rtxFixture(), "ENGLISH.RTX", w); });
    ASSERT_EQ(f.entries.size(), 2u);

    const RtxEntry& text = f.entries[0];
    EXPECT_EQ(text.tag, "#bon");
    EXPECT_EQ(text.kind, static_cast<std::uint8_t>(RtxKind::Text));
    EXPECT_EQ(text.payload0, 0);
    EXPECT_EQ(text.reserved, 0);
    EXPECT_EQ(text.text, "Hi there");
    EXPECT_EQ(text.audio, SoundClip{});
    EXPECT_TRUE(text.raw.empty());

    const RtxEntry& vox = f.entries[1];
    EXPECT_EQ(vox.tag, "vox1");
    EXPECT_EQ(vox.kind, static_cast<std::uint8_t>(RtxKind::Audio));
    EXPECT_EQ(vox.payload0, 0);
    EXPECT_EQ(vox.reserved, 0);
    EXPECT_EQ(vox.text, "Hello");
    EXPECT_EQ(vox.audio.type, 1u);
    EXPECT_EQ(vox.audio.bitDepth, 1u);
    EXPECT_EQ(vox.audio.sampleRate, 22050u);
    EXPECT_EQ(vox.audio.unused, 100);
    EXPECT_EQ(vox.audio.loopFlag, 0);
    EXPECT_EQ(vox.audio.loopOffset, 0u);
    EXPECT_EQ(vox.audio.loopEnd, 0xFFFFFFFFu);
    EXPECT_EQ(vox.audio.reserved, 0);
    EXPECT_EQ(vox.audio.pcm, (Bytes{0x34, 0x12, 0xDC, 0xFE}));
    EXPECT_FALSE(looping(vox.audio));
    EXPECT_DOUBLE_EQ(soundDurationSeconds(vox.audio), 2.0 / 22050.0);

    EXPECT_EQ(findRtxEntry(f, "vox1"), &f.entries[1]);
    EXPECT_EQ(findRtxEntry(f, "#bon"), &f.entries[0]);
    EXPECT_EQ(findRtxEntry(f, "zzzz"), nullptr);
    EXPECT_TRUE(looksLikeRtx(rtxFixture()));
    EXPECT_FALSE(looksLikeRtx(Bytes(11, 0)));
}

TEST(Rtx, RoundTripsInTheReferencesLayout) {
    EXPECT_EQ(writeRtx(readRtx(rtxFixture(), "x")), rtxFixture());

    RtxFile f;
    RtxEntry a;
    a.tag = "aaaa";
    a.text = "first";
    RtxEntry v;
    v.tag = "?vql";
    v.kind = 1;
    v.text = "spoken";
    v.audio.pcm = {1, 2, 3};
    RtxEntry odd; // an unknown subtype, kept raw
    odd.tag = "odd1";
    odd.kind = 9;
    odd.raw = {0, 9, 42};
    f.entries = {a, v, odd};
    const Bytes b = writeRtx(f);
    EXPECT_EQ(readRtx(b, "x", nullptr), f);
    // Payload offsets descend through the index: the first entry's chunk comes last.
    ByteReader r(b, "x");
    r.seek(b.size() - 8, "footer");
    const std::uint32_t indexAt = r.u32("index_offset");
    EXPECT_EQ(r.u32("index_count"), 3u);
    r.seek(indexAt, "index");
    std::uint32_t previous = 0xFFFFFFFF;
    for (int i = 0; i < 3; ++i) {
        r.tag("tag");
        const std::uint32_t offset = r.u32("offset");
        EXPECT_LT(offset, previous);
        previous = offset;
        r.u32("size");
    }
    EXPECT_EQ(previous, 8u);

    // No entries: END and the footer.
    EXPECT_EQ(writeRtx(RtxFile{}), (Bytes{'E', 'N', 'D', ' ', 'R', 'N', 'A', 'V', 4, 0, 0, 0, 0, 0, 0, 0}));
    EXPECT_EQ(readRtx(writeRtx(RtxFile{}), "x"), RtxFile{});
}

TEST(Rtx, WriterRejectsWhatCannotBeWritten) {
    RtxFile f;
    f.entries.resize(1);
    f.entries[0].tag = "abc";
    EXPECT_THROW(writeRtx(f), rgx::Error);
    f.entries[0].tag = "abcd";
    f.entries[0].text = std::string(70000, 'x');
    EXPECT_THROW(writeRtx(f), rgx::Error);
    f.entries[0].text.clear();
    f.entries[0].kind = 5;
    f.entries[0].raw = {0, 6};
    EXPECT_THROW(writeRtx(f), rgx::Error);
}

// Without its last bytes the footer is gone: every prefix is an error naming an offset inside it.
TEST(Rtx, EveryTruncationThrows) {
    const Bytes full = rtxFixture();
    for (std::size_t n = 0; n < full.size(); ++n) {
        const Bytes cut(full.begin(), full.begin() + static_cast<std::ptrdiff_t>(n));
        EXPECT_TRUE(rgx::testing::prefixIsNotWhole([&](rgx::Warnings* w) { readRtx(cut, "x", w); }, n));
        EXPECT_THROW(readRtx(cut, "x"), rgx::Error) << n;
    }
    EXPECT_TRUE(throwsAt([&] { readRtx(Bytes(5, 0), "x"); }, 5, "RTX footer", "truncated"));
}

TEST(Rtx, RejectATruncatedIndex) {
    Bytes b = rtxFixture();
    setU32(b, kFooterAt + 8, 3); // a third entry would run into the footer
    EXPECT_TRUE(throwsAt([&] { readRtx(b, "ENGLISH.RTX"); }, kFooterAt + 8, "RTX index_count", "do not fit"));
    // The index's last entry cut away, the count left at 2.
    b = rtxFixture();
    b.erase(b.begin() + static_cast<std::ptrdiff_t>(kIndexAt + 12),
            b.begin() + static_cast<std::ptrdiff_t>(kIndexAt + 24));
    EXPECT_TRUE(
        throwsAt([&] { readRtx(b, "ENGLISH.RTX"); }, kFooterAt - 12 + 8, "RTX index_count", "do not fit"));
    b = rtxFixture();
    setU32(b, kFooterAt + 4, kFooterAt + 1);
    EXPECT_TRUE(
        throwsAt([&] { readRtx(b, "ENGLISH.RTX"); }, kFooterAt + 4, "RTX index_offset", "past the footer"));
    b = rtxFixture();
    b[kFooterAt] = 'X';
    EXPECT_TRUE(throwsAt([&] { readRtx(b, "ENGLISH.RTX"); }, kFooterAt, "RTX footer tag", "no RNAV"));
}

TEST(Rtx, RejectIndexEntriesPastTheEnd) {
    Bytes b = rtxFixture();
    setU32(b, kIndexAt + 4, 500);
    EXPECT_TRUE(throwsAt([&] { readRtx(b, "ENGLISH.RTX"); }, kIndexAt + 4, "RTX index entry 0 payload_offset",
                         "past the end (size 112)"));
    b = rtxFixture();
    setU32(b, kIndexAt + 16, 4);
    EXPECT_TRUE(throwsAt([&] { readRtx(b, "ENGLISH.RTX"); }, kIndexAt + 16,
                         "RTX index entry 1 payload_offset", "no room for the 8-byte chunk header"));
    b = rtxFixture();
    setU32(b, kIndexAt + 20, 0x7FFFFFFF);
    EXPECT_TRUE(throwsAt([&] { readRtx(b, "ENGLISH.RTX"); }, kIndexAt + 20, "RTX index entry 1 payload_size",
                         "run past the end"));
}

TEST(Rtx, RejectChunkHeadersThatDisagreeWithTheIndex) {
    Bytes b = rtxFixture();
    b[kBonChunk + 3] = 'm';
    EXPECT_TRUE(throwsAt([&] { readRtx(b, "ENGLISH.RTX"); }, kBonChunk, "RTX chunk tag",
                         "'#bom' where index entry 0 names '#bon'"));
    b = rtxFixture();
    b[kBonChunk + 7] = 15;
    EXPECT_TRUE(throwsAt([&] { readRtx(b, "ENGLISH.RTX"); }, kBonChunk + 4, "RTX '#bon' chunk size",
                         "15 bytes where index entry 0 says 14"));
}

TEST(Rtx, RejectPayloadsCutShort) {
    // The voice chunk said to be 20 bytes (index and header agree): its sound header is cut.
    Bytes b = rtxFixture();
    b[7] = 20;
    setU32(b, kIndexAt + 20, 20);
    EXPECT_TRUE(
        throwsAt([&] { readRtx(b, "ENGLISH.RTX"); }, kVoxHeader, "RTX 'vox1' audio header", "only 9 left"));
    b = rtxFixture();
    setU32(b, kVoxHeader + 0x16, 5);
    EXPECT_TRUE(throwsAt([&] { readRtx(b, "ENGLISH.RTX"); }, kVoxHeader + 0x16,
                         "RTX 'vox1' audio data_length", "only 4 left"));
    b = rtxFixture();
    b[kBonPayload + 2] = 9;
    EXPECT_TRUE(throwsAt([&] { readRtx(b, "ENGLISH.RTX"); }, kBonPayload + 2, "RTX '#bon' string_len",
                         "9 bytes of text, only 8 left"));
    // A payload too short for its 6-byte prefix.
    b = laidOut({{"tiny", Bytes{0, 0, 1}}});
    EXPECT_TRUE(throwsAt([&] { readRtx(b, "ENGLISH.RTX"); }, 8 + 2, "RTX 'tiny' string_len", "truncated"));
}

TEST(Rtx, OtherLayoutsReadWithAWarning) {
    const RtxFile expected = readRtx(rtxFixture(), "x");
    // Index rows swapped: payload offsets ascend. The entries are read in index order.
    Bytes b = rtxFixture();
    std::swap_ranges(b.begin() + static_cast<std::ptrdiff_t>(kIndexAt),
                     b.begin() + static_cast<std::ptrdiff_t>(kIndexAt + 12),
                     b.begin() + static_cast<std::ptrdiff_t>(kIndexAt + 12));
    rgx::Warnings warnings;
    RtxFile f = readRtx(b, "ENGLISH.RTX", &warnings);
    EXPECT_TRUE(onlyWarning(warnings, kIndexAt + 4, "RTX index entry 0 payload_offset",
                            "payload at 8, the writer puts it at 30"));
    ASSERT_EQ(f.entries.size(), 2u);
    EXPECT_EQ(f.entries[0], expected.entries[1]);
    EXPECT_EQ(f.entries[1], expected.entries[0]);
    EXPECT_EQ(readRtx(writeRtx(f), "x"), f);

    b = rtxFixture();
    b[kEndAt] = 'X';
    warnings.clear();
    EXPECT_EQ(readRtx(b, "ENGLISH.RTX", &warnings), expected);
    EXPECT_TRUE(onlyWarning(warnings, kEndAt, "RTX END tag", "no 'END ' after the chunks"));
    EXPECT_EQ(writeRtx(expected), rtxFixture());

    b = rtxFixture(); // 4 bytes between END and the index
    b.insert(b.begin() + static_cast<std::ptrdiff_t>(kIndexAt), 4, 0);
    setU32(b, kFooterAt + 4 + 4, kIndexAt + 4);
    warnings.clear();
    EXPECT_EQ(readRtx(b, "ENGLISH.RTX", &warnings), expected);
    EXPECT_TRUE(onlyWarning(warnings, kFooterAt + 4 + 4, "RTX index_offset", "index at 80"));

    b = rtxFixture(); // 3 bytes between the index and the footer
    b.insert(b.begin() + static_cast<std::ptrdiff_t>(kFooterAt), 3, 0);
    warnings.clear();
    EXPECT_EQ(readRtx(b, "ENGLISH.RTX", &warnings), expected);
    EXPECT_TRUE(onlyWarning(warnings, kFooterAt, "RTX index", "3 bytes between the index and the footer"));
}

TEST(Rtx, PayloadDeparturesReadWithWarnings) {
    Bytes b = rtxFixture();
    b[kBonPayload] = 2;     // payload[0]
    b[kBonPayload + 4] = 1; // reserved
    rgx::Warnings warnings;
    RtxFile f = readRtx(b, "ENGLISH.RTX", &warnings);
    EXPECT_EQ(warnings.size(), 2u) << rgx::testing::listWarnings(warnings);
    EXPECT_TRUE(hasWarning(warnings, kBonPayload, "RTX '#bon' kind", "always 0"));
    EXPECT_TRUE(hasWarning(warnings, kBonPayload + 4, "RTX '#bon' reserved", "always 0"));
    EXPECT_EQ(f.entries[0].payload0, 2);
    EXPECT_EQ(f.entries[0].reserved, 1);
    EXPECT_EQ(writeRtx(f), b); // kept

    b = rtxFixture();
    b[kBonPayload + 1] = 7; // an unknown subtype: the payload kept as it is
    warnings.clear();
    f = readRtx(b, "ENGLISH.RTX", &warnings);
    EXPECT_TRUE(onlyWarning(warnings, kBonPayload + 1, "RTX '#bon' subtype", "unknown subtype 7"));
    EXPECT_EQ(f.entries[0].kind, 7);
    const auto payload = b.begin() + static_cast<std::ptrdiff_t>(kBonPayload);
    EXPECT_EQ(f.entries[0].raw, Bytes(payload, payload + 14));
    EXPECT_EQ(writeRtx(f), b);

    b = rtxFixture();
    b[kVoxHeader + 0x0C] = 64; // SFX's value of unused_0c
    warnings.clear();
    f = readRtx(b, "ENGLISH.RTX", &warnings);
    EXPECT_TRUE(onlyWarning(warnings, kVoxHeader + 0x0C, "RTX 'vox1' audio unused_0c", "always 100"));

    Bytes longer = textPayload("Hi there");
    longer.insert(longer.end(), {0, 0});
    b = laidOut({{"#bon", longer}});
    warnings.clear();
    f = readRtx(b, "ENGLISH.RTX", &warnings);
    EXPECT_TRUE(onlyWarning(warnings, 8 + 14, "RTX '#bon' payload", "2 bytes after the text ignored"));
    EXPECT_EQ(f.entries[0].text, "Hi there");

    b = laidOut({{"same", textPayload("one")}, {"same", textPayload("two")}});
    warnings.clear();
    f = readRtx(b, "ENGLISH.RTX", &warnings);
    const std::size_t index = b.size() - 12 - 24;
    EXPECT_TRUE(onlyWarning(warnings, index + 12, "RTX index entry 1 tag", "repeated"));
    EXPECT_EQ(findRtxEntry(f, "same")->text, "one");
    EXPECT_EQ(writeRtx(f), b);
}

// How many of the 3,000 mutated inputs the reader must accept, so the checks after parsing
// (writers, round trips) really run: far below the spread measured (247..319 over seeds 1..30).
constexpr std::size_t kMinAccepted_rtx = 150;

TEST(RtxFuzz, MutatedWriterOutputNeverCrashes) {
    RtxFile f = readRtx(rtxFixture(), "x");
    f.entries.push_back(f.entries[0]);
    f.entries.back().tag = "zbza";
    f.entries.back().text = "Another line";
    std::vector<Bytes> seeds = {writeRtx(f), rtxFixture()};
    for (Bytes& b : rgx::testing::corpusSeeds({".rtx"}))
        seeds.push_back(std::move(b));
    const rgx::testing::MutationStats stats =
        rgx::testing::fuzzRun("rtx", seeds, rgxFuzz_rtx, 3000, kMinAccepted_rtx);
    EXPECT_EQ(stats.runs, 3000u + seeds.size());
}
