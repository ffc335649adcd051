#pragma once
// A Riot level (.lvl, Drakan): an SRSC container (srsc.h) of four records, after OpenDrakan's
// preliminary description (doc/lvl_format.txt) and its reader (src/odCore/Level.cpp, Layer.cpp,
// ObjectRecord.cpp, rfl/FieldLoaderProbe.cpp): facts only, no code. Every reading, its source
// and its confidence: docs/formats/drakan_level.md.
//   0x0000 level name and databases: string name, u32 max width, u32 max height, u32 count,
//          count x (u16 dependency index, u16 0, string path: relative to the .lvl, without .db)
//   0x0001 layers: u32 count, count x layer definition, u32 (always 1), then one zlib stream a
//          layer (u32 compressed size, the stream) holding its vertices then its cells
//   0x0002 layer groups (an editor's): u32 count, count x (string name, u32 n, n x u32 layer id)
//   0x0020 objects (absent when the level has none): u16 count, count x object
// A layer is `width` x `height` cells of one unit (2048 world units; OpenDrakan's reader, where
// the description says "in vertices"), (width+1) x (height+1) vertices, both row by row from the
// top-left (north-west) corner. x runs east, z south, y up; world units throughout.
//
// Reading policy: a container that does not read, a missing 0x0000 or 0x0001 record, a body
// shorter than its counts, a layer past kMaxLayerSide cells a side or a stream that does not
// inflate to its layer's vertices and cells are errors; bytes after a record's fields, the u32
// after the definitions other than 1, a database entry's second u16 other than 0, a layer type
// other than 0..2, a visible layer index past the layers, an odd string length and a record that
// is not the first of a level type (dropped) are warnings.

