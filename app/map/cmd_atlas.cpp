// `rgx atlas`: a static web atlas of a game's worlds (docs/map.md): for each world a tile pyramid
// drawn by `rgx map`'s renderer, its markers as GeoJSON and MAP.json, and one page over them all
// with Leaflet from Debian's libjs-leaflet copied in, and for a Daggerfall town its RMB automap as
// a second layer. Opens from file:// with no server.

#include "app/commands.h"
#include "app/commands/look_output.h"
#include "app/map/atlas_site.h"
#include "base/error.h"
#include "renderer/profile/frame_profile.h"
#include "renderer/vk/png.h"
#include "renderer/world/prepared_world.h"
#include "scene/engine.h"
#include "scene/redguard/scene_builder.h"
#include "scene/redguard/world_catalog.h"

#include <algorithm>
#include <cstdlib>
#include <fstream>
#include <iostream>
#include <set>

namespace rgx::app {

namespace {

using renderer::msSince;
using Clock = renderer::ProfileClock;

// Where Debian's libjs-leaflet puts Leaflet (RGX_LEAFLET_DIR overrides, for other layouts).
std::filesystem::path leafletDir() {
    if (const char* dir = std::getenv("RGX_LEAFLET_DIR"); dir && *dir) return dir;
    return "/usr/share/javascript/leaflet";
}

void copyLeaflet(const std::filesystem::path& to) {
    const std::filesystem::path from = leafletDir();
    if (!std::filesystem::exists(from / "leaflet.js"))
        throw Error(from.string(), Error::kNoOffset, "",
                    "Leaflet not found: install Debian's libjs-leaflet (scripts/deps.sh does), or set "
                    "RGX_LEAFLET_DIR");
    std::filesystem::create_directories(to / "images");
    const auto copy = std::filesystem::copy_options::overwrite_existing;
    std::filesystem::copy_file(from / "leaflet.js", to / "leaflet.js", copy);
    std::filesystem::copy_file(from / "leaflet.css", to / "leaflet.css", copy);
    for (const auto& entry : std::filesystem::directory_iterator(from / "images"))
        if (entry.path().extension() == ".png")
            std::filesystem::copy_file(entry.path(), to / "images" / entry.path().filename(), copy);
    // Leaflet's BSD licence travels with it.
    const std::filesystem::path licence = "/usr/share/doc/libjs-leaflet/copyright";
    if (std::filesystem::exists(licence)) std::filesystem::copy_file(licence, to / "LICENSE", copy);
}

void writeText(const std::filesystem::path& path, const std::string& text) {
    std::ofstream out(path, std::ios::binary);
    out << text;
    if (!out) throw Error(path.string(), Error::kNoOffset, "", "cannot write");
}

// "all" -> every id of the catalog; "0,3" -> those, each checked against it.
std::vector<std::int64_t> chosenWorlds(const std::string& text, const std::vector<std::int64_t>& ids) {
    if (text == "all") return ids;
    std::vector<std::int64_t> chosen;
    std::size_t start = 0;
    while (start <= text.size()) {
        std::size_t end = text.find(',', start);
        if (end == std::string::npos) end = text.size();
        const std::string part = text.substr(start, end - start);
        char* tail = nullptr;
        const long long id = std::strtoll(part.c_str(), &tail, 10);
        if (part.empty() || *tail != '\0' || std::find(ids.begin(), ids.end(), id) == ids.end()) {
            std::string message = "no world \"";
            message += part;
            message += "\" in this game directory (rgx worlds lists every engine's worlds)";
            throw Error("--worlds", Error::kNoOffset, "", message);
        }
        chosen.push_back(id);
        start = end + 1;
    }
    return chosen;
}

} // namespace

int runAtlas(const AtlasOptions& options) {
    auto progress = [](const std::string& line) { std::cerr << line << "\n"; };
    const auto start = Clock::now();
    const std::unique_ptr<scene::GameFs> fs = openChosenGame(options.game, progress);
    const scene::GameDirectory games(*fs);
    const std::vector<std::int64_t> ids = chosenWorlds(options.worlds, games.ids());
    const LookDevice device =
        openLook(renderer::parseLook(options.look, "--look"), options.lookGiven, "--look soft");
    const std::filesystem::path dir = options.output;
    std::filesystem::create_directories(dir / "data");
    copyLeaflet(dir / "leaflet");

    const int levels = options.zoomLevels;
    const int side = kAtlasTile << (levels - 1);
    std::string scripts;
    std::size_t worldsWritten = 0, tiles = 0, markers = 0;
    for (const std::int64_t id : ids) {
        const auto t = Clock::now();
        const std::string label = "world " + std::to_string(id);
        scene::Scene s;
        try {
            s = games.build(id, progress);
        } catch (const Error& e) {
            std::cerr << label << ": " << e.what() << " (skipped)\n";
            continue;
        }
        printSceneWarnings(s, label);
        const renderer::PreparedWorld world = renderer::prepareWorld(s, {});
        const std::unique_ptr<renderer::LookRenderer> look =
            renderer::makeLookRenderer(device.look, world, device.options());
        const scene::Bounds bounds = view::mapBounds(s);
        const view::MapFrame frame = view::fitMap(bounds, side, side);
        MapOverlay overlay;
        overlay.markers = markersInFrame(frame, view::mapMarkers(s), view::kAllMarkerKinds);
        const nlohmann::json mapRecord =
            mapJson(frame, bounds, overlay,
                    {{"world", id}, {"title", s.title}, {"look", renderer::lookName(device.look)}});
        const std::string stem = "world" + std::to_string(id);
        tiles += writeTilePyramid(dir / "tiles" / stem, drawMapGround(*look, frame), levels);
        const nlohmann::json geo = markersGeoJson(mapRecord, levels);
        writeText(dir / "data" / (stem + ".json"), mapRecord.dump(1) + "\n");
        writeText(dir / "data" / (stem + ".geojson"), geo.dump() + "\n");
        nlohmann::json entry = {
            {"id", id},         {"title", mapRecord.at("title")}, {"look", renderer::lookName(device.look)},
            {"levels", levels}, {"tiles", "tiles/" + stem},       {"markers", geo}};
        std::string automapNote;
        if (const auto town = atlasTownAutomap(games, id); town && !town->blocks.empty()) {
            // One picture over the town, not a second pyramid: 64 pixels a block is small.
            const AtlasImageOverlay overlay = automapOverlay(*town, frame, levels);
            const std::string image = "tiles/" + stem + "_automap.png";
            renderer::writePng(dir / image,
                               {static_cast<std::uint32_t>(overlay.image.width),
                                static_cast<std::uint32_t>(overlay.image.height), overlay.image.rgba});
            entry["automap"] = {
                {"image", image}, {"bounds", overlay.bounds}, {"blocks", town->blocks.size()}};
            automapNote = ", RMB automap of " + std::to_string(town->blocks.size()) + " blocks";
        }
        writeText(dir / "data" / (stem + ".js"), "window.RGX_ATLAS.worlds.push(" + entry.dump() + ");\n");
        scripts += "<script src=\"data/" + stem + ".js\"></script>\n";
        markers += overlay.markers.size();
        ++worldsWritten;
        std::cerr << label << ": " << overlay.markers.size() << " markers" << automapNote << ", " << levels
                  << " zoom levels, " << static_cast<int>(msSince(t)) << " ms\n";
    }
    writeText(dir / "index.html", std::string(atlasIndexHtmlHead()) + scripts + atlasIndexHtmlTail());
    writeText(dir / "atlas.js", atlasScript());
    writeText(dir / "atlas.css", atlasStyle());
    std::cout << "atlas: " << worldsWritten << " worlds, " << tiles << " tiles, " << markers << " markers; "
              << lookTitle(device.look) << "; " << static_cast<int>(msSince(start)) << " ms\n"
              << (dir / "index.html").string() << "\n";
    return worldsWritten == ids.size() ? 0 : 1;
}

} // namespace rgx::app
