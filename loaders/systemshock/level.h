#pragma once
// System Shock's level chunks in archive.dat (docs/formats/systemshock_level.md): the level
// information (chunk 4004 + 100 L), the tile map (4005 + 100 L), the texture list (4007 + 100 L),
// the master object table (4008 + 100 L) and the object cross-references (4009 + 100 L). Each
// reader takes one chunk's unpacked bytes (loaders/systemshock/res_file.h gives them) and each
// writer is its exact inverse.
//
// Sources: the spec text (../shared/spec/system-shock-specs.txt §3.0-3.2); where it is silent,
// inkyblackness's ss-specs (archives/mapInformation.md): the level information's 58 bytes, the
// tile's last byte (light delta), the texture list's fixed 54 entries, the shadow nibbles.

#include "loaders/bytes.h"

#include <array>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace rgx::loaders::systemshock {

// The chunk of level L (0..15) holding part n: 4000 + 100 L + n (spec §3.0.1).
inline constexpr std::uint16_t kLevelChunkBase = 4000;
inline constexpr std::uint16_t levelChunkId(int level, int part) {
    return static_cast<std::uint16_t>(kLevelChunkBase + 100 * level + part);
}
inline constexpr int kLevelInfoPart = 4, kTileMapPart = 5, kTextureListPart = 7, kObjectTablePart = 8,
                     kCrossRefPart = 9;
inline constexpr int kMaxLevels = 16; // maps 0..15 (spec §3.0.1)

// Level information (spec §3.1.3; 58 bytes in inkyblackness, of which the spec names the first 28).
inline constexpr std::size_t kLevelInfoNamedSize = 0x1C;
struct LevelInfo {
    std::int32_t width = 64, height = 64;         // map size in tiles
    std::int32_t widthShift = 6, heightShift = 6; // log2 of the size
    // log2(height units per tile width), spec field 0x10 ("Z shift" in inkyblackness): a flat
    // tile 2^zShift units high is a cube. Heights have 5 bits, so a level is 32 / 2^zShift tiles high.
    std::int32_t zShift = 3;
    std::uint32_t placeholder = 0; // the tile map's pointer in memory: meaningless on disc
    std::int32_t cyberspace = 0;   // 1: a cyberspace level
    Bytes rest;                    // the bytes after 0x1C as stored (scheduler and unknowns)
    bool operator==(const LevelInfo&) const = default;
};
// Throws rgx::Error (truncated) below 28 bytes.
LevelInfo readLevelInfo(ByteSpan bytes, const std::string& path, Warnings* warnings = nullptr);
Bytes writeLevelInfo(const LevelInfo& info);

// Tile types (spec §3.1.4, named low -> high; inkyblackness's list agrees).
enum class TileType : std::uint8_t {
    Solid = 0x00,
    Open = 0x01,
    DiagonalOpenSE = 0x02,
    DiagonalOpenSW = 0x03,
    DiagonalOpenNW = 0x04,
    DiagonalOpenNE = 0x05,
    SlopeSN = 0x06,
    SlopeWE = 0x07,
    SlopeNS = 0x08,
    SlopeEW = 0x09,
    ValleySENW = 0x0A,
    ValleySWNE = 0x0B,
    ValleyNWSE = 0x0C,
    ValleyNESW = 0x0D,
    RidgeNWSE = 0x0E,
    RidgeNESW = 0x0F,
    RidgeSENW = 0x10,
    RidgeSWNE = 0x11,
};
inline constexpr int kTileTypeCount = 18;
// "solid", "open", "diagonal open s/e", ..., "ridge sw->ne"; "unknown" past 0x11.
std::string_view tileTypeName(std::uint8_t type);

// Slope control, flag bits 10-11 (spec §3.1.4: 0 floor and ceiling the same direction, 1 the
// ceiling the opposite way, 2 floor only, 3 ceiling only).
enum class SlopeControl : std::uint8_t { Both = 0, CeilingOpposite = 1, FloorOnly = 2, CeilingOnly = 3 };

// One tile map entry, 16 bytes (spec §3.1.4).
inline constexpr std::size_t kTileSize = 16;
struct Tile {
    std::uint8_t type = 0;         // TileType; other values are kept and drawn solid
    std::uint8_t floor = 0;        // bits 0-4 height, 5-6 orientation, 7 hazard
    std::uint8_t ceiling = 0;      // the same; the height in units down from the top
    std::uint8_t steepness = 0;    // the slope's rise in height units
    std::uint16_t firstObject = 0; // index into the cross-reference table
    std::uint16_t textures = 0;    // bits 0-5 wall, 6-10 ceiling, 11-15 floor (texture list indices)
    std::uint32_t flags = 0;
    std::array<std::uint8_t, 4> state{}; // FF 00 00 00 in the game's archive.dat; byte 3 the light delta
    bool operator==(const Tile&) const = default;

