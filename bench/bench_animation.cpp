// Actor animation cost (issue 16, docs/performance.md): the island-scale demo (`rgx make-demo
// --scale island`, built into a temporary directory once) with every actor playing its first
// group. BM_AnimationUpdate is one explorer frame's update (every actor's clock moved by 1/60 s:
// the ticks that fall due, then every pose), BM_AnimationSetTime one `rgx render --time 60`
// (every actor replayed from tick 0 to tick 720). The counters give the actors and the bytes of
// every resident 3DC frame beyond frame 0 (what the GPU holds for them: 8 floats per vertex).

#include "bench/bench_island.h"
#include "sim/scene_animation.h"

#include <benchmark/benchmark.h>

#include <set>

namespace {

using namespace rgx;

using bench::island;

void counters(benchmark::State& state, const scene::Scene& s) {
    std::set<int> meshes;
    for (const scene::ActorAnimation& a : s.redguard.animations)
        for (const scene::ActorFile& f : a.files)
            if (f.mesh >= 0) meshes.insert(f.mesh);
    double bytes = 0;
    for (int m : meshes)
        bytes += static_cast<double>(s.meshes[static_cast<std::size_t>(m)].frameVertices.size() *
                                     sizeof(scene::MeshVertex));
    state.counters["actors"] = static_cast<double>(s.redguard.actors.size());
    state.counters["resident_frame_bytes"] = bytes;
}

void BM_AnimationUpdate(benchmark::State& state) {
    const scene::Scene& s = island().scene;
    sim::SceneAnimation animation(s, sim::animationSettings(s));
    for (auto _ : state) {
        animation.update(1.0 / 60);
        benchmark::DoNotOptimize(animation.state().nodes.data());
    }
    counters(state, s);
}
BENCHMARK(BM_AnimationUpdate)->Unit(benchmark::kMicrosecond);

void BM_AnimationSetTime(benchmark::State& state) {
    const scene::Scene& s = island().scene;
    sim::SceneAnimation animation(s, sim::animationSettings(s));
    for (auto _ : state) {
        animation.setTime(0);
        animation.setTime(60);
        benchmark::DoNotOptimize(animation.state().nodes.data());
    }
    counters(state, s);
}
BENCHMARK(BM_AnimationSetTime)->Unit(benchmark::kMicrosecond);

} // namespace

BENCHMARK_MAIN();
