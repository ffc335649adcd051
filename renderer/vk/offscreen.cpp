#include "renderer/vk/offscreen.h"

#include <algorithm>

namespace rgx::renderer {

OffscreenTarget createOffscreenTarget(const VulkanContext& context, VkExtent2D extent) {
    OffscreenTarget target;
    target.extent = extent;
    target.color = createImage2D(context, extent, kOffscreenColorFormat,
                                 VK_IMAGE_USAGE_COLOR_ATTACHMENT_BIT | VK_IMAGE_USAGE_TRANSFER_SRC_BIT |
                                     VK_IMAGE_USAGE_TRANSFER_DST_BIT | VK_IMAGE_USAGE_SAMPLED_BIT,
                                 VK_IMAGE_ASPECT_COLOR_BIT);
    target.depth =
        createImage2D(context, extent, kOffscreenDepthFormat,
                      VK_IMAGE_USAGE_DEPTH_STENCIL_ATTACHMENT_BIT | VK_IMAGE_USAGE_TRANSFER_SRC_BIT,
                      VK_IMAGE_ASPECT_DEPTH_BIT);
    return target;
}

void beginOffscreenRendering(VkCommandBuffer cmd, const OffscreenTarget& target,
                             const std::array<float, 4>& clearColor, bool keepDepth, std::uint32_t columns) {
    const VkExtent2D area{std::clamp(columns, 1u, std::max(target.extent.width, 1u)), target.extent.height};
    // From UNDEFINED: the old contents are cleared anyway. The source scope still orders the
    // clear after any earlier use (a readback copy, the window's blit, an earlier frame's
    // attachment writes).
    imageBarrier(cmd, target.color.image, VK_IMAGE_ASPECT_COLOR_BIT,
                 {VK_IMAGE_LAYOUT_UNDEFINED,
                  VK_PIPELINE_STAGE_2_COLOR_ATTACHMENT_OUTPUT_BIT | VK_PIPELINE_STAGE_2_ALL_TRANSFER_BIT,
                  VK_ACCESS_2_COLOR_ATTACHMENT_WRITE_BIT},
                 kColorAfterRendering);
    const VkPipelineStageFlags2 depthStages =
        VK_PIPELINE_STAGE_2_EARLY_FRAGMENT_TESTS_BIT | VK_PIPELINE_STAGE_2_LATE_FRAGMENT_TESTS_BIT;
    imageBarrier(
        cmd, target.depth.image, VK_IMAGE_ASPECT_DEPTH_BIT,
        {VK_IMAGE_LAYOUT_UNDEFINED, depthStages | VK_PIPELINE_STAGE_2_COPY_BIT,
         VK_ACCESS_2_DEPTH_STENCIL_ATTACHMENT_WRITE_BIT},
        {VK_IMAGE_LAYOUT_DEPTH_ATTACHMENT_OPTIMAL, depthStages,
         VK_ACCESS_2_DEPTH_STENCIL_ATTACHMENT_READ_BIT | VK_ACCESS_2_DEPTH_STENCIL_ATTACHMENT_WRITE_BIT});

    auto color = vkInit<VkRenderingAttachmentInfo>(VK_STRUCTURE_TYPE_RENDERING_ATTACHMENT_INFO);
    color.imageView = target.color.view;
    color.imageLayout = VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL;
    color.loadOp = VK_ATTACHMENT_LOAD_OP_CLEAR;
    color.storeOp = VK_ATTACHMENT_STORE_OP_STORE;
    color.clearValue.color = {{clearColor[0], clearColor[1], clearColor[2], clearColor[3]}};

    auto depth = vkInit<VkRenderingAttachmentInfo>(VK_STRUCTURE_TYPE_RENDERING_ATTACHMENT_INFO);
    depth.imageView = target.depth.view;
    depth.imageLayout = VK_IMAGE_LAYOUT_DEPTH_ATTACHMENT_OPTIMAL;
    depth.loadOp = VK_ATTACHMENT_LOAD_OP_CLEAR;
    depth.storeOp = keepDepth ? VK_ATTACHMENT_STORE_OP_STORE : VK_ATTACHMENT_STORE_OP_DONT_CARE;
    depth.clearValue.depthStencil = {1.0f, 0};

    auto info = vkInit<VkRenderingInfo>(VK_STRUCTURE_TYPE_RENDERING_INFO);
    info.renderArea = {{0, 0}, area};
    info.layerCount = 1;
    info.colorAttachmentCount = 1;
    info.pColorAttachments = &color;
    info.pDepthAttachment = &depth;
    vkCmdBeginRendering(cmd, &info);

    const VkViewport viewport{
        0.0f, 0.0f, static_cast<float>(target.extent.width), static_cast<float>(target.extent.height),
        0.0f, 1.0f};
    const VkRect2D scissor{{0, 0}, area};
    vkCmdSetViewport(cmd, 0, 1, &viewport);
    vkCmdSetScissor(cmd, 0, 1, &scissor);
}

void endOffscreenRendering(VkCommandBuffer cmd) {
    vkCmdEndRendering(cmd);
}

} // namespace rgx::renderer
