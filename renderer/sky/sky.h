#pragma once
// The sky both looks draw behind the scene: the reference's "Sky Renderer" (WORLD.INI world_sky*,
// world_sun*, SYSTEM.INI [xngine] sky_*), with the geometry the reference leaves open chosen here,
// in one place (docs/renderer_scene.md, "The sky"). In drawing order, over the background fill
// (worldBackground):
//
//   panorama  world_sky's GXA on a cylinder around the eye: the image's width wraps the horizon
//             once (u = heading / 360 degrees, 0 at north, east at a quarter), its texels square
//             in angle, its bottom row on the horizon and rows above it rising; above the top row
//             the top row repeats (the zenith is never a hole), below the horizon nothing (the
//             fill shows).
//   clouds    world_skyfx's BSI stretched once over a horizontal square of world_skyscale units
//             (default 12800) centred on the eye, -world_skylevel units above it (default -3500:
//             engine y points down, so negative is up), scrolled along +x by world_skyspeed
//             engine units per game tick when sky_move is on (whole ticks, like the waves).
//             It fades out towards the square's edge (cloudFade), a circle round the eye, so no
//             straight edge or corner shows: the Glide look blends it, the software look
//             dithers it (a 4x4 ordered pattern), having no blending.
//   sun       world_sunimg's BSI as a billboard along the world's sun direction (the lighting's,
//             world_sun), one texel per engine angle unit (1/2048 turn) at world_sunscale 256,
//             tinted by world_sunimgrgb / 255.
//
// Index 0 is transparent in all three. Only worlds whose WORLD.INI names a WLD (outdoor worlds)
// have a sky; sky_disable
// leaves only the fill. world_sky_xrotate / yrotate (over sky_xrotate / yrotate) are resolved and
// shown but not applied: every outdoor world carries the same values while the reference calls
// only world 6's sky rotating, so their unit and axis are unknown.
//
// Both looks map a view ray to texels with these functions (the Glide look's shaders/glide_sky.frag
// repeats them in GLSL); a ray is any non-zero vector in the scene frame (y up).

