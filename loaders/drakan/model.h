#pragma once
// The Riot Engine's model records (../shared/spec/riot-engine-srsc.txt "Model (0x0200 - 0x0209)";
// docs/formats/drakan_srsc.md "Models"): every model of a .mod database is a set of records with
// its id: its name (0x0200), vertices (0x0203), polygons (0x0204) and texture list (0x0206). A
// polygon's texture index names an entry of the model's texture list, a `ref` that may point into
// another database (db_definition.h recordFile). A model may also hold bounds (0x0207), character
// data (0x0208: LODs, nodes, joints, channels, animation references and bounding spheres, as far as
// the text goes) and a lower level of detail (0x0209: another model of the database); a .mod holds
// one group count (0x0202) and group names (0x0201, class_record.h readGroupName). Bones and
// animation (.adb) are not drawn: the text leaves the channels' and caps' meaning open.
//
// 0x0208's readings where the text's notation is ambiguous (docs/formats/drakan_srsc.md "Models";
// OpenDrakan's reader, src/odCore/db/Model.cpp, reads the same):
//   vertex_weight[uint16][num_lods]  num_lods lists, each a u16 count and its weights
//   lod_mesh_info[uint16][num_lods]  num_lods lists, each a u16 count and its mesh infos
//   char_bounds[uint16]              a u16 count of lists (one a LOD), each char_sphere[uint16]
//
// Strings: a u16 length, even (an odd string is padded with one 0 byte, counted), no terminator.
//
// Reading policy: a body shorter than its counts say and a character of 0 LODs are errors; bytes
// after the fields, an odd string length, a polygon of other than 3 or 4 corners, a corner past the
// vertices, an is_obb other than 0 or 1 (read as boxes), a node name with bytes after its NUL
// (dropped) and a count of sphere lists other than the LODs' are warnings (kept).

#include "loaders/bytes.h"
#include "loaders/drakan/db_definition.h"

#include <array>
#include <cstdint>
#include <string>
#include <vector>

