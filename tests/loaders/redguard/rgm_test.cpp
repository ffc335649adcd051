#include "loaders/redguard/rgm.h"
#include "tests/fuzz/fuzz_target.h"
#include "tests/loaders/redguard/rgm_fixture.h"
#include "tests/loaders/warning_checks.h"
#include "tests/support/fuzz_corpus.h"
#include "tests/support/mutate.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <optional>

using rgx::Error;
using namespace rgx::loaders;
using rgm_fixture::Hand;
using rgm_fixture::handBuiltRgm;

RGX_DECLARE_FUZZ_TARGET(rgm);

namespace {

// Every section filled, with values that exercise signs, pads and names with bytes after a NUL.
Rgm sampleRgm() {
    Rgm x;
    x.rgmd = {1, 2, 3, 4, 5};
    RgmMpob ob;
    ob.id = 1;
    ob.objectType = 2;
    ob.scriptName = "GUARD01";
    ob.modelName = std::string("AB\0Z", 4);
    ob.pos = {-5, 8388607, 16777215, {1, 2, 0}};
    ob.angles = {1, 2047, 0xFFFFFFFF};
    ob.red = -3;
    x.mpob = {ob, RgmMpob{}};
    RgmMpso so;
    so.modelName = "TWELVECHARSX";
    so.pos = {-8388608, 0, 42, {0, 0, 9}};
    so.matrix = {1, -2, 3, -4, 5, -6, 7, -8, 0x7FFFFFFF};
    so.unused = {0, 7};
    x.mpso = {so};
    RgmMprp rp;
    rp.pos = {1, -1, -2, {0, 0, 0}};
    rp.length = 12;
    rp.staticModel = "BELL";
    rp.ropeModel = "ROPELINK";
    rp.reserved2[6] = -1;
    x.mprp = {rp};
    x.mpsf = {RgmMpsf{4, -1, {1, 2, 3, {4, 5, 6}}, 0xFFFF, -2}};
    RgmMpsl light;
    light.rgb = {255, 128, 0};
    light.lightType = 0x82;
    light.pos.z = -7;
    light.direction = {1, -1, 300};
    light.channelMap = {0, 1, 2, 3, 4, 5, 6, 7};
    x.mpsl = {light};
    x.mpmk = {RgmMpmk{{-1, -2, -3, {0, 0, 0}}, 6}};
    x.mpsz = {9, 9, 9};
    RgmActor a;
    a.scriptName = "CYRUS";
    a.raanCount = 1;
    a.raanOffset = 0;
    a.ragrOffset = 0;
    a.animSpeed = {1, 2, 3, 4};
    a.ravcOffset = -1;
    x.rahd.actors = {a, RgmActor{}};
    x.raan = {RgmRaanEntry{0, 3, 'c', "3dart\\cyrsa001.3d"}, RgmRaanEntry{0xFFFFFFFF, 0, 's', ""}};
    RgmAnimList list;
    addRgmAnimGroup(list, 177, 2, 1, std::vector<std::uint32_t>{0xFD8030, 0x000001, 0x15F83F});
    addRgmAnimGroup(list, 0, 0, 0, {});
    list.groups.back().trailing = {0xEE};
    x.ragr = {list, RgmAnimList{}};
    std::array<std::int16_t, 15> raex{};
    raex[14] = -300;
    x.raex = {raex};
    std::array<std::uint8_t, 256> attrs{};
    attrs[255] = 1;
    x.raat = {attrs, attrs};
    x.rast = {'h', 'i', 0};
    x.rasb = {0, 3};
    x.rava = {0, -1, 5};
    x.rasc = {0x05, 0x13};
    x.rahk = {1, 2, 3, 4, 5, 6};
    x.ralc = {RgmRalc{-1, 2, -3}};
    x.ravc = {RgmRavc{-1, 2, -3, 700, 100000}};
    RgmWalkMap wm;
    wm.mapLength = 99;
    wm.nodeCountDup = 2;
    wm.pos = {10, -10, 20, {0, 0, 0}};
    RgmWalkNode n1;
    n1.routes = {RgmWalkRoute{1, 5}};
    wm.nodes = {n1, RgmWalkNode{}};
    x.wdnm = {wm};
    x.rafs = Bytes(22, 0x11);
    x.ranm = {'N', 0};
    x.layout = defaultRgmLayout(x);
    return x;
}

std::vector<std::size_t> sectionStarts(const Bytes& file) {
    std::vector<std::size_t> starts;
    std::size_t at = 0;
    while (at + 8 <= file.size()) {
        starts.push_back(at);
        std::uint32_t len = (std::uint32_t{file[at + 4]} << 24) | (std::uint32_t{file[at + 5]} << 16) |
                            (std::uint32_t{file[at + 6]} << 8) | file[at + 7];
        if (file[at] == 'E' && file[at + 1] == 'N' && file[at + 2] == 'D') break;
        at += 8 + len;
    }
    return starts;
}

} // namespace

