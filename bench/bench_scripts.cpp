// Script cost (issue 31, docs/performance.md): the island-scale demo (`rgx make-demo --scale
// island`, built once) with every scripted object running. BM_ScriptTick is one game tick of
// every script (the aim: under 0.2 ms on one core); BM_ScriptScrub600 a fresh world scrubbed to
// t = 600 s (7,200 ticks, snapshots taken on the way; the aim: under 100 ms); BM_ScriptApply the
// world state the scripts show, built once per frame.

#include "bench/bench_island.h"
#include "sim/script_world.h"

#include <benchmark/benchmark.h>

namespace {

using namespace rgx;

using bench::island;

void counters(benchmark::State& state, const scene::Scene& s) {
    state.counters["objects"] = static_cast<double>(s.redguard.scriptObjects.size());
    state.counters["scripts"] = static_cast<double>(s.redguard.scripts.size());
}

void BM_ScriptTick(benchmark::State& state) {
    const scene::Scene& s = island().scene;
    sim::ScriptVm vm(sim::sceneScriptProgram(s));
    for (int t = 0; t < 240; ++t) // past the start: patrols, doors and gulls under way
        vm.tick({});
    for (auto _ : state) {
        vm.tick({});
        benchmark::DoNotOptimize(vm.instance(0).object.position);
    }
    counters(state, s);
}
BENCHMARK(BM_ScriptTick)->Unit(benchmark::kMicrosecond);

void BM_ScriptScrub600(benchmark::State& state) {
    const scene::Scene& s = island().scene;
    for (auto _ : state) {
        sim::ScriptWorld world(s, 12);
        world.setTime(600);
        benchmark::DoNotOptimize(world.vm().ticks());
    }
    counters(state, s);
}
BENCHMARK(BM_ScriptScrub600)->Unit(benchmark::kMillisecond);

void BM_ScriptApply(benchmark::State& state) {
    const scene::Scene& s = island().scene;
    sim::SceneAnimation animation(s, sim::animationSettings(s));
    sim::ScriptWorld world(s, 12);
    world.setTime(30);
    animation.setTime(30);
    sim::WorldState out;
    for (auto _ : state) {
        world.apply(out, &animation);
        benchmark::DoNotOptimize(out.nodes.data());
    }
    counters(state, s);
}
BENCHMARK(BM_ScriptApply)->Unit(benchmark::kMicrosecond);

} // namespace

BENCHMARK_MAIN();
