#pragma once
// The explorer's frame: the scene is drawn with dynamic rendering into an RGBA8 + D32 offscreen
// target (the formats SceneRenderer and `rgx render` use), blitted into the acquired swapchain
// image, and the ImGui overlay is drawn over it in its own render pass. Screenshots read back the
// offscreen target: the scene exactly as `rgx render` would write it, without the overlay.
// Two frames in flight; the swapchain is recreated on resize, out-of-date and vsync changes.

#include "renderer/window/imgui_layer.h"
#include "renderer/vk/offscreen.h"
#include "renderer/vk/resources.h"
#include "renderer/vk/rgba8_image.h"
#include "renderer/scene_renderer.h"
#include "renderer/window/swapchain.h"
#include "renderer/window/window.h"

#include <array>
#include <functional>

namespace rgx::renderer {

inline constexpr int kExploreFramesInFlight = 2;
// Each frame in flight draws the scene with its own SceneRenderer frame slot.
static_assert(kExploreFramesInFlight <= SceneRenderer::kFramesInFlight);

struct ExploreFrameSlot {
    VkCommandBuffer cmd = VK_NULL_HANDLE;
    VkFence fence = VK_NULL_HANDLE;        // signalled when the slot's last submission finished
    VkSemaphore acquired = VK_NULL_HANDLE; // the swapchain image is ready
};

struct Presenter {
    Window* window = nullptr;
    Swapchain swapchain;
    ImGuiLayer ui;
    OffscreenTarget target;
    std::vector<VkSemaphore> rendered; // per swapchain image: its commands finished, present may go
    std::array<ExploreFrameSlot, kExploreFramesInFlight> slots{};
    int slot = 0;
    bool vsync = true;
    bool recreate = false;  // out of date, suboptimal, resized or vsync changed
    bool drewFrame = false; // the offscreen target holds a finished frame (screenshots)
    // Overlay capture: when set, the next presented frame (scene + overlay) is also copied here.
    bool captureOverlay = false;
    Buffer overlayBuffer; // host-visible, grown on demand
    VkExtent2D overlayExtent{};
    VkFence overlayFence = VK_NULL_HANDLE; // the frame that copied into overlayBuffer
};

// The scene's part of a frame, slot 0..kExploreFramesInFlight-1 (its previous frame has
// completed): `prepare` records the work that must precede rendering (the terrain compute),
// `draw` records the scene into the target inside dynamic rendering, viewport and scissor set.
struct DrawScene {
    std::function<void(VkCommandBuffer cmd, int slot)> prepare;
    std::function<void(VkCommandBuffer cmd, VkExtent2D extent, int slot)> draw;
};

void createPresenter(const VulkanContext& context, Window& window, Presenter& presenter);
void destroyPresenter(const VulkanContext& context, Presenter& presenter);

// Renders and presents one frame (ending the ImGui frame begun with beginImGuiFrame). Returns
// false when nothing was presented (minimised window, or the swapchain had to be recreated).
bool presentFrame(const VulkanContext& context, Presenter& presenter,
                  const std::array<float, 4>& clear, const DrawScene& drawScene);

// The scene part of the last presented frame, read back (waits for the device).
Rgba8Image readLastFrame(const VulkanContext& context, Presenter& presenter);

// The whole last frame as presented, overlay included: set captureOverlay before presentFrame,
// then call this (waits for that frame). Throws when no frame was captured.
Rgba8Image readOverlayFrame(const VulkanContext& context, Presenter& presenter);

} // namespace rgx::renderer
