#include "renderer/sky/rain.h"

#include "scene/redguard/terrain.h"
#include "scene/transforms.h"
#include "sim/game_tick.h"

#include <algorithm>
#include <cmath>

namespace rgx::renderer {

namespace {

// Three numbers in [0, 1) per drop, the same every run (a 32-bit integer hash).
double unitHash(std::uint32_t i, std::uint32_t salt) {
    std::uint32_t x = i * 0x9E3779B1u ^ salt * 0x85EBCA77u;
    x ^= x >> 16;
    x *= 0x7FEB352Du;
    x ^= x >> 15;
    x *= 0x846CA68Bu;
    x ^= x >> 16;
    return static_cast<double>(x >> 8) / static_cast<double>(1u << 24);
}

// The copy of a drop's place (`base` in [0, kRainBox)) nearest the eye along one axis.
double nearestCopy(double base, double eye) {
    return base + kRainBox * std::floor((eye - base) / kRainBox + 0.5);
}

} // namespace

RainLook rainLook(const scene::Scene& scene) {
    RainLook rain;
    if (!scene.redguard.world) return rain;
    const loaders::WorldEntry& w = *scene.redguard.world;
    rain.drops = static_cast<int>(std::clamp<std::int64_t>(w.rainDrops.value_or(0), 0, kMaxRainDrops));
    rain.top = -static_cast<double>(w.rainStart.value_or(-2000));
    rain.bottom = -static_cast<double>(w.rainEnd.value_or(0));
    rain.ticksPerSecond = sim::gameTicksPerSecond(scene.redguard.environment.system.normalFrameRate);
    if (scene.terrain && scene.terrain->height.size() ==
                             static_cast<std::size_t>(scene::TerrainGrid::kSize) * scene::TerrainGrid::kSize)
        rain.ground = scene.terrain->height;
    for (const loaders::WorldRainSphere& s : w.rainSpheres) {
        if (s.xyzr[3] <= 0) continue;
        rain.spheres.push_back(
            {scene::engineToScene({static_cast<double>(s.xyzr[0]), static_cast<double>(s.xyzr[1]),
                                   static_cast<double>(s.xyzr[2])}),
             static_cast<double>(s.xyzr[3])});
    }
    return rain;
}

double RainLook::groundAt(double x, double z, double eyeY) const {
    return ground.empty() ? eyeY : scene::terrainHeightAt(ground, x, z);
}

bool rainFalls(const RainLook& rain, const Vec3& eye, const LayerToggles& layers) {
    if (!layers.rain || !rain.any()) return false;
    return std::any_of(rain.spheres.begin(), rain.spheres.end(), [&](const RainSphere& s) {
        const Vec3 d = eye - s.centre;
        return d.x * d.x + d.y * d.y + d.z * d.z <= s.radius * s.radius;
    });
}

RainDrop rainDrop(const RainLook& rain, const Vec3& eye, int i, double timeSeconds) {
    const std::uint32_t k = static_cast<std::uint32_t>(i);
    const double range = rain.top - rain.bottom;
    const double perTick = kRainFallSpeed / rain.ticksPerSecond;
    const double ticks =
        std::isfinite(timeSeconds) && timeSeconds > 0 ? std::floor(timeSeconds * rain.ticksPerSecond) : 0;
    // How far the drop has fallen from the top this tick: its own phase plus the ticks' fall.
    const double fallen = std::fmod(unitHash(k, 3) * range + ticks * perTick, range);
    RainDrop d;
    const double x = nearestCopy(unitHash(k, 1) * kRainBox, eye.x);
    const double z = nearestCopy(unitHash(k, 2) * kRainBox, eye.z);
    d.top = {x, rain.groundAt(x, z, eye.y) + rain.top - fallen, z};
    d.length = std::min(perTick, range);
    return d;
}

void rainStreaks(const RainLook& rain, const view::Camera& camera, double timeSeconds,
                 const LayerToggles& layers, std::vector<RainStreak>& out) {
    out.clear();
    const Vec3& eye = camera.position;
    if (!rainFalls(rain, eye, layers)) return;
    out.reserve(static_cast<std::size_t>(rain.drops));
    for (int i = 0; i < rain.drops; ++i) {
        const RainDrop d = rainDrop(rain, eye, i, timeSeconds);
        // Across the line of sight, horizontally.
        double sx = -(d.top.z - eye.z), sz = d.top.x - eye.x;
        const double length = std::hypot(sx, sz);
        if (length < kRainNearest) continue;
        sx /= length;
        sz /= length;
        const double h = kRainWidth / 2;
        const auto corner = [&](double side, double down) {
            return std::array<float, 3>{static_cast<float>(d.top.x + sx * h * side),
                                        static_cast<float>(d.top.y - down),
                                        static_cast<float>(d.top.z + sz * h * side)};
        };
        out.push_back({corner(-1, d.length), corner(1, d.length), corner(1, 0), corner(-1, 0)});
    }
}

} // namespace rgx::renderer
