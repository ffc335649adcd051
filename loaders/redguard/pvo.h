#pragma once
// PVO pre-computed visibility octrees (maps/*.PVO): sections framed as a 4-byte tag plus a
// big-endian u32 length, in the fixed order OCTH (52-byte header), OCTR (variable-length node
// records addressed by byte offset), PLST (leaf records: lists of (count, mlst_start) ranges),
// MLST (u16 object ids) and END. The reader follows the reference's pseudocode and validates
// every reference so that the visibility query can never leave the data: child refs land on
// node record starts, leaf refs on leaf record starts, MLST ranges stay inside MLST, the node
// graph has no cycle and its height is bounded by the header's depth.
//
// Pvo keeps the raw values of every field (byte offsets included) so that
// writePvo(readPvo(bytes)) == bytes; the resolved indices (PvoNode::children, PvoNode::leaf) are
// filled by the reader and by buildPvo. Decisions are documented in docs/formats/pvo.md.

#include "loaders/bytes.h"

#include <array>
#include <cstdint>
#include <string>
#include <vector>

namespace rgx::loaders {

inline constexpr std::uint32_t kPvoNoLeaf = 0xFFFFFFFFu;           // leaf_ref of interior nodes
inline constexpr std::uint32_t kPvoPlaceholderChild = 0xFFFFFFFEu; // "uninitialized" child ref
inline constexpr std::uint32_t kPvoHeaderSize = 52;
// The largest header depth accepted: cell_size is a u32 half-extent, so after 32 halvings the
// cells have no size left.
inline constexpr std::uint32_t kPvoMaxDepth = 32;

struct PvoHeader {
    std::uint32_t depth = 10;             // maximum octree depth (10 in shipped files)
    std::uint32_t totalNodes = 0;         // OCTR records
    std::uint32_t leafNodes = 0;          // OCTR records whose leaf_ref is not kPvoNoLeaf
    std::uint32_t mlstCount = 0;          // MLST entries (u16 each)
    std::uint32_t reserved = 0;           // 0 in shipped files
    std::uint32_t cellSize = 0;           // root half-extent: the root spans center +- cellSize
    std::array<std::int32_t, 3> center{}; // root center x, y, z
    std::array<std::uint32_t, 4> pad{};   // zero in shipped files

    bool operator==(const PvoHeader&) const = default;
};

struct PvoNode {
    std::uint32_t offset = 0;             // byte offset of this record in the OCTR data
    std::uint8_t childMask = 0;           // bit i: child in octant i (bit0 z+, bit1 y+, bit2 x+)
    std::uint32_t leafRef = kPvoNoLeaf;   // byte offset in PLST data, or kPvoNoLeaf
    std::vector<std::uint32_t> childRefs; // raw OCTR byte offsets, one per set mask bit, low first
    // Resolved: node index per octant, -1 when the octant has no child or holds the placeholder.
    std::array<std::int32_t, 8> children{-1, -1, -1, -1, -1, -1, -1, -1};
    std::int32_t leaf = -1; // index into Pvo::leaves, -1 when leafRef is kPvoNoLeaf

    bool operator==(const PvoNode&) const = default;
};

struct PvoLeafEntry {
    std::uint16_t count = 0;     // ids in this range
    std::uint32_t mlstStart = 0; // first MLST index
    bool operator==(const PvoLeafEntry&) const = default;
};

struct PvoLeaf {
    std::uint32_t offset = 0;          // byte offset of this record in the PLST data
    std::vector<PvoLeafEntry> entries; // at most 255 (u8 entry_count)
    bool operator==(const PvoLeaf&) const = default;
};

struct Pvo {
    PvoHeader header;
    std::vector<PvoNode> nodes;  // OCTR records in file order; nodes[0] is the root
    std::vector<PvoLeaf> leaves; // PLST records in file order
    std::vector<std::uint16_t> mlst;

    bool operator==(const Pvo&) const = default;
};

// Parses and validates a whole PVO file. Throws rgx::Error naming path, absolute offset and field
// on truncation, wrong section tags before MLST, an OCTH shorter than 52 bytes, an MLST shorter
// than the header's count, references that do not land on record starts, MLST ranges out of
// bounds, cycles, a tree deeper than header.depth, or a header depth above kPvoMaxDepth.
// Warnings (reading policy, docs/formats.md): node or leaf counts that disagree with the header,
// a longer OCTH or MLST, a missing or different END section, bytes after END.
Pvo readPvo(ByteSpan bytes, const std::string& path, Warnings* warnings = nullptr);

// The exact inverse of readPvo: writes the header and the raw records in order (the raw
// offsets and refs are written as stored; the resolved indices are not consulted). Throws
// rgx::Error (path "<memory>") when a record cannot be encoded (childRefs size differing from the
// mask's bit count, a leaf with more than 255 entries, a section longer than 4 GiB).
Bytes writePvo(const Pvo& pvo);

// The node where the visibility walk for point (x, y, z) stops, or -1 when there are no nodes or
// a coordinate is NaN. The walk is the reference's `query_visible`: octant bits from
// `p > center` per axis, descend while the node has a child there, halving the half-extent
// (integer division) at each step. Like the reference it has no bounds test: a point outside the
// root cell walks into the border octants (use pvoContains to tell). Safe on any Pvo (bad
// indices end the walk; at most kPvoMaxDepth + 1 steps).
std::int32_t pvoFindNode(const Pvo& pvo, double x, double y, double z);

// True when (x, y, z) lies in the closed root cell [center - cellSize, center + cellSize].
bool pvoContains(const Pvo& pvo, double x, double y, double z);

// The sorted, de-duplicated ids of every MLST range of a leaf. Ranges outside MLST are clipped.
std::vector<std::uint16_t> pvoLeafIds(const Pvo& pvo, std::size_t leafIndex);

// The visibility query: sorted distinct MLST ids visible from (x, y, z) in PVO coordinates;
// empty when the walk ends on a node without leaf data (or pvoFindNode gives -1).
std::vector<std::uint16_t> pvoVisibleIds(const Pvo& pvo, double x, double y, double z);

// An in-memory octree for buildPvo: nodes by index (node 0 is the root), each with the node index
// of its child per octant (-1 none) and the index of its leaf list (-1 none).
struct PvoTreeNode {
    std::array<std::int32_t, 8> children{-1, -1, -1, -1, -1, -1, -1, -1};
    std::int32_t leaf = -1;
    bool operator==(const PvoTreeNode&) const = default;
};

struct PvoTree {
    std::uint32_t depth = 10;
    std::uint32_t cellSize = 16384;
    std::array<std::int32_t, 3> center{};
    std::vector<PvoTreeNode> nodes;
    // Visible ids per leaf. Each list is sorted and de-duplicated, stored once in MLST (identical
    // lists share one range) and referenced by entries of at most 65535 ids.
    std::vector<std::vector<std::uint16_t>> leafIds;
};

// Lays out a tree as a PVO: node records in index order with their OCTR offsets, leaf records
// in index order with their PLST offsets, MLST, and the header counts. Throws rgx::Error (path
// "<memory>") on a child or leaf index out of range, a cycle, a tree deeper than depth, depth
// above kPvoMaxDepth, or a leaf needing more than 255 entries. readPvo(writePvo(buildPvo(t)))
// == buildPvo(t).
Pvo buildPvo(const PvoTree& tree);

} // namespace rgx::loaders
