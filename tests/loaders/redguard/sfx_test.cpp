// SFX: a hand-built MAIN.SFX (bytes laid out from the reference's tables, not by the writer) with
// every field checked, a looped effect among them; both round trips; Reject* tests naming the
// offset; the warnings; the mutation-fuzz run.
#include "loaders/redguard/sfx.h"

#include "base/error.h"
#include "tests/fuzz/fuzz_target.h"
#include "tests/loaders/le_bytes.h"
#include "tests/loaders/warning_checks.h"
#include "tests/support/fuzz_corpus.h"
#include "tests/support/mutate.h"

#include <gtest/gtest.h>

#include <string>

using namespace rgx::loaders;
using rgx::testing::hasWarning;
using rgx::testing::onlyWarning;
using rgx::testing::put16;
using rgx::testing::put32;
using rgx::testing::put32be;
using rgx::testing::putText;
using rgx::testing::throwsAt;

RGX_DECLARE_FUZZ_TARGET(sfx);

namespace {

// Offsets in sfxFixture(): FXHD tag 0, its size 4, description 8, effect count 40 (0x28), FXDT
// tag 44, its size 48, then the effect records (27-byte header + PCM each) and END.
constexpr std::size_t kCountAt = 40;
constexpr std::size_t kFxdtSizeAt = 48;
constexpr std::size_t kEffect0 = 52;
constexpr std::size_t kEffect1 = kEffect0 + 27 + 4;
constexpr std::size_t kEffect2 = kEffect1 + 27 + 8;
constexpr std::size_t kEndAt = kEffect2 + 27 + 6;

void putHeader(Bytes& b, std::uint32_t type, std::uint32_t bitDepth, std::uint32_t rate,
               std::uint8_t loopFlag, std::uint32_t length) {
    put32(b, type);
    put32(b, bitDepth);
    put32(b, rate);
    b.push_back(64);       // unused_0c
    b.push_back(loopFlag); // loop_flag (i8)
    put32(b, 0);           // loop_offset
    put32(b, 0xFFFFFFFF);  // loop_end
    put32(b, length);      // data_length
    b.push_back(0);        // reserved_1a
}

// Three effects: 0 plays once (8-bit mono, 11025 Hz, 4 samples); 1 loops with flag -1 (16-bit
// stereo, 22050 Hz, 2 frames); 2 loops with flag -31 (16-bit mono, 22050 Hz, 3 samples).
Bytes sfxFixture() {
    Bytes b;
    putText(b, "FXHD");
    put32be(b, 36);
    putText(b, "SoupFX effects");
    b.insert(b.end(), 32 - 14, 0);
    put32(b, 3);
    putText(b, "FXDT");
    put32be(b, (27 + 4) + (27 + 8) + (27 + 6));
    putHeader(b, 0, 0, 11025, 0, 4);
    b.insert(b.end(), {0x80, 0x81, 0x7F, 0x90});
    putHeader(b, 3, 1, 22050, 0xFF, 8);
    put16(b, 0x0100); // left
    put16(b, 0xFF00); // right
    put16(b, 0x7FFF);
    put16(b, 0x8000);
    putHeader(b, 1, 1, 22050, 0xE1, 6);
    put16(b, 1);
    put16(b, 2);
    put16(b, 3);
    putText(b, "END ");
    return b;
}

SfxFile demoFile() {
    SfxFile f;
    f.description = std::string("demo\0tail", 9);
    SoundClip wind;
    wind.type = 0;
    wind.loopFlag = -1;
    wind.pcm = Bytes(11025, 0x80);
    SoundClip hit;
    hit.type = 1;
    hit.bitDepth = 1;
    hit.sampleRate = 22050;
    hit.pcm = {1, 2, 3, 4};
    f.effects = {wind, hit, SoundClip{}};
    return f;
}

void setByte(Bytes& b, std::size_t at, std::uint8_t v) {
    b.at(at) = v;
}
void setU32(Bytes& b, std::size_t at, std::uint32_t v) {
    for (int i = 0; i < 4; ++i)
        b.at(at + static_cast<std::size_t>(i)) = static_cast<std::uint8_t>(v >> (8 * i));
}

} // namespace

