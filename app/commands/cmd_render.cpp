// `rgx render`: one scene drawn offscreen in a look (renderer/looks.h: the Glide look on Vulkan,
// written as PNG; the software renderer with --renderer soft, or where no Vulkan device exists,
// written as an indexed PNG), or --tour: a few views of every world of the game into a directory.
// A ROB without --segment is drawn as its catalogue (app/commands/render_catalog.h).
// One path for every look. Deterministic for a given --time.

#include "app/commands.h"
#include "app/commands/look_output.h"
#include "app/commands/render_catalog.h"
#include "app/commands/wave_options.h"
#include "base/error.h"
#include "loaders/text.h"
#include "renderer/looks.h"
#include "renderer/profile/frame_profile.h"
#include "renderer/views/catalog_sheet.h"
#include "renderer/world/prepared_world.h"
#include "scene/engine.h"
#include "scene/redguard/scene_builder.h"
#include "sim/scene_animation.h"
#include "sim/world_clock.h"

#include <cstdio>
#include <filesystem>
#include <iostream>
#include <memory>
#include <optional>
#include <utility>

namespace rgx::app {

namespace {

using Clock = renderer::ProfileClock;
using renderer::msSince;

// The tour's views: 0..2 round the busiest place (the prepared world's default views), and
// kSkyView up at the sky.
constexpr int kSkyView = -1;

} // namespace

int runRender(const RenderOptions& options) {
    // The options were validated while parsing (app/cli.cpp): one of --world, --model, --tour.
    auto progress = [](const std::string& line) { std::cerr << line << "\n"; };
    const std::unique_ptr<scene::GameFs> fs = openChosenGame(options.game, progress);

    // The look asked for; the software look where no Vulkan device can be had and no renderer was
    // named: rgx still draws without a GPU or driver.
    const LookDevice device = openLook(renderer::parseLook(options.software.renderer, "--renderer"),
                                       options.software.rendererGiven, "--renderer soft");
    const renderer::Look look = device.look;
    const renderer::LookOptions lookOptions = device.options();
    renderer::WorldSettings worldSettings;
    worldSettings.viewDistance = options.viewDistance;
    worldSettings.fovYDeg = options.fovYDeg;
    worldSettings.editWave = [&](sim::WaveSettings& wave) {
        if (options.wave) applyWave(wave, *options.wave);
        if (options.waveCentre) applyWaveCentre(wave, *options.waveCentre);
        if (options.smoothWaves) wave.stepped = false;
        if (options.wavesWholeGrid) wave.window = false;
    };
    renderer::LookSettings settings;
    settings.viewDistance = options.viewDistance;
    settings.soft = options.software.options;

    // One scene: its world prepared, the look made, every actor at --time (as `rgx anim-trace`
    // plays it, docs/animation.md), then each view drawn and written.
    // skyPath: where the sky view goes, for a world that has a sky (the tour).
    const auto renderOne = [&](const scene::Scene& s, const std::string& label, double loadMs,
                               std::vector<std::pair<std::filesystem::path, int>> outputs,
                               const std::filesystem::path& skyPath) {
        const renderer::PreparedWorld world = renderer::prepareWorld(s, worldSettings);
        if (!skyPath.empty() && world.skyView) outputs.push_back({skyPath, kSkyView});
        const std::unique_ptr<renderer::LookRenderer> drawer =
            renderer::makeLookRenderer(look, world, lookOptions);
        const renderer::LookInfo info = drawer->info();
        for (const std::string& note : s.redguard.environment.notes)
            std::cerr << "note: " << label << ": " << loaders::printableLine(note) << "\n";
        for (const std::string& note : info.notes)
            std::cerr << "warning: " << label << ": " << note << "\n";
        sim::AnimationSettings animationSettings = sim::animationSettings(s);
        animationSettings.interpolate = options.interpolate;
        sim::WorldClock clock(s, animationSettings, options.scripts, options.scriptConfig);
        if (const std::optional<std::string> legend = missingLegend(s))
            std::cerr << "legend: " << *legend << "\n";
        // A ROB opened whole: its catalogue, unless a --camera asks for the laid-out grid.
        if (!s.catalog.empty() && !options.camera && !outputs.empty()) {
            CatalogueRequest catalogue;
            catalogue.thumbSize = options.sizeGiven
                                      ? options.size
                                      : std::array<std::uint32_t, 2>{renderer::kCatalogThumbWidth,
                                                                     renderer::kCatalogThumbHeight};
            catalogue.fovYDeg = options.fovYDeg;
            catalogue.time = options.time;
            catalogue.settings = settings;
            catalogue.upscale = options.software.upscale;
            renderCatalogue(s, *drawer, info, clock, catalogue, outputs.front().first, loadMs, std::cout);
            return;
        }
        for (const auto& [path, view] : outputs) {
            renderer::FrameRequest request;
            // The view drawn: --camera, else the tour's view, at --fov.
            request.camera = options.camera ? *options.camera
                             : view == kSkyView && world.skyView
                                 ? *world.skyView
                                 : world.views[static_cast<std::size_t>(view)];
            request.camera.fovYDeg = options.fovYDeg;
            request.timeSeconds = options.time;
            request.width = static_cast<int>(options.size[0]);
            request.height = static_cast<int>(options.size[1]);
            request.settings = settings;
            request.world = &clock.at(options.time, sim::scriptPlayer(request.camera.position));
            auto t = Clock::now();
            renderer::LookFrame frame = drawer->render(request);
            const double renderMs = msSince(t);
            t = Clock::now();
            writePicture(path, upscalePicture(std::move(frame.picture), options.software.upscale));
            std::cout << frameLine(label + " " + view::cameraArguments(request.camera), info, frame, loadMs,
                                   renderMs, msSince(t))
                      << "\n"
                      << path.string() << "\n";
        }
    };

    if (options.tour) {
        const scene::GameDirectory games(*fs);
        const std::filesystem::path dir = options.output;
        for (std::int64_t id : games.ids()) {
            auto t = Clock::now();
            scene::Scene s;
            try {
                s = games.build(id, progress);
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
            renderOne(s, "world " + std::to_string(id), loadMs, outputs,
                      dir / ("world" + std::to_string(id) + "_sky.png"));
        }
        return 0;
    }

    auto t = Clock::now();
    scene::Scene s = buildChosenScene(options.game, fs.get(), progress);
    printSceneWarnings(s, s.title);
    if (options.frame > 0 && poseModelFrame(s, static_cast<std::uint32_t>(options.frame)) == 0)
        std::cerr << "note: --frame " << options.frame << ": nothing in this scene is animated\n";
    renderOne(s, s.title, msSince(t), {{std::filesystem::path(options.output), 0}}, {});
    return 0;
}

} // namespace rgx::app
