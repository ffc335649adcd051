// Constants and buffer layouts shared by GLSL and C++: the one place where a push-constant or
// buffer layout is written down, so the two sides cannot drift apart. GLSL includes it with
// #include "shared.h" (glslc -I shaders); C++ with #include "shaders/shared.h".
#ifndef RGX_SHADERS_SHARED_H
#define RGX_SHADERS_SHARED_H

#ifdef __cplusplus
#include <cstddef>
#include <cstdint>

namespace rgx::shaders {

// GLSL-shaped types whose C++ size and alignment follow the std430 / push-constant rules, so a
// struct below has the same offsets on both sides (checked by the static_asserts at the end).
struct alignas(8) vec2 {
    float x, y;
};
struct alignas(16) vec4 {
    float x, y, z, w;
};
struct alignas(16) mat4 {
    vec4 columns[4];
};
using uint = std::uint32_t;

#define RGX_CONST(type, name, value) inline constexpr type name = value

#else // GLSL

#define RGX_CONST(type, name, value) const type name = value

#endif

// Triangle pipeline (the smoke test and `rgx vkinfo`'s sanity draw): a triangle whose corners
// are the unit triangle of triangle.vert, scaled then offset in NDC, filled with a flat colour.
struct TrianglePush {
    vec4 color;  // linear RGBA written as is into the UNORM target
    vec2 offset; // NDC offset added after scaling
    vec2 scale;  // NDC scale of the unit triangle
};

// Depth written by the triangle (the offscreen target clears depth to 1.0).
RGX_CONST(float, kTriangleDepth, 0.5);

// ---- The Glide look (renderer/glide_*, shaders/glide.*) ----------------------------------------
// Vertices are pulled from one storage buffer of floats, kGlideVertexFloats per vertex:
// position xyz, normal xyz, uv, light (scene::MeshVertex as is).
RGX_CONST(uint, kGlideVertexFloats, 9);
RGX_CONST(uint, kGlideMaxLights, 16);
// GlideInstance::flags
RGX_CONST(uint, kGlideInstanceBillboard, 1); // MPSF flat: turned to face the camera, upright
// GlideMaterial::renderMode: scene::RenderMode's values (renderer/glide/gpu_scene.cpp checks them)
RGX_CONST(uint, kGlideModeTransparent, 1);
RGX_CONST(uint, kGlideModeWater, 2);
RGX_CONST(uint, kGlideModeBeam, 3);
// The translucent modes' alpha (the software renderer blends with the same: docs/software.md).
RGX_CONST(float, kGlideAlphaTransparent, 0.5);
RGX_CONST(float, kGlideAlphaWater, 0.75);
// FOG.INI's 64 entries are Glide's fog table, indexed by w: entry i holds at
// w = 2^(3 + i/4) / (8 - i%4) (guFogTableIndexToW), linear between entries. The reference's anchor
// "46 is the final value for 3800 render distance" sets the scale: the depth (view-axis w)
// kGlideFogAnchorDistance is entry kGlideFogAnchorIndex (renderer::fogTableIndex, glide.frag).
// The cloud layer fades out towards its square's edge instead of ending on a straight line across
// the sky (issue 29): fully shown out to this share of the half-side from the eye (on the ground
// plane), gone at the half-side, linear between (renderer::cloudFade, glide_sky.frag).
RGX_CONST(float, kSkyCloudFadeStart, 0.5);
RGX_CONST(int, kGlideFogAnchorIndex, 46);
RGX_CONST(float, kGlideFogAnchorDistance, 3800.0);
// The terrain grid buffer (scene::TerrainGrid): kGlideTerrainSize^2 vertices, row-major, each a
// uvec2 {base height as float bits, rotation (2 bits) | water cell (bit 2) | water vertex
// (bit 3: a corner of a water cell, displaced by the waves) | cell material << 16}.
RGX_CONST(uint, kGlideTerrainSize, 256);
RGX_CONST(float, kGlideTerrainCell, 256.0);
RGX_CONST(uint, kTerrainInfoWaterCell, 4);
RGX_CONST(uint, kTerrainInfoWaterVertex, 8);
// The Glide look's descriptor set 0 (glide.vert, glide.frag, glide_terrain.vert), all storage
// buffers, kGlideBindingCount in all. The frame's block is a read-only storage buffer, not a
// uniform block: lavapipe (Mesa 22.3) specialises a shader on the uniform-block and push-constant
// values its branches and loop bounds read, recompiling it at every bind of new values and never
// freeing the old one (0.3 MB a frame; docs/performance.md "Memory"). Storage loads are never
// specialised. Shaders must not branch on push constants alone for the same reason.
RGX_CONST(uint, kGlideBindingFrame, 0);          // GlideFrame (read-only storage)
RGX_CONST(uint, kGlideBindingVertices, 1);       // float[kGlideVertexFloats] per vertex
RGX_CONST(uint, kGlideBindingInstances, 2);      // GlideInstance[]
RGX_CONST(uint, kGlideBindingDrawInstances, 3);  // GlideDrawInstance[]: the frame's visible instances
RGX_CONST(uint, kGlideBindingMaterials, 4);      // GlideMaterial[]
RGX_CONST(uint, kGlideBindingTextures, 5);       // GlideTexture[]
RGX_CONST(uint, kGlideBindingTexels, 6);         // uint[]: packed RGBA texels
RGX_CONST(uint, kGlideBindingTerrainGrid, 7);    // uvec2 per grid vertex
RGX_CONST(uint, kGlideBindingTerrainCells, 8);   // uint[]: the cell lists of the terrain passes
RGX_CONST(uint, kGlideBindingTerrainSurface, 9); // the frame slot's terrain surface
RGX_CONST(uint, kGlideBindingPoses, 10);         // GlidePose[]: the frame's animated instances
RGX_CONST(uint, kGlideBindingRain, 11);          // vec4[4] per streak: the frame's rain (xyz, w 0)
RGX_CONST(uint, kGlideBindingCount, 12);
// GlideDrawInstance::pose of an instance drawn at rest (frame 0, no local transform).
RGX_CONST(uint, kGlideNoPose, 0xFFFFFFFFu);

// ---- Terrain compute (renderer/terrain_compute, shaders/terrain_*.comp) -------------------------
// Every frame terrain_heights.comp writes each vertex's height (water displaced, sim/water.h) and
// then terrain_normals.comp its normal into the frame slot's terrain surface buffer, which
// glide_terrain.vert reads: kTerrainVertexCount floats (scene y), then kTerrainVertexCount vec4
// (unit normal xyz, w 0), both row-major over the grid.
RGX_CONST(uint, kTerrainVertexCount, 65536); // kGlideTerrainSize^2
// The workgroup size in x (column) and y (row), a macro so that the layout qualifier can use it.
// (glslc's Vulkan 1.3 target writes it as LocalSizeId either way: the device enables maintenance4.)
#define RGX_TERRAIN_COMPUTE_GROUP 16
RGX_CONST(uint, kTerrainComputeGroup, RGX_TERRAIN_COMPUTE_GROUP);
RGX_CONST(uint, kWaveTableSize, 2048); // the sine table's entries (sim::waveSineTable)
// The terrain compute passes' descriptor set 0 (terrain_heights.comp, terrain_normals.comp).
RGX_CONST(uint, kTerrainBindingGrid, 0);    // the Glide terrain grid (kGlideBindingTerrainGrid's buffer)
RGX_CONST(uint, kTerrainBindingSine, 1);    // float[kWaveTableSize]
RGX_CONST(uint, kTerrainBindingSurface, 2); // the frame slot's terrain surface
RGX_CONST(uint, kTerrainBindingCount, 3);

// sim::WaveFrame as the compute shaders get it.
struct TerrainWavePush {
    float amplitude;
    float bias;
    uint frequency;  // two's complement of the setting
    float timePhase; // [0, kWaveTableSize)
    int centreRow;
    int centreColumn;
    int windowHalf; // vertices further from the centre (rows or columns) stay; < 0: none do
    uint pad0;
};

// One placed mesh (a scene node with a mesh), uploaded once.
struct GlideInstance {
    mat4 world; // scene frame
    uint flags;
    uint node; // scene node index (debugging)
    uint pad0, pad1;
};

// One entry of the frame's visible-instance list: the instance, and its pose this frame
// (an index into the frame's GlidePose list, or kGlideNoPose).
// One instance of one draw: each draw (mesh, submesh) has its own run of these, so a multi-draw
// call needs nothing per draw but its firstInstance.
struct GlideDrawInstance {
    uint instance;
    uint pose;
    uint material;  // the submesh's
    uint flatState; // a flat's world state (kGlideFlat*): 0 draws the material as it is
};

// GlideDrawInstance::flatState, a flat's sim::FlatState: the low bits hold the texture shown + 1 (0:
// the material's), the high bits the fixed frame + 1 (0: animated by time).
RGX_CONST(uint, kGlideFlatTextureBits, 20u);
RGX_CONST(uint, kGlideFlatTextureMask, (1u << kGlideFlatTextureBits) - 1u);
RGX_CONST(uint, kGlideFlatMaxFrame, (1u << (32u - kGlideFlatTextureBits)) - 2u);

// An animated instance this frame (sim::NodeState): the mesh's resident frame to draw (its
// vertices start frameShift vertices after frame 0's; every frame of a mesh is resident in the
// vertex pool), optionally blended towards nextShift's, and a local transform applied before
// the instance's world matrix (a held item at its tracked vertex).
struct GlidePose {
    mat4 local;
    int frameShift;
    int nextShift;
    float blend;
    uint pad0;
};

// A scene::Material: a solid colour (textureIndex < 0) or a texture of the texel table.
struct GlideMaterial {
    vec4 color; // solid faces: the palette colour, 0..1
    int textureIndex;
    uint renderMode;
    uint pad0, pad1;
};

// A texture's frames in the texel buffer: frame k starts at offset + k * width * height texels
// (RGBA8 packed as unpackUnorm4x8 reads them; alpha 0 where the palette index is 0).
struct GlideTexture {
    uint offset, width, height, frames;
    float frameSeconds; // anim_delay; 0 for still images
    uint pad0, pad1, pad2;
};

// GlideLight::toLight.w: the MPSL light's kind (renderer::LightKind).
RGX_CONST(float, kGlideLightPoint, 0.0);
RGX_CONST(float, kGlideLightAmbient, 1.0);
RGX_CONST(float, kGlideLightDirectional, 2.0);

struct GlideLight {
    vec4 positionRadius; // scene position, radius of influence
    vec4 color;          // linear 0..1 (times intensity)
    vec4 toLight;        // xyz: towards the light (directional lights); w: the kind (kGlideLight*)
};

// The sky pass (renderer/sky/sky.h, shaders/glide_sky.frag): its layers' textures in the
// GlideTexture table (-1: the layer is off or absent) and the frame's rays and layer geometry.
struct GlideSky {
    int panorama;
    int clouds;
    int sun;
    uint pad0;
    vec4 rayForward;   // xyz: the ray through the target's centre; w: target width in pixels
    vec4 rayRight;     // xyz: added per unit of NDC x; w: target height in pixels
    vec4 rayDown;      // xyz: added per unit of NDC y (down)
    vec4 cloud;        // x: side (units), y: height above the eye, z: scroll along +x (units)
    vec4 sunDirection; // xyz: towards the sun, unit; w: tan of a texel's angle
    vec4 sunRight;     // xyz: the billboard's right axis
    vec4 sunUp;        // xyz: the billboard's up axis
    vec4 sunTint;      // rgb: world_sunimgrgb / 255
};

// Per-frame uniforms (one buffer per frame slot).
struct GlideFrame {
    mat4 viewProj;
    vec4 cameraPosition;
    vec4 cameraRight;  // horizontal unit vector: billboards' x axis
    vec4 billboardUp;  // billboards' y axis: up, or north for a map (view::billboardUp)
    vec4 sunDirection; // towards the sun, unit
    vec4 sunColor;     // rgb, already times intensity
    vec4 ambient;      // rgb
    vec4 fogColor;     // rgb, w = 1 when fog is on
    vec4 params;       // x time (s), y near, z far, w light count
    vec4 fogTable[16]; // the 64 FOG.INI densities, 0..1, four per vec4
    GlideLight lights[kGlideMaxLights];
    GlideSky sky;
};

// Per draw call: where its instance indices start in the frame's draw-instance list (0 for a
// multi-draw call, whose draws start at their firstInstance instead), and the material of the
// draws that take it from here (terrain, rain; meshes take theirs from GlideDrawInstance).
struct GlidePush {
    uint instanceBase;
    uint material;
    uint pad0, pad1;
};

#ifdef __cplusplus
static_assert(sizeof(GlideInstance) == 80);
static_assert(sizeof(GlideMaterial) == 32);
static_assert(sizeof(GlideDrawInstance) == 16);
static_assert(sizeof(GlidePose) == 80);
static_assert(sizeof(GlideTexture) == 32);
static_assert(sizeof(GlideLight) == 48);
static_assert(offsetof(GlideFrame, fogTable) == 192);
static_assert(sizeof(GlideSky) == 16 + 16 * 8);
static_assert(sizeof(GlideFrame) == 192 + 256 + 48 * kGlideMaxLights + sizeof(GlideSky));
static_assert(sizeof(GlidePush) == 16);
static_assert(sizeof(TerrainWavePush) == 32);
static_assert(kTerrainVertexCount == kGlideTerrainSize * kGlideTerrainSize);
static_assert(sizeof(TrianglePush) == 32);
static_assert(offsetof(TrianglePush, offset) == 16);
static_assert(offsetof(TrianglePush, scale) == 24);

} // namespace rgx::shaders
#endif

#undef RGX_CONST
#endif // RGX_SHADERS_SHARED_H