TEST(Sfx, ReadsHandBuiltFile) {
    const SfxFile f = rgx::testing::readQuietly(
        "fixture", [](rgx::Warnings* w) { return readSfx(sfxFixture(), "MAIN.SFX", w); });
    EXPECT_EQ(f.description, "SoupFX effects");
    ASSERT_EQ(f.effects.size(), 3u);

    const SoundClip& once = f.effects[0];
    EXPECT_EQ(once.type, 0u);
    EXPECT_EQ(once.bitDepth, 0u);
    EXPECT_EQ(once.sampleRate, 11025u);
    EXPECT_EQ(once.unused, 64);
    EXPECT_EQ(once.loopFlag, 0);
    EXPECT_EQ(once.loopOffset, 0u);
    EXPECT_EQ(once.loopEnd, 0xFFFFFFFFu);
    EXPECT_EQ(once.reserved, 0);
    EXPECT_EQ(once.pcm, (Bytes{0x80, 0x81, 0x7F, 0x90}));
    EXPECT_FALSE(looping(once));
    EXPECT_EQ(soundChannels(once), 1);
    EXPECT_EQ(soundBytesPerSample(once), 1);
    EXPECT_STREQ(soundTypeName(once.type), "mono8");
    EXPECT_DOUBLE_EQ(soundDurationSeconds(once), 4.0 / 11025.0);

    const SoundClip& loop = f.effects[1];
    EXPECT_EQ(loop.type, 3u);
    EXPECT_EQ(loop.bitDepth, 1u);
    EXPECT_EQ(loop.sampleRate, 22050u);
    EXPECT_EQ(loop.unused, 64);
    EXPECT_EQ(loop.loopFlag, -1);
    EXPECT_EQ(loop.loopOffset, 0u);
    EXPECT_EQ(loop.loopEnd, 0xFFFFFFFFu);
    EXPECT_EQ(loop.reserved, 0);
    EXPECT_EQ(loop.pcm, (Bytes{0x00, 0x01, 0x00, 0xFF, 0xFF, 0x7F, 0x00, 0x80}));
    EXPECT_TRUE(looping(loop));
    EXPECT_EQ(soundChannels(loop), 2);
    EXPECT_EQ(soundBytesPerSample(loop), 2);
    EXPECT_STREQ(soundTypeName(loop.type), "stereo16");
    EXPECT_DOUBLE_EQ(soundDurationSeconds(loop), 2.0 / 22050.0); // 8 bytes = 2 stereo 16-bit frames

    const SoundClip& charmer = f.effects[2];
    EXPECT_EQ(charmer.type, 1u);
    EXPECT_EQ(charmer.loopFlag, -31);
    EXPECT_TRUE(looping(charmer));
    EXPECT_EQ(soundChannels(charmer), 1);
    EXPECT_EQ(soundBytesPerSample(charmer), 2);
    EXPECT_DOUBLE_EQ(soundDurationSeconds(charmer), 3.0 / 22050.0);
    EXPECT_EQ(charmer.pcm, (Bytes{1, 0, 2, 0, 3, 0}));

    EXPECT_TRUE(looksLikeSfx(sfxFixture()));
    EXPECT_FALSE(looksLikeSfx(Bytes{'F', 'X', 'H', 'D'}));
}

TEST(Sfx, UnknownTypeHasNoSampleLayout) {
    SoundClip c;
    c.type = 9;
    c.pcm = {1, 2, 3};
    EXPECT_EQ(soundChannels(c), 0);
    EXPECT_EQ(soundBytesPerSample(c), 0);
    EXPECT_EQ(soundDurationSeconds(c), 0.0);
    EXPECT_STREQ(soundTypeName(c.type), "unknown");
    c.type = 2;
    c.sampleRate = 0;
    EXPECT_EQ(soundDurationSeconds(c), 0.0);
}

TEST(Sfx, RoundTrips) {
    EXPECT_EQ(writeSfx(readSfx(sfxFixture(), "x")), sfxFixture());
    const SfxFile f = demoFile();
    const Bytes b = writeSfx(f);
    EXPECT_EQ(readSfx(b, "x"), f);
    EXPECT_EQ(writeSfx(readSfx(b, "x")), b);
    EXPECT_EQ(readSfx(writeSfx(SfxFile{}), "x"), SfxFile{});
}

TEST(Sfx, WriterRejectsALongDescription) {
    SfxFile f;
    f.description = std::string(33, 'x');
    EXPECT_THROW(writeSfx(f), rgx::Error);
}

// Every prefix throws (naming an offset inside it) or reads with a warning. Only the prefixes cut
// in the final "END " read: the effects are whole and the missing END is a warning.
TEST(Sfx, EveryTruncationThrowsOrWarns) {
    const Bytes full = sfxFixture();
    std::vector<std::size_t> read;
    for (std::size_t n = 0; n < full.size(); ++n) {
        const Bytes cut(full.begin(), full.begin() + static_cast<std::ptrdiff_t>(n));
        EXPECT_TRUE(rgx::testing::prefixIsNotWhole([&](rgx::Warnings* w) { readSfx(cut, "x", w); }, n));
        try {
            readSfx(cut, "x");
            read.push_back(n);
        } catch (const rgx::Error&) {
        }
    }
    EXPECT_EQ(read, (std::vector<std::size_t>{kEndAt, kEndAt + 1, kEndAt + 2, kEndAt + 3}));
    rgx::Warnings warnings;
    const SfxFile f = readSfx(ByteSpan(full).first(kEndAt + 2), "x", &warnings);
    EXPECT_TRUE(onlyWarning(warnings, kEndAt, "SFX END tag", "no 'END ' after the effects"));
    EXPECT_EQ(f, readSfx(full, "x"));
}

