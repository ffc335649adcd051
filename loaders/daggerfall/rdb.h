#pragma once
// Daggerfall RDB records (BLOCKS.BSA "*.RDB"): one dungeon block. Layout:
//   0      header (20 bytes): unknown, grid width, grid height, object root offset, unknown;
//   20     750 model references (5-char ARCH3D id + 3-char type, not NUL-terminated);
//   6020   750 4-byte entries of unknown meaning;
//   9020   object header (512 bytes): unknown-list offset, file size, "DAGR" at +52;
//   9532   the object section: the roots grid (width x height i32 offsets, negative = none),
//          object records (25 bytes) in doubly linked lists, one per root, each pointing at a
//          post record (3D object 23 bytes, light 10, flat 11), 3D objects at an action record
//          (10 bytes) whose target is another object record, and DFU's unknown linked list.
// Facts: ../shared/spec/daggerfall-rmb-blocks.txt, checked against UESP's dfbsa.txt and
// Daggerfall Unity's BlocksFile.cs (field names from DFU where the text has "unknown"); choices
// and disagreements in docs/formats/daggerfall_blocks.md.
//
// Records are addressed by file offset, so RdbBlock keeps every record's offset and the object
// section's other bytes (objectSection: the bytes no record covers, records' bytes zeroed).
// writeRdb writes that section, then every record at its offset over it. Hence
// writeRdb(readRdb(b)) == b when read without warnings, and readRdb(writeRdb(x)) == x for what
// readRdb or layoutRdb returned. To build a block from plain records: makeRdbBlock, fill models and lists,
// layoutRdb (assigns every offset), then set action targets to objects' offsets, then writeRdb.

#include "loaders/bytes.h"

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <variant>
#include <vector>

