#pragma once
// One ARCH3D.BSA record: a Daggerfall 3D object, versions "v2.5", "v2.6", "v2.7". The caller
// takes the record's bytes out of the BSA archive; this reader never sees the archive.
//
// The family of Redguard's v2.x models (loaders/redguard/model3d.h): the same 64-byte header frame, the
// same corner record (u32 point offset, i16 u, i16 v), the same plane record head (u8 corner
// count, u8 unknown, u16 texture, u32 unknown) and the same texture split (archive = raw >> 7,
// record = raw & 0x7F, solid colour below archive 2: model3d's decodeFaceTexture rule). Where it
// differs (docs/formats/daggerfall_media.md):
// - header words: 0x18 plane data offset, 0x1C object data offset, 0x20 object data count,
//   0x30 points, 0x34 normals, 0x3C planes; 0x10..0x17 and 0x28..0x2F are zero;
// - sections: header, points, planes, normals (one per plane), plane data (24 bytes per plane),
//   object data; no frames, no vertex normals;
// - corners: v2.5 stores point index * 4, v2.6 / v2.7 index * 12 (Redguard: * 12);
// - UVs: corner 0 absolute, corners 1 and 2 deltas (as Redguard); corners 3.. are NOT used by the
//   engine (Redguard keeps summing deltas): their UV comes from the plane's affine texture map
//   fitted to corners 0..2. arch3dPlaneUvs() applies that rule.
//
// Round trips: readArch3d(writeArch3d(o)) == o, and writeArch3d(readArch3d(b)) == b for a record
// read without warnings. The writer lays the sections out in the order above; a record laid out
// otherwise reads with a warning (UESP's two odd records, bytes between header and points).

