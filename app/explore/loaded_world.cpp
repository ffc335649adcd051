#include "app/explore/loaded_world.h"

#include "renderer/views/interior_view.h"

#include <stdexcept>
#include <string>

namespace rgx::app {

const std::vector<Vec3>& LoadedWorld::placedGeometry() {
    if (!triangles) triangles = renderer::placedTriangles(*scene);
    return *triangles;
}

std::unique_ptr<LoadedWorld> makeLoadedWorld(SceneRequest request, std::unique_ptr<scene::Scene> scene,
                                             const LoadedWorldSettings& settings) {
    auto world = std::make_unique<LoadedWorld>();
    world->request = std::move(request);
    world->scene = std::move(scene);
    const scene::Scene& s = *world->scene;
    std::string stage = "prepared world";
    try {
        renderer::WorldSettings worldSettings;
        worldSettings.viewDistance = settings.viewDistance;
        world->prepared = std::make_unique<renderer::PreparedWorld>(renderer::prepareWorld(s, worldSettings));
        stage = "software renderer";
        world->software.show(*world->prepared);
        stage = "world clock";
        // The scripts run whenever the world has them; the Scripts panel turns them off.
        world->clock =
            std::make_unique<sim::WorldClock>(s, sim::animationSettings(s), true, settings.scriptConfig);
    } catch (const std::exception& e) {
        throw std::runtime_error(stage + " failed: " + e.what());
    }
    return world;
}

} // namespace rgx::app
