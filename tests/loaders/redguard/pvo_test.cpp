// PVO octrees: a file hand-built from the reference's record tables, the visibility walk on
// points whose leaf is known, a brute-force comparison over a grid of points, the builder and
// exact round trips (the rejections: pvo_reject_test.cpp; the shared fixture: pvo_fixture.h).
#include "loaders/redguard/pvo.h"

#include "base/error.h"
#include "tests/loaders/redguard/pvo_fixture.h"

#include <gtest/gtest.h>

#include <set>
#include <string>

using namespace rgx::loaders;
using namespace pvo_fixture;

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
