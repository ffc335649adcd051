// PVO octrees: a file hand-built from the reference's record tables, the visibility walk on
// points whose leaf is known, a brute-force comparison over a grid of points, the builder, exact
// round trips, and rejection of truncation, bad lengths, bad references, cycles and depth.
#include "loaders/pvo.h"

#include "loaders/error.h"
#include "tests/fuzz/fuzz_target.h"
#include "tests/loaders/warning_checks.h"
#include "tests/support/fuzz_corpus.h"
#include "tests/support/mutate.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <set>
#include <string>

using namespace rgx::loaders;

RGX_DECLARE_FUZZ_TARGET(pvo);

namespace {

// The test's own encoder of the reference's records (independent of writePvo).
struct RawNode {
    std::uint8_t mask;
    std::uint32_t leafRef;
    std::vector<std::uint32_t> refs;
};
struct RawEntry {
    std::uint16_t count;
    std::uint32_t start;
};
struct RawFile {
    std::uint32_t depth = 10, totalNodes = 0, leafNodes = 0, mlstCount = 0, cellSize = 1024;
    std::int32_t cx = 0, cy = 0, cz = 0;
    std::vector<RawNode> nodes;
    std::vector<std::vector<RawEntry>> leaves;
    std::vector<std::uint16_t> mlst;
};

void le32(Bytes& b, std::uint32_t v) {
    for (int i = 0; i < 4; ++i)
        b.push_back(static_cast<std::uint8_t>(v >> (8 * i)));
}
void le16(Bytes& b, std::uint16_t v) {
    b.push_back(static_cast<std::uint8_t>(v));
    b.push_back(static_cast<std::uint8_t>(v >> 8));
}
void frame(Bytes& b, const char* tag, std::uint32_t len) {
    b.insert(b.end(), tag, tag + 4);
    for (int i = 3; i >= 0; --i)
        b.push_back(static_cast<std::uint8_t>(len >> (8 * i)));
}

Bytes encode(const RawFile& f) {
    Bytes b;
    frame(b, "OCTH", 52);
    for (std::uint32_t v : {f.depth, f.totalNodes, f.leafNodes, f.mlstCount, 0u, f.cellSize})
        le32(b, v);
    for (std::int32_t v : {f.cx, f.cy, f.cz})
        le32(b, static_cast<std::uint32_t>(v));
    for (int i = 0; i < 4; ++i)
        le32(b, 0);
    Bytes octr;
    for (const RawNode& n : f.nodes) {
        octr.push_back(n.mask);
        le32(octr, n.leafRef);
        for (std::uint32_t r : n.refs)
            le32(octr, r);
    }
    frame(b, "OCTR", static_cast<std::uint32_t>(octr.size()));
    b.insert(b.end(), octr.begin(), octr.end());
    Bytes plst;
    for (const auto& leaf : f.leaves) {
        plst.push_back(static_cast<std::uint8_t>(leaf.size()));
        for (const RawEntry& e : leaf) {
            le16(plst, e.count);
            le32(plst, e.start);
        }
    }
    frame(b, "PLST", static_cast<std::uint32_t>(plst.size()));
    b.insert(b.end(), plst.begin(), plst.end());
    frame(b, "MLST", static_cast<std::uint32_t>(f.mlst.size() * 2));
    for (std::uint16_t id : f.mlst)
        le16(b, id);
    frame(b, "END ", 0);
    return b;
}

// Root (center 0,0,0, half 1024) with children in octants 0 and 7; the octant-7 child (center
// 512,512,512) has leaf data and a child in octant 1 (center 256,256,768).
//   OCTR: node0 @0 (13 bytes) mask 0x81 refs [13, 18]; node1 @13 (5) leaf A;
//         node2 @18 (9) mask 0x02 leaf B refs [27]; node3 @27 (5) leaf C.  Total 32.
//   PLST: A @0 [(3,0)] (7 bytes); B @7 [(2,3),(1,0)] (13); C @20 [(1,5)] (7).  Total 27.
//   MLST: [9,4,1,7,4,2] -> A = {1,4,9}, B = {4,7,9}, C = {2}.
RawFile handTree() {
    RawFile f;
    f.totalNodes = 4;
    f.leafNodes = 3;
    f.mlstCount = 6;
    f.nodes = {{0x81, 0xFFFFFFFF, {13, 18}}, {0x00, 0, {}}, {0x02, 7, {27}}, {0x00, 20, {}}};
    f.leaves = {{{3, 0}}, {{2, 3}, {1, 0}}, {{1, 5}}};
    f.mlst = {9, 4, 1, 7, 4, 2};
    return f;
}

// Absolute file offsets of the hand tree's sections: OCTH frame 8 + 52, OCTR frame at 60.
constexpr std::size_t kOctrData = 68;
constexpr std::size_t kPlstFrame = kOctrData + 32;
constexpr std::size_t kPlstData = kPlstFrame + 8;
constexpr std::size_t kMlstFrame = kPlstData + 27;
constexpr std::size_t kEndFrame = kMlstFrame + 8 + 12;

template <typename F> rgx::Error expectError(F&& f) {
    try {
        f();
    } catch (const rgx::Error& e) {
        return e;
    }
    ADD_FAILURE() << "expected rgx::Error";
    return rgx::Error("", 0, "", "");
}

using Ids = std::vector<std::uint16_t>;

// A pseudo-random tree: every node below maxLevel gets children in random octants, most nodes
// get a random id list. Deterministic (fixed LCG).
PvoTree randomTree(std::uint32_t seed, int maxLevel) {
    PvoTree t;
    t.depth = static_cast<std::uint32_t>(maxLevel);
    t.cellSize = 1024;
    t.center = {100, -200, 300};
    std::uint32_t s = seed;
    auto next = [&] {
        s = s * 1664525u + 1013904223u;
        return s >> 8;
    };
    struct Pending {
        std::int32_t node;
        int level;
    };
    t.nodes.push_back({});
    std::vector<Pending> queue = {{0, 0}};
    for (std::size_t qi = 0; qi < queue.size(); ++qi) {
        Pending p = queue[qi];
        if (next() % 4 != 0) {
            Ids ids;
            std::uint32_t n = next() % 6;
            for (std::uint32_t k = 0; k < n; ++k)
                ids.push_back(static_cast<std::uint16_t>(next() % 40));
            t.nodes[static_cast<std::size_t>(p.node)].leaf = static_cast<std::int32_t>(t.leafIds.size());
            t.leafIds.push_back(ids);
        }
        if (p.level >= maxLevel) continue;
        std::uint32_t mask = next() & 0xFF;
        if (p.level < 2) mask |= 0x81;
        for (int o = 0; o < 8; ++o) {
            if (!(mask & (1u << o)) || next() % 3 == 0) continue;
            auto child = static_cast<std::int32_t>(t.nodes.size());
            t.nodes.push_back({});
            t.nodes[static_cast<std::size_t>(p.node)].children[static_cast<std::size_t>(o)] = child;
            queue.push_back({child, p.level + 1});
        }
    }
    return t;
}

// Brute force: every node owns a box; the root's is all of space (the reference's walk has no
// bounds test), a child's is its parent's box cut at the parent's center (the positive side
// excludes the center plane, the negative side keeps it).
// The answer is the deepest node whose box holds the point; its ids come from the tree's lists.
Ids bruteForce(const PvoTree& t, double x, double y, double z) {
    struct Box {
        double lo[3], hi[3];
        bool loOpen[3];
        double c[3];
        double half;
    };
    const double p[3] = {x, y, z};
    auto holds = [&](const Box& b) {
        for (int a = 0; a < 3; ++a) {
            if (p[a] > b.hi[a]) return false;
            if (b.loOpen[a] ? p[a] <= b.lo[a] : p[a] < b.lo[a]) return false;
        }
        return true;
    };
    struct Item {
        std::int32_t node;
        Box box;
        int level;
    };
    Box root;
    root.half = t.cellSize;
    for (int a = 0; a < 3; ++a) {
        root.c[a] = t.center[static_cast<std::size_t>(a)];
        root.lo[a] = -std::numeric_limits<double>::infinity();
        root.hi[a] = std::numeric_limits<double>::infinity();
        root.loOpen[a] = false;
    }
    std::int32_t best = -1;
    int bestLevel = -1;
    std::vector<Item> stack = {{0, root, 0}};
    while (!stack.empty()) {
        Item it = stack.back();
        stack.pop_back();
        if (!holds(it.box)) continue;
        if (it.level > bestLevel) {
            best = it.node;
            bestLevel = it.level;
        }
        for (int o = 0; o < 8; ++o) {
            std::int32_t child =
                t.nodes[static_cast<std::size_t>(it.node)].children[static_cast<std::size_t>(o)];
            if (child < 0) continue;
            Box b = it.box;
            b.half = std::floor(it.box.half / 2);
            const bool pos[3] = {(o & 4) != 0, (o & 2) != 0, (o & 1) != 0}; // x, y, z
            for (int a = 0; a < 3; ++a) {
                if (pos[a]) {
                    b.lo[a] = it.box.c[a];
                    b.loOpen[a] = true;
                    b.c[a] = it.box.c[a] + b.half;
                } else {
                    b.hi[a] = it.box.c[a];
                    b.c[a] = it.box.c[a] - b.half;
                }
            }
            stack.push_back({child, b, it.level + 1});
        }
    }
    if (best < 0) return {};
    std::int32_t leaf = t.nodes[static_cast<std::size_t>(best)].leaf;
    if (leaf < 0) return {};
    std::set<std::uint16_t> ids(t.leafIds[static_cast<std::size_t>(leaf)].begin(),
                                t.leafIds[static_cast<std::size_t>(leaf)].end());
    return Ids(ids.begin(), ids.end());
}

} // namespace