TEST(Rgm, ReadsHandBuiltSections) {
    RgmReadResult read = readRgmWithWarnings(handBuiltRgm(), "TEST.RGM");
    const Rgm& rgm = read.rgm;
    ASSERT_EQ(rgm.layout.size(), 8u);
    const char* tags[] = {"RGMD", "MPOB", "MPSO", "MPSF", "RAHD", "RAAN", "RAGR", "ZZZZ"};
    for (std::size_t i = 0; i < 8; ++i)
        EXPECT_EQ(rgm.layout[i].tag, tags[i]);
    EXPECT_EQ(rgm.rgmd, (Bytes{0x78, 0x56, 0x34, 0x12}));

    ASSERT_EQ(rgm.mpob.size(), 1u);
    const RgmMpob& ob = rgm.mpob[0];
    EXPECT_EQ(ob.id, 7u);
    EXPECT_EQ(ob.scriptName, "FAVIS");
    EXPECT_EQ(ob.modelName, "");
    EXPECT_EQ(ob.pos.x, -100);
    EXPECT_EQ(ob.pos.y, 200);
    EXPECT_EQ(ob.pos.z, 0xFFFF);
    EXPECT_EQ(ob.angles, (std::array<std::uint32_t, 3>{512, 3072, 0}));

    ASSERT_EQ(rgm.mpso.size(), 1u);
    EXPECT_EQ(rgm.mpso[0].modelName, "TREE01");
    EXPECT_EQ(rgm.mpso[0].pos.x, 10);
    EXPECT_EQ(rgm.mpso[0].pos.z, 5);
    EXPECT_EQ(rgm.mpso[0].matrix[1], 0x10000000);
    EXPECT_EQ(rgm.mpso[0].matrix[3], -0x10000000);

    ASSERT_EQ(rgm.mpsf.size(), 1u);
    EXPECT_EQ(rgmFlatTextureId(rgm.mpsf[0]), 42);
    EXPECT_EQ(rgmFlatImageId(rgm.mpsf[0]), 3);

    ASSERT_EQ(rgm.rahd.actors.size(), 1u);
    EXPECT_EQ(rgm.rahd.fixed, (std::array<std::uint8_t, 4>{0x1B, 0x80, 0x37, 0x00}));
    EXPECT_EQ(rgm.rahd.actors[0].scriptName, "FAVIS");
    EXPECT_EQ(rgm.rahd.actors[0].raanCount, 2);
    EXPECT_EQ(rgm.rahd.actors[0].raanOffset, 21);
    EXPECT_EQ(rgm.rahd.actors[0].soupFuncPrimary, -1);

    ASSERT_EQ(rgm.raan.size(), 2u);
    EXPECT_EQ(rgm.raan[0].path, "3dart\\OTHER.3D");
    EXPECT_EQ(rgm.raan[0].modelType, 's');
    EXPECT_EQ(rgm.raan[1].path, "fxart\\FVPRA001.3DC");
    EXPECT_EQ(rgm.raan[1].frameCount, 5);

    ASSERT_EQ(rgm.ragr.size(), 1u);
    ASSERT_EQ(rgm.ragr[0].groups.size(), 2u);
    const RgmAnimGroup& g = rgm.ragr[0].groups[0];
    EXPECT_EQ(g.groupIndex, 1);
    EXPECT_EQ(g.animId, 2);
    EXPECT_EQ(g.firstCommand, 0u);
    EXPECT_EQ(g.commandCount, 2u);
    EXPECT_EQ(rgm.ragr[0].groups[1].animType, 1);
    EXPECT_EQ(rgm.ragr[0].groups[1].firstCommand, 2u);
    EXPECT_EQ(rgm.ragr[0].commands, (std::vector<std::uint32_t>{0xFD8030, 0x000001, 0x15F83F}));
    auto second = rgmGroupCommands(rgm.ragr[0], rgm.ragr[0].groups[1]);
    EXPECT_EQ((std::vector<std::uint32_t>(second.begin(), second.end())),
              (std::vector<std::uint32_t>{0x15F83F}));

    // The unknown section is kept raw and reported, with the offset of its header.
    EXPECT_TRUE(rgm.layout[7].raw);
    EXPECT_EQ(rgm.layout[7].payload, (Bytes{0xAA, 0xBB, 0xCC}));
    ASSERT_EQ(read.warnings.size(), 1u);
    EXPECT_EQ(read.warnings[0].field, "ZZZZ");
    EXPECT_EQ(read.warnings[0].offset, 478u);
}

