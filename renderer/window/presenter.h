#pragma once
// The explorer's frame: the scene is drawn with dynamic rendering into an RGBA8 + D32 offscreen
// target (the formats GlideRenderer and `rgx render` use), blitted into the acquired swapchain
// image, and the ImGui overlay is drawn over it in its own render pass. Screenshots read back the
// offscreen target: the scene exactly as `rgx render` would write it, without the overlay.
// Two frames in flight; the swapchain is recreated on resize, out-of-date and vsync changes. A
// frame's present waits until presentPending or the next frame's recording, so that the caller can do
// the next frame's CPU work meanwhile.

#include "renderer/frame.h"
#include "renderer/glide/glide_renderer.h"
#include "renderer/vk/offscreen.h"
#include "renderer/vk/resources.h"
#include "renderer/vk/rgba8_image.h"
#include "renderer/window/imgui_layer.h"
#include "renderer/window/swapchain.h"
#include "renderer/window/window.h"

#include <array>
#include <memory>
#include <optional>

namespace rgx::renderer {

inline constexpr int kExploreFramesInFlight = 2;
// Each frame in flight draws the scene with its own GlideRenderer frame slot.
static_assert(kExploreFramesInFlight <= GlideRenderer::kFramesInFlight);

struct ExploreFrameSlot {
    VkCommandBuffer cmd = VK_NULL_HANDLE; // freed with Presenter::commandPool
    Unique<VkFence> fence;                // signalled when the slot's last submission finished
    Unique<VkSemaphore> acquired;         // the swapchain image is ready
};

// A recorded frame's swapchain image and whether its software picture goes straight into it.
struct RecordedFrame {
    std::uint32_t imageIndex = 0;
    bool direct = false;
    std::uint32_t width = 0, height = 0; // the software picture's size (0 x 0: none)
};

// Everything the window's frames need, owned: created for a window, destroyed (after waiting
// for the device) before it. Members in creation order, destroyed in reverse: the overlay before
// the swapchain it draws into, the command buffers' pool last.
struct Presenter {
    Presenter(const VulkanContext& context, Window& window);
    ~Presenter();
    Presenter(const Presenter&) = delete;
    Presenter& operator=(const Presenter&) = delete;