TEST(Pvo, ReadsHandBuiltFile) {
    Bytes bytes = encode(handTree());
    EXPECT_EQ(bytes.size(), kEndFrame + 8);
    Pvo pvo = readPvo(bytes, "HAND.PVO");
    EXPECT_EQ(pvo.header.depth, 10u);
    EXPECT_EQ(pvo.header.totalNodes, 4u);
    EXPECT_EQ(pvo.header.leafNodes, 3u);
    EXPECT_EQ(pvo.header.mlstCount, 6u);
    EXPECT_EQ(pvo.header.cellSize, 1024u);
    ASSERT_EQ(pvo.nodes.size(), 4u);
    EXPECT_EQ(pvo.nodes[0].offset, 0u);
    EXPECT_EQ(pvo.nodes[1].offset, 13u);
    EXPECT_EQ(pvo.nodes[2].offset, 18u);
    EXPECT_EQ(pvo.nodes[3].offset, 27u);
    EXPECT_EQ(pvo.nodes[0].childMask, 0x81);
    EXPECT_EQ(pvo.nodes[0].leafRef, kPvoNoLeaf);
    EXPECT_EQ(pvo.nodes[0].leaf, -1);
    EXPECT_EQ(pvo.nodes[0].children, (std::array<std::int32_t, 8>{1, -1, -1, -1, -1, -1, -1, 2}));
    EXPECT_EQ(pvo.nodes[2].children, (std::array<std::int32_t, 8>{-1, 3, -1, -1, -1, -1, -1, -1}));
    EXPECT_EQ(pvo.nodes[2].leaf, 1);
    EXPECT_EQ(pvo.nodes[3].leaf, 2);
    ASSERT_EQ(pvo.leaves.size(), 3u);
    EXPECT_EQ(pvo.leaves[1].offset, 7u);
    EXPECT_EQ(pvo.leaves[2].offset, 20u);
    EXPECT_EQ(pvo.leaves[1].entries, (std::vector<PvoLeafEntry>{{2, 3}, {1, 0}}));
    EXPECT_EQ(pvo.mlst, (Ids{9, 4, 1, 7, 4, 2}));
    EXPECT_EQ(pvoLeafIds(pvo, 0), (Ids{1, 4, 9}));
    EXPECT_EQ(pvoLeafIds(pvo, 1), (Ids{4, 7, 9}));
    EXPECT_EQ(pvoLeafIds(pvo, 2), (Ids{2}));
    EXPECT_TRUE(pvoLeafIds(pvo, 3).empty());
}

