#pragma once
// The software renderer's prepared scene and one frame's triangles (renderer/soft/soft_renderer.cpp
// draws them, soft_setup.cpp makes them). Internal to renderer/soft/.

#include "renderer/culling/culling.h"
#include "renderer/culling/terrain_cells.h"
#include "renderer/lighting/world_lighting.h"
#include "renderer/sky/rain.h"
#include "renderer/soft/clip.h"
#include "renderer/soft/palette_tables.h"
#include "renderer/soft/raster.h"
#include "renderer/soft/soft_renderer.h"
#include "renderer/soft/soft_sky.h"
#include "renderer/soft/worker_pool.h"
#include "sim/water.h"
#include "view/pvo_culling.h"

#include <array>
#include <bit>
#include <cstdint>
#include <optional>
#include <thread>
#include <vector>

namespace rgx::renderer::soft::detail {

// The blend class of a ROB render mode; the order is the draw order of the buckets.
enum class Blend : std::uint8_t { Opaque, Transparent, Water, Additive };
Blend blendFor(scene::RenderMode renderMode);

struct Texture {
    int width = 1, height = 1;
    bool powerOfTwo = true;                        // wrap with a mask (width and height are powers of two)
    std::vector<std::vector<std::uint8_t>> frames; // world palette indices (0: colour key)
    double frameSeconds = 0;                       // scene::SceneTexture::frameSeconds; 0 for still images
};

struct Material {
    int texture = -1;            // into Prepared::textures; -1 solid
    std::uint8_t colorIndex = 0; // solid faces
    Blend blend = Blend::Opaque;
};

// A mesh's vertices that are the same bits in every frame (position and normal) are lit and
// projected once a frame (only their texture coordinates differ: a model's faces each carry their
// own corners). unique: the first vertex of each group; slot: each vertex's group.
struct SharedVertices {
    std::vector<std::uint32_t> unique, slot;
};
SharedVertices sharedVertices(const scene::Mesh& mesh);

struct Instance {
    std::uint32_t node = 0, mesh = 0;
    InstanceLayer layer = InstanceLayer::Statics;
    bool billboard = false;
    bool heldItem = false; // drawn only where a pose places it
    Mat4 world;
    std::array<float, 4> sphere{};
};

struct Prepared {
    loaders::Palette256 palette{};
    ShadeTable shade;
    HazeTable haze;
    RgbIndexTable rgb;
    // The translucent modes' blends of a source index over a frame index, both alphas of the
    // Glide path: blendTransparent[src * 256 + dst] (and blendWater), through `rgb`.
    std::vector<std::uint8_t> blendTransparent, blendWater;
    std::uint8_t clearIndex = 0;
    std::vector<Texture> textures;
    std::vector<Material> materials;
    std::vector<scene::Mesh> meshes; // only those an instance (or an actor's frame) uses keep their geometry
    std::vector<SharedVertices> shared; // per mesh
    std::vector<Instance> instances;
    std::optional<TerrainGridData> terrain;
    scene::TerrainGrid grid;               // base heights (with terrain)
    std::vector<std::uint8_t> waterVertex; // sim::waterVertices(grid)
    const PreparedWorld* world = nullptr;  // what this was prepared from: lighting, fog, rain, PVO, waves
    PreparedSky sky;
    std::uint32_t rainMaterial = 0; // into materials: kRainColor's nearest index, transparent
    double perspectiveExtent = 0;   // PerspectiveMode::Extents: the distance corrected
};

Prepared prepareScene(const PreparedWorld& world);

// A flat's texture this frame (sim::FlatState), over its material's: the texture (-1: the
// material's own) and a fixed frame of it (kAnimatedFrame: by time).
inline constexpr std::uint32_t kAnimatedFrame = ~0u;
struct TextureOverride {
    std::int32_t texture = -1;
    std::uint32_t frame = kAnimatedFrame;
};

struct Triangle {
    RasterVertex v[3];
    std::uint32_t material = 0;
    TextureOverride texture; // a flat's world state
    Perspective perspective = Perspective::Span16;
    // Where opaque triangles are drawn in a band: nearest first (docs/software.md "Draw order").
    std::uint16_t depthKey = 0;
};

// The draw-order key of a triangle whose nearest vertex is `nearest` from the eye: the top 16 bits
// of the (non-negative) float, which order like the distances to within 1/128 of them.
inline std::uint16_t frontToBackKey(float nearest) {
    if (!(nearest > 0)) return 0; // also NaN
    return static_cast<std::uint16_t>(std::bit_cast<std::uint32_t>(nearest) >> 16);
}

// Triangles with their rows beside them: sorting triangles into bands reads only the rows.
struct TriangleList {
    struct Rows {
        std::int32_t minY = 0, maxY = 0; // rows whose pixel centres the triangle may cover (pixelBox)
    };
    std::vector<Triangle> triangles;
    std::vector<Rows> rows; // rows[i] belongs to triangles[i]

