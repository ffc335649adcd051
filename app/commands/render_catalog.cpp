#include "app/commands/render_catalog.h"

#include "app/commands/look_output.h"
#include "loaders/text.h"
#include "renderer/profile/frame_profile.h"
#include "renderer/views/catalog_sheet.h"

#include <algorithm>
#include <iomanip>
#include <vector>

namespace rgx::app {

renderer::LookPicture catalogueThumbnail(const scene::Scene& scene, renderer::LookRenderer& drawer,
                                         const renderer::CatalogLayout& layout,
                                         const renderer::CatalogCell& cell, const sim::WorldState* base,
                                         double time, const renderer::LookSettings& settings) {
    renderer::FrameRequest frame;
    frame.camera = cell.camera;
    frame.timeSeconds = time;
    frame.width = layout.thumbWidth;
    frame.height = layout.thumbHeight;
    frame.settings = settings;
    const sim::WorldState shown = renderer::showOnlyNode(scene, base, scene.catalog[cell.entry].node);
    frame.world = &shown;
    return drawer.render(frame).picture;
}

void renderCatalogue(const scene::Scene& scene, renderer::LookRenderer& drawer,
                     const renderer::LookInfo& info, sim::WorldClock& clock, const CatalogueRequest& request,
                     const std::filesystem::path& path, double loadMs, std::ostream& out) {
    const renderer::CatalogLayout layout =
        renderer::catalogLayout(scene, static_cast<int>(request.thumbSize[0]),
                                static_cast<int>(request.thumbSize[1]), request.fovYDeg);
    std::vector<renderer::LookPicture> thumbnails;
    thumbnails.reserve(layout.cells.size());
    auto t = renderer::ProfileClock::now();
    for (const renderer::CatalogCell& cell : layout.cells)
        thumbnails.push_back(catalogueThumbnail(
            scene, drawer, layout, cell, &clock.at(request.time, sim::scriptPlayer(cell.camera.position)),
            request.time, request.settings));
    const double renderMs = renderer::msSince(t);
    t = renderer::ProfileClock::now();
    writePicture(path, upscalePicture(renderer::composeCatalogSheet(layout, thumbnails), request.upscale));
    const double writeMs = renderer::msSince(t);
    // The name column fits the longest name: a ROB's are 8 characters at most, a Riot model's
    // ("Tree (far)") longer.
    std::size_t nameWidth = 9;
    for (const scene::CatalogEntry& entry : scene.catalog)
        nameWidth = std::max(nameWidth, loaders::printableLine(entry.name).size());
    for (const scene::CatalogEntry& entry : scene.catalog)
        out << "  " << std::left << std::setw(static_cast<int>(nameWidth + 1))
            << loaders::printableLine(entry.name) << std::setw(13) << scene::segmentKindName(entry.kind)
            << std::right << entry.faces << " faces\n";
    out << "catalogue " << loaders::printableLine(scene.title) << ": " << scene.catalog.size()
        << " segments, " << layout.columns << " x " << layout.rows << " thumbnails of " << layout.thumbWidth
        << "x" << layout.thumbHeight << " (" << layout.width << "x" << layout.height << "); "
        << lookTitle(info.look) << "; load " << std::fixed << std::setprecision(1) << loadMs << " ms, render "
        << renderMs << " ms, png " << writeMs << " ms\n"
        << std::defaultfloat << path.string() << "\n";
}

std::optional<std::string> missingLegend(const scene::Scene& scene) {
    std::size_t textures = 0;
    for (const scene::SceneTexture& tex : scene.textures)
        if (!tex.image) ++textures;
    const std::size_t models = scene.stats.placeholders;
    if (textures == 0 && models == 0) return std::nullopt;
    std::string line = "magenta is a missing texture or a placeholder model (";
    line += std::to_string(textures);
    line += " missing textures, ";
    line += std::to_string(models);
    line += " placeholder models)";
    return line;
}

} // namespace rgx::app