TEST(Pvo, QueryWalksToTheKnownLeaf) {
    Pvo pvo = readPvo(encode(handTree()), "HAND.PVO");
    // Octant 0 of the root -> node 1 (leaf A).
    EXPECT_EQ(pvoFindNode(pvo, -100, -100, -100), 1);
    EXPECT_EQ(pvoVisibleIds(pvo, -100, -100, -100), (Ids{1, 4, 9}));
    // On the center planes the point belongs to the negative side (the walk uses p > center).
    EXPECT_EQ(pvoVisibleIds(pvo, 0, 0, 0), (Ids{1, 4, 9}));
    EXPECT_EQ(pvoVisibleIds(pvo, -1024, -1024, -1024), (Ids{1, 4, 9})); // closed root box
    // Octant 7 -> node 2 (center 512): octant 0 there has no child, the walk stops on node 2.
    EXPECT_EQ(pvoFindNode(pvo, 100, 100, 100), 2);
    EXPECT_EQ(pvoVisibleIds(pvo, 100, 100, 100), (Ids{4, 7, 9}));
    EXPECT_EQ(pvoVisibleIds(pvo, 1024, 1024, 1024), (Ids{4, 7, 9}));
    // Node 2's octant 1 (z > 512) -> node 3 (leaf C).
    EXPECT_EQ(pvoFindNode(pvo, 100, 100, 600), 3);
    EXPECT_EQ(pvoVisibleIds(pvo, 100, 100, 600), (Ids{2}));
    EXPECT_EQ(pvoVisibleIds(pvo, 0.5, 0.5, 512.5), (Ids{2}));
    EXPECT_EQ(pvoVisibleIds(pvo, 0.5, 0.5, 512.0), (Ids{4, 7, 9}));
    // Octant 5 of the root has no child: the root has no leaf data.
    EXPECT_EQ(pvoFindNode(pvo, 100, -100, 100), 0);
    EXPECT_TRUE(pvoVisibleIds(pvo, 100, -100, 100).empty());
    // Outside the root cell the reference's walk goes on into the border octants.
    EXPECT_FALSE(pvoContains(pvo, 1024.5, 0, 0));
    EXPECT_EQ(pvoFindNode(pvo, 1024.5, 0, 0), 0); // octant 4: no child, the root has no leaf
    EXPECT_TRUE(pvoVisibleIds(pvo, 2000, 0, 0).empty());
    EXPECT_FALSE(pvoContains(pvo, 0, -1025, 0));
    EXPECT_EQ(pvoVisibleIds(pvo, 0, -1025, 0), (Ids{1, 4, 9})); // octant 0 -> node 1
    EXPECT_EQ(pvoVisibleIds(pvo, 5000, 5000, 5000), (Ids{4, 7, 9}));
    EXPECT_TRUE(pvoContains(pvo, -1024, -1024, -1024));
    EXPECT_TRUE(pvoContains(pvo, 1024, 1024, 1024));
    EXPECT_EQ(pvoFindNode(pvo, std::nan(""), 0, 0), -1);
    EXPECT_TRUE(pvoVisibleIds(pvo, std::nan(""), 0, 0).empty());
}

