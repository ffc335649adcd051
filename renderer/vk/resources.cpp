#include "renderer/vk/resources.h"

#include "renderer/vk/barriers.h"
#include "renderer/vk/vk_check.h"

#include <cstring>
#include <string>

namespace rgx::renderer {

namespace {

Unique<VkDeviceMemory> allocate(const VulkanContext& context, const VkMemoryRequirements& requirements,
                                VkMemoryPropertyFlags flags) {
    auto info = vkInit<VkMemoryAllocateInfo>(VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_INFO);
    info.allocationSize = requirements.size;
    info.memoryTypeIndex = findMemoryType(context.device.memory, requirements.memoryTypeBits, flags);
    return create(context.vk(), vkAllocateMemory, info, "vkAllocateMemory");
}

} // namespace

std::uint32_t findMemoryType(const VkPhysicalDeviceMemoryProperties& memory, std::uint32_t typeBits,
                             VkMemoryPropertyFlags required) {
    for (std::uint32_t i = 0; i < memory.memoryTypeCount; ++i) {
        if ((typeBits & (1u << i)) && (memory.memoryTypes[i].propertyFlags & required) == required) return i;
    }
    throw Error("<vulkan>", Error::kNoOffset, "memory type",
                "no memory type in mask " + std::to_string(typeBits) + " has property flags " +
                    std::to_string(required));
}

Buffer createBuffer(const VulkanContext& context, VkDeviceSize size, VkBufferUsageFlags usage,
                    VkMemoryPropertyFlags memory) {
    if (size == 0) throw Error("<vulkan>", Error::kNoOffset, "buffer", "zero-sized buffer requested");
    Buffer buffer;
    buffer.size = size;
    auto info = vkInit<VkBufferCreateInfo>(VK_STRUCTURE_TYPE_BUFFER_CREATE_INFO);
    info.size = size;
    info.usage = usage;
    info.sharingMode = VK_SHARING_MODE_EXCLUSIVE;
    buffer.buffer = create(context.vk(), vkCreateBuffer, info, "vkCreateBuffer");
    VkMemoryRequirements requirements;
    vkGetBufferMemoryRequirements(context.vk(), buffer.buffer, &requirements);
    buffer.memory = allocate(context, requirements, memory);
    VK_CHECK(vkBindBufferMemory(context.vk(), buffer.buffer, buffer.memory, 0));
    if (memory & VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT) {
        VK_CHECK(vkMapMemory(context.vk(), buffer.memory, 0, VK_WHOLE_SIZE, 0, &buffer.mapped));
    }
    return buffer;
}

Image createImage2D(const VulkanContext& context, VkExtent2D extent, VkFormat format, VkImageUsageFlags usage,
                    VkImageAspectFlags aspect) {
    if (extent.width == 0 || extent.height == 0) {
        throw Error("<vulkan>", Error::kNoOffset, "image", "zero-sized image requested");
    }
    Image image;
    image.format = format;
    image.extent = extent;
    image.aspect = aspect;

    auto info = vkInit<VkImageCreateInfo>(VK_STRUCTURE_TYPE_IMAGE_CREATE_INFO);
    info.imageType = VK_IMAGE_TYPE_2D;
    info.format = format;
    info.extent = {extent.width, extent.height, 1};
    info.mipLevels = 1;
    info.arrayLayers = 1;
    info.samples = VK_SAMPLE_COUNT_1_BIT;
    info.tiling = VK_IMAGE_TILING_OPTIMAL;
    info.usage = usage;
    info.sharingMode = VK_SHARING_MODE_EXCLUSIVE;
    info.initialLayout = VK_IMAGE_LAYOUT_UNDEFINED;
    image.image = create(context.vk(), vkCreateImage, info, "vkCreateImage");
    VkMemoryRequirements requirements;
    vkGetImageMemoryRequirements(context.vk(), image.image, &requirements);
    image.memory = allocate(context, requirements, VK_MEMORY_PROPERTY_DEVICE_LOCAL_BIT);
    VK_CHECK(vkBindImageMemory(context.vk(), image.image, image.memory, 0));

    // Views are only valid for usages that go through one (not for transfer-only images).
    const VkImageUsageFlags viewUsages =
        VK_IMAGE_USAGE_SAMPLED_BIT | VK_IMAGE_USAGE_STORAGE_BIT | VK_IMAGE_USAGE_COLOR_ATTACHMENT_BIT |
        VK_IMAGE_USAGE_DEPTH_STENCIL_ATTACHMENT_BIT | VK_IMAGE_USAGE_INPUT_ATTACHMENT_BIT;
    if (usage & viewUsages) {
        auto viewInfo = vkInit<VkImageViewCreateInfo>(VK_STRUCTURE_TYPE_IMAGE_VIEW_CREATE_INFO);
        viewInfo.image = image.image;
        viewInfo.viewType = VK_IMAGE_VIEW_TYPE_2D;
        viewInfo.format = format;
        viewInfo.subresourceRange = {aspect, 0, 1, 0, 1};
        image.view = create(context.vk(), vkCreateImageView, viewInfo, "vkCreateImageView");
    }
    return image;
}

void submitOneShot(const VulkanContext& context, const std::function<void(VkCommandBuffer)>& record) {
    // A pool of its own: destroying it frees the command buffer, whatever happens below.
    auto poolInfo = vkInit<VkCommandPoolCreateInfo>(VK_STRUCTURE_TYPE_COMMAND_POOL_CREATE_INFO);
    poolInfo.flags = VK_COMMAND_POOL_CREATE_TRANSIENT_BIT;
    poolInfo.queueFamilyIndex = context.device.queueFamily;
    Unique<VkCommandPool> pool = create(context.vk(), vkCreateCommandPool, poolInfo, "vkCreateCommandPool");
    auto allocInfo = vkInit<VkCommandBufferAllocateInfo>(VK_STRUCTURE_TYPE_COMMAND_BUFFER_ALLOCATE_INFO);
    allocInfo.commandPool = pool;
    allocInfo.level = VK_COMMAND_BUFFER_LEVEL_PRIMARY;
    allocInfo.commandBufferCount = 1;
    VkCommandBuffer cmd = VK_NULL_HANDLE;
    VK_CHECK(vkAllocateCommandBuffers(context.vk(), &allocInfo, &cmd));

    auto begin = vkInit<VkCommandBufferBeginInfo>(VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO);
    begin.flags = VK_COMMAND_BUFFER_USAGE_ONE_TIME_SUBMIT_BIT;
    VK_CHECK(vkBeginCommandBuffer(cmd, &begin));
    record(cmd);
    VK_CHECK(vkEndCommandBuffer(cmd));

    auto fenceInfo = vkInit<VkFenceCreateInfo>(VK_STRUCTURE_TYPE_FENCE_CREATE_INFO);
    Unique<VkFence> fence = create(context.vk(), vkCreateFence, fenceInfo, "vkCreateFence");
    auto cmdInfo = vkInit<VkCommandBufferSubmitInfo>(VK_STRUCTURE_TYPE_COMMAND_BUFFER_SUBMIT_INFO);
    cmdInfo.commandBuffer = cmd;
    auto submit = vkInit<VkSubmitInfo2>(VK_STRUCTURE_TYPE_SUBMIT_INFO_2);
    submit.commandBufferInfoCount = 1;
    submit.pCommandBufferInfos = &cmdInfo;
    VK_CHECK(vkQueueSubmit2(context.device.queue, 1, &submit, fence));
    if (const VkResult waited = vkWaitForFences(context.vk(), 1, fence.address(), VK_TRUE, UINT64_MAX);
        waited != VK_SUCCESS) {
        // The device may still use cmd: free it only once the device is idle; when even that
        // fails (a lost device), leave both to the device's teardown.
        if (vkDeviceWaitIdle(context.vk()) != VK_SUCCESS) {
            pool.release();
            fence.release();
        }
        VK_CHECK(waited);
    }
}

void uploadBuffer(const VulkanContext& context, const Buffer& dst, std::span<const std::byte> bytes,
                  VkDeviceSize offset) {
    if (bytes.empty()) return;
    if (offset > dst.size || bytes.size() > dst.size - offset) {
        throw Error("<vulkan>", offset, "uploadBuffer",
                    std::to_string(bytes.size()) + " bytes do not fit a buffer of " +
                        std::to_string(dst.size));
    }
    Buffer staging = createBuffer(context, bytes.size(), VK_BUFFER_USAGE_TRANSFER_SRC_BIT,
                                  VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT | VK_MEMORY_PROPERTY_HOST_COHERENT_BIT);
    std::memcpy(staging.mapped, bytes.data(), bytes.size());
    submitOneShot(context, [&](VkCommandBuffer cmd) {
        const VkBufferCopy region{0, offset, bytes.size()};
        vkCmdCopyBuffer(cmd, staging.buffer, dst.buffer, 1, &region);
        memoryBarrier(cmd, VK_PIPELINE_STAGE_2_COPY_BIT, VK_ACCESS_2_TRANSFER_WRITE_BIT,
                      VK_PIPELINE_STAGE_2_ALL_COMMANDS_BIT,
                      VK_ACCESS_2_MEMORY_READ_BIT | VK_ACCESS_2_MEMORY_WRITE_BIT);
    });
}

void uploadImage2D(const VulkanContext& context, const Image& image, std::span<const std::byte> texels,
                   std::uint32_t texelSize, const ImageState& after) {
    const std::uint64_t expected = std::uint64_t{image.extent.width} * image.extent.height * texelSize;
    if (texels.size() != expected) {
        throw Error("<vulkan>", Error::kNoOffset, "uploadImage2D",
                    std::to_string(texels.size()) + " bytes given for a " +
                        std::to_string(image.extent.width) + "x" + std::to_string(image.extent.height) +
                        " image of " + std::to_string(texelSize) + "-byte texels");
    }
    Buffer staging = createBuffer(context, texels.size(), VK_BUFFER_USAGE_TRANSFER_SRC_BIT,
                                  VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT | VK_MEMORY_PROPERTY_HOST_COHERENT_BIT);
    std::memcpy(staging.mapped, texels.data(), texels.size());
    submitOneShot(context, [&](VkCommandBuffer cmd) {
        const ImageState transferDst{VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL, VK_PIPELINE_STAGE_2_COPY_BIT,
                                     VK_ACCESS_2_TRANSFER_WRITE_BIT};
        // From UNDEFINED, after whatever used the image before (its contents are replaced).
        imageBarrier(
            cmd, image.image, image.aspect,
            {VK_IMAGE_LAYOUT_UNDEFINED, VK_PIPELINE_STAGE_2_ALL_COMMANDS_BIT, VK_ACCESS_2_MEMORY_WRITE_BIT},
            transferDst);
        VkBufferImageCopy region{};
        region.imageSubresource = {image.aspect, 0, 0, 1};
        region.imageExtent = {image.extent.width, image.extent.height, 1};
        vkCmdCopyBufferToImage(cmd, staging.buffer, image.image, VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL, 1,
                               &region);
        imageBarrier(cmd, image.image, image.aspect, transferDst, after);
    });
}

std::vector<std::byte> downloadBuffer(const VulkanContext& context, const Buffer& src, VkDeviceSize offset,
                                      VkDeviceSize size) {
    if (size == 0) return {};
    if (offset > src.size || size > src.size - offset) {
        throw Error("<vulkan>", offset, "downloadBuffer",
                    std::to_string(size) + " bytes are not inside a buffer of " + std::to_string(src.size));
    }
    Buffer readback =
        createBuffer(context, size, VK_BUFFER_USAGE_TRANSFER_DST_BIT,
                     VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT | VK_MEMORY_PROPERTY_HOST_COHERENT_BIT);
    std::vector<std::byte> out(size);
    submitOneShot(context, [&](VkCommandBuffer cmd) {
        // Earlier submissions may have written src anywhere.
        memoryBarrier(cmd, VK_PIPELINE_STAGE_2_ALL_COMMANDS_BIT, VK_ACCESS_2_MEMORY_WRITE_BIT,
                      VK_PIPELINE_STAGE_2_COPY_BIT, VK_ACCESS_2_TRANSFER_READ_BIT);
        const VkBufferCopy region{offset, 0, size};
        vkCmdCopyBuffer(cmd, src.buffer, readback.buffer, 1, &region);
        memoryBarrier(cmd, VK_PIPELINE_STAGE_2_COPY_BIT, VK_ACCESS_2_TRANSFER_WRITE_BIT,
                      VK_PIPELINE_STAGE_2_HOST_BIT, VK_ACCESS_2_HOST_READ_BIT);
    });
    std::memcpy(out.data(), readback.mapped, size);
    return out;
}

} // namespace rgx::renderer