#include "loaders/bytes.h"
#include "loaders/drakan/class_record.h"
#include "loaders/drakan/db_definition.h"

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace rgx::loaders::drakan {

inline constexpr std::uint16_t kLevelNameRecord = 0x0000, kLayersRecord = 0x0001, kLayerGroupsRecord = 0x0002,
                               kObjectsRecord = 0x0020;
inline constexpr std::uint32_t kMaxLayerSide = 1024; // cells; rgx's bound against huge allocations
inline constexpr double kWorldUnitsPerCell = 2048;   // OpenDrakan's "length unit"

struct LevelDatabase {
    std::uint16_t index = 0; // the dependency index objects' class references use
    std::uint16_t unknown = 0;
    std::string path; // as written ("..\\Common\\Classes"), relative to the .lvl, no ".db"
    bool operator==(const LevelDatabase&) const = default;
};

struct LevelInfo {
    std::string name;
    std::uint32_t maxWidth = 0, maxHeight = 0;
    std::vector<LevelDatabase> databases;
    bool operator==(const LevelInfo&) const = default;
};

enum class LayerType : std::uint32_t { Floor = 0, Ceiling = 1, Between = 2 };

// A vertex: its type (0 normal; 0..75 are defined, their meanings unknown), a byte always 1, and
// its height offset from the layer's, halved and biased by 0x8000.
struct LayerVertex {
    std::uint8_t type = 0;
    std::uint8_t unknown = 1;
    std::uint16_t height = 0x8000;
    bool operator==(const LayerVertex&) const = default;
};

inline constexpr std::uint16_t kCellBackslash = 0x0001; // the divider runs north-west to south-east
// A cell: two triangles, left (west) and right (east) of its divider. A texture reference of
// kHoleTexture is a hole; kInvisibleTexture collides but is not drawn.
inline constexpr RecordRef kHoleTexture{0xFFFF, 0xFFFF}, kInvisibleTexture{0xFFFE, 0xFFFF};
struct LayerCell {
    std::uint16_t flags = 0;
    RecordRef left, right;             // textures: database indices of the level's databases
    std::array<std::uint16_t, 8> uv{}; // Uc Ud Ub Ua Vc Vd Vb Va, 0xFFFF = 1.0 (corners a-b / c-d)
    bool operator==(const LayerCell&) const = default;
};

struct Layer {
    std::uint32_t id = 0;
    std::uint32_t width = 0, height = 0; // cells
    LayerType type = LayerType::Floor;
    std::uint32_t originX = 0, originZ = 0; // cells from the level's north-west corner
    float worldHeight = 0;                  // world units
    std::string name;
    std::uint32_t flags = 0;                          // 2: in the alternate blending group
    float lightDirection = 0, lightAscension = 0;     // radians
    std::uint32_t lightColour = 0, ambientColour = 0; // 0x00RRGGBB (OpenDrakan's reading)
    std::uint32_t lightDropoff = 0;                   // 0 none, 1 N->S, 2 E->W, 3 S->N, 4 W->E
    std::vector<std::uint32_t> visibleLayers;         // indices into the level's layers
    std::vector<LayerVertex> vertices;                // (width+1) x (height+1)
    std::vector<LayerCell> cells;                     // width x height
    bool operator==(const Layer&) const = default;
};

// Vertex (x, z) of the layer's grid (0..width, 0..height) above the level's zero, in world units:
// worldHeight + (height - 0x8000) x 2. Throws std::out_of_range past the grid.
double layerVertexHeight(const Layer& layer, std::uint32_t x, std::uint32_t z);

// "floor", "ceiling", "between", or "type N" for another value.
std::string layerTypeName(LayerType type);

// What a layer holds, for people (rgx info, the inspector): its vertices' lowest and highest
// heights in world units (layerVertexHeight's; 0 without vertices) and its hole and invisible
// triangles.
struct LayerSummary {
    double lowest = 0, highest = 0;
    std::size_t holes = 0, invisible = 0;
};
LayerSummary summariseLayer(const Layer& layer);

struct LayerGroup {
    std::string name;
    std::vector<std::uint32_t> layers; // layer ids
    bool operator==(const LayerGroup&) const = default;
};

inline constexpr std::uint32_t kObjectVisible = 0x01, kObjectScaled = 0x100;

struct LevelObject {
    std::uint32_t id = 0;
    RecordRef classRef; // id, then the level database's index
    std::uint32_t lightingLayer = 0;
    std::array<float, 3> position{}; // world units, y up (from the model's origin)
    std::uint32_t flags = kObjectVisible;
    std::uint16_t initialEvents = 0;
    std::vector<std::uint16_t> links;        // linked objects
    std::array<std::uint16_t, 3> rotation{}; // degrees about x, y, z
    std::array<float, 3> scale{1, 1, 1};     // stored only with kObjectScaled
    // The fields it changes from its class: the data area (dwords), and a definition and the
    // class's field index each (class_record.h).
    std::vector<std::uint32_t> data;
    std::vector<std::uint16_t> fieldIndices;
    std::vector<FieldDefinition> fields;
    bool operator==(const LevelObject&) const = default;
};

struct Level {
    LevelInfo info;
    std::vector<Layer> layers;
    std::uint32_t layersMarker = 1;   // the u32 after the definitions
    std::vector<LayerGroup> groups;   // empty: no 0x0002 record written
    std::vector<LevelObject> objects; // empty: no 0x0020 record written
    bool operator==(const Level&) const = default;
};

// Reads a .lvl's bytes (an SRSC container): the first record of each level type. Throws
// rgx::Error naming path, offset (in the file, not the record) and field.
Level readLevel(ByteSpan bytes, const std::string& path, Warnings* warnings = nullptr);
// The level as an SRSC container: 0x0000, 0x0001, then 0x0002 and 0x0020 when it has groups or
// objects. Layer streams are compressed at zlib level 6. Throws rgx::Error ("<memory>") for a
// layer whose vertices or cells do not match its size.
Bytes writeLevel(const Level& level);

// The record bodies, for rgx info and the fuzz target.
LevelInfo readLevelInfo(ByteSpan body, const std::string& path, Warnings* warnings = nullptr);
Bytes writeLevelInfo(const LevelInfo& info);
std::vector<Layer> readLayers(ByteSpan body, const std::string& path, Warnings* warnings = nullptr,
                              std::uint32_t* marker = nullptr);
Bytes writeLayers(const std::vector<Layer>& layers, std::uint32_t marker = 1);
std::vector<LayerGroup> readLayerGroups(ByteSpan body, const std::string& path, Warnings* warnings = nullptr);
Bytes writeLayerGroups(const std::vector<LayerGroup>& groups);
std::vector<LevelObject> readLevelObjects(ByteSpan body, const std::string& path,
                                          Warnings* warnings = nullptr);
Bytes writeLevelObjects(const std::vector<LevelObject>& objects);

} // namespace rgx::loaders::drakan
