#include "renderer/render_image.h"

#include "renderer/frame.h"
#include "renderer/vk/offscreen.h"
#include "renderer/vk/readback.h"

namespace rgx::renderer {

Rgba8Image renderToImage(const VulkanContext& context, SceneRenderer& renderer, VkExtent2D extent,
                         const sim::Camera& camera, double timeSeconds, const LookSettings& settings,
                         FrameStats* stats, std::vector<float>* depth) {
    OffscreenTarget target = createOffscreenTarget(context, extent);
    try {
        FrameStats frameStats;
        FrameRequest request;
        request.camera = camera;
        request.timeSeconds = timeSeconds;
        request.settings = settings;
        submitOneShot(context, [&](VkCommandBuffer cmd) { frameStats = recordFrame(cmd, target, &renderer, request); });
        frameStats.computeMs = renderer.computeMilliseconds(0);
        if (stats) *stats = frameStats;
        Rgba8Image image = readbackRgba8(context, target.color, kColorAfterRendering);
        if (depth) *depth = readbackDepth32(context, target.depth, kDepthAfterRendering);
        destroyOffscreenTarget(context, target);
        return image;
    } catch (...) {
        destroyOffscreenTarget(context, target);
        throw;
    }
}

} // namespace rgx::renderer
