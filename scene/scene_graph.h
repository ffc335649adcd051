#pragma once
// The renderer-independent CPU scene: meshes in scene units (transforms.h convention), materials
// that name palette colours or (textureId, imageId) textures, each texture's texels kept once per
// scene, and a flat list of nodes with absolute world matrices (parent indices keep the hierarchy).

#include "loaders/bytes.h"
#include "loaders/palette.h"
#include "loaders/redguard/model3d.h"
#include "scene/look_environment.h"
#include "scene/model_catalog.h"
#include "scene/redguard/redguard_part.h"
#include "scene/transforms.h"

#include <array>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <utility>
#include <vector>

namespace rgx::scene {

struct Bounds {
    Vec3 min{1e300, 1e300, 1e300};
    Vec3 max{-1e300, -1e300, -1e300};
    bool empty() const { return min.x > max.x; }
    void add(const Vec3& p);
    void add(const Bounds& b);
    // The bounds of b's eight corners transformed by m.
    static Bounds transformed(const Bounds& b, const Mat4& m);
};

// How a material is drawn, whatever engine it came from: each engine maps its own flags onto
// these (Redguard: the ROB segment's flag byte, scene/redguard/materials.h renderModeFromRob).
// Other is a flag no engine rule names: drawn as Standard, named apart in dumps and exports.
// The values are the Glide shader's (shaders/shared.h kGlideMode*; renderer/glide checks them).
enum class RenderMode : std::uint8_t { Standard, Transparent, Water, Beam, Other };
const char* renderModeName(RenderMode mode); // "standard", "transparent", "water", "beam", "other"

// An indexed image as every look draws it, whatever engine it came from (a Redguard TEXBSI
// image, a Daggerfall TEXTURE.### record): frames of palette indices, and the image's own palette
// when it carries one.
struct IndexedImage {
    std::string name;
    int width = 0, height = 0;
    // width * height palette indices a frame, row-major, top row first. Index 0 is transparent.
    std::vector<loaders::Bytes> frames;
    std::optional<loaders::Palette256> palette; // its own (a TEXBSI CMAP), when it has one
    // The frames in true colour, RGBA8 packed r | g << 8 | b << 16 | a << 24, when the source
    // stored them so (Drakan's 16- to 32-bit textures): the hardware look and glTF draw these, the
    // software look `frames` (the source quantised to the scene's palette). Empty: indexed only.
    std::vector<std::vector<std::uint32_t>> trueColour;
    // How long each frame shows when there are several, in seconds (0: still). Each engine says
    // how it times them (Redguard: SceneTexture::frameSeconds).
    double frameSeconds = 0;
};

// A texture: one image, decoded once, shared by every material that uses it.
struct SceneTexture {
    int textureId = 0; // the engine's file number: TEXBSI.### (Redguard), TEXTURE.### (Daggerfall)
    int imageId = 0;   // the image in it
    std::string name;  // the image's record name ("" when missing)
    int width = 0, height = 0;
    double texScale = 1.0; // Redguard's BHDR tex_scale as a factor (0 -> 1.0); 1 elsewhere
    std::shared_ptr<const IndexedImage> image; // null when missing (a magenta stand-in)
    // The palette to show it with, in the reference's order (TEXBSI "Palette Selection"): the
    // scene's COL, else the image's embedded CMAP (animated images), else the grey ramp. True when
    // the CMAP is the one: the image has one and the scene read no COL.
    bool embeddedPalette = false;
    int frameCount() const { return image ? static_cast<int>(image->frames.size()) : 0; }
    // How long each animation frame shows, in seconds; 0 for a still or missing image. Both looks
    // take frame floor(time / frameSeconds) mod frames. Redguard's: whole PIT ticks as the engine
    // times it, loaders::texbsiAnimTicks (round(anim_delay x 18.2 / 1000), at least 1) of
    // 1/18.2 s each (set by the scene's MaterialLibrary).
    double frameSeconds() const { return image && frameCount() >= 2 ? image->frameSeconds : 0; }
    const loaders::Palette256& palette(const loaders::Palette256& world) const {
        return embeddedPalette && image && image->palette ? *image->palette : world;
    }
};

struct Material {
    bool solid = true;
    std::uint8_t colorIndex = 0; // palette index of a solid face
    loaders::ColorRgb color;     // the world palette's colour for it (solid faces)
    int texture = -1;            // index into Scene::textures when textured
    RenderMode renderMode = RenderMode::Standard;
    bool placeholder = false; // the magenta stand-in of a missing asset
    bool operator==(const Material&) const = default;
};

struct MeshVertex {
    float position[3];
    float normal[3];
    float uv[2]; // normalized texture coordinates (tex_scale applied); 0 on solid faces
    // The engine's own shade of the vertex, multiplying the light both looks compute for it (System
    // Shock's tile shadows, scene/systemshock/tile_geometry.h); 1: lit as it is.
    float light = 1;
};

struct Submesh {
    std::uint32_t material = 0; // index into Scene::materials
    std::uint32_t firstIndex = 0, indexCount = 0;
};

struct Mesh {
    std::string name;   // model name, "terrain", "flat 172/3", "placeholder NAME"
    std::string source; // where it came from ("fxart/ISLAND.ROB:HOUSE01", "fxart/FLAG001.3DC")
    std::vector<MeshVertex> vertices;
    std::vector<std::uint32_t> indices; // triangles, counter-clockwise seen from the front
    std::vector<Submesh> submeshes;
    Bounds bounds; // local
    bool placeholder = false;
    bool animated = false; // a .3DC with frames beyond frame 0 (frame 0 is what is built here)
    RenderMode renderMode = RenderMode::Standard;
    // The source model of an animated mesh, for the layers that play its 3DC frames
    // (loaders::modelFrame); null for static meshes.
    std::shared_ptr<const loaders::Model> animation;
    // Every decodable frame of an animated mesh, resident once (addModelMeshFrames): frame 0 is
    // `vertices`, frame k >= 1 is frameVertices[(k - 1) * vertices.size(), k * vertices.size()).
    std::uint32_t frameCount = 1;
    std::vector<MeshVertex> frameVertices;
    Bounds animationBounds; // over all resident frames; empty until addModelMeshFrames
    // Every model vertex (faces or not) of every resident frame, scene units: frame k's vertex v
    // at 3 * (k * modelVertexCount + v). Where a tracked vertex is read (addModelMeshFrames).
    std::uint32_t modelVertexCount = 0;
    std::vector<float> modelVertexPositions;
    // What any frame can cover: animationBounds when set, else bounds.
    const Bounds& allFramesBounds() const { return animationBounds.empty() ? bounds : animationBounds; }
    std::size_t triangleCount() const { return indices.size() / 3; }
};

enum class NodeKind : std::uint8_t {
    Terrain,
    Object,
    Static,
    Rope,
    RopeLink,
    RopeEnd,
    Flat,
    Light,
    Marker,
    Trigger,
    Model,
    HeldItem, // an actor's held item (SceneActor::itemNode)
    Tile,     // a tile-map level's tile: its floor and walls (System Shock)
    Ceiling,  // a tile's ceiling, apart so that views from above can leave it out (the ceilings layer)
    Count
};
const char* nodeKindName(NodeKind kind); // "terrain", "object", ...
// The RGM section a node's record is in (SceneNode::source indexes it): "MPOB" (objects, triggers),
// "MPSO", "MPSF", "MPSL", "MPMK", "MPRP" (ropes, their links and ends); "" for the terrain, held
// items and model-viewer nodes. The map's markers and the Inspector both name records by it.
const char* nodeRgmSection(NodeKind kind);

struct LightInfo {
    loaders::ColorRgb color;
    std::uint8_t type = 0;
    std::uint32_t param = 0;
    std::int16_t param0 = 0, param1 = 0;
    std::array<std::int16_t, 3> direction{};
    bool active = true; // loaders::rgmMpslActive: an inactive light lights nothing
};

// An MPRP rope's motion parameters (sim/rope_swing.h), on its `rope` node.
struct RopeInfo {
    std::int32_t swing = 0, speed = 0;
};

struct SceneNode {
    std::string name; // B_NNN_<script>, SNNN_<model>, FNNN_<tex>/<img>, ... (docs/coordinates.md)
    NodeKind kind = NodeKind::Object;
    std::string model;        // model name asked for ("" for none)
    int mesh = -1;            // index into Scene::meshes, -1 for transform-only nodes
    int parent = -1;          // index into Scene::nodes
    Mat4 world;               // absolute, scene frame
    std::uint32_t source = 0; // record index in its RGM section (or segment index)
    std::optional<LightInfo> light;
    std::optional<RopeInfo> rope; // kind Rope: its MPRP swing and speed
    int flatTexture = -1;         // MPSF: index into Scene::textures
    int textureOverride = -1;     // RAEX actor skin texture id applied to the mesh, -1 none
    int actor = -1;               // into Scene::redguard.actors: the actor this node is, or whose item it is
    int record = -1;              // into Scene::records: its record, for engines other than Redguard
};

// The record an engine other than Redguard placed a node from, as the Inspector and search show
// it (Redguard's nodes name their RGM record by kind and `source` instead): the file, the kind of
// record, its index there, and its fields in the engine's own terms.
struct SourceRecord {
    std::string file;                                        // "ARENA2/BLOCKS.BSA:TVRNAL01.RMB"
    std::string section;                                     // "RMB 3D object", "RDB flat", ...
    int index = 0;                                           // in its section of the file
    std::vector<std::pair<std::string, std::string>> fields; // name, value as stored
};

struct TerrainGrid {
    static constexpr int kSize = 256;       // vertices per side
    static constexpr double kCell = 256.0;  // engine units per cell
    std::vector<float> height;              // scene y per vertex (row-major), = -engine y
    std::vector<std::uint8_t> textureIndex; // per vertex (WLD plane 3 & 0x3F)
    std::vector<std::uint8_t> rotation;     // quarter turns per vertex (plane 3 >> 6)
    std::vector<std::uint8_t> water;        // per cell (255 x 255): all four corners water
    std::size_t waterCells = 0;
    int textureBank = 302;
};

struct SceneStats {
    std::size_t filesRead = 0, bytesRead = 0, modelsBuilt = 0, placeholders = 0;
};

struct Scene {
    std::string title;               // "world 0 (maps/ISLAND.RGM)" or the model path
    std::string engine = "redguard"; // the engine that built it (scene/engine.h)
    loaders::Palette256 palette{};
    // The palette was read from the world's COL (else it is a grey ramp). Textures take the
    // reference's order: the scene COL, else the image's CMAP, else grey (SceneTexture::palette).
    bool colPalette = false;
    std::vector<SceneTexture> textures;
    std::vector<Material> materials;
    std::vector<Mesh> meshes;
    std::vector<SceneNode> nodes;
    std::optional<TerrainGrid> terrain;
    RedguardPart redguard; // Redguard's own part (scene/redguard/redguard_part.h); empty for other engines
    // A ROB opened whole in the model viewer: its segments in order (empty otherwise, and for a
    // ROB opened at one --segment). Non-empty means "show the catalogue".
    std::vector<CatalogEntry> catalog;
    std::vector<SourceRecord> records; // engines other than Redguard: SceneNode::record
    // Engines other than Redguard: the fog, background and distance tables the looks draw with
    // (scene/look_environment.h). None: Redguard's world (its WORLD.INI entry), or a model.
    std::optional<LookEnvironment> look;
    std::vector<std::string> warnings;
    SceneStats stats;

