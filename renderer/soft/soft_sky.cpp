#include "renderer/soft/soft_sky.h"

#include "renderer/soft/palette_tables.h"
#include "shaders/shared.h"

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

namespace {

using Ray = std::array<double, 3>;

// std::floor without the call (baseline x86-64 has no rounding instruction): the same value for
// every finite x, except that -0 gives +0, which no caller below can tell apart (each floor feeds
// a subtraction whose result is clamped to 0 or a conversion to int). Large, infinite and NaN
// values go to std::floor.
inline double floorFast(double x) {
    if (!(std::abs(x) < 4503599627370496.0)) return std::floor(x); // 2^52: already whole beyond
    const double t = static_cast<double>(static_cast<std::int64_t>(x));
    return t > x ? t - 1.0 : t;
}

// renderer::panoramaTexel, which finds nothing below the horizon: asked only above it (its hypot
// and arctangents cost more than the rest of a sky pixel).
inline std::optional<std::array<double, 2>> panoramaAbove(const SkyImage& image, const Ray& ray) {
    if (!(ray[1] >= 0)) return std::nullopt;
    return panoramaTexel(image, ray);
}

// One sky image as nearestTexel reads it, its checks made once a frame.
struct TexelSource {
    const std::uint8_t* data = nullptr; // null: nearestTexel's empty image (index 0)
    int width = 0;
    double w = 0, h = 0;

    explicit TexelSource(const std::optional<SkyImage>& image) {
        if (!image || image->width <= 0 || image->height <= 0 ||
            image->indices.size() <
                static_cast<std::size_t>(image->width) * static_cast<std::size_t>(image->height))
            return;
        data = image->indices.data();
        width = image->width;
        w = image->width;
        h = image->height;
        // Dividing by a power of two is multiplying by its reciprocal, exactly.
        if ((image->width & (image->width - 1)) == 0) inverseW = 1.0 / w;
    }
    double inverseW = 0; // 1 / w where w is a power of two, else 0
    double wrap(double cx) const { return inverseW != 0 ? cx * inverseW : cx / w; }
    // renderer::nearestTexel, the same operations: after the clamp both coordinates are 0..size-1,
    // where the conversion to int is the floor.
    std::uint8_t at(double tx, double ty, bool wrapX) const {
        if (!data) return 0;
        double cx = std::isfinite(tx) ? tx : 0.0;
        cx = wrapX ? cx - w * floorFast(wrap(cx)) : cx;
        cx = std::clamp(cx, 0.0, w - 1.0);
        const double cy = std::clamp(std::isfinite(ty) ? ty : 0.0, 0.0, h - 1.0);
        return data[static_cast<std::size_t>(static_cast<int>(cy)) * static_cast<std::size_t>(width) +
                    static_cast<std::size_t>(static_cast<int>(cx))];
    }
};

// renderer::skyHit for one frame, its per-frame values taken out once and every pixel's the same
// operations in the same order (so the same bits), with two shortcuts that cannot change a result:
// the sun's texel is only divided out where a multiplication with a margin of 1/10,000 says it may
// lie on the billboard, and a cloud's fade only where its texel shows.
struct SkyKernel {
    const SkyLook& look;
    SkyLayers layers;
    double scroll = 0;
    const std::array<std::array<std::uint8_t, 256>, static_cast<std::size_t>(SkyLayer::Count)>& remap;
    TexelSource panorama, clouds, sun;
    // The sun: its texel's reach along the billboard's axes, with the margin.
    double sunHalfW = 0, sunHalfH = 0, sunReachW = 0, sunReachH = 0;
    bool sunOn = false, cloudsOn = false;
    double cloudHalf = 0, cloudFadeStart = 0;

    explicit SkyKernel(const SkyFrame& frame)
        : look(frame.sky->look), layers(frame.layers), scroll(frame.cloudScroll), remap(frame.sky->remap),
          panorama(look.panorama), clouds(look.clouds), sun(look.sun) {
        sunOn = layers.sun && look.sun && look.sunTexelTan > 0;
        if (sunOn) {
            sunHalfW = look.sun->width / 2.0;
            sunHalfH = look.sun->height / 2.0;
            constexpr double kMargin = 1.0001;
            sunReachW = look.sunTexelTan * sunHalfW * kMargin;
            sunReachH = look.sunTexelTan * sunHalfH * kMargin;
        }
        cloudsOn = layers.clouds && look.clouds && look.cloudHeight > 0 && look.cloudSide > 0;
        cloudHalf = look.cloudSide / 2;
        cloudFadeStart = cloudHalf * shaders::kSkyCloudFadeStart;
    }