TEST(Pvo, QueryMatchesBruteForceOnAGrid) {
    for (std::uint32_t seed : {1u, 7u, 12345u}) {
        PvoTree tree = randomTree(seed, 4);
        Pvo pvo = readPvo(writePvo(buildPvo(tree)), "random.pvo");
        ASSERT_GT(pvo.nodes.size(), 20u);
        std::size_t nonEmpty = 0, checked = 0;
        for (double offset : {0.0, 13.0}) {
            for (int i = -17; i <= 17; ++i) {
                for (int j = -17; j <= 17; ++j) {
                    for (int k = -17; k <= 17; ++k) {
                        const double x = tree.center[0] + i * 64 + offset;
                        const double y = tree.center[1] + j * 64 + offset;
                        const double z = tree.center[2] + k * 64 - offset;
                        Ids expected = bruteForce(tree, x, y, z);
                        Ids got = pvoVisibleIds(pvo, x, y, z);
                        ASSERT_EQ(got, expected) << "seed " << seed << " at " << x << "," << y << "," << z;
                        nonEmpty += expected.empty() ? 0 : 1;
                        ++checked;
                    }
                }
            }
        }
        EXPECT_GT(nonEmpty, checked / 4) << "the grid must exercise real leaves";
    }
}

TEST(Pvo, BuilderLaysOutTheReferenceRecords) {
    // The hand tree's shape with leaf lists given as ids: the builder stores each list once,
    // sorted, in leaf order, so its output can be typed by hand.
    PvoTree t;
    t.depth = 10;
    t.cellSize = 1024;
    t.center = {0, 0, 0};
    t.nodes.resize(4);
    t.nodes[0].children[0] = 1;
    t.nodes[0].children[7] = 2;
    t.nodes[1].leaf = 0;
    t.nodes[2].leaf = 1;
    t.nodes[2].children[1] = 3;
    t.nodes[3].leaf = 2;
    t.leafIds = {{9, 4, 1, 4}, {7, 9, 4}, {2}};

    RawFile f;
    f.totalNodes = 4;
    f.leafNodes = 3;
    f.mlstCount = 7;
    f.nodes = {{0x81, 0xFFFFFFFF, {13, 18}}, {0x00, 0, {}}, {0x02, 7, {27}}, {0x00, 14, {}}};
    f.leaves = {{{3, 0}}, {{3, 3}}, {{1, 6}}};
    f.mlst = {1, 4, 9, 4, 7, 9, 2};
    Pvo built = buildPvo(t);
    EXPECT_EQ(writePvo(built), encode(f));
    EXPECT_EQ(readPvo(encode(f), "built.pvo"), built);
    EXPECT_EQ(pvoVisibleIds(built, 100, 100, 600), (Ids{2}));
}

