#pragma once
// The window's swapchain: B8G8R8A8/R8G8B8A8 UNORM images (so a frame blitted from the RGBA8
// UNORM scene target keeps the exact values `rgx render` writes), usable as blit destinations and
// colour attachments (and copy sources where the surface allows). vsync picks FIFO; without it MAILBOX, else
// IMMEDIATE, else FIFO.

#include "renderer/vk/context.h"

#include <vector>

namespace rgx::renderer {

struct Swapchain {
    VkSwapchainKHR swapchain = VK_NULL_HANDLE;
    VkFormat format = VK_FORMAT_UNDEFINED;
    VkExtent2D extent{};
    VkPresentModeKHR presentMode = VK_PRESENT_MODE_FIFO_KHR;
    bool transferSource = false; // images can be copied out (overlay screenshots)
    std::vector<VkImage> images;
    std::vector<VkImageView> views;
};

// The present mode for the vsync setting among those the surface offers.
VkPresentModeKHR choosePresentMode(const std::vector<VkPresentModeKHR>& available, bool vsync);
const char* presentModeName(VkPresentModeKHR mode);

// Creates a swapchain for the surface at `wanted` (clamped to the surface's limits), replacing
// `old` (which the caller destroys afterwards) when given.
Swapchain createSwapchain(const VulkanContext& context, VkSurfaceKHR surface, VkExtent2D wanted, bool vsync,
                          VkSwapchainKHR old = VK_NULL_HANDLE);
void destroySwapchain(const VulkanContext& context, Swapchain& swapchain);

} // namespace rgx::renderer