TEST(Rgm, DecodesPlacementValuesByHand) {
    Rgm rgm = readRgm(handBuiltRgm(), "TEST.RGM");
    // x = -(-100 * 256) / 5120 = 5; y = -(200 * 256) / 5120 = -10;
    // z = -(0xFFFFFF - 0xFFFF * 256) / 5120 = -255 / 5120.
    auto p = rgmPosition(rgm.mpob[0].pos);
    EXPECT_DOUBLE_EQ(p[0], 5.0);
    EXPECT_DOUBLE_EQ(p[1], -10.0);
    EXPECT_DOUBLE_EQ(p[2], -255.0 / 5120.0);
    auto a = rgmMpobAnglesDeg(rgm.mpob[0]);
    EXPECT_DOUBLE_EQ(a[0], 90.0);
    EXPECT_DOUBLE_EQ(a[1], 180.0); // 3072 % 2048 = 1024
    EXPECT_DOUBLE_EQ(a[2], 0.0);
    EXPECT_DOUBLE_EQ(rgmAngleDegrees(1536), 270.0);
    // Columns become rows: row0 = [m0, m3, m6] = [0, -1, 0], row1 = [m1, m4, m7] = [1, 0, 0].
    auto m = rgmMpsoRotation(rgm.mpso[0]);
    EXPECT_EQ(m[0], (std::array<double, 3>{0.0, -1.0, 0.0}));
    EXPECT_EQ(m[1], (std::array<double, 3>{1.0, 0.0, 0.0}));
    EXPECT_EQ(m[2], (std::array<double, 3>{0.0, 0.0, 1.0}));
}

TEST(Rgm, ResolvesEmptyModelThroughRahdAndRaan) {
    Rgm rgm = readRgm(handBuiltRgm(), "TEST.RGM");
    // FAVIS -> RAHD raan_offset 21 -> "fxart\FVPRA001.3DC" -> FVPRA001 (not the entry at 0).
    EXPECT_EQ(resolveMpobModel(rgm, rgm.mpob[0]), "FVPRA001");
    ASSERT_NE(rgmRaanEntryAt(rgm, 21), nullptr);
    EXPECT_EQ(rgmRaanEntryAt(rgm, 20), nullptr);
    RgmMpob named = rgm.mpob[0];
    named.modelName = "HOUSE";
    EXPECT_EQ(resolveMpobModel(rgm, named), "HOUSE");
    RgmMpob orphan = rgm.mpob[0];
    orphan.scriptName = "NOACTOR";
    EXPECT_EQ(resolveMpobModel(rgm, orphan), "NOACTOR");
    rgm.rahd.actors[0].raanCount = 0;
    EXPECT_EQ(resolveMpobModels(rgm), (std::vector<std::string>{"FAVIS"}));
    EXPECT_EQ(rgmModelStem("3dart/cyrsa001.3d"), "CYRSA001");
    EXPECT_EQ(rgmModelStem("NOEXT"), "NOEXT");
}

TEST(Rgm, AnimationTotalsCountByOpcode) {
    RgmAnimationTotals t = rgmAnimationTotals(readRgm(handBuiltRgm(), "TEST.RGM"));
    EXPECT_EQ(t.groups, 2u);
    EXPECT_EQ(t.commands, 3u);
    EXPECT_EQ(t.byOpcode[0], 1u);
    EXPECT_EQ(t.byOpcode[1], 1u);
    EXPECT_EQ(t.byOpcode[15], 1u);
}

