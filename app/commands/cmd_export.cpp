// `rgx export`: a world or a model as glTF 2.0 (export/gltf_export.h, docs/export.md).

#include "app/commands.h"
#include "export/gltf_export.h"
#include "loaders/text.h"
#include "scene/model_mesh.h"
#include "sim/world_clock.h"

#include <chrono>
#include <cstdio>
#include <iostream>
#include <optional>

namespace rgx::app {

int runExport(const ExportCommandOptions& o) {
    const auto started = std::chrono::steady_clock::now();
    auto progress = [](const std::string& line) { std::cerr << line << "\n"; };
    const std::unique_ptr<scene::GameFs> fs = openChosenGame(o.game, progress);
    scene::Scene s = buildChosenScene(o.game, fs.get(), progress);
    printSceneWarnings(s, s.title);
    // Every frame of a 3DC, resident for its morph targets (a world's actors have theirs already).
    if (o.frames)
        for (scene::Mesh& mesh : s.meshes)
            if (mesh.animation && mesh.frameVertices.empty())
                if (const std::string dropped = scene::addModelMeshFrames(mesh); !dropped.empty())
                    std::cerr << "warning: " << loaders::printableLine(dropped) << "\n";

    exporter::ExportOptions options;
    options.textures = o.textures;
    options.frames = o.frames;
    options.groups = o.groups;
    options.worldId = o.game.world;
    options.progress = progress;
    // At rest, the export's animations carrying the actors' groups; with --time, the world state
    // then (the scripts run to it, as `rgx render --time` draws it; the stand-in player at the
    // default view).
    const renderer::PreparedWorld world = renderer::prepareWorld(s);
    std::optional<sim::WorldClock> clock;
    const sim::WorldState* state = nullptr;
    if (o.time) {
        clock.emplace(s, sim::animationSettings(s), o.scripts, o.scriptConfig);
        state = &clock->at(*o.time, sim::scriptPlayer(world.views[0].position));
    }
    const exporter::ExportStats st = exporter::exportGltf(world, state, o.output, options);
    for (const std::string& note : st.notes)
        std::cerr << "warning: " << loaders::printableLine(note) << "\n";
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
    char line[160];
    std::snprintf(line, sizeof line, "%.2f s, %.1f MB", seconds, static_cast<double>(st.bytes) / 1e6);
    std::cout << loaders::toUtf8(s.title) << ": " << st.nodes << " nodes, " << st.meshes << " meshes ("
              << st.primitives << " primitives, " << st.triangles << " triangles, " << st.morphTargets
              << " morph targets), " << st.materials << " materials, " << st.images << " images, "
              << st.lights << " lights, " << st.animations << " animations; " << line << "\n"
              << o.output << "\n";
    return 0;
}

} // namespace rgx::app
