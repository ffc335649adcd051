#pragma once
// One frame of a SceneRenderer into a fresh offscreen target, read back: what `rgx render` and
// the golden-image tests share.

#include "renderer/scene_renderer.h"
#include "renderer/vk/rgba8_image.h"

#include <vector>

namespace rgx::renderer {

// stats, when given, gets the frame's counts and its GPU compute time; depth, when given, the
// depth buffer (readbackDepth32: 0 near, 1 far and where nothing was drawn); poses, the actors'
// (FrameRequest::poses).
Rgba8Image renderToImage(const VulkanContext& context, SceneRenderer& renderer, VkExtent2D extent,
                         const sim::Camera& camera, double timeSeconds, const LookSettings& settings,
                         FrameStats* stats = nullptr, std::vector<float>* depth = nullptr,
                         const std::vector<sim::NodePose>* poses = nullptr);

} // namespace rgx::renderer
