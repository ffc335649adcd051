#include "loaders/systemshock/res_compression.h"
#include "loaders/systemshock/res_file.h"
#include "tests/fuzz/fuzz_target.h"
#include "tests/loaders/warning_checks.h"
#include "tests/support/mutate.h"

#include <gtest/gtest.h>

#include <random>
#include <string_view>

using namespace rgx::loaders;
using namespace rgx::loaders::systemshock;

RGX_DECLARE_FUZZ_TARGET(ss_res);

namespace {

Bytes ascii(std::string_view s) {
    return Bytes(s.begin(), s.end());
}

void putU24(ByteWriter& w, std::uint32_t v) {
    w.u16(std::uint16_t(v)), w.u8(std::uint8_t(v >> 16));
}

// §1.1.1: the signature, 0x1A, zeros to 0x7C, the directory offset.
void putHeader(ByteWriter& w, std::uint32_t directoryOffset) {
    w.bytes(ascii("LG Res File v2\r\n"));
    w.u8(0x1A);
    w.zeros(0x7C - 17);
    w.u32(directoryOffset);
}

// §1.1.2: id, u24 unpacked, type (flags), u24 packed, content type.
void putEntry(ByteWriter& w, std::uint16_t id, std::uint32_t unpacked, std::uint8_t flags,
              std::uint32_t packed, std::uint8_t type) {
    w.u16(id), putU24(w, unpacked), w.u8(flags), putU24(w, packed), w.u8(type);
}

// A plain text chunk and a sub-divided map chunk, worked from §1.1:
//   0..127    header, directory offset 156
//   128..132  chunk 0x0FA0 "HELLO" (flat uncompressed, text), then 3 zeros to the 4-byte boundary
//   136..153  chunk 0x0FA1 (subdir uncompressed, map): u16 2 blocks, u32 offsets 14, 17, 18 (the
//             table is 2 + 3 x 4 = 14 bytes), blocks {1,2,3} and {4}; then 2 zeros
//   156..181  directory: u16 2, u32 first chunk 128, two 10-byte entries (at 162 and 172)
Bytes plainFixture() {
    ByteWriter w;
    putHeader(w, 156);
    w.bytes(ascii("HELLO")), w.zeros(3);
    w.u16(2), w.u32(14), w.u32(17), w.u32(18);
    w.bytes(Bytes{1, 2, 3, 4}), w.zeros(2);
    w.u16(2), w.u32(128);
    putEntry(w, 0x0FA0, 5, 0x00, 5, 0x01);
    putEntry(w, 0x0FA1, 18, 0x02, 18, 0x30);
    return w.take();
}

// "ABABABA" by hand (res_compression_test.cpp, EncodesAHandWorkedExample): 10 bytes.
const Bytes kAbababaStream = {0x01, 0x04, 0x04, 0x20, 0x40, 0x01, 0x02, 0xFF, 0xFC, 0x00};

// Compressed chunks:
//   128..137  chunk 0x0FA2 (flat compressed, bitmap): "ABABABA", 7 unpacked, 10 packed; 2 zeros
//   140..163  chunk 0x0FA3 (subdir compressed, map): the 14-byte table (2 blocks at 14, 18, end
//             21) stored as it is, then the stream of "ABAB" + "ABA": 21 unpacked, 24 packed
//   164..189  directory, entries at 170 and 180
Bytes compressedFixture() {
    ByteWriter w;
    putHeader(w, 164);
    w.bytes(kAbababaStream), w.zeros(2);
    w.u16(2), w.u32(14), w.u32(18), w.u32(21);
    w.bytes(kAbababaStream);
    w.u16(2), w.u32(128);
    putEntry(w, 0x0FA2, 7, 0x01, 10, 0x02);
    putEntry(w, 0x0FA3, 21, 0x03, 24, 0x30);
    return w.take();
}

ResFile plainFile() {
    ResFile f;
    f.chunks.push_back({0x0FA0, 0x00, 0x01, ascii("HELLO"), {}, {}});
    f.chunks.push_back({0x0FA1, 0x02, 0x30, {}, {{1, 2, 3}, {4}}, {}});
    return f;
}

ResFile compressedFile() {
    ResFile f;
    f.chunks.push_back({0x0FA2, 0x01, 0x02, ascii("ABABABA"), {}, {}});
    f.chunks.push_back({0x0FA3, 0x03, 0x30, {}, {ascii("ABAB"), ascii("ABA")}, {}});
    return f;
}

// A file of random chunks of every kind (plain, compressed, sub-divided, both), some with a
// two-byte gap before their blocks, some empty, some repetitive.
ResFile randomFile(std::uint32_t seed) {
    std::mt19937 rng(seed);
    auto bytes = [&](std::size_t n) {
        Bytes b(n);
        const bool repetitive = rng() % 2;
        for (std::size_t i = 0; i < n; ++i)
            b[i] = repetitive ? std::uint8_t((i / 7) % 5) : std::uint8_t(rng());
        return b;
    };
    ResFile f;
    const std::size_t count = rng() % 12;
    for (std::size_t i = 0; i < count; ++i) {
        ResChunk c;
        c.id = std::uint16_t(0x0FA0 + i);
        c.flags = std::uint8_t(rng() % 4);
        c.contentType = std::uint8_t(rng() % 0x31);
        if (c.subdivided()) {
            const std::size_t blocks = rng() % 6;
            for (std::size_t b = 0; b < blocks; ++b)
                c.blocks.push_back(bytes(rng() % 3000));
            if (rng() % 3 == 0) c.blockGap = {0, 0};
        } else {
            c.data = bytes(rng() % 5000);
        }
        f.chunks.push_back(std::move(c));
    }
    return f;
}

} // namespace

