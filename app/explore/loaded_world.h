#pragma once
// One loaded world of the explorer: everything a load replaces, in one object. The explorer holds
// one (Explorer::world_) and a load swaps it whole, in one move, so the scene, the looks that draw
// it, its clock and what was read or worked out about it never belong to different worlds.
//
// The members are declared in the order they are made: each reads only those above it, so the
// reverse order C++ destroys them in is the order they must go (the software look before the
// prepared world it reads, the clock before the scene its actors point into).
//
// Made on the explorer's thread from what the loader's worker built (app/explore/explore_loader.h):
// makeLoadedWorld does every CPU step; the GPU upload (renderer/scene_view.h) is the caller's.

#include "app/explore/explore_loader.h"
#include "app/explore/explore_software.h"
#include "loaders/redguard/rgm.h"
#include "loaders/redguard/wld.h"
#include "renderer/world/prepared_world.h"
#include "scene/redguard/model_resolver.h"
#include "scene/scene_graph.h"
#include "sim/script_config.h"
#include "sim/world_clock.h"

#include <memory>
#include <optional>
#include <vector>

namespace rgx::app {

struct LoadedWorld {
    SceneRequest request;                              // what was asked for
    std::unique_ptr<scene::Scene> scene;               // never null
    std::unique_ptr<renderer::PreparedWorld> prepared; // both looks draw it
    std::unique_ptr<sim::WorldClock> clock;            // the actors and the SOUP scripts
    SoftwareView software;                             // the second look of this world
    // The Inspector's records: the world's RGM and WLD read again when it first needs one (the
    // scene keeps what it built, not the records), and the model files it describes.
    std::optional<loaders::Rgm> rgm;
    std::optional<loaders::WldGrids> wld;
    bool filesRead = false;
    std::unique_ptr<scene::ModelResolver> resolver;
    // The placed geometry, for "go to"'s line of sight: made at the first go to, not at a load.
    std::optional<std::vector<Vec3>> triangles;

    const std::vector<Vec3>& placedGeometry();
};

struct LoadedWorldSettings {
    double viewDistance = 1;        // renderer::WorldSettings::viewDistance
    sim::ScriptConfig scriptConfig; // --script-time, --id0-count
};

// Everything of a loaded scene but its GPU upload. Throws std::runtime_error "STAGE failed: why"
// (the stage: prepared world, software renderer, world clock), leaving nothing behind.
std::unique_ptr<LoadedWorld> makeLoadedWorld(SceneRequest request, std::unique_ptr<scene::Scene> scene,
                                             const LoadedWorldSettings& settings);

} // namespace rgx::app
