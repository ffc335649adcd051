// RDB records: a dungeon block built byte by byte from the text's tables (two linked 3D objects
// whose actions chain to a flat, and a light in a second list), the same block built through
// layoutRdb, round trips, warnings and Reject* cases.
#include "loaders/daggerfall/rdb.h"
#include "loaders/daggerfall/rmb.h"
#include "tests/fuzz/fuzz_target.h"
#include "tests/loaders/warning_checks.h"
#include "tests/support/fuzz_corpus.h"
#include "tests/support/mutate.h"

#include <gtest/gtest.h>

using namespace rgx::loaders;
using namespace rgx::loaders::daggerfall;

RGX_DECLARE_FUZZ_TARGET(df_rdb);

namespace {

// The object section of the fixture, record by record (offsets from the start of the file).
constexpr std::size_t kGrid = 9532;  // 2 x 1 roots
constexpr std::size_t kNode = 9540;  // DFU's unknown list: one node
constexpr std::size_t kA = 9550;     // 3D object, action -> B
constexpr std::size_t kAPost = 9575; // 23 bytes
constexpr std::size_t kAAct = 9598;  // 10 bytes
constexpr std::size_t kB = 9608;     // 3D object, action -> C
constexpr std::size_t kBPost = 9633;
constexpr std::size_t kBAct = 9656;
constexpr std::size_t kC = 9666;     // flat
constexpr std::size_t kCPost = 9691; // 11 bytes
constexpr std::size_t kD = 9702;     // light, the second root's list
constexpr std::size_t kDPost = 9727; // 10 bytes
constexpr std::size_t kSize = 9737;

void put16(Bytes& b, std::size_t at, std::uint16_t v) {
    b[at] = std::uint8_t(v);
    b[at + 1] = std::uint8_t(v >> 8);
}
void put32(Bytes& b, std::size_t at, std::uint32_t v) {
    for (int i = 0; i < 4; ++i)
        b[at + i] = std::uint8_t(v >> (8 * i));
}
void putText(Bytes& b, std::size_t at, const char* s) {
    for (std::size_t i = 0; s[i]; ++i)
        b[at + i] = std::uint8_t(s[i]);
}
void putObject(Bytes& b, std::size_t at, std::int32_t next, std::int32_t prev, std::int32_t x,
               std::uint8_t type, std::size_t post) {
    put32(b, at, std::uint32_t(next));
    put32(b, at + 4, std::uint32_t(prev));
    put32(b, at + 8, std::uint32_t(x));
    put32(b, at + 12, std::uint32_t(-x));
    put32(b, at + 16, std::uint32_t(2 * x));
    b[at + 20] = type;
    put32(b, at + 21, std::uint32_t(post));
}
void putAction(Bytes& b, std::size_t at, std::uint8_t axis, std::uint16_t duration, std::uint16_t delta,
               std::size_t target, std::uint8_t type) {
    b[at] = axis;
    put16(b, at + 1, duration);
    put16(b, at + 3, delta);
    put32(b, at + 5, std::uint32_t(target));
    b[at + 9] = type;
}

Bytes rdbFixture() {
    Bytes b(kSize, 0);
    put32(b, 4, 2); // grid width
    put32(b, 8, 1); // grid height
    put32(b, 12, kGrid);
    putText(b, kRdbModelRefsAt, "72100DOR");
    putText(b, kRdbModelRefsAt + 8, "10000ROM");
    put32(b, kRdbModelDataAt, 7);
    put32(b, kRdbObjectHeaderAt, kNode);
    put32(b, kRdbObjectHeaderAt + 16, kSize);
    std::fill(b.begin() + kRdbObjectHeaderAt + 20, b.begin() + kRdbObjectSectionAt, 0xFF);
    putText(b, kRdbObjectHeaderAt + 52, "DAGR");

    put32(b, kGrid, kA);
    put32(b, kGrid + 4, kD);
    put32(b, kNode, 0xFFFFFFFFu);
    putObject(b, kA, kB, -1, 64, 1, kAPost);
    put32(b, kAPost + 4, 512); // turned 90 degrees about y
    put32(b, kAPost + 19, kAAct);
    putAction(b, kAAct, 4, 30, 64, kB, 1); // rises along +y, and moves B
    putObject(b, kB, kC, kA, 128, 1, kBPost);
    put32(b, kBPost + 4, std::uint32_t(-512));
    put16(b, kBPost + 12, 1);
    b[kBPost + 18] = 9;
    put32(b, kBPost + 19, kBAct);
    putAction(b, kBAct, 2, 20, 128, kC, 8);
    putObject(b, kC, -1, kB, 192, 3, kCPost);
    put16(b, kCPost, (210 << 7) | 4);
    put32(b, kCPost + 6, 0xFFFFFFFFu);
    putObject(b, kD, -1, -1, 256, 2, kDPost);
    put32(b, kDPost, 1);
    put32(b, kDPost + 4, 2);
    put16(b, kDPost + 8, 300);
    return b;
}

#define EXPECT_REJECTS(b, offset, field, phrase)                                                             \
    EXPECT_TRUE(rgx::testing::throwsAt([&] { readRdb(b, "N.RDB"); }, offset, field, phrase))

} // namespace

