#pragma once
// synchronization2 barriers: the few shapes the renderer records, spelled out once.

#include "renderer/vk/vulkan.h"

namespace rgx::renderer {

// Where an image was last used: the layout it is in and the stage/access that touched it.
struct ImageState {
    VkImageLayout layout = VK_IMAGE_LAYOUT_UNDEFINED;
    VkPipelineStageFlags2 stage = VK_PIPELINE_STAGE_2_NONE;
    VkAccessFlags2 access = VK_ACCESS_2_NONE;
};

// Moves the whole image (all mips and layers of aspect) from `from` to `to`.
void imageBarrier(VkCommandBuffer cmd, VkImage image, VkImageAspectFlags aspect, const ImageState& from,
                  const ImageState& to);

// A global memory dependency (buffers).
void memoryBarrier(VkCommandBuffer cmd, VkPipelineStageFlags2 srcStage, VkAccessFlags2 srcAccess,
                   VkPipelineStageFlags2 dstStage, VkAccessFlags2 dstAccess);

} // namespace rgx::renderer
