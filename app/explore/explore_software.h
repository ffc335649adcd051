#pragma once
// The explorer's software renderer (renderer/soft/): the renderer switch (Glide, software, or a
// split view with the Glide look left of a movable divider and the software look right of it),
// the software resolution (the window's, an integer fraction of it, or the game's 640x480 and
// 320x200 shown with an integer nearest upscale, centred), and the picture handed to the
// presenter's Software pass every frame.

#include "renderer/look/look_settings.h"
#include "renderer/soft/soft_renderer.h"
#include "renderer/window/presenter.h"
#include "scene/scene_graph.h"
#include "sim/camera.h"
#include "sim/scene_animation.h"

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace rgx::app {

enum class RendererView : std::uint8_t { Glide, Software, Split };
enum class SoftResolution : std::uint8_t { Window, Half, Third, Quarter, Vga, Game };

const char* rendererViewName(RendererView view);           // "glide", "software", "split"
const char* softResolutionName(SoftResolution resolution); // "window", "half", ..., "640x480", "320x200"
// Throw rgx::Error naming `what` for an unknown name.
RendererView parseRendererView(const std::string& text, const std::string& what);
SoftResolution parseSoftResolution(const std::string& text, const std::string& what);

struct SoftwareViewSettings {
    RendererView view = RendererView::Glide;
    float split = 0.5f; // the divider, a share of the width from the left
    SoftResolution resolution = SoftResolution::Window;
    renderer::soft::SoftOptions options;
};

// The software frame's size and its integer upscale for a target: the resolution's size (at least
// 1x1) and scale, and where its top-left corner lands (negative: cropped).
struct SoftLayout {
    int width = 1, height = 1, scale = 1, offsetX = 0, offsetY = 0;
};
SoftLayout softLayout(SoftResolution resolution, int targetWidth, int targetHeight);

struct SoftwareViewStats {
    renderer::soft::SoftFrameStats frame;
    double resolveMs = 0; // palette look-up, upscale and composition into the window's picture
    SoftLayout layout;
};

class SoftwareView {
public:
    // Prepares the software renderer for a newly shown scene (throws as SoftRenderer does).
    void show(const scene::Scene& scene);
    bool ready() const { return renderer_ != nullptr; }

    // Draws the frame and composes the picture for a target of targetWidth x targetHeight; null
    // in the Glide view or before a scene is shown. poses: the actors' (sim::SceneAnimation::poses
    // of the shown scene, as the Glide path gets them); null draws them at rest.
    const renderer::SoftwarePicture* draw(const SoftwareViewSettings& settings, std::uint32_t targetWidth,
                                          std::uint32_t targetHeight, const sim::Camera& camera,
                                          double timeSeconds, const renderer::LookSettings& look,
                                          const std::vector<sim::NodePose>* poses = nullptr);
    const std::optional<SoftwareViewStats>& stats() const { return stats_; }

private:
    std::unique_ptr<renderer::soft::SoftRenderer> renderer_;
    renderer::soft::IndexedFrame frame_;
    std::vector<std::uint8_t> rgba_;
    renderer::SoftwarePicture picture_;
    std::optional<SoftwareViewStats> stats_;
};

// Composes the frame through the palette into a width x height RGBA picture (black around it),
// each pixel `layout.scale` times, its top-left at the layout's offset.
void composeSoftware(const renderer::soft::IndexedFrame& frame, const loaders::Palette256& palette,
                     const SoftLayout& layout, int width, int height, std::vector<std::uint8_t>& rgba);

} // namespace rgx::app
