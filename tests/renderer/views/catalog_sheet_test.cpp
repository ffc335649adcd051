// The model catalogue's sheet (renderer/views/catalog_sheet.h) and its font
// (renderer/views/label_font.h): the layout of a far-apart ROB, each cell's camera framing its
// segment alone, and the labels drawn into both kinds of picture.

#include "renderer/views/catalog_sheet.h"
#include "renderer/views/label_font.h"
#include "scene/redguard/scene_builder.h"
#include "tests/support/far_rob.h"
#include "tests/support/scratch_dir.h"

#include <gtest/gtest.h>

#include <cmath>
#include <filesystem>

namespace rgx::renderer {
namespace {

scene::Scene farRobScene() {
    const std::filesystem::path dir = rgx::testing::scratchDir("rgx_catalog_sheet_test");
    return scene::buildModelScene(test::writeFarRob(dir), nullptr);
}

// 5 segments: 3 columns, 2 rows, in segment order row by row, each cell a thumbnail and its three
// label lines, kCatalogGap round each; labels name, kind and faces.
TEST(CatalogSheet, LaysTheSegmentsOutRowByRow) {
    const scene::Scene s = farRobScene();
    ASSERT_EQ(s.catalog.size(), 5u);
    const CatalogLayout layout = catalogLayout(s, 100, 80, 60);
    EXPECT_EQ(layout.columns, 3);
    EXPECT_EQ(layout.rows, 2);
    EXPECT_EQ(layout.width, 3 * (100 + kCatalogGap) + kCatalogGap);
    EXPECT_EQ(layout.height, 2 * (80 + kCatalogLabelHeight + kCatalogGap) + kCatalogGap);
    ASSERT_EQ(layout.cells.size(), 5u);
    EXPECT_EQ(layout.cells[0].x, kCatalogGap);
    EXPECT_EQ(layout.cells[0].y, kCatalogGap);
    EXPECT_EQ(layout.cells[2].x, kCatalogGap + 2 * (100 + kCatalogGap));
    EXPECT_EQ(layout.cells[4].x, kCatalogGap + 100 + kCatalogGap);
    EXPECT_EQ(layout.cells[4].y, kCatalogGap + 80 + kCatalogLabelHeight + kCatalogGap);
    const auto& segments = test::farRobSegments();
    for (std::size_t i = 0; i < layout.cells.size(); ++i) {
        EXPECT_EQ(layout.cells[i].entry, i);
        EXPECT_EQ(layout.cells[i].labels[0], segments[i].name);
        EXPECT_EQ(layout.cells[i].labels[2], std::to_string(segments[i].faces) + " FACES");
    }
    EXPECT_EQ(layout.cells[0].labels[1], "3D");
    EXPECT_EQ(layout.cells[3].labels[1], "placeholder");
    EXPECT_TRUE(catalogLayout(scene::Scene{}, 100, 80, 60).cells.empty());
}

// The grid puts TINY and TOWER 125,000 units apart; each cell's camera is as near its own segment
// as view::frameBounds puts it for that segment's size, so a 4-unit box fills its thumbnail.
TEST(CatalogSheet, EachCameraFramesItsSegmentAlone) {
    const scene::Scene s = farRobScene();
    const CatalogLayout layout = catalogLayout(s, 160, 120, 60);
    ASSERT_GT(s.nodes[4].world.translationPart().x, 100000.0);
    for (const CatalogCell& cell : layout.cells) {
        const scene::SceneNode& node = s.nodes[static_cast<std::size_t>(s.catalog[cell.entry].node)];
        const scene::Bounds b = scene::Bounds::transformed(scene::nodeDrawBounds(s, node), node.world);
        const Vec3 centre{(b.min.x + b.max.x) / 2, (b.min.y + b.max.y) / 2, (b.min.z + b.max.z) / 2};
        const Vec3 d{b.max.x - b.min.x, b.max.y - b.min.y, b.max.z - b.min.z};
        const double radius = std::sqrt(d.x * d.x + d.y * d.y + d.z * d.z) / 2;
        const Vec3 eye = cell.camera.position - centre;
        const double distance = std::sqrt(eye.x * eye.x + eye.y * eye.y + eye.z * eye.z);
        EXPECT_NEAR(distance, std::max(radius, 1.0) / std::sin(30.0 * 3.14159265358979 / 180),
                    1e-6 * distance)
            << s.catalog[cell.entry].name;
    }
}

TEST(CatalogSheet, ShowOnlyNodeHidesEveryOtherNode) {
    const scene::Scene s = farRobScene();
    const sim::WorldState state = showOnlyNode(s, nullptr, 2);
    ASSERT_EQ(state.nodes.size(), s.nodes.size());
    for (std::size_t i = 0; i < state.nodes.size(); ++i)
        EXPECT_EQ(state.nodes[i].hidden, i != 2) << i;
}

// The glyphs are the 5 x 7 shapes: 'A' has a pointed top and a bar in its middle row; lower case
// is drawn in capitals, an unknown character as '?'.
TEST(LabelFont, GlyphsAndFallbacks) {
    EXPECT_EQ(glyph5x7('A')[0], 0b01110);
    EXPECT_EQ(glyph5x7('A')[3], 0b11111);
    EXPECT_EQ(glyph5x7('a'), glyph5x7('A'));
    EXPECT_EQ(glyph5x7('~'), glyph5x7('?'));
    EXPECT_NE(glyph5x7('0'), glyph5x7('O'));
}

// Two thumbnails of a palette look (colours and indices): the sheet copies both into their cells,
// fills the rest with the palette's black and draws each label in its white, into the colours and
// the indices alike, inside the cell only.
TEST(CatalogSheet, ComposesThumbnailsAndLabels) {
    scene::Scene s;
    s.catalog = {{"A", scene::SegmentKind::Model3d, 1, -1},
                 {"LONGNAMEOVERTHECELL", scene::SegmentKind::Placeholder, 0, -1}};
    const CatalogLayout layout = catalogLayout(s, 4, 3, 60);
    ASSERT_EQ(layout.columns, 2);
    loaders::Palette256 palette{};
    palette.fill({128, 128, 128});
    palette[7] = {1, 2, 3};
    palette[9] = {250, 250, 250};
    palette[10] = {40, 40, 40};
    std::vector<LookPicture> thumbs(2);
    for (std::size_t t = 0; t < 2; ++t) {
        thumbs[t].width = 4;
        thumbs[t].height = 3;
        thumbs[t].palette = palette;
        thumbs[t].indices.assign(12, static_cast<std::uint8_t>(10));
        thumbs[t].rgba.assign(12 * 4, 40);
    }
    const LookPicture sheet = composeCatalogSheet(layout, thumbs);
    ASSERT_EQ(sheet.width, layout.width);
    ASSERT_EQ(sheet.height, layout.height);
    ASSERT_EQ(sheet.indices.size(), static_cast<std::size_t>(sheet.width * sheet.height));
    ASSERT_EQ(sheet.rgba.size(), sheet.indices.size() * 4);
    const auto at = [&](int x, int y) { return static_cast<std::size_t>(y * sheet.width + x); };
    for (const CatalogCell& cell : layout.cells)
        for (int y = 0; y < 3; ++y)
            for (int x = 0; x < 4; ++x) {
                EXPECT_EQ(sheet.indices[at(cell.x + x, cell.y + y)], 10);
                EXPECT_EQ(sheet.rgba[at(cell.x + x, cell.y + y) * 4], 40);
            }
    EXPECT_EQ(sheet.indices[at(0, 0)], 7); // nearest to black, never the colour key
    EXPECT_EQ(sheet.rgba[at(0, 0) * 4], 1);
    std::size_t ink = 0, outside = 0;
    for (int y = 0; y < sheet.height; ++y)
        for (int x = 0; x < sheet.width; ++x) {
            if (sheet.indices[at(x, y)] != 9) continue;
            ++ink;
            EXPECT_EQ(sheet.rgba[at(x, y) * 4], 250);
            const bool inCell =
                x >= layout.cells[1].x ? x < layout.cells[1].x + 4 : x < layout.cells[0].x + 4;
            if (!inCell) ++outside;
        }
    EXPECT_GT(ink, 0u);
    EXPECT_EQ(outside, 0u) << "labels stay in their cells";
    thumbs[1].width = 5;
    EXPECT_THROW(composeCatalogSheet(layout, thumbs), std::invalid_argument);
    thumbs.pop_back();
    EXPECT_THROW(composeCatalogSheet(layout, thumbs), std::invalid_argument);
}

} // namespace
} // namespace rgx::renderer