TEST(DaggerfallRdb, ReadsHandBuiltBlock) {
    Warnings warnings;
    const RdbBlock block = readRdb(rdbFixture(), "N0000001.RDB", &warnings);
    EXPECT_TRUE(warnings.empty()) << rgx::testing::listWarnings(warnings);
    EXPECT_EQ(block.header.width, 2u);
    EXPECT_EQ(block.header.height, 1u);
    EXPECT_EQ(block.modelRefs[0], (RdbModelReference{"72100", "DOR"}));
    EXPECT_EQ(rdbModelIdNumber(block.modelRefs[1]), 10000u);
    EXPECT_EQ(rdbModelIdNumber(block.modelRefs[2]), std::nullopt);
    EXPECT_EQ(block.modelData[0], 7u);
    EXPECT_EQ(block.objectHeader.tag, "DAGR");
    EXPECT_EQ(block.objectHeader.fileSize, kSize);
    ASSERT_EQ(block.unknownList.size(), 1u);
    EXPECT_EQ(block.unknownList[0].offset, std::int32_t(kNode));

    ASSERT_EQ(block.roots.size(), 2u);
    const std::vector<RdbObject>& list = block.roots[0].objects;
    ASSERT_EQ(list.size(), 3u);
    EXPECT_EQ(list[0].offset, std::int32_t(kA));
    EXPECT_EQ(list[1].offset, std::int32_t(kB));
    EXPECT_EQ(list[2].offset, std::int32_t(kC));
    EXPECT_EQ((std::array<int, 3>{list[1].x, list[1].y, list[1].z}), (std::array<int, 3>{128, -128, 256}));

    const auto& a = std::get<RdbModelPost>(list[0].post);
    EXPECT_EQ(a.yAngle, kDaggerfallAngleUnitsPerTurn / 4);
    EXPECT_EQ(a.modelIndex, 0);
    ASSERT_TRUE(a.action.has_value());
    EXPECT_EQ(*a.action, (RdbAction{4, 30, 64, std::int32_t(kB), 1}));
    const auto& bPost = std::get<RdbModelPost>(list[1].post);
    EXPECT_EQ(bPost.yAngle, -512);
    EXPECT_EQ(bPost.modelIndex, 1);
    EXPECT_EQ(bPost.soundIndex, 9);
    const auto& flat = std::get<RdbFlatPost>(list[2].post);
    EXPECT_EQ(rmbTextureArchive(flat.textureBits), 210);
    EXPECT_EQ(rmbTextureRecord(flat.textureBits), 4);
    EXPECT_EQ(flat.nextObjectOffset, -1);

    ASSERT_EQ(block.roots[1].objects.size(), 1u);
    EXPECT_EQ(std::get<RdbLightPost>(block.roots[1].objects[0].post), (RdbLightPost{1, 2, 300}));

    // Activating A moves A, then B, then the flat C, at once.
    const std::vector<const RdbObject*> chain = rdbActionChain(block, list[0]);
    ASSERT_EQ(chain.size(), 3u);
    EXPECT_EQ(chain[1], &list[1]);
    EXPECT_EQ(chain[2], &list[2]);
    EXPECT_EQ(findRdbObject(block, std::int32_t(kD)), &block.roots[1].objects[0]);
    EXPECT_EQ(findRdbObject(block, std::int32_t(kD) + 1), nullptr);
}

