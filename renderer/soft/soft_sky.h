#pragma once
// The software look's sky (renderer/sky/sky.h): the same layers and mapping as the Glide look,
// nearest texel, drawn through the world palette into the pixels no opaque triangle covered,
// before the translucent ones blend over them. Internal to renderer/soft/.

#include "loaders/redguard/col.h"
#include "renderer/sky/sky.h"
#include "renderer/soft/soft_frame.h"
#include "scene/scene_graph.h"
#include "view/camera.h"

#include <array>
#include <cstdint>

namespace rgx::renderer::soft::detail {

struct PreparedSky {
    SkyLook look;
    // Per layer (SkyLayer), each image index as a world palette index: the same index where the
    // layer's colour is the world's, else the nearest; the sun's colours tinted first.
    std::array<std::array<std::uint8_t, 256>, static_cast<std::size_t>(SkyLayer::Count)> remap{};
};
PreparedSky prepareSky(const SkyLook& look, const loaders::Palette256& world);

// One frame's sky: what prepareSky made, the layers on, and the rays of this camera and size.
struct SkyFrame {
    const PreparedSky* sky = nullptr;
    SkyLayers layers;
    SkyRays rays;
    double cloudScroll = 0; // cloudScroll at the frame's time
    int width = 1, height = 1;
    bool active() const { return sky && (layers.panorama || layers.clouds || layers.sun); }
};
SkyFrame skyFrame(const PreparedSky& sky, const view::Camera& camera, int width, int height,
                  double timeSeconds, const LayerToggles& layers);

// Writes the sky into the pixels of rows [y0, y1) whose depth is still the clear value (1):
// nothing opaque covers them. Pixels where every layer is transparent keep the fill.
// Returns the pixels written.
std::uint64_t fillSky(const SkyFrame& sky, IndexedFrame& frame, int y0, int y1);

} // namespace rgx::renderer::soft::detail
