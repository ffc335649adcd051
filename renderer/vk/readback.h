#pragma once
// GPU image -> CPU RGBA8, with the barriers that make the last writes visible to the copy.

#include "renderer/vk/barriers.h"
#include "renderer/vk/resources.h"
#include "renderer/vk/rgba8_image.h"

#include <vector>

namespace rgx::renderer {

// Copies an RGBA8 (UNORM or SRGB) colour image to the CPU and waits. `state` is where the image
// was last used (e.g. kColorAfterRendering); it is left in TRANSFER_SRC_OPTIMAL.
Rgba8Image readbackRgba8(const VulkanContext& context, const Image& image, const ImageState& state);

// Copies a D32_SFLOAT depth image to the CPU (row-major, top row first) and waits; like
// readbackRgba8, `state` is where it was last used and it is left in TRANSFER_SRC_OPTIMAL.
std::vector<float> readbackDepth32(const VulkanContext& context, const Image& image, const ImageState& state);

// The state readbackRgba8 and readbackDepth32 leave the image in.
inline constexpr ImageState kColorAfterReadback{VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL,
                                                VK_PIPELINE_STAGE_2_COPY_BIT, VK_ACCESS_2_TRANSFER_READ_BIT};

} // namespace rgx::renderer