    static double dot(const Ray& a, const std::array<double, 3>& b) {
        return a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
    }

    // renderer::cloudFade(ray) > threshold, where the ray meets the cloud plane at (x, z). The fade
    // is read from r = hypot(x, z); sqrt(x * x + z * z) is within 1e-15 of r (relative), so where a
    // relative margin of 1e-12 leaves the comparisons as they are, it decides them without hypot's
    // cost; only a ray that close to a boundary or to the threshold takes hypot.
    bool fadeAbove(double x, double z, double threshold) const {
        const double s = std::sqrt(x * x + z * z);
        const double e = s * 1e-12;
        if (s - e >= cloudHalf) return 0.0 > threshold;
        if (s + e < cloudFadeStart) return 1.0 > threshold;
        if (s - e > cloudFadeStart && s + e < cloudHalf) {
            // The fade's error from s is below 1e-11 (at most twice r's, over half - start = half / 2).
            const double fade = (cloudHalf - s) / (cloudHalf - cloudFadeStart);
            if (fade > threshold + 1e-9) return true;
            if (fade < threshold - 1e-9) return false;
        }
        const double r = std::hypot(x, z);
        const double fade = !(r < cloudHalf)      ? 0.0
                            : r <= cloudFadeStart ? 1.0
                                                  : (cloudHalf - r) / (cloudHalf - cloudFadeStart);
        return fade > threshold;
    }

    // Whether any ray from a to b (a span's first and last pixel; the rays between are linear in
    // x) can meet the sun: its test |right| <= along * reach (and up's) is two linear inequalities
    // each, so where one of them fails by a margin at both ends it fails at every pixel between.
    bool sunNear(const Ray& a, const Ray& b) const {
        if (!sunOn) return false;
        constexpr double kMargin = 1e-9; // the rays are of unit size; rounding moves them by ~1e-16
        const auto outside = [&](const Ray& r, int which) {
            const double along = dot(r, look.sunDirection);
            const double side = which < 2 ? dot(r, look.sunRight) : dot(r, look.sunUp);
            const double reach = along * (which < 2 ? sunReachW : sunReachH);
            return ((which & 1) ? -side : side) - reach > kMargin;
        };
        for (int which = 0; which < 4; ++which)
            if (outside(a, which) && outside(b, which)) return false;
        return true;
    }

    // The sun's index along `ray` (renderer::sunTexel), or -1.
    int sunAt(const Ray& ray) const {
        if (!sunOn) return -1;
        const double along = dot(ray, look.sunDirection);
        if (!(along > 0)) return -1;
        const double right = dot(ray, look.sunRight), up = dot(ray, look.sunUp);
        if (!(std::abs(right) <= along * sunReachW && std::abs(up) <= along * sunReachH)) return -1;
        const double x = right / along / look.sunTexelTan + sunHalfW;
        const double y = -up / along / look.sunTexelTan + sunHalfH;
        if (!(x >= 0 && x < look.sun->width && y >= 0 && y < look.sun->height)) return -1;
        const std::uint8_t i = sun.at(x, y, false);
        return i != 0 ? remap[static_cast<std::size_t>(SkyLayer::Sun)][i] : -1;
    }

    // The world palette index of the sky along `ray`, or -1 where every layer is transparent.
    // panoramaAt: the panorama's texel coordinates (interpolated along the span), or null.
    int at(const Ray& ray, const std::array<double, 2>* panoramaAt, double cloudThreshold,
           bool sunNear) const {
        if (sunNear)
            if (const int hit = sunAt(ray); hit >= 0) return hit;
        if (cloudsOn && ray[1] > 0) {
            // renderer::cloudTexel, then cloudFade where the texel shows.
            const double t = look.cloudHeight / ray[1];
            const double x = ray[0] * t, z = ray[2] * t;
            if (std::abs(x) <= cloudHalf && std::abs(z) <= cloudHalf) {
                double u = (x + cloudHalf - scroll) / look.cloudSide;
                u -= floorFast(u);
                const double v = std::min((z + cloudHalf) / look.cloudSide, 1.0);
                const std::uint8_t i = clouds.at(u * look.clouds->width, v * look.clouds->height, true);
                if (i != 0 && fadeAbove(x, z, cloudThreshold))
                    return remap[static_cast<std::size_t>(SkyLayer::Clouds)][i];
            }
        }
        if (layers.panorama) {
            std::optional<std::array<double, 2>> exact;
            if (!panoramaAt) {
                exact = panoramaAbove(*look.panorama, ray);
                if (exact) panoramaAt = &*exact;
            }
            if (panoramaAt)
                if (const std::uint8_t i = panorama.at((*panoramaAt)[0], (*panoramaAt)[1], true); i != 0)
                    return remap[static_cast<std::size_t>(SkyLayer::Panorama)][i];
        }
        return -1;
    }
};

} // namespace

