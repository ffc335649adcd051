// `rgx render`: one scene drawn offscreen with the SceneRenderer (the Glide look, Vulkan) and
// written as PNG, or with the software renderer (--renderer soft, or where no Vulkan device
// exists) as an indexed PNG; or --tour: a few views of every world of the game into a directory.
// Deterministic for a given --time.

#include "app/commands.h"
#include "app/commands/wave_options.h"
#include "demo/demo.h"
#include "loaders/error.h"
#include "loaders/text.h"
#include "renderer/look/frame_profile.h"
#include "renderer/look/scene_views.h"
#include "renderer/look/sky.h"
#include "renderer/render_image.h"
#include "renderer/scene_renderer.h"
#include "renderer/soft/indexed_png.h"
#include "renderer/soft/soft_renderer.h"
#include "renderer/vk/context.h"
#include "renderer/vk/png.h"
#include "scene/scene_builder.h"

#include <array>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <iostream>
#include <memory>
#include <optional>

namespace rgx::app {

namespace {

using Clock = renderer::ProfileClock;
using renderer::msSince;

// The tour's views: 0..2 round the busiest place (defaultSceneCamera), kSkyView up at the sky.
constexpr int kSkyView = -1;
sim::Camera tourCamera(const scene::Scene& s, double farPlane, int view) {
    return view == kSkyView ? renderer::skyViewCamera(s, farPlane)
                            : renderer::defaultSceneCamera(s, farPlane, view);
}

void printStats(const std::string& what, const renderer::FrameStats& s, bool terrainComputed, double loadMs,
                double uploadMs, double renderMs, double writeMs) {
    // Objects: total (layers on) -> after PVO -> after frustum (drawn).
    std::cout << what << ": " << s.draws << " draws, " << s.triangles << " triangles, objects "
              << s.objectsTotal << " total, " << s.objectsAfterPvo << " after PVO"
              << (s.pvoApplied ? "" : " (no PVO here)") << ", " << s.objects << " after frustum; load "
              << static_cast<int>(loadMs) << " ms, upload " << static_cast<int>(uploadMs)
              << " ms, render+readback " << static_cast<int>(renderMs) << " ms, png "
              << static_cast<int>(writeMs) << " ms";
    // The terrain compute pass (water waves, normals) as the GPU timed it.
    if (s.computeMs) {
        char ms[32];
        std::snprintf(ms, sizeof ms, "%.3f", *s.computeMs);
        std::cout << ", terrain compute " << ms << " ms (GPU)";
    } else if (terrainComputed) {
        std::cout << ", terrain compute not timed (the queue has no GPU timestamps)";
    }
    std::cout << "\n";
}

void printSoftStats(const std::string& what, const renderer::soft::SoftFrameStats& s, double loadMs,
                    double prepareMs, double writeMs) {
    const renderer::FrameStats& c = s.counts;
    char ms[96];
    std::snprintf(ms, sizeof ms, "setup %.1f ms, raster %.1f ms (%d threads)", s.setupMs, s.rasterMs,
                  s.threads);
    std::cout << what << ": software renderer, " << c.draws << " draws, " << c.triangles << " triangles ("
              << s.triangles << " after clipping), " << s.pixels << " pixels written, objects "
              << c.objectsTotal << " total, " << c.objectsAfterPvo << " after PVO"
              << (c.pvoApplied ? "" : " (no PVO here)") << ", " << c.objects << " after frustum; load "
              << static_cast<int>(loadMs) << " ms, tables " << static_cast<int>(prepareMs) << " ms, " << ms
              << ", png " << static_cast<int>(writeMs) << " ms\n";
}

} // namespace

int runRender(const RenderOptions& options) {
    // The options were validated while parsing (app/cli.cpp): one of --world, --model, --tour.
    const VkExtent2D extent{options.size[0], options.size[1]};
    auto progress = [](const std::string& line) { std::cerr << line << "\n"; };
    const std::unique_ptr<scene::GameFs> fs = openChosenGame(options.game, progress);

    // The software renderer when asked for, or when no Vulkan device can be had and no renderer was
    // named: rgx still draws without a GPU or driver.
    bool software = options.software.renderer == "soft";
    std::optional<renderer::VulkanContext> context;
    if (!software) {
        try {
            context.emplace(renderer::createContext());
        } catch (const std::exception& e) {
            if (options.software.rendererGiven) throw;
            std::cerr << "note: no Vulkan device (" << loaders::printableLine(e.what())
                      << "): drawing with the software renderer (--renderer soft) instead\n";
            software = true;
        }
    }
    renderer::LookSettings settings;
    settings.viewDistance = options.viewDistance;
    const auto applyWaves = [&](const sim::WaveSettings& world) {
        settings.wave = world;
        if (options.wave) applyWave(*settings.wave, *options.wave);
        if (options.waveCentre) applyWaveCentre(*settings.wave, *options.waveCentre);
        if (options.smoothWaves) settings.wave->stepped = false;
        if (options.wavesWholeGrid) settings.wave->window = false;
    };

    // Every actor at --time, as `rgx anim-trace` plays it (docs/animation.md).
    const auto animationSettingsFor = [&](const scene::Scene& s) {
        sim::AnimationSettings a = sim::animationSettings(s);
        a.interpolate = options.interpolate;
        return a;
    };
    // The view drawn: --camera, else the tour's view, at --fov.
    const auto viewCamera = [&](const scene::Scene& s, double farPlane, int view) {
        sim::Camera camera = options.camera ? *options.camera : tourCamera(s, farPlane, view);
        camera.fovYDeg = options.fovYDeg;
        return camera;
    };
    const auto renderSoft = [&](const scene::Scene& s, const std::string& label, double loadMs,
                                const std::vector<std::pair<std::filesystem::path, int>>& outputs) {
        namespace soft = renderer::soft;
        settings.look = renderer::Look::Software;
        auto t = Clock::now();
        soft::SoftRenderer softRenderer(s);
        const double prepareMs = msSince(t);
        for (const std::string& note : s.environment.notes)
            std::cerr << "note: " << label << ": " << loaders::printableLine(note) << "\n";
        applyWaves(softRenderer.worldWave());
        const double farPlane = softRenderer.farPlane(settings);
        sim::SceneAnimation animation(s, animationSettingsFor(s));
        animation.setTime(options.time);
        for (const auto& [path, view] : outputs) {
            const sim::Camera camera = viewCamera(s, farPlane, view);
            soft::IndexedFrame frame;
            const soft::SoftFrameStats stats = softRenderer.render(
                frame, static_cast<int>(extent.width), static_cast<int>(extent.height), camera, options.time,
                settings, options.software.options, &animation.poses());
            t = Clock::now();
            const soft::IndexedFrame shown = soft::upscaleFrame(frame, options.software.upscale);
            soft::writeIndexedPng(path, {shown.width, shown.height, shown.index, softRenderer.palette()});
            printSoftStats(label + " " + sim::cameraArguments(camera), stats, loadMs, prepareMs, msSince(t));
            std::cout << path.string() << "\n";
        }
    };

    const auto renderGlide = [&](const scene::Scene& s, const std::string& label, double loadMs,
                                 const std::vector<std::pair<std::filesystem::path, int>>& outputs) {
        auto t = Clock::now();
        renderer::SceneRenderer sceneRenderer(*context, s);
        const double uploadMs = msSince(t);
        for (const std::string& note : s.environment.notes)
            std::cerr << "note: " << label << ": " << loaders::printableLine(note) << "\n";
        if (s.terrain && !sceneRenderer.terrainComputed())
            std::cerr << "warning: " << label
                      << ": the terrain grid could not be built for the GPU; the terrain is "
                      << "drawn as a static mesh, without water waves\n";
        applyWaves(sceneRenderer.worldWave());
        const double farPlane = sceneRenderer.farPlane(settings);
        sim::SceneAnimation animation(s, animationSettingsFor(s));
        animation.setTime(options.time);
        for (const auto& [path, view] : outputs) {
            const sim::Camera camera = viewCamera(s, farPlane, view);
            renderer::FrameStats stats;
            t = Clock::now();
            const renderer::Rgba8Image image =
                renderer::renderToImage(*context, sceneRenderer, extent, camera, options.time, settings,
                                        &stats, nullptr, &animation.poses());
            const double renderMs = msSince(t);
            t = Clock::now();
            renderer::writePng(path, image);
            printStats(label + " " + sim::cameraArguments(camera), stats, sceneRenderer.terrainComputed(),
                       loadMs, uploadMs, renderMs, msSince(t));
            std::cout << path.string() << "\n";
        }
    };
    const auto renderOne = [&](const scene::Scene& s, const std::string& label, double loadMs,
                               const std::vector<std::pair<std::filesystem::path, int>>& outputs) {
        if (software)
            renderSoft(s, label, loadMs, outputs);
        else
            renderGlide(s, label, loadMs, outputs);
    };

    if (options.tour) {
        const scene::WorldCatalog catalog = scene::loadWorldCatalog(*fs);
        const std::filesystem::path dir = options.output;
        for (std::int64_t id : catalog.ids()) {
            auto t = Clock::now();
            scene::Scene s;
            try {
                s = scene::buildWorldScene(*fs, catalog, id, progress);
            } catch (const Error& e) {
                std::cerr << "world " << id << ": " << e.what() << " (skipped)\n";
                continue;
            }
            const double loadMs = msSince(t);
            printSceneWarnings(s, "world " + std::to_string(id));
            std::vector<std::pair<std::filesystem::path, int>> outputs;
            for (int view = 0; view < 3; ++view)
                outputs.push_back(
                    {dir / ("world" + std::to_string(id) + "_view" + std::to_string(view) + ".png"), view});
            // Worlds with a sky get a fourth picture, turned up to the sun disc.
            if (renderer::skyLook(s).any())
                outputs.push_back({dir / ("world" + std::to_string(id) + "_sky.png"), kSkyView});
            renderOne(s, "world " + std::to_string(id), loadMs, outputs);
        }
        return 0;
    }

    auto t = Clock::now();
    scene::Scene s = buildChosenScene(options.game, fs.get(), progress);
    printSceneWarnings(s, s.title);
    if (options.frame > 0 && poseModelFrame(s, static_cast<std::uint32_t>(options.frame)) == 0)
        std::cerr << "note: --frame " << options.frame << ": nothing in this scene is animated\n";
    renderOne(s, s.title, msSince(t), {{std::filesystem::path(options.output), 0}});
    return 0;
}

} // namespace rgx::app
