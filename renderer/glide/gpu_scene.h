#pragma once
// The GPU-resident copy of a scene::Scene: every mesh in one vertex pool and one index pool,
// every placed mesh as a GlideInstance, the material and texture tables and every texel (all
// frames of animated images) in storage buffers, and every resident 3DC frame of the meshes
// actors show (scene::Mesh::frameVertices) after their frame 0. Uploaded once; nothing here
// changes per frame: an actor picks its frame through the frame's poses (gpu_draw_list.h).

#include "renderer/culling/culling.h"
#include "renderer/sky/sky.h"
#include "renderer/vk/resources.h"
#include "scene/scene_graph.h"
#include "shaders/shared.h"

#include <array>
#include <cstdint>
#include <vector>

namespace rgx::renderer {

struct GpuMesh {
    std::uint32_t firstIndex = 0;  // in the index pool
    std::int32_t vertexOffset = 0; // in the vertex pool: frame 0's first vertex
    std::uint32_t vertexCount = 0; // per frame
    std::uint32_t frameCount = 1;  // resident frames: frame k starts at vertexOffset + k * vertexCount
};

struct GpuInstanceInfo {
    std::uint32_t mesh = 0;
    std::uint32_t node = 0; // scene node index
    InstanceLayer layer = InstanceLayer::Statics;
};

struct GpuScene {
    Buffer vertices;  // storage: kGlideVertexFloats floats per vertex
    Buffer indices;   // index buffer, uint32
    Buffer instances; // storage: GlideInstance per placed mesh
    Buffer materials; // storage: GlideMaterial per scene material
    Buffer textures;  // storage: GlideTexture per scene texture
    Buffer texels;    // storage: packed RGBA8
    std::vector<GpuMesh> meshes;
    std::vector<GpuInstanceInfo> instanceInfo; // CPU side, same order as `instances`
    // The sky's images after the scene's textures, per SkyLayer: their GlideTexture index, -1 none.
    std::array<int, 3> skyTextures{-1, -1, -1};
    // The rain's material after the scene's: kRainColor, the transparent render mode.
    std::uint32_t rainMaterial = 0;
    std::uint64_t texelCount = 0;
    std::uint64_t animationBytes = 0; // the resident 3DC frames after frame 0, in the vertex pool
};

// A scene matrix (row-major doubles) as GLSL's column-major mat4.
shaders::mat4 toMat4(const Mat4& m);

// RGBA8 packed as GLSL unpackUnorm4x8 reads it (r in the low byte).
std::uint32_t packRgba8(std::uint8_t r, std::uint8_t g, std::uint8_t b, std::uint8_t a);

// skipNode: a node drawn another way (the terrain from its grid buffer); it gets no instance, and
// meshes no instance uses get no geometry.
// Move-only: the buffers own themselves.
// sky: its images are appended to the texture table (GpuScene::skyTextures).
GpuScene uploadScene(const VulkanContext& context, const scene::Scene& scene, int skipNode = -1,
                     const SkyLook* sky = nullptr);

} // namespace rgx::renderer
