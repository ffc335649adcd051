// `rgx bench`: loads one world (each load phase timed), flies a camera path (--path, --camera, or
// the built-in flight over the world's bounds, renderer::benchPath), renders every frame offscreen with
// the Glide look, the software renderer or both, and reports each figure's min / median / p95 /
// max with the frame counts, as a table and as JSON (--json). `rgx bench --compare A B` prints
// B's figures over A's. Frames are rendered one at a time (each waits for the GPU), so the GPU
// figures are the frame's own and the CPU ones include no waiting on an earlier frame.

#include "app/commands.h"
#include "app/commands/bench_report.h"
#include "app/commands/camera_path_json.h"
#include "app/commands/json_text.h"
#include "app/commands/memory_use.h"
#include "loaders/text.h"
#include "renderer/frame.h"
#include "renderer/look/scene_views.h"
#include "renderer/scene_renderer.h"
#include "renderer/soft/soft_renderer.h"
#include "renderer/vk/context.h"
#include "renderer/vk/offscreen.h"
#include "renderer/vk/resources.h"
#include "scene/scene_builder.h"
#include "scene/world_catalog.h"

#include <sys/resource.h>

#include <algorithm>
#include <array>
#include <chrono>
#include <cmath>
#include <fstream>
#include <iostream>
#include <limits>
#include <map>
#include <optional>
#include <stdexcept>

#ifndef RGX_BUILD_TYPE
#define RGX_BUILD_TYPE "unknown"
#endif

namespace rgx::app {

namespace {

using Clock = renderer::ProfileClock;
using renderer::msSince;
using Json = nlohmann::ordered_json;

long peakRssKiB() {
    rusage usage{};
    getrusage(RUSAGE_SELF, &usage);
    return usage.ru_maxrss; // KiB on Linux
}

// The built-in path's length: long enough that the water and the actors move.
constexpr double kBuiltInPathSeconds = 8.0;

// Frame i of n along the path: evenly from its first key's time to its last's (the last frame on
// the last key); the scene's time counts from the path's start.
struct PathFrame {
    double sceneTime = 0;
    sim::Camera camera;
};
PathFrame pathFrame(const sim::CameraPath& path, int i, int n) {
    const double start = path.keys.front().time;
    const double t = n <= 1       ? start
                     : i == n - 1 ? path.keys.back().time
                                  : start + path.duration() * i / (n - 1);
    return {t - start, sim::cameraAt(path, t)};
}

// One frame's figures and counts. Every record is made before the first frame, so the bench's
// own bookkeeping is not counted as the frame loop's memory growth (MemoryTrack); the summaries
// and the JSON are built from them after the last frame.
constexpr std::size_t kMaxFigures = 32;
constexpr const char* kCountNames[] = {
    "draws", "triangles", "objects_total", "objects_after_pvo", "objects_after_frustum", "pixels_written"};
constexpr std::size_t kCounts = std::size(kCountNames);

struct FrameRecord {
    double time = 0;
    sim::Camera camera;
    std::array<double, kMaxFigures> ms{}; // NaN: the frame had no such figure
    std::array<double, kCounts> counts{}; // pixels_written NaN without the software renderer
};

struct RunRecord {
    // Makes every frame's record, then takes the resident set before the first frame.
    explicit RunRecord(int frames) : frames(static_cast<std::size_t>(frames)), memory(frames) {
        figureNames.reserve(kMaxFigures);
        memory.sample(0);
    }
    std::vector<std::string> figureNames;
    std::vector<FrameRecord> frames;
    MemoryTrack memory;

