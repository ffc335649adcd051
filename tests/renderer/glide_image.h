#pragma once
// One Glide frame read back as an image, through the look contract (GlideRenderer::render): what
// the golden-image and hand-scene tests compare.

#include "renderer/glide/glide_renderer.h"
#include "renderer/vk/rgba8_image.h"
#include "tests/support/frame_request.h"

#include <vector>

namespace rgx::test {

// stats, when given, gets the frame's counts and its GPU compute time; depth, when given, the
// depth buffer (0 near, 1 far and where nothing was drawn); world, the frame's world state.
inline renderer::Rgba8Image renderToImage(renderer::GlideRenderer& glide, VkExtent2D extent,
                                          const view::Camera& camera, double timeSeconds,
                                          const renderer::LookSettings& settings,
                                          renderer::FrameStats* stats = nullptr,
                                          std::vector<float>* depth = nullptr,
                                          const sim::WorldState* world = nullptr) {
    renderer::FrameRequest request = frameRequest(camera, timeSeconds, static_cast<int>(extent.width),
                                                  static_cast<int>(extent.height), settings, world);
    request.depth = depth != nullptr;
    renderer::LookFrame frame = glide.render(request);
    if (stats) *stats = frame.stats;
    if (depth) *depth = std::move(frame.picture.depth);
    renderer::Rgba8Image image;
    image.width = static_cast<std::uint32_t>(frame.picture.width);
    image.height = static_cast<std::uint32_t>(frame.picture.height);
    image.pixels = std::move(frame.picture.rgba);
    return image;
}

} // namespace rgx::test
