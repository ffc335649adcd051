#pragma once
// The contract between the Vulkan scene renderer and its two users, `rgx render` (offscreen) and
// `rgx explore` (a window): a GPU-resident copy of one scene::Scene, drawn for a camera and a
// time into whatever colour + depth target the caller has begun rendering to (dynamic
// rendering). Everything look-specific (the Glide look now, the 8-bit software look later) stays
// behind LookSettings and the renderer's own files.

#include "renderer/look/look_settings.h"
#include "renderer/pass.h"
#include "renderer/vk/context.h"
#include "scene/scene_graph.h"
#include "sim/camera.h"
#include "sim/pvo_culling.h"
#include "sim/scene_animation.h"
#include "sim/water.h"

#include <array>
#include <cstdint>
#include <memory>
#include <optional>

namespace rgx::renderer {

struct SceneRendererOptions {
    VkFormat colorFormat = VK_FORMAT_R8G8B8A8_UNORM;
    VkFormat depthFormat = VK_FORMAT_D32_SFLOAT;
    // Issue each pipeline's mesh draws with one multi-draw indirect call where the device has
    // multiDrawIndirect (Device::multiDrawIndirect); off, or without it: one call per draw. The
    // pictures are the same either way.
    bool multiDraw = true;
};

class SceneRenderer {
public:
    // Uploads every mesh, texture and instance once (nothing static is re-uploaded per frame).
    // Throws on Vulkan errors; the scene may be destroyed afterwards.
    SceneRenderer(const VulkanContext& context, const scene::Scene& scene,
                  const SceneRendererOptions& options = {});
    ~SceneRenderer();
    SceneRenderer(const SceneRenderer&) = delete;
    SceneRenderer& operator=(const SceneRenderer&) = delete;

    // A frame is prepare(), beginFrame(), then recordPass() for each scene pass, with the same
    // camera, time, settings and slot: renderer/frame.h's recordFrame does exactly that, and is
    // the way to draw a frame. Per-frame data goes through buffers owned by `frameSlot`
    // (0 .. kFramesInFlight-1; others throw std::out_of_range) so a window can have frames in
    // flight; the slot's previous frame must have completed.
    static constexpr int kFramesInFlight = 2;

    // Pass::Compute: records the frame's compute work into cmd, outside any rendering: the
    // terrain's heights, water waves and normals for this time and camera
    // (renderer/glide/terrain_compute.h), made visible to the draws recorded after it.
    void prepare(VkCommandBuffer cmd, const sim::Camera& camera, double timeSeconds,
                 const LookSettings& settings, int frameSlot = 0);

    // The CPU side of the frame's draws for a target of `extent`: uniforms, PVO and frustum
    // culling, the indirect commands, all written into the slot's buffers; returns the counts.
    // Throws std::logic_error when the slot was not prepared since its last beginFrame (the
    // terrain would be stale).
    // poses: per scene node, the actors' frames and held items (sim::SceneAnimation::poses, kept
    // alive until this returns); null draws every node at rest and no held items.
    FrameStats beginFrame(VkExtent2D extent, const sim::Camera& camera, double timeSeconds,
                          const LookSettings& settings, int frameSlot = 0,
                          const std::vector<sim::NodePose>* poses = nullptr);

    // Records one scene pass (Pass::Sky, Terrain, Opaque, Blended or Additive; others record nothing)
    // of the slot's frame into cmd, which is inside dynamic rendering begun on a target with the
    // options' formats, viewport and scissor set (beginOffscreenRendering).
    void recordPass(VkCommandBuffer cmd, Pass pass, int frameSlot = 0);

    // GPU time of the slot's last prepare() (the terrain compute passes) in milliseconds, once
    // the frame has completed; nothing without terrain or GPU timestamps.
    std::optional<double> computeMilliseconds(int frameSlot = 0) const;

    // The world's water waves: world_wave and SYSTEM.INI's tick rate (what LookSettings::wave
    // falls back to, and where the explorer's sliders start).
    const sim::WaveSettings& worldWave() const;

    // Whether the scene's terrain is drawn from the grid with the compute passes (waves, normals
    // per frame). False without terrain, and for a terrain whose grid could not be built (a
    // material missing for a texture the grid uses): that terrain is drawn as a static mesh.
    bool terrainComputed() const;

    // The far plane of the look for these settings (SYSTEM.INI's, times the view distance): where
    // a default camera must stay inside, and how fast the explorer flies.
    double farPlane(const LookSettings& settings) const;

    // The colour the caller should clear to (the world's fog or sky colour), RGBA 0..1.
    std::array<float, 4> clearColor(const LookSettings& settings) const;

    // The world's PVO and id table (the scene's environment; empty without a PVO), for the
    // explorer's cell view.
    const sim::PvoCulling& pvoCulling() const;

    // Whether the meshes go out as one multi-draw indirect call per pipeline (the option, and the
    // device has it).
    bool multiDraw() const;

    // Wall time the constructor spent creating the Glide pipelines (part of the upload; a driver
    // may compile shaders later, at the first draw).
    double pipelineMilliseconds() const;

    // Bytes of the resident 3DC frames beyond frame 0 (every frame an actor can show).
    std::uint64_t animationBytes() const;

private:
    struct Impl;
    std::unique_ptr<Impl> impl_;
};

} // namespace rgx::renderer