    void push(const Triangle& t, Rows r) {
        triangles.push_back(t);
        rows.push_back(r);
    }
    void clear() {
        triangles.clear();
        rows.clear();
    }
    std::size_t size() const { return triangles.size(); }
};

// The triangles of one piece of the frame's work (a group of terrain chunks or of instances), by
// bucket: opaque (land, meshes), blended (the sea, transparent and water meshes), additive.
struct WorkOutput {
    TriangleList opaque, blended, additive;
    FrameStats counts;         // draws, triangles, objects of this piece
    std::uint64_t clipped = 0; // triangles after clipping
};

// One frame's triangles: the pieces in draw order (every terrain piece, then every instance
// piece, each in scene order). The pieces are fixed by the scene, not by the thread count, so the
// order, and with it every pixel, is the same however many threads made them.
struct FrameTriangles {
    std::vector<WorkOutput> pieces; // reused between frames; `used` of them hold this frame's
    std::size_t used = 0;
    FrameStats counts;
    std::uint64_t clipped = 0;
    HazeRamp haze;                // the fog's levels up to the far plane; empty without fog
    std::vector<RainStreak> rain; // this frame's streaks (the last piece draws them); reused
};

// A vertex after the geometry stage: clip position, light and distance, and when it is in front
// of the near plane (z >= 0) its screen position (toScreen), so that the triangles sharing it do
// not divide again.
struct Lit {
    ClipVertex clip;     // u, v unset: they belong to the triangle corner
    RasterVertex screen; // valid when clip.z >= 0; u, v unset
};

// A thread's terrain vertices for the frame: computed once each, on first use.
struct VertexCache {
    std::vector<std::uint32_t> stamp;
    std::vector<Lit> vertex;
    std::uint32_t frame = 0;
};

// The terrain's surface, reused between frames. Only what a frame draws is computed: the water
// vertices' heights (sim::waveOffset) for the frame's waves, and the normals of the drawn
// vertices whose triangles touch water (scene::terrainVertexNormal, the same bits as
// sim::terrainSurface); every other normal is the still terrain's, computed once.
struct TerrainCache {
    std::vector<float> height;                // this frame's, water displaced
    std::vector<Vec3> stillNormal;            // without waves
    std::vector<std::uint32_t> waterList;     // the water vertices
    std::vector<std::uint8_t> nearWater;      // a vertex whose normal depends on a water vertex
    std::optional<sim::WaveFrame> heightsFor; // the waves `height` was computed for
    std::vector<VertexCache> threads;         // one per setup thread
};

// Culls, lights, transforms and clips everything the frame draws, on `threads` threads.
void setupFrame(const Prepared& prepared, TerrainCache& cache, const FrameRequest& request,
                const SoftSettings& options, int threads, std::vector<std::uint8_t>& pvoVisible,
                WorkerPool& pool, FrameTriangles& out);

// The light value the shade table is indexed by: the Rec. 601 luma of the Gouraud RGB light.
inline float lightValue(const std::array<float, 3>& rgb) {
    return 0.299f * rgb[0] + 0.587f * rgb[1] + 0.114f * rgb[2];
}

} // namespace rgx::renderer::soft::detail
