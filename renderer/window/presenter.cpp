#include "renderer/window/presenter.h"

#include "base/error.h"
#include "renderer/vk/readback.h"
#include "renderer/vk/vk_check.h"

#include <imgui.h>

#include <algorithm>
#include <iostream>

namespace rgx::renderer {

namespace {

// Where the target's colour is left by the blit or a screenshot's readback.
constexpr ImageState kColorAfterBlit{VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL,
                                     VK_PIPELINE_STAGE_2_ALL_TRANSFER_BIT, VK_ACCESS_2_TRANSFER_READ_BIT};

void createRenderedSemaphores(const VulkanContext& context, Presenter& p) {
    p.rendered.clear();
    const auto info = vkInit<VkSemaphoreCreateInfo>(VK_STRUCTURE_TYPE_SEMAPHORE_CREATE_INFO);
    for (std::size_t i = 0; i < p.swapchain.images.size(); ++i)
        p.rendered.push_back(create(context.vk(), vkCreateSemaphore, info, "vkCreateSemaphore"));
}

void recreateSwapchain(const VulkanContext& context, Presenter& p, VkExtent2D extent) {
    VK_CHECK(vkDeviceWaitIdle(context.vk()));
    const Swapchain old = std::move(p.swapchain); // retired once the new one exists
    p.swapchain = createSwapchain(context, p.window->surface, extent, p.vsync, old.swapchain);
    // The surface's own extent (X11 reports it live) is the window's size now: taken as the
    // window's, so the size event that follows does not recreate the swapchain a second time.
    *p.window->size = {static_cast<int>(p.swapchain.extent.width),
                       static_cast<int>(p.swapchain.extent.height)};
    recreateImGuiFramebuffers(context, p.ui, p.swapchain);
    createRenderedSemaphores(context, p);
    if (p.target.extent.width != p.swapchain.extent.width ||
        p.target.extent.height != p.swapchain.extent.height) {
        p.target = {};
        p.target = createOffscreenTarget(context, p.swapchain.extent);
        p.drewFrame = false;
    }
    p.recreate = false;
}

// The software buffer the next submitted frame takes.
std::size_t nextSoftwareBuffer(const Presenter& p) {
    return static_cast<std::size_t>(p.framesSubmitted % p.software.size());
}

// The Overlay pass (renderer/frame.h): the finished scene blitted into the swapchain image, the
// ImGui overlay over it, and when asked a copy of the result for an overlay screenshot.
// `direct`: the frame's software buffer is the frame (SoftwareLayer::direct), copied into the image
// instead of the target's blit.
void recordOverlay(VkCommandBuffer cmd, Presenter& p, std::uint32_t imageIndex, bool direct) {
    const VkExtent2D extent = p.target.extent;
    if (!direct)
        imageBarrier(cmd, p.target.color.image, VK_IMAGE_ASPECT_COLOR_BIT, kColorAfterRendering,
                     kColorAfterBlit);
    // The acquire semaphore is waited at the transfer stage, which this barrier chains from.
    const VkImage image = p.swapchain.images[imageIndex];
    imageBarrier(cmd, image, VK_IMAGE_ASPECT_COLOR_BIT,
                 {VK_IMAGE_LAYOUT_UNDEFINED, VK_PIPELINE_STAGE_2_ALL_TRANSFER_BIT, VK_ACCESS_2_NONE},
                 {VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL, VK_PIPELINE_STAGE_2_ALL_TRANSFER_BIT,
                  VK_ACCESS_2_TRANSFER_WRITE_BIT});
    if (direct) {
        VkBufferImageCopy region{};
        region.imageSubresource = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 0, 1};
        region.imageExtent = {p.swapchain.extent.width, p.swapchain.extent.height, 1};
        vkCmdCopyBufferToImage(cmd, p.software[nextSoftwareBuffer(p)].buffer, image,
                               VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL, 1, &region);
    } else {
        VkImageBlit blit{};
        blit.srcSubresource = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 0, 1};
        blit.srcOffsets[1] = {int(extent.width), int(extent.height), 1};
        blit.dstSubresource = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 0, 1};
        blit.dstOffsets[1] = {int(p.swapchain.extent.width), int(p.swapchain.extent.height), 1};
        vkCmdBlitImage(cmd, p.target.color.image, VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL, image,
                       VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL, 1, &blit, VK_FILTER_NEAREST);
    }
    recordImGui(cmd, p.ui, p.swapchain, imageIndex);
    if (p.captureOverlay) {
        // Copy the presentable image out, then hand it back to presentation in the same layout.
        // ALL_COMMANDS: also after the render pass's own transition to PRESENT_SRC.
        const ImageState presentable{VK_IMAGE_LAYOUT_PRESENT_SRC_KHR, VK_PIPELINE_STAGE_2_ALL_COMMANDS_BIT,
                                     VK_ACCESS_2_COLOR_ATTACHMENT_WRITE_BIT};
        const ImageState copying{VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL, VK_PIPELINE_STAGE_2_COPY_BIT,
                                 VK_ACCESS_2_TRANSFER_READ_BIT};
        imageBarrier(cmd, image, VK_IMAGE_ASPECT_COLOR_BIT, presentable, copying);
        VkBufferImageCopy region{};
        region.imageSubresource = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 0, 1};
        region.imageExtent = {p.swapchain.extent.width, p.swapchain.extent.height, 1};
        vkCmdCopyImageToBuffer(cmd, image, VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL, p.overlayBuffer.buffer, 1,
                               &region);
        imageBarrier(cmd, image, VK_IMAGE_ASPECT_COLOR_BIT, copying,
                     {VK_IMAGE_LAYOUT_PRESENT_SRC_KHR, VK_PIPELINE_STAGE_2_NONE, VK_ACCESS_2_NONE});
        memoryBarrier(cmd, VK_PIPELINE_STAGE_2_COPY_BIT, VK_ACCESS_2_TRANSFER_WRITE_BIT,
                      VK_PIPELINE_STAGE_2_HOST_BIT, VK_ACCESS_2_HOST_READ_BIT);
    }
}

} // namespace

