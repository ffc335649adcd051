#pragma once
// The Glide look as the explorer's window draws it: a GlideRenderer over the loaded world, swapped
// for a new one only once the new upload succeeded (a world that fails to load keeps the previous
// one).

#include "renderer/glide/glide_renderer.h"

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

    // Uploads the world, replacing the current one only when the upload succeeded (throws
    // otherwise, keeping the old one). Waits for the device before the old one is destroyed:
    // frames in flight may still read it. The world must outlive its renderer.
    void show(const PreparedWorld& world);

    // The current scene's renderer, null before the first show(); for recordFrame.
    GlideRenderer* renderer() const { return renderer_.get(); }
    bool terrainComputed() const { return renderer_ && renderer_->terrainComputed(); }

private:
    const VulkanContext& context_;
    std::unique_ptr<GlideRenderer> renderer_;
};

} // namespace rgx::renderer
