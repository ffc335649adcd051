// `rgx compare`: one view drawn by both looks (the Glide path on Vulkan, the software renderer on
// the CPU) at the same camera, size and time: glide.png, software.png (indexed) and diff.png (the
// per-pixel colour distance as a heat map), with the coverage agreement and mean colour distance
// (renderer/look/compare.h says how they are measured).

#include "app/commands.h"

#include "loaders/text.h"
#include "renderer/look/compare.h"
#include "renderer/look/scene_views.h"
#include "renderer/render_image.h"
#include "renderer/scene_renderer.h"
#include "renderer/soft/indexed_png.h"
#include "renderer/soft/soft_renderer.h"
#include "renderer/vk/context.h"
#include "renderer/vk/png.h"
#include "scene/scene_builder.h"

#include <cstdio>
#include <filesystem>
#include <iostream>
#include <memory>

namespace rgx::app {

int runCompare(const CompareOptions& options) {
    namespace soft = renderer::soft;
    auto progress = [](const std::string& line) { std::cerr << line << "\n"; };
    const std::unique_ptr<scene::GameFs> fs = openChosenGame(options.game, progress);
    const scene::Scene s = buildChosenScene(options.game, fs.get(), progress);
    printSceneWarnings(s, s.title);
    for (const std::string& note : s.environment.notes)
        std::cerr << "note: " << loaders::printableLine(note) << "\n";

    renderer::VulkanContext context = renderer::createContext();
    renderer::SceneRenderer glide(context, s);
    soft::SoftRenderer software(s);
    renderer::LookSettings settings;
    settings.wave = glide.worldWave();
    sim::Camera camera =
        options.camera ? *options.camera : renderer::defaultSceneCamera(s, glide.farPlane(settings), 0);
    camera.fovYDeg = options.fovYDeg;
    const int width = static_cast<int>(options.size[0]), height = static_cast<int>(options.size[1]);
    sim::SceneAnimation animation(s, sim::animationSettings(s)); // both looks get the same frames
    animation.setTime(options.time);

    std::vector<float> glideDepth;
    renderer::FrameStats glideStats;
    const renderer::Rgba8Image glideImage =
        renderer::renderToImage(context, glide, {options.size[0], options.size[1]}, camera, options.time,
                                settings, &glideStats, &glideDepth, &animation.poses());
    soft::IndexedFrame frame;
    renderer::LookSettings softSettings = settings;
    softSettings.look = renderer::Look::Software;
    const soft::SoftFrameStats softStats =
        software.render(frame, width, height, camera, options.time, softSettings, options.software.options,
                        &animation.poses());
    const std::vector<std::uint8_t> softRgba = soft::resolveRgba(frame, software.palette());
    const renderer::LookComparison cmp =
        renderer::compareLooks(width, height, glideImage.pixels, glideDepth, softRgba, frame.depth);

    const std::filesystem::path dir = options.output;
    std::filesystem::create_directories(dir);
    renderer::writePng(dir / "glide.png", glideImage);
    soft::writeIndexedPng(dir / "software.png", {frame.width, frame.height, frame.index, software.palette()});
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
                  s.title.c_str(), sim::cameraArguments(camera).c_str(), width, height,
                  cmp.coverageAgreement * 100, static_cast<double>(cmp.geometryBoth) / n * 100,
                  static_cast<double>(cmp.backgroundBoth) / n * 100,
                  static_cast<double>(cmp.glideOnly) / n * 100,
                  static_cast<double>(cmp.softwareOnly) / n * 100, cmp.meanColorDistance);
    std::cout << line;
    std::cout << "glide: " << glideStats.triangles << " triangles; software: " << softStats.counts.triangles
              << " triangles, " << softStats.pixels << " pixels written\n";
    for (const char* name : {"glide.png", "software.png", "diff.png"})
        std::cout << (dir / name).string() << "\n";
    return 0;
}

} // namespace rgx::app