Presenter::Presenter(const VulkanContext& context, Window& w) : device(context.vk()), window(&w) {
    auto poolInfo = vkInit<VkCommandPoolCreateInfo>(VK_STRUCTURE_TYPE_COMMAND_POOL_CREATE_INFO);
    poolInfo.flags = VK_COMMAND_POOL_CREATE_RESET_COMMAND_BUFFER_BIT;
    poolInfo.queueFamilyIndex = context.device.queueFamily;
    commandPool = create(device, vkCreateCommandPool, poolInfo, "vkCreateCommandPool");
    timer = std::make_unique<PassTimer>(context, kExploreFramesInFlight);
    swapchain = createSwapchain(context, w.surface, framebufferExtent(w), vsync);
    target = createOffscreenTarget(context, swapchain.extent);
    createRenderedSemaphores(context, *this);
    for (ExploreFrameSlot& s : slots) {
        auto alloc = vkInit<VkCommandBufferAllocateInfo>(VK_STRUCTURE_TYPE_COMMAND_BUFFER_ALLOCATE_INFO);
        alloc.commandPool = commandPool;
        alloc.level = VK_COMMAND_BUFFER_LEVEL_PRIMARY;
        alloc.commandBufferCount = 1;
        VK_CHECK(vkAllocateCommandBuffers(device, &alloc, &s.cmd));
        auto fence = vkInit<VkFenceCreateInfo>(VK_STRUCTURE_TYPE_FENCE_CREATE_INFO);
        fence.flags = VK_FENCE_CREATE_SIGNALED_BIT;
        s.fence = create(device, vkCreateFence, fence, "vkCreateFence");
        const auto sem = vkInit<VkSemaphoreCreateInfo>(VK_STRUCTURE_TYPE_SEMAPHORE_CREATE_INFO);
        s.acquired = create(device, vkCreateSemaphore, sem, "vkCreateSemaphore");
    }
    ui = createImGuiLayer(context, w, swapchain);
}

