#pragma once
// Daggerfall RMB records (BLOCKS.BSA "*.RMB"): one town block. Layout, in file order:
//   fixed-length data (6,776 bytes): 3 record counts, 32 block positions (20 bytes), 32 building
//     records (26), 32 u32 of section2, 32 block data sizes (i32), small maps (8-byte header,
//     16x16 ground tiles, 16x16 scenery), the 64x64 automap, 13-byte block name + 32 x 13 names;
//   subrecords (count 0): each an exterior then an interior section (17-byte header, then 3D
//     objects 66 bytes, flats 17, section3 16, people 17, doors 19), padded to its block data
//     size (the optional 0x96 byte);
//   the block's own 3D objects (count 1) and flats (count 2).
// Facts: ../shared/spec/daggerfall-rmb-blocks.txt, checked against UESP's Map Block Records page
// and Daggerfall Unity's BlocksFile.cs; names follow DFU where the text says "unknown". Where the
// sources disagree is in docs/formats/daggerfall_blocks.md.
//
// readRmb takes the bytes of one record as extracted from BLOCKS.BSA, not the archive.
// writeRmb(readRmb(b)) == b for every record read without warnings: every unknown field, the
// bytes after each subrecord and after the last flat are kept as read.

#include "loaders/bytes.h"

#include <array>
#include <cstdint>
#include <string>
#include <vector>

