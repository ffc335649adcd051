// CHT: a hand-built REDGUARD.CHT (64 little-endian slots laid out here, not by the writer) with
// every cheat's slot checked; round trips; every truncation an error at the slot it cuts; the
// warnings; the mutation-fuzz run.
#include "loaders/redguard/cht.h"

#include "base/error.h"
#include "tests/fuzz/fuzz_target.h"
#include "tests/loaders/le_bytes.h"
#include "tests/loaders/warning_checks.h"
#include "tests/support/mutate.h"

#include <gtest/gtest.h>

using namespace rgx::loaders;
using rgx::testing::onlyWarning;
using rgx::testing::put32;
using rgx::testing::throwsAt;

RGX_DECLARE_FUZZ_TARGET(cht);

namespace {

// magiccarpet (slot 5) and goldfinger (9) on, yeahbaby (12) set to 7 through the console's
// `yeahbaby = 7`; every other slot 0.
Bytes chtFixture() {
    Bytes b;
    for (std::uint32_t i = 0; i < 64; ++i)
        put32(b, i == 5 || i == 9 ? 1 : i == 12 ? 7 : 0);
    return b;
}

} // namespace

TEST(Cht, ReadsHandBuiltFile) {
    const ChtFile f = rgx::testing::readQuietly(
        "fixture", [](rgx::Warnings* w) { return readCht(chtFixture(), "REDGUARD.CHT", w); });
    for (std::size_t i = 0; i < kChtSlots; ++i)
        EXPECT_EQ(f.slots[i], i == 5 || i == 9 ? 1u : i == 12 ? 7u : 0u) << i;
    EXPECT_EQ(cheatState(f, Cheat::MagicCarpet), 1u);
    EXPECT_EQ(cheatState(f, Cheat::Goldfinger), 1u);
    EXPECT_EQ(cheatState(f, Cheat::YeahBaby), 7u);
    EXPECT_EQ(cheatState(f, Cheat::Oracle), 0u);
    EXPECT_STREQ(kCheatNames.name(Cheat::SaveCheats), "savecheats");
    EXPECT_STREQ(kCheatNames.name(Cheat::YeahBaby), "yeahbaby");
    EXPECT_EQ(kCheatCount, 13u);
    EXPECT_FALSE(looksLikeCht(chtFixture())); // 7 is not a toggle's value
    Bytes toggles = chtFixture();
    toggles[48] = 1;
    EXPECT_TRUE(looksLikeCht(toggles));
    EXPECT_TRUE(looksLikeCht(Bytes(256, 0)));
    EXPECT_FALSE(looksLikeCht(Bytes(257, 0)));
}

TEST(Cht, RoundTrips) {
    EXPECT_EQ(writeCht(readCht(chtFixture(), "x")), chtFixture());
    ChtFile f;
    f.slots[0] = 1;
    f.slots[63] = 0xFFFFFFFF;
    EXPECT_EQ(writeCht(f).size(), kChtFileSize);
    EXPECT_EQ(readCht(writeCht(f), "x"), f);
}

// Every prefix is an error at the slot it cuts (named by its cheat where it has one).
TEST(Cht, EveryTruncationThrowsAtTheSlotItCuts) {
    const Bytes full = chtFixture();
    for (std::size_t n = 0; n < full.size(); ++n) {
        const Bytes cut(full.begin(), full.begin() + static_cast<std::ptrdiff_t>(n));
        EXPECT_TRUE(rgx::testing::prefixIsNotWhole([&](rgx::Warnings* w) { readCht(cut, "x", w); }, n));
        const std::size_t slot = n / 4;
        const std::string field = slot < kCheatCount ? "CHT " + std::string(kCheatNames.names[slot])
                                                     : "CHT slot " + std::to_string(slot);
        EXPECT_TRUE(throwsAt([&] { readCht(cut, "REDGUARD.CHT"); }, slot * 4, field, "truncated")) << n;
    }
}

TEST(Cht, DeparturesReadWithWarnings) {
    Bytes b = chtFixture();
    b.insert(b.end(), {1, 2, 3});
    rgx::Warnings warnings;
    EXPECT_EQ(readCht(b, "REDGUARD.CHT", &warnings), readCht(chtFixture(), "x"));
    EXPECT_TRUE(onlyWarning(warnings, 256, "CHT size", "3 bytes after the 256"));

    b = chtFixture();
    b[20 * 4] = 2;
    warnings.clear();
    const ChtFile f = readCht(b, "REDGUARD.CHT", &warnings);
    EXPECT_TRUE(onlyWarning(warnings, 80, "CHT slot 20", "past the 13 cheats"));
    EXPECT_EQ(f.slots[20], 2u);
    EXPECT_EQ(writeCht(f), b);

    // Slot 13 is the first past the cheats (slot 12, yeahbaby, holds 7 without a warning).
    b = chtFixture();
    b[13 * 4] = 1;
    warnings.clear();
    readCht(b, "REDGUARD.CHT", &warnings);
    EXPECT_TRUE(onlyWarning(warnings, 52, "CHT slot 13", "past the 13 cheats"));
}

// How many of the 3,000 mutated inputs the reader must accept, so the checks after parsing
// (writers, round trips) really run: far below the spread measured (1423..1536 over seeds 1..30).
constexpr std::size_t kMinAccepted_cht = 1000;

TEST(ChtFuzz, MutatedWriterOutputNeverCrashes) {
    ChtFile all;
    all.slots.fill(1);
    const std::vector<Bytes> seeds = {chtFixture(), writeCht(all), writeCht(ChtFile{})};
    const rgx::testing::MutationStats stats =
        rgx::testing::fuzzRun("cht", seeds, rgxFuzz_cht, 3000, kMinAccepted_cht);
    EXPECT_EQ(stats.runs, 3000u + seeds.size());
}
