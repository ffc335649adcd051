#pragma once
// The Riot Engine's model records (../shared/spec/riot-engine-srsc.txt "Model (0x0200 - 0x0209)";
// docs/formats/drakan_srsc.md "Models"): every model of a .mod database is a set of records with
// its id: its name (0x0200), vertices (0x0203), polygons (0x0204) and texture list (0x0206). A
// polygon's texture index names an entry of the model's texture list, a `ref` that may point into
// another database (db_definition.h recordFile). Bounds (0x0207), character data (0x0208) and LODs
// (0x0209) are not read yet.
//
// Strings: a u16 length, even (an odd string is padded with one 0 byte, counted), no terminator.
//
// Reading policy: a body shorter than its counts say is an error; bytes after the fields, an odd
// string length, a polygon of other than 3 or 4 corners and a corner past the vertices are
// warnings (kept).

#include "loaders/bytes.h"
#include "loaders/drakan/db_definition.h"

#include <array>
#include <cstdint>
#include <string>
#include <vector>

namespace rgx::loaders::drakan {

inline constexpr std::uint16_t kModelNameRecord = 0x0200, kVerticesRecord = 0x0203, kPolygonsRecord = 0x0204,
                               kTextureListRecord = 0x0206;

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

} // namespace rgx::loaders::drakan