TEST(SystemShockRes, ReadsHandBuiltPlainAndSubdividedChunks) {
    const Bytes file = plainFixture();
    ASSERT_EQ(file.size(), 182u);
    rgx::Warnings warnings;
    const ResDirectory dir = readResDirectory(file, "TEST.RES", &warnings);
    EXPECT_TRUE(warnings.empty()) << rgx::testing::listWarnings(warnings);
    EXPECT_EQ(dir.comment, "");
    EXPECT_EQ(dir.directoryOffset, 156u);
    EXPECT_EQ(dir.firstChunkOffset, 128u);
    ASSERT_EQ(dir.entries.size(), 2u);
    EXPECT_EQ(dir.entries[0], (ResDirEntry{0x0FA0, 5, 0x00, 5, 0x01, 128, 162}));
    EXPECT_EQ(dir.entries[1], (ResDirEntry{0x0FA1, 18, 0x02, 18, 0x30, 136, 172}));
    EXPECT_TRUE(dir.entries[1].subdivided());
    EXPECT_FALSE(dir.entries[1].compressed());

    const ResFile res = readResFile(file, "TEST.RES", &warnings);
    EXPECT_TRUE(warnings.empty()) << rgx::testing::listWarnings(warnings);
    EXPECT_EQ(res, plainFile());
    EXPECT_EQ(findResChunk(res, 0x0FA1), &res.chunks[1]);
    EXPECT_EQ(findResChunk(res, 0x0FA4), nullptr);
    EXPECT_EQ(resContentTypeName(0x30), "map");
    EXPECT_EQ(resContentTypeName(0x01), "text");
    EXPECT_EQ(resContentTypeName(0x05), "unknown");
    EXPECT_TRUE(looksLikeResFile(file));
}