Presenter::~Presenter() {
    // Frames in flight still use everything below. Teardown must not throw: report and go on.
    if (const VkResult idle = vkDeviceWaitIdle(device); idle != VK_SUCCESS)
        std::cerr << "rgx: vkDeviceWaitIdle while closing the window: " << resultName(idle) << "\n";
}

bool presentPending(const VulkanContext& context, Presenter& p) {
    if (p.pendingImage < 0) return true;
    const auto imageIndex = static_cast<std::uint32_t>(p.pendingImage);
    p.pendingImage = -1;
    auto present = vkInit<VkPresentInfoKHR>(VK_STRUCTURE_TYPE_PRESENT_INFO_KHR);
    present.waitSemaphoreCount = 1;
    present.pWaitSemaphores = p.rendered[imageIndex].address();
    present.swapchainCount = 1;
    present.pSwapchains = p.swapchain.swapchain.address();
    present.pImageIndices = &imageIndex;
    const auto presentStart = ProfileClock::now();
    const VkResult presented = vkQueuePresentKHR(context.device.queue, &present);
    p.presentMs = msSince(presentStart);
    if (presented == VK_ERROR_OUT_OF_DATE_KHR || presented == VK_SUBOPTIMAL_KHR) {
        p.recreate = true;
        return false;
    }
    VK_CHECK(presented);
    return true;
}

