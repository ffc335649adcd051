// `rgx compare`: one view drawn by both looks (the Glide path on Vulkan, the software renderer on
// the CPU) at the same camera, size and time: glide.png, software.png (indexed) and diff.png (the
// per-pixel colour distance as a heat map), with the coverage agreement and mean colour distance
// (renderer/compare/compare.h says how they are measured).

#include "app/commands.h"
#include "app/commands/look_output.h"
#include "loaders/text.h"
#include "renderer/compare/compare.h"
#include "renderer/looks.h"
#include "renderer/vk/context.h"
#include "renderer/vk/png.h"
#include "renderer/world/prepared_world.h"
#include "scene/redguard/scene_builder.h"
#include "sim/scene_animation.h"
#include "sim/world_clock.h"

#include <cstdio>
#include <filesystem>
#include <iostream>
#include <memory>

namespace rgx::app {

int runCompare(const CompareOptions& options) {
    auto progress = [](const std::string& line) { std::cerr << line << "\n"; };
    const std::unique_ptr<scene::GameFs> fs = openChosenGame(options.game, progress);
    const scene::Scene s = buildChosenScene(options.game, fs.get(), progress);
    printSceneWarnings(s, s.title);
    for (const std::string& note : s.redguard.environment.notes)
        std::cerr << "note: " << loaders::printableLine(note) << "\n";

    renderer::VulkanContext context = renderer::createContext();
    renderer::WorldSettings worldSettings;
    worldSettings.fovYDeg = options.fovYDeg;
    const renderer::PreparedWorld world = renderer::prepareWorld(s, worldSettings);
    renderer::LookOptions lookOptions;
    lookOptions.vulkan = &context;
    sim::WorldClock clock(s, sim::animationSettings(s), options.scripts,
                          options.scriptConfig); // both looks get the same frames
    // One request, drawn by both looks.
    renderer::FrameRequest request;
    request.camera = options.camera ? *options.camera : world.views[0];
    request.camera.fovYDeg = options.fovYDeg;
    request.timeSeconds = options.time;
    request.width = static_cast<int>(options.size[0]);
    request.height = static_cast<int>(options.size[1]);
    request.world = &clock.at(options.time, sim::scriptPlayer(request.camera.position));
    request.settings.soft = options.software.options;
    request.depth = true;
    const renderer::LookFrame glide =
        renderer::makeLookRenderer(renderer::Look::Glide, world, lookOptions)->render(request);
    const renderer::LookFrame software =
        renderer::makeLookRenderer(renderer::Look::Software, world, lookOptions)->render(request);
    const int width = request.width, height = request.height;
    const renderer::LookComparison cmp =
        renderer::compareLooks(width, height, glide.picture.rgba, glide.picture.depth, software.picture.rgba,
                               software.picture.depth);

    const std::filesystem::path dir = options.output;
    std::filesystem::create_directories(dir);
    writePicture(dir / "glide.png", glide.picture);
    writePicture(dir / "software.png", software.picture);
    renderer::Rgba8Image diff;
    diff.width = options.size[0];
    diff.height = options.size[1];
    diff.pixels = cmp.diff;
    renderer::writePng(dir / "diff.png", diff);

    const double n = static_cast<double>(width) * height;
    char line[512];
    std::snprintf(line, sizeof line,
                  "%s %s %dx%d\n"
                  "coverage agreement %.2f%% (geometry in both %.2f%%, background in both %.2f%%, Glide only "
                  "%.2f%%, software only %.2f%%)\n"
                  "mean colour distance %.1f (RGB, 0..441.7)\n",
                  s.title.c_str(), view::cameraArguments(request.camera).c_str(), width, height,
                  cmp.coverageAgreement * 100, static_cast<double>(cmp.geometryBoth) / n * 100,
                  static_cast<double>(cmp.backgroundBoth) / n * 100,
                  static_cast<double>(cmp.glideOnly) / n * 100,
                  static_cast<double>(cmp.softwareOnly) / n * 100, cmp.meanColorDistance);
    std::cout << line;
    std::cout << "glide: " << glide.stats.triangles << " triangles; software: " << software.stats.triangles
              << " triangles, " <<
        [&] {
            const double* p = software.figures.find(renderer::figure::kSoftPixelsWritten);
            return static_cast<std::uint64_t>(p ? *p : 0);
        }() << " pixels written\n";
    for (const char* name : {"glide.png", "software.png", "diff.png"})
        std::cout << (dir / name).string() << "\n";
    return 0;
}

} // namespace rgx::app