TEST(SystemShockRes, ReadsHandBuiltCompressedChunks) {
    const Bytes file = compressedFixture();
    ASSERT_EQ(file.size(), 190u);
    rgx::Warnings warnings;
    const ResDirectory dir = readResDirectory(file, "TEST.RES", &warnings);
    EXPECT_EQ(dir.entries[0], (ResDirEntry{0x0FA2, 7, 0x01, 10, 0x02, 128, 170}));
    EXPECT_EQ(dir.entries[1], (ResDirEntry{0x0FA3, 21, 0x03, 24, 0x30, 140, 180}));
    const ResFile res = readResFile(file, "TEST.RES", &warnings);
    EXPECT_TRUE(warnings.empty()) << rgx::testing::listWarnings(warnings);
    EXPECT_EQ(res, compressedFile());
}

TEST(SystemShockRes, WriterBuildsTheHandBuiltFiles) {
    EXPECT_EQ(writeResFile(plainFile()), plainFixture());
    EXPECT_EQ(writeResFile(compressedFile()), compressedFixture());
    EXPECT_EQ(writeResFile(readResFile(plainFixture(), "x")), plainFixture());
    EXPECT_EQ(writeResFile(readResFile(compressedFixture(), "x")), compressedFixture());
}

TEST(SystemShockRes, RoundTripsEveryKindOfChunk) {
    ResFile mixed = plainFile();
    for (const ResChunk& c : compressedFile().chunks)
        mixed.chunks.push_back(c);
    mixed.comment = "made by rgx";
    mixed.chunks.push_back({0x0100, 0x02, 0x00, {}, {}, {}});              // no blocks: a 6-byte table
    mixed.chunks.push_back({0x0101, 0x03, 0x00, {}, {{}, {9}}, {0, 0}});   // gap, an empty block
    mixed.chunks.push_back({0x0102, 0x01, 0x07, {}, {}, {}});              // compressed, empty
    mixed.chunks.push_back({0x0103, 0x08, 0x04, Bytes(13, 0xEE), {}, {}}); // load-on-open flag
    const Bytes bytes = writeResFile(mixed);
    rgx::Warnings warnings;
    const ResFile back = readResFile(bytes, "x", &warnings);
    EXPECT_TRUE(warnings.empty()) << rgx::testing::listWarnings(warnings);
    EXPECT_EQ(back, mixed);
    EXPECT_EQ(writeResFile(back), bytes);
    const ResDirectory dir = readResDirectory(bytes, "x");
    EXPECT_EQ(dir.comment, "made by rgx");
    EXPECT_EQ(dir.entries[4].unpackedSize, 6u);
    EXPECT_EQ(dir.entries[5].unpackedSize, 2u + 3 * 4 + 2 + 1);
    // The empty file: header and a 6-byte directory at 128.
    const Bytes empty = writeResFile(ResFile{});
    EXPECT_EQ(empty.size(), 134u);
    EXPECT_EQ(readResFile(empty, "x", &warnings), ResFile{});
    EXPECT_TRUE(warnings.empty()) << rgx::testing::listWarnings(warnings);
}

TEST(SystemShockRes, RandomFilesRoundTrip) {
    int compressedChunks = 0, shrunk = 0;
    for (std::uint32_t seed = 0; seed < 40; ++seed) {
        SCOPED_TRACE(seed);
        const ResFile f = randomFile(seed);
        const Bytes bytes = writeResFile(f);
        rgx::Warnings warnings;
        ASSERT_EQ(readResFile(bytes, "x", &warnings), f);
        EXPECT_TRUE(warnings.empty()) << rgx::testing::listWarnings(warnings);
        EXPECT_EQ(writeResFile(readResFile(bytes, "x")), bytes);
        for (const ResDirEntry& e : readResDirectory(bytes, "x").entries) {
            EXPECT_EQ(e.offset % 4, 0u);
            if (e.compressed() && e.unpackedSize > 1000) {
                ++compressedChunks;
                shrunk += e.packedSize < e.unpackedSize;
            }
        }
    }
    // About half the chunks are repetitive: they must come out smaller.
    EXPECT_GT(compressedChunks, 20);
    EXPECT_GT(shrunk, compressedChunks / 4);
}

