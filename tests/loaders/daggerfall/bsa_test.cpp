#include "loaders/daggerfall/bsa.h"
#include "tests/fuzz/fuzz_target.h"
#include "tests/loaders/warning_checks.h"
#include "tests/support/fuzz_corpus.h"
#include "tests/support/mutate.h"

#include <gtest/gtest.h>

using namespace rgx::loaders;
using namespace rgx::loaders::daggerfall;

RGX_DECLARE_FUZZ_TARGET(df_bsa);

namespace {

void putU16(Bytes& b, std::uint16_t v) {
    b.push_back(std::uint8_t(v)), b.push_back(std::uint8_t(v >> 8));
}
void putU32(Bytes& b, std::uint32_t v) {
    for (int i = 0; i < 4; ++i)
        b.push_back(std::uint8_t(v >> (8 * i)));
}
void putName14(Bytes& b, std::string_view name, std::string_view after = "") {
    Bytes field(14, 0);
    std::copy(name.begin(), name.end(), field.begin());
    std::copy(after.begin(), after.end(), field.begin() + static_cast<std::ptrdiff_t>(name.size() + 1));
    b.insert(b.end(), field.begin(), field.end());
}

// From dfbsa.txt: u16 count 2, u16 type 0x0100, records from offset 4 (3 bytes, then 2 bytes),
// then 18-byte entries (14-byte name, u32 size). 4 + 5 + 36 = 45 bytes; directory at 9.
Bytes namesFixture() {
    Bytes b;
    putU16(b, 2), putU16(b, 0x0100);
    b.insert(b.end(), {1, 2, 3, 9, 8});
    putName14(b, "BLOCK01.RMB"), putU32(b, 3);
    putName14(b, "N0000019.RDB"), putU32(b, 2);
    return b;
}

// The same records under a 0x0200 directory: 8-byte entries (u32 id, u32 size). 4 + 5 + 16.
Bytes numbersFixture() {
    Bytes b;
    putU16(b, 2), putU16(b, 0x0200);
    b.insert(b.end(), {1, 2, 3, 9, 8});
    putU32(b, 45601), putU32(b, 3);
    putU32(b, 7), putU32(b, 2);
    return b;
}

} // namespace

TEST(DaggerfallBsa, ReadsHandBuiltNamesDirectory) {
    const Bytes file = namesFixture();
    rgx::Warnings warnings;
    const BsaDirectory dir = readBsaDirectory(file, "BLOCKS.BSA", &warnings);
    EXPECT_TRUE(warnings.empty()) << rgx::testing::listWarnings(warnings);
    EXPECT_EQ(dir.type, BsaDirectoryType::Names);
    EXPECT_EQ(dir.directoryOffset, 9u);
    ASSERT_EQ(dir.records.size(), 2u);
    EXPECT_EQ(dir.records[0].name, "BLOCK01.RMB");
    EXPECT_EQ(dir.records[0].offset, 4u);
    EXPECT_EQ(dir.records[0].size, 3u);
    EXPECT_EQ(dir.records[0].entryOffset, 9u);
    EXPECT_EQ(dir.records[1].name, "N0000019.RDB");
    EXPECT_EQ(dir.records[1].offset, 7u);
    EXPECT_EQ(dir.records[1].size, 2u);
    EXPECT_EQ(dir.records[1].entryOffset, 27u);
    const ByteSpan second = bsaRecordBytes(file, dir.records[1], "x");
    EXPECT_EQ(Bytes(second.begin(), second.end()), (Bytes{9, 8}));
    EXPECT_EQ(bsaRecordLabel(dir, dir.records[0]), "BLOCK01.RMB");
    EXPECT_EQ(findBsaRecord(dir, "n0000019.rdb"), &dir.records[1]); // DOS names: any case
    EXPECT_EQ(findBsaRecord(dir, "N0000019"), nullptr);
    EXPECT_EQ(findBsaRecordById(dir, 0), nullptr); // a names directory has no ids
}

TEST(DaggerfallBsa, ReadsHandBuiltNumbersDirectory) {
    const Bytes file = numbersFixture();
    const BsaDirectory dir = readBsaDirectory(file, "ARCH3D.BSA");
    EXPECT_EQ(dir.type, BsaDirectoryType::Numbers);
    EXPECT_EQ(dir.directoryOffset, 9u);
    ASSERT_EQ(dir.records.size(), 2u);
    EXPECT_EQ(dir.records[0].id, 45601u);
    EXPECT_EQ(dir.records[0].name, "");
    EXPECT_EQ(dir.records[1].offset, 7u);
    EXPECT_EQ(bsaRecordLabel(dir, dir.records[0]), "45601");
    EXPECT_EQ(findBsaRecordById(dir, 7), &dir.records[1]);
    const BsaArchive archive = readBsa(file, "ARCH3D.BSA");
    EXPECT_EQ(archive.entries[0].data, (Bytes{1, 2, 3}));
    EXPECT_EQ(archive.entries[1].data, (Bytes{9, 8}));
}