TEST(Rgm, HandBuiltBytesRoundTripExactly) {
    Bytes file = handBuiltRgm();
    EXPECT_EQ(writeRgm(readRgm(file, "TEST.RGM")), file);
}

TEST(Rgm, WriterRoundTrips) {
    Rgm x = sampleRgm();
    Bytes file = writeRgm(x);
    RgmReadResult read = readRgmWithWarnings(file, "S.RGM");
    EXPECT_TRUE(read.warnings.empty());
    EXPECT_EQ(read.rgm, x);
    EXPECT_EQ(writeRgm(read.rgm), file);
    // An empty layout means the canonical one.
    Rgm noLayout = x;
    noLayout.layout.clear();
    EXPECT_EQ(writeRgm(noLayout), file);
}

TEST(Rgm, WriterComputesLengthsCountsAndGroupSizes) {
    Rgm x;
    x.mpob.resize(2);
    RgmAnimList list;
    addRgmAnimGroup(list, 0, 0, 0, std::vector<std::uint32_t>{1, 2});
    x.ragr = {list};
    Bytes f = writeRgm(x);
    // MPOB header: length 4 + 2 * 66 = 136 big-endian, then count 2 little-endian.
    ASSERT_GE(f.size(), 12u);
    EXPECT_EQ((Bytes(f.begin(), f.begin() + 12)), (Bytes{'M', 'P', 'O', 'B', 0, 0, 0, 136, 2, 0, 0, 0}));
    // RAGR: entry_size 8 + 2 * 3 = 14, frame_count 2, terminator.
    std::size_t ragr = 8 + 136;
    EXPECT_EQ((Bytes(f.begin() + ragr, f.begin() + ragr + 10)),
              (Bytes{'R', 'A', 'G', 'R', 0, 0, 0, 18, 14, 0}));
    EXPECT_EQ(f[ragr + 8 + 8], 2);
    EXPECT_EQ((Bytes(f.end() - 8, f.end())), (Bytes{'E', 'N', 'D', ' ', 0, 0, 0, 0}));
}

TEST(Rgm, KeepsUndecodableSectionsRawWithWarnings) {
    Hand h;
    h.section("MPSF", 4 + 24 + 2).le32(1).zeros(26); // 2 bytes after the records
    h.section("RAEX", 31).zeros(31);                 // not a multiple of 30
    h.section("MPSF", 4).le32(0);                    // repeated
    h.section("END ", 0);
    RgmReadResult read = readRgmWithWarnings(h.b, "W.RGM");
    ASSERT_EQ(read.warnings.size(), 3u);
    EXPECT_EQ(read.warnings[0].field, "MPSF");
    EXPECT_NE(read.warnings[0].message.find("2 bytes after 1 records"), std::string::npos);
    EXPECT_EQ(read.warnings[1].field, "RAEX");
    EXPECT_EQ(read.warnings[2].offset, 8u + 30 + 8 + 31);
    EXPECT_TRUE(read.rgm.mpsf.empty());
    EXPECT_TRUE(read.rgm.raex.empty());
    EXPECT_EQ(writeRgm(read.rgm), h.b);
}

TEST(Rgm, WalkMapsThatDoNotParseAreKeptRaw) {
    Hand h;
    h.section("WDNM", 8).le32(1).le32(0); // one map promised, 4 bytes left
    h.section("END ", 0);
    RgmReadResult read = readRgmWithWarnings(h.b, "W.RGM");
    ASSERT_EQ(read.warnings.size(), 1u);
    EXPECT_NE(read.warnings[0].message.find("WDNM record_count"), std::string::npos);
    EXPECT_EQ(writeRgm(read.rgm), h.b);
}

TEST(Rgm, LooksLikeRgmChecksTheFirstHeader) {
    EXPECT_TRUE(looksLikeRgm(handBuiltRgm()));
    Bytes notRgm = {'O', 'C', 'T', 'H', 0, 0, 0, 0};
    EXPECT_FALSE(looksLikeRgm(notRgm));
    Bytes tooLong = {'M', 'P', 'O', 'B', 0, 0, 1, 0, 0, 0, 0, 0};
    EXPECT_FALSE(looksLikeRgm(tooLong));
}

