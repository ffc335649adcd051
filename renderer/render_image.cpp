#include "renderer/render_image.h"

#include "renderer/frame.h"
#include "renderer/vk/offscreen.h"
#include "renderer/vk/readback.h"

namespace rgx::renderer {

Rgba8Image renderToImage(const VulkanContext& context, SceneRenderer& renderer, VkExtent2D extent,
                         const sim::Camera& camera, double timeSeconds, const LookSettings& settings,
                         FrameStats* stats, std::vector<float>* depth,
                         const std::vector<sim::NodePose>* poses) {
    const OffscreenTarget target = createOffscreenTarget(context, extent);
    FrameRequest request;
    request.camera = camera;
    request.timeSeconds = timeSeconds;
    request.settings = settings;
    request.poses = poses;
    FrameStats frameStats;
    submitOneShot(context,
                  [&](VkCommandBuffer cmd) { frameStats = recordFrame(cmd, target, &renderer, request); });
    frameStats.computeMs = renderer.computeMilliseconds(0);
    if (stats) *stats = frameStats;
    Rgba8Image image = readbackRgba8(context, target.color, kColorAfterRendering);
    if (depth) *depth = readbackDepth32(context, target.depth, kDepthAfterRendering);
    return image;
}

} // namespace rgx::renderer