namespace rgx::loaders::drakan {

inline constexpr std::uint16_t kModelNameRecord = 0x0200, kModelGroupRecord = 0x0201,
                               kModelGroupCountRecord = 0x0202, kVerticesRecord = 0x0203,
                               kPolygonsRecord = 0x0204, kBspRecord = 0x0205, kTextureListRecord = 0x0206,
                               kBoundsRecord = 0x0207, kCharacterRecord = 0x0208, kLodRecord = 0x0209;

struct ModelName {
    std::string name;
    std::uint32_t shading = 0; // 0x01 flat, 0x02 smooth, 0x04 blend with landscape, 0x08 shiny, ...
    bool operator==(const ModelName&) const = default;
};

struct PolygonCorner {
    std::uint16_t vertex = 0; // into the vertices, from where the current LOD starts
    float u = 0, v = 0;
    bool operator==(const PolygonCorner&) const = default;
};

struct Polygon {
    std::uint16_t flags = 0;            // 0x0002: double sided (probably)
    std::uint16_t texture = 0;          // into the model's texture list
    std::vector<PolygonCorner> corners; // 3 or 4
    bool operator==(const Polygon&) const = default;
};

using Vertices = std::vector<std::array<float, 3>>;

using Vec3f = std::array<float, 3>;
struct Sphere {
    Vec3f center{};
    float radius = 0;
    bool operator==(const Sphere&) const = default;
};
struct OrientedBox {
    Vec3f center{};
    std::array<float, 9> transform{}; // row-major 3x3
    bool operator==(const OrientedBox&) const = default;
};
struct BoundingInfo {
    Sphere sphere;
    OrientedBox box;
    bool operator==(const BoundingInfo&) const = default;
};
struct BoxShape {
    OrientedBox box;
    std::vector<std::uint16_t> polygons; // the text's unk_poly_indices
    bool operator==(const BoxShape&) const = default;
};

// 0x0207: the model's bounds and a hierarchy of shapes, boxes or spheres.
struct ModelBounds {
    BoundingInfo info;
    std::vector<std::array<std::uint16_t, 2>> hierarchy; // (first child, first sibling) a shape
    bool boxes = false;                                  // is_obb
    std::vector<BoxShape> boxShapes;                     // when boxes
    std::vector<Sphere> spheres;                         // otherwise
    bool operator==(const ModelBounds&) const = default;
};

// 0x0208, as far as the text goes.
struct VertexWeight {
    std::uint32_t vertex = 0; // from where the LOD starts
    float weight = 0;
    bool operator==(const VertexWeight&) const = default;
};
struct CharacterNode {
    std::string name;        // 32 bytes, NUL-padded
    std::int32_t joint = -1; // into joints; -1: not a joint
    bool operator==(const CharacterNode&) const = default;
};
struct CharacterJoint {
    std::array<float, 12> inverseTransform{}; // mat3x4f: the 3x3 row-major, then the translation
    std::int32_t mesh = -1;
    std::int32_t firstChild = 0, nextSibling = 0;
    std::vector<std::vector<VertexWeight>> weightsPerLod; // one list a LOD
    bool operator==(const CharacterJoint&) const = default;
};
struct LodMesh {
    float distance = 0;
    std::uint32_t usage = 0, node = 0;
    std::uint32_t firstVertex = 0, vertexCount = 0, firstPolygon = 0, polygonCount = 0;
    bool operator==(const LodMesh&) const = default;
};
struct LodCap {
    std::uint32_t firstCapPolygon = 0, capPolygons = 0, firstPartPolygon = 0, partPolygons = 0, unknown = 0;
    std::vector<VertexWeight> weights;
    bool operator==(const LodCap&) const = default;
};
struct CharacterChannel {
    std::int32_t node = 0;
    std::array<float, 12> transformA{}, transformB{};
    std::vector<LodCap> caps;
    bool operator==(const CharacterChannel&) const = default;
};
struct CharacterSphere {
    std::uint16_t firstChild = 0, nextSibling = 0;
    std::uint32_t vertex = 0;
    float radius = 0;
    std::uint16_t channel = 0, unknown = 0;
    bool operator==(const CharacterSphere&) const = default;
};
struct CharacterData {
    BoundingInfo bounds;
    std::vector<std::string> lodNames; // LODs 1.. (LOD 0 is the model's name)
    std::vector<CharacterNode> nodes;
    std::vector<CharacterJoint> joints;
    std::vector<std::vector<LodMesh>> lodMeshes; // a list a LOD
    std::vector<RecordRef> animations;
    std::vector<CharacterChannel> channels;
    std::vector<std::vector<CharacterSphere>> lodSpheres; // the char_bounds, one a LOD
    std::size_t lodCount() const { return lodNames.size() + 1; }
    bool operator==(const CharacterData&) const = default;
};

// 0x0209: a lower level of detail, another model of this database, used past `distance`.
struct ModelLod {
    std::uint16_t model = 0;
    float distance = 0; // the text: squared on loading
    bool operator==(const ModelLod&) const = default;
};

// 0x0202: one a database.
struct ModelGroupCount {
    std::uint16_t groups = 0, lastGroup = 0, lastModel = 0;
    bool operator==(const ModelGroupCount&) const = default;
};

ModelName readModelName(ByteSpan body, const std::string& path, Warnings* warnings = nullptr);
Bytes writeModelName(const ModelName& name);
Vertices readVertices(ByteSpan body, const std::string& path, Warnings* warnings = nullptr);
Bytes writeVertices(const Vertices& vertices);
// `vertexCount`: the model's vertices, to warn of a corner past them (0: not checked).
std::vector<Polygon> readPolygons(ByteSpan body, const std::string& path, Warnings* warnings = nullptr,
                                  std::size_t vertexCount = 0);
Bytes writePolygons(const std::vector<Polygon>& polygons);
std::vector<RecordRef> readTextureList(ByteSpan body, const std::string& path, Warnings* warnings = nullptr);
Bytes writeTextureList(const std::vector<RecordRef>& textures);
ModelBounds readModelBounds(ByteSpan body, const std::string& path, Warnings* warnings = nullptr);
// Throws rgx::Error ("<memory>") when the hierarchy and the shapes differ in count.
Bytes writeModelBounds(const ModelBounds& bounds);
CharacterData readCharacterData(ByteSpan body, const std::string& path, Warnings* warnings = nullptr);
// Throws rgx::Error ("<memory>") when the mesh lists or a joint's weight lists are not one a LOD.
Bytes writeCharacterData(const CharacterData& data);
ModelLod readModelLod(ByteSpan body, const std::string& path, Warnings* warnings = nullptr);
Bytes writeModelLod(const ModelLod& lod);
ModelGroupCount readModelGroupCount(ByteSpan body, const std::string& path, Warnings* warnings = nullptr);
Bytes writeModelGroupCount(const ModelGroupCount& count);

} // namespace rgx::loaders::drakan
