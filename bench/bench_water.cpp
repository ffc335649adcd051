// The CPU water reference (sim/water.h) over the demo island's whole 256 x 256 grid: what one
// frame of the terrain compute passes costs on one CPU core, to set against the GPU timestamps
// that `rgx render` prints (docs/performance.md). The grid comes straight from the demo's
// ISLAND.WLD bytes (built in memory, nothing written to disk).

#include "demo/demo.h"
#include "loaders/redguard/wld.h"
#include "scene/redguard/terrain.h"
#include "scene/redguard/terrain_normals.h"
#include "sim/water.h"

#include <benchmark/benchmark.h>

#include <stdexcept>

namespace {

const rgx::scene::TerrainGrid& islandGrid() {
    static const rgx::scene::TerrainGrid grid = [] {
        const rgx::demo::DemoTree tree = rgx::demo::buildDemo({});
        for (const auto& [path, bytes] : tree) {
            if (path.ends_with("ISLAND.WLD"))
                return rgx::scene::terrainGrid(rgx::loaders::wldGrids(rgx::loaders::readWld(bytes, path)));
        }
        throw std::runtime_error("the demo has no ISLAND.WLD");
    }();
    return grid;
}

// Heights (water displaced) and normals of the whole grid, as both compute passes produce them.
void BM_WaterSurfaceCpu(benchmark::State& state) {
    const rgx::scene::TerrainGrid& grid = islandGrid();
    const std::vector<std::uint8_t> water = rgx::sim::waterVertices(grid);
    rgx::sim::WaveSettings settings = rgx::sim::waveSettings(std::array<std::int64_t, 3>{24, 16, 3});
    double t = 0;
    for (auto _ : state) {
        const rgx::sim::TerrainSurface s =
            rgx::sim::terrainSurface(grid, water, rgx::sim::waveFrame(settings, t, {32768, 500, 32768}));
        benchmark::DoNotOptimize(s.normal.data());
        t += 1.0 / 60;
    }
    state.counters["water cells"] = static_cast<double>(grid.waterCells);
}
BENCHMARK(BM_WaterSurfaceCpu)->Unit(benchmark::kMillisecond);

// The normals alone (the second pass).
void BM_TerrainNormalsCpu(benchmark::State& state) {
    const rgx::scene::TerrainGrid& grid = islandGrid();
    for (auto _ : state) {
        const std::vector<rgx::Vec3> n = rgx::scene::terrainVertexNormals(
            grid.height, rgx::scene::TerrainGrid::kSize, rgx::scene::TerrainGrid::kCell);
        benchmark::DoNotOptimize(n.data());
    }
}
BENCHMARK(BM_TerrainNormalsCpu)->Unit(benchmark::kMillisecond);

} // namespace

BENCHMARK_MAIN();