// Every prefix throws at an offset inside it or reads with a warning: only the cuts at section
// boundaries read (every section before them whole), each saying END is missing.
TEST(Rgm, RejectEveryTruncation) {
    for (const Bytes& file : {handBuiltRgm(), writeRgm(sampleRgm())}) {
        const std::vector<std::size_t> starts = sectionStarts(file);
        for (std::size_t n = 0; n < file.size(); ++n) {
            Bytes prefix(file.begin(), file.begin() + static_cast<std::ptrdiff_t>(n));
            EXPECT_TRUE(rgx::testing::prefixIsNotWhole(
                [&](rgx::Warnings* w) { *w = readRgmWithWarnings(prefix, "T.RGM").warnings; }, n));
            const bool boundary = std::find(starts.begin(), starts.end(), n) != starts.end();
            try {
                readRgm(prefix, "T.RGM");
                EXPECT_TRUE(boundary) << "prefix " << n << " read";
            } catch (const Error&) {
                EXPECT_FALSE(boundary) << "prefix " << n << " (a section boundary) threw";
            }
        }
    }
}

TEST(Rgm, TruncationAtSectionBoundariesWarnsWhereEndShouldBe) {
    Bytes file = handBuiltRgm();
    for (std::size_t at : sectionStarts(file)) {
        Bytes prefix(file.begin(), file.begin() + static_cast<std::ptrdiff_t>(at));
        const RgmReadResult read = readRgmWithWarnings(prefix, "T.RGM");
        EXPECT_TRUE(rgx::testing::hasWarning(read.warnings, at, "END", "without an END section")) << at;
    }
}

// Nothing after END is read: a length other than 0 and trailing bytes are only reported.
TEST(Rgm, EndLengthAndBytesAfterEndAreWarnings) {
    Bytes file = handBuiltRgm();
    const std::size_t end = file.size() - 8;
    file[end + 7] = 5;
    file.push_back(0xAA);
    const RgmReadResult read = readRgmWithWarnings(file, "T.RGM");
    const RgmReadResult whole = readRgmWithWarnings(handBuiltRgm(), "T.RGM"); // its ZZZZ warning
    EXPECT_EQ(read.rgm, whole.rgm);
    ASSERT_EQ(read.warnings.size(), whole.warnings.size() + 2) << rgx::testing::listWarnings(read.warnings);
    const std::size_t k = whole.warnings.size();
    EXPECT_TRUE(rgx::testing::warningMatches(read.warnings[k], end + 4, "END length", "is 5, expected 0"));
    EXPECT_TRUE(
        rgx::testing::warningMatches(read.warnings[k + 1], end + 8, "END", "1 bytes after END are ignored"));
}

TEST(Rgm, RejectSectionLengthPastTheEnd) {
    Bytes file = handBuiltRgm();
    file[12 + 6] = 0x10; // MPOB length 70 -> 0x1046
    try {
        readRgm(file, "T.RGM");
        FAIL();
    } catch (const Error& e) {
        EXPECT_EQ(e.offset(), 16u);
        EXPECT_EQ(e.field(), "MPOB section length");
        EXPECT_NE(std::string(e.what()).find("T.RGM: offset 0x10"), std::string::npos);
    }
}

// An undecodable section is rejected as a typed record but never fails the file: it is kept raw,
// its typed member stays empty, the warning names the absolute offset and field, and the file
// writes back byte for byte.
namespace {
void expectKeptRaw(const Bytes& file, const std::string& tag, const std::string& fieldPart,
                   std::optional<std::uint64_t> errorOffset = std::nullopt) {
    RgmReadResult r = readRgmWithWarnings(file, "T.RGM");
    bool found = false;
    for (const rgx::Warning& w : r.warnings) {
        if (w.field != tag) continue;
        found = true;
        EXPECT_NE(w.message.find(fieldPart), std::string::npos) << w.message;
        EXPECT_NE(w.message.find("kept raw"), std::string::npos) << w.message;
        if (errorOffset) {
            char at[32];
            std::snprintf(at, sizeof at, "offset 0x%llx", static_cast<unsigned long long>(*errorOffset));
            EXPECT_NE(w.message.find(at), std::string::npos) << w.message;
        }
    }
    EXPECT_TRUE(found) << "no warning for " << tag;
    bool raw = false;
    for (const RgmSectionRef& ref : r.rgm.layout)
        raw |= ref.tag == tag && ref.raw;
    EXPECT_TRUE(raw) << tag << " not kept raw";
    EXPECT_EQ(writeRgm(r.rgm), file);
}
} // namespace

