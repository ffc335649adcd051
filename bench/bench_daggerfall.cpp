// The Daggerfall demo (issue 42) from files to a finished scene: its town (world 1000, four RMB
// blocks) and one block alone (world 1003), each from a fresh GameFs (BLOCKS.BSA's directory,
// MAPS.BSA, ARCH3D objects, TEXTURE files and the palette read every time).
// Aims (issue 42, docs/performance.md): load to the first frame in at most 150 ms for a town and
// 50 ms for a block; the scene build measured here is the CPU part of that (`rgx bench --world
// 1000` gives the whole).

#include "demo/demo.h"
#include "scene/engine.h"
#include "scene/game_fs.h"

#include <benchmark/benchmark.h>

#include <filesystem>
#include <unistd.h>

namespace {

const std::filesystem::path& demoDir() {
    // Never destroyed, so the exit handler can still read it.
    static const std::filesystem::path* dir = new std::filesystem::path([] {
        const auto d =
            std::filesystem::temp_directory_path() / ("rgx_bench_daggerfall_" + std::to_string(::getpid()));
        std::filesystem::remove_all(d);
        rgx::demo::writeDemo(rgx::demo::buildDemo(rgx::demo::DemoOptions{}), d);
        std::atexit([] {
            std::error_code ec;
            std::filesystem::remove_all(*dir, ec);
        });
        return d;
    }());
    return *dir;
}

void buildWorld(benchmark::State& state, std::int64_t world) {
    std::size_t nodes = 0, triangles = 0, warnings = 0;
    for (auto _ : state) {
        const rgx::scene::GameFs fs(demoDir());
        const rgx::scene::Scene scene = rgx::scene::buildGameWorld(fs, world);
        nodes = scene.nodes.size();
        triangles = scene.totalTriangles();
        warnings = scene.warnings.size();
        benchmark::DoNotOptimize(scene.nodes.data());
    }
    state.counters["nodes"] = static_cast<double>(nodes);
    state.counters["mesh_triangles"] = static_cast<double>(triangles);
    state.counters["warnings"] = static_cast<double>(warnings);
}

void BM_DaggerfallTownScene(benchmark::State& state) {
    buildWorld(state, 1000);
}
void BM_DaggerfallBlockScene(benchmark::State& state) {
    buildWorld(state, 1003);
}
BENCHMARK(BM_DaggerfallTownScene)->Unit(benchmark::kMillisecond)->MinTime(1.0);
BENCHMARK(BM_DaggerfallBlockScene)->Unit(benchmark::kMillisecond)->MinTime(1.0);

} // namespace

BENCHMARK_MAIN();
