#pragma once
// Redguard 3D / 3DC models, every version (v2.6, v2.7, v4.0, v5.0). See docs/formats/models.md for
// the decisions taken where the reference is unsure (v2.x layout, texture decode, frame types).
//
// The struct keeps the raw file fields (header values, unknown bytes, frame records) so that
// writeModel(readModel(bytes)) == bytes for files the writer produced; decoded values come from
// the functions below (texture ids, UVs, shading, animation frames) so the decode rules live in
// one place. Geometry stays in raw file units (i32, 256 = one model unit).

#include "loaders/bytes.h"

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace rgx::loaders {

enum class ModelVersion : std::uint8_t { V26, V27, V40, V50 };

// "v2.6", "v2.7", "v4.0" or "v5.0".
const char* modelVersionString(ModelVersion v);
// True for v2.6 / v2.7 (different header, face and frame semantics).
inline bool isV2(ModelVersion v) {
    return v == ModelVersion::V26 || v == ModelVersion::V27;
}

struct Vec3i {
    std::int32_t x = 0, y = 0, z = 0;
    bool operator==(const Vec3i&) const = default;
};
struct Vec3f {
    float x = 0, y = 0, z = 0;
};

// The 64-byte header exactly as stored (v2.x fields are NOT remapped here; the reader applies the
// remap when it locates sections). layoutModel() recomputes every count and offset.
struct ModelHeader {
    ModelVersion version = ModelVersion::V40; // the 4-byte field; never read past it
    std::uint32_t numVertices = 0;
    std::uint32_t numFaces = 0;
    std::uint32_t radius = 0;
    std::uint32_t numFrames = 1;
    std::uint32_t offsetFrameData = 0;
    std::uint32_t totalFaceVertices = 0; // 0x18; v2.x: offset of the vertex normals
    std::uint32_t offsetSection4 = 0;    // 0x1C; v2.x: unrelated, kept raw
    std::uint32_t section4Count = 0;
    std::uint32_t unused24 = 0;
    std::uint32_t offsetNormalIndices = 0; // 0x28
    std::uint32_t offsetVertexNormals = 0; // 0x2C; v2.x: variant flag (1 = .3DC), kept raw
    std::uint32_t offsetVertexCoords = 0;
    std::uint32_t offsetFaceNormals = 0;
    std::uint32_t totalFaceVerticesDup = 0; // 0x38; v2.x: kept raw
    std::uint32_t offsetFaceData = 0;
    bool operator==(const ModelHeader&) const = default;
};

// One corner of a face. `vertex` is the decoded vertex index (v2.x files store index * 12).
struct FaceVertex {
    std::uint32_t vertex = 0;
    std::int16_t uDelta = 0; // UV deltas in 1/16 pixel, cumulative within the face
    std::int16_t vDelta = 0;
    bool operator==(const FaceVertex&) const = default;
};

// A face; its corners are Model::faceVertices[firstVertex, firstVertex + vertexCount).
struct ModelFace {
    std::uint8_t texHi = 0;       // v4+: "tex_hi" byte (0xFF on solid faces); v2.x: the u1 byte
    std::uint32_t textureRaw = 0; // v4+: u32 packed texture; v2.x: the u16 texture_data
    std::uint32_t unused = 0;     // the always-zero u32, kept raw
    std::uint32_t firstVertex = 0;
    std::uint8_t vertexCount = 0;
    bool operator==(const ModelFace&) const = default;
};

// A 16-byte frame record, raw. For v4+ frame 0 points at the base geometry, frames k >= 1 at
// their animation data; frame 0's frameType is 0 (.3D, or whole frames when there are several),
// 2 / 4 (animated .3DC) or 8 (one-frame .3DC). For v2.x the fields mean other things (see the
// docs); only frame 0 is decoded.
struct ModelFrameRecord {
    std::uint32_t vertexOffset = 0;
    std::uint32_t normalOffset = 0;
    std::uint32_t reserved = 0;
    std::uint32_t frameType = 0;
    bool operator==(const ModelFrameRecord&) const = default;
};

// Frames k >= 1 of a type 2 / 4 .3DC: per-vertex offsets d (pos_k = base - d) and packed
// 10-10-10-2 face normals. Type 2 stores d as i16 (the writer rejects values that do not fit).
struct ModelAnimFrame {
    std::vector<Vec3i> deltas;
    std::vector<std::uint32_t> packedNormals;
    bool operator==(const ModelAnimFrame&) const = default;
};

// Frames k >= 1 of a frame type 0 model with several frames (MENU.ROB's page models): a whole
// copy of the base block, positions (raw units) and face normals (i32, 256 = 1.0), as frame 0
// stores them. docs/formats/models.md gives the evidence.
struct ModelWholeFrame {
    std::vector<Vec3i> positions;
    std::vector<Vec3i> faceNormals;
    bool operator==(const ModelWholeFrame&) const = default;
};

struct BvhFaceRef {
    std::uint32_t offset = 0; // raw u32 (meaning unknown), kept as stored
    std::uint16_t index = 0;  // raw; face index = index / 4
    bool operator==(const BvhFaceRef&) const = default;
};

// One Section4 (v5.0 SubObject BVH) entry.
struct BvhNode {
    Vec3i center;
    std::uint32_t radius = 0;
    std::array<std::uint32_t, 3> extentBits{}; // f32 extents as raw bits (exact round trips)
    std::vector<BvhFaceRef> faces;
    bool operator==(const BvhNode&) const = default;
    Vec3f extent() const;
};

// A per-vertex normal as its raw f32 bits, so NaN ("no normal") survives comparisons.
struct VertexNormal {
    std::array<std::uint32_t, 3> bits{};
    bool operator==(const VertexNormal&) const = default;
    Vec3f value() const;
    // False when any component is NaN (the files use 0xFFC00000 for "none").
    bool valid() const;
    static VertexNormal fromFloat(Vec3f n);
    static VertexNormal none(); // 3 x 0xFFC00000
};

// A normalIndices entry that points at no vertex normal (the corner is lit flat).
inline constexpr std::uint32_t kNoVertexNormal = 0xFFFFFFFFu;

struct Model {
    ModelHeader header;
    std::vector<ModelFace> faces;
    std::vector<FaceVertex> faceVertices;     // all faces' corners, in file order
    std::vector<Vec3i> vertices;              // frame 0, raw units
    std::vector<Vec3i> faceNormals;           // frame 0, raw i32 (256 = 1.0)
    std::vector<ModelFrameRecord> frames;     // header.numFrames records
    std::vector<ModelAnimFrame> animFrames;   // frames 1.. of a type 2 / 4 .3DC, else empty
    std::vector<ModelWholeFrame> wholeFrames; // frames 1.. of a type 0 model with several, else empty
    std::vector<BvhNode> bvh;                 // Section4 (v5.0), empty when absent
    std::vector<std::uint32_t> normalIndices; // per face vertex: index into vertexNormals, or
                                              // kNoVertexNormal; empty = no indirection table
    std::vector<VertexNormal> vertexNormals;  // empty = none stored; with an indirection table
                                              // as many as it addresses (can exceed the vertices)
    Bytes v2Gap;                              // v2.x: bytes between face data and vertices
    bool operator==(const Model&) const = default;

    ModelVersion version() const { return header.version; }
    std::uint32_t frameType() const { return frames.empty() ? 0 : frames[0].frameType; }
};

// Reads a 3D / 3DC file under the reading policy of docs/formats.md. Throws rgx::Error naming
// path, absolute offset and field where the geometry cannot be read safely: unknown version,
// header, faces, vertices or face normals truncated or past the end, counts past the bytes left,
// face vertex indices out of range, animation frames past the end or decoding to more than the
// model's size. Sections drawing can do without (frame records of a model read as static,
// Section4, vertex normals and their indirection table) are dropped with a warning instead, and
// departures from the reference's layout are warnings; warnings go to `warnings` when given.
Model readModel(ByteSpan bytes, const std::string& path, Warnings* warnings = nullptr);
// Same, from a sub-reader over part of a larger file (ROB segments): offsets in errors and
// warnings stay absolute, offsets inside the model are relative to the reader's start; warnings
// go to the reader's sink.
Model readModel(const ByteReader& reader);

// Recomputes every derived field from the content: counts, section offsets in the reference's
// order (faces, vertices, face normals, frame records, Section4, animation frames, normal
// indirection table, vertex normals), frame records' offsets, v2.x face byte count and gap.
void layoutModel(Model& model);
// Writes layoutModel(model). read(write(x)) == x holds for any x already laid out.
// Throws rgx::Error ("<memory>") when the content cannot be encoded (type 2 deltas outside i16,
// indices out of range).
Bytes writeModel(const Model& model);

// The header with the v2.x remap applied (DaveHumphrey's ConvertHeader27 and the engine's header
// copier): 0x18 moves to the vertex-normal slot 0x2C and becomes 0, 0x1C (not a Section4 in v2.x)
// becomes 0. v4+ headers are returned unchanged. The stored header stays raw for round trips.
ModelHeader remappedHeader(const Model& model);

// True when the model is a .3DC (animated or one-frame) rather than a static .3D: frame 0's
// frameType is 2, 4 or 8, or there is more than one frame; for v2.x also the 0x2C variant flag 1.
bool isAnimatedModelFile(const Model& model);

// --- Decoding ---------------------------------------------------------------------------------

struct FaceTexture {
    bool solid = false;
    std::uint8_t colorIndex = 0; // palette index when solid
    std::uint32_t textureId = 0; // TEXBSI.### number when textured
    std::uint32_t imageId = 0;   // image within that TEXBSI
    bool operator==(const FaceTexture&) const = default;
};
// v4+: solid when raw >> 20 == 0xFFF (colour = (raw >> 8) & 0xFF), else the BCD-like decode.
// v2.x: solid when (raw >> 7) < 2 (colour = raw & 0xFF), else id = raw >> 7, image = raw & 0x7F.
FaceTexture decodeFaceTexture(ModelVersion version, std::uint32_t textureRaw);
// Inverses for the writer side. Textured v4+: textureId < 1000, imageId < 70; v2.x: 2 <= textureId
// < 512, imageId < 128. Throws rgx::Error ("<memory>") for values the encoding cannot hold.
std::uint32_t encodeFaceTexture(ModelVersion version, std::uint32_t textureId, std::uint32_t imageId);
std::uint32_t encodeSolidColor(ModelVersion version, std::uint8_t colorIndex);

// Absolute UV of each corner of a face in 1/16 pixel (running sum of the deltas from 0).
std::vector<std::array<std::int32_t, 2>> faceUvs(const Model& model, std::size_t faceIndex);

// 10-10-10-2 packed normal: three sign-extended 10-bit components / 256; bits 30-31 ignored.
Vec3f unpackNormal(std::uint32_t packed);
// Inverse for unit-ish vectors: components * 256, rounded and clamped to [-512, 511].
std::uint32_t packNormal(Vec3f n);

enum class Shading : std::uint8_t { Smooth, Flat };
struct VertexShading {
    Shading shading = Shading::Flat;
    Vec3f normal; // the vertex normal (smooth) or the face normal / 256 (flat), frame 0
};
// Shading of corner `corner` of face `faceIndex`: with an indirection table the referenced vertex
// normal when valid; without one vertexNormals[vertex] when valid; otherwise flat with the face
// normal. Out-of-range references count as unavailable (flat).
VertexShading faceVertexShading(const Model& model, std::size_t faceIndex, std::size_t corner);

// Positions (raw units) and face normals (floats) of frame k.
struct ModelFrame {
    std::vector<Vec3i> positions;
    std::vector<Vec3f> faceNormals;
};
// Frame 0: the base vertices and face normals / 256. Frame k >= 1 of a type 2 / 4 .3DC:
// base - d_k and the unpacked normals; of a type 0 model with several frames: its whole frame's
// positions and face normals / 256. Throws rgx::Error when k >= header.numFrames or when frame k
// is not decodable (v2.x animation frames, which are not understood; frames of other types).
ModelFrame modelFrame(const Model& model, std::uint32_t k);
// Number of frames modelFrame() can decode (1 + animFrames.size() + wholeFrames.size()).
std::uint32_t decodableFrameCount(const Model& model);

// --- Building from plain data ----------------------------------------------------------------

struct ModelFaceSpec {
    std::vector<std::uint32_t> vertices;          // indices into ModelSpec::positions
    std::vector<std::array<std::int32_t, 2>> uvs; // absolute per corner, 1/16 px; empty = 0
    std::optional<std::uint8_t> solidColor;       // palette index: a solid-colour face
    std::uint32_t textureId = 0;                  // otherwise TEXBSI number and image
    std::uint32_t imageId = 0;
    std::uint8_t texHi = 0; // textured faces (solid ones use 0xFF)
};
struct ModelSpec {
    ModelVersion version = ModelVersion::V40;
    std::vector<Vec3i> positions; // raw units (256 = one model unit)
    std::vector<ModelFaceSpec> faces;
    bool vertexNormals = true;     // average the face normals per vertex
    bool normalIndirection = true; // identity indirection table (v4+ .3D)
};
// Builds a laid-out model: face normals from each face's first three corners
// ((v1 - v0) x (v2 - v0), unit length * 256), averaged vertex normals (NaN where a vertex has no
// face), radius = the largest vertex distance from the origin (raw units, rounded up).
// Throws rgx::Error ("<memory>") on indices out of range or unencodable textures.
Model buildModel(const ModelSpec& spec);

// Turns a v4+ model into an animated one: frame 0 gets frameType, each entry of framePositions
// (one position per vertex) becomes frames 1.. with face normals recomputed from those positions.
// Types 2 and 4 store d = base - pos and packed normals (a .3DC); type 0 stores whole frames
// (positions and i32 face normals, as MENU.ROB's page models). Then lays the model out again.
void setAnimationFrames(Model& model, std::uint32_t frameType,
                        const std::vector<std::vector<Vec3i>>& framePositions);

} // namespace rgx::loaders
