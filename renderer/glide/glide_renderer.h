#pragma once
// The Glide look (Vulkan): a GPU-resident copy of one prepared world, drawn for a frame request.
// As a LookRenderer, render() draws into its own offscreen target and reads the picture back
// (`rgx render`, `rgx bench`, `rgx compare`, the tests). The window (`rgx explore`) records the
// same frame into its swapchain's target instead, through renderer/frame.h's recordFrame, which
// calls beginFrame and recordPass.

#include "renderer/look_renderer.h"
#include "renderer/pass.h"
#include "renderer/vk/context.h"
#include "renderer/world/prepared_world.h"

#include <array>
#include <cstdint>
#include <memory>
#include <optional>

namespace rgx::renderer {

struct GlideOptions {
    VkFormat colorFormat = VK_FORMAT_R8G8B8A8_UNORM;
    VkFormat depthFormat = VK_FORMAT_D32_SFLOAT;
    // Issue each pipeline's mesh draws with one multi-draw indirect call where the device has
    // multiDrawIndirect (Device::multiDrawIndirect); off, or without it: one call per draw. The
    // pictures are the same either way.
    bool multiDraw = true;
};

class GlideRenderer : public LookRenderer {
public:
    // Uploads every mesh, texture and instance of the world's scene once (nothing static is
    // re-uploaded per frame). Throws on Vulkan errors. `world` (and its scene) must outlive this.
    GlideRenderer(const VulkanContext& context, const PreparedWorld& world, const GlideOptions& options = {});
    ~GlideRenderer() override;
    GlideRenderer(const GlideRenderer&) = delete;
    GlideRenderer& operator=(const GlideRenderer&) = delete;

    // LookRenderer: one frame into an offscreen target of the request's size (kept for the next
    // frame of that size), submitted and waited for. Timings: gpu.* per pass where the queue has
    // timestamps, cpu.* (addCpuTimes), cpu.submitWait; stats.computeMs the terrain compute's.
    LookFrame render(const FrameRequest& request) override;
    LookInfo info() const override;

    // Per-frame data goes through buffers owned by a frame slot (0 .. kFramesInFlight-1; others
    // throw std::out_of_range) so a window can have frames in flight; the slot's previous frame
    // must have completed. render() uses slot 0.
    static constexpr int kFramesInFlight = 2;

    // A frame is beginFrame(), then recordPass() for each scene pass in renderer/frame.h's order,
    // with the same slot: recordFrame does exactly that. beginFrame records the frame's compute
    // work into cmd, outside any rendering (the terrain's heights, water waves and normals,
    // renderer/glide/terrain_compute.h), and writes the CPU side of the draws for a target of the
    // request's size into the slot's buffers (uniforms, PVO and frustum culling, the indirect
    // commands); returns the counts.
    FrameStats beginFrame(VkCommandBuffer cmd, const FrameRequest& request, int frameSlot = 0);

    // Records one scene pass (Pass::Sky, Terrain, Opaque, Blended or Additive; others record nothing)
    // of the slot's frame into cmd, which is inside dynamic rendering begun on a target with the
    // options' formats, viewport and scissor set (beginOffscreenRendering).
    void recordPass(VkCommandBuffer cmd, Pass pass, int frameSlot = 0);

    // GPU time of the slot's last terrain compute in milliseconds, once the frame has completed;
    // nothing without terrain or GPU timestamps.
    std::optional<double> computeMilliseconds(int frameSlot = 0) const;

    // Whether the scene's terrain is drawn from the grid with the compute passes (waves, normals
    // per frame). False without terrain, and for a terrain whose grid could not be built (a
    // material missing for a texture the grid uses): that terrain is drawn as a static mesh.
    bool terrainComputed() const;

    // The colour a target is cleared to: the world's background fill, RGBA 0..1.
    std::array<float, 4> clearColor() const;

    // Bytes of the resident 3DC frames beyond frame 0 (every frame an actor can show).
    std::uint64_t animationBytes() const;

private:
    struct Impl;
    std::unique_ptr<Impl> impl_;
};

} // namespace rgx::renderer