namespace rgx::loaders::daggerfall {

inline constexpr std::size_t kRmbFldSize = 6776;
inline constexpr std::size_t kRmbSlots = 32; // block positions, buildings, sizes, names
inline constexpr std::size_t kRmbNameSize = 13;
inline constexpr std::size_t kRmbSectionHeaderSize = 17;
inline constexpr std::size_t kRmbModelSize = 66;
inline constexpr std::size_t kRmbFlatSize = 17;
inline constexpr std::size_t kRmbSection3Size = 16;
inline constexpr std::size_t kRmbPersonSize = 17;
inline constexpr std::size_t kRmbDoorSize = 19;
inline constexpr std::uint8_t kRmbExtraByte = 0x96; // the optional byte after a subrecord
// Daggerfall angles: 2048 units a full turn (0x200 is 90 degrees about the vertical axis).
inline constexpr std::int32_t kDaggerfallAngleUnitsPerTurn = 2048;

// Where a subrecord's building stands in the block. The text calls x, z "XPos2, ZPos2" and
// yRotation "YPos2, unknown"; DFU reads it as the rotation about the vertical axis.
struct RmbBlockPosition {
    std::uint32_t unknown1 = 0; // text: XPos1
    std::uint32_t unknown2 = 0; // text: ZPos1
    std::int32_t x = 0;
    std::int32_t z = 0;
    std::int32_t yRotation = 0;
    bool operator==(const RmbBlockPosition&) const = default;
};

// Section1 (26 bytes a slot): DFU's building data. The text does not split it.
struct RmbBuildingData {
    std::uint16_t nameSeed = 0;
    std::uint32_t serviceTimeLimit = 0;
    std::uint16_t unknown1 = 0;
    std::uint16_t unknown2 = 0;
    std::uint32_t unknown3 = 0;
    std::uint32_t unknown4 = 0;
    std::uint16_t factionId = 0;
    std::int16_t sector = 0;
    std::uint16_t locationId = 0;
    std::uint8_t buildingType = 0;
    std::uint8_t quality = 0;
    bool operator==(const RmbBuildingData&) const = default;
};
// The 26 bytes of one building, as RMB's section1 and MAPS.BSA's building lists both store them.
RmbBuildingData readRmbBuildingData(ByteReader& r, std::string_view field);
void writeRmbBuildingData(ByteWriter& w, const RmbBuildingData& b);

// One ground tile byte: bits 0-5 texture index, bit 6 rotate 90 degrees, bit 7 flip in X and Y.
struct RmbGroundTile {
    std::uint8_t textureIndex = 0; // 0-63
    bool rotate = false;
    bool flip = false;
    bool operator==(const RmbGroundTile&) const = default;
};

// The small maps: tiles and scenery are 16 rows of 16 bytes, index y * 16 + x (DFU's order).
struct RmbSmallMaps {
    std::array<std::uint8_t, 8> header{};
    std::array<std::uint8_t, 256> groundTiles{};
    std::array<std::uint8_t, 256> scenery{}; // DFU: 0xFF none, else record (b / 4) - 1
    bool operator==(const RmbSmallMaps&) const = default;
};

struct RmbFld {
    std::array<RmbBlockPosition, kRmbSlots> positions{};
    std::array<RmbBuildingData, kRmbSlots> buildings{};
    std::array<std::uint32_t, kRmbSlots> section2{};
    // Entries [0, subrecords.size()) are written from each subrecord's records and extra bytes;
    // the others are written as stored.
    std::array<std::int32_t, kRmbSlots> blockDataSizes{};
    RmbSmallMaps smallMaps;
    std::array<std::uint8_t, 64 * 64> automap{}; // row-major 64x64; values in the docs
    std::string blockName;                       // e.g. "TVRNAL01.RMB"
    std::array<std::string, kRmbSlots> otherNames;
    bool operator==(const RmbFld&) const = default;
};

// 3D object (66 bytes). Model id in ARCH3D.BSA: objectId1 * 100 + objectId2 (rmbModelId).
struct RmbModel {
    std::int16_t objectId1 = 0;
    std::uint8_t objectId2 = 0;
    std::uint8_t objectType = 0;         // text: Unknown1 (3-67)
    std::uint32_t unknown1 = 0;          // bytes 4-7
    std::uint32_t unknown2 = 0;          // bytes 8-11
    std::uint32_t unknown3 = 0;          // bytes 12-15
    std::uint64_t null1 = 0;             // bytes 16-23, always 0
    std::int32_t x1 = 0, y1 = 0, z1 = 0; // bytes 24-35, usually 0
    std::int32_t x = 0, y = 0, z = 0;    // bytes 36-47: the position
    std::uint32_t null2 = 0;             // bytes 48-51
    std::int16_t yRotation = 0;          // bytes 52-53, kDaggerfallAngleUnitsPerTurn
    std::uint16_t unknown4 = 0;          // bytes 54-55
    std::uint32_t null3 = 0;             // bytes 56-59
    std::uint32_t unknown5 = 0;          // bytes 60-63
    std::uint16_t null4 = 0;             // bytes 64-65
    bool operator==(const RmbModel&) const = default;
};

// Flat (17 bytes) and person (17 bytes) share a layout: texture bits 0-6 record, 7-15 archive.
struct RmbFlat {
    std::int32_t x = 0, y = 0, z = 0;
    std::uint16_t textureBits = 0;
    std::int16_t factionId = 0; // text: Unknown1 for flats, NPCType for people
    std::uint8_t flags = 0;     // text: Unknown2 / Unknown3
    bool operator==(const RmbFlat&) const = default;
};
using RmbPerson = RmbFlat;

struct RmbSection3 {
    std::int32_t x = 0, y = 0, z = 0;
    std::uint8_t unknown1 = 0;
    std::uint8_t unknown2 = 0;
    std::int16_t unknown3 = 0;
    bool operator==(const RmbSection3&) const = default;
};

// Door (19 bytes). The text leaves bytes 12-17 unknown; DFU names them as here.
struct RmbDoor {
    std::int32_t x = 0, y = 0, z = 0;
    std::int16_t yRotation = 0;
    std::int16_t openRotation = 0;
    std::uint8_t doorModelIndex = 0;
    std::uint8_t unknown = 0;
    std::uint8_t null1 = 0;
    bool operator==(const RmbDoor&) const = default;
};

// The exterior or the interior of one subrecord. Its header's five counts are the vectors' sizes.
struct RmbSection {
    std::array<std::int16_t, 6> headerUnknown{}; // header bytes 5-16
    std::vector<RmbModel> models;
    std::vector<RmbFlat> flats;
    std::vector<RmbSection3> section3;
    std::vector<RmbPerson> people;
    std::vector<RmbDoor> doors;
    bool operator==(const RmbSection&) const = default;
};

struct RmbSubrecord {
    RmbSection exterior;
    RmbSection interior;
    // Bytes between the interior's last record and the block data size: none or one 0x96.
    Bytes extra;
    bool operator==(const RmbSubrecord&) const = default;
};

struct RmbBlock {
    RmbFld fld;
    std::vector<RmbSubrecord> subrecords; // at most 32
    std::vector<RmbModel> models;         // the block's own 3D objects
    std::vector<RmbFlat> flats;           // the block's own flats
    Bytes trailing;                       // bytes after the last flat (a warning when read)
    bool operator==(const RmbBlock&) const = default;
};

// objectId1 * 100 + objectId2: the object's id in ARCH3D.BSA.
std::int32_t rmbModelId(const RmbModel& model);
// Splits and builds a 3D object's id; objectId2 is modelId % 100.
void setRmbModelId(RmbModel& model, std::int32_t modelId);

// The texture archive (TEXTURE.###) and record of a flat or person.
std::uint16_t rmbTextureArchive(std::uint16_t textureBits);
std::uint8_t rmbTextureRecord(std::uint16_t textureBits);
// archive (0-511) and record (0-127) packed; higher bits are dropped.
std::uint16_t rmbTextureBits(std::uint16_t archive, std::uint8_t record);

// Ground tile (x, y) of the 16x16 map, both 0-15; packs and unpacks the byte.
RmbGroundTile rmbGroundTile(const RmbSmallMaps& maps, int x, int y);
std::uint8_t packRmbGroundTile(const RmbGroundTile& tile);

// A fixed-size name field (RMB names, RDB model ids): the text up to the first NUL when only
// NULs follow it, else all n bytes as stored, so ByteWriter::fixedString(name, n) gives the
// same bytes back either way.
std::string readPaddedName(ByteReader& r, std::size_t n, std::string_view field);

// Bytes a section takes: the header and its records.
std::size_t rmbSectionSize(const RmbSection& section);

// Parses one RMB record. Throws rgx::Error (path, offset, field) when it is shorter than its
// fixed-length data, a count needs more bytes than remain, more than 32 subrecords are counted,
// a block data size is negative, past the end or smaller than its subrecord's records.
// Warnings: a subrecord padded with anything but nothing or one 0x96 byte; bytes after the
// last flat. Both are kept for the writer.
RmbBlock readRmb(ByteSpan bytes, const std::string& path, Warnings* warnings = nullptr);

// Writes the record: counts and the used block data sizes come from the vectors. Throws
// rgx::Error (path "<memory>") past 32 subrecords or 255 records of a kind.
Bytes writeRmb(const RmbBlock& block);

// True when the record counts and used block data sizes add up to exactly bytes.size() (with
// nothing after the last flat). A structural check: RMB has no magic number.
bool looksLikeRmb(ByteSpan bytes);

} // namespace rgx::loaders::daggerfall
