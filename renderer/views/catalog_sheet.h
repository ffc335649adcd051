#pragma once
// The model catalogue (docs/renderer_scene.md "Model catalogue"): a ROB opened whole
// (scene::Scene::catalog) drawn as a sheet of thumbnails, one a segment, in segment order row by
// row, each labelled under its picture with the segment's name, kind and face count. Each
// thumbnail is its own frame: the world state shows that segment's node alone and the camera
// frames it (view::frameBounds), so a house and a coin both fill their cells however far apart the
// grid puts them. Both looks draw the thumbnails through the one contract; this lays them out and
// composes the sheet, with no Vulkan.

#include "renderer/look_renderer.h"
#include "scene/scene_graph.h"
#include "sim/world_state.h"
#include "view/camera.h"

#include <array>
#include <string>
#include <vector>

namespace rgx::renderer {

inline constexpr int kCatalogThumbWidth = 160, kCatalogThumbHeight = 120; // without --size
inline constexpr int kCatalogGap = 4;                                     // around every cell
inline constexpr int kCatalogLabelLines = 3;
inline constexpr int kCatalogLineHeight = 9; // a 7-pixel glyph and its spacing
inline constexpr int kCatalogLabelHeight = kCatalogLabelLines * kCatalogLineHeight + 2;

struct CatalogCell {
    std::size_t entry = 0; // into Scene::catalog
    int x = 0, y = 0;      // the thumbnail's top-left in the sheet; the labels sit under it
    view::Camera camera;   // frames the segment's node alone
    std::array<std::string, kCatalogLabelLines> labels; // name, kind, "N FACES"
};

struct CatalogLayout {
    int thumbWidth = 0, thumbHeight = 0;
    int columns = 0, rows = 0;
    int width = 0, height = 0; // the sheet
    std::vector<CatalogCell> cells;
};

// The sheet of a scene's catalogue: ceil(sqrt(n)) columns (a square-ish sheet), thumbnails of
// the given size (at least 1 x 1) with kCatalogGap pixels round each cell. Empty without a
// catalogue.
CatalogLayout catalogLayout(const scene::Scene& scene, int thumbWidth, int thumbHeight, double fovYDeg);

// The world state that shows only `node`: `base` (null: every node at rest) with every other node
// hidden.
sim::WorldState showOnlyNode(const scene::Scene& scene, const sim::WorldState* base, int node);

// The sheet composed from one thumbnail per cell (in the layout's order, all alike: RGBA, and for a
// palette look indices with the one palette): black between the cells, the labels in white (with
// indices: the palette's nearest entries, the colours theirs). Throws std::invalid_argument when a
// thumbnail differs from the layout or from the first.
LookPicture composeCatalogSheet(const CatalogLayout& layout, const std::vector<LookPicture>& thumbnails);

} // namespace rgx::renderer