TEST(Pvo, BuilderSharesIdenticalListsAndHandlesEmptyOnes) {
    PvoTree t;
    t.nodes.resize(3);
    t.nodes[0].children[3] = 1;
    t.nodes[0].children[4] = 2;
    t.nodes[0].leaf = 2;
    t.nodes[1].leaf = 0;
    t.nodes[2].leaf = 1;
    t.leafIds = {{5, 3}, {3, 5, 5}, {}};
    Pvo pvo = buildPvo(t);
    EXPECT_EQ(pvo.mlst, (Ids{3, 5}));
    EXPECT_EQ(pvo.leaves[0].entries, pvo.leaves[1].entries);
    EXPECT_TRUE(pvo.leaves[2].entries.empty());
    EXPECT_EQ(pvo.header.leafNodes, 3u);
    EXPECT_EQ(readPvo(writePvo(pvo), "shared.pvo"), pvo);
}

TEST(Pvo, BuilderSplitsLongListsIntoU16Entries) {
    PvoTree t;
    t.nodes.resize(1);
    t.nodes[0].leaf = 0;
    Ids ids(65535 + 10);
    for (std::size_t i = 0; i < ids.size(); ++i)
        ids[i] = static_cast<std::uint16_t>(i);
    ids.push_back(65535); // all 65536 distinct u16 values
    t.leafIds = {ids};
    Pvo pvo = buildPvo(t);
    ASSERT_EQ(pvo.leaves[0].entries.size(), 2u);
    EXPECT_EQ(pvo.leaves[0].entries[0], (PvoLeafEntry{65535, 0}));
    EXPECT_EQ(pvo.leaves[0].entries[1], (PvoLeafEntry{1, 65535}));
    Pvo back = readPvo(writePvo(pvo), "long.pvo");
    EXPECT_EQ(back, pvo);
    EXPECT_EQ(pvoVisibleIds(back, 0, 0, 0).size(), 65536u);
}

TEST(Pvo, RoundTripsBytesAndStructs) {
    Bytes bytes = encode(handTree());
    EXPECT_EQ(writePvo(readPvo(bytes, "HAND.PVO")), bytes);
    Pvo built = buildPvo(randomTree(99, 5));
    Bytes out = writePvo(built);
    EXPECT_EQ(readPvo(out, "random.pvo"), built);
    EXPECT_EQ(writePvo(readPvo(out, "random.pvo")), out);
    // An empty octree is valid and sees nothing.
    Pvo empty = buildPvo(PvoTree{});
    EXPECT_EQ(readPvo(writePvo(empty), "empty.pvo"), empty);
    EXPECT_TRUE(pvoVisibleIds(empty, 0, 0, 0).empty());
}

TEST(Pvo, PlaceholderChildEndsTheWalk) {
    RawFile f = handTree();
    f.nodes[2].refs = {kPvoPlaceholderChild};
    Bytes bytes = encode(f);
    Pvo pvo = readPvo(bytes, "placeholder.pvo");
    EXPECT_EQ(pvo.nodes[2].children[1], -1);
    EXPECT_EQ(pvo.nodes[2].childRefs[0], kPvoPlaceholderChild);
    EXPECT_EQ(pvoVisibleIds(pvo, 100, 100, 600), (Ids{4, 7, 9}));
    EXPECT_EQ(writePvo(pvo), bytes);
}

// Every prefix throws (naming an offset inside it) or reads with a warning. Nothing after MLST is
// read, so exactly the prefixes cut in or before the END section read, each with one warning
// where END should be.
TEST(Pvo, EveryTruncatedPrefixThrowsOrWarns) {
    const Bytes bytes = encode(handTree());
    ASSERT_EQ(bytes.size(), kEndFrame + 8);
    const Pvo whole = readPvo(bytes, "whole.pvo");
    std::vector<std::size_t> read;
    for (std::size_t n = 0; n < bytes.size(); ++n) {
        Bytes prefix(bytes.begin(), bytes.begin() + static_cast<std::ptrdiff_t>(n));
        EXPECT_TRUE(
            rgx::testing::prefixIsNotWhole([&](rgx::Warnings* w) { readPvo(prefix, "cut.pvo", w); }, n));
        rgx::Warnings warnings;
        try {
            Pvo pvo = readPvo(prefix, "cut.pvo", &warnings);
            read.push_back(n);
            EXPECT_TRUE(
                rgx::testing::onlyWarning(warnings, kEndFrame, "section tag", "no END section after MLST"))
                << n;
            EXPECT_EQ(pvo, whole) << n;
        } catch (const rgx::Error&) {
        }
    }
    EXPECT_EQ(read.size(), 8u);
    EXPECT_EQ(read.front(), kEndFrame);
    EXPECT_EQ(read.back(), kEndFrame + 7);
    rgx::Error e = expectError([&] { readPvo(ByteSpan(bytes).first(kPlstData + 3), "cut.pvo"); });
    EXPECT_EQ(e.path(), "cut.pvo");
    EXPECT_EQ(e.offset(), kPlstFrame + 4);
    EXPECT_NE(e.field().find("PLST data_length"), std::string::npos) << e.what();
}

