#pragma once
// The software look: a scene::Scene drawn on the CPU into an 8-bit frame (palette indices and
// depth), as REDGUARD.EXE's renderer drew it (docs/software.md). The same scene as the Glide path
// (terrain with the same water waves, statics, actors, flats as billboards, PVO + frustum culling
// decided by renderer/culling/culling.h, lit by renderer/lighting/world_lighting.h), shaded and hazed
// through the world palette's tables, rasterized in row bands on every core. No Vulkan: it is also
// rgx's renderer where no Vulkan device exists.
//
// Deterministic: the same scene, camera, time and options give the same bytes, for any thread
// count (bands never share a row, and every band draws the triangles in one order).

#include "loaders/redguard/col.h"
#include "loaders/redguard/system_ini.h"
#include "renderer/lighting/world_lighting.h"
#include "renderer/look_renderer.h"
#include "renderer/profile/frame_profile.h"
#include "renderer/soft/palette_tables.h"
#include "renderer/soft/raster.h"
#include "renderer/soft/soft_frame.h"
#include "renderer/world/prepared_world.h"
#include "scene/scene_graph.h"
#include "sim/scene_animation.h"
#include "sim/water.h"
#include "view/camera.h"

#include <array>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace rgx::renderer::soft {

// PerspectiveMode::Extents, the hypothesis: perspective_<detail>_x is a distance in engine units
// (like the planes); a triangle with a vertex nearer than it is corrected
// every 16 pixels, a farther one drawn affine. <detail> is game_detail (0 low, 1 medium, 2 high,
// 3 ultra; others: high). The _y extents equal the _x ones in the shipped file and are not used.
std::int64_t perspectiveExtent(const loaders::SystemIni& system);

// What one frame cost and did (the explorer's overlay, rgx render).
struct SoftFrameStats {
    FrameStats counts;           // objects and culling, as the Glide path counts them
    double setupMs = 0;          // culling, water, vertex transform, lighting, clipping
    double rasterMs = 0;         // rasterization, shading, blending (all bands)
    std::vector<double> bandMs;  // per band (top to bottom): its rasterization on its thread
    std::uint64_t triangles = 0; // after clipping, handed to the rasterizer
    std::uint64_t pixels = 0;    // written (depth test and colour key passed)
    double resolveMs = 0;        // render(): the bands' colours, summed over the bands over the threads
    int threads = 1;
};

// soft.setup, soft.raster, and the bands' soft.bandMedian and soft.bandMax.
void addSoftTimes(FrameTimings& timings, const SoftFrameStats& stats);

class SoftRenderer : public LookRenderer {
public:
    // Prepares the world once for this look (textures as palette indices, shade, haze and
    // RGB-to-index tables built from the world palette). `world` (and its scene) must outlive this.
    explicit SoftRenderer(const PreparedWorld& world);
    ~SoftRenderer() override;
    SoftRenderer(const SoftRenderer&) = delete;
    SoftRenderer& operator=(const SoftRenderer&) = delete;

    // Draws one frame into `frame` (resized to the request's size, cleared to clearIndex()): the
    // look's own 8-bit frame, indices and depth; the rasterizer as request.settings.soft says.
    SoftFrameStats draw(IndexedFrame& frame, const FrameRequest& request);

    // LookRenderer: draw() into the renderer's own frame, then its colours through the palette
    // (into request.into when given, else the picture with the indices), the palette and, when
    // asked, the depth. Timings: soft.setup, soft.raster,
    // soft.bandMedian, soft.bandMax, soft.resolve.
    LookFrame render(const FrameRequest& request) override;
    LookInfo info() const override;

    const loaders::Palette256& palette() const; // the world palette: the frame's colours
    std::uint8_t clearIndex() const;            // the background: the Glide clear colour's nearest index

private:
    // draw(), with each band's colours written into rgba (the frame's size, in `order`) when
    // not null.
    SoftFrameStats drawFrame(IndexedFrame& frame, const FrameRequest& request, std::uint8_t* rgba,
                             PixelOrder order);

    struct Impl;
    std::unique_ptr<Impl> impl_;
};

// The frame's colours: RGBA8 through the palette (opaque), rows top to bottom, into rgba (resized
// to the frame). Upscaling and placing a picture in a window are the caller's
// (app/commands/look_output.h upscalePicture, app/explore/explore_software.h composePicture).
// (render() resolves each band as soon as it is drawn.)
void resolveRgba(const IndexedFrame& frame, const loaders::Palette256& palette,
                 std::vector<std::uint8_t>& rgba);

} // namespace rgx::renderer::soft
