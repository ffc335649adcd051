#pragma once
// Buffers and images on plain vkAllocateMemory (one allocation each: the scenes are small and
// the count stays far below maxMemoryAllocationCount), one-shot command submission and staging
// uploads.

#include "renderer/vk/barriers.h"
#include "renderer/vk/context.h"
#include "renderer/vk/handle.h"

#include <cstddef>
#include <cstdint>
#include <functional>
#include <span>
#include <vector>

namespace rgx::renderer {

// Move-only owners (handle.h): destroyed with their memory when they go out of scope or are
// assigned over (`buffer = {}` frees one early). Members in creation order, destroyed in reverse.
struct Buffer {
    Unique<VkDeviceMemory> memory;
    Unique<VkBuffer> buffer;
    VkDeviceSize size = 0;
    void* mapped = nullptr; // persistently mapped when the memory is host-visible (unmapped by the free)
};

struct Image {
    Unique<VkDeviceMemory> memory;
    Unique<VkImage> image;
    Unique<VkImageView> view;
    VkFormat format = VK_FORMAT_UNDEFINED;
    VkExtent2D extent{};
    VkImageAspectFlags aspect = 0;
};

// Index of a memory type allowed by typeBits with all of `required`; throws rgx::Error when
// there is none.
std::uint32_t findMemoryType(const VkPhysicalDeviceMemoryProperties& memory, std::uint32_t typeBits,
                             VkMemoryPropertyFlags required);

// memory: DEVICE_LOCAL for GPU data, or HOST_VISIBLE | HOST_COHERENT for staging and readback
// (host-visible buffers come back mapped).
Buffer createBuffer(const VulkanContext& context, VkDeviceSize size, VkBufferUsageFlags usage,
                    VkMemoryPropertyFlags memory);

// A 2D image (one mip, one layer, optimal tiling, device-local) with a view of `aspect` when usage
// allows one (view stays VK_NULL_HANDLE for transfer-only images).
Image createImage2D(const VulkanContext& context, VkExtent2D extent, VkFormat format, VkImageUsageFlags usage,
                    VkImageAspectFlags aspect);

// Records commands with `record`, submits them to the context's queue and waits for them.
void submitOneShot(const VulkanContext& context, const std::function<void(VkCommandBuffer)>& record);

// Copies bytes into dst at offset through a staging buffer and waits. The copy is made visible
// to every later command (dst may be used by any stage afterwards).
void uploadBuffer(const VulkanContext& context, const Buffer& dst, std::span<const std::byte> bytes,
                  VkDeviceSize offset = 0);

// Copies tightly packed texels (extent.width * extent.height texels of the image's format, whose
// size per texel is texelSize) into the whole image through a staging buffer and waits. The old
// contents are discarded; the image ends in `after` (e.g. SHADER_READ_ONLY_OPTIMAL for the
// fragment shader).
void uploadImage2D(const VulkanContext& context, const Image& image, std::span<const std::byte> texels,
                   std::uint32_t texelSize, const ImageState& after);

// Reads size bytes at offset of src through a host-visible buffer (waits).
std::vector<std::byte> downloadBuffer(const VulkanContext& context, const Buffer& src, VkDeviceSize offset,
                                      VkDeviceSize size);

} // namespace rgx::renderer
