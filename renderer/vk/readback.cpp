#include "renderer/vk/readback.h"

#include "base/error.h"

#include <cstring>
#include <string>

namespace rgx::renderer {

namespace {

// Copies the whole image (one aspect, tightly packed texels of texelSize bytes) into out.
void copyToHost(const VulkanContext& context, const Image& image, const ImageState& state,
                VkImageAspectFlags aspect, VkDeviceSize texelSize, void* out) {
    const VkDeviceSize size = VkDeviceSize{image.extent.width} * image.extent.height * texelSize;
    Buffer readback =
        createBuffer(context, size, VK_BUFFER_USAGE_TRANSFER_DST_BIT,
                     VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT | VK_MEMORY_PROPERTY_HOST_COHERENT_BIT);
    submitOneShot(context, [&](VkCommandBuffer cmd) {
        imageBarrier(cmd, image.image, aspect, state, kColorAfterReadback);
        VkBufferImageCopy region{};
        region.bufferOffset = 0;
        region.bufferRowLength = 0; // tightly packed
        region.imageSubresource = {aspect, 0, 0, 1};
        region.imageExtent = {image.extent.width, image.extent.height, 1};
        vkCmdCopyImageToBuffer(cmd, image.image, VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL, readback.buffer, 1,
                               &region);
        memoryBarrier(cmd, VK_PIPELINE_STAGE_2_COPY_BIT, VK_ACCESS_2_TRANSFER_WRITE_BIT,
                      VK_PIPELINE_STAGE_2_HOST_BIT, VK_ACCESS_2_HOST_READ_BIT);
    });
    std::memcpy(out, readback.mapped, size);
}

} // namespace

Rgba8Image readbackRgba8(const VulkanContext& context, const Image& image, const ImageState& state) {
    if (image.format != VK_FORMAT_R8G8B8A8_UNORM && image.format != VK_FORMAT_R8G8B8A8_SRGB) {
        throw Error("<vulkan>", Error::kNoOffset, "readbackRgba8",
                    "image format " + std::to_string(image.format) + " is not RGBA8");
    }
    Rgba8Image out;
    out.width = image.extent.width;
    out.height = image.extent.height;
    out.pixels.resize(std::size_t{out.width} * out.height * 4);
    copyToHost(context, image, state, VK_IMAGE_ASPECT_COLOR_BIT, 4, out.pixels.data());
    return out;
}

std::vector<float> readbackDepth32(const VulkanContext& context, const Image& image,
                                   const ImageState& state) {
    if (image.format != VK_FORMAT_D32_SFLOAT) {
        throw Error("<vulkan>", Error::kNoOffset, "readbackDepth32",
                    "image format " + std::to_string(image.format) + " is not D32_SFLOAT");
    }
    std::vector<float> out(std::size_t{image.extent.width} * image.extent.height);
    copyToHost(context, image, state, VK_IMAGE_ASPECT_DEPTH_BIT, 4, out.data());
    return out;
}

} // namespace rgx::renderer