// Still errors: a wrong section tag before MLST, and an OCTH too short for the header.
TEST(Pvo, RejectBadFraming) {
    Bytes wrongTag = encode(handTree());
    wrongTag[kPlstFrame] = 'X';
    rgx::Error e = expectError([&] { readPvo(wrongTag, "t.pvo"); });
    EXPECT_EQ(e.offset(), kPlstFrame);
    EXPECT_EQ(e.field(), "section tag");
    EXPECT_NE(std::string(e.what()).find("PLST"), std::string::npos);

    Bytes badHeaderLen = encode(handTree());
    badHeaderLen[7] = 51; // OCTH data_length 51
    EXPECT_TRUE(
        rgx::testing::throwsAt([&] { readPvo(badHeaderLen, "t.pvo"); }, 4, "OCTH data_length", "needs 52"));
}

// Departures in what is not needed to walk the tree (after MLST, header lengths longer than the
// fields) read with one warning each, and the tree is the same.
TEST(Pvo, FramingDeparturesReadWithAWarning) {
    const Pvo whole = readPvo(encode(handTree()), "t.pvo");
    auto expectOne = [&](const Bytes& bytes, std::uint64_t offset, const char* field, const char* phrase) {
        rgx::Warnings warnings;
        Pvo pvo = readPvo(bytes, "t.pvo", &warnings);
        EXPECT_TRUE(rgx::testing::onlyWarning(warnings, offset, field, phrase));
        EXPECT_EQ(pvo.nodes, whole.nodes) << field;
        EXPECT_EQ(pvo.leaves, whole.leaves) << field;
        EXPECT_EQ(readPvo(writePvo(pvo), "t.pvo"), pvo) << field;
    };
    Bytes trailing = encode(handTree());
    trailing.push_back(0);
    expectOne(trailing, kEndFrame + 8, "END", "1 bytes follow the END section");

    Bytes endLen = encode(handTree());
    endLen[kEndFrame + 7] = 1;
    expectOne(endLen, kEndFrame + 4, "END data_length", "is 1, expected 0");

    Bytes endTag = encode(handTree());
    endTag[kEndFrame] = 'Q';
    expectOne(endTag, kEndFrame, "section tag", "expected \"END \", found \"QND \"");

    // OCTH of 56 bytes: the first 52 are the header.
    Bytes longHeader = encode(handTree());
    longHeader[7] = 56;
    longHeader.insert(longHeader.begin() + 60, {1, 2, 3, 4});
    rgx::Warnings warnings;
    Pvo pvo = readPvo(longHeader, "t.pvo", &warnings);
    EXPECT_TRUE(rgx::testing::onlyWarning(warnings, 4, "OCTH data_length",
                                          "is 56, expected 52; the first 52 are read"));
    EXPECT_EQ(pvo, whole);

    // An MLST id past the header's count is ignored.
    RawFile f = handTree();
    f.mlst.push_back(42);
    warnings.clear();
    pvo = readPvo(encode(f), "t.pvo", &warnings);
    EXPECT_TRUE(rgx::testing::onlyWarning(warnings, kMlstFrame + 4, "MLST data_length",
                                          "the ids past the count are ignored"));
    EXPECT_EQ(pvo, whole);
}

// The node walk follows references, so counts in the header that disagree with OCTR are warnings;
// counts that would let a query leave the data, or allocate from a huge number, still throw.
TEST(Pvo, RejectCountsThatAreTooLarge) {
    RawFile f = handTree();
    f.mlstCount = 0xFFFFFFFF; // huge count: rejected before anything is allocated from it
    rgx::Error e = expectError([&] { readPvo(encode(f), "t.pvo"); });
    EXPECT_EQ(e.field(), "MLST data_length");
    EXPECT_EQ(e.offset(), kMlstFrame + 4);

    f = handTree();
    f.mlstCount = 7; // one more id than MLST holds: PLST ranges could point past the list
    e = expectError([&] { readPvo(encode(f), "t.pvo"); });
    EXPECT_EQ(e.field(), "MLST data_length");
    EXPECT_NE(e.message().find("needs mlst_polygon_count 7 x 2"), std::string::npos) << e.what();

    f = handTree();
    f.depth = 33;
    e = expectError([&] { readPvo(encode(f), "t.pvo"); });
    EXPECT_EQ(e.offset(), 8u);

    // OCTR data_length far past the end of the file.
    Bytes bytes = encode(handTree());
    bytes[60 + 4] = 0x7F;
    e = expectError([&] { readPvo(bytes, "t.pvo"); });
    EXPECT_EQ(e.offset(), 64u);
    EXPECT_NE(std::string(e.what()).find("past the end"), std::string::npos);
}

