#pragma once
// The explorer's second look, drawn through the look contract (renderer/look_renderer.h): the
// renderer switch (Glide, software, or a split view with the Glide look left of a movable divider
// and the second look right of it), its resolution (the window's, an integer fraction of it, or
// the game's 640x480 and 320x200 shown with an integer nearest upscale, centred), and the picture
// handed to the presenter's Software pass every frame. The Glide look is drawn natively into the
// window (renderer/scene_view.h); any other look, today the software renderer, draws here.

#include "renderer/look_renderer.h"
#include "renderer/look_settings.h"
#include "renderer/window/presenter.h"
#include "renderer/world/prepared_world.h"
#include "scene/scene_graph.h"
#include "sim/scene_animation.h"
#include "view/camera.h"

#include <cstdint>
#include <memory>
#include <optional>
#include <string>

namespace rgx::app {

// The looks on screen: one look, or two side by side (the split view) with the divider between.
// The explorer draws the Glide look natively and the software look through the contract, so it
// shows {Glide}, {Software} and {Glide | Software}: the renderer switch's glide, software, split.
struct ViewLooks {
    renderer::Look left = renderer::Look::Glide;
    std::optional<renderer::Look> right; // none: the left look fills the window
    float divider = 0.5f;                // where the right look starts, a share of the width

    bool split() const { return right.has_value(); }
    // The software look is drawn (all of the window, or right of the divider).
    bool drawsSoftware() const {
        return left == renderer::Look::Software || right == renderer::Look::Software;
    }
    // The software look alone: the Glide look is not drawn at all.
    bool softwareOnly() const { return left == renderer::Look::Software && !right; }
};

enum class SoftResolution : std::uint8_t { Window, Half, Third, Quarter, Vga, Game };

// The renderer switch's names: "glide", "software", "split".
const char* viewLooksName(const ViewLooks& looks);
const char* softResolutionName(SoftResolution resolution); // "window", "half", ..., "640x480", "320x200"
// Throw rgx::Error naming `what` for an unknown name. The looks come with the default divider.
ViewLooks parseViewLooks(const std::string& text, const std::string& what);
SoftResolution parseSoftResolution(const std::string& text, const std::string& what);

struct SoftwareViewSettings {
    ViewLooks looks;
    SoftResolution resolution = SoftResolution::Window;
    renderer::SoftSettings options; // the software look's rasterizer (LookSettings::soft)
};

// The software frame's size and its integer upscale for a target: the resolution's size (at least
// 1x1) and scale, and where its top-left corner lands (negative: cropped).
struct SoftLayout {
    int width = 1, height = 1, scale = 1, offsetX = 0, offsetY = 0;
};
SoftLayout softLayout(SoftResolution resolution, int targetWidth, int targetHeight);

struct SoftwareViewStats {
    renderer::LookFrame frame; // the look's counts, figures and detail (no picture kept)
    double resolveMs = 0;      // upscale and composition into the window's picture
    SoftLayout layout;
};

class SoftwareView {
public:
    // Makes the look for a newly shown world, which must outlive it (throws as the look's
    // constructor does).
    void show(const renderer::PreparedWorld& world);
    bool ready() const { return renderer_ != nullptr; }

    // Draws the frame (the window's request at the layout's size, with the view's rasterizer
    // settings) and composes the picture for a target of targetWidth x targetHeight into `upload`
    // (that many pixels, in its order: renderer::softwareUpload), at the window's own resolution
    // by drawing it there directly; null in the Glide view, before a world is shown, or without
    // upload memory.
    const renderer::SoftwarePicture* draw(const SoftwareViewSettings& settings, std::uint32_t targetWidth,
                                          std::uint32_t targetHeight, renderer::FrameRequest request,
                                          renderer::PictureTarget upload);
    // What draw() will return for these arguments, without drawing: its size, column and byte
    // order (the explorer records the frame's commands while the picture is drawn).
    std::optional<renderer::SoftwarePicture> picture(const SoftwareViewSettings& settings,
                                                     std::uint32_t targetWidth, std::uint32_t targetHeight,
                                                     renderer::PictureTarget upload) const;
    const std::optional<SoftwareViewStats>& stats() const { return stats_; }

private:
    std::unique_ptr<renderer::LookRenderer> renderer_;
    renderer::SoftwarePicture picture_;
    std::optional<SoftwareViewStats> stats_;
};

// Composes the look's picture into `to`'s width x height pixels in its order (opaque black around
// it), each pixel `layout.scale` times, its top-left at the layout's offset (cropped where it
// reaches past).
void composePicture(const renderer::LookPicture& picture, const SoftLayout& layout, int width, int height,
                    renderer::PictureTarget to);

} // namespace rgx::app
