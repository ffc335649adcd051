#include "renderer/world/prepared_world.h"

#include "renderer/views/scene_views.h"

#include <algorithm>
#include <cmath>

namespace rgx::renderer {

float FogModel::density(double w) const {
    if (!on) return 0.0f;
    const double index = fogTableIndex(w);
    const int i0 = static_cast<int>(index), i1 = std::min(i0 + 1, 63);
    const double f = index - i0;
    return static_cast<float>(table[static_cast<std::size_t>(i0)] * (1.0 - f) +
                              table[static_cast<std::size_t>(i1)] * f);
}

ClipPlanes PreparedWorld::planesFor(const LookSettings& look, const Vec3& eye,
                                    const sim::WorldState* state) const {
    const ClipPlanes world{lighting.nearPlane, lookFarPlane(lighting, look)};
    if (modelNodeBounds.empty()) return world;
    double farthest = 0;
    for (std::size_t i = 0; i < modelNodeBounds.size(); ++i) {
        const scene::Bounds& b = modelNodeBounds[i];
        const sim::NodeState* shown = sim::nodeState(state, i);
        if (b.empty() || (shown && shown->hidden)) continue;
        for (int corner = 0; corner < 8; ++corner) {
            const Vec3 p{corner & 1 ? b.max.x : b.min.x, corner & 2 ? b.max.y : b.min.y,
                         corner & 4 ? b.max.z : b.min.z};
            const Vec3 d = p - eye;
            farthest = std::max(farthest, std::sqrt(d.x * d.x + d.y * d.y + d.z * d.z));
        }
    }
    if (!(farthest > 0)) return world; // nothing shown
    // A little past the corner, so its own pixels stay in front of the plane.
    ClipPlanes fitted;
    fitted.farPlane = farthest * 1.01 + 1e-3;
    fitted.nearPlane = std::min(lighting.nearPlane, fitted.farPlane / 4096);
    return fitted;
}

PreparedWorld prepareWorld(const scene::Scene& scene, const WorldSettings& settings) {
    PreparedWorld w;
    w.scene = &scene;
    w.settings = settings;
    w.lighting = worldLighting(scene);
    // A model has no world and so no fog, whatever FOG.INI the game holds; another engine's world
    // has the fog its engine gave it (Scene::look).
    w.fog.on = w.lighting.hasFog && (scene.redguard.world.has_value() || scene.look.has_value());
    if (!scene.redguard.world) {
        w.modelNodeBounds.resize(scene.nodes.size());
        for (std::size_t i = 0; i < scene.nodes.size(); ++i) {
            const scene::SceneNode& node = scene.nodes[i];
            if (node.mesh >= 0)
                w.modelNodeBounds[i] =
                    scene::Bounds::transformed(scene::nodeDrawBounds(scene, node), node.world);
        }
    }
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
    w.farPlane = lookFarPlane(w.lighting, look);
    for (int v = 0; v < 3; ++v) {
        w.views[static_cast<std::size_t>(v)] = defaultSceneCamera(scene, w.farPlane, v);
        w.views[static_cast<std::size_t>(v)].fovYDeg = settings.fovYDeg;
    }
    if (!scene.redguard.world) w.farPlane = w.planesFor(look, w.views[0].position).farPlane;
    if (w.sky.any()) {
        w.skyView = skyViewCamera(scene, w.farPlane);
        w.skyView->fovYDeg = settings.fovYDeg;
    }
    return w;
}

} // namespace rgx::renderer
