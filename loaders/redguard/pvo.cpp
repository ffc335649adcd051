#include "loaders/redguard/pvo.h"

#include "base/error.h"

#include <algorithm>
#include <bit>
#include <cmath>
#include <limits>
#include <map>

namespace rgx::loaders {

namespace {

// A section tag for messages: printable bytes as they are, others as \xNN.
std::string showTag(const std::string& tag) {
    static const char* const hex = "0123456789ABCDEF";
    std::string out;
    for (unsigned char c : tag) {
        if (c >= 0x20 && c < 0x7F) {
            out += static_cast<char>(c);
        } else {
            out += "\\x";
            out += hex[c >> 4];
            out += hex[c & 15];
        }
    }
    return out;
}

// Rejects cycles anywhere in the node graph and any node whose subtree is taller than maxHeight
// edges. Iterative, so a hostile chain cannot overflow the call stack; the explicit stack never
// grows past maxHeight + 2 entries. fail(nodeIndex, octant, message) must throw.
template <typename Node, typename Fail>
void checkNodeGraph(const std::vector<Node>& nodes, std::uint32_t maxHeight, Fail fail) {
    enum : std::uint8_t { kNew, kOnPath, kDone };
    std::vector<std::uint8_t> state(nodes.size(), kNew);
    std::vector<std::uint32_t> height(nodes.size(), 0);
    struct Frame {
        std::size_t node;
        int nextOctant;
    };
    std::vector<Frame> stack;
    for (std::size_t start = 0; start < nodes.size(); ++start) {
        if (state[start] != kNew) continue;
        state[start] = kOnPath;
        stack.push_back({start, 0});
        while (!stack.empty()) {
            Frame& top = stack.back();
            if (top.nextOctant < 8) {
                int octant = top.nextOctant++;
                std::int32_t c = nodes[top.node].children[static_cast<std::size_t>(octant)];
                if (c < 0) continue;
                std::size_t child = static_cast<std::size_t>(c);
                if (state[child] == kOnPath) {
                    fail(top.node, octant,
                         "child is node " + std::to_string(child) +
                             ", an ancestor of (or the same as) this node: cycle");
                }
                if (state[child] == kDone) {
                    height[top.node] = std::max(height[top.node], height[child] + 1);
                    if (height[top.node] > maxHeight) {
                        fail(top.node, octant,
                             "tree is deeper than the header depth " + std::to_string(maxHeight));
                    }
                    continue;
                }
                if (stack.size() > maxHeight) {
                    fail(top.node, octant,
                         "tree is deeper than the header depth " + std::to_string(maxHeight));
                }
                state[child] = kOnPath;
                stack.push_back({child, 0});
                continue;
            }
            std::size_t done = top.node;
            state[done] = kDone;
            stack.pop_back();
            if (!stack.empty()) {
                std::size_t parent = stack.back().node;
                height[parent] = std::max(height[parent], height[done] + 1);
                if (height[parent] > maxHeight) {
                    fail(parent, stack.back().nextOctant - 1,
                         "tree is deeper than the header depth " + std::to_string(maxHeight));
                }
            }
        }
    }
}

// Index of the record starting at offset in a sorted list of record offsets, or -1.
template <typename Record> std::int32_t findRecord(const std::vector<Record>& records, std::uint32_t offset) {
    auto it = std::lower_bound(records.begin(), records.end(), offset,
                               [](const Record& r, std::uint32_t o) { return r.offset < o; });
    if (it == records.end() || it->offset != offset) return -1;
    return static_cast<std::int32_t>(it - records.begin());
}

ByteReader openSection(ByteReader& r, const char* expectedTag) {
    std::size_t at = r.pos();
    std::string tag = r.tag(std::string(expectedTag) + " section tag");
    if (tag != expectedTag) {
        r.failAt(at, "section tag",
                 "expected \"" + std::string(expectedTag) + "\", found \"" + showTag(tag) + "\"");
    }
    std::uint32_t length = r.u32be(std::string(expectedTag) + " data_length");
    if (length > r.remaining()) {
        r.failAt(at + 4, std::string(expectedTag) + " data_length",
                 "length " + std::to_string(length) + " is past the end (" + std::to_string(r.remaining()) +
                     " bytes left)");
    }
    ByteReader section = r.sub(r.pos(), length, std::string(expectedTag) + " data");
    r.skip(length, std::string(expectedTag) + " data");
    return section;
}

PvoHeader readHeader(ByteReader& r) {
    PvoHeader h;
    h.depth = r.u32("OCTH depth");
    if (h.depth > kPvoMaxDepth) {
        r.failAt(r.pos() - 4, "OCTH depth",
                 "depth " + std::to_string(h.depth) + " exceeds " + std::to_string(kPvoMaxDepth));
    }
    h.totalNodes = r.u32("OCTH total_nodes");
    h.leafNodes = r.u32("OCTH leaf_nodes");
    h.mlstCount = r.u32("OCTH mlst_polygon_count");
    h.reserved = r.u32("OCTH reserved");
    h.cellSize = r.u32("OCTH cell_size");
    for (auto& c : h.center)
        c = r.i32("OCTH center");
    for (auto& p : h.pad)
        p = r.u32("OCTH padding");
    return h;
}

void writeFrame(ByteWriter& w, const char* tag, std::size_t length) {
    if (length > std::numeric_limits<std::uint32_t>::max()) {
        throw Error("<memory>", Error::kNoOffset, std::string(tag) + " data_length",
                    "section of " + std::to_string(length) + " bytes does not fit a u32 length");
    }
    w.tag(tag);
    w.u32be(static_cast<std::uint32_t>(length));
}

[[noreturn]] void failMemory(const std::string& field, const std::string& message) {
    throw Error("<memory>", Error::kNoOffset, field, message);
}

} // namespace

Pvo readPvo(ByteSpan bytes, const std::string& path, Warnings* warnings) {
    ByteReader r(bytes, path, 0, warnings);
    Pvo pvo;

    // OCTH
    {
        std::size_t at = r.pos();
        ByteReader s = openSection(r, "OCTH");
        if (s.size() < kPvoHeaderSize) {
            r.failAt(at + 4, "OCTH data_length", "is " + std::to_string(s.size()) + ", needs 52");
        }
        if (s.size() != kPvoHeaderSize) {
            r.warnAt(at + 4, "OCTH data_length",
                     "is " + std::to_string(s.size()) + ", expected 52; the first 52 are read");
        }
        pvo.header = readHeader(s);
    }
    const PvoHeader& h = pvo.header;

    // OCTR: records back to back; each consumes at least 5 bytes, so the loop is bounded.
    ByteReader octr = openSection(r, "OCTR");
    pvo.nodes.reserve(std::min<std::size_t>(h.totalNodes, octr.size() / 5));
    while (!octr.atEnd()) {
        PvoNode n;
        n.offset = static_cast<std::uint32_t>(octr.pos());
        n.childMask = octr.u8("OCTR child_mask");
        n.leafRef = octr.u32("OCTR leaf_ref");
        int count = std::popcount(n.childMask);
        octr.require(static_cast<std::size_t>(count) * 4, "OCTR child_refs");
        n.childRefs.reserve(static_cast<std::size_t>(count));
        for (int i = 0; i < count; ++i)
            n.childRefs.push_back(octr.u32("OCTR child_ref"));
        pvo.nodes.push_back(std::move(n));
    }
    // The nodes are walked by their references, so the header's count is only a check.
    if (pvo.nodes.size() != h.totalNodes) {
        r.warnAt(0x0C, "OCTH total_nodes",
                 "header says " + std::to_string(h.totalNodes) + " nodes, OCTR holds " +
                     std::to_string(pvo.nodes.size()));
    }

    // PLST: each record consumes at least 1 byte.
    ByteReader plst = openSection(r, "PLST");
    while (!plst.atEnd()) {
        PvoLeaf leaf;
        leaf.offset = static_cast<std::uint32_t>(plst.pos());
        std::uint8_t count = plst.u8("PLST entry_count");
        plst.checkCount(count, 6, "PLST entry_count");
        leaf.entries.resize(count);
        for (PvoLeafEntry& e : leaf.entries) {
            e.count = plst.u16("PLST entry count");
            e.mlstStart = plst.u32("PLST entry mlst_start");
            if (std::uint64_t{e.mlstStart} + e.count > h.mlstCount) {
                plst.failAt(plst.pos() - 6, "PLST entry",
                            "range [" + std::to_string(e.mlstStart) + ", +" + std::to_string(e.count) +
                                ") is outside the " + std::to_string(h.mlstCount) + " MLST entries");
            }
        }
        pvo.leaves.push_back(std::move(leaf));
    }

    // MLST
    {
        std::size_t at = r.pos();
        ByteReader mlst = openSection(r, "MLST");
        // Fewer ids than the header's count would let PLST ranges point past the list.
        if (std::uint64_t{h.mlstCount} * 2 > mlst.size()) {
            r.failAt(at + 4, "MLST data_length",
                     "is " + std::to_string(mlst.size()) + ", needs mlst_polygon_count " +
                         std::to_string(h.mlstCount) + " x 2");
        }
        if (std::uint64_t{h.mlstCount} * 2 != mlst.size()) {
            r.warnAt(at + 4, "MLST data_length",
                     "is " + std::to_string(mlst.size()) + ", expected mlst_polygon_count " +
                         std::to_string(h.mlstCount) + " x 2; the ids past the count are ignored");
        }
        pvo.mlst.resize(mlst.checkCount(h.mlstCount, 2, "MLST entries"));
        for (std::uint16_t& id : pvo.mlst)
            id = mlst.u16("MLST id");
    }

    // END
    {
        // Nothing after MLST is read: a missing or different END is a warning.
        std::size_t at = r.pos();
        if (r.remaining() < 8) {
            r.warnAt(at, "section tag", "no END section after MLST");
        } else {
            std::string tag = r.tag("END tag");
            std::uint32_t length = r.u32be("END data_length");
            if (tag != "END ") {
                r.warnAt(at, "section tag", "expected \"END \", found \"" + showTag(tag) + "\"");
            } else if (length != 0) {
                r.warnAt(at + 4, "END data_length", "is " + std::to_string(length) + ", expected 0");
            }
            if (!r.atEnd())
                r.warnAt(r.pos(), "END", std::to_string(r.remaining()) + " bytes follow the END section");
        }
    }

    // Resolve and check references now that every record start is known.
    std::uint32_t leafCount = 0;
    for (PvoNode& n : pvo.nodes) {
        const std::uint64_t nodeAt = octr.base() + n.offset;
        if (n.leafRef != kPvoNoLeaf) {
            ++leafCount;
            n.leaf = findRecord(pvo.leaves, n.leafRef);
            if (n.leaf < 0) {
                throw Error(path, nodeAt + 1, "OCTR leaf_ref",
                            "PLST offset " + std::to_string(n.leafRef) +
                                " is not the start of a leaf record");
            }
        }
        std::size_t k = 0;
        for (int octant = 0; octant < 8; ++octant) {
            if (!(n.childMask & (1u << octant))) continue;
            std::uint32_t ref = n.childRefs[k];
            if (ref != kPvoPlaceholderChild) {
                std::int32_t child = findRecord(pvo.nodes, ref);
                if (child < 0) {
                    throw Error(path, nodeAt + 5 + 4 * k, "OCTR child_ref",
                                "OCTR offset " + std::to_string(ref) + " is not the start of a node record");
                }
                n.children[static_cast<std::size_t>(octant)] = child;
            }
            ++k;
        }
    }
    if (leafCount != h.leafNodes) {
        r.warnAt(8 + 8, "OCTH leaf_nodes",
                 "header says " + std::to_string(h.leafNodes) + " nodes with leaf data, OCTR holds " +
                     std::to_string(leafCount));
    }
    checkNodeGraph(pvo.nodes, h.depth, [&](std::size_t node, int octant, const std::string& message) {
        const PvoNode& n = pvo.nodes[node];
        std::size_t k = static_cast<std::size_t>(
            std::popcount(static_cast<unsigned>(n.childMask & ((1u << octant) - 1u))));
        throw Error(path, octr.base() + n.offset + 5 + 4 * k, "OCTR child_ref", message);
    });
    return pvo;
}

Bytes writePvo(const Pvo& pvo) {
    ByteWriter w;
    writeFrame(w, "OCTH", kPvoHeaderSize);
    const PvoHeader& h = pvo.header;
    w.u32(h.depth);
    w.u32(h.totalNodes);
    w.u32(h.leafNodes);
    w.u32(h.mlstCount);
    w.u32(h.reserved);
    w.u32(h.cellSize);
    for (std::int32_t c : h.center)
        w.i32(c);
    for (std::uint32_t p : h.pad)
        w.u32(p);

    std::size_t octrSize = 0;
    for (std::size_t i = 0; i < pvo.nodes.size(); ++i) {
        const PvoNode& n = pvo.nodes[i];
        if (n.childRefs.size() != static_cast<std::size_t>(std::popcount(n.childMask))) {
            failMemory("OCTR node " + std::to_string(i),
                       "child_refs has " + std::to_string(n.childRefs.size()) + " entries, child_mask has " +
                           std::to_string(std::popcount(n.childMask)) + " bits");
        }
        if (n.offset != octrSize) {
            failMemory("OCTR node " + std::to_string(i), "offset " + std::to_string(n.offset) +
                                                             " is not its position " +
                                                             std::to_string(octrSize));
        }
        octrSize += 5 + 4 * n.childRefs.size();
    }
    writeFrame(w, "OCTR", octrSize);
    for (const PvoNode& n : pvo.nodes) {
        w.u8(n.childMask);
        w.u32(n.leafRef);
        for (std::uint32_t ref : n.childRefs)
            w.u32(ref);
    }

    std::size_t plstSize = 0;
    for (std::size_t i = 0; i < pvo.leaves.size(); ++i) {
        const PvoLeaf& leaf = pvo.leaves[i];
        if (leaf.entries.size() > 255) {
            failMemory("PLST leaf " + std::to_string(i),
                       std::to_string(leaf.entries.size()) + " entries do not fit the u8 entry_count");
        }
        if (leaf.offset != plstSize) {
            failMemory("PLST leaf " + std::to_string(i), "offset " + std::to_string(leaf.offset) +
                                                             " is not its position " +
                                                             std::to_string(plstSize));
        }
        plstSize += 1 + 6 * leaf.entries.size();
    }
    writeFrame(w, "PLST", plstSize);
    for (const PvoLeaf& leaf : pvo.leaves) {
        w.u8(static_cast<std::uint8_t>(leaf.entries.size()));
        for (const PvoLeafEntry& e : leaf.entries) {
            w.u16(e.count);
            w.u32(e.mlstStart);
        }
    }

    writeFrame(w, "MLST", pvo.mlst.size() * 2);
    for (std::uint16_t id : pvo.mlst)
        w.u16(id);
    writeFrame(w, "END ", 0);
    return w.take();
}

std::int32_t pvoFindNode(const Pvo& pvo, double x, double y, double z) {
    if (pvo.nodes.empty()) return -1;
    const PvoHeader& h = pvo.header;
    std::int64_t cx = h.center[0], cy = h.center[1], cz = h.center[2];
    std::int64_t half = h.cellSize;
    // The reference's walk has no bounds test: a point outside the root cell descends into the
    // border octants like any other. Only NaN, which has no octant, stops it.
    if (std::isnan(x) || std::isnan(y) || std::isnan(z)) return -1;

    std::int32_t index = 0;
    for (std::uint32_t step = 0; step <= kPvoMaxDepth; ++step) {
        const PvoNode& n = pvo.nodes[static_cast<std::size_t>(index)];
        const bool xp = x > static_cast<double>(cx);
        const bool yp = y > static_cast<double>(cy);
        const bool zp = z > static_cast<double>(cz);
        const unsigned octant = (zp ? 1u : 0u) | (yp ? 2u : 0u) | (xp ? 4u : 0u);
        if (!(n.childMask & (1u << octant))) break;
        std::int32_t child = n.children[octant];
        // A placeholder child (or a bad index in a hand-made Pvo) ends the walk here.
        if (child < 0 || static_cast<std::size_t>(child) >= pvo.nodes.size()) break;
        index = child;
        half /= 2;
        cx += xp ? half : -half;
        cy += yp ? half : -half;
        cz += zp ? half : -half;
    }
    return index;
}

bool pvoContains(const Pvo& pvo, double x, double y, double z) {
    const PvoHeader& h = pvo.header;
    const double half = static_cast<double>(h.cellSize);
    auto inside = [&](double p, std::int32_t c) { return p >= c - half && p <= c + half; };
    return !pvo.nodes.empty() && inside(x, h.center[0]) && inside(y, h.center[1]) && inside(z, h.center[2]);
}

std::vector<std::uint16_t> pvoLeafIds(const Pvo& pvo, std::size_t leafIndex) {
    std::vector<std::uint16_t> ids;
    if (leafIndex >= pvo.leaves.size()) return ids;
    for (const PvoLeafEntry& e : pvo.leaves[leafIndex].entries) {
        std::size_t begin = std::min<std::size_t>(e.mlstStart, pvo.mlst.size());
        std::size_t end = std::min<std::size_t>(begin + e.count, pvo.mlst.size());
        ids.insert(ids.end(), pvo.mlst.begin() + static_cast<std::ptrdiff_t>(begin),
                   pvo.mlst.begin() + static_cast<std::ptrdiff_t>(end));
    }
    std::sort(ids.begin(), ids.end());
    ids.erase(std::unique(ids.begin(), ids.end()), ids.end());
    return ids;
}

std::vector<std::uint16_t> pvoVisibleIds(const Pvo& pvo, double x, double y, double z) {
    std::int32_t node = pvoFindNode(pvo, x, y, z);
    if (node < 0) return {};
    std::int32_t leaf = pvo.nodes[static_cast<std::size_t>(node)].leaf;
    if (leaf < 0) return {};
    return pvoLeafIds(pvo, static_cast<std::size_t>(leaf));
}

Pvo buildPvo(const PvoTree& tree) {
    if (tree.depth > kPvoMaxDepth) {
        failMemory("depth",
                   "depth " + std::to_string(tree.depth) + " exceeds " + std::to_string(kPvoMaxDepth));
    }
    if (tree.nodes.size() > std::numeric_limits<std::uint32_t>::max() / 37) {
        failMemory("nodes", "too many nodes for a u32 OCTR length");
    }
    const auto nodeCount = static_cast<std::int64_t>(tree.nodes.size());
    const auto leafCount = static_cast<std::int64_t>(tree.leafIds.size());
    for (std::size_t i = 0; i < tree.nodes.size(); ++i) {
        const PvoTreeNode& n = tree.nodes[i];
        for (std::size_t o = 0; o < 8; ++o) {
            if (n.children[o] < -1 || n.children[o] >= nodeCount) {
                failMemory("node " + std::to_string(i) + " child " + std::to_string(o),
                           "node index " + std::to_string(n.children[o]) + " is out of range");
            }
        }
        if (n.leaf < -1 || n.leaf >= leafCount) {
            failMemory("node " + std::to_string(i) + " leaf",
                       "leaf index " + std::to_string(n.leaf) + " is out of range");
        }
    }
    checkNodeGraph(tree.nodes, tree.depth, [](std::size_t node, int octant, const std::string& message) {
        failMemory("node " + std::to_string(node) + " child " + std::to_string(octant), message);
    });

    Pvo pvo;
    // Leaves: identical id lists share one MLST range; long lists are split into entries of at
    // most 65535 ids (the u16 count).
    std::map<std::vector<std::uint16_t>, std::uint32_t> shared;
    std::uint32_t plstOffset = 0;
    for (std::size_t i = 0; i < tree.leafIds.size(); ++i) {
        std::vector<std::uint16_t> ids = tree.leafIds[i];
        std::sort(ids.begin(), ids.end());
        ids.erase(std::unique(ids.begin(), ids.end()), ids.end());
        const std::size_t entryCount = (ids.size() + 65534) / 65535;
        if (entryCount > 255) {
            failMemory("leaf " + std::to_string(i),
                       std::to_string(ids.size()) + " ids need more than 255 entries");
        }
        auto found = shared.find(ids);
        std::uint32_t start;
        if (found != shared.end()) {
            start = found->second;
        } else {
            start = static_cast<std::uint32_t>(pvo.mlst.size());
            pvo.mlst.insert(pvo.mlst.end(), ids.begin(), ids.end());
            shared.emplace(ids, start);
        }
        PvoLeaf leaf;
        leaf.offset = plstOffset;
        for (std::size_t k = 0; k < entryCount; ++k) {
            std::size_t first = k * 65535;
            std::size_t count = std::min<std::size_t>(65535, ids.size() - first);
            leaf.entries.push_back(
                {static_cast<std::uint16_t>(count), static_cast<std::uint32_t>(start + first)});
        }
        plstOffset += static_cast<std::uint32_t>(1 + 6 * entryCount);
        pvo.leaves.push_back(std::move(leaf));
    }
    if (pvo.mlst.size() > std::numeric_limits<std::uint32_t>::max() / 2) failMemory("MLST", "too many ids");

    std::vector<std::uint32_t> nodeOffsets(tree.nodes.size());
    std::uint32_t octrOffset = 0;
    for (std::size_t i = 0; i < tree.nodes.size(); ++i) {
        nodeOffsets[i] = octrOffset;
        int children = 0;
        for (std::int32_t c : tree.nodes[i].children)
            children += c >= 0 ? 1 : 0;
        octrOffset += static_cast<std::uint32_t>(5 + 4 * children);
    }
    std::uint32_t leafNodes = 0;
    for (std::size_t i = 0; i < tree.nodes.size(); ++i) {
        const PvoTreeNode& t = tree.nodes[i];
        PvoNode n;
        n.offset = nodeOffsets[i];
        n.leaf = t.leaf;
        n.leafRef = t.leaf >= 0 ? pvo.leaves[static_cast<std::size_t>(t.leaf)].offset : kPvoNoLeaf;
        leafNodes += t.leaf >= 0 ? 1 : 0;
        for (std::size_t o = 0; o < 8; ++o) {
            if (t.children[o] < 0) continue;
            n.childMask = static_cast<std::uint8_t>(n.childMask | (1u << o));
            n.childRefs.push_back(nodeOffsets[static_cast<std::size_t>(t.children[o])]);
            n.children[o] = t.children[o];
        }
        pvo.nodes.push_back(std::move(n));
    }

    pvo.header.depth = tree.depth;
    pvo.header.totalNodes = static_cast<std::uint32_t>(tree.nodes.size());
    pvo.header.leafNodes = leafNodes;
    pvo.header.mlstCount = static_cast<std::uint32_t>(pvo.mlst.size());
    pvo.header.cellSize = tree.cellSize;
    pvo.header.center = tree.center;
    return pvo;
}

} // namespace rgx::loaders
