#include "renderer/window/swapchain.h"

#include "base/error.h"
#include "renderer/vk/vk_check.h"

#include <algorithm>

namespace rgx::renderer {

namespace {

VkSurfaceFormatKHR chooseFormat(const VulkanContext& context, VkSurfaceKHR surface) {
    std::uint32_t count = 0;
    VK_CHECK(vkGetPhysicalDeviceSurfaceFormatsKHR(context.device.physical, surface, &count, nullptr));
    std::vector<VkSurfaceFormatKHR> formats(count);
    VK_CHECK(vkGetPhysicalDeviceSurfaceFormatsKHR(context.device.physical, surface, &count, formats.data()));
    formats.resize(count);
    for (VkFormat wanted : {VK_FORMAT_B8G8R8A8_UNORM, VK_FORMAT_R8G8B8A8_UNORM})
        for (const VkSurfaceFormatKHR& f : formats)
            if (f.format == wanted && f.colorSpace == VK_COLOR_SPACE_SRGB_NONLINEAR_KHR) return f;
    throw Error("<vulkan>", Error::kNoOffset, "", "the surface offers no B8G8R8A8 or R8G8B8A8 UNORM format");
}

std::vector<VkPresentModeKHR> presentModes(const VulkanContext& context, VkSurfaceKHR surface) {
    std::uint32_t count = 0;
    VK_CHECK(vkGetPhysicalDeviceSurfacePresentModesKHR(context.device.physical, surface, &count, nullptr));
    std::vector<VkPresentModeKHR> modes(count);
    VK_CHECK(
        vkGetPhysicalDeviceSurfacePresentModesKHR(context.device.physical, surface, &count, modes.data()));
    modes.resize(count);
    return modes;
}

} // namespace

VkPresentModeKHR choosePresentMode(const std::vector<VkPresentModeKHR>& available, bool vsync) {
    if (!vsync)
        for (VkPresentModeKHR wanted : {VK_PRESENT_MODE_MAILBOX_KHR, VK_PRESENT_MODE_IMMEDIATE_KHR})
            if (std::find(available.begin(), available.end(), wanted) != available.end()) return wanted;
    return VK_PRESENT_MODE_FIFO_KHR; // always supported
}

const char* presentModeName(VkPresentModeKHR mode) {
    switch (mode) {
    case VK_PRESENT_MODE_FIFO_KHR:
        return "FIFO";
    case VK_PRESENT_MODE_MAILBOX_KHR:
        return "MAILBOX";
    case VK_PRESENT_MODE_IMMEDIATE_KHR:
        return "IMMEDIATE";
    case VK_PRESENT_MODE_FIFO_RELAXED_KHR:
        return "FIFO_RELAXED";
    default:
        return "other";
    }
}

Swapchain createSwapchain(const VulkanContext& context, VkSurfaceKHR surface, VkExtent2D wanted, bool vsync,
                          VkSwapchainKHR old) {
    VkSurfaceCapabilitiesKHR caps{};
    VK_CHECK(vkGetPhysicalDeviceSurfaceCapabilitiesKHR(context.device.physical, surface, &caps));
    VkImageUsageFlags usage = VK_IMAGE_USAGE_COLOR_ATTACHMENT_BIT | VK_IMAGE_USAGE_TRANSFER_DST_BIT;
    if ((caps.supportedUsageFlags & usage) != usage)
        throw Error("<vulkan>", Error::kNoOffset, "", "swapchain images cannot be blit destinations");
    if (caps.supportedUsageFlags & VK_IMAGE_USAGE_TRANSFER_SRC_BIT) usage |= VK_IMAGE_USAGE_TRANSFER_SRC_BIT;

    const VkSurfaceFormatKHR format = chooseFormat(context, surface);
    Swapchain result;
    result.transferSource = (usage & VK_IMAGE_USAGE_TRANSFER_SRC_BIT) != 0;
    result.format = format.format;
    result.presentMode = choosePresentMode(presentModes(context, surface), vsync);
    if (caps.currentExtent.width != 0xFFFFFFFFu) {
        result.extent = caps.currentExtent;
    } else {
        result.extent.width = std::clamp(wanted.width, caps.minImageExtent.width, caps.maxImageExtent.width);
        result.extent.height =
            std::clamp(wanted.height, caps.minImageExtent.height, caps.maxImageExtent.height);
    }
    std::uint32_t imageCount = std::max(caps.minImageCount + 1, 3u);
    if (caps.maxImageCount != 0) imageCount = std::min(imageCount, caps.maxImageCount);

    auto info = vkInit<VkSwapchainCreateInfoKHR>(VK_STRUCTURE_TYPE_SWAPCHAIN_CREATE_INFO_KHR);
    info.surface = surface;
    info.minImageCount = imageCount;
    info.imageFormat = format.format;
    info.imageColorSpace = format.colorSpace;
    info.imageExtent = result.extent;
    info.imageArrayLayers = 1;
    info.imageUsage = usage;
    info.imageSharingMode = VK_SHARING_MODE_EXCLUSIVE;
    info.preTransform = caps.currentTransform;
    info.compositeAlpha = (caps.supportedCompositeAlpha & VK_COMPOSITE_ALPHA_OPAQUE_BIT_KHR)
                              ? VK_COMPOSITE_ALPHA_OPAQUE_BIT_KHR
                              : static_cast<VkCompositeAlphaFlagBitsKHR>(caps.supportedCompositeAlpha &
                                                                         -caps.supportedCompositeAlpha);
    info.presentMode = result.presentMode;
    info.clipped = VK_TRUE;
    info.oldSwapchain = old;
    result.swapchain = create(context.vk(), vkCreateSwapchainKHR, info, "vkCreateSwapchainKHR");

    std::uint32_t count = 0;
    VK_CHECK(vkGetSwapchainImagesKHR(context.vk(), result.swapchain, &count, nullptr));
    result.images.resize(count);
    VK_CHECK(vkGetSwapchainImagesKHR(context.vk(), result.swapchain, &count, result.images.data()));
    for (VkImage image : result.images) {
        auto view = vkInit<VkImageViewCreateInfo>(VK_STRUCTURE_TYPE_IMAGE_VIEW_CREATE_INFO);
        view.image = image;
        view.viewType = VK_IMAGE_VIEW_TYPE_2D;
        view.format = result.format;
        view.subresourceRange = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 1, 0, 1};
        result.views.push_back(create(context.vk(), vkCreateImageView, view, "vkCreateImageView"));
    }
    return result;
}

} // namespace rgx::renderer