TEST(DaggerfallBsa, RoundTrips) {
    for (const Bytes& file : {namesFixture(), numbersFixture()}) {
        rgx::Warnings warnings;
        EXPECT_EQ(writeBsa(readBsa(file, "x", &warnings)), file);
        EXPECT_TRUE(warnings.empty()) << rgx::testing::listWarnings(warnings);
        EXPECT_TRUE(looksLikeBsa(file));
    }
    // Leftovers after a name's NUL are kept, so such a file writes back byte for byte.
    Bytes padded;
    putU16(padded, 1), putU16(padded, 0x0100);
    padded.push_back(5);
    putName14(padded, "A.RMB", "OLD"), putU32(padded, 1);
    const BsaArchive a = readBsa(padded, "x");
    EXPECT_EQ(a.entries[0].name, "A.RMB");
    EXPECT_EQ(a.entries[0].namePadding, "OLD");
    EXPECT_EQ(writeBsa(a), padded);
    // A 14-character name fills the field without a NUL.
    BsaArchive full;
    full.entries.push_back({"ABCDEFGHIJ.RMB", "", 0, {1}});
    const Bytes fullBytes = writeBsa(full);
    EXPECT_EQ(fullBytes.size(), 4u + 1 + 18);
    EXPECT_EQ(readBsa(fullBytes, "x"), full);
    // An empty archive is its 4-byte header.
    EXPECT_EQ(writeBsa(BsaArchive{}), (Bytes{0, 0, 0, 1}));
    EXPECT_TRUE(readBsaDirectory(Bytes{0, 0, 0, 2}, "x").records.empty());
}

TEST(DaggerfallBsa, RejectTruncatedHeader) {
    EXPECT_TRUE(
        rgx::testing::throwsAt([] { readBsaDirectory(Bytes{2}, "x"); }, 0, "BSA record_count", "truncated"));
    EXPECT_TRUE(rgx::testing::throwsAt(
        [] {
            readBsaDirectory(Bytes{2, 0, 0}, "x");
        },
        2, "BSA directory_type", "truncated"));
}

// The directory is found from the end, so a cut file reads its last bytes as the directory:
// every prefix is refused or read with a warning, never read silently as whole.
TEST(DaggerfallBsa, RejectEveryTruncation) {
    for (const Bytes& full : {namesFixture(), numbersFixture()}) {
        for (std::size_t n = 0; n < full.size(); ++n) {
            const Bytes cut(full.begin(), full.begin() + static_cast<std::ptrdiff_t>(n));
            EXPECT_TRUE(
                rgx::testing::prefixIsNotWhole([&](rgx::Warnings* w) { readBsaDirectory(cut, "x", w); }, n))
                << n;
        }
    }
}

TEST(DaggerfallBsa, RejectUnknownDirectoryType) {
    Bytes b = namesFixture();
    b[3] = 0x03;
    EXPECT_TRUE(
        rgx::testing::throwsAt([&] { readBsaDirectory(b, "x"); }, 2, "BSA directory_type", "unknown"));
    EXPECT_FALSE(looksLikeBsa(b));
}

TEST(DaggerfallBsa, RejectDirectoryLargerThanFile) {
    Bytes b = namesFixture();
    b[0] = 3; // 3 x 18 bytes do not fit in 45 - 4
    EXPECT_TRUE(
        rgx::testing::throwsAt([&] { readBsaDirectory(b, "x"); }, 0, "BSA record_count", "does not fit"));
    b[0] = 0xFF, b[1] = 0xFF;
    EXPECT_TRUE(rgx::testing::throwsAt([&] { readBsaDirectory(b, "x"); }, 0, "BSA record_count"));
}

TEST(DaggerfallBsa, RejectSizesPastTheDirectory) {
    Bytes b = namesFixture();
    b[9 + 18 + 14] = 3; // the second record now ends at 10, past the directory at 9
    EXPECT_TRUE(rgx::testing::throwsAt([&] { readBsaDirectory(b, "x"); }, 41, "BSA record size",
                                       "past the directory"));
    Bytes n = numbersFixture();
    n[9 + 4] = 0xFF, n[9 + 7] = 0xFF; // the first record's size
    EXPECT_TRUE(rgx::testing::throwsAt([&] { readBsaDirectory(n, "x"); }, 13, "BSA record size"));
}

