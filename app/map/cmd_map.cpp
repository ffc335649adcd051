// `rgx map`: a world from straight above in a look, marked, as MAP.png and MAP.json (docs/map.md).

#include "app/commands.h"
#include "app/commands/look_output.h"
#include "app/map/map_render.h"
#include "base/error.h"
#include "renderer/profile/frame_profile.h"
#include "renderer/world/prepared_world.h"
#include "scene/redguard/scene_builder.h"

#include <fstream>
#include <iostream>

namespace rgx::app {

using renderer::msSince;
using Clock = renderer::ProfileClock;

int runMap(const MapOptions& options) {
    auto progress = [](const std::string& line) { std::cerr << line << "\n"; };
    const auto start = Clock::now();
    if (std::filesystem::path(options.output).extension() == ".json")
        throw Error(options.output, Error::kNoOffset, "",
                    "-o names the PNG; its MAP.json is written beside it (give -o MAP.png)");
    const std::unique_ptr<scene::GameFs> fs = openChosenGame(options.game, progress);
    const scene::Scene s = buildChosenScene(options.game, fs.get(), progress);
    printSceneWarnings(s, s.title);
    const double loadMs = msSince(start);

    const LookDevice device =
        openLook(renderer::parseLook(options.look, "--look"), options.lookGiven, "--look soft");
    const renderer::PreparedWorld world = renderer::prepareWorld(s, {});
    const std::unique_ptr<renderer::LookRenderer> look =
        renderer::makeLookRenderer(device.look, world, device.options());

    const scene::Bounds bounds = view::mapBounds(s);
    const view::MapFrame frame = view::fitMap(bounds, static_cast<int>(options.size[0]),
                                              static_cast<int>(options.size[1]), options.floor);
    auto t = Clock::now();
    renderer::LookFrame figures;
    MapImage image = drawMapGround(*look, frame, {}, &figures);
    const double drawMs = msSince(t);
    MapOverlayOptions overlayOptions;
    overlayOptions.markers = view::parseMarkerKinds(options.markers, "--markers");
    overlayOptions.labels = options.labels;
    t = Clock::now();
    const MapOverlay overlay = drawMapOverlay(image, frame, view::mapMarkers(s), overlayOptions);
    const double overlayMs = msSince(t);

    t = Clock::now();
    const std::filesystem::path png = options.output;
    if (png.has_parent_path()) std::filesystem::create_directories(png.parent_path());
    writeMapPng(png, image);
    std::filesystem::path jsonPath = png;
    jsonPath.replace_extension(".json");
    nlohmann::json extra = {{"title", s.title}, {"look", renderer::lookName(device.look)}};
    if (options.game.world >= 0) extra["world"] = options.game.world;
    std::ofstream json(jsonPath, std::ios::binary);
    json << mapJson(frame, bounds, overlay, extra).dump(1) << "\n";
    json.close();
    if (!json) throw Error(jsonPath.string(), Error::kNoOffset, "", "cannot write MAP.json");
    const double writeMs = msSince(t);

    std::cout << s.title << ": " << frame.width << "x" << frame.height << ", " << frame.unitsPerPixel
              << " units a pixel, " << overlay.markers.size() << " markers, " << overlay.labels.size()
              << " labels; " << lookTitle(device.look) << "; load " << static_cast<int>(loadMs)
              << " ms, draw " << static_cast<int>(drawMs) << " ms, overlay " << static_cast<int>(overlayMs)
              << " ms, write " << static_cast<int>(writeMs) << " ms, total "
              << static_cast<int>(msSince(start)) << " ms\n"
              << "  " << figures.detail << "\n"
              << png.string() << "\n"
              << jsonPath.string() << "\n";
    return 0;
}

} // namespace rgx::app