TEST(DaggerfallRdb, RoundTrips) {
    const Bytes fixture = rdbFixture();
    const RdbBlock block = readRdb(fixture, "x");
    EXPECT_EQ(writeRdb(block), fixture);
    EXPECT_EQ(readRdb(writeRdb(block), "x"), block);
}

// The same block from plain records: layoutRdb places records in the fixture's order.
TEST(DaggerfallRdb, LayoutBuildsTheHandBuiltBytes) {
    RdbBlock block = makeRdbBlock(2, 1);
    block.modelRefs[0] = {"72100", "DOR"};
    block.modelRefs[1] = {"10000", "ROM"};
    block.modelData[0] = 7;
    RdbModelPost a;
    a.yAngle = 512;
    a.action = RdbAction{4, 30, 64, -1, 1};
    RdbModelPost b;
    b.yAngle = -512;
    b.modelIndex = 1;
    b.soundIndex = 9;
    b.action = RdbAction{2, 20, 128, -1, 8};
    block.roots[0].objects = {
        RdbObject{0, 64, -64, 128, 0, 0, a}, RdbObject{0, 128, -128, 256, 0, 0, b},
        RdbObject{0, 192, -192, 384, 0, 0, RdbFlatPost{rmbTextureBits(210, 4), 0, 0, -1, 0}}};
    block.roots[1].objects = {RdbObject{0, 256, -256, 512, 0, 0, RdbLightPost{1, 2, 300}}};
    layoutRdb(block);
    auto& objects = block.roots[0].objects;
    std::get<RdbModelPost>(objects[0].post).action->targetOffset = objects[1].offset;
    std::get<RdbModelPost>(objects[1].post).action->targetOffset = objects[2].offset;
    const Bytes bytes = writeRdb(block);
    EXPECT_EQ(bytes, rdbFixture());
    Warnings warnings;
    EXPECT_EQ(readRdb(bytes, "x", &warnings), block);
    EXPECT_TRUE(warnings.empty()) << rgx::testing::listWarnings(warnings);
}

TEST(DaggerfallRdb, EmptyBlockIsValid) {
    RdbBlock block = makeRdbBlock(1, 1);
    layoutRdb(block);
    const Bytes bytes = writeRdb(block);
    EXPECT_EQ(bytes.size(), kRdbObjectSectionAt + 4 + kRdbUnknownNodeSize);
    Warnings warnings;
    EXPECT_EQ(readRdb(bytes, "x", &warnings), block);
    EXPECT_TRUE(warnings.empty()) << rgx::testing::listWarnings(warnings);
    EXPECT_TRUE(looksLikeRdb(bytes));
}

TEST(DaggerfallRdb, WriterNeedsALaidOutBlock) {
    RdbBlock block = makeRdbBlock(1, 1);
    block.roots[0].objects.push_back(RdbObject{});
    EXPECT_THROW(writeRdb(block), rgx::Error); // offset 0 is no place for an object
    block.roots.clear();
    EXPECT_THROW(writeRdb(block), rgx::Error);
}