// Every prefix is refused with an offset inside it, or read with a warning.
TEST(SystemShockRes, RejectEveryTruncation) {
    for (const Bytes& full : {plainFixture(), compressedFixture()}) {
        for (std::size_t n = 0; n < full.size(); ++n) {
            const Bytes cut(full.begin(), full.begin() + std::ptrdiff_t(n));
            EXPECT_TRUE(
                rgx::testing::prefixIsNotWhole([&](rgx::Warnings* w) { readResFile(cut, "x", w); }, n))
                << n;
        }
    }
}

TEST(SystemShockRes, RejectTruncatedHeader) {
    const Bytes file = plainFixture();
    EXPECT_TRUE(rgx::testing::throwsAt([&] { readResFile(Bytes(file.begin(), file.begin() + 10), "x"); }, 0,
                                       "RES signature", "truncated"));
    EXPECT_TRUE(rgx::testing::throwsAt([&] { readResFile(Bytes(file.begin(), file.begin() + 100), "x"); }, 16,
                                       "RES header", "truncated"));
    EXPECT_FALSE(looksLikeResFile(Bytes(file.begin(), file.begin() + 100)));
}

TEST(SystemShockRes, RejectAnotherSignature) {
    Bytes file = plainFixture();
    file[13] = '3'; // "LG Res File v3"
    EXPECT_TRUE(rgx::testing::throwsAt([&] { readResFile(file, "x"); }, 0, "RES signature", "not an LG"));
    EXPECT_FALSE(looksLikeResFile(file));
}

TEST(SystemShockRes, RejectDirectoryOutsideTheFile) {
    Bytes file = plainFixture();
    file[0x7C] = 180; // 2 bytes before the end: no room for the 6-byte directory header
    EXPECT_TRUE(rgx::testing::throwsAt([&] { readResFile(file, "x"); }, 0x7C, "RES directory offset",
                                       "past the end"));
    file[0x7C] = 100; // inside the header
    EXPECT_TRUE(
        rgx::testing::throwsAt([&] { readResFile(file, "x"); }, 0x7C, "RES directory offset", "inside"));
}

TEST(SystemShockRes, RejectTruncatedDirectory) {
    const Bytes file = plainFixture();
    const Bytes cut(file.begin(), file.end() - 1); // the last entry loses its content type
    EXPECT_TRUE(rgx::testing::throwsAt([&] { readResFile(cut, "x"); }, 156, "RES chunk count", "do not fit"));
}

TEST(SystemShockRes, RejectChunkCountTooLarge) {
    Bytes file = plainFixture();
    file[156] = 3; // 30 bytes of entries, 20 there
    EXPECT_TRUE(
        rgx::testing::throwsAt([&] { readResFile(file, "x"); }, 156, "RES chunk count", "do not fit"));
    file[156] = 0xFF, file[157] = 0xFF;
    EXPECT_TRUE(rgx::testing::throwsAt([&] { readResFile(file, "x"); }, 156, "RES chunk count"));
}

TEST(SystemShockRes, RejectFirstChunkInsideTheHeader) {
    Bytes file = plainFixture();
    file[158] = 100;
    EXPECT_TRUE(
        rgx::testing::throwsAt([&] { readResFile(file, "x"); }, 158, "RES first chunk offset", "inside"));
}

TEST(SystemShockRes, RejectChunkPastTheEnd) {
    Bytes file = plainFixture();
    file[172 + 6] = 0xFF, file[172 + 7] = 0xFF; // chunk 1: 65,535 packed bytes at 136
    EXPECT_TRUE(rgx::testing::throwsAt([&] { readResFile(file, "x"); }, 178, "RES chunk packed size",
                                       "past the end"));
    file = plainFixture();
    file[172 + 6] = 30; // 136 + 30 runs over the directory at 156
    EXPECT_TRUE(rgx::testing::throwsAt([&] { readResFile(file, "x"); }, 178, "RES chunk packed size",
                                       "into the directory"));
}

