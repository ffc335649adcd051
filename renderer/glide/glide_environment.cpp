#include "renderer/glide/glide_environment.h"

namespace rgx::renderer {

namespace {

shaders::vec4 vec4Of(const std::array<float, 3>& v, float w) {
    return {v[0], v[1], v[2], w};
}
shaders::vec4 vec4Of(const std::array<double, 3>& v, double w) {
    return {static_cast<float>(v[0]), static_cast<float>(v[1]), static_cast<float>(v[2]),
            static_cast<float>(w)};
}

} // namespace

shaders::GlideFrame glideFrame(const PreparedWorld& world, const view::Camera& camera, VkExtent2D extent,
                               double timeSeconds, const LookSettings& settings,
                               const sim::WorldState* state) {
    shaders::GlideFrame f{};
    const WorldLighting& env = world.lighting;
    const ClipPlanes planes = world.planesFor(settings, camera.position, state);
    const double farPlane = planes.farPlane;
    const double aspect = extent.height > 0 ? static_cast<double>(extent.width) / extent.height : 1.0;
    const std::array<float, 16> viewProj = viewProjection(camera, aspect, planes.nearPlane, farPlane);
    for (int c = 0; c < 4; ++c)
        f.viewProj.columns[c] = {viewProj[c * 4], viewProj[c * 4 + 1], viewProj[c * 4 + 2],
                                 viewProj[c * 4 + 3]};
    const Vec3 right = view::cameraRight(camera);
    f.cameraPosition = {static_cast<float>(camera.position.x), static_cast<float>(camera.position.y),
                        static_cast<float>(camera.position.z), 1.0f};
    f.cameraRight = {static_cast<float>(right.x), 0.0f, static_cast<float>(right.z), 0.0f};
    const Vec3 up = view::billboardUp(camera);
    f.billboardUp = {static_cast<float>(up.x), static_cast<float>(up.y), static_cast<float>(up.z), 0.0f};
    f.sunDirection = vec4Of(env.sunDirection, 0);
    f.sunColor = vec4Of(env.sunColor, 0);
    f.ambient = vec4Of(env.ambient, 0);
    // The prepared world's FogModel, evaluated per pixel by glide.frag (the software look reads
    // the same model).
    const FogModel& fog = world.fog;
    f.fogColor = vec4Of(fog.color, fog.on && settings.layers.fog ? 1.0f : 0.0f);
    for (int i = 0; i < 16; ++i)
        f.fogTable[i] = {fog.table[i * 4], fog.table[i * 4 + 1], fog.table[i * 4 + 2], fog.table[i * 4 + 3]};

    const std::vector<PointLight> lights = frameLights(env, camera.position, settings.layers, state);
    for (std::size_t i = 0; i < lights.size(); ++i) {
        const PointLight& l = lights[i];
        const float kind = l.kind == LightKind::Ambient       ? shaders::kGlideLightAmbient
                           : l.kind == LightKind::Directional ? shaders::kGlideLightDirectional
                                                              : shaders::kGlideLightPoint;
        f.lights[i] = {{l.position[0], l.position[1], l.position[2], l.radius},
                       {l.color[0], l.color[1], l.color[2], 1.0f},
                       {l.toLight[0], l.toLight[1], l.toLight[2], kind}};
    }
    f.params = {static_cast<float>(timeSeconds), static_cast<float>(planes.nearPlane),
                static_cast<float>(farPlane), static_cast<float>(lights.size())};
    return f;
}

shaders::GlideSky glideSky(const SkyLook& sky, const std::array<int, 3>& textures, const view::Camera& camera,
                           VkExtent2D extent, double timeSeconds, const LayerToggles& layers) {
    shaders::GlideSky g{};
    const SkyLayers on = skyLayers(sky, layers);
    g.panorama = on.panorama ? textures[static_cast<std::size_t>(SkyLayer::Panorama)] : -1;
    g.clouds = on.clouds ? textures[static_cast<std::size_t>(SkyLayer::Clouds)] : -1;
    g.sun = on.sun ? textures[static_cast<std::size_t>(SkyLayer::Sun)] : -1;
    const int width = static_cast<int>(extent.width), height = static_cast<int>(extent.height);
    const SkyRays rays = skyRays(camera, width, height);
    g.rayForward = vec4Of(rays.forward, std::max(width, 1));
    g.rayRight = vec4Of(rays.right, std::max(height, 1));
    g.rayDown = vec4Of(rays.down, 0);
    g.cloud = {static_cast<float>(sky.cloudSide), static_cast<float>(sky.cloudHeight),
               static_cast<float>(cloudScroll(sky, timeSeconds)), 0.0f};
    g.sunDirection = vec4Of(sky.sunDirection, sky.sunTexelTan);
    g.sunRight = vec4Of(sky.sunRight, 0);
    g.sunUp = vec4Of(sky.sunUp, 0);
    g.sunTint = vec4Of(sky.sunTint, 1.0f);
    return g;
}

} // namespace rgx::renderer