TEST(DaggerfallRdb, DeparturesWarnAndKeepTheBytes) {
    struct Case {
        std::size_t at;
        std::uint32_t value;
        std::size_t warnAt;
        const char* field;
        const char* phrase;
    };
    const Case cases[] = {
        {kRdbObjectHeaderAt + 16, 1, kRdbObjectHeaderAt + 16, "RDB file size", "is 1, the record is 9737"},
        {kD + 20, 0x09, kD + 20, "RDB object type", "is 9"}, // byte 20 and the post offset's low bytes
        {kBPost + 12, 750, kBPost + 12, "RDB model index", "past the 750"},
        {kBAct + 5, kA + 1, kBAct + 5, "RDB action target", "no object record"},
        {kRdbObjectHeaderAt, 0, kRdbObjectHeaderAt, "RDB unknown list", "dropped"},
        {kRdbObjectHeaderAt, kA, kRdbObjectHeaderAt, "RDB unknown list", "overlaps the object record"},
    };
    for (const Case& c : cases) {
        Bytes b = rdbFixture();
        if (c.at == kD + 20) {
            b[c.at] = std::uint8_t(c.value);
        } else {
            put32(b, c.at, c.value);
        }
        Warnings warnings;
        const RdbBlock block = readRdb(b, "N.RDB", &warnings);
        EXPECT_TRUE(rgx::testing::onlyWarning(warnings, c.warnAt, c.field, c.phrase)) << c.field;
        EXPECT_EQ(writeRdb(block), b) << c.field;
    }
    Bytes tag = rdbFixture();
    tag[kRdbObjectHeaderAt + 55] = 'X';
    Warnings warnings;
    (void)readRdb(tag, "N.RDB", &warnings);
    EXPECT_TRUE(rgx::testing::onlyWarning(warnings, kRdbObjectHeaderAt + 52, "RDB tag", "DAGR"));
}

// A prev link that is not the previous object: read with a warning, written from the order.
TEST(DaggerfallRdb, WrongPrevLinkIsRewritten) {
    Bytes b = rdbFixture();
    put32(b, kC + 4, kA);
    Warnings warnings;
    const RdbBlock block = readRdb(b, "N.RDB", &warnings);
    EXPECT_TRUE(
        rgx::testing::onlyWarning(warnings, kC + 4, "RDB object prev", "previous object is at 0x2588"));
    EXPECT_EQ(writeRdb(block), rdbFixture());
    EXPECT_EQ(readRdb(writeRdb(block), "x"), block);
}

TEST(DaggerfallRdb, RejectEveryTruncation) {
    const Bytes full = rdbFixture();
    for (std::size_t n = 0; n < full.size(); n += (n < kRdbObjectHeaderAt ? 97 : 1)) {
        const Bytes cut(full.begin(), full.begin() + std::ptrdiff_t(n));
        EXPECT_TRUE(rgx::testing::prefixIsNotWhole([&](Warnings* w) { readRdb(cut, "N.RDB", w); }, n));
    }
}

TEST(DaggerfallRdb, RejectObjectListThatLoops) {
    Bytes b = rdbFixture();
    put32(b, kC, kA); // C -> A
    EXPECT_REJECTS(b, kC, "RDB object next", "loops");
    put32(b, kC, kC); // C -> C
    EXPECT_REJECTS(b, kC, "RDB object next", "again");
}

TEST(DaggerfallRdb, RejectListsThatJoin) {
    Bytes b = rdbFixture();
    put32(b, kGrid + 4, kB); // the second root enters the first list
    EXPECT_REJECTS(b, kGrid + 4, "RDB object root", "joins another");
}

TEST(DaggerfallRdb, RejectOffsetsPastTheEnd) {
    Bytes b = rdbFixture();
    put32(b, kB, kSize - 24);
    EXPECT_REJECTS(b, kB, "RDB object next", "past the end");
    b = rdbFixture();
    put32(b, kGrid, 100); // into the fixed header
    EXPECT_REJECTS(b, kGrid, "RDB object root", "outside the object section");
    b = rdbFixture();
    put32(b, kD + 21, kSize - 9);
    EXPECT_REJECTS(b, kD + 21, "RDB object post offset", "past the end");
    b = rdbFixture();
    put32(b, kBPost + 19, kSize);
    EXPECT_REJECTS(b, kBPost + 19, "RDB action offset", "past the end");
    b = rdbFixture();
    put32(b, 12, kSize + 4);
    EXPECT_REJECTS(b, 12, "RDB object root offset", "outside the object section");
}

