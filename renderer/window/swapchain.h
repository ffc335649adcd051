#pragma once
// The window's swapchain: B8G8R8A8/R8G8B8A8 UNORM images (so a frame blitted from the RGBA8
// UNORM scene target keeps the exact values `rgx render` writes), usable as blit destinations and
// colour attachments (and copy sources where the surface allows). vsync picks FIFO; without it MAILBOX, else
// IMMEDIATE, else FIFO.

#include "renderer/vk/context.h"

#include <vector>

namespace rgx::renderer {

// Owns the swapchain and its image views (the views go first); move-only.
struct Swapchain {
    Unique<VkSwapchainKHR> swapchain;
    VkFormat format = VK_FORMAT_UNDEFINED;
    VkExtent2D extent{};
    VkPresentModeKHR presentMode = VK_PRESENT_MODE_FIFO_KHR;
    bool transferSource = false; // images can be copied out (overlay screenshots)
    std::vector<VkImage> images; // owned by the swapchain
    std::vector<Unique<VkImageView>> views;
};

// The present mode for the vsync setting among those the surface offers.
VkPresentModeKHR choosePresentMode(const std::vector<VkPresentModeKHR>& available, bool vsync);
const char* presentModeName(VkPresentModeKHR mode);

// Creates a swapchain for the surface at `wanted` (clamped to the surface's limits), replacing
// `old` (which the caller destroys afterwards) when given.
Swapchain createSwapchain(const VulkanContext& context, VkSurfaceKHR surface, VkExtent2D wanted, bool vsync,
                          VkSwapchainKHR old = VK_NULL_HANDLE);

} // namespace rgx::renderer
