// PVO culling on the island-scale demo (DemoOptions{Scale::Island}, generated once into a temp
// folder): one octree query (camera position -> answering node) and the per-frame culling cost
// (the query plus the per-node visibility mask the draw list reads), over a fixed walk of
// camera positions through the island's and the dungeon's octrees.
// Aim (issue 8): a query under 1 microsecond.

#include "demo/demo.h"
#include "demo/demo_catalog.h"
#include "scene/game_fs.h"
#include "scene/redguard/scene_builder.h"
#include "view/pvo_culling.h"

#include <benchmark/benchmark.h>

#include <filesystem>
#include <map>
#include <unistd.h>

namespace {

const std::filesystem::path& islandDir() {
    static const std::filesystem::path* dir = new std::filesystem::path([] {
        const auto d =
            std::filesystem::temp_directory_path() / ("rgx_bench_pvo_" + std::to_string(::getpid()));
        std::filesystem::remove_all(d);
        rgx::demo::DemoOptions options;
        options.scale = rgx::demo::Scale::Island;
        rgx::demo::writeDemo(rgx::demo::buildDemo(options), d);
        std::atexit([] {
            std::error_code ec;
            std::filesystem::remove_all(*dir, ec);
        });
        return d;
    }());
    return *dir;
}

struct Loaded {
    rgx::scene::Scene scene;
    rgx::view::PvoCulling culling;
    std::vector<rgx::Vec3> points; // inside the root cell, scene frame
};

const Loaded& loaded(int world) {
    static std::map<int, Loaded> cache;
    auto it = cache.find(world);
    if (it != cache.end()) return it->second;
    const rgx::scene::GameFs fs(islandDir());
    Loaded l;
    l.scene = rgx::scene::buildWorldScene(fs, world);
    l.culling = rgx::view::PvoCulling::forScene(l.scene);
    const auto& h = l.culling.pvo()->header;
    // 16 x 4 x 16 points spread through 90 % of the root cell (y: scene up = -engine y).
    for (int i = 0; i < 16; ++i)
        for (int j = 0; j < 4; ++j)
            for (int k = 0; k < 16; ++k) {
                const double f = 0.9 * h.cellSize;
                l.points.push_back({h.center[0] + f * (i / 7.5 - 1), -(h.center[1] + f * (j / 1.5 - 1)),
                                    h.center[2] + f * (k / 7.5 - 1)});
            }
    return cache.emplace(world, std::move(l)).first->second;
}

void BM_PvoQuery(benchmark::State& state) {
    const Loaded& l = loaded(static_cast<int>(state.range(0)));
    std::size_t i = 0;
    for (auto _ : state) {
        benchmark::DoNotOptimize(l.culling.findNode(l.points[i]));
        i = (i + 1) % l.points.size();
    }
    state.counters["octree_nodes"] = static_cast<double>(l.culling.pvo()->nodes.size());
}

void BM_PvoFrameCulling(benchmark::State& state) {
    const Loaded& l = loaded(static_cast<int>(state.range(0)));
    std::vector<std::uint8_t> visible;
    std::size_t i = 0, shown = 0, frames = 0;
    for (auto _ : state) {
        l.culling.visibleNodes(l.points[i], visible);
        benchmark::DoNotOptimize(visible.data());
        for (std::uint8_t v : visible)
            shown += v;
        ++frames;
        i = (i + 1) % l.points.size();
    }
    state.counters["scene_nodes"] = static_cast<double>(l.scene.nodes.size());
    state.counters["mean_visible"] = frames ? static_cast<double>(shown) / static_cast<double>(frames) : 0;
}

} // namespace

// Arguments: the world id (0 the island, 2 the dungeon).
BENCHMARK(BM_PvoQuery)->Arg(rgx::demo::kIslandWorld)->Arg(rgx::demo::kInteriorWorld);
BENCHMARK(BM_PvoFrameCulling)->Arg(rgx::demo::kIslandWorld)->Arg(rgx::demo::kInteriorWorld);
BENCHMARK_MAIN();