TEST(Sfx, RejectPcmPastTheEnd) {
    Bytes b = sfxFixture();
    setU32(b, kEffect2 + 0x16, 11); // 6 bytes of PCM and "END " are left: 10

    EXPECT_TRUE(throwsAt([&] { readSfx(b, "MAIN.SFX"); }, kEffect2 + 0x16, "SFX effect 2 data_length",
                         "only 10 left"));
    setU32(b, kEffect2 + 0x16, 0xFFFFFFF0);
    EXPECT_TRUE(throwsAt([&] { readSfx(b, "MAIN.SFX"); }, kEffect2 + 0x16, "SFX effect 2 data_length",
                         "(truncated)"));
}

TEST(Sfx, RejectACountPastTheBytesLeft) {
    Bytes b = sfxFixture();
    setU32(b, kCountAt, 0x10000000);
    EXPECT_TRUE(throwsAt([&] { readSfx(b, "MAIN.SFX"); }, kCountAt, "SFX effect_count", "do not fit"));
    // A count that fits the bytes left but not the records: the fourth header is cut.
    setU32(b, kCountAt, 4);
    b.insert(b.end(), 10, 0);
    EXPECT_TRUE(throwsAt([&] { readSfx(b, "MAIN.SFX"); }, kEndAt, "SFX effect 3 header", "only 14 left"));
}

TEST(Sfx, RejectHeaderChunks) {
    Bytes b = sfxFixture();
    b[0] = 'X';
    EXPECT_TRUE(throwsAt([&] { readSfx(b, "MAIN.SFX"); }, 0, "SFX chunk tag", "starts with FXHD"));
    b = sfxFixture();
    b[7] = 35;
    EXPECT_TRUE(throwsAt([&] { readSfx(b, "MAIN.SFX"); }, 4, "SFX FXHD size", "needs 36"));
    b[4] = 0x10;
    EXPECT_TRUE(throwsAt([&] { readSfx(b, "MAIN.SFX"); }, 4, "SFX FXHD size", "left"));
    // No FXDT at all: the FXHD is followed by the end of the file.
    const Bytes full = sfxFixture();
    b = Bytes(full.begin(), full.begin() + 44);
    EXPECT_TRUE(throwsAt([&] { readSfx(b, "MAIN.SFX"); }, 44, "SFX chunk tag", "truncated"));
}

TEST(Sfx, UnusualHeaderValuesReadWithWarnings) {
    Bytes b = sfxFixture();
    setByte(b, kEffect1 + 0x0D, 5); // loop flag 5: still loops
    rgx::Warnings warnings;
    SfxFile f = readSfx(b, "MAIN.SFX", &warnings);
    EXPECT_TRUE(onlyWarning(warnings, kEffect1 + 0x0D, "SFX effect 1 loop_flag", "any non-zero value loops"));
    EXPECT_EQ(warnings[0].path, "MAIN.SFX");
    EXPECT_EQ(f.effects[1].loopFlag, 5);
    EXPECT_TRUE(looping(f.effects[1]));
    EXPECT_EQ(writeSfx(f), b); // every header value is kept

    b = sfxFixture();
    setU32(b, kEffect0 + 0x04, 1); // bit_depth 16 on an 8-bit type
    setU32(b, kEffect0 + 0x08, 8000);
    setByte(b, kEffect0 + 0x0C, 100);
    setU32(b, kEffect0 + 0x0E, 2);
    setU32(b, kEffect0 + 0x12, 5);
    setByte(b, kEffect0 + 0x1A, 9);
    warnings.clear();
    f = readSfx(b, "MAIN.SFX", &warnings);
    EXPECT_EQ(warnings.size(), 6u) << rgx::testing::listWarnings(warnings);
    EXPECT_TRUE(hasWarning(warnings, kEffect0 + 0x04, "SFX effect 0 bit_depth", "the type decides"));
    EXPECT_TRUE(hasWarning(warnings, kEffect0 + 0x08, "SFX effect 0 sample_rate", "8000 Hz"));
    EXPECT_TRUE(hasWarning(warnings, kEffect0 + 0x0C, "SFX effect 0 unused_0c", "always 64"));
    EXPECT_TRUE(hasWarning(warnings, kEffect0 + 0x0E, "SFX effect 0 loop_offset", "always 0"));
    EXPECT_TRUE(hasWarning(warnings, kEffect0 + 0x12, "SFX effect 0 loop_end", "0xFFFFFFFF"));
    EXPECT_TRUE(hasWarning(warnings, kEffect0 + 0x1A, "SFX effect 0 reserved_1a", "always 0"));
    EXPECT_EQ(f.effects[0].sampleRate, 8000u);
    EXPECT_EQ(writeSfx(f), b);

    b = sfxFixture();
    setU32(b, kEffect2, 7); // unknown type
    warnings.clear();
    f = readSfx(b, "MAIN.SFX", &warnings);
    EXPECT_TRUE(onlyWarning(warnings, kEffect2, "SFX effect 2 type_id", "unknown type 7"));
    EXPECT_EQ(f.effects[2].pcm.size(), 6u);

    b = sfxFixture();
    setU32(b, kEffect1 + 0x16, 7); // 7 bytes of 16-bit stereo; the next effect starts one byte early
    b.erase(b.begin() + static_cast<std::ptrdiff_t>(kEffect2 - 1));
    b[kFxdtSizeAt + 3] -= 1;
    warnings.clear();
    f = readSfx(b, "MAIN.SFX", &warnings);
    EXPECT_TRUE(onlyWarning(warnings, kEffect1 + 0x16, "SFX effect 1 data_length", "4-byte sample frames"));
}

