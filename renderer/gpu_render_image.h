#pragma once
// One frame of a SceneRenderer into a fresh offscreen target, read back: what `rgx render` and
// the golden-image tests share.

#include "renderer/rgba8_image.h"
#include "renderer/scene_renderer.h"

namespace rgx::renderer {

Rgba8Image renderToImage(const VulkanContext& context, SceneRenderer& renderer, VkExtent2D extent,
                         const sim::Camera& camera, double timeSeconds, const LookSettings& settings,
                         FrameStats* stats = nullptr);

} // namespace rgx::renderer
