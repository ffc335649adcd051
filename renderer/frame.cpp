#include "renderer/frame.h"

#include <algorithm>

namespace rgx::renderer {

FrameStats recordFrame(VkCommandBuffer cmd, const OffscreenTarget& target, GlideRenderer* scene,
                       const RecordRequest& request, const std::function<void(VkCommandBuffer)>& overlay) {
    const auto started = ProfileClock::now();
    double drawsMs = 0; // beginFrame's, counted in its own figures
    PassTimer* timer = request.timer;
    // Each pass's start is marked; its time runs to the next mark (renderer/pass_timer.h).
    const auto mark = [&](Pass pass) {
        if (timer) timer->mark(cmd, request.slot, pass);
    };
    if (timer) timer->beginFrame(cmd, request.slot);

    FrameStats stats;
    // Compute (before rendering begins, made visible to the draws after it), then the CPU side of
    // the draws (uniforms, PVO, frustum, indirect commands) before any of them.
    if (scene) {
        mark(Pass::Compute);
        FrameRequest frame = request.frame;
        frame.width = static_cast<int>(target.extent.width);
        frame.height = static_cast<int>(target.extent.height);
        const auto t = ProfileClock::now();
        stats = scene->beginFrame(cmd, frame, request.slot);
        drawsMs = msSince(t);
    }
    // The clear as rendering begins counts with the Terrain pass, the end of rendering (the
    // attachments' stores) with the Additive pass.
    const SoftwareLayer* layer =
        request.software && request.software->buffer != VK_NULL_HANDLE ? &*request.software : nullptr;
    const bool direct = !scene && layer && layer->direct;
    if (scene) mark(Pass::Terrain);
    // The columns a software picture covers from top to bottom (the split view's right of the
    // divider) are copied over after the scene: the scene is drawn only left of them.
    std::uint32_t sceneColumns = target.extent.width;
    if (layer && layer->rowLength >= target.extent.width && layer->rows >= target.extent.height)
        sceneColumns = layer->firstColumn;
    if (!direct) {
        beginOffscreenRendering(cmd, target, scene ? scene->clearColor() : kNoSceneClear, request.keepDepth,
                                sceneColumns);
        if (scene) {
            for (Pass pass : {Pass::Terrain, Pass::Opaque, Pass::Sky, Pass::Blended, Pass::Additive}) {
                if (pass != Pass::Terrain) mark(pass);
                scene->recordPass(cmd, pass, request.slot);
            }
        }
        endOffscreenRendering(cmd);
    }

    if (layer && !direct) {
        mark(Pass::Software);
        const std::uint32_t width = std::min(target.extent.width, layer->rowLength);
        const std::uint32_t height = std::min(target.extent.height, layer->rows);
        if (layer->firstColumn < width && height > 0) {
            const ImageState copying{VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL, VK_PIPELINE_STAGE_2_COPY_BIT,
                                     VK_ACCESS_2_TRANSFER_WRITE_BIT};
            imageBarrier(cmd, target.color.image, VK_IMAGE_ASPECT_COLOR_BIT, kColorAfterRendering, copying);
            VkBufferImageCopy region{};
            region.bufferOffset = VkDeviceSize{layer->firstColumn} * 4;
            region.bufferRowLength = layer->rowLength;
            region.bufferImageHeight = layer->rows;
            region.imageSubresource = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 0, 1};
            region.imageOffset = {static_cast<std::int32_t>(layer->firstColumn), 0, 0};
            region.imageExtent = {width - layer->firstColumn, height, 1};
            vkCmdCopyBufferToImage(cmd, layer->buffer, target.color.image,
                                   VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL, 1, &region);
            // Back to where rendering leaves it, so what follows (readback, the overlay's blit)
            // starts from one state.
            imageBarrier(cmd, target.color.image, VK_IMAGE_ASPECT_COLOR_BIT, copying, kColorAfterRendering);
        }
    }

    if (overlay) {
        mark(Pass::Overlay);
        overlay(cmd);
    }
    if (timer) timer->endFrame(cmd, request.slot);
    stats.recordMs = msSince(started) - drawsMs;
    return stats;
}

} // namespace rgx::renderer