bool recordPresentedFrame(const VulkanContext& context, Presenter& p, GlideRenderer* scene,
                          const FrameRequest& frame, FrameStats* stats, const SoftwarePicture* software) {
    if (p.recorded)
        throw Error("<explore>", Error::kNoOffset, "", "the frame recorded before was not submitted");
    // The last frame's image goes to the window before this one is acquired or the swapchain
    // recreated.
    presentPending(context, p);
    const VkExtent2D extent = framebufferExtent(*p.window);
    if (extent.width == 0 || extent.height == 0) { // minimised: nothing to present to
        ImGui::EndFrame();
        return false;
    }
    if (p.recreate || extent.width != p.swapchain.extent.width || extent.height != p.swapchain.extent.height)
        recreateSwapchain(context, p, extent);

    const auto waitStart = ProfileClock::now();
    ExploreFrameSlot& s = p.slots[static_cast<std::size_t>(p.slot)];
    VK_CHECK(vkWaitForFences(context.vk(), 1, s.fence.address(), VK_TRUE, UINT64_MAX));
    std::uint32_t imageIndex = 0;
    const VkResult acquired = vkAcquireNextImageKHR(context.vk(), p.swapchain.swapchain, UINT64_MAX,
                                                    s.acquired, VK_NULL_HANDLE, &imageIndex);
    if (acquired == VK_ERROR_OUT_OF_DATE_KHR) {
        p.recreate = true;
        ImGui::EndFrame();
        return false;
    }
    if (acquired == VK_SUBOPTIMAL_KHR)
        p.recreate = true; // still presentable: draw this one
    else
        VK_CHECK(acquired);

    p.waitMs = msSince(waitStart);
    // The slot's fence was waited: its last frame's pass times are in (read before this frame's
    // are recorded over them).
    p.lastPassTimes = p.timer->read(p.slot);
    VK_CHECK(vkResetFences(context.vk(), 1, s.fence.address()));
    VK_CHECK(vkResetCommandBuffer(s.cmd, 0));
    auto begin = vkInit<VkCommandBufferBeginInfo>(VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO);
    begin.flags = VK_COMMAND_BUFFER_USAGE_ONE_TIME_SUBMIT_BIT;
    VK_CHECK(vkBeginCommandBuffer(s.cmd, &begin));
    if (p.captureOverlay && !p.swapchain.transferSource) p.captureOverlay = false; // cannot copy out
    if (p.captureOverlay) {
        const VkDeviceSize bytes = VkDeviceSize{p.swapchain.extent.width} * p.swapchain.extent.height * 4;
        if (p.overlayBuffer.size < bytes) {
            p.overlayBuffer =
                createBuffer(context, bytes, VK_BUFFER_USAGE_TRANSFER_DST_BIT,
                             VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT | VK_MEMORY_PROPERTY_HOST_COHERENT_BIT);
        }
        p.overlayExtent = p.swapchain.extent;
        p.overlayFence = s.fence;
    }
    // The slot's fence was waited above: its previous frame's compute time is known (read before
    // this frame's compute pass is recorded over the slot's queries).
    const std::optional<double> computeMs = scene ? scene->computeMilliseconds(p.slot) : std::nullopt;
    RecordRequest request;
    request.frame = frame;
    request.slot = p.slot;
    request.keepDepth = false; // only ever read back from the offscreen path
    request.timer = p.timer.get();
    bool direct = false;
    std::uint32_t pictureWidth = 0, pictureHeight = 0;
    if (software && software->rgba && software->width > 0 && software->height > 0) {
        const Buffer& buffer = p.software[nextSoftwareBuffer(p)];
        const VkDeviceSize bytes = VkDeviceSize{software->width} * software->height * 4;
        // The picture may still be being drawn into the buffer: it must be that buffer, already
        // grown (it must not move under the drawing).
        if (software->rgba != buffer.mapped || buffer.size < bytes)
            throw Error(
                "<explore>", Error::kNoOffset, "",
                "the software picture is not in its upload buffer at its size (softwareUpload first)");
        pictureWidth = software->width;
        pictureHeight = software->height;
        direct = !scene && software->firstColumn == 0 && software->width == p.swapchain.extent.width &&
                 software->height == p.swapchain.extent.height && software->order == presentedOrder(p);
        request.software = SoftwareLayer{p.software[nextSoftwareBuffer(p)].buffer, software->width,
                                         software->height, software->firstColumn, direct};
    }
    FrameStats frameStats = recordFrame(s.cmd, p.target, scene, request, [&](VkCommandBuffer cmd) {
        recordOverlay(cmd, p, imageIndex, direct);
    });
    frameStats.computeMs = computeMs;
    if (stats) *stats = frameStats;
    p.captureOverlay = false;
    VK_CHECK(vkEndCommandBuffer(s.cmd));
    p.recorded = RecordedFrame{imageIndex, direct, pictureWidth, pictureHeight};
    return true;
}

void submitPresentedFrame(const VulkanContext& context, Presenter& p, const SoftwarePicture* software) {
    if (!p.recorded) throw Error("<explore>", Error::kNoOffset, "", "no frame was recorded to submit");
    const RecordedFrame recorded = *p.recorded;
    const std::uint32_t imageIndex = recorded.imageIndex;
    const bool direct = recorded.direct;
    p.recorded.reset();
    ExploreFrameSlot& s = p.slots[static_cast<std::size_t>(p.slot)];
    if (software && software->rgba && software->width > 0 && software->height > 0) {
        // The recorded copy reads this buffer at this size: it is not grown here.
        if (software->width != recorded.width || software->height != recorded.height)
            throw Error("<explore>", Error::kNoOffset, "", "the software picture is not the one recorded");
        auto* pixels = static_cast<std::uint8_t*>(p.software[nextSoftwareBuffer(p)].mapped);
        const std::size_t count = std::size_t{software->width} * software->height;
        // The target is RGBA8: a picture in the other order that cannot go straight to the window
        // (the window was resized under it) is put in the target's order first.
        if (!direct && software->order != PixelOrder::Rgba)
            storePixels(pixels, count, pixels, software->order);
    }
    const VkPipelineStageFlags waitStage = VK_PIPELINE_STAGE_TRANSFER_BIT;
    auto submit = vkInit<VkSubmitInfo>(VK_STRUCTURE_TYPE_SUBMIT_INFO);
    submit.waitSemaphoreCount = 1;
    submit.pWaitSemaphores = s.acquired.address();
    submit.pWaitDstStageMask = &waitStage;
    submit.commandBufferCount = 1;
    submit.pCommandBuffers = &s.cmd;
    submit.signalSemaphoreCount = 1;
    submit.pSignalSemaphores = p.rendered[imageIndex].address();
    const auto submitStart = ProfileClock::now();
    VK_CHECK(vkQueueSubmit(context.device.queue, 1, &submit, s.fence));
    p.submitMs = msSince(submitStart);
    p.drewFrame = true;
    p.directBuffer = direct ? static_cast<int>(nextSoftwareBuffer(p)) : -1;
    p.directExtent = p.swapchain.extent;
    ++p.framesSubmitted;
    p.pendingImage = static_cast<int>(imageIndex);
    p.slot = (p.slot + 1) % kExploreFramesInFlight;
}

