#include "renderer/scene_view.h"

#include "renderer/vk/vk_check.h"

#include <iostream>

namespace rgx::renderer {

SceneView::~SceneView() {
    if (renderer_ && vkDeviceWaitIdle(context_.vk()) != VK_SUCCESS)
        std::cerr << "rgx explore: vkDeviceWaitIdle failed while closing the scene\n";
}

void SceneView::show(const PreparedWorld& world) {
    auto next = std::make_unique<GlideRenderer>(context_, world);
    VK_CHECK(vkDeviceWaitIdle(context_.vk()));
    renderer_ = std::move(next);
}

} // namespace rgx::renderer