namespace rgx::loaders::daggerfall {

inline constexpr std::size_t kRdbModelCount = 750;
inline constexpr std::size_t kRdbModelRefsAt = 20;
inline constexpr std::size_t kRdbModelDataAt = kRdbModelRefsAt + kRdbModelCount * 8;    // 6020
inline constexpr std::size_t kRdbObjectHeaderAt = kRdbModelDataAt + kRdbModelCount * 4; // 9020
inline constexpr std::size_t kRdbObjectSectionAt = kRdbObjectHeaderAt + 512;            // 9532
inline constexpr std::size_t kRdbObjectSize = 25;
inline constexpr std::size_t kRdbModelPostSize = 23;
inline constexpr std::size_t kRdbLightPostSize = 10;
inline constexpr std::size_t kRdbFlatPostSize = 11;
inline constexpr std::size_t kRdbActionSize = 10;
inline constexpr std::size_t kRdbUnknownNodeSize = 10;
inline constexpr std::int32_t kRdbNoAction = -2; // a 3D object's action offset without action

enum class RdbObjectType : std::uint8_t { Model = 1, Light = 2, Flat = 3 };

struct RdbHeader {
    std::uint32_t unknown1 = 0; // the text: two bytes and a short
    std::uint32_t width = 0;    // roots grid
    std::uint32_t height = 0;
    std::uint32_t objectRootOffset = static_cast<std::uint32_t>(kRdbObjectSectionAt);
    std::uint32_t unknown2 = 0;
    bool operator==(const RdbHeader&) const = default;
};

struct RdbModelReference {
    std::string modelId; // "72100": ARCH3D.BSA id as 5 decimal digits ("" when unused)
    std::string type;    // 3 chars, e.g. "DOR"
    bool operator==(const RdbModelReference&) const = default;
};

struct RdbObjectHeader {
    std::int32_t unknownListOffset = 0; // DFU's unknown linked list
    std::uint32_t unknown1 = 0;
    std::uint32_t unknown2 = 0;
    std::uint32_t unknown3 = 0;
    std::uint32_t fileSize = 0;              // the record's length (a warning when it is not)
    std::array<std::uint8_t, 32> unknown4{}; // 0xFF in the text's files
    std::string tag = "DAGR";
    std::array<std::uint8_t, 456> unknown5{}; // 0xFF in the text's files
    bool operator==(const RdbObjectHeader&) const = default;
};

// Action record: moves or turns its object, and activates its target at the same time.
struct RdbAction {
    std::uint8_t axis = 0; // 1/2 -x/+x, 3/4 -y/+y, 5/6 -z/+z
    std::uint16_t duration = 0;
    std::uint16_t magnitude = 0;    // the text: Delta
    std::int32_t targetOffset = -1; // an object record's offset; negative: none
    std::uint8_t type = 0;          // 1 translation, 8 rotation (DFU: flags)
    bool operator==(const RdbAction&) const = default;
};

struct RdbModelPost {
    std::int32_t xAngle = 0, yAngle = 0, zAngle = 0; // kDaggerfallAngleUnitsPerTurn (rmb.h)
    std::uint16_t modelIndex = 0;                    // into RdbBlock::modelRefs
    std::uint32_t triggerFlagStartingLock = 0;       // the text: Unknown3
    std::uint8_t soundIndex = 0;                     // the text: Unknown4
    std::int32_t actionOffset = kRdbNoAction;        // read when > 0
    std::optional<RdbAction> action;                 // present when actionOffset > 0
    bool operator==(const RdbModelPost&) const = default;
};

struct RdbLightPost {
    std::uint32_t unknown1 = 0;
    std::uint32_t unknown2 = 0;
    std::uint16_t radius = 0; // DFU's name; the text: Unknown3
    bool operator==(const RdbLightPost&) const = default;
};

// Flat: texture bits as an RMB flat's (rmbTextureArchive/Record); the rest as DFU reads it.
struct RdbFlatPost {
    std::uint16_t textureBits = 0;
    std::uint16_t flags = 0;
    std::uint16_t factionOrMobileId = 0;
    std::int32_t nextObjectOffset = -1; // kept, not followed
    std::uint8_t action = 0;
    bool operator==(const RdbFlatPost&) const = default;
};

// monostate: an object type other than 1-3, whose post record is not read.
using RdbPost = std::variant<std::monostate, RdbModelPost, RdbLightPost, RdbFlatPost>;

struct RdbObject {
    std::int32_t offset = 0; // of this record in the file
    std::int32_t x = 0, y = 0, z = 0;
    std::uint8_t type = 0; // RdbObjectType; layoutRdb sets it from post
    std::int32_t postOffset = 0;
    RdbPost post;
    bool operator==(const RdbObject&) const = default;
};

// One root's list, in next order. next and prev are written from the order; the list's ends
// keep their raw values.
struct RdbObjectList {
    std::vector<RdbObject> objects;
    std::int32_t emptyRoot = -1; // the root's value when objects is empty (negative)
    std::int32_t headPrev = -1;  // the first object's prev
    std::int32_t tailNext = -1;  // the last object's next (negative)
    bool operator==(const RdbObjectList&) const = default;
};

// A node of DFU's unknown list (10 bytes), kept as read.
struct RdbUnknownNode {
    std::int32_t offset = 0;
    std::int32_t next = -1;
    std::int16_t index = 0;
    std::uint32_t value = 0;
    bool operator==(const RdbUnknownNode&) const = default;
};

struct RdbBlock {
    RdbHeader header;
    std::array<RdbModelReference, kRdbModelCount> modelRefs;
    std::array<std::uint32_t, kRdbModelCount> modelData{};
    RdbObjectHeader objectHeader;
    std::vector<RdbObjectList> roots; // width x height, row-major
    std::vector<RdbUnknownNode> unknownList;
    Bytes objectSection; // offset 9532 to the end; zero where a record lies
    bool operator==(const RdbBlock&) const = default;
};

// The ARCH3D.BSA id of a model reference, or nullopt when it is not 5 decimal digits.
std::optional<std::uint32_t> rdbModelIdNumber(const RdbModelReference& ref);

// The object whose record is at offset, or nullptr.
const RdbObject* findRdbObject(const RdbBlock& block, std::int32_t offset);

// The objects an activation of start moves, start first, following action targets; stops at an
// object without action or target, and before revisiting one (readRdb rejects loops).
std::vector<const RdbObject*> rdbActionChain(const RdbBlock& block, const RdbObject& start);

// Parses one RDB record. Throws rgx::Error (path, offset, field) when it is truncated, the roots
// grid does not fit, an object, post or action offset points outside the object section, an
// object list loops or reaches an object already listed, records overlap, or action targets
// loop. Warnings: tag not "DAGR", file size field not the size, root offset not 9532 (DFU
// refuses such a block), a prev link that is not the previous object, an object type other than
// 1-3, a model index past 750, an action target that is no object record, and an unknown list
// that cannot be read (it is dropped).
RdbBlock readRdb(ByteSpan bytes, const std::string& path, Warnings* warnings = nullptr);

// Writes the fixed parts, objectSection, then every record at its offset. Throws rgx::Error
// (path "<memory>") when roots does not hold width x height lists or a record falls outside
// objectSection (call layoutRdb after adding records).
Bytes writeRdb(const RdbBlock& block);

// A block with width x height empty lists, the object header filled as the text's files
// (0xFF, "DAGR"), no models; layoutRdb it before writing.
RdbBlock makeRdbBlock(std::uint32_t width, std::uint32_t height);

// Lays the object section out anew: roots at 9532, DFU's unknown list (one empty node when
// there is none), then each list's objects, each followed by its post record and action.
// Sets every offset, each object's type from its post, list ends to -1, a 3D object without
// action to kRdbNoAction, the file size, and objectSection to zeros of the right size. Action
// targets are not touched: set them to objects' offsets afterwards.
void layoutRdb(RdbBlock& block);

// True when bytes is long enough and holds "DAGR" at offset 9072.
bool looksLikeRdb(ByteSpan bytes);

} // namespace rgx::loaders::daggerfall
