#include "renderer/lighting/world_lighting.h"

#include "renderer/sky/sky.h"

#include "scene/transforms.h"

#include "shaders/shared.h"

#include <algorithm>
#include <cmath>
#include <utility>

namespace rgx::renderer {

namespace {

// A palette colour as 0..1 RGB.
std::array<float, 3> unitRgb(const loaders::ColorRgb& c) {
    return {c.r / 255.0f, c.g / 255.0f, c.b / 255.0f};
}

// 0..255 per channel (WORLD.INI's world_fogrgb), clamped, as 0..1 RGB.
std::array<float, 3> unitRgb(const std::array<std::int64_t, 3>& rgb) {
    std::array<float, 3> out{};
    for (std::size_t i = 0; i < 3; ++i)
        out[i] = static_cast<float>(std::clamp(rgb[i] / 255.0, 0.0, 1.0));
    return out;
}

std::array<float, 3> normalized(double x, double y, double z) {
    const double len = std::sqrt(x * x + y * y + z * z);
    if (len <= 0) return {0, 1, 0};
    return {static_cast<float>(x / len), static_cast<float>(y / len), static_cast<float>(z / len)};
}

} // namespace

WorldBackground worldBackground(const scene::Scene& scene) {
    WorldBackground b;
    if (!scene.redguard.world) return b;
    const loaders::WorldEntry& w = *scene.redguard.world;
    const std::int64_t value = w.background.value_or(0);
    if (value == 0) return b;
    if (value != 2) {
        // A palette index; values past 255 keep their low byte, as an engine byte would.
        b.paletteIndex = static_cast<std::uint8_t>(value & 0xFF);
        b.rgb = unitRgb(scene.palette[*b.paletteIndex]);
        return b;
    }
    if (const std::optional<SkyImage> sky =
            scene.redguard.environment.sky ? panoramaImage(*scene.redguard.environment.sky, scene.palette)
                                           : std::nullopt) {
        double sum[3] = {0, 0, 0};
        std::size_t count = 0;
        for (int x = 0; x < sky->width; ++x) {
            const std::uint8_t index = sky->at(x, sky->height - 1);
            if (index == 0) continue;
            const loaders::ColorRgb c = sky->palette[index];
            sum[0] += c.r;
            sum[1] += c.g;
            sum[2] += c.b;
            ++count;
        }
        if (count > 0) {
            for (int i = 0; i < 3; ++i)
                b.rgb[static_cast<std::size_t>(i)] =
                    static_cast<float>(sum[i] / static_cast<double>(count) / 255.0);
            return b;
        }
    }
    if (w.fogRgb) b.rgb = unitRgb(*w.fogRgb);
    return b;
}

WorldLighting worldLighting(const scene::Scene& scene) {
    const loaders::SystemIni& system = scene.redguard.environment.system;
    const std::optional<std::array<std::uint8_t, 64>>& fog = scene.redguard.environment.fog;
    WorldLighting env;
    env.nearPlane = static_cast<double>(std::max<std::int64_t>(system.frontPlane, 1));
    env.farPlane = static_cast<double>(std::max<std::int64_t>(system.backPlane, 1));
    env.farPlane = std::max(env.farPlane, env.nearPlane * 2);

    if (!scene.redguard.world) {
        // Model viewer: a key light from above the south-east so every side reads.
        env.sunDirection = normalized(0.4, 0.8, 0.45);
        env.sunColor = {0.7f, 0.7f, 0.7f};
        env.ambient = {0.35f, 0.35f, 0.35f};
        const scene::Bounds b = scene.worldBounds();
        if (!b.empty()) {
            const double dx = b.max.x - b.min.x, dy = b.max.y - b.min.y, dz = b.max.z - b.min.z;
            env.farPlane = std::max(env.farPlane, 8 * std::sqrt(dx * dx + dy * dy + dz * dz));
        }
        // Another engine's world: its fog and background (scene/look_environment.h).
        if (scene.look) {
            const scene::LookEnvironment& look = *scene.look;
            env.fogColor = unitRgb(look.fog.color);
            env.fog = linearFogTable(look.fog.start, look.fog.end);
            env.hasFog = look.fog.end > look.fog.start;
            env.clear = {look.clear.r / 255.0f, look.clear.g / 255.0f, look.clear.b / 255.0f, 1.0f};
        }
        return env;
    }
    const loaders::WorldEntry& w = *scene.redguard.world;
    const double ambientLevel = static_cast<double>(w.ambient.value_or(system.ambientLight)) / 128.0;
    const std::array<std::int64_t, 3> ambientRgb =
        w.ambientRgb.value_or(std::array<std::int64_t, 3>{255, 255, 255});
    for (int i = 0; i < 3; ++i)
        env.ambient[i] = static_cast<float>(std::clamp(ambientRgb[i] / 255.0 * ambientLevel, 0.0, 2.0));
    if (w.sun) {
        const auto& s = *w.sun;
        const std::optional<Vec3> toSun = worldSunDirection(w);
        env.sunDirection =
            toSun ? std::array<float, 3>{static_cast<float>(toSun->x), static_cast<float>(toSun->y),
                                         static_cast<float>(toSun->z)}
                  : normalized(0, 0, 0); // straight up
        const std::array<std::int64_t, 4> rgb =
            w.sunRgb.value_or(std::array<std::int64_t, 4>{255, 255, 255, 100});
        const double intensity = std::clamp(static_cast<double>(s[3]) / 255.0, 0.0, 2.0);
        for (int i = 0; i < 3; ++i)
            env.sunColor[i] = static_cast<float>(std::clamp(rgb[i] / 255.0, 0.0, 1.0) * intensity);
    }
    if (w.fogRgb) {
        env.fogColor = unitRgb(*w.fogRgb);
        if (fog) {
            const std::array<std::uint8_t, 64>& table = *fog;
            for (std::size_t i = 0; i < table.size(); ++i) {
                env.fog[i] = static_cast<float>(table[i]) / 255.0f;
                env.hasFog = env.hasFog || table[i] != 0;
            }
        }
    }
    const WorldBackground background = worldBackground(scene);
    env.clear = {background.rgb[0], background.rgb[1], background.rgb[2], 1.0f};
    env.clearIndex = background.paletteIndex;
    for (std::size_t i = 0; i < scene.nodes.size(); ++i) {
        const scene::SceneNode& node = scene.nodes[i];
        if (node.kind != scene::NodeKind::Light || !node.light || !node.light->active) continue;
        env.lights.push_back(mpslLight(*node.light, node.world.translationPart()));
        env.lights.back().node = static_cast<std::uint32_t>(i);
    }
    return env;
}

std::optional<Vec3> worldSunDirection(const loaders::WorldEntry& world) {
    if (!world.sun) return std::nullopt;
    const auto& s = *world.sun;
    const Vec3 toSun = scene::engineToScene(
        {static_cast<double>(s[0]), static_cast<double>(s[1]), static_cast<double>(s[2])});
    if (!(toSun.x * toSun.x + toSun.y * toSun.y + toSun.z * toSun.z > 0)) return std::nullopt;
    return rgx::normalized(toSun);
}

LightKind lightKind(std::uint32_t lightParam) {
    switch (lightParam) {
    case 0:
        return LightKind::Ambient;
    case 28:
        return LightKind::Directional;
    default:
        return LightKind::Point;
    }
}

PointLight mpslLight(const scene::LightInfo& info, const Vec3& position) {
    PointLight light;
    light.position = {static_cast<float>(position.x), static_cast<float>(position.y),
                      static_cast<float>(position.z)};
    light.kind = lightKind(info.param);
    const float intensity = info.param0 > 0 ? std::min(static_cast<float>(info.param0) / 255.0f, 2.0f) : 1.0f;
    const std::array<float, 3> rgb = unitRgb(info.color);
    light.color = {rgb[0] * intensity, rgb[1] * intensity, rgb[2] * intensity};
    light.rgb = rgb;
    light.intensity = intensity;
    light.radius = info.param1 > 0 ? static_cast<float>(info.param1) : static_cast<float>(kLightRadius);
    // The direction vector is where the light shines (engine frame): the surface faces the light
    // when its normal points the other way. A zero vector shines straight down.
    const Vec3 d = rgx::normalized(
        scene::engineToScene({static_cast<double>(info.direction[0]), static_cast<double>(info.direction[1]),
                              static_cast<double>(info.direction[2])}));
    if (d.x != 0 || d.y != 0 || d.z != 0)
        light.toLight = {static_cast<float>(-d.x), static_cast<float>(-d.y), static_cast<float>(-d.z)};
    return light;
}

double glideFogTableW(int index) {
    return std::pow(2.0, 3.0 + static_cast<double>(index >> 2)) / static_cast<double>(8 - (index & 3));
}

std::array<float, 64> linearFogTable(double start, double end) {
    std::array<float, 64> table{};
    if (!(end > start)) return table;
    const double scale =
        static_cast<double>(shaders::kGlideFogAnchorDistance) / glideFogTableW(shaders::kGlideFogAnchorIndex);
    for (int i = 0; i < 64; ++i) {
        const double depth = glideFogTableW(i) * scale;
        table[static_cast<std::size_t>(i)] =
            static_cast<float>(std::clamp((depth - start) / (end - start), 0.0, 1.0));
    }
    return table;
}

double fogTableIndex(double depth) {
    const double w = depth * glideFogTableW(shaders::kGlideFogAnchorIndex) /
                     static_cast<double>(shaders::kGlideFogAnchorDistance);
    if (!(w >= 1.0)) return 0.0; // also NaN
    // Entries 4k .. 4k + 3 hold at 2^k x 8 / (8 - j); entry 4k + 4 at 2^(k + 1).
    const double k = std::floor(std::log2(w));
    const double m = w / std::exp2(k); // in [1, 2)
    const int j = std::clamp(static_cast<int>(std::floor(8.0 - 8.0 / m)), 0, 3);
    const double lo = 8.0 / (8 - j), hi = j < 3 ? 8.0 / (7 - j) : 2.0;
    const double index = k * 4.0 + j + std::clamp((m - lo) / (hi - lo), 0.0, 1.0);
    return std::min(index, 63.0);
}

double lookFarPlane(const WorldLighting& env, const LookSettings& settings) {
    return std::max(env.farPlane * std::max(settings.viewDistance, 0.01), env.nearPlane * 2);
}

PointLight objectPointLight(const sim::ObjectLight& o) {
    PointLight l;
    l.position = {static_cast<float>(o.position.x), static_cast<float>(o.position.y),
                  static_cast<float>(o.position.z)};
    l.radius = o.radius;
    l.rgb = o.color;
    l.intensity = o.intensity;
    l.color = {o.color[0] * o.intensity, o.color[1] * o.intensity, o.color[2] * o.intensity};
    l.node = o.node;
    return l;
}

std::vector<PointLight> frameLights(const WorldLighting& env, const Vec3& camera, const LayerToggles& layers,
                                    const sim::WorldState* world) {
    std::vector<PointLight> chosen;
    const std::size_t objectLights = world ? world->objectLights.size() : 0;
    if (!layers.lights || (env.lights.empty() && objectLights == 0)) return chosen;
    // Candidates: the MPSL lights (index < env.lights.size()) then the scripts' object lights.
    auto candidate = [&](std::size_t i) {
        return i < env.lights.size() ? env.lights[i]
                                     : objectPointLight(world->objectLights[i - env.lights.size()]);
    };
    std::vector<std::pair<double, std::size_t>> order;
    order.reserve(env.lights.size() + objectLights);
    for (std::size_t i = 0; i < env.lights.size() + objectLights; ++i) {
        if (i < env.lights.size()) {
            const sim::LightState* state = sim::lightState(world, env.lights[i].node);
            if (state && !state->on) continue;
        }
        const auto p = candidate(i).position;
        const double dx = p[0] - camera.x, dy = p[1] - camera.y, dz = p[2] - camera.z;
        order.push_back({dx * dx + dy * dy + dz * dz, i});
    }
    std::sort(order.begin(), order.end());
    const std::size_t count = std::min(order.size(), kMaxFrameLights);
    for (std::size_t i = 0; i < count; ++i) {
        PointLight light = candidate(order[i].second);
        const sim::LightState* state =
            order[i].second < env.lights.size() ? sim::lightState(world, light.node) : nullptr;
        if (state) {
            const std::array<float, 3> rgb = state->color.value_or(light.rgb);
            const float intensity = state->intensity.value_or(light.intensity);
            light.color = {rgb[0] * intensity, rgb[1] * intensity, rgb[2] * intensity};
            light.radius = state->radius.value_or(light.radius);
        }
        chosen.push_back(light);
    }
    return chosen;
}

void lightsNear(const std::vector<PointLight>& lights, const std::array<float, 4>& sphere,
                std::vector<PointLight>& near) {
    near.clear();
    for (const PointLight& l : lights) {
        const double dx = l.position[0] - sphere[0], dy = l.position[1] - sphere[1],
                     dz = l.position[2] - sphere[2];
        const double reach = static_cast<double>(l.radius) + sphere[3];
        if (dx * dx + dy * dy + dz * dz < reach * reach) near.push_back(l);
    }
}

std::array<float, 16> viewProjection(const view::Camera& camera, double aspect, double nearPlane,
                                     double farPlane) {
    const auto view = view::viewMatrix(camera);
    const auto proj = view::projectionMatrix(camera, aspect, nearPlane, farPlane);
    std::array<float, 16> m{};
    for (int c = 0; c < 4; ++c) {
        for (int r = 0; r < 4; ++r) {
            double sum = 0;
            for (int k = 0; k < 4; ++k)
                sum += static_cast<double>(proj[k * 4 + r]) * view[c * 4 + k];
            m[c * 4 + r] = static_cast<float>(sum);
        }
    }
    return m;
}

} // namespace rgx::renderer
