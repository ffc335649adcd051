// The Daggerfall demo (issue 42) from files to a finished scene: its town (world 1000, four RMB
// blocks) and one block alone (world 1003), each from a fresh GameFs (BLOCKS.BSA's directory,
// MAPS.BSA, ARCH3D objects, TEXTURE files and the palette read every time).
// Aims (issue 42, docs/performance.md): load to the first frame in at most 150 ms for a town and
// 50 ms for a block; the scene build measured here is the CPU part of that (`rgx bench --world
// 1000` gives the whole).

#include "bench/bench_game_dir.h"
#include "demo/demo.h"
#include "scene/engine.h"
#include "scene/game_fs.h"

#include <benchmark/benchmark.h>

#include <filesystem>

namespace {

const std::filesystem::path& demoDir() {
    return rgx::bench::benchGameDir("daggerfall", [](const std::filesystem::path& dir) {
        rgx::demo::writeDemo(rgx::demo::buildDemo(rgx::demo::DemoOptions{}), dir);
    });
}

void buildWorld(benchmark::State& state, std::int64_t world) {
    rgx::bench::buildWorldEachIteration(state, demoDir(), world);
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
