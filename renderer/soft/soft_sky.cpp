#include "renderer/soft/soft_sky.h"

#include "renderer/soft/palette_tables.h"

#include <algorithm>
#include <cmath>

namespace rgx::renderer::soft::detail {

namespace {

// The layer's colours, tinted, in the world palette: remapPalette's nearest colours, but the same
// index wherever the colour is the world's (a layer drawn in the world palette keeps its indices).
std::array<std::uint8_t, 256> remapTo(const loaders::Palette256& world, const SkyImage& image,
                                      const std::array<float, 3>& tint) {
    const auto tinted = [](std::uint8_t v, float t) {
        return static_cast<std::uint8_t>(std::clamp(std::lround(v * static_cast<double>(t)), 0L, 255L));
    };
    loaders::Palette256 colours{};
    for (std::size_t i = 0; i < colours.size(); ++i) {
        const loaders::ColorRgb c = image.palette[i];
        colours[i] = {tinted(c.r, tint[0]), tinted(c.g, tint[1]), tinted(c.b, tint[2])};
    }
    std::array<std::uint8_t, 256> remap = remapPalette(colours, world);
    for (std::size_t i = 0; i < remap.size(); ++i)
        if (colours[i] == world[i]) remap[i] = static_cast<std::uint8_t>(i);
    return remap;
}

} // namespace

PreparedSky prepareSky(const SkyLook& look, const loaders::Palette256& world) {
    PreparedSky p;
    p.look = look;
    const std::array<float, 3> white{1, 1, 1};
    if (p.look.panorama)
        p.remap[static_cast<std::size_t>(SkyLayer::Panorama)] = remapTo(world, *p.look.panorama, white);
    if (p.look.clouds)
        p.remap[static_cast<std::size_t>(SkyLayer::Clouds)] = remapTo(world, *p.look.clouds, white);
    if (p.look.sun)
        p.remap[static_cast<std::size_t>(SkyLayer::Sun)] = remapTo(world, *p.look.sun, p.look.sunTint);
    return p;
}

SkyFrame skyFrame(const PreparedSky& sky, const view::Camera& camera, int width, int height,
                  double timeSeconds, const LayerToggles& layers) {
    SkyFrame f;
    f.sky = &sky;
    f.layers = skyLayers(sky.look, layers);
    f.rays = skyRays(camera, width, height);
    f.cloudScroll = cloudScroll(sky.look, timeSeconds);
    f.width = width;
    f.height = height;
    return f;
}

// The 4x4 Bayer matrix, 0..15.
constexpr int kCloudDither[4][4] = {{0, 8, 2, 10}, {12, 4, 14, 6}, {3, 11, 1, 9}, {15, 7, 13, 5}};

std::uint64_t fillSky(const SkyFrame& sky, IndexedFrame& frame, int y0, int y1) {
    if (!sky.active()) return 0;
    const SkyLook& look = sky.sky->look;
    const auto& remap = sky.sky->remap;
    const auto remapped = [&](SkyLayer layer, std::uint8_t index) {
        return remap[static_cast<std::size_t>(layer)][index];
    };
    // The panorama's texel is found exactly every kSkySpan pixels and linearly between (its two
    // arctangents are most of a sky pixel's cost), like the rasterizer's perspective spans; the
    // clouds and the sun, one division each, exactly at every pixel.
    constexpr int kSkySpan = 16;
    const double stepScale = 2.0 / std::max(sky.width, 1);
    const std::array<double, 3> step{sky.rays.right[0] * stepScale, sky.rays.right[1] * stepScale,
                                     sky.rays.right[2] * stepScale};
    std::uint64_t written = 0;
    for (int y = y0; y < y1; ++y) {
        const std::size_t row = static_cast<std::size_t>(y) * static_cast<std::size_t>(frame.width);
        const float* depth = frame.depth.data() + row;
        std::uint8_t* index = frame.index.data() + row;
        for (int x0 = 0; x0 < frame.width; x0 += kSkySpan) {
            const int x1 = std::min(x0 + kSkySpan, frame.width);
            int first = x0;
            while (first < x1 && depth[first] != 1.0f)
                ++first;
            if (first == x1) continue;
            const std::array<double, 3> r0 = sky.rays.at(x0, y, sky.width, sky.height);
            std::optional<std::array<double, 2>> p0, p1;
            if (sky.layers.panorama) {
                p0 = panoramaTexel(*look.panorama, r0);
                p1 = panoramaTexel(*look.panorama, sky.rays.at(x0 + kSkySpan, y, sky.width, sky.height));
                if (p0 && p1) {
                    // Across the seam u wraps: step the short way round.
                    const double w = look.panorama->width;
                    double du = (*p1)[0] - (*p0)[0];
                    du -= w * std::round(du / w);
                    (*p1)[0] = (*p0)[0] + du;
                    // Near the zenith the heading turns fast across a span: exact per pixel there.
                    if (std::abs(du) > kSkySpan) p0.reset();
                }
            }
            for (int x = first; x < x1; ++x) {
                if (depth[x] != 1.0f) continue;
                const double k = x - x0;
                const std::array<double, 3> ray{r0[0] + step[0] * k, r0[1] + step[1] * k,
                                                r0[2] + step[2] * k};
                // The panorama's texel interpolated along the span; where the horizon crosses it,
                // skyHit finds it from the ray.
                std::optional<std::array<double, 2>> panorama;
                if (p0 && p1) {
                    const double f = k / kSkySpan;
                    panorama = std::array<double, 2>{(*p0)[0] + ((*p1)[0] - (*p0)[0]) * f,
                                                     (*p0)[1] + ((*p1)[1] - (*p0)[1]) * f};
                }
                // The clouds' fade as an ordered 4x4 dither: the 8-bit look has no blending.
                const double threshold = (kCloudDither[y & 3][x & 3] + 0.5) / 16.0;
                const std::optional<SkyHit> hit =
                    skyHit(look, sky.layers, ray, sky.cloudScroll, panorama ? &panorama : nullptr, threshold);
                if (!hit) continue;
                index[x] = remapped(hit->layer, hit->index);
                ++written;
            }
        }
    }
    return written;
}

} // namespace rgx::renderer::soft::detail