    // Frame i's figures and counts, and the resident set after it.
    void set(int i, double time, const sim::Camera& camera, const renderer::FrameTimings& timings,
             const renderer::FrameStats& s, std::optional<std::uint64_t> pixels) {
        FrameRecord& r = frames.at(static_cast<std::size_t>(i));
        r.time = time;
        r.camera = camera;
        r.ms.fill(std::numeric_limits<double>::quiet_NaN());
        for (const auto& [name, value] : timings.ms) {
            auto at = std::find(figureNames.begin(), figureNames.end(), name);
            if (at == figureNames.end()) {
                if (figureNames.size() == kMaxFigures)
                    throw std::logic_error("rgx bench: more than " + std::to_string(kMaxFigures) +
                                           " figures");
                at = figureNames.insert(figureNames.end(), name);
            }
            r.ms[static_cast<std::size_t>(at - figureNames.begin())] = value;
        }
        r.counts = {
            double(s.draws),        double(s.triangles),
            double(s.objectsTotal), double(s.objectsAfterPvo),
            double(s.objects),      pixels ? double(*pixels) : std::numeric_limits<double>::quiet_NaN()};
        memory.sample(i + 1);
    }
};

Json finishRun(const RunRecord& run, Json head) {
    renderer::ProfileHistory history;
    std::map<std::string, std::vector<double>> counts;
    Json frames = Json::array();
    for (const FrameRecord& r : run.frames) {
        renderer::FrameTimings timings;
        Json ms = Json::object();
        for (std::size_t f = 0; f < run.figureNames.size(); ++f) {
            if (std::isnan(r.ms[f])) continue;
            timings.ms.emplace_back(run.figureNames[f], r.ms[f]);
            ms[run.figureNames[f]] = r.ms[f];
        }
        history.add(timings);
        Json c = Json::object();
        for (std::size_t k = 0; k < kCounts; ++k) {
            if (std::isnan(r.counts[k])) continue;
            c[kCountNames[k]] = static_cast<std::uint64_t>(r.counts[k]);
            counts[kCountNames[k]].push_back(r.counts[k]);
        }
        frames.push_back(
            Json{{"time", r.time}, {"camera", sim::formatCamera(r.camera)}, {"ms", ms}, {"counts", c}});
    }
    Json figures = Json::object();
    for (const std::string& name : history.names())
        figures[name] = summaryJson(history.summary(name));
    Json countSummaries = Json::object();
    for (const auto& [name, values] : counts)
        countSummaries[name] = summaryJson(renderer::summarize(values));
    Json memory = Json::object();
    if (run.memory.startKiB()) memory["rss_start_kib"] = *run.memory.startKiB();
    if (run.memory.endKiB()) memory["rss_end_kib"] = *run.memory.endKiB();
    if (const std::optional<double> g = run.memory.growthPer1000Frames()) {
        memory["growth_from_frame"] = run.memory.growthFromFrame();
        memory["growth_kib_per_1000_frames"] = *g;
    }
    memory["text"] = run.memory.describe();
    head["memory"] = memory;
    head["figures"] = figures;
    head["counts"] = countSummaries;
    head["frames"] = frames;
    return head;
}

// loadMs: what came before the upload (the Vulkan context, the scene's load), for the time to the
// first frame.
Json benchGlide(const renderer::VulkanContext& context, const scene::Scene& s, const BenchOptions& o,
                const sim::CameraPath* given, double loadMs, std::ostream& progress) {
    const auto started = Clock::now();
    renderer::SceneRendererOptions rendererOptions;
    rendererOptions.multiDraw = o.multiDraw;
    renderer::SceneRenderer sceneRenderer(context, s, rendererOptions);
    const double uploadMs = msSince(started);
    renderer::LookSettings settings;
    const sim::CameraPath path = given ? *given : renderer::benchPath(s, kBuiltInPathSeconds);
    sim::SceneAnimation animation(s, sim::animationSettings(s));
    const VkExtent2D extent{o.size[0], o.size[1]};
    const renderer::OffscreenTarget target = renderer::createOffscreenTarget(context, extent);
    renderer::PassTimer timer(context, 1);
    if (!timer.available()) progress << "note: the queue writes no GPU timestamps: no gpu.* figures\n";

    RunRecord run(o.frames);
    Json head{{"renderer", "glide"}, {"multi_draw", sceneRenderer.multiDraw()}};
    double firstFrameMs = 0;
    for (int i = 0; i < o.frames; ++i) {
        const auto [sceneTime, camera] = pathFrame(path, i, o.frames);
        const auto frameStart = Clock::now();
        animation.setTime(sceneTime);
        renderer::FrameRequest request;
        request.camera = camera;
        request.timeSeconds = sceneTime;
        request.settings = settings;
        request.poses = &animation.poses();
        request.timer = &timer;
        renderer::FrameStats stats;
        double recordingMs = 0;
        const auto submitStart = Clock::now();
        renderer::submitOneShot(context, [&](VkCommandBuffer cmd) {
            const auto r = Clock::now();
            stats = renderer::recordFrame(cmd, target, &sceneRenderer, request);
            recordingMs = msSince(r);
        });
        const double submitMs = msSince(submitStart) - recordingMs; // submit and wait for the GPU
        const double frameMs = msSince(frameStart);
        if (i == 0) firstFrameMs = frameMs;
        renderer::FrameTimings timings;
        renderer::addGpuTimes(timings, timer.read(0));
        renderer::addCpuTimes(timings, stats);
        timings.set("cpu.submitWait", submitMs);
        timings.set("cpu.frame", frameMs);
        run.set(i, sceneTime, request.camera, timings, stats, std::nullopt);
        if (o.frames >= 20 && (i + 1) % (o.frames / 4) == 0)
            progress << "glide: " << i + 1 << " of " << o.frames << " frames\n";
    }
    head["load"] = Json{{"upload_ms", uploadMs},
                        {"pipelines_ms", sceneRenderer.pipelineMilliseconds()},
                        {"first_frame_ms", firstFrameMs},
                        {"to_first_frame_ms", loadMs + uploadMs + firstFrameMs},
                        {"peak_rss_kib", peakRssKiB()}};
    return finishRun(run, head);
}

Json benchSoft(const scene::Scene& s, const BenchOptions& o, const sim::CameraPath* given, double loadMs,
               std::ostream& progress) {
    namespace soft = renderer::soft;
    const auto started = Clock::now();
    soft::SoftRenderer softRenderer(s);
    const double tablesMs = msSince(started);
    renderer::LookSettings settings;
    settings.look = renderer::Look::Software;
    const sim::CameraPath path = given ? *given : renderer::benchPath(s, kBuiltInPathSeconds);
    sim::SceneAnimation animation(s, sim::animationSettings(s));
    soft::IndexedFrame frame;
    std::vector<std::uint8_t> rgba;
    const int w = static_cast<int>(o.size[0]), h = static_cast<int>(o.size[1]);

    RunRecord run(o.frames);
    Json head{{"renderer", "soft"}, {"threads", 0}};
    double firstFrameMs = 0;
    for (int i = 0; i < o.frames; ++i) {
        const auto [sceneTime, camera] = pathFrame(path, i, o.frames);
        const auto frameStart = Clock::now();
        animation.setTime(sceneTime);
        const soft::SoftFrameStats stats =
            softRenderer.render(frame, w, h, camera, sceneTime, settings, o.soft.options, &animation.poses());
        const auto resolveStart = Clock::now();
        soft::resolveRgbaInto(frame, softRenderer.palette(), 1, 0, 0, w, h, rgba);
        const double resolveMs = msSince(resolveStart);
        const double frameMs = msSince(frameStart);
        if (i == 0) firstFrameMs = frameMs;
        head["threads"] = stats.threads;
        renderer::FrameTimings timings;
        soft::addSoftTimes(timings, stats); // its culling is part of soft.setup
        timings.set("soft.resolve", resolveMs);
        timings.set("cpu.frame", frameMs);
        run.set(i, sceneTime, camera, timings, stats.counts, stats.pixels);
        if (o.frames >= 20 && (i + 1) % (o.frames / 4) == 0)
            progress << "soft: " << i + 1 << " of " << o.frames << " frames\n";
    }
    head["load"] = Json{{"upload_ms", tablesMs},
                        {"first_frame_ms", firstFrameMs},
                        {"to_first_frame_ms", loadMs + tablesMs + firstFrameMs},
                        {"peak_rss_kib", peakRssKiB()}};
    return finishRun(run, head);
}

void writeText(const std::string& file, const std::string& text) {
    if (file == "-") {
        std::cout << text;
        return;
    }
    std::ofstream out(file, std::ios::binary);
    out << text;
    if (!out) throw Error(file, Error::kNoOffset, "", "cannot write the report here");
}

} // namespace

int runBench(const BenchOptions& o) {
    if (!o.compare.empty()) {
        printBenchComparison(std::cout, readBenchReport(o.compare[0]), o.compare[0],
                             readBenchReport(o.compare[1]), o.compare[1]);
        return 0;
    }
    // Say what happens on stderr; with --json - the report alone goes to stdout.
    std::ostream& progress = std::cerr;
    auto say = [&](const std::string& line) { progress << line << "\n"; };
    const std::unique_ptr<scene::GameFs> fs = openChosenGame(o.game, say);
    std::optional<sim::CameraPath> path;
    if (!o.path.empty()) {
        path = readCameraPath(o.path);
        if (path->world && *path->world != o.game.world)
            throw Error(o.path, Error::kNoOffset, "world",
                        "the path was recorded in world " + std::to_string(*path->world) +
                            ", its coordinates are not this world's (" + std::to_string(o.game.world) +
                            "): bench it with --world " + std::to_string(*path->world));
    }
    if (o.camera) path = sim::CameraPath{{{0.0, *o.camera}}, std::nullopt};

    const bool glide = o.renderer != "soft", soft = o.renderer != "glide";
    std::optional<renderer::VulkanContext> context;
    const auto contextStart = Clock::now();
    if (glide) context.emplace(renderer::createContext());
    const double contextMs = glide ? msSince(contextStart) : 0.0;

    // The load: the world catalog and the scene, its file reads and parsing counted apart.
    const auto loadStart = Clock::now();
    const scene::WorldCatalog catalog = scene::loadWorldCatalog(*fs);
    const scene::Scene s = scene::buildWorldScene(*fs, catalog, o.game.world, say);
    const double loadMs = msSince(loadStart);
    printSceneWarnings(s, s.title);
    const double filesMs = fs->readMilliseconds(), parseMs = fs->parseMilliseconds();

    Json report{{"rgx_bench", 1},
                {"title", loaders::toUtf8(s.title)},
                {"game", loaders::toUtf8(fs->root().string())},
                {"world", o.game.world},
                {"size", {o.size[0], o.size[1]}},
                {"frames", o.frames},
                {"path", o.camera         ? "camera " + sim::formatCamera(*o.camera)
                         : o.path.empty() ? std::string("built-in")
                                          : loaders::toUtf8(o.path)},
                {"build_type", RGX_BUILD_TYPE}};
    if (context) {
        const renderer::Device& d = context->device;
        report["device"] = Json{{"name", loaders::toUtf8(d.properties.deviceName)},
                                {"driver", loaders::toUtf8(d.driver.driverName)},
                                {"driver_info", loaders::toUtf8(d.driver.driverInfo)},
                                {"multi_draw_indirect", d.multiDrawIndirect},
                                {"timestamps", d.timestampValidBits > 0}};
    } else {
        report["device"] = nullptr;
    }
    report["load"] = Json{{"files_ms", filesMs},
                          {"parse_ms", parseMs},
                          {"scene_ms", std::max(0.0, loadMs - filesMs - parseMs)},
                          {"total_ms", loadMs},
                          {"vulkan_context_ms", contextMs},
                          {"files_read", fs->filesRead()},
                          {"bytes_read", fs->bytesRead()}};
    Json runs = Json::array();
    const sim::CameraPath* given = path ? &*path : nullptr;
    if (glide) runs.push_back(benchGlide(*context, s, o, given, contextMs + loadMs, progress));
    if (soft) runs.push_back(benchSoft(s, o, given, loadMs, progress));
    report["runs"] = runs;

    if (!o.json.empty()) writeText(o.json, report.dump(1) + "\n");
    if (o.json != "-") printBenchTable(std::cout, report);
    if (!o.json.empty() && o.json != "-") std::cout << o.json << "\n";
    return 0;
}

} // namespace rgx::app