#include "loaders/bytes.h"
#include "loaders/redguard/model3d.h"

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace rgx::loaders::daggerfall {

using rgx::loaders::Vec3i; // points and normals: i32 x 3, 256 = one unit (as Redguard)

enum class Arch3dVersion : std::uint8_t { V25, V26, V27 };
// "v2.5", "v2.6" or "v2.7".
const char* arch3dVersionString(Arch3dVersion v);
// What a corner's point field holds per point index: 4 for v2.5, 12 for v2.6 / v2.7.
std::uint32_t arch3dPointOffsetScale(Arch3dVersion v);

inline constexpr std::size_t kArch3dHeaderSize = 64;
inline constexpr std::size_t kArch3dPlaneDataSize = 24;
// Records with a BSA id below this one store some corner UVs packed (Daggerfall Unity): see
// unpackArch3dUv().
inline constexpr std::uint32_t kArch3dPackedUvIdLimit = 905;
inline constexpr std::uint32_t kArch3dUnknownId = 0xFFFFFFFFu;

struct Arch3dPlanePoint {
    std::uint32_t point = 0; // point index (the file stores index * arch3dPointOffsetScale)
    std::int16_t u = 0;      // raw, 1/16 texel: see arch3dPlaneUvs()
    std::int16_t v = 0;
    bool operator==(const Arch3dPlanePoint&) const = default;
};

struct Arch3dPlane {
    std::uint8_t unknown1 = 0;
    std::uint16_t texture = 0; // archive << 7 | record
    std::uint32_t unknown2 = 0;
    std::vector<Arch3dPlanePoint> corners;
    bool operator==(const Arch3dPlane&) const = default;

    std::uint32_t textureArchive() const { return texture >> 7; }   // TEXTURE.### number
    std::uint32_t textureRecord() const { return texture & 0x7Fu; } // record in that file
};

// One object data entry (Daggerfall Unity's commented-out reader): four i32, then an i16 count
// of 6-byte subrecords. Meaning unknown; kept raw.
struct Arch3dObjectData {
    std::array<std::int32_t, 4> values{};
    std::vector<std::array<std::uint8_t, 6>> subrecords;
    bool operator==(const Arch3dObjectData&) const = default;
};

// The object data list as stored, for records whose list does not parse (UESP: two of the
// 10,251 records): the header's count and the bytes from the list's offset to the record's end.
struct Arch3dRawObjectData {
    std::uint32_t count = 0;
    Bytes bytes;
    bool operator==(const Arch3dRawObjectData&) const = default;
};

struct Arch3dObject {
    Arch3dVersion version = Arch3dVersion::V27;
    std::uint32_t radius = 0;
    // Header words with no known meaning, kept as stored.
    std::uint64_t null10 = 0; // 0x10..0x17, zero in known records
    std::uint32_t unknown24 = 0;
    std::uint64_t null28 = 0; // 0x28..0x2F, zero in known records
    std::uint32_t unknown38 = 0;
    // The object data offset when the list is empty (nothing is read there), kept as stored.
    std::uint32_t emptyObjectDataOffset = 0;

    std::vector<Vec3i> points;
    std::vector<Arch3dPlane> planes;
    std::vector<Vec3i> normals;                                            // one per plane, 256 = 1.0
    std::vector<std::array<std::uint8_t, kArch3dPlaneDataSize>> planeData; // one per plane, raw
    std::vector<Arch3dObjectData> objectData;
    std::optional<Arch3dRawObjectData> rawObjectData; // set instead of objectData when unparsed
    bool operator==(const Arch3dObject&) const = default;
};

// Reads one ARCH3D.BSA record under the reading policy (docs/formats.md). Throws rgx::Error
// naming path, offset and field where the geometry cannot be read safely: a header shorter than
// 64 bytes, an unknown version, negative counts, points, planes, normals or plane data past the
// end, a corner whose point offset is not a multiple of the version's scale or past the points.
// Warnings: sections not laid out as the writer does (bytes between them, another order; the
// writer lays them out again), an object data list that does not parse (kept raw), bytes after
// the object data (dropped), planes with fewer than three corners (not drawable), non-zero null
// words (kept).
Arch3dObject readArch3d(ByteSpan bytes, const std::string& path, Warnings* warnings = nullptr);

// The exact inverse of readArch3d for a laid-out value: sections in the order above, offsets
// recomputed. Throws rgx::Error ("<memory>") when normals or plane data do not number one per
// plane, a corner's point is out of range, a plane has over 255 corners, or counts pass 32 bits.
Bytes writeArch3d(const Arch3dObject& object);

// Daggerfall Unity's fix for packed UVs (records with a BSA id below 905, corners 0..2 only): a
// raw value outside -14335..14335, or exactly -7168, has the nearest multiple of 8192 taken
// away (ties to the upper multiple). Other values are returned as they are.
std::int32_t unpackArch3dUv(std::int32_t raw);

// UV of every corner of plane `plane`, in texels of its TEXTURE.### image (u along a row, v down
// the rows): corner 0 absolute, 1 and 2 running sums of the stored deltas (after
// unpackArch3dUv() when objectId < 905; pass kArch3dUnknownId when the id is not known), each
// / 16; corners 3.. from the affine map u = u0 + a*s + b*t over the plane's own 2D axes through
// corners 0..2. When corners 0..2 span no plane (coincident or in line) corners 3.. take their
// stored values as absolute. A plane with fewer than three corners gets its stored running sums.
std::vector<std::array<float, 2>> arch3dPlaneUvs(const Arch3dObject& object, std::size_t plane,
                                                 std::uint32_t objectId);

// What a scene builder needs of one plane.
struct Arch3dFace {
    bool solid = false;                    // archive 0 / 1: a solid colour, no image
    std::uint8_t colorIndex = 0;           // palette index when solid
    std::uint32_t textureArchive = 0;      // TEXTURE.### number when textured
    std::uint32_t textureRecord = 0;       // record in that file
    std::vector<Vec3i> positions;          // corner positions, raw units
    std::vector<std::array<float, 2>> uvs; // arch3dPlaneUvs()
    Vec3i normal;                          // raw, 256 = 1.0
};
// The plane's corners resolved; see arch3dPlaneUvs() for objectId.
Arch3dFace arch3dFace(const Arch3dObject& object, std::size_t plane, std::uint32_t objectId);

// True for a record this reader recognises by content: a v2.5 / v2.6 / v2.7 tag, the two null
// words zero, points before planes (Redguard's v2.x models store faces first), both inside.
bool looksLikeArch3d(ByteSpan bytes);

} // namespace rgx::loaders::daggerfall