TEST(Rgm, RejectRecordCountsTooLargeKeepsSectionRaw) {
    // The count is checked where the records start: after the u32 count (and RAHD's 4 fixed bytes).
    struct Case {
        std::size_t countAt;
        const char* tag;
        std::size_t recordsAt;
    };
    for (const Case& c :
         {Case{20, "MPOB", 24}, Case{98, "MPSO", 102}, Case{176, "MPSF", 180}, Case{212, "RAHD", 220}}) {
        Bytes file = handBuiltRgm();
        file[c.countAt] = 2; // one record more than the section holds
        expectKeptRaw(file, c.tag, "record_count", c.recordsAt);
    }
    Bytes huge = handBuiltRgm();
    huge[23] = 0xFF; // MPOB count 0xFF000001
    expectKeptRaw(huge, "MPOB", "record_count");
    EXPECT_TRUE(readRgm(huge, "T.RGM").mpob.empty());
}

TEST(Rgm, RejectRagrGroupSizePastItsSectionKeepsSectionRaw) {
    Bytes file = handBuiltRgm();
    file[447] = 40; // first group's entry_size 14 -> 40 > 29 bytes left
    expectKeptRaw(file, "RAGR", "RAGR entry_size", 447);
    EXPECT_TRUE(readRgm(file, "T.RGM").ragr.empty());
    Bytes frames = handBuiltRgm();
    frames[447 + 8] = 5; // frame_count 5 needs 15 bytes, the group has 6
    expectKeptRaw(frames, "RAGR", "RAGR");
    Bytes small = handBuiltRgm();
    small[447] = 4; // smaller than the group header
    expectKeptRaw(small, "RAGR", "RAGR");
}

TEST(Rgm, RejectRagrListWithoutTerminatorKeepsSectionRaw) {
    Hand h;
    h.section("RAGR", 13).le16(11).le16(0).le16(0).le16(0).le16(1).u8({0, 0, 0});
    h.section("END ", 0);
    expectKeptRaw(h.b, "RAGR", "terminator", 21);
}

TEST(Rgm, RejectRaanPathWithoutTerminatorKeepsSectionRaw) {
    Hand h;
    h.section("RAAN", 9).le32(0).u8({1, 'c'}).u8({'A', 'B', 'C'});
    h.section("END ", 0);
    expectKeptRaw(h.b, "RAAN", "RAAN file_path", 8);
}

TEST(Rgm, WalkWithoutEndWarns) {
    Hand h;
    h.section("RGMD", 0);
    const RgmReadResult read = readRgmWithWarnings(h.b, "T.RGM");
    EXPECT_TRUE(rgx::testing::onlyWarning(read.warnings, 8, "END", "without an END section"));
    ASSERT_EQ(read.rgm.layout.size(), 1u);
    EXPECT_EQ(read.rgm.layout[0].tag, "RGMD");
}

// How many of the 3,000 mutated inputs the reader must accept, so the checks after parsing
// (writers, round trips) really run: about a third of the lowest count seen over several seeds.
constexpr std::size_t kMinAccepted_rgm = 290;

TEST(RgmFuzz, MutatedWriterOutputNeverCrashes) {
    std::vector<Bytes> seeds = {writeRgm(sampleRgm()), handBuiltRgm()};
    // Plus the demo's files and, with RGX_REAL_SAMPLES, the real ones (tests/support/fuzz_corpus.h).
    for (Bytes& b : rgx::testing::corpusSeeds({".rgm"}))
        seeds.push_back(std::move(b));
    const rgx::testing::MutationStats stats =
        rgx::testing::fuzzRun("rgm", seeds, rgxFuzz_rgm, 3000, kMinAccepted_rgm);
    EXPECT_EQ(stats.runs, 3000u + seeds.size());
}
