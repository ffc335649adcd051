// `rgx render --model FILE.ROB` (issue 32): a ROB whose models lie 125,000 units apart, as the
// real ISLAND.ROB's do, shows every segment in its own labelled thumbnail in both looks, none
// clipped or fogged out, the placeholder magenta in both; --segment NAME opens that one alone; the
// segments are listed on stdout and the legend says what magenta means.

#include "app/commands.h"
#include "loaders/file_io.h"
#include "renderer/soft/indexed_png.h"
#include "renderer/views/catalog_sheet.h"
#include "renderer/vk/png.h"
#include "scene/engine.h"
#include "scene/redguard/scene_builder.h"
#include "tests/scene/scene_fixture.h"
#include "tests/support/demo_dir.h"
#include "tests/support/far_rob.h"

#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <string>
#include <vector>

namespace rgx::app {
namespace {

namespace fs = std::filesystem;

struct Picture {
    int width = 0, height = 0;
    std::vector<loaders::ColorRgb> rgb;
    const loaders::ColorRgb& at(int x, int y) const { return rgb[static_cast<std::size_t>(y * width + x)]; }
};

// The PNG either look wrote, as colours: an indexed PNG through its palette, else RGBA.
Picture readPicture(const fs::path& path, bool indexed) {
    Picture p;
    if (indexed) {
        const renderer::soft::IndexedImage image = renderer::soft::readIndexedPng(path);
        p.width = image.width;
        p.height = image.height;
        for (std::uint8_t i : image.index)
            p.rgb.push_back(image.palette[i]);
    } else {
        const renderer::Rgba8Image image = renderer::decodePng(loaders::readFile(path), path.string());
        p.width = static_cast<int>(image.width);
        p.height = static_cast<int>(image.height);
        for (std::size_t i = 0; i + 3 < image.pixels.size(); i += 4)
            p.rgb.push_back({image.pixels[i], image.pixels[i + 1], image.pixels[i + 2]});
    }
    return p;
}

bool isMagenta(const loaders::ColorRgb& c) {
    return c.r > 60 && c.b > 60 && c.g < 30 && std::abs(c.r - c.b) < 20;
}

struct RenderRun {
    int rc = -1;
    std::string out, err;
};

RenderRun render(RenderOptions o) {
    ::setenv("RGX_VALIDATION", "1", 1);
    ::testing::internal::CaptureStderr();
    ::testing::internal::CaptureStdout();
    RenderRun r;
    r.rc = runRender(o);
    r.out = ::testing::internal::GetCapturedStdout();
    r.err = ::testing::internal::GetCapturedStderr();
    ::unsetenv("RGX_VALIDATION");
    return r;
}

class RenderCatalogue : public ::testing::TestWithParam<std::string> {};

TEST_P(RenderCatalogue, ShowsEverySegmentLabelledInItsCell) {
    const std::string look = GetParam();
    const fs::path dir = scene::test::freshTempDir("render_catalogue_" + look);
    RenderOptions o;
    o.game.model = test::writeFarRob(dir).string();
    o.output = (dir / "catalogue.png").string();
    o.software.renderer = look;
    o.software.rendererGiven = true;
    const RenderRun run = render(o);
    ASSERT_EQ(run.rc, 0) << run.err;
    EXPECT_EQ(run.err.find("[vulkan]"), std::string::npos) << "validation reported:\n" << run.err;
    EXPECT_NE(run.err.find("legend: magenta is a missing texture or a placeholder model"), std::string::npos)
        << run.err;
    for (const test::FarRobSegment& seg : test::farRobSegments()) {
        const std::string kind = seg.placeholder ? "placeholder" : "3D";
        EXPECT_NE(run.out.find(seg.name), std::string::npos) << run.out;
        EXPECT_NE(run.out.find(kind), std::string::npos) << run.out;
    }
    EXPECT_NE(run.out.find("catalogue "), std::string::npos) << run.out;
    EXPECT_NE(run.out.find("5 segments, 3 x 2 thumbnails of 160x120"), std::string::npos) << run.out;

    // The layout the command drew (its geometry is checked in tests/renderer/views/).
    const scene::Scene s = scene::buildModelScene(o.game.model, nullptr);
    const renderer::CatalogLayout layout =
        renderer::catalogLayout(s, renderer::kCatalogThumbWidth, renderer::kCatalogThumbHeight, o.fovYDeg);
    const Picture sheet = readPicture(o.output, look == "soft");
    ASSERT_EQ(sheet.width, layout.width);
    ASSERT_EQ(sheet.height, layout.height);
    const loaders::ColorRgb background = sheet.at(0, 0);
    EXPECT_LT(background.r + background.g + background.b, 30) << "black between the cells";
    for (const renderer::CatalogCell& cell : layout.cells) {
        const test::FarRobSegment& seg = test::farRobSegments()[cell.entry];
        std::size_t drawn = 0, magenta = 0;
        for (int y = 0; y < layout.thumbHeight; ++y)
            for (int x = 0; x < layout.thumbWidth; ++x) {
                const loaders::ColorRgb& c = sheet.at(cell.x + x, cell.y + y);
                drawn += c != background ? 1 : 0;
                magenta += isMagenta(c) ? 1 : 0;
            }
        // Framed alone, every segment covers a good part of its thumbnail: none is a speck, clipped
        // by the far plane or fogged to the background.
        const std::size_t area = static_cast<std::size_t>(layout.thumbWidth * layout.thumbHeight);
        EXPECT_GT(drawn, area / 25) << seg.name << " in the " << look << " look";
        if (seg.placeholder)
            EXPECT_GT(magenta, drawn / 2) << "the placeholder is magenta in the " << look << " look";
        else
            EXPECT_EQ(magenta, 0u) << seg.name << " is grey";
        // Its labels: white text in the band under the thumbnail.
        std::size_t ink = 0;
        for (int y = layout.thumbHeight; y < layout.thumbHeight + renderer::kCatalogLabelHeight; ++y)
            for (int x = 0; x < layout.thumbWidth; ++x) {
                const loaders::ColorRgb& c = sheet.at(cell.x + x, cell.y + y);
                ink += c.r > 200 && c.g > 200 && c.b > 200 ? 1 : 0;
            }
        EXPECT_GT(ink, 30u) << seg.name << "'s labels";
    }
}

// A Riot model database (Drakan's .mod, issue 44) opened whole: the demo's five models listed, each
// of kind "Riot model" (names past the ROB's 8 characters keep a space before the kind), and each
// drawn and labelled in its cell; nothing is missing, so no legend.
TEST_P(RenderCatalogue, ARiotModelDatabaseShowsItsFiveModels) {
    const std::string look = GetParam();
    const fs::path dir = scene::test::freshTempDir("render_catalogue_riot_" + look);
    RenderOptions o;
    o.game.model = (rgx::testing::smallDemoDir() / "Drakan" / "Common" / "Models.mod").string();
    o.output = (dir / "models.png").string();
    o.software.renderer = look;
    o.software.rendererGiven = true;
    const RenderRun run = render(o);
    ASSERT_EQ(run.rc, 0) << run.err;
    EXPECT_EQ(run.err.find("[vulkan]"), std::string::npos) << "validation reported:\n" << run.err;
    EXPECT_EQ(run.err.find("legend:"), std::string::npos) << run.err;
    for (const char* line : {"  Crate      Riot model   6 faces\n", "  Pillar     Riot model   22 faces\n",
                             "  Tree       Riot model   20 faces\n", "  Tree (far) Riot model   2 faces\n",
                             "  Boulder    Riot model   8 faces\n"})
        EXPECT_NE(run.out.find(line), std::string::npos) << line << " in\n" << run.out;
    EXPECT_NE(run.out.find("5 segments, 3 x 2 thumbnails of 160x120"), std::string::npos) << run.out;

    const scene::Scene s = scene::buildModelFileScene(o.game.model, nullptr);
    const renderer::CatalogLayout layout =
        renderer::catalogLayout(s, renderer::kCatalogThumbWidth, renderer::kCatalogThumbHeight, o.fovYDeg);
    ASSERT_EQ(layout.cells.size(), 5u);
    EXPECT_EQ(layout.cells[3].labels[1], "Riot model");
    const Picture sheet = readPicture(o.output, look == "soft");
    ASSERT_EQ(sheet.width, layout.width);
    ASSERT_EQ(sheet.height, layout.height);
    const loaders::ColorRgb background = sheet.at(0, 0);
    for (const renderer::CatalogCell& cell : layout.cells) {
        const std::string& name = s.catalog[cell.entry].name;
        std::size_t drawn = 0, magenta = 0, ink = 0;
        for (int y = 0; y < layout.thumbHeight; ++y)
            for (int x = 0; x < layout.thumbWidth; ++x) {
                const loaders::ColorRgb& c = sheet.at(cell.x + x, cell.y + y);
                drawn += c != background ? 1 : 0;
                magenta += isMagenta(c) ? 1 : 0;
            }
        for (int y = layout.thumbHeight; y < layout.thumbHeight + renderer::kCatalogLabelHeight; ++y)
            for (int x = 0; x < layout.thumbWidth; ++x) {
                const loaders::ColorRgb& c = sheet.at(cell.x + x, cell.y + y);
                ink += c.r > 200 && c.g > 200 && c.b > 200 ? 1 : 0;
            }
        // The far tree is two crossed quads seen from 35 degrees up: smaller than the rest.
        EXPECT_GT(drawn, static_cast<std::size_t>(layout.thumbWidth * layout.thumbHeight) / 40)
            << name << " in the " << look << " look";
        EXPECT_EQ(magenta, 0u) << name << ": its textures are found";
        EXPECT_GT(ink, 30u) << name << "'s labels";
    }

    // --segment NAME opens one model alone, by a name the list gives (spaces and any case).
    o.game.segment = "tree (FAR)";
    o.output = (dir / "tree_far.png").string();
    const RenderRun one = render(o);
    ASSERT_EQ(one.rc, 0) << one.err;
    EXPECT_EQ(one.out.find("thumbnails of"), std::string::npos) << one.out;
    EXPECT_NE(one.err.find("1 models built"), std::string::npos) << one.err;
}

INSTANTIATE_TEST_SUITE_P(BothLooks, RenderCatalogue, ::testing::Values("glide", "soft"));

// --segment NAME opens that segment alone at --size, as before the catalogue; --camera without a
// segment draws the laid-out grid from that camera.
TEST(RenderCatalogue, SegmentOpensOneAndCameraTheGrid) {
    const fs::path dir = scene::test::freshTempDir("render_catalogue_segment");
    RenderOptions o;
    o.game.model = test::writeFarRob(dir).string();
    o.game.segment = "tower";
    o.output = (dir / "tower.png").string();
    o.size = {96, 64};
    o.sizeGiven = true;
    o.software.renderer = "soft";
    o.software.rendererGiven = true;
    const RenderRun one = render(o);
    ASSERT_EQ(one.rc, 0) << one.err;
    EXPECT_EQ(one.out.find("thumbnails of"), std::string::npos) << one.out;
    EXPECT_EQ(one.err.find("legend:"), std::string::npos) << "TOWER has nothing missing: " << one.err;
    const Picture tower = readPicture(o.output, true);
    ASSERT_EQ(tower.width, 96);
    ASSERT_EQ(tower.height, 64);
    std::size_t drawn = 0;
    for (const loaders::ColorRgb& c : tower.rgb)
        drawn += c != tower.at(0, 0) ? 1 : 0;
    EXPECT_GT(drawn, 96u * 64u / 20);

    o.game.segment.clear();
    o.camera = view::parseCamera("0,1000,1000,0,-30");
    o.output = (dir / "grid.png").string();
    const RenderRun grid = render(o);
    ASSERT_EQ(grid.rc, 0) << grid.err;
    EXPECT_EQ(grid.out.find("thumbnails of"), std::string::npos) << grid.out;
    EXPECT_EQ(readPicture(o.output, true).width, 96);
}

} // namespace
} // namespace rgx::app
