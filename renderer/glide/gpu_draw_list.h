#pragma once
// The per-frame draw list: which instances are visible (layer toggles, PVO, frustum), grouped by
// mesh, as one VkDrawIndexedIndirectCommand per (mesh, submesh) with every visible instance of
// that mesh, ordered opaque -> alpha blended -> additive. Each command has its own run of the
// per-frame draw-instance list (instance, pose, the submesh's material), which the vertex shader
// reads at drawInstances[instanceBase + gl_InstanceIndex]: with multi-draw the run starts at the
// command's firstInstance (instanceBase 0), without it at instanceBase (firstInstance 0).

#include "renderer/culling/culling.h"
#include "renderer/glide/glide_pipeline.h"
#include "renderer/glide/gpu_scene.h"
#include "renderer/look_settings.h"
#include "sim/scene_animation.h"
#include "sim/world_state.h"

#include <array>
#include <cstdint>
#include <vector>

namespace rgx::renderer {

// What a frame's draws need from the scene, computed once.
struct DrawListSource {
    struct SubmeshInfo {
        std::uint32_t firstIndex = 0, indexCount = 0, material = 0;
        GlideBlend blend = GlideBlend::Opaque;
    };
    struct MeshInfo {
        std::vector<SubmeshInfo> submeshes;
        // Into GpuScene::instances: the instances of this mesh, and the actors that can show it
        // (listed under every mesh of their handle table; a frame's pose picks one).
        std::vector<std::uint32_t> instances;
    };
    std::vector<MeshInfo> meshes;
    std::vector<std::array<float, 4>> spheres; // per instance: world centre, radius
    std::vector<bool> heldItems;               // per instance: a held item (drawn only when posed)
    std::vector<Mat4> worlds;                  // per instance: its node's world (a transform override's base)
    std::vector<bool> flats;                   // per instance: a flat (its texture can be the world state's)
    std::size_t textureCount = 0;              // the scene's textures (a flat state's range)
    std::uint32_t submeshCount = 0;
    std::size_t maxDrawInstances = 0; // the most a frame can list: every instance under every submesh
};

struct DrawCommand {
    std::uint32_t indirectIndex = 0; // into the frame's indirect buffer
    std::uint32_t instanceBase = 0, material = 0;
    GlideBlend blend = GlideBlend::Opaque;
};

struct DrawList {
    std::vector<shaders::GlideDrawInstance> drawInstances;
    std::vector<shaders::GlidePose> poses; // of the animated instances drawn
    std::vector<VkDrawIndexedIndirectCommand> indirect;
    std::vector<DrawCommand> commands; // in draw order (the indirect buffer's)
    // Per GlideBlend: its commands' range [first, first + count) of the indirect buffer.
    std::array<std::array<std::uint32_t, 2>, static_cast<std::size_t>(GlideBlend::Count)> blendRanges{};
    FrameStats stats; // counts, frustumMs (the per-instance tests) and drawListMs (the grouping)
};

DrawListSource drawListSource(const scene::Scene& scene, const GpuScene& gpu);

// viewProj: column-major; instances whose bounding sphere is outside the frustum are left out.
// nodeVisible (per scene node, PvoCulling::visibleNodes; null: all) is applied before the
// frustum test, as the engine does its PVO check before drawing an object. world (the frame's
// sim::WorldState; null: every node at rest, held items not drawn) hides nodes, picks each
// actor's mesh and frame, and places moved nodes. multiDraw: the commands' firstInstance is their run's start
// (the device's drawIndirectFirstInstance must be on); else 0, and DrawCommand::instanceBase says it.
DrawList buildDrawList(const DrawListSource& source, const GpuScene& gpu, const float (&viewProj)[16],
                       const LayerToggles& layers, const std::vector<std::uint8_t>* nodeVisible = nullptr,
                       const sim::WorldState* world = nullptr, bool multiDraw = false);

} // namespace rgx::renderer
