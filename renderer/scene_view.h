#pragma once
// The scene as the explorer draws it: a SceneRenderer over the loaded scene, swapped for a new
// one only once the new upload succeeded (a world that fails to load keeps the previous one).

#include "renderer/scene_renderer.h"

#include <array>
#include <memory>
#include <optional>

namespace rgx::renderer {

class SceneView {
public:
    explicit SceneView(const VulkanContext& context) : context_(context) {}
    ~SceneView();
    SceneView(const SceneView&) = delete;
    SceneView& operator=(const SceneView&) = delete;

    // Uploads scene, replacing the current one only when the upload succeeded (throws otherwise,
    // keeping the old one). Waits for the device before the old one is destroyed: frames in
    // flight may still read it.
    void show(const scene::Scene& scene);

    // The current scene's renderer, null before the first show(); for recordFrame.
    SceneRenderer* renderer() const { return renderer_.get(); }
    bool terrainComputed() const { return renderer_ && renderer_->terrainComputed(); }
    sim::WaveSettings worldWave() const { return renderer_ ? renderer_->worldWave() : sim::WaveSettings{}; }
    // The loaded world's PVO culling (null without a scene).
    const sim::PvoCulling* pvoCulling() const { return renderer_ ? &renderer_->pvoCulling() : nullptr; }

private:
    const VulkanContext& context_;
    std::unique_ptr<SceneRenderer> renderer_;
};

} // namespace rgx::renderer