Rgba8Image readLastFrame(const VulkanContext& context, Presenter& p) {
    if (!p.drewFrame) throw Error("<explore>", Error::kNoOffset, "", "no frame has been drawn yet");
    VK_CHECK(vkDeviceWaitIdle(context.vk()));
    if (p.directBuffer < 0) return readbackRgba8(context, p.target.color, kColorAfterBlit);
    // The picture went straight to the window in its order: back to RGBA8 (the same swap both
    // ways).
    Rgba8Image image;
    image.width = p.directExtent.width;
    image.height = p.directExtent.height;
    image.pixels.resize(std::size_t{image.width} * image.height * 4);
    storePixels(static_cast<const std::uint8_t*>(p.software[static_cast<std::size_t>(p.directBuffer)].mapped),
                std::size_t{image.width} * image.height, image.pixels.data(), presentedOrder(p));
    return image;
}

PixelOrder presentedOrder(const Presenter& p) {
    return p.swapchain.format == VK_FORMAT_B8G8R8A8_UNORM ? PixelOrder::Bgra : PixelOrder::Rgba;
}

std::uint8_t* softwareUpload(const VulkanContext& context, Presenter& p, std::uint32_t width,
                             std::uint32_t height) {
    Buffer& buffer = p.software[nextSoftwareBuffer(p)];
    const VkDeviceSize bytes = VkDeviceSize{std::max(width, 1u)} * std::max(height, 1u) * 4;
    if (buffer.size < bytes)
        buffer = createBuffer(context, bytes, VK_BUFFER_USAGE_TRANSFER_SRC_BIT,
                              VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT | VK_MEMORY_PROPERTY_HOST_COHERENT_BIT);
    return static_cast<std::uint8_t*>(buffer.mapped);
}

} // namespace rgx::renderer

namespace rgx::renderer {

Rgba8Image readOverlayFrame(const VulkanContext& context, Presenter& p) {
    if (p.overlayFence == VK_NULL_HANDLE)
        throw Error("<explore>", Error::kNoOffset, "", "no frame was captured");
    VK_CHECK(vkWaitForFences(context.vk(), 1, &p.overlayFence, VK_TRUE, UINT64_MAX));
    p.overlayFence = VK_NULL_HANDLE;
    Rgba8Image image;
    image.width = p.overlayExtent.width;
    image.height = p.overlayExtent.height;
    image.pixels.resize(std::size_t{image.width} * image.height * 4);
    const auto* src = static_cast<const std::uint8_t*>(p.overlayBuffer.mapped);
    const bool bgra = presentedOrder(p) == PixelOrder::Bgra;
    for (std::size_t i = 0; i < image.pixels.size(); i += 4) {
        image.pixels[i + 0] = src[i + (bgra ? 2 : 0)];
        image.pixels[i + 1] = src[i + 1];
        image.pixels[i + 2] = src[i + (bgra ? 0 : 2)];
        image.pixels[i + 3] = 255; // the swapchain's alpha is not meaningful (opaque composite)
    }
    return image;
}

} // namespace rgx::renderer