TEST(Sfx, SectionDeparturesReadWithWarnings) {
    // An FXDT size that is not the records' byte count: the effects are read by count.
    Bytes b = sfxFixture();
    b[kFxdtSizeAt + 3] = 0x10;
    rgx::Warnings warnings;
    SfxFile f = readSfx(b, "MAIN.SFX", &warnings);
    EXPECT_TRUE(onlyWarning(warnings, kFxdtSizeAt, "SFX FXDT size", "read by count"));
    EXPECT_EQ(f, readSfx(sfxFixture(), "x"));
    EXPECT_EQ(writeSfx(f), sfxFixture());

    // Bytes after END, a longer FXHD, and a chunk between FXHD and FXDT.
    b = sfxFixture();
    b.insert(b.end(), {0, 0});
    warnings.clear();
    EXPECT_EQ(readSfx(b, "MAIN.SFX", &warnings), readSfx(sfxFixture(), "x"));
    EXPECT_TRUE(onlyWarning(warnings, kEndAt + 4, "SFX trailer", "2 bytes after 'END ' ignored"));

    b = sfxFixture();
    b[7] = 40;
    b.insert(b.begin() + 44, {9, 9, 9, 9});
    warnings.clear();
    EXPECT_EQ(readSfx(b, "MAIN.SFX", &warnings), readSfx(sfxFixture(), "x"));
    EXPECT_TRUE(onlyWarning(warnings, 4, "SFX FXHD size", "FXHD is 40 bytes"));

    b = sfxFixture();
    const Bytes chunk = {'N', 'O', 'T', 'E', 0, 0, 0, 2, 'h', 'i'};
    b.insert(b.begin() + 44, chunk.begin(), chunk.end());
    warnings.clear();
    EXPECT_EQ(readSfx(b, "MAIN.SFX", &warnings), readSfx(sfxFixture(), "x"));
    EXPECT_TRUE(onlyWarning(warnings, 44, "SFX chunk tag", "unexpected chunk 'NOTE'"));
    b[48] = 0x7F; // its size past the end
    EXPECT_TRUE(throwsAt([&] { readSfx(b, "MAIN.SFX"); }, 52, "SFX NOTE size", "exceeds"));
}

// How many of the 3,000 mutated inputs the reader must accept, so the checks after parsing
// (writers, round trips) really run: far below the spread measured (680..759 over seeds 1..30).
constexpr std::size_t kMinAccepted_sfx = 400;

TEST(SfxFuzz, MutatedWriterOutputNeverCrashes) {
    SfxFile small = demoFile();
    small.effects[0].pcm.resize(40);
    std::vector<Bytes> seeds = {writeSfx(small), sfxFixture()};
    for (Bytes& b : rgx::testing::corpusSeeds({".sfx"}))
        seeds.push_back(std::move(b));
    const rgx::testing::MutationStats stats =
        rgx::testing::fuzzRun("sfx", seeds, rgxFuzz_sfx, 3000, kMinAccepted_sfx);
    EXPECT_EQ(stats.runs, 3000u + seeds.size());
}