TEST(SystemShockRes, RejectPlainChunkShorterThanItsUnpackedSize) {
    Bytes file = plainFixture();
    file[162 + 2] = 6; // "HELLO" claims 6 bytes
    EXPECT_TRUE(rgx::testing::throwsAt([&] { readResFile(file, "x"); }, 168, "RES chunk packed size",
                                       "not compressed"));
}

TEST(SystemShockRes, RejectUnpackedSizeThePackedBytesCannotMake) {
    Bytes file = compressedFixture();
    file[170 + 2] = 0xFF, file[170 + 3] = 0xFF, file[170 + 4] = 0xFF; // 16 MiB from 10 bytes
    EXPECT_TRUE(rgx::testing::throwsAt([&] { readResDirectory(file, "x"); }, 172, "RES chunk unpacked size",
                                       "cannot come from"));
}

TEST(SystemShockRes, RejectBlockTablePastItsChunk) {
    Bytes file = plainFixture();
    file[136] = 5; // 5 blocks: a 26-byte table in an 18-byte chunk
    EXPECT_TRUE(rgx::testing::throwsAt([&] { readResFile(file, "x"); }, 136, "RES block count", "runs past"));
    Bytes packed = compressedFixture();
    packed[140] = 6; // 6 blocks: a 30-byte table in 24 stored bytes
    EXPECT_TRUE(
        rgx::testing::throwsAt([&] { readResFile(packed, "x"); }, 140, "RES block count", "runs past"));
}

TEST(SystemShockRes, RejectBlockOffsetsThatGoBackwards) {
    Bytes file = plainFixture();
    file[142] = 16, file[146] = 15; // offsets 14, 16, 15
    EXPECT_TRUE(
        rgx::testing::throwsAt([&] { readResFile(file, "x"); }, 146, "RES block offset", "goes back"));
}

TEST(SystemShockRes, RejectBlockPastItsChunk) {
    Bytes file = plainFixture();
    file[146] = 19; // the end offset past the 18-byte chunk
    EXPECT_TRUE(
        rgx::testing::throwsAt([&] { readResFile(file, "x"); }, 146, "RES block offset", "runs past"));
}

TEST(SystemShockRes, RejectFirstBlockInsideTheTable) {
    Bytes file = plainFixture();
    file[138] = 10;
    EXPECT_TRUE(rgx::testing::throwsAt([&] { readResFile(file, "x"); }, 138, "RES block offset", "inside"));
    Bytes packed = compressedFixture();
    packed[142] = 10;
    EXPECT_TRUE(rgx::testing::throwsAt([&] { readResFile(packed, "x"); }, 142, "RES block offset", "inside"));
    packed = compressedFixture();
    packed[142] = 25; // past the 24 stored bytes
    EXPECT_TRUE(rgx::testing::throwsAt([&] { readResFile(packed, "x"); }, 142, "RES block offset", "past"));
}

TEST(SystemShockRes, RejectBadCompressedStream) {
    Bytes file = compressedFixture();
    file[128] = 0x04; // the first word becomes 00000100 000001 = 0x101: entry 1 before any token
    EXPECT_TRUE(
        rgx::testing::throwsAt([&] { readResFile(file, "x"); }, 128, "LZW code", "names dictionary entry 1"));
    file = compressedFixture();
    file[170 + 2] = 6; // "ABABABA" into 6 bytes: the fourth word (at bit 42) runs past
    EXPECT_TRUE(
        rgx::testing::throwsAt([&] { readResFile(file, "x"); }, 133, "LZW code", "past the expected 6"));
    file = compressedFixture();
    file[180 + 6] = 21; // the sub-divided chunk stores its table and 7 bytes: 4 words, no end word
    EXPECT_TRUE(rgx::testing::throwsAt([&] { readResFile(file, "x"); }, 161, "LZW stream", "no end word"));
}

