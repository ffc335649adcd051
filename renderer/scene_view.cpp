#include "renderer/scene_view.h"

#include "renderer/vk/vk_check.h"

#include <iostream>

namespace rgx::renderer {

SceneView::~SceneView() {
    if (renderer_ && vkDeviceWaitIdle(context_.vk()) != VK_SUCCESS)
        std::cerr << "rgx explore: vkDeviceWaitIdle failed while closing the scene\n";
}

void SceneView::show(const scene::Scene& scene) {
    auto next = std::make_unique<SceneRenderer>(context_, scene);
    VK_CHECK(vkDeviceWaitIdle(context_.vk()));
    renderer_ = std::move(next);
}

void SceneView::prepare(VkCommandBuffer cmd, const sim::Camera& camera, double time,
                        const LookSettings& look, int slot) {
    if (renderer_) renderer_->prepare(cmd, camera, time, look, slot);
}

std::optional<double> SceneView::computeMilliseconds(int slot) const {
    return renderer_ ? renderer_->computeMilliseconds(slot) : std::nullopt;
}

FrameStats SceneView::record(VkCommandBuffer cmd, VkExtent2D extent, const sim::Camera& camera,
                                       double time, const LookSettings& look, int slot) {
    if (!renderer_) return {};
    return renderer_->record(cmd, extent, camera, time, look, slot);
}

std::array<float, 4> SceneView::clearColor(const LookSettings& look) const {
    if (!renderer_) return {0.05f, 0.05f, 0.08f, 1.0f};
    return renderer_->clearColor(look);
}

} // namespace rgx::renderer
