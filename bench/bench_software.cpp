// The software renderer against the Glide path on the same view (issue 15, docs/performance.md):
// the island-scale demo (`rgx make-demo --scale island`, built into a temporary directory once) at
// its default world camera, 640x480 and 1280x720. BM_SoftwareFrame is one whole software frame
// (setup + raster on every core, the waves moving; palette indices and depth, as the explorer
// gets it before composing), BM_GlideFrame one Glide frame on whatever Vulkan device there is
// (lavapipe here) into a target made once: the one frame path (compute, draws) submitted and
// waited for, no readback. Run both in one process for the ratio (docs/performance.md).

#include "bench/bench_island.h"
#include "renderer/frame.h"
#include "renderer/look/scene_views.h"
#include "renderer/scene_renderer.h"
#include "renderer/soft/soft_renderer.h"
#include "renderer/vk/context.h"
#include "renderer/vk/resources.h"

#include <benchmark/benchmark.h>

#include <memory>

namespace {

using namespace rgx;

using bench::island;

sim::Camera cameraFor(const scene::Scene& s, double farPlane) {
    return renderer::defaultSceneCamera(s, farPlane, 0);
}

// The frame without the sky's layers (the fill only): what the sky costs each look.
renderer::LookSettings withoutSky() {
    renderer::LookSettings settings;
    settings.layers.sky = settings.layers.clouds = settings.layers.sun = false;
    return settings;
}

void softwareFrame(benchmark::State& state, const renderer::LookSettings& settings) {
    const scene::Scene& s = island().scene;
    renderer::soft::SoftRenderer software(s);
    const sim::Camera camera = cameraFor(s, software.farPlane({}));
    renderer::soft::IndexedFrame frame;
    renderer::soft::SoftOptions options;
    options.threads = static_cast<int>(state.range(2));
    double t = 0, setup = 0, raster = 0;
    std::uint64_t triangles = 0, pixels = 0;
    for (auto _ : state) {
        const renderer::soft::SoftFrameStats st =
            software.render(frame, static_cast<int>(state.range(0)), static_cast<int>(state.range(1)), camera,
                            t, settings, options);
        t += 1.0 / 60;
        setup += st.setupMs;
        raster += st.rasterMs;
        triangles = st.triangles;
        pixels = st.pixels;
        benchmark::DoNotOptimize(frame.index.data());
    }
    const double n = static_cast<double>(state.iterations());
    state.counters["setup_ms"] = setup / n;
    state.counters["raster_ms"] = raster / n;
    state.counters["triangles"] = static_cast<double>(triangles);
    state.counters["pixels"] = static_cast<double>(pixels);
}
void BM_SoftwareFrame(benchmark::State& state) {
    softwareFrame(state, {});
}
void BM_SoftwareFrameWithoutSky(benchmark::State& state) {
    softwareFrame(state, withoutSky());
}
// (width, height, threads: 0 = every core)
BENCHMARK(BM_SoftwareFrameWithoutSky)->Args({640, 480, 0})->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK(BM_SoftwareFrame)
    ->Args({640, 480, 0})
    ->Args({640, 480, 1})
    ->Args({1280, 720, 0})
    ->Args({320, 200, 0})
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime();

void glideFrame(benchmark::State& state, const renderer::LookSettings& settings) {
    const scene::Scene& s = island().scene;
    renderer::ContextOptions contextOptions;
    contextOptions.instance.validation = false;
    renderer::VulkanContext context = renderer::createContext(contextOptions);
    renderer::SceneRenderer glide(context, s);
    const sim::Camera camera = cameraFor(s, glide.farPlane({}));
    const VkExtent2D extent{static_cast<std::uint32_t>(state.range(0)),
                            static_cast<std::uint32_t>(state.range(1))};
    const renderer::OffscreenTarget target = renderer::createOffscreenTarget(context, extent);
    renderer::FrameRequest request;
    request.camera = camera;
    request.keepDepth = false;
    request.settings = settings;
    for (auto _ : state) {
        renderer::submitOneShot(
            context, [&](VkCommandBuffer cmd) { renderer::recordFrame(cmd, target, &glide, request); });
        request.timeSeconds += 1.0 / 60;
    }
    state.SetLabel(context.device.properties.deviceName);
}
void BM_GlideFrame(benchmark::State& state) {
    glideFrame(state, {});
}
void BM_GlideFrameWithoutSky(benchmark::State& state) {
    glideFrame(state, withoutSky());
}
BENCHMARK(BM_GlideFrame)->Args({640, 480})->Args({1280, 720})->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK(BM_GlideFrameWithoutSky)->Args({640, 480})->Unit(benchmark::kMillisecond)->UseRealTime();

} // namespace

BENCHMARK_MAIN();
