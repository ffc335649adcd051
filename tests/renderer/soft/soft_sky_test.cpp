// The software look's sky (renderer/soft/soft_sky.h) against its definition: every pixel through
// renderer::skyHit, the panorama's texel found exactly at every 16th pixel and linearly between
// (the loop fillSky had before issue 33 made it faster). The same index at every pixel, for views
// all round, up to the zenith, at the sun and below the horizon, with pixels covered in between.

#include "renderer/soft/soft_sky.h"

#include "renderer/sky/sky.h"

#include <gtest/gtest.h>

#include <cmath>
#include <numbers>
#include <random>

namespace rgx::renderer::soft::detail {
namespace {

// The reference: fillSky as it was (a8b7260), pixel by pixel through skyHit.
void referenceSky(const SkyFrame& sky, IndexedFrame& frame) {
    const SkyLook& look = sky.sky->look;
    constexpr int kDither[4][4] = {{0, 8, 2, 10}, {12, 4, 14, 6}, {3, 11, 1, 9}, {15, 7, 13, 5}};
    constexpr int kSpan = 16;
    const double stepScale = 2.0 / std::max(sky.width, 1);
    const std::array<double, 3> step{sky.rays.right[0] * stepScale, sky.rays.right[1] * stepScale,
                                     sky.rays.right[2] * stepScale};
    for (int y = 0; y < frame.height; ++y)
        for (int x0 = 0; x0 < frame.width; x0 += kSpan) {
            const std::array<double, 3> r0 = sky.rays.at(x0, y, sky.width, sky.height);
            std::optional<std::array<double, 2>> p0, p1;
            if (sky.layers.panorama) {
                p0 = panoramaTexel(*look.panorama, r0);
                p1 = panoramaTexel(*look.panorama, sky.rays.at(x0 + kSpan, y, sky.width, sky.height));
                if (p0 && p1) {
                    const double w = look.panorama->width;
                    double du = (*p1)[0] - (*p0)[0];
                    du -= w * std::round(du / w);
                    (*p1)[0] = (*p0)[0] + du;
                    if (std::abs(du) > kSpan) p0.reset();
                }
            }
            for (int x = x0; x < std::min(x0 + kSpan, frame.width); ++x) {
                const std::size_t i = static_cast<std::size_t>(y) * frame.width + x;
                if (frame.depth[i] != 1.0f) continue;
                const double k = x - x0;
                const std::array<double, 3> ray{r0[0] + step[0] * k, r0[1] + step[1] * k,
                                                r0[2] + step[2] * k};
                std::optional<std::array<double, 2>> panorama;
                if (p0 && p1)
                    panorama = std::array<double, 2>{(*p0)[0] + ((*p1)[0] - (*p0)[0]) * (k / kSpan),
                                                     (*p0)[1] + ((*p1)[1] - (*p0)[1]) * (k / kSpan)};
                const std::optional<SkyHit> hit =
                    skyHit(look, sky.layers, ray, sky.cloudScroll, panorama ? &panorama : nullptr,
                           (kDither[y & 3][x & 3] + 0.5) / 16.0);
                if (hit) frame.index[i] = sky.sky->remap[static_cast<std::size_t>(hit->layer)][hit->index];
            }
        }
}

SkyImage randomImage(std::mt19937& rng, int width, int height) {
    SkyImage image;
    image.width = width;
    image.height = height;
    image.indices.resize(static_cast<std::size_t>(width) * height);
    for (std::uint8_t& v : image.indices)
        v = rng() % 5 == 0 ? 0 : static_cast<std::uint8_t>(1 + rng() % 255); // some transparent
    for (std::size_t i = 0; i < image.palette.size(); ++i)
        image.palette[i] = {static_cast<std::uint8_t>(i), static_cast<std::uint8_t>(255 - i),
                            static_cast<std::uint8_t>(i * 7)};
    return image;
}

// The sun towards `direction` (unit), `texelAngle` radians a texel, as skyLook sets it.
void placeSun(SkyLook& look, const std::array<double, 3>& direction, double texelAngle) {
    look.sunDirection = direction;
    const SunAxes axes = sunAxes(direction);
    look.sunRight = axes.right;
    look.sunUp = axes.up;
    look.sunTexelAngle = texelAngle;
    look.sunTexelTan = std::tan(texelAngle);
}

TEST(SoftSky, EveryPixelIsTheDefinitionsFromEveryDirection) {
    std::mt19937 rng(33);
    SkyLook look;
    look.panorama = randomImage(rng, 512, 128);
    look.clouds = randomImage(rng, 60, 48); // not a power of two across: the division path
    look.sun = randomImage(rng, 16, 16);
    const double elevation = 20 * std::numbers::pi / 180, heading = 30 * std::numbers::pi / 180;
    placeSun(look,
             {std::cos(elevation) * std::sin(heading), std::sin(elevation),
              -std::cos(elevation) * std::cos(heading)},
             0.004);
    loaders::Palette256 world{};
    for (std::size_t i = 0; i < world.size(); ++i)
        world[i] = {static_cast<std::uint8_t>(i), static_cast<std::uint8_t>(i / 2),
                    static_cast<std::uint8_t>(255 - i)};
    const PreparedSky prepared = prepareSky(look, world);
    int views = 0;
    std::size_t skyPixels = 0;
    for (double pitch : {-60.0, -10.0, 0.0, 5.0, 20.0, 45.0, 75.0, 89.0})
        for (double yaw = 0; yaw < 360; yaw += 22.5)
            for (const auto& [w, h] : {std::pair{97, 61}, std::pair{160, 120}}) {
                view::Camera camera;
                camera.position = {100, 50, -300};
                camera.yawDeg = yaw;
                camera.pitchDeg = pitch;
                const SkyFrame sky = skyFrame(prepared, camera, w, h, 3.5, LayerToggles{});
                IndexedFrame fast(w, h, 7), reference(w, h, 7);
                // Some pixels covered by geometry: the sky leaves them.
                for (std::size_t i = 0; i < fast.depth.size(); i += 7)
                    fast.depth[i] = reference.depth[i] = 0.5f;
                fillSky(sky, fast, 0, h);
                referenceSky(sky, reference);
                std::size_t differ = 0;
                for (std::size_t i = 0; i < fast.index.size(); ++i) {
                    differ += fast.index[i] != reference.index[i] ? 1 : 0;
                    skyPixels += reference.index[i] != 7 ? 1 : 0;
                }
                EXPECT_EQ(differ, 0u) << "yaw " << yaw << " pitch " << pitch << " " << w << "x" << h;
                ++views;
            }
    EXPECT_EQ(views, 8 * 16 * 2);
    EXPECT_GT(skyPixels, 100000u); // the layers were drawn, not only the fill
}

// The sun itself, looked at `elevation` radians above the horizon (below it when negative): its
// texels show, and match the definition. Below the horizon every span is wholly below it, where
// only the sun can show: the panorama is there too, and must not.
void expectTheSunLookedAtMatches(double elevation) {
    std::mt19937 rng(7);
    SkyLook look;
    look.sun = randomImage(rng, 16, 16);
    look.panorama = randomImage(rng, 512, 128);
    placeSun(look, {0, std::sin(elevation), -std::cos(elevation)}, 0.01);
    loaders::Palette256 world{};
    for (std::size_t i = 0; i < world.size(); ++i)
        world[i] = {static_cast<std::uint8_t>(i), static_cast<std::uint8_t>(i), static_cast<std::uint8_t>(i)};
    const PreparedSky prepared = prepareSky(look, world);
    view::Camera camera;
    camera.pitchDeg = elevation * 180 / std::numbers::pi;
    camera.fovYDeg = 20;
    LayerToggles layers;
    layers.sky = elevation < 0; // the panorama: above the horizon the panorama would cover the count below
    const SkyFrame sky = skyFrame(prepared, camera, 200, 150, 0, layers);
    IndexedFrame fast(200, 150, 0), reference(200, 150, 0);
    fillSky(sky, fast, 0, 150);
    referenceSky(sky, reference);
    EXPECT_EQ(fast.index, reference.index) << "elevation " << elevation;
    std::size_t sun = 0;
    for (std::uint8_t v : reference.index)
        sun += v != 0 ? 1 : 0;
    EXPECT_GT(sun, 1000u) << "elevation " << elevation;           // the sun covers part of the view
    EXPECT_LT(sun, 200u * 150u / 2) << "elevation " << elevation; // and only part
}

TEST(SoftSky, TheSunLookedAtMatchesTheDefinition) {
    expectTheSunLookedAtMatches(0.3);
}

TEST(SoftSky, TheSunBelowTheHorizonMatchesTheDefinition) {
    expectTheSunLookedAtMatches(-0.3);
}

} // namespace
} // namespace rgx::renderer::soft::detail
