#pragma once
// `rgx render --model FILE.ROB` without --segment (or --camera): the archive's catalogue, one
// labelled thumbnail a segment (renderer/views/catalog_sheet.h), written as one picture, and the
// segments listed on stdout. And the legend line every `rgx render` of a scene with something
// missing prints.

#include "renderer/look_renderer.h"
#include "renderer/views/catalog_sheet.h"
#include "scene/scene_graph.h"
#include "sim/world_clock.h"

#include <array>
#include <cstdint>
#include <filesystem>
#include <optional>
#include <ostream>
#include <string>

namespace rgx::app {

struct CatalogueRequest {
    std::array<std::uint32_t, 2> thumbSize{}; // one thumbnail, in pixels
    double fovYDeg = 60;
    double time = 0;
    renderer::LookSettings settings;
    int upscale = 1; // --upscale, applied to the sheet
};

// One cell's thumbnail: its segment alone (every other node hidden in `base`, null: at rest),
// through the cell's camera, at the layout's thumbnail size.
renderer::LookPicture catalogueThumbnail(const scene::Scene& scene, renderer::LookRenderer& drawer,
                                         const renderer::CatalogLayout& layout,
                                         const renderer::CatalogCell& cell, const sim::WorldState* base,
                                         double time, const renderer::LookSettings& settings);

// Draws every segment of scene.catalog alone in its cell with `drawer`, writes the sheet to
// `path`, and prints "  NAME  KIND  N faces" a segment, then one summary line and the path, to out.
void renderCatalogue(const scene::Scene& scene, renderer::LookRenderer& drawer,
                     const renderer::LookInfo& info, sim::WorldClock& clock, const CatalogueRequest& request,
                     const std::filesystem::path& path, double loadMs, std::ostream& out);

// "magenta is a missing texture or a placeholder model (...)" where the scene has either, else
// nothing: `rgx render`'s legend line and the explorer's note. Both looks draw them in the same
// magenta (docs/renderer_scene.md "The model
// viewer").
std::optional<std::string> missingLegend(const scene::Scene& scene);

} // namespace rgx::app
