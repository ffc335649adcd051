#include "renderer/frame.h"

namespace rgx::renderer {

FrameStats recordFrame(VkCommandBuffer cmd, const OffscreenTarget& target, SceneRenderer* scene,
                       const FrameRequest& request, const std::function<void(VkCommandBuffer)>& overlay) {
    FrameStats stats;
    // Compute: before rendering begins, made visible to the draws after it.
    if (scene) scene->prepare(cmd, request.camera, request.timeSeconds, request.settings, request.slot);

    // CPU side of the draws (uniforms, PVO, frustum, indirect commands) before any of them.
    if (scene)
        stats = scene->beginFrame(target.extent, request.camera, request.timeSeconds, request.settings,
                                  request.slot);
    beginOffscreenRendering(cmd, target, scene ? scene->clearColor(request.settings) : kNoSceneClear,
                            request.keepDepth);
    if (scene) {
        for (Pass pass : {Pass::Terrain, Pass::Opaque, Pass::Blended, Pass::Additive})
            scene->recordPass(cmd, pass, request.slot);
    }
    endOffscreenRendering(cmd);

    if (overlay) overlay(cmd);
    return stats;
}

} // namespace rgx::renderer
