#pragma once
// PVO octrees laid out byte by byte from the reference's record tables by the tests' own encoder
// (not writePvo), the hand-built tree with its record offsets worked out, a pseudo-random tree and
// a brute-force answer to check the walk against: what pvo_test.cpp (reading, the walk, the
// builder, round trips) and pvo_reject_test.cpp (Reject*, warnings, the mutation run) share.

#include "base/error.h"
#include "loaders/redguard/pvo.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <set>
#include <string>
#include <vector>

namespace pvo_fixture {

using namespace rgx::loaders;

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

inline void le32(Bytes& b, std::uint32_t v) {
    for (int i = 0; i < 4; ++i)
        b.push_back(static_cast<std::uint8_t>(v >> (8 * i)));
}
inline void le16(Bytes& b, std::uint16_t v) {
    b.push_back(static_cast<std::uint8_t>(v));
    b.push_back(static_cast<std::uint8_t>(v >> 8));
}
inline void frame(Bytes& b, const char* tag, std::uint32_t len) {
    b.insert(b.end(), tag, tag + 4);
    for (int i = 3; i >= 0; --i)
        b.push_back(static_cast<std::uint8_t>(len >> (8 * i)));
}

inline Bytes encode(const RawFile& f) {
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
inline RawFile handTree() {
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
inline constexpr std::size_t kOctrData = 68;
inline constexpr std::size_t kPlstFrame = kOctrData + 32;
inline constexpr std::size_t kPlstData = kPlstFrame + 8;
inline constexpr std::size_t kMlstFrame = kPlstData + 27;
inline constexpr std::size_t kEndFrame = kMlstFrame + 8 + 12;

using Ids = std::vector<std::uint16_t>;

// A pseudo-random tree: every node below maxLevel gets children in random octants, most nodes
// get a random id list. Deterministic (fixed LCG).
inline PvoTree randomTree(std::uint32_t seed, int maxLevel) {
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
inline Ids bruteForce(const PvoTree& t, double x, double y, double z) {
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

} // namespace pvo_fixture
