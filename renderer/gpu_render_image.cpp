#include "renderer/gpu_render_image.h"

#include "renderer/offscreen.h"
#include "renderer/readback.h"

namespace rgx::renderer {

Rgba8Image renderToImage(const VulkanContext& context, SceneRenderer& renderer, VkExtent2D extent,
                         const sim::Camera& camera, double timeSeconds, const LookSettings& settings,
                         FrameStats* stats) {
    OffscreenTarget target = createOffscreenTarget(context, extent);
    try {
        FrameStats frameStats;
        submitOneShot(context, [&](VkCommandBuffer cmd) {
            beginOffscreenRendering(cmd, target, renderer.clearColor(settings));
            frameStats = renderer.record(cmd, extent, camera, timeSeconds, settings, 0);
            endOffscreenRendering(cmd);
        });
        if (stats) *stats = frameStats;
        Rgba8Image image = readbackRgba8(context, target.color, kColorAfterRendering);
        destroyOffscreenTarget(context, target);
        return image;
    } catch (...) {
        destroyOffscreenTarget(context, target);
        throw;
    }
}

} // namespace rgx::renderer
