#pragma once
// An offscreen colour (RGBA8 UNORM) + depth (D32) target drawn with dynamic rendering: headless
// rendering, tests and `rgx render`.

#include "renderer/vk/barriers.h"
#include "renderer/vk/resources.h"

#include <array>
#include <cstdint>

namespace rgx::renderer {

inline constexpr VkFormat kOffscreenColorFormat = VK_FORMAT_R8G8B8A8_UNORM;
inline constexpr VkFormat kOffscreenDepthFormat = VK_FORMAT_D32_SFLOAT;

struct OffscreenTarget {
    Image color; // usage: colour attachment, transfer source (readback) and destination (the
                 // software renderer's picture), sampled
    Image depth; // usage: depth attachment, transfer source (readback)
    VkExtent2D extent{};
};

// The state the colour image is left in by endOffscreenRendering (what readback starts from).
inline constexpr ImageState kColorAfterRendering{VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL,
                                                 VK_PIPELINE_STAGE_2_COLOR_ATTACHMENT_OUTPUT_BIT,
                                                 VK_ACCESS_2_COLOR_ATTACHMENT_WRITE_BIT};

// The state the depth image is left in by endOffscreenRendering (stored, so it can be read back).
inline constexpr ImageState kDepthAfterRendering{VK_IMAGE_LAYOUT_DEPTH_ATTACHMENT_OPTIMAL,
                                                 VK_PIPELINE_STAGE_2_EARLY_FRAGMENT_TESTS_BIT |
                                                     VK_PIPELINE_STAGE_2_LATE_FRAGMENT_TESTS_BIT,
                                                 VK_ACCESS_2_DEPTH_STENCIL_ATTACHMENT_WRITE_BIT};

// Move-only (its images own themselves): `target = {}` frees it early.
OffscreenTarget createOffscreenTarget(const VulkanContext& context, VkExtent2D extent);

// Transitions both images for rendering (discarding their contents, after any earlier
// attachment write, copy or blit of them), begins dynamic rendering with colour cleared to
// clearColor and depth to 1.0, and sets a full-target viewport and scissor. Pipelines drawn
// inside use kOffscreenColorFormat / kOffscreenDepthFormat. keepDepth: store the depth image
// (kDepthAfterRendering, for readback); else its contents are discarded at the end. columns, when
// less than the target's width (at least 1): only columns [0, columns) are cleared and drawn (the
// render area and scissor; the viewport stays the whole target's, so those pixels are the same);
// the rest keep undefined contents for the caller to fill.
void beginOffscreenRendering(VkCommandBuffer cmd, const OffscreenTarget& target,
                             const std::array<float, 4>& clearColor, bool keepDepth = true,
                             std::uint32_t columns = UINT32_MAX);
void endOffscreenRendering(VkCommandBuffer cmd);

} // namespace rgx::renderer