TEST(Pvo, CountsThatDisagreeReadWithAWarning) {
    const Pvo whole = readPvo(encode(handTree()), "t.pvo");
    RawFile f = handTree();
    f.totalNodes = 5;
    rgx::Warnings warnings;
    Pvo pvo = readPvo(encode(f), "t.pvo", &warnings);
    EXPECT_TRUE(
        rgx::testing::onlyWarning(warnings, 0x0C, "OCTH total_nodes", "header says 5 nodes, OCTR holds 4"));
    EXPECT_EQ(pvo.nodes, whole.nodes);
    EXPECT_EQ(pvoVisibleIds(pvo, 100, 100, 600), pvoVisibleIds(whole, 100, 100, 600));
    EXPECT_EQ(writePvo(pvo), encode(f)); // the header's count is kept as read

    f = handTree();
    f.leafNodes = 4;
    warnings.clear();
    pvo = readPvo(encode(f), "t.pvo", &warnings);
    EXPECT_TRUE(rgx::testing::onlyWarning(warnings, 0x10, "OCTH leaf_nodes",
                                          "header says 4 nodes with leaf data, OCTR holds 3"));
    EXPECT_EQ(pvo.leaves, whole.leaves);
    EXPECT_EQ(writePvo(pvo), encode(f));
}

TEST(Pvo, RejectReferencesOffRecordStarts) {
    RawFile f = handTree();
    f.nodes[0].refs = {13, 19}; // inside node 2, not its start
    rgx::Error e = expectError([&] { readPvo(encode(f), "t.pvo"); });
    EXPECT_EQ(e.offset(), kOctrData + 5 + 4);
    EXPECT_EQ(e.field(), "OCTR child_ref");

    f = handTree();
    f.nodes[0].refs = {13, 32}; // the end of OCTR
    EXPECT_THROW(readPvo(encode(f), "t.pvo"), rgx::Error);

    f = handTree();
    f.nodes[2].leafRef = 8; // inside leaf B
    e = expectError([&] { readPvo(encode(f), "t.pvo"); });
    EXPECT_EQ(e.offset(), kOctrData + 18 + 1);
    EXPECT_EQ(e.field(), "OCTR leaf_ref");

    f = handTree();
    f.nodes[3].leafRef = 1000; // past PLST
    EXPECT_THROW(readPvo(encode(f), "t.pvo"), rgx::Error);
}

TEST(Pvo, RejectMlstRangesOutOfBounds) {
    RawFile f = handTree();
    f.leaves[2] = {{2, 5}}; // [5, 7) of 6 entries
    rgx::Error e = expectError([&] { readPvo(encode(f), "t.pvo"); });
    EXPECT_EQ(e.offset(), kPlstData + 20 + 1);
    EXPECT_EQ(e.field(), "PLST entry");

    f = handTree();
    f.leaves[0] = {{1, 0xFFFFFFFF}}; // start + count overflows 32 bits
    EXPECT_THROW(readPvo(encode(f), "t.pvo"), rgx::Error);

    f = handTree();
    f.leaves[0] = {{0xFFFF, 0}};
    EXPECT_THROW(readPvo(encode(f), "t.pvo"), rgx::Error);
}

TEST(Pvo, RejectCycles) {
    RawFile f = handTree();
    f.nodes[3] = {0x01, 20, {0}}; // node 3 -> root
    f.nodes.push_back({0x00, 0xFFFFFFFF, {}});
    f.totalNodes = 5;
    Bytes bytes = encode(f);
    rgx::Error e = expectError([&] { readPvo(bytes, "cycle.pvo"); });
    EXPECT_NE(std::string(e.what()).find("cycle"), std::string::npos) << e.what();
    EXPECT_EQ(e.field(), "OCTR child_ref");
    EXPECT_EQ(e.offset(), kOctrData + 27 + 5);

    f = handTree();
    f.nodes[1] = {0x10, 0, {13}}; // node 1 is its own child (octant 4)
    f.nodes[2].refs = {31};
    f.nodes[0].refs = {13, 22};
    e = expectError([&] { readPvo(encode(f), "self.pvo"); });
    EXPECT_NE(std::string(e.what()).find("cycle"), std::string::npos) << e.what();
    EXPECT_EQ(e.offset(), kOctrData + 13 + 5);
}

