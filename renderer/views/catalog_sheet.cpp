#include "renderer/views/catalog_sheet.h"

#include "renderer/views/label_font.h"

#include <algorithm>
#include <cmath>
#include <stdexcept>

namespace rgx::renderer {

namespace {

// The palette entry (1..255: 0 is the colour key) nearest to an RGB colour.
std::uint8_t nearestEntry(const loaders::Palette256& palette, int r, int g, int b) {
    std::uint8_t best = 1;
    int bestDistance = -1;
    for (int i = 1; i < 256; ++i) {
        const loaders::ColorRgb c = palette[static_cast<std::size_t>(i)];
        const int d = (c.r - r) * (c.r - r) + (c.g - g) * (c.g - g) + (c.b - b) * (c.b - b);
        if (bestDistance < 0 || d < bestDistance) {
            best = static_cast<std::uint8_t>(i);
            bestDistance = d;
        }
    }
    return best;
}

} // namespace

CatalogLayout catalogLayout(const scene::Scene& scene, int thumbWidth, int thumbHeight, double fovYDeg) {
    CatalogLayout layout;
    layout.thumbWidth = std::max(thumbWidth, 1);
    layout.thumbHeight = std::max(thumbHeight, 1);
    const std::size_t n = scene.catalog.size();
    if (n == 0) return layout;
    layout.columns = static_cast<int>(std::ceil(std::sqrt(static_cast<double>(n))));
    layout.rows = static_cast<int>((n + static_cast<std::size_t>(layout.columns) - 1) /
                                   static_cast<std::size_t>(layout.columns));
    const int cellWidth = layout.thumbWidth + kCatalogGap;
    const int cellHeight = layout.thumbHeight + kCatalogLabelHeight + kCatalogGap;
    layout.width = layout.columns * cellWidth + kCatalogGap;
    layout.height = layout.rows * cellHeight + kCatalogGap;
    const double aspect = static_cast<double>(layout.thumbWidth) / layout.thumbHeight;
    for (std::size_t i = 0; i < n; ++i) {
        const scene::CatalogEntry& entry = scene.catalog[i];
        CatalogCell cell;
        cell.entry = i;
        cell.x = kCatalogGap + static_cast<int>(i % static_cast<std::size_t>(layout.columns)) * cellWidth;
        cell.y = kCatalogGap + static_cast<int>(i / static_cast<std::size_t>(layout.columns)) * cellHeight;
        scene::Bounds bounds;
        if (entry.node >= 0 && static_cast<std::size_t>(entry.node) < scene.nodes.size()) {
            const scene::SceneNode& node = scene.nodes[static_cast<std::size_t>(entry.node)];
            bounds = scene::Bounds::transformed(scene::nodeDrawBounds(scene, node), node.world);
        }
        cell.camera = view::frameBounds(bounds, fovYDeg);
        if (aspect < 1 && !bounds.empty()) {
            // frameBounds fits the height; a tall cell needs the width fitted too.
            const Vec3 centre{(bounds.min.x + bounds.max.x) / 2, (bounds.min.y + bounds.max.y) / 2,
                              (bounds.min.z + bounds.max.z) / 2};
            cell.camera.position = centre + (cell.camera.position - centre) * (1 / aspect);
        }
        std::string faces = std::to_string(entry.faces);
        faces += entry.faces == 1 ? " FACE" : " FACES";
        cell.labels = {entry.name, std::string(scene::segmentKindName(entry.kind)), std::move(faces)};
        layout.cells.push_back(std::move(cell));
    }
    return layout;
}

sim::WorldState showOnlyNode(const scene::Scene& scene, const sim::WorldState* base, int node) {
    sim::WorldState state = base ? *base : sim::restState(scene);
    state.nodes.resize(scene.nodes.size());
    for (std::size_t i = 0; i < state.nodes.size(); ++i)
        if (static_cast<int>(i) != node) state.nodes[i].hidden = true;
    return state;
}

LookPicture composeCatalogSheet(const CatalogLayout& layout, const std::vector<LookPicture>& thumbnails) {
    if (thumbnails.size() != layout.cells.size())
        throw std::invalid_argument("catalogue: one thumbnail a cell is needed");
    LookPicture sheet;
    sheet.width = layout.width;
    sheet.height = layout.height;
    const std::size_t area = static_cast<std::size_t>(sheet.width) * static_cast<std::size_t>(sheet.height);
    // What the thumbnails carry, the sheet carries: colours, and a palette look's indices.
    const bool rgba = !thumbnails.empty() && !thumbnails.front().rgba.empty();
    const bool indexed =
        !thumbnails.empty() && !thumbnails.front().indices.empty() && thumbnails.front().palette;
    LabelInk ink;
    if (indexed) {
        sheet.palette = thumbnails.front().palette;
        const std::uint8_t black = nearestEntry(*sheet.palette, 0, 0, 0);
        sheet.indices.assign(area, black);
        ink.index = nearestEntry(*sheet.palette, 255, 255, 255);
        // The colours are the indices' own, so the two stay one picture.
        const loaders::ColorRgb white = (*sheet.palette)[ink.index];
        ink.rgba = {white.r, white.g, white.b, 255};
    }
    if (rgba) {
        std::array<std::uint8_t, 4> fill{0, 0, 0, 255};
        if (indexed) {
            const loaders::ColorRgb c = (*sheet.palette)[sheet.indices.front()];
            fill = {c.r, c.g, c.b, 255};
        }
        sheet.rgba.resize(area * 4);
        for (std::size_t i = 0; i < area; ++i)
            std::copy(fill.begin(), fill.end(), sheet.rgba.begin() + static_cast<std::ptrdiff_t>(i * 4));
    }
    const std::size_t thumbArea =
        static_cast<std::size_t>(layout.thumbWidth) * static_cast<std::size_t>(layout.thumbHeight);
    for (std::size_t c = 0; c < layout.cells.size(); ++c) {
        const CatalogCell& cell = layout.cells[c];
        const LookPicture& thumb = thumbnails[c];
        if (thumb.width != layout.thumbWidth || thumb.height != layout.thumbHeight ||
            (rgba && thumb.rgba.size() != thumbArea * 4) || (indexed && thumb.indices.size() != thumbArea) ||
            (indexed && thumb.palette != sheet.palette))
            throw std::invalid_argument("catalogue: a thumbnail's size or format differs from the first's");
        for (int y = 0; y < thumb.height; ++y) {
            const std::size_t from = static_cast<std::size_t>(y) * static_cast<std::size_t>(thumb.width);
            const std::size_t to =
                static_cast<std::size_t>(cell.y + y) * static_cast<std::size_t>(sheet.width) +
                static_cast<std::size_t>(cell.x);
            if (indexed)
                std::copy_n(thumb.indices.begin() + static_cast<std::ptrdiff_t>(from), thumb.width,
                            sheet.indices.begin() + static_cast<std::ptrdiff_t>(to));
            if (rgba)
                std::copy_n(thumb.rgba.begin() + static_cast<std::ptrdiff_t>(from * 4), thumb.width * 4,
                            sheet.rgba.begin() + static_cast<std::ptrdiff_t>(to * 4));
        }
        const int labelTop = cell.y + layout.thumbHeight + 2;
        for (int line = 0; line < kCatalogLabelLines; ++line)
            drawLabel(sheet, cell.x + 1, labelTop + line * kCatalogLineHeight,
                      cell.labels[static_cast<std::size_t>(line)], ink, cell.x, cell.y,
                      cell.x + layout.thumbWidth, cell.y + layout.thumbHeight + kCatalogLabelHeight);
    }
    return sheet;
}

} // namespace rgx::renderer
