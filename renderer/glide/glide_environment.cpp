#include "renderer/glide/glide_environment.h"

#include <algorithm>
#include <cmath>

namespace rgx::renderer {

namespace {

std::array<float, 3> normalized(double x, double y, double z) {
    const double len = std::sqrt(x * x + y * y + z * z);
    if (len <= 0) return {0, 1, 0};
    return {static_cast<float>(x / len), static_cast<float>(y / len), static_cast<float>(z / len)};
}

shaders::vec4 vec4Of(const std::array<float, 3>& v, float w) {
    return {v[0], v[1], v[2], w};
}

} // namespace

GlideEnvironment glideEnvironment(const scene::Scene& scene) {
    const loaders::SystemIni& system = scene.environment.system;
    const std::optional<std::array<std::uint8_t, 64>>& fog = scene.environment.fog;
    GlideEnvironment env;
    env.nearPlane = static_cast<double>(std::max<std::int64_t>(system.frontPlane, 1));
    env.farPlane = static_cast<double>(std::max<std::int64_t>(system.backPlane, 1)) * kGlidePlaneScale;
    env.farPlane = std::max(env.farPlane, env.nearPlane * 2);

    if (!scene.world) {
        // Model viewer: a key light from above the south-east so every side reads.
        env.sunDirection = normalized(0.4, 0.8, 0.45);
        env.sunColor = {0.7f, 0.7f, 0.7f};
        env.ambient = {0.35f, 0.35f, 0.35f};
        const scene::Bounds b = scene.worldBounds();
        if (!b.empty()) {
            const double dx = b.max.x - b.min.x, dy = b.max.y - b.min.y, dz = b.max.z - b.min.z;
            env.farPlane = std::max(env.farPlane, 8 * std::sqrt(dx * dx + dy * dy + dz * dz));
        }
        return env;
    }
    const loaders::WorldEntry& w = *scene.world;
    const double ambientLevel = static_cast<double>(w.ambient.value_or(system.ambientLight)) / 128.0;
    const std::array<std::int64_t, 3> ambientRgb =
        w.ambientRgb.value_or(std::array<std::int64_t, 3>{255, 255, 255});
    for (int i = 0; i < 3; ++i)
        env.ambient[i] = static_cast<float>(std::clamp(ambientRgb[i] / 255.0 * ambientLevel, 0.0, 2.0));
    if (w.sun) {
        const auto& s = *w.sun;
        const scene::Vec3 toSun = scene::engineToScene(
            {static_cast<double>(s[0]), static_cast<double>(s[1]), static_cast<double>(s[2])});
        env.sunDirection = normalized(toSun.x, toSun.y, toSun.z);
        const std::array<std::int64_t, 4> rgb =
            w.sunRgb.value_or(std::array<std::int64_t, 4>{255, 255, 255, 100});
        const double intensity = std::clamp(static_cast<double>(s[3]) / 255.0, 0.0, 2.0);
        for (int i = 0; i < 3; ++i)
            env.sunColor[i] = static_cast<float>(std::clamp(rgb[i] / 255.0, 0.0, 1.0) * intensity);
    }
    if (w.fogRgb) {
        for (int i = 0; i < 3; ++i)
            env.fogColor[i] = static_cast<float>(std::clamp((*w.fogRgb)[i] / 255.0, 0.0, 1.0));
        env.clear = {env.fogColor[0], env.fogColor[1], env.fogColor[2], 1.0f};
        if (fog) {
            const std::array<std::uint8_t, 64>& table = *fog;
            for (std::size_t i = 0; i < table.size(); ++i) {
                env.fog[i] = static_cast<float>(table[i]) / 255.0f;
                env.hasFog = env.hasFog || table[i] != 0;
            }
        }
    }
    for (const scene::SceneNode& node : scene.nodes) {
        if (node.kind != scene::NodeKind::Light || !node.light) continue;
        const scene::Vec3 p = node.world.translationPart();
        const loaders::ColorRgb c = node.light->color;
        env.lights.push_back({{static_cast<float>(p.x), static_cast<float>(p.y), static_cast<float>(p.z),
                               static_cast<float>(kGlideLightRadius)},
                              {c.r / 255.0f, c.g / 255.0f, c.b / 255.0f, 1.0f}});
    }
    return env;
}

double glideFarPlane(const GlideEnvironment& env, const LookSettings& settings) {
    return std::max(env.farPlane * std::max(settings.viewDistance, 0.01), env.nearPlane * 2);
}

shaders::GlideFrame glideFrame(const GlideEnvironment& env, const sim::Camera& camera, VkExtent2D extent,
                               double timeSeconds, const LookSettings& settings) {
    shaders::GlideFrame f{};
    const double farPlane = glideFarPlane(env, settings);
    const double aspect = extent.height > 0 ? static_cast<double>(extent.width) / extent.height : 1.0;
    const auto view = sim::viewMatrix(camera);
    const auto proj = sim::projectionMatrix(camera, aspect, env.nearPlane, farPlane);
    for (int c = 0; c < 4; ++c) {
        float col[4];
        for (int r = 0; r < 4; ++r) {
            double sum = 0;
            for (int k = 0; k < 4; ++k)
                sum += static_cast<double>(proj[k * 4 + r]) * view[c * 4 + k];
            col[r] = static_cast<float>(sum);
        }
        f.viewProj.columns[c] = {col[0], col[1], col[2], col[3]};
    }
    const scene::Vec3 right = sim::cameraRight(camera);
    f.cameraPosition = {static_cast<float>(camera.position.x), static_cast<float>(camera.position.y),
                        static_cast<float>(camera.position.z), 1.0f};
    f.cameraRight = {static_cast<float>(right.x), 0.0f, static_cast<float>(right.z), 0.0f};
    f.sunDirection = vec4Of(env.sunDirection, 0);
    f.sunColor = vec4Of(env.sunColor, 0);
    f.ambient = vec4Of(env.ambient, 0);
    f.fogColor = vec4Of(env.fogColor, env.hasFog && settings.layers.fog ? 1.0f : 0.0f);
    for (int i = 0; i < 16; ++i)
        f.fogTable[i] = {env.fog[i * 4], env.fog[i * 4 + 1], env.fog[i * 4 + 2], env.fog[i * 4 + 3]};

    std::uint32_t count = 0;
    if (settings.layers.lights && !env.lights.empty()) {
        // The nearest lights to the camera (ties by scene order, so the choice is deterministic).
        std::vector<std::pair<double, std::size_t>> order;
        for (std::size_t i = 0; i < env.lights.size(); ++i) {
            const auto& p = env.lights[i].positionRadius;
            const double dx = p.x - camera.position.x, dy = p.y - camera.position.y,
                         dz = p.z - camera.position.z;
            order.push_back({dx * dx + dy * dy + dz * dz, i});
        }
        std::sort(order.begin(), order.end());
        count = static_cast<std::uint32_t>(std::min<std::size_t>(order.size(), shaders::kGlideMaxLights));
        for (std::uint32_t i = 0; i < count; ++i)
            f.lights[i] = env.lights[order[i].second];
    }
    f.params = {static_cast<float>(timeSeconds), static_cast<float>(env.nearPlane),
                static_cast<float>(farPlane), static_cast<float>(count)};
    return f;
}

} // namespace rgx::renderer