TEST(Pvo, SharedChildrenAreAcceptedButUnreachableCyclesAreNot) {
    // Root octants 0 and 7 both lead to node 1: a DAG, walked like a tree.
    RawFile f = handTree();
    f.nodes[0].refs = {13, 13};
    Pvo pvo = readPvo(encode(f), "dag.pvo");
    EXPECT_EQ(pvo.nodes[0].children[7], 1);
    EXPECT_EQ(pvoVisibleIds(pvo, 100, 100, 100), (Ids{1, 4, 9}));

    // Nodes 2 and 3 are unreachable from the root but point at each other.
    f = handTree();
    f.nodes[0].refs = {13, 13};
    f.nodes[3] = {0x01, 20, {18}};
    rgx::Error e = expectError([&] { readPvo(encode(f), "loop.pvo"); });
    EXPECT_NE(std::string(e.what()).find("cycle"), std::string::npos) << e.what();
    EXPECT_EQ(std::string(e.what()).rfind("loop.pvo: offset 0x", 0), 0u) << e.what();
}

TEST(Pvo, RejectTreesDeeperThanTheHeaderDepth) {
    RawFile f = handTree(); // height 2
    f.depth = 1;
    rgx::Error e = expectError([&] { readPvo(encode(f), "deep.pvo"); });
    EXPECT_NE(std::string(e.what()).find("deeper"), std::string::npos) << e.what();
    f.depth = 2;
    EXPECT_NO_THROW(readPvo(encode(f), "ok.pvo"));

    // A long chain (one child per node) under the maximum depth is still bounded.
    RawFile chain;
    chain.depth = kPvoMaxDepth;
    for (std::uint32_t i = 0; i < 40; ++i)
        chain.nodes.push_back({0x01, 0xFFFFFFFF, {(i + 1) * 9}});
    chain.nodes.push_back({0x00, 0xFFFFFFFF, {}});
    chain.totalNodes = 41;
    e = expectError([&] { readPvo(encode(chain), "chain.pvo"); });
    EXPECT_NE(std::string(e.what()).find("deeper"), std::string::npos) << e.what();
}

TEST(Pvo, RejectBadBuilderAndWriterInput) {
    PvoTree t;
    t.nodes.resize(2);
    t.nodes[0].children[2] = 1;
    t.nodes[1].children[5] = 0; // cycle
    EXPECT_THROW(buildPvo(t), rgx::Error);
    t.nodes[1].children[5] = 2; // out of range
    EXPECT_THROW(buildPvo(t), rgx::Error);
    t.nodes[1].children[5] = -1;
    t.nodes[1].leaf = 0; // no leaf lists
    EXPECT_THROW(buildPvo(t), rgx::Error);
    t.nodes[1].leaf = -1;
    t.depth = 0; // height 1
    EXPECT_THROW(buildPvo(t), rgx::Error);
    t.depth = 40;
    EXPECT_THROW(buildPvo(t), rgx::Error);
    t.depth = 1;
    EXPECT_NO_THROW(buildPvo(t));

    Pvo pvo = readPvo(encode(handTree()), "HAND.PVO");
    pvo.nodes[0].childRefs.pop_back();
    EXPECT_THROW(writePvo(pvo), rgx::Error);
    pvo = readPvo(encode(handTree()), "HAND.PVO");
    pvo.nodes[1].offset = 14;
    EXPECT_THROW(writePvo(pvo), rgx::Error);
    pvo = readPvo(encode(handTree()), "HAND.PVO");
    pvo.leaves[0].entries.resize(256);
    EXPECT_THROW(writePvo(pvo), rgx::Error);
}

// How many of the 3,000 mutated inputs the reader must accept, so the checks after parsing
// (writers, round trips) really run: about a third of the lowest count seen over several seeds.
constexpr std::size_t kMinAccepted_pvo = 120;

TEST(PvoFuzz, MutatedWriterOutputNeverCrashes) {
    std::vector<Bytes> seeds = {encode(handTree()), writePvo(buildPvo(randomTree(3, 3))),
                                writePvo(buildPvo(randomTree(5, 2)))};
    // Plus the demo's files and, with RGX_REAL_SAMPLES, the real ones (tests/support/fuzz_corpus.h).
    for (Bytes& b : rgx::testing::corpusSeeds({".pvo"}))
        seeds.push_back(std::move(b));
    const rgx::testing::MutationStats stats =
        rgx::testing::fuzzRun("pvo", seeds, rgxFuzz_pvo, 3000, kMinAccepted_pvo);
    EXPECT_EQ(stats.runs, 3000u + seeds.size());
}
