// Scene assembly of an island-scale demo world, from files to a finished scene graph: WORLD.INI,
// palette, terrain, every ROB / 3DC / TEXBSI the map needs, all placements. The demo is generated
// once (DemoOptions{Scale::Island}) into a temp folder before timing.
// Aim (issue 5): under 0.5 s on one core of a 2-core machine.

#include "demo/demo.h"
#include "demo/demo_catalog.h"
#include "scene/game_fs.h"
#include "scene/redguard/scene_builder.h"

#include <benchmark/benchmark.h>

#include <filesystem>
#include <unistd.h>

namespace {

const std::filesystem::path& islandDir() {
    // Never destroyed, so the exit handler can still read it.
    static const std::filesystem::path* dir = new std::filesystem::path([] {
        const auto d =
            std::filesystem::temp_directory_path() / ("rgx_bench_scene_" + std::to_string(::getpid()));
        std::filesystem::remove_all(d);
        rgx::demo::DemoOptions options;
        options.scale = rgx::demo::Scale::Island;
        rgx::demo::writeDemo(rgx::demo::buildDemo(options), d);
        return d;
    }());
    static const bool cleanup = [] {
        std::atexit([] {
            std::error_code ec;
            std::filesystem::remove_all(*dir, ec);
        });
        return true;
    }();
    (void)cleanup;
    return *dir;
}

void BM_IslandWorldScene(benchmark::State& state) {
    const auto& dir = islandDir();
    std::size_t nodes = 0, triangles = 0, instanced = 0, warnings = 0;
    for (auto _ : state) {
        // A fresh GameFs each time: directory listings and file reads are part of the cost.
        const rgx::scene::GameFs fs(dir);
        const rgx::scene::Scene scene = rgx::scene::buildWorldScene(fs, rgx::demo::kIslandWorld);
        nodes = scene.nodes.size();
        triangles = scene.totalTriangles();
        warnings = scene.warnings.size();
        instanced = 0;
        for (const rgx::scene::SceneNode& n : scene.nodes) {
            if (n.mesh >= 0) instanced += scene.meshes[static_cast<std::size_t>(n.mesh)].triangleCount();
        }
        benchmark::DoNotOptimize(scene.nodes.data());
    }
    state.counters["nodes"] = static_cast<double>(nodes);
    state.counters["mesh_triangles"] = static_cast<double>(triangles);
    state.counters["instanced_triangles"] = static_cast<double>(instanced);
    state.counters["warnings"] = static_cast<double>(warnings);
}
BENCHMARK(BM_IslandWorldScene)->Unit(benchmark::kMillisecond)->MinTime(2.0);

} // namespace

BENCHMARK_MAIN();
