#include "renderer/readback.h"

#include "loaders/error.h"

#include <cstring>
#include <string>

namespace rgx::renderer {

Rgba8Image readbackRgba8(const VulkanContext& context, const Image& image, const ImageState& state) {
    if (image.format != VK_FORMAT_R8G8B8A8_UNORM && image.format != VK_FORMAT_R8G8B8A8_SRGB) {
        throw Error("<vulkan>", Error::kNoOffset, "readbackRgba8",
                    "image format " + std::to_string(image.format) + " is not RGBA8");
    }
    Rgba8Image out;
    out.width = image.extent.width;
    out.height = image.extent.height;
    const VkDeviceSize size = VkDeviceSize{out.width} * out.height * 4;

    Buffer readback =
        createBuffer(context, size, VK_BUFFER_USAGE_TRANSFER_DST_BIT,
                     VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT | VK_MEMORY_PROPERTY_HOST_COHERENT_BIT);
    try {
        submitOneShot(context, [&](VkCommandBuffer cmd) {
            imageBarrier(cmd, image.image, VK_IMAGE_ASPECT_COLOR_BIT, state, kColorAfterReadback);
            VkBufferImageCopy region{};
            region.bufferOffset = 0;
            region.bufferRowLength = 0; // tightly packed
            region.imageSubresource = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 0, 1};
            region.imageExtent = {out.width, out.height, 1};
            vkCmdCopyImageToBuffer(cmd, image.image, VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL, readback.buffer, 1,
                                   &region);
            memoryBarrier(cmd, VK_PIPELINE_STAGE_2_COPY_BIT, VK_ACCESS_2_TRANSFER_WRITE_BIT,
                          VK_PIPELINE_STAGE_2_HOST_BIT, VK_ACCESS_2_HOST_READ_BIT);
        });
        out.pixels.resize(size);
        std::memcpy(out.pixels.data(), readback.mapped, size);
    } catch (...) {
        destroyBuffer(context, readback);
        throw;
    }
    destroyBuffer(context, readback);
    return out;
}

} // namespace rgx::renderer
