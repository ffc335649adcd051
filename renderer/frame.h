#pragma once
// The one frame path. Every frame rgx draws, offscreen (`rgx render`, tests) or in the window
// (`rgx explore`), is recordFrame: named passes in this order, each recorded in one place.
//
//   Compute   outside rendering: the terrain's heights, water waves and normals (GlideRenderer::beginFrame)
//   Terrain   dynamic rendering begins (colour cleared to the background fill, depth to 1): the
//             land terrain
//   Opaque    opaque meshes
//   Sky       the sky's panorama, clouds and sun (renderer/sky/sky.h) over the fill, only where
//             no opaque geometry is (depth still 1: the depth test rejects the rest before the
//             shader runs), depth untouched; the software look fills the same pixels at the
//             same point
//   Blended   the sea, then alpha-blended meshes (transparent, water render modes)
//   Additive  additive meshes (beams); dynamic rendering ends
//   Software  the software renderer's picture (renderer/soft/, drawn on the CPU) copied over the
//             columns it covers: the right of the divider in the explorer's split view; nothing
//             otherwise (the software view's picture goes straight to the window: Overlay)
//   Overlay   the caller's pass over the finished picture: nothing offscreen; in the window the
//             blit into the swapchain image (in the software view the picture's copy instead:
//             SoftwareLayer::direct) and the ImGui overlay (renderer/window/presenter.h)
//
// A new pass is added here. With RecordRequest::timer, each pass the frame records is timed on the
// GPU (renderer/pass_timer.h); the CPU steps are timed in FrameStats.

#include "renderer/glide/glide_renderer.h"
#include "renderer/pass.h"
#include "renderer/pass_timer.h"
#include "renderer/vk/offscreen.h"

#include <array>
#include <cstdint>
#include <functional>
#include <optional>

namespace rgx::renderer {

// The colour a frame without a scene is cleared to (the explorer before its first world).
inline constexpr std::array<float, 4> kNoSceneClear{0.05f, 0.05f, 0.08f, 1.0f};

// The software renderer's picture for the Software pass: RGBA8 rows of rowLength pixels in a
// host-visible buffer (written before submission), copied over the target's columns
// [firstColumn, width) and rows [0, height) where the buffer has them.
struct SoftwareLayer {
    VkBuffer buffer = VK_NULL_HANDLE;
    std::uint32_t rowLength = 0, rows = 0;
    std::uint32_t firstColumn = 0;
    // The whole frame with no scene, in the window's byte order: the overlay pass copies it
    // straight into the window's image, so nothing is drawn into the target (no clear, no Software
    // pass, no blit).
    bool direct = false;
};

// One frame as the window or an offscreen target records it: the frame's request (its size is
// the target's), and how it is recorded.
struct RecordRequest {
    FrameRequest frame;
    int slot = 0;                          // GlideRenderer frame slot; its previous frame must have completed
    bool keepDepth = true;                 // store the depth image (readback); the window discards it
    std::optional<SoftwareLayer> software; // the Software pass's picture, when there is one
    // GPU timestamps around every pass recorded, in the request's slot (null: none).
    PassTimer* timer = nullptr;
};

// Records one frame of `scene` (null: only the clear) into target with cmd, which is recording
// outside any rendering. The colour image ends in kColorAfterRendering (and the depth image, when
// kept, in kDepthAfterRendering) before `overlay`, when given, records the Overlay pass.
// Returns the frame's counts and CPU times (recordMs: recording, the draws' CPU side left out;
// computeMs is left for the caller: it is known once the GPU is done).
FrameStats recordFrame(VkCommandBuffer cmd, const OffscreenTarget& target, GlideRenderer* scene,
                       const RecordRequest& request,
                       const std::function<void(VkCommandBuffer)>& overlay = {});

} // namespace rgx::renderer
