// `rgx bench`: loads one world (each load phase timed), flies a camera path (--path, --camera, or
// the built-in flight over the world's bounds, renderer::benchPath), renders every frame offscreen with
// the Glide look, the software renderer or both (one path for every look, renderer/looks.h), and reports each
// figure's min / median / p95 / max with the frame counts, as a table and as JSON (--json). `rgx bench
// --compare A B` prints B's figures over A's. Frames are rendered one at a time (each waits for the GPU), so
// the GPU figures are the frame's own and the CPU ones include no waiting on an earlier frame.

#include "app/commands.h"
#include "app/commands/bench_report.h"
#include "app/commands/camera_path_json.h"
#include "app/commands/json_text.h"
#include "app/commands/memory_use.h"
#include "loaders/text.h"
#include "renderer/looks.h"
#include "renderer/views/scene_views.h"
#include "renderer/vk/context.h"
#include "renderer/world/prepared_world.h"
#include "scene/engine.h"
#include "scene/redguard/scene_builder.h"
#include "scene/redguard/world_catalog.h"
#include "sim/scene_animation.h"
#include "sim/world_clock.h"

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
    view::Camera camera;
};
PathFrame pathFrame(const view::CameraPath& path, int i, int n) {
    const double start = path.keys.front().time;
    const double t = n <= 1       ? start
                     : i == n - 1 ? path.keys.back().time
                                  : start + path.duration() * i / (n - 1);
    return {t - start, view::cameraAt(path, t)};
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
    view::Camera camera;
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
    void set(int i, double time, const view::Camera& camera, const renderer::FrameTimings& timings,
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
            Json{{"time", r.time}, {"camera", view::formatCamera(r.camera)}, {"ms", ms}, {"counts", c}});
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

// One look flown along the path, every frame timed. worldMs: the world's load (files, parsing,
// scene); contextMs: the Vulkan context made before it for a GPU look (0 for the software look).
Json benchLook(renderer::Look look, const renderer::PreparedWorld& world,
               const renderer::LookOptions& lookOptions, const BenchOptions& o, const view::CameraPath* given,
               double worldMs, double contextMs, std::ostream& progress) {
    const scene::Scene& s = *world.scene;
    const std::unique_ptr<renderer::LookRenderer> drawer =
        renderer::makeLookRenderer(look, world, lookOptions);
    const renderer::LookInfo info = drawer->info();
    const view::CameraPath path = given ? *given : renderer::benchPath(s, kBuiltInPathSeconds);
    sim::WorldClock clock(s, sim::animationSettings(s), true); // as `rgx render` draws the time: scripts on
    const char* name = renderer::lookName(look);

    RunRecord run(o.frames);
    Json head{{"renderer", name}};
    if (const double* m = info.figures.find(renderer::figure::kGlideMultiDraw)) head["multi_draw"] = *m != 0;
    double firstFrameMs = 0;
    bool saidNoGpuTimes = false;
    for (int i = 0; i < o.frames; ++i) {
        const auto [sceneTime, camera] = pathFrame(path, i, o.frames);
        const auto frameStart = Clock::now();
        renderer::FrameRequest request;
        request.camera = camera;
        request.timeSeconds = sceneTime;
        request.width = static_cast<int>(o.size[0]);
        request.height = static_cast<int>(o.size[1]);
        request.world = &clock.at(sceneTime, sim::scriptPlayer(camera.position));
        request.settings.soft = o.soft.options;
        request.picture = false; // figures only: a GPU look's readback is not part of its frame
        renderer::LookFrame frame = drawer->render(request);
        const double frameMs = msSince(frameStart);
        if (i == 0) firstFrameMs = frameMs;
        if (renderer::lookNeedsVulkan(look) && i == 0 && !saidNoGpuTimes &&
            std::none_of(frame.timings.ms.begin(), frame.timings.ms.end(),
                         [](const auto& f) { return f.first.rfind("gpu.", 0) == 0; })) {
            progress << "note: the queue writes no GPU timestamps: no gpu.* figures\n";
            saidNoGpuTimes = true;
        }
        if (const double* t = frame.figures.find(renderer::figure::kSoftThreads))
            head["threads"] = static_cast<int>(*t);
        frame.timings.set("cpu.frame", frameMs);
        const double* pixels = frame.figures.find(renderer::figure::kSoftPixelsWritten);
        run.set(i, sceneTime, camera, frame.timings, frame.stats,
                pixels ? std::optional<std::uint64_t>(static_cast<std::uint64_t>(*pixels)) : std::nullopt);
        if (o.frames >= 20 && (i + 1) % (o.frames / 4) == 0)
            progress << name << ": " << i + 1 << " of " << o.frames << " frames\n";
    }
    Json load{{"upload_ms", info.prepareMs}};
    if (const double* p = info.figures.find(renderer::figure::kGlidePipelinesMs)) load["pipelines_ms"] = *p;
    if (const double* p = info.figures.find(renderer::figure::kGlidePipelinesMade))
        load["pipelines_made"] = static_cast<int>(*p);
    load["first_frame_ms"] = firstFrameMs;
    // What picking this world costs a process that has its device (the explorer's world picker):
    // the aim's figure. And the same from the process's start, the Vulkan context included.
    load["world_to_first_frame_ms"] = worldMs + info.prepareMs + firstFrameMs;
    load["to_first_frame_ms"] = contextMs + worldMs + info.prepareMs + firstFrameMs;
    load["peak_rss_kib"] = peakRssKiB();
    head["load"] = load;
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
    std::optional<view::CameraPath> path;
    if (!o.path.empty()) {
        path = readCameraPath(o.path);
        if (path->world && *path->world != o.game.world)
            throw Error(o.path, Error::kNoOffset, "world",
                        "the path was recorded in world " + std::to_string(*path->world) +
                            ", its coordinates are not this world's (" + std::to_string(o.game.world) +
                            "): bench it with --world " + std::to_string(*path->world));
    }
    if (o.camera) path = view::CameraPath{{{0.0, *o.camera}}, std::nullopt};

    // The looks benched: the one named, or every look ("both").
    const std::vector<renderer::Look> looks =
        o.renderer == "both" ? renderer::allLooks()
                             : std::vector<renderer::Look>{renderer::parseLook(o.renderer, "--renderer")};
    const bool vulkan = std::any_of(looks.begin(), looks.end(), renderer::lookNeedsVulkan);
    std::optional<renderer::VulkanContext> context;
    const auto contextStart = Clock::now();
    if (vulkan) context.emplace(renderer::createContext());
    const double contextMs = vulkan ? msSince(contextStart) : 0.0;

    // The load: the world catalog and the scene, its file reads and parsing counted apart.
    const auto loadStart = Clock::now();
    const scene::Scene s = scene::buildGameWorld(*fs, o.game.world, say);
    const double loadMs = msSince(loadStart);
    printSceneWarnings(s, s.title);
    const double filesMs = fs->readMilliseconds(), parseMs = fs->parseMilliseconds();

    Json report{{"rgx_bench", 1},
                {"title", loaders::toUtf8(s.title)},
                {"game", loaders::toUtf8(fs->root().string())},
                {"world", o.game.world},
                {"size", {o.size[0], o.size[1]}},
                {"frames", o.frames},
                {"path", o.camera         ? "camera " + view::formatCamera(*o.camera)
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
                          // The driver data the pipeline cache started from (0: empty; null: no file).
                          {"pipeline_cache_bytes", context && !context->pipelineCache.file().empty()
                                                       ? Json(context->pipelineCache.loadedBytes())
                                                       : Json()},
                          {"files_read", fs->filesRead()},
                          {"bytes_read", fs->bytesRead()}};
    // The aim of the world's load to its first frame, world_to_first_frame_ms (docs/performance.md):
    // a single block 50 ms, any other world (a Redguard world, a town, a dungeon) 150 ms. Asked after the
    // load's figures were taken (it reads the world lists again) and never fatal: 150 when they cannot be
    // read.
    double aimMs = 150;
    try {
        for (const scene::GameWorld& w : scene::GameDirectory(*fs).worlds())
            if (w.world.id == o.game.world && w.world.kind == "block") aimMs = 50;
    } catch (const Error&) {
    }
    Json runs = Json::array();
    const view::CameraPath* given = path ? &*path : nullptr;
    const renderer::PreparedWorld world = renderer::prepareWorld(s);
    renderer::LookOptions lookOptions;
    lookOptions.vulkan = context ? &*context : nullptr;
    lookOptions.multiDraw = o.multiDraw;
    for (const renderer::Look look : looks)
        runs.push_back(benchLook(look, world, lookOptions, o, given, loadMs,
                                 renderer::lookNeedsVulkan(look) ? contextMs : 0.0, progress));
    for (Json& run : runs)
        run["load"]["aim_ms"] = aimMs;
    report["runs"] = runs;

    if (!o.json.empty()) writeText(o.json, report.dump(1) + "\n");
    if (o.json != "-") printBenchTable(std::cout, report);
    if (!o.json.empty() && o.json != "-") std::cout << o.json << "\n";
    return 0;
}

} // namespace rgx::app