TEST(SystemShockRes, WriterRejectsWhatTheFormatCannotHold) {
    ResFile f;
    f.comment = std::string(96, 'c');
    EXPECT_THROW(writeResFile(f), rgx::Error);
    f.comment = "a\x1A";
    EXPECT_THROW(writeResFile(f), rgx::Error);
    f.comment = std::string(95, 'c');
    EXPECT_EQ(readResFile(writeResFile(f), "x"), f);
    f.chunks.push_back({1, 0x00, 0, {}, {{1}}, {}});
    EXPECT_THROW(writeResFile(f), rgx::Error); // a plain chunk with blocks
    f.chunks[0] = {1, 0x02, 0, {1}, {}, {}};
    EXPECT_THROW(writeResFile(f), rgx::Error); // a sub-divided chunk with data
    f.chunks[0] = {1, 0x00, 0, Bytes(kResMaxSize + 1), {}, {}};
    EXPECT_THROW(writeResFile(f), rgx::Error);
}

TEST(SystemShockRes, NonZeroPaddingIsAWarning) {
    Bytes file = plainFixture();
    file[134] = 7; // between "HELLO" and chunk 1
    rgx::Warnings warnings;
    const ResFile res = readResFile(file, "x", &warnings);
    EXPECT_TRUE(rgx::testing::onlyWarning(warnings, 172, "RES chunk padding", "not zero"));
    EXPECT_EQ(writeResFile(res), plainFixture());
}

TEST(SystemShockRes, LayoutDeparturesAreWarnings) {
    // 4 bytes between the last chunk and the directory, 3 after it.
    Bytes file = plainFixture();
    file.insert(file.begin() + 156, {0, 0, 0, 0});
    file[0x7C] = 160;
    file.insert(file.end(), {1, 2, 3});
    rgx::Warnings warnings;
    ResFile res = readResFile(file, "x", &warnings);
    EXPECT_TRUE(rgx::testing::hasWarning(warnings, 0x7C, "RES directory offset", "4-byte boundary"));
    EXPECT_TRUE(rgx::testing::hasWarning(warnings, 186, "RES directory", "3 bytes after"));
    EXPECT_EQ(warnings.size(), 2u);
    EXPECT_EQ(writeResFile(res), plainFixture());

    // The first chunk 4 bytes after the header.
    file = plainFixture();
    file.insert(file.begin() + 128, {0, 0, 0, 0});
    file[0x7C] = 160;
    file[162] = 132;
    warnings.clear();
    res = readResFile(file, "x", &warnings);
    EXPECT_TRUE(rgx::testing::onlyWarning(warnings, 162, "RES first chunk offset", "not right after"));
    EXPECT_EQ(res, plainFile());

    // A comment, with leftovers after its 0x1A; then no 0x1A at all.
    file = plainFixture();
    std::copy_n("note\x1A", 5, file.begin() + 16);
    file[40] = 'x';
    warnings.clear();
    res = readResFile(file, "x", &warnings);
    EXPECT_TRUE(rgx::testing::onlyWarning(warnings, 21, "RES header", "after the comment"));
    EXPECT_EQ(res.comment, "note");
    std::fill(file.begin() + 16, file.begin() + 112, 'y');
    warnings.clear();
    res = readResFile(file, "x", &warnings);
    EXPECT_TRUE(rgx::testing::onlyWarning(warnings, 16, "RES comment", "no 0x1A"));
    EXPECT_EQ(res.comment, "");
}