TEST(DaggerfallBsa, RecordOutsideTheBytesIsRejected) {
    const Bytes file = namesFixture();
    BsaRecord rec = readBsaDirectory(file, "x").records[1];
    rec.size = 40;
    EXPECT_TRUE(rgx::testing::throwsAt([&] { bsaRecordBytes(file, rec, "x"); }, 27, "BSA record size"));
}

TEST(DaggerfallBsa, GapBeforeTheDirectoryIsAWarning) {
    Bytes b = namesFixture();
    b.insert(b.begin() + 9, {0xAA, 0xBB});
    rgx::Warnings warnings;
    const BsaArchive a = readBsa(b, "x", &warnings);
    EXPECT_TRUE(rgx::testing::onlyWarning(warnings, 9, "BSA record data", "2 bytes"));
    EXPECT_EQ(a, readBsa(namesFixture(), "x"));
    EXPECT_EQ(writeBsa(a), namesFixture());
    EXPECT_FALSE(looksLikeBsa(b));
}

TEST(DaggerfallBsa, DuplicateNamesAndIdsAreWarnings) {
    Bytes b = namesFixture();
    std::copy_n("block01.rmb", 12, b.begin() + 27); // same name (and its NUL), another case
    rgx::Warnings warnings;
    const BsaDirectory dir = readBsaDirectory(b, "x", &warnings);
    EXPECT_TRUE(rgx::testing::onlyWarning(warnings, 27, "BSA record name", "more than once"));
    EXPECT_EQ(findBsaRecord(dir, "BLOCK01.RMB"), &dir.records[0]);
    EXPECT_EQ(writeBsa(readBsa(b, "x")), b); // kept as they are

    Bytes n = numbersFixture();
    n[17] = 0x21, n[18] = 0xB2; // id 45601 (0xB221) again
    warnings.clear();
    const BsaDirectory nd = readBsaDirectory(n, "x", &warnings);
    EXPECT_TRUE(rgx::testing::onlyWarning(warnings, 17, "BSA record id", "45601 appears more than once"));
    EXPECT_EQ(findBsaRecordById(nd, 45601), &nd.records[0]);
}

TEST(DaggerfallBsa, WriterRejectsNamesThatDoNotFit) {
    BsaArchive a;
    a.entries.push_back({"ABCDEFGHIJK.RMB", "", 0, {}});
    EXPECT_THROW(writeBsa(a), rgx::Error);
    a.entries[0].name = std::string("A\0B", 3);
    EXPECT_THROW(writeBsa(a), rgx::Error);
    a.type = BsaDirectoryType::Numbers; // names are not written there
    EXPECT_NO_THROW(writeBsa(a));
}

TEST(DaggerfallBsa, WriterBuildsWhatTheReaderReads) {
    BsaArchive a;
    a.type = BsaDirectoryType::Numbers;
    for (std::uint32_t id = 0; id < 5; ++id)
        a.entries.push_back({"", "", id * 100 + 1, Bytes(id * 3, std::uint8_t(id))});
    const Bytes b = writeBsa(a);
    EXPECT_EQ(b.size(), 4u + 30 + 5 * 8);
    rgx::Warnings warnings;
    EXPECT_EQ(readBsa(b, "x", &warnings), a);
    EXPECT_TRUE(warnings.empty());
    const BsaDirectory dir = readBsaDirectory(b, "x");
    EXPECT_EQ(dir.records[4].offset, 4u + 0 + 3 + 6 + 9);
}

// How many of the 3,000 mutated inputs the reader must accept: about a third of the lowest
// count seen over several seeds.
constexpr std::size_t kMinAccepted_df_bsa = 230;

TEST(DaggerfallBsaFuzz, MutatedWriterOutputNeverCrashes) {
    BsaArchive mixed;
    for (int i = 0; i < 6; ++i)
        mixed.entries.push_back({"REC" + std::to_string(i) + ".DAT", "", 0, Bytes(std::size_t(i * 5), 0x41)});
    std::vector<Bytes> seeds = {namesFixture(), numbersFixture(), writeBsa(mixed)};
    for (Bytes& b : rgx::testing::corpusSeeds({".bsa"}))
        seeds.push_back(std::move(b));
    const rgx::testing::MutationStats stats =
        rgx::testing::fuzzRun("df_bsa", seeds, rgxFuzz_df_bsa, 3000, kMinAccepted_df_bsa);
    EXPECT_EQ(stats.runs, 3000u + seeds.size());
}
