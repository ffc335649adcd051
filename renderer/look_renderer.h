#pragma once
// The one contract every look keeps: a frame request in (camera, time, size, settings, world
// state), a picture and its figures out. `rgx render`, `rgx bench`, `rgx compare` and the
// explorer's second view are written once over it; a new look is one new class (and a line in
// renderer/looks.cpp's factory), and no app code.
//
// Implementations, each named for its look: GlideRenderer (renderer/glide/glide_renderer.h,
// Vulkan) and soft::SoftRenderer (renderer/soft/soft_renderer.h, the CPU). Each is built from one
// PreparedWorld (renderer/world/prepared_world.h), which must outlive it, and derives nothing of
// it again. No Vulkan here.

#include "loaders/redguard/col.h"
#include "renderer/look_settings.h"
#include "renderer/profile/frame_profile.h"
#include "sim/world_state.h"
#include "view/camera.h"

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace rgx::renderer {

// The byte order of a picture's 4-byte pixels in memory.
enum class PixelOrder : std::uint8_t { Rgba, Bgra };

// Memory the caller owns for a frame's colours: width x height 4-byte pixels, rows top to
// bottom, no padding, in `order`. The explorer hands its upload buffer, in the order of the
// window's images, so the software look's colours reach the screen with no copy on the CPU.
struct PictureTarget {
    std::uint8_t* pixels = nullptr; // null: none (the colours go into LookPicture::rgba)
    PixelOrder order = PixelOrder::Rgba;
};

// Stores `count` RGBA8 pixels at `to` in `order` (alpha as given). `to` may be `rgba` itself; the
// swap is its own inverse, so this also turns BGRA8 back into RGBA8.
inline void storePixels(const std::uint8_t* rgba, std::size_t count, std::uint8_t* to, PixelOrder order) {
    if (order == PixelOrder::Rgba) {
        if (to != rgba) std::copy_n(rgba, count * 4, to);
        return;
    }
    for (std::size_t i = 0; i < count; ++i, rgba += 4, to += 4) {
        const std::uint8_t r = rgba[0], g = rgba[1], b = rgba[2], a = rgba[3];
        to[0] = b;
        to[1] = g;
        to[2] = r;
        to[3] = a;
    }
}

// One frame's inputs, passed once.
struct FrameRequest {
    view::Camera camera;
    double timeSeconds = 0;
    int width = 1, height = 1; // the picture's size in pixels (at least 1x1)
    LookSettings settings;
    const sim::WorldState* world = nullptr; // the frame's world state; null: every node at rest
    bool picture = true; // the picture into memory (a GPU look reads it back); off: figures only
    bool depth = false;  // the depth too (LookPicture::depth)
    // With picture: the colours are written here instead of into LookPicture::rgba, which stays
    // empty, as do its indices (the colours only). Holds at least width x height pixels.
    PictureTarget into;
};

struct LookPicture {
    int width = 0, height = 0;
    std::vector<std::uint8_t> rgba; // RGBA8 rows, top to bottom (empty when not asked for)
    std::vector<float> depth;       // when asked: per pixel 0 near .. 1 far, 1 where nothing was drawn
    // A palette look's frame as drawn: indices into `palette` (written as an indexed PNG).
    std::vector<std::uint8_t> indices;
    std::optional<loaders::Palette256> palette;
};

// A look's own figures, each by name, so that what one look has and another has not (pixels
// written, threads, pipelines, multi-draw) stays out of the shared structs. A name is
// "<look>.<figure>" (the names below); a figure a look does not have is absent, not 0.
struct LookFigures {
    std::vector<std::pair<std::string, double>> values; // in the order they were set

    void set(const std::string& name, double value) { // replaces one already there
        for (auto& [n, v] : values)
            if (n == name) {
                v = value;
                return;
            }
        values.emplace_back(name, value);
    }
    // The figure, or null: a pointer into `values`, good while this LookFigures lives unchanged
    // (keep the LookInfo or LookFrame, not a temporary, to read it).
    const double* find(const std::string& name) const {
        for (const auto& [n, v] : values)
            if (n == name) return &v;
        return nullptr;
    }
};

namespace figure {
// A frame's (LookFrame::figures).
inline constexpr const char* kSoftPixelsWritten = "soft.pixels_written"; // pixels the rasterizer wrote
inline constexpr const char* kSoftThreads = "soft.threads";              // the CPU threads that drew it
// A look's, once made (LookInfo::figures).
inline constexpr const char* kGlidePipelinesMs = "glide.pipelines_ms";     // of prepareMs, making pipelines
inline constexpr const char* kGlidePipelinesMade = "glide.pipelines_made"; // made up front (of 7)
inline constexpr const char* kGlideMultiDraw = "glide.multi_draw"; // 1: one multi-draw call per pipeline
} // namespace figure

struct LookFrame {
    LookPicture picture;
    FrameStats stats;     // counts and the CPU steps' times (computeMs once the GPU is done)
    FrameTimings timings; // the look's figures: gpu.*, cpu.* (renderer/profile/frame_profile.h), soft.*
    std::string detail;   // one line on the look's own figures (rgx render prints it)
    LookFigures figures;  // the look's own figures of this frame (figure::kSoft*)
};

// What a look says about itself once made.
struct LookInfo {
    Look look = Look::Glide;
    double prepareMs = 0; // the constructor: the upload (GPU) or the tables (CPU)
    LookFigures figures;  // the look's own (figure::kGlide*)
    // What the look could not do as asked (said once, after it was made).
    std::vector<std::string> notes;
};

class LookRenderer {
public:
    virtual ~LookRenderer() = default;
    // Draws one frame. Throws on device errors (a GPU look) and std::invalid_argument for a
    // request it cannot draw (a size past the look's limits).
    virtual LookFrame render(const FrameRequest& request) = 0;
    virtual LookInfo info() const = 0;
};

} // namespace rgx::renderer
