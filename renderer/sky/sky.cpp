#include "renderer/sky/sky.h"

#include "renderer/lighting/world_lighting.h"

#include "loaders/redguard/gxa.h"
#include "scene/transforms.h"
#include "shaders/shared.h"
#include "sim/game_tick.h"

#include <algorithm>
#include <cmath>
#include <numbers>

namespace rgx::renderer {

namespace {

using Ray = std::array<double, 3>;

double dot(const Ray& a, const Ray& b) {
    return a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
}

// A BSI file's first image (first frame) in the texture order: the scene's COL, else its CMAP.
std::optional<SkyImage> bsiImage(const loaders::TexbsiFile& file, const scene::Scene& scene) {
    if (file.images.empty()) return std::nullopt;
    const loaders::TexbsiImage& bsi = file.images.front();
    if (bsi.frames.empty() || bsi.header.width <= 0 || bsi.header.height <= 0) return std::nullopt;
    SkyImage image;
    image.width = bsi.header.width;
    image.height = bsi.header.height;
    const std::size_t count = static_cast<std::size_t>(image.width) * static_cast<std::size_t>(image.height);
    if (bsi.frames.front().size() < count) return std::nullopt;
    image.indices.assign(bsi.frames.front().begin(),
                         bsi.frames.front().begin() + static_cast<std::ptrdiff_t>(count));
    image.palette = !scene.colPalette && bsi.palette ? *bsi.palette : scene.palette;
    return image;
}

constexpr double kSkyMaxDistance = 1e9;

// world_skyscale and world_skylevel: "0 or omitted" gives the default.
double orDefault(const std::optional<std::int64_t>& value, double fallback) {
    return value && *value != 0 ? static_cast<double>(*value) : fallback;
}

} // namespace

std::optional<SkyImage> panoramaImage(const loaders::GxaFile& file, const loaders::Palette256& world) {
    if (file.frames.empty()) return std::nullopt;
    const loaders::GxaFrame& f = file.frames.front();
    if (f.width <= 0 || f.height <= 0) return std::nullopt;
    SkyImage image;
    image.width = f.width;
    image.height = f.height;
    const std::size_t count = static_cast<std::size_t>(image.width) * static_cast<std::size_t>(image.height);
    if (f.pixels.size() < count) return std::nullopt;
    image.indices.assign(f.pixels.begin(), f.pixels.begin() + static_cast<std::ptrdiff_t>(count));
    const std::optional<loaders::Palette256> own = loaders::gxaPaletteRgb(file);
    image.palette = own ? *own : world;
    return image;
}

SkyLook skyLook(const scene::Scene& scene) {
    SkyLook sky;
    if (!scene.redguard.world || !scene.redguard.world->world || scene.redguard.world->world->empty())
        return sky;
    const loaders::WorldEntry& w = *scene.redguard.world;
    const scene::WorldEnvironment& env = scene.redguard.environment;
    sky.moving = env.system.skyMove;
    sky.xRotate = w.skyXRotate.value_or(env.system.skyXRotate);
    sky.yRotate = w.skyYRotate.value_or(env.system.skyYRotate);
    // Kept within a billion units: past that the layer is out of any view, and the numbers stay
    // exact integers for the description.
    sky.cloudSide = std::min(std::abs(orDefault(w.skyScale, kSkyDefaultScale)), kSkyMaxDistance);
    sky.cloudHeight = std::clamp(-orDefault(w.skyLevel, kSkyDefaultLevel), -kSkyMaxDistance, kSkyMaxDistance);
    sky.cloudSpeed =
        std::clamp(static_cast<double>(w.skySpeed.value_or(0)), -kSkyMaxDistance, kSkyMaxDistance);
    sky.ticksPerSecond = sim::gameTicksPerSecond(env.system.normalFrameRate);
    if (env.system.skyDisable) return sky;
    if (env.sky) sky.panorama = panoramaImage(*env.sky, scene.palette);
    if (env.skyFx) sky.clouds = bsiImage(*env.skyFx, scene);
    if (const std::optional<Vec3> toSun = worldSunDirection(w); env.sunImage && toSun) {
        const Ray direction{toSun->x, toSun->y, toSun->z};
        sky.sun = bsiImage(*env.sunImage, scene);
        sky.sunDirection = direction;
        const double scale =
            static_cast<double>(w.sunScale.value_or(static_cast<std::int64_t>(kSunScaleUnit)));
        sky.sunTexelAngle = 2 * std::numbers::pi / kEngineAngleUnits * std::max(scale, 1.0) / kSunScaleUnit;
        // A billboard wider than 120 degrees would bend past the tangent plane's reach.
        const int widest = sky.sun ? std::max(sky.sun->width, sky.sun->height) : 1;
        sky.sunTexelAngle = std::min(sky.sunTexelAngle, std::numbers::pi / 3 / std::max(widest / 2.0, 1.0));
        sky.sunTexelTan = std::tan(sky.sunTexelAngle);
        const SunAxes axes = sunAxes(direction);
        sky.sunRight = axes.right;
        sky.sunUp = axes.up;
        if (w.sunImgRgb)
            for (int i = 0; i < 3; ++i)
                sky.sunTint[static_cast<std::size_t>(i)] = static_cast<float>(std::clamp(
                    static_cast<double>((*w.sunImgRgb)[static_cast<std::size_t>(i)]) / 255.0, 0.0, 1.0));
    }
    return sky;
}

std::string skyDescription(const scene::Scene& scene, const SkyLook& sky) {
    if (!sky.any()) return "no sky";
    const scene::WorldEnvironment& env = scene.redguard.environment;
    const auto name = [](const std::string& path) {
        const std::size_t slash = path.find_last_of("/\\");
        return slash == std::string::npos ? path : path.substr(slash + 1);
    };
    std::string text;
    if (sky.panorama) text += "sky " + name(env.skyPath);
    if (sky.clouds) {
        text += std::string(text.empty() ? "" : ", ") + "clouds " + name(env.skyFxPath) + " scale " +
                std::to_string(std::llround(sky.cloudSide)) + " level " +
                std::to_string(-std::llround(sky.cloudHeight)) + " speed " +
                std::to_string(std::llround(sky.cloudSpeed)) + (sky.moving ? "" : " (sky_move 0)");
    }
    if (sky.sun && scene.redguard.world)
        text +=
            std::string(text.empty() ? "" : ", ") + "sun " + name(env.sunImagePath) + " scale " +
            std::to_string(scene.redguard.world->sunScale.value_or(static_cast<std::int64_t>(kSunScaleUnit)));
    text += "; rotate " + std::to_string(sky.xRotate) + "/" + std::to_string(sky.yRotate) + " (not applied)";
    return text;
}

SkyLayers skyLayers(const SkyLook& sky, const LayerToggles& layers) {
    return {sky.panorama.has_value() && layers.sky, sky.clouds.has_value() && layers.clouds,
            sky.sun.has_value() && layers.sun};
}

Ray SkyRays::at(double px, double py, int width, int height) const {
    const double x = 2 * (px + 0.5) / std::max(width, 1) - 1;
    const double y = 2 * (py + 0.5) / std::max(height, 1) - 1;
    return {forward[0] + right[0] * x + down[0] * y, forward[1] + right[1] * x + down[1] * y,
            forward[2] + right[2] * x + down[2] * y};
}

SkyRays skyRays(const view::Camera& camera, int width, int height) {
    const double aspect = height > 0 ? static_cast<double>(width) / height : 1.0;
    const view::ViewRays view = view::viewRays(camera, aspect);
    const auto array = [](const Vec3& v) { return Ray{v.x, v.y, v.z}; };
    return {array(view.forward), array(view.right), array(view.down)};
}

std::optional<std::array<double, 2>> panoramaTexel(const SkyImage& image, const Ray& ray) {
    const double horizontal = std::hypot(ray[0], ray[2]);
    if (!(ray[1] >= 0) || (horizontal == 0 && ray[1] == 0)) return std::nullopt;
    // Heading 0 looks north (-z), a quarter turn east (+x): the camera's yaw.
    double u = std::atan2(ray[0], -ray[2]) / (2 * std::numbers::pi);
    u -= std::floor(u);
    const double elevation = std::atan2(ray[1], horizontal);
    const double rowsUp = elevation * image.width / (2 * std::numbers::pi); // square texels in angle
    // Above the top row y is negative: the nearest (or clamped) texel is the top row's.
    return std::array<double, 2>{u * image.width, image.height - rowsUp};
}

double cloudScroll(const SkyLook& sky, double timeSeconds) {
    if (!sky.moving || !(timeSeconds > 0) || !std::isfinite(timeSeconds) || !(sky.cloudSide > 0)) return 0;
    // Within one side: the texture wraps there, and the shader's float keeps its precision.
    const double scroll = sky.cloudSpeed * std::floor(timeSeconds * sky.ticksPerSecond);
    return std::isfinite(scroll) ? std::fmod(scroll, sky.cloudSide) : 0.0;
}

std::optional<std::array<double, 2>> cloudTexel(const SkyLook& sky, const Ray& ray, double scroll) {
    if (!sky.clouds || !(ray[1] > 0) || !(sky.cloudHeight > 0) || !(sky.cloudSide > 0)) return std::nullopt;
    const double t = sky.cloudHeight / ray[1];
    const double x = ray[0] * t, z = ray[2] * t;
    const double half = sky.cloudSide / 2;
    if (!(std::abs(x) <= half && std::abs(z) <= half)) return std::nullopt;
    double u = (x + half - scroll) / sky.cloudSide;
    u -= std::floor(u);
    const double v = std::min((z + half) / sky.cloudSide, 1.0);
    return std::array<double, 2>{u * sky.clouds->width, v * sky.clouds->height};
}

double cloudFade(const SkyLook& sky, const Ray& ray) {
    if (!(ray[1] > 0) || !(sky.cloudHeight > 0) || !(sky.cloudSide > 0)) return 0;
    const double t = sky.cloudHeight / ray[1];
    const double r = std::hypot(ray[0] * t, ray[2] * t);
    const double half = sky.cloudSide / 2, start = half * shaders::kSkyCloudFadeStart;
    if (!(r < half)) return 0;
    return r <= start ? 1.0 : (half - r) / (half - start);
}

SunAxes sunAxes(const Ray& s) {
    // right = normalize(s x up) where that is defined; straight overhead, east.
    Ray right{-s[2], 0, s[0]};
    const double length = std::hypot(right[0], right[2]);
    right = length > 1e-9 ? Ray{right[0] / length, 0, right[2] / length} : Ray{1, 0, 0};
    const Ray up{right[1] * s[2] - right[2] * s[1], right[2] * s[0] - right[0] * s[2],
                 right[0] * s[1] - right[1] * s[0]};
    return {right, up};
}

std::optional<std::array<double, 2>> sunTexel(const SkyLook& sky, const Ray& ray) {
    if (!sky.sun || !(sky.sunTexelTan > 0)) return std::nullopt;
    const double along = dot(ray, sky.sunDirection);
    if (!(along > 0)) return std::nullopt;
    const double x = dot(ray, sky.sunRight) / along / sky.sunTexelTan + sky.sun->width / 2.0;
    const double y = -dot(ray, sky.sunUp) / along / sky.sunTexelTan + sky.sun->height / 2.0;
    if (!(x >= 0 && x < sky.sun->width && y >= 0 && y < sky.sun->height)) return std::nullopt;
    return std::array<double, 2>{x, y};
}

std::uint8_t nearestTexel(const SkyImage& image, const std::array<double, 2>& t, bool wrapX) {
    if (image.width <= 0 || image.height <= 0 ||
        image.indices.size() < static_cast<std::size_t>(image.width) * static_cast<std::size_t>(image.height))
        return 0;
    // Wrapped or clamped in double first, so any finite or infinite coordinate gives a texel.
    const double w = image.width, h = image.height;
    double cx = std::isfinite(t[0]) ? t[0] : 0.0;
    cx = wrapX ? cx - w * std::floor(cx / w) : cx;
    cx = std::clamp(cx, 0.0, w - 1.0);
    const double cy = std::clamp(std::isfinite(t[1]) ? t[1] : 0.0, 0.0, h - 1.0);
    return image.at(static_cast<int>(std::floor(cx)), static_cast<int>(std::floor(cy)));
}

std::optional<SkyHit> skyHit(const SkyLook& sky, const SkyLayers& layers, const Ray& ray, double scroll,
                             const std::optional<std::array<double, 2>>* panorama, double cloudThreshold) {
    const auto texelOf = nearestTexel;
    if (layers.sun)
        if (const auto t = sunTexel(sky, ray))
            if (const std::uint8_t i = texelOf(*sky.sun, *t, false); i != 0) return SkyHit{SkyLayer::Sun, i};
    if (layers.clouds)
        if (const auto t = cloudTexel(sky, ray, scroll))
            if (const std::uint8_t i = texelOf(*sky.clouds, *t, true);
                i != 0 && cloudFade(sky, ray) > cloudThreshold)
                return SkyHit{SkyLayer::Clouds, i};
    if (layers.panorama)
        if (const auto t = panorama ? *panorama : panoramaTexel(*sky.panorama, ray))
            if (const std::uint8_t i = texelOf(*sky.panorama, *t, true); i != 0)
                return SkyHit{SkyLayer::Panorama, i};
    return std::nullopt;
}

} // namespace rgx::renderer