TEST(SystemShockRes, EntryDeparturesAreWarnings) {
    Bytes file = plainFixture();
    file[172] = 0xA0;     // chunk 1 takes chunk 0's id
    file[162 + 5] = 0x40; // an unknown flag on chunk 0
    rgx::Warnings warnings;
    const ResFile res = readResFile(file, "x", &warnings);
    EXPECT_TRUE(rgx::testing::hasWarning(warnings, 172, "RES chunk id", "more than once"));
    EXPECT_TRUE(rgx::testing::hasWarning(warnings, 167, "RES chunk flags", "unknown flag bits 64"));
    EXPECT_EQ(warnings.size(), 2u);
    EXPECT_EQ(res.chunks[0].flags, 0x40);
    EXPECT_EQ(findResChunk(res, 0x0FA0), &res.chunks[0]);
    EXPECT_EQ(writeResFile(res), file); // both kept as they are

    // Stored bytes past a plain chunk's unpacked size, and past a sub-divided chunk's last block.
    file = plainFixture();
    file[162 + 2] = 4; // "HELL" of "HELLO"
    file[146] = 17;    // the last block ends at 17 of 18
    warnings.clear();
    const ResFile cut = readResFile(file, "x", &warnings);
    EXPECT_TRUE(rgx::testing::hasWarning(warnings, 168, "RES chunk packed size", "1 bytes stored past"));
    EXPECT_TRUE(rgx::testing::hasWarning(warnings, 146, "RES block offset", "1 bytes after the last block"));
    EXPECT_EQ(warnings.size(), 2u);
    EXPECT_EQ(cut.chunks[0].data, ascii("HELL"));
    EXPECT_EQ(cut.chunks[1].blocks, (std::vector<Bytes>{{1, 2, 3}, {}}));
    EXPECT_EQ(readResFile(writeResFile(cut), "x"), cut);
}

// A valid stream the encoder would not make (the hand stream with a reset in the middle) reads
// with a warning, and is written back re-encoded.
TEST(SystemShockRes, StreamTheEncoderWouldNotMakeIsAWarning) {
    const Bytes stream = {0x01, 0x04, 0x04, 0x20, 0x40, 0x01, 0x02, 0xFF,
                          0xF8, 0x04, 0x30, 0x40, 0x3F, 0xFF, 0x00}; // "ABABABACCC"
    ByteWriter w;
    putHeader(w, 144);
    w.bytes(stream), w.zeros(1);
    w.u16(1), w.u32(128);
    putEntry(w, 7, 10, 0x01, 15, 0x01);
    const Bytes file = w.take();
    rgx::Warnings warnings;
    const ResFile res = readResFile(file, "x", &warnings);
    EXPECT_TRUE(rgx::testing::onlyWarning(warnings, 128, "RES chunk data", "re-encoded"));
    ASSERT_EQ(res.chunks.size(), 1u);
    EXPECT_EQ(res.chunks[0].data, ascii("ABABABACCC"));
    const Bytes again = writeResFile(res);
    EXPECT_NE(again, file);
    warnings.clear();
    EXPECT_EQ(readResFile(again, "x", &warnings), res);
    EXPECT_TRUE(warnings.empty()) << rgx::testing::listWarnings(warnings);
}

// How many of the 3,000 mutated inputs the reader must accept: about a third of the lowest count
// seen over several seeds.
constexpr std::size_t kMinAccepted_ss_res = 150;

TEST(SystemShockResFuzz, MutatedWriterOutputNeverCrashes) {
    std::vector<Bytes> seeds = {plainFixture(), compressedFixture(), writeResFile(randomFile(3)),
                                writeResFile(randomFile(11))};
    // Raw LZW streams: a u24 size, then the stream (the target's other half).
    for (const Bytes& data : {ascii("ABABABA"), ascii("ABABABACCCCCCCC"), Bytes(300, 0)}) {
        Bytes seed = {std::uint8_t(data.size()), std::uint8_t(data.size() >> 8), 0};
        const Bytes packed = compress(data);
        seed.insert(seed.end(), packed.begin(), packed.end());
        seeds.push_back(std::move(seed));
    }
    const rgx::testing::MutationStats stats =
        rgx::testing::fuzzRun("ss_res", seeds, rgxFuzz_ss_res, 3000, kMinAccepted_ss_res);
    EXPECT_EQ(stats.runs, 3000u + seeds.size());
}