#include "loaders/redguard/col.h"
#include "loaders/redguard/gxa.h"
#include "renderer/look_settings.h"
#include "scene/scene_graph.h"
#include "view/camera.h"

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace rgx::renderer {

inline constexpr double kSkyDefaultScale = 12800; // world_skyscale when 0 or absent
inline constexpr double kSkyDefaultLevel = -3500; // world_skylevel when 0 or absent
inline constexpr double kSunScaleUnit = 256;      // world_sunscale of one texel per angle unit
inline constexpr double kEngineAngleUnits = 2048; // a turn

// One sky image: palette indices, rows top to bottom, 0 transparent.
struct SkyImage {
    int width = 0, height = 0;
    std::vector<std::uint8_t> indices;
    loaders::Palette256 palette{}; // the colours the Glide look shows (the file's or the world's)
    std::uint8_t at(int x, int y) const {
        return indices[static_cast<std::size_t>(y) * static_cast<std::size_t>(width) +
                       static_cast<std::size_t>(x)];
    }
};

struct SkyLook {
    std::optional<SkyImage> panorama, clouds, sun;
    double cloudSide = kSkyDefaultScale;                      // units the cloud image spans
    double cloudHeight = -kSkyDefaultLevel;                   // above the eye
    double cloudSpeed = 0;                                    // units per game tick along +x
    double ticksPerSecond = 12;                               // SYSTEM.INI normal_frame_rate
    bool moving = true;                                       // sky_move
    std::int64_t xRotate = 3, yRotate = 40;                   // resolved, not applied (above)
    std::array<double, 3> sunDirection{0, 1, 0};              // towards the sun, unit
    std::array<double, 3> sunRight{1, 0, 0}, sunUp{0, 0, -1}; // sunAxes(sunDirection)
    double sunTexelAngle = 0;                                 // radians per sun texel
    double sunTexelTan = 0;                                   // tan(sunTexelAngle): a texel on the billboard
    std::array<float, 3> sunTint{1, 1, 1};
    bool any() const { return panorama || clouds || sun; }
};

// A GXA file's first frame as a sky image in its own palette (BPAL, else `world`); nothing for an
// empty or short frame. The panorama, and the colour of world_background 2 (worldBackground).
std::optional<SkyImage> panoramaImage(const loaders::GxaFile& file, const loaders::Palette256& world);

// The sky of a scene's world: nothing for a scene without a world, an indoor world (no WLD) or
// with sky_disable; each layer only when its file was read (WorldEnvironment) and has pixels.
// The panorama shows in its GXA palette (else the world's); the cloud and sun images in the
// texture order (the scene's COL, else their CMAP, else the world palette).
SkyLook skyLook(const scene::Scene& scene);

// The world's sky settings in one line, as the engine's `show world` lists them: the files, the
// cloud layer's scale, level and speed, the rotations (not applied) and the sun's scale; "no sky"
// for a world without one.
std::string skyDescription(const scene::Scene& scene, const SkyLook& sky);

// The layers a frame draws: the look's, less those the toggles switch off (sky, clouds, sun).
struct SkyLayers {
    bool panorama = false, clouds = false, sun = false;
};
SkyLayers skyLayers(const SkyLook& sky, const LayerToggles& layers);

// The ray through a pixel centre: forward + right * x + down * y for pixel (px, py) of a width x
// height target, x = (2 (px + 0.5) / width - 1), y likewise (view::viewRays of the target's aspect).
struct SkyRays {
    std::array<double, 3> forward{}, right{}, down{};
    std::array<double, 3> at(double px, double py, int width, int height) const;
};
SkyRays skyRays(const view::Camera& camera, int width, int height);

// Continuous texel coordinates (x right, y down, in texels from the image's top-left corner) a ray
// meets, or nothing where the layer does not cover it. The panorama's y is negative above its top
// row (the top row repeats there: nearestTexel and the Glide look's taps clamp).
std::optional<std::array<double, 2>> panoramaTexel(const SkyImage& image, const std::array<double, 3>& ray);
// The cloud texel with the layer scrolled `scroll` units along +x (cloudScroll: found once a
// frame, as the Glide look's uniforms carry it).
std::optional<std::array<double, 2>> cloudTexel(const SkyLook& sky, const std::array<double, 3>& ray,
                                                double scroll);
double cloudScroll(const SkyLook& sky, double timeSeconds); // units along +x, within one side (fmod)
std::optional<std::array<double, 2>> sunTexel(const SkyLook& sky, const std::array<double, 3>& ray);

// The sun billboard's axes (unit, perpendicular to the direction): right is horizontal, up
// completes the frame (world up when the sun is not straight overhead).
struct SunAxes {
    std::array<double, 3> right{}, up{};
};
SunAxes sunAxes(const std::array<double, 3>& sunDirection);

// The texel at continuous coordinates t (x wrapped or clamped, y clamped), nearest; any t (NaN
// and infinities read texel 0 of that axis), and index 0 for an empty image.
std::uint8_t nearestTexel(const SkyImage& image, const std::array<double, 2>& t, bool wrapX);

// The cloud layer's opacity along a ray, 0..1: 1 where the ray meets the cloud plane within
// shaders::kSkyCloudFadeStart of the half-side from the eye, 0 at the half-side and beyond (and for
// rays that never meet the plane), linear between.
double cloudFade(const SkyLook& sky, const std::array<double, 3>& ray);

enum class SkyLayer : std::uint8_t { Panorama, Clouds, Sun, Count };
struct SkyHit {
    SkyLayer layer = SkyLayer::Panorama;
    std::uint8_t index = 0; // in that layer's image (SkyImage::palette)
};

// The sky's texel along a ray, through the layers in order: the sun's over the clouds' over the
// panorama's (nearest texel), or nothing where all are transparent or absent (the fill shows).
// The software look's sky (fillSky); the Glide look filters the same texels (glide_sky.frag).
// scroll: the clouds' (cloudScroll). panorama: the panorama's texel coordinates when the caller
// has them already (the software look interpolates them along a span); null: panoramaTexel of the
// ray. cloudThreshold: a cloud texel shows where cloudFade is above it (the software look's
// ordered dither threshold for the pixel, in 0..1).
std::optional<SkyHit> skyHit(const SkyLook& sky, const SkyLayers& layers, const std::array<double, 3>& ray,
                             double scroll, const std::optional<std::array<double, 2>>* panorama = nullptr,
                             double cloudThreshold = 0.5);

} // namespace rgx::renderer