    Bounds worldBounds() const; // every node with a mesh, transformed
    std::size_t countNodes(NodeKind kind) const;
    std::size_t totalVertices() const;  // over meshes (each mesh once, not per instance)
    std::size_t totalTriangles() const; // over meshes
};

// Every mesh a node can draw at some time, distinct, node.mesh first: for an actor also the meshes
// of its handle table's files, for a held item also its sheathed model and every ITEM.INI model
// the scripts hand out (Scene::redguard.items). Empty without a mesh.
std::vector<int> nodeMeshes(const Scene& scene, const SceneNode& node);

// The local bounds a node's drawing can cover at any time: its mesh's over all frames; for an
// actor, over every mesh of its handle table; for a held item, the actor's plus the item's own
// (drawn and sheathed models: it sits at a vertex of the actor, in the actor's orientation).
// Empty for nodes without a mesh.
Bounds nodeDrawBounds(const Scene& scene, const SceneNode& node);

// Frame k's vertices of a mesh (frame 0 is mesh.vertices; k past the resident frames: the last).
std::span<const MeshVertex> meshFrameVertices(const Mesh& mesh, std::uint32_t frame);

// Model vertex `vertex` of resident frame `frame` (frames past the last: the last), or nothing
// when the mesh has no such vertex (a static mesh keeps none).
std::optional<Vec3> modelVertexPosition(const Mesh& mesh, std::uint32_t frame, std::uint32_t vertex);

} // namespace rgx::scene
