// The catalogue's thumbnails in the explorer (docs/explore.md "Catalogue"): each segment alone,
// framed as `rgx render`'s catalogue frames it (renderer/views/catalog_sheet.h), in the software
// look (the explorer's ImGui draws them as rectangles), a few a frame so that a 579-segment archive
// opens at once and fills in.

#include "app/commands/render_catalog.h"
#include "app/explore/explorer.h"
#include "app/map/map_render.h"
#include "renderer/looks.h"

#include <iostream>

namespace rgx::app {

void Explorer::prepareCatalogueThumbnails() {
    catalogueLook_ = renderer::makeLookRenderer(renderer::Look::Software, *prepared(), {});
    catalogueLayout_ = renderer::catalogLayout(*scene(), kCatalogueThumbWidth, kCatalogueThumbHeight, 60);
    catalogueNext_ = 0;
}

void Explorer::drawCatalogueThumbnails(std::size_t most) {
    if (!catalogueLook_ || !catalogueLayout_ || !scene()) return;
    const std::vector<renderer::CatalogCell>& cells = catalogueLayout_->cells;
    for (std::size_t drawn = 0; drawn < most && catalogueNext_ < cells.size(); ++drawn, ++catalogueNext_) {
        const renderer::CatalogCell& cell = cells[catalogueNext_];
        if (cell.entry >= ui_.catalogue.size()) continue;
        ui_.catalogue[cell.entry].thumbnail = pictureRgba(
            catalogueThumbnail(*scene(), *catalogueLook_, *catalogueLayout_, cell, nullptr, 0, {}));
    }
    if (catalogueNext_ >= cells.size()) {
        std::cerr << "rgx explore: catalogue thumbnails drawn (" << cells.size() << ")\n";
        catalogueLook_.reset();
    }
}

} // namespace rgx::app