    VkDevice device = VK_NULL_HANDLE;
    Window* window = nullptr;
    Unique<VkCommandPool> commandPool; // the slots' command buffers
    Swapchain swapchain;
    ImGuiLayer ui;
    OffscreenTarget target;
    std::vector<Unique<VkSemaphore>> rendered; // per swapchain image: its commands finished, present may go
    std::array<ExploreFrameSlot, kExploreFramesInFlight> slots{};
    int slot = 0;
    bool vsync = true;
    bool recreate = false;  // out of date, suboptimal, resized or vsync changed
    bool drewFrame = false; // a frame was presented (screenshots)
    // The software buffer that holds the last presented frame, when it went straight to the window
    // (SoftwareLayer::direct: the target does not hold it); -1 otherwise.
    int directBuffer = -1;
    VkExtent2D directExtent{};
    // Overlay capture: when set, the next presented frame (scene + overlay) is also copied here.
    bool captureOverlay = false;
    Buffer overlayBuffer; // host-visible, grown on demand
    // The software renderer's pictures (host-visible, grown on demand), one more than the frames
    // in flight, taken in turn by the frames submitted: the one a frame writes was last read by the
    // frame three before, which was seen to finish when the frame before this one waited for its
    // slot, so writing one never waits for the GPU.
    std::array<Buffer, kExploreFramesInFlight + 1> software{};
    std::uint64_t framesSubmitted = 0;
    VkExtent2D overlayExtent{};
    VkFence overlayFence = VK_NULL_HANDLE; // the frame that copied into overlayBuffer
    // The profiler's figures: every pass of every frame timed on the GPU (per slot), and what
    // recordPresentedFrame and submitPresentedFrame last measured: the GPU times of the last completed frame
    // of the slot it drew (a frame or two behind), and the CPU time of its queue submit, of its present, and
    // of waiting for the slot's fence and acquiring the image.
    std::unique_ptr<PassTimer> timer;
    PassTimes lastPassTimes;
    double submitMs = 0, presentMs = 0, waitMs = 0;
    // The swapchain image of the last submitted frame while its present is still to come
    // (submitPresentedFrame leaves it to presentPending); -1 when none is.
    int pendingImage = -1;
    // A frame recordPresentedFrame recorded, for submitPresentedFrame.
    std::optional<RecordedFrame> recorded;
};

// The software renderer's picture of a frame (the explorer's software and split views): 4-byte
// pixels in `order`, width x height, shown over the target's columns [firstColumn, width).
struct SoftwarePicture {
    std::uint32_t width = 0, height = 0;
    const std::uint8_t* rgba = nullptr; // softwareUpload's buffer
    std::uint32_t firstColumn = 0;
    PixelOrder order = PixelOrder::Rgba;
};

// The byte order of the window's images. A software picture in this order, of the window's size
// and shown alone, is copied straight into the window's image: no target, no blit.
PixelOrder presentedOrder(const Presenter& presenter);

// The software buffer of the frame recordPresentedFrame records next, grown to
// width x height pixels, for the software picture to be drawn straight into (no GPU reads it any
// more). Good until that frame is submitted.
std::uint8_t* softwareUpload(const VulkanContext& context, Presenter& presenter, std::uint32_t width,
                             std::uint32_t height);

// One frame through the one frame path, in two halves, so that the caller can record the frame's
// commands while its software picture is still being drawn.
//
// recordPresentedFrame presents the frame before if that is pending, then records the frame
// (renderer/frame.h: recordFrame of `scene`, null for none, into the offscreen target, with the
// Overlay pass blitting it into the swapchain image and drawing the ImGui frame begun with
// beginImGuiFrame over it) up to the end of its command buffer. The request's slot and keepDepth
// are the presenter's. Returns false when nothing was recorded (minimised window, or the
// swapchain had to be recreated). stats, when given, gets the frame's counts, and as computeMs
// the GPU compute time of the last completed frame of the same slot. software, when given, is
// copied over the scene by the Software pass, or alone in the window's order and size straight
// into the window's image; its pixels must be softwareUpload's buffer, grown to its size before
// (the recording never grows it: it throws instead, so the buffer does not move under the
// drawing), and of it only the size, column and byte order are read here.
//
// submitPresentedFrame, once the picture's pixels are written (the same picture, or none to show
// the buffer as it is), submits the recorded frame and leaves its present pending: presentPending
// presents it, and so does the next recording before anything else, so a caller can overlap it
// with the CPU work of the next frame (on lavapipe vkQueuePresentKHR waits for the frame's commands
// and then copies the image to the X server). Every recorded frame must be submitted before the
// next is recorded (else it throws).
bool recordPresentedFrame(const VulkanContext& context, Presenter& presenter, GlideRenderer* scene,
                          const FrameRequest& frame, FrameStats* stats = nullptr,
                          const SoftwarePicture* software = nullptr);
void submitPresentedFrame(const VulkanContext& context, Presenter& presenter,
                          const SoftwarePicture* software = nullptr);

// Presents the last submitted frame if its present is still pending; else does nothing. Returns
// false when the swapchain must be recreated (the next recording does that). Uses the queue:
// not at the same time as anything else that does. A frame still pending when the presenter is
// destroyed is never presented (the window is closing).
bool presentPending(const VulkanContext& context, Presenter& presenter);

// The scene part of the last presented frame, read back (waits for the device): the target, or
// the software picture that went straight to the window.
Rgba8Image readLastFrame(const VulkanContext& context, Presenter& presenter);

// The whole last frame as presented, overlay included: set captureOverlay before recordPresentedFrame,
// then call this (waits for that frame). Throws when no frame was captured.
Rgba8Image readOverlayFrame(const VulkanContext& context, Presenter& presenter);

} // namespace rgx::renderer
