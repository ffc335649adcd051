#include "renderer/world/prepared_world.h"

#include "renderer/views/scene_views.h"

namespace rgx::renderer {

float FogModel::density(double w) const {
    if (!on) return 0.0f;
    const double index = fogTableIndex(w);
    const int i0 = static_cast<int>(index), i1 = std::min(i0 + 1, 63);
    const double f = index - i0;
    return static_cast<float>(table[static_cast<std::size_t>(i0)] * (1.0 - f) +
                              table[static_cast<std::size_t>(i1)] * f);
}

PreparedWorld prepareWorld(const scene::Scene& scene, const WorldSettings& settings) {
    PreparedWorld w;
    w.scene = &scene;
    w.settings = settings;
    w.lighting = worldLighting(scene);
    w.fog.on = w.lighting.hasFog;
    w.fog.table = w.lighting.fog;
    w.fog.color = w.lighting.fogColor;
    w.sky = skyLook(scene);
    w.rain = rainLook(scene);
    w.worldWave = sim::worldWaveSettings(scene);
    w.wave = w.worldWave;
    if (settings.editWave) settings.editWave(w.wave);
    w.pvo = view::PvoCulling::forScene(scene);
    LookSettings look;
    look.viewDistance = settings.viewDistance;
    w.farPlane = w.farPlaneFor(look);
    for (int v = 0; v < 3; ++v) {
        w.views[static_cast<std::size_t>(v)] = defaultSceneCamera(scene, w.farPlane, v);
        w.views[static_cast<std::size_t>(v)].fovYDeg = settings.fovYDeg;
    }
    if (w.sky.any()) {
        w.skyView = skyViewCamera(scene, w.farPlane);
        w.skyView->fovYDeg = settings.fovYDeg;
    }
    return w;
}

} // namespace rgx::renderer