    int floorHeight() const { return floor & 0x1F; }
    int floorOrientation() const { return (floor >> 5) & 3; }
    bool floorHazard() const { return (floor & 0x80) != 0; }
    int ceilingHeight() const { return ceiling & 0x1F; } // units down from the top
    int ceilingOrientation() const { return (ceiling >> 5) & 3; }
    bool ceilingHazard() const { return (ceiling & 0x80) != 0; }
    int wallTexture() const { return textures & 0x3F; }
    int ceilingTexture() const { return (textures >> 6) & 0x1F; }
    int floorTexture() const { return (textures >> 11) & 0x1F; }
    SlopeControl slopeControl() const { return static_cast<SlopeControl>((flags >> 10) & 3); }
    bool useAdjacentWallTexture() const { return (flags & 0x100) != 0; }
    int wallTextureOffset() const { return static_cast<int>(flags & 0x1F); }
    int floorShadow() const { return static_cast<int>((flags >> 16) & 0xF); }   // inkyblackness
    int ceilingShadow() const { return static_cast<int>((flags >> 24) & 0xF); } // inkyblackness
    int musicIndex() const { return static_cast<int>((flags >> 12) & 0xF); }
};

// The tile map: width x height tiles, row 0 the southernmost, x east first (spec: "starting at
// the bottom left corner"; inkyblackness: east first, then north).
struct TileMap {
    int width = 0, height = 0;
    std::vector<Tile> tiles; // width * height, row-major from the south-west
    const Tile& at(int x, int y) const {
        return tiles[static_cast<std::size_t>(y) * static_cast<std::size_t>(width) +
                     static_cast<std::size_t>(x)];
    }
    bool operator==(const TileMap&) const = default;
};
// Reads width x height tiles (the level information's size). Throws rgx::Error when the chunk is
// shorter, or for a size outside 1..kMaxMapSide; bytes past the map are a warning.
inline constexpr int kMaxMapSide = 256;
TileMap readTileMap(ByteSpan bytes, int width, int height, const std::string& path,
                    Warnings* warnings = nullptr);
Bytes writeTileMap(const TileMap& map);

// The texture list (spec §3.1.6): a 16-bit texture id per entry; the tiles' texture bits index
// it. The game's holds 54 entries (108 bytes, inkyblackness); an odd trailing byte is a warning.
struct TextureList {
    std::vector<std::uint16_t> ids;
    bool operator==(const TextureList&) const = default;
};
TextureList readTextureList(ByteSpan bytes, const std::string& path, Warnings* warnings = nullptr);
Bytes writeTextureList(const TextureList& list);

// The master object table (spec §3.2.1): 27-byte entries; the spec names the first 24 bytes.
inline constexpr std::size_t kMasterObjectSize = 27;
struct MasterObject {
    std::uint8_t inUse = 0;
    std::uint8_t objectClass = 0, subclass = 0;
    std::uint16_t classIndex = 0; // into the class's own table (chunks xx10..xx24)
    std::uint16_t crossRef = 0;   // into the cross-reference table
    std::uint16_t prev = 0, next = 0;
    std::uint16_t x = 0, y = 0; // the high byte is the tile, the low byte the place inside it
    std::uint8_t z = 0;
    std::array<std::uint8_t, 3> angles{};
    std::uint8_t ai = 0;
    std::uint8_t type = 0;
    std::uint16_t hitPoints = 0;
    std::uint8_t state = 0;
    std::array<std::uint8_t, 3> unknown{}; // bytes 0x18..0x1A, as stored
    bool operator==(const MasterObject&) const = default;
};
// Every whole entry; a partial entry at the end is a warning.
std::vector<MasterObject> readMasterObjects(ByteSpan bytes, const std::string& path,
                                            Warnings* warnings = nullptr);
Bytes writeMasterObjects(const std::vector<MasterObject>& objects);

// The object cross-reference table (spec §3.2.2): 10-byte entries.
inline constexpr std::size_t kCrossRefSize = 10;
struct CrossRef {
    std::uint16_t tileX = 0, tileY = 0;
    std::uint16_t object = 0; // into the master object table
    std::uint16_t nextInTile = 0;
    std::uint16_t nextTile = 0;
    bool operator==(const CrossRef&) const = default;
};
std::vector<CrossRef> readCrossRefs(ByteSpan bytes, const std::string& path, Warnings* warnings = nullptr);
Bytes writeCrossRefs(const std::vector<CrossRef>& refs);

} // namespace rgx::loaders::systemshock