std::uint64_t fillSky(const SkyFrame& sky, IndexedFrame& frame, int y0, int y1) {
    if (!sky.active()) return 0;
    const SkyKernel kernel(sky);
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
        // A span's far end is the next span's near end: found once (the same ray, the same texel).
        int cachedX = -1;
        std::optional<std::array<double, 2>> cached;
        for (int x0 = 0; x0 < frame.width; x0 += kSkySpan) {
            const int x1 = std::min(x0 + kSkySpan, frame.width);
            int first = x0;
            while (first < x1 && depth[first] != 1.0f)
                ++first;
            if (first == x1) continue;
            const std::array<double, 3> r0 = sky.rays.at(x0, y, sky.width, sky.height);
            // A span wholly below the horizon shows only the sun: the clouds and the panorama
            // need the ray's y above 0. The rays along the span are linear in x, so both ends a
            // margin below 0 (rounding moves them by about 1e-16) put every ray of it below.
            const double lastK = static_cast<double>(x1 - 1 - x0);
            const Ray rLast{r0[0] + step[0] * lastK, r0[1] + step[1] * lastK, r0[2] + step[2] * lastK};
            const bool sunNear = kernel.sunNear(r0, rLast);
            if (r0[1] < -1e-9 && rLast[1] < -1e-9) {
                cachedX = -1;
                if (!sunNear) continue;
                for (int x = first; x < x1; ++x) {
                    if (depth[x] != 1.0f) continue;
                    const double k = x - x0;
                    const int hit =
                        kernel.sunAt({r0[0] + step[0] * k, r0[1] + step[1] * k, r0[2] + step[2] * k});
                    if (hit < 0) continue;
                    index[x] = static_cast<std::uint8_t>(hit);
                    ++written;
                }
                continue;
            }
            std::optional<std::array<double, 2>> p0, p1;
            if (sky.layers.panorama) {
                p0 = cachedX == x0 ? cached : panoramaAbove(*sky.sky->look.panorama, r0);
                p1 = panoramaAbove(*sky.sky->look.panorama,
                                   sky.rays.at(x0 + kSkySpan, y, sky.width, sky.height));
                cachedX = x0 + kSkySpan;
                cached = p1;
                if (p0 && p1) {
                    // Across the seam u wraps: step the short way round.
                    const double w = sky.sky->look.panorama->width;
                    double du = (*p1)[0] - (*p0)[0];
                    du -= w * std::round(du / w);
                    (*p1)[0] = (*p0)[0] + du;
                    // Near the zenith the heading turns fast across a span: exact per pixel there.
                    if (std::abs(du) > kSkySpan) p0.reset();
                }
            }
            const bool interpolate = p0 && p1;
            for (int x = first; x < x1; ++x) {
                if (depth[x] != 1.0f) continue;
                const double k = x - x0;
                const std::array<double, 3> ray{r0[0] + step[0] * k, r0[1] + step[1] * k,
                                                r0[2] + step[2] * k};
                // The panorama's texel interpolated along the span; where the horizon crosses it,
                // the kernel finds it from the ray.
                std::array<double, 2> panorama{};
                if (interpolate) {
                    const double f = k / kSkySpan;
                    panorama = {(*p0)[0] + ((*p1)[0] - (*p0)[0]) * f, (*p0)[1] + ((*p1)[1] - (*p0)[1]) * f};
                }
                // The clouds' fade as an ordered 4x4 dither: the 8-bit look has no blending.
                const double threshold = (kCloudDither[y & 3][x & 3] + 0.5) / 16.0;
                const int hit = kernel.at(ray, interpolate ? &panorama : nullptr, threshold, sunNear);
                if (hit < 0) continue;
                index[x] = static_cast<std::uint8_t>(hit);
                ++written;
            }
        }
    }
    return written;
}

} // namespace rgx::renderer::soft::detail