TEST(DaggerfallRdb, RejectGridLargerThanTheFile) {
    Bytes b = rdbFixture();
    put32(b, 4, 0x10000);
    put32(b, 8, 0x10000);
    EXPECT_REJECTS(b, kGrid, "RDB roots grid", "exceeds");
}

TEST(DaggerfallRdb, RejectActionTargetsThatLoop) {
    Bytes b = rdbFixture();
    put32(b, kBAct + 5, kA); // A -> B -> A
    EXPECT_REJECTS(b, kBAct + 5, "RDB action target", "loop back to the object at 0x254e");
    put32(b, kAAct + 5, kA); // A -> A
    EXPECT_REJECTS(b, kAAct + 5, "RDB action target", "loop back");
}

TEST(DaggerfallRdb, RejectOverlappingRecords) {
    Bytes b = rdbFixture();
    put32(b, kD + 21, kAPost + 4); // the light's post inside A's
    EXPECT_REJECTS(b, kD + 21, "RDB object post offset", "overlaps the 3D object post record at 0x2567");
    b = rdbFixture();
    put32(b, kD + 21, kGrid + 4); // a post record over the grid
    EXPECT_REJECTS(b, kD + 21, "RDB object post offset", "overlaps the roots grid");
}

TEST(DaggerfallRdb, Detection) {
    EXPECT_TRUE(looksLikeRdb(rdbFixture()));
    Bytes b = rdbFixture();
    b[kRdbObjectHeaderAt + 52] = 'd';
    EXPECT_FALSE(looksLikeRdb(b));
    EXPECT_FALSE(looksLikeRdb(Bytes(100, 0)));
}

// At least this many of 3,000 mutated inputs must be accepted so the round-trip checks run: about a
// third of the lowest count seen over several seeds.
constexpr std::size_t kMinAccepted_df_rdb = 410;

// A seed whose object section is a fifth of the file, so mutations often land on records.
Bytes denseRdb() {
    RdbBlock block = makeRdbBlock(3, 2);
    for (std::size_t r = 0; r < block.roots.size(); r += 2) {
        for (int i = 0; i < 12; ++i) {
            RdbModelPost m;
            m.modelIndex = std::uint16_t(i);
            if (i % 3 == 0) m.action = RdbAction{1, 10, 20, -1, 1};
            block.roots[r].objects.push_back(RdbObject{0, i, i, i, 0, 0, m});
            block.roots[r].objects.push_back(
                RdbObject{0, i, 0, 0, 0, 0, RdbFlatPost{rmbTextureBits(199, 2), 0, 0, -1, 0}});
            block.roots[r].objects.push_back(RdbObject{0, 0, i, 0, 0, 0, RdbLightPost{1, 2, 3}});
        }
    }
    layoutRdb(block);
    for (RdbObjectList& list : block.roots)
        for (std::size_t i = 0; i + 1 < list.objects.size(); ++i)
            if (auto* m = std::get_if<RdbModelPost>(&list.objects[i].post); m && m->action)
                m->action->targetOffset = list.objects[i + 1].offset;
    return writeRdb(block);
}

TEST(DaggerfallRdbFuzz, MutatedWriterOutputNeverCrashes) {
    RdbBlock empty = makeRdbBlock(1, 1);
    layoutRdb(empty);
    std::vector<Bytes> seeds = {rdbFixture(), writeRdb(empty), denseRdb()};
    for (Bytes& b : rgx::testing::corpusSeeds({".rdb"}))
        seeds.push_back(std::move(b));
    const rgx::testing::MutationStats stats =
        rgx::testing::fuzzRun("df_rdb", seeds, rgxFuzz_df_rdb, 3000, kMinAccepted_df_rdb);
    EXPECT_EQ(stats.runs, 3000u + seeds.size());
}
