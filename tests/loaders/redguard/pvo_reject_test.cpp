// PVO octrees: rejection of truncation, bad lengths, bad references, cycles and depth, the
// reading policy's warnings, and a mutation run of the fuzz target (the fixture: pvo_fixture.h).
#include "loaders/redguard/pvo.h"

#include "base/error.h"
#include "tests/fuzz/fuzz_target.h"
#include "tests/loaders/redguard/pvo_fixture.h"
#include "tests/loaders/warning_checks.h"
#include "tests/support/fuzz_corpus.h"
#include "tests/support/mutate.h"

#include <gtest/gtest.h>

#include <string>

using namespace rgx::loaders;
using rgx::testing::expectError;
using namespace pvo_fixture;

RGX_DECLARE_FUZZ_TARGET(pvo);

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
