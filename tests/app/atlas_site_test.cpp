// rgx atlas's pieces (app/map/atlas_site.h): a marker's GeoJSON point, read the way Leaflet's
// L.CRS.Simple reads it, lands in the tile and on the pixel of the pyramid where the picture
// shows that marker. Markers in the north and in the south of the picture, so a point mirrored
// north-south (or east-west) lands off the picture or on another pixel.
#include "app/map/atlas_site.h"
#include "loaders/file_io.h"
#include "renderer/vk/png.h"
#include "scene/game_fs.h"
#include "tests/support/demo_dir.h"

#include <gtest/gtest.h>

#include <cmath>
#include <filesystem>
#include <string>

namespace rgx::app {
namespace {

struct Spot {
    int u = 0, v = 0; // the marker's pixel at the deepest zoom
    Rgb colour;
};

TEST(AtlasSite, MarkerPointsLandOnTheirPixelInTheTilePyramid) {
    constexpr int kLevels = 2; // a 512 x 512 picture: four tiles at zoom 1
    constexpr int kSide = kAtlasTile << (kLevels - 1);
    MapImage image{kSide, kSide, std::vector<std::uint8_t>(static_cast<std::size_t>(kSide) * kSide * 4, 0)};
    // North-west, south-west, and south-east: each in a tile of its own, off every axis of symmetry.
    const std::array<Spot, 3> spots{
        {{37, 60, {250, 10, 10}}, {90, 430, {10, 250, 10}}, {470, 300, {10, 10, 250}}}};
    nlohmann::json map = {{"markers", nlohmann::json::array()}};
    for (const Spot& s : spots) {
        image.set(s.u, s.v, s.colour);
        map["markers"].push_back({{"name", "at " + std::to_string(s.u) + "," + std::to_string(s.v)},
                                  {"uv", {s.u + 0.5, s.v + 0.5}},
                                  {"pixel", {s.u, s.v}}});
    }
    const std::filesystem::path dir = std::filesystem::path(::testing::TempDir()) / "rgx_atlas_site_test";
    std::filesystem::remove_all(dir);
    writeTilePyramid(dir, image, kLevels);

    const nlohmann::json geo = markersGeoJson(map, kLevels);
    ASSERT_EQ(geo.at("features").size(), spots.size());
    for (std::size_t i = 0; i < spots.size(); ++i) {
        const nlohmann::json& f = geo.at("features")[i];
        const std::string what = f.at("properties").at("name").get<std::string>();
        // L.CRS.Simple at zoom Z: pixel x = lng * 2^Z, pixel y = -lat * 2^Z (latitude grows north).
        const double lng = f.at("geometry").at("coordinates")[0].get<double>();
        const double lat = f.at("geometry").at("coordinates")[1].get<double>();
        const double zoom = std::ldexp(1.0, kLevels - 1);
        const int x = static_cast<int>(std::floor(lng * zoom)), y = static_cast<int>(std::floor(-lat * zoom));
        ASSERT_TRUE(x >= 0 && y >= 0 && x < kSide && y < kSide) << what << ": the point is off the picture";
        const std::filesystem::path tile = dir / std::to_string(kLevels - 1) /
                                           std::to_string(x / kAtlasTile) /
                                           (std::to_string(y / kAtlasTile) + ".png");
        const renderer::Rgba8Image png = renderer::decodePng(loaders::readFile(tile), tile.string());
        const std::uint8_t* p =
            &png.pixels[(static_cast<std::size_t>(y % kAtlasTile) * png.width + x % kAtlasTile) * 4];
        EXPECT_EQ((Rgb{p[0], p[1], p[2]}), spots[i].colour) << what << ": the tile's pixel at the point";
    }
    // And the page's reading of north: a marker higher in the picture has the greater latitude.
    EXPECT_GT(geo.at("features")[0].at("geometry").at("coordinates")[1].get<double>(),
              geo.at("features")[1].at("geometry").at("coordinates")[1].get<double>());
    std::filesystem::remove_all(dir);
}

// A Daggerfall town's RMB automap over the atlas, worked by hand. A town of 3 x 3 blocks; block
// (1, 2), the middle of the north row, has automap pixel (column 5, row 10) a tavern (16).
// Daggerfall Unity puts that block's south-west corner at (4096, 8192), z north, and the
// automap's row 0 at the block's north edge, 64 units a pixel. So the pixel's centre is at
// x = 4096 + 5.5 * 64 = 4448 and z = 8192 + 4096 - 10.5 * 64 = 11616, scene (4448, -11616) (the
// scene's z points south). Block (0, 0), the south-west one, has a temple (15) at (column 60,
// row 2): x = 60.5 * 64 = 3872, z = 4096 - 2.5 * 64 = 3936, scene (3872, -3936).
TEST(AtlasSite, AutomapPixelLandsOnItsBlockInThePagesCoordinates) {
    constexpr int kLevels = 3; // a 1024 x 1024 picture
    scene::daggerfall::TownAutomap town;
    town.width = 3;
    town.height = 3;
    scene::daggerfall::TownAutomapBlock north;
    north.x = 1;
    north.y = 2;
    north.pixels[10 * 64 + 5] = 16;
    scene::daggerfall::TownAutomapBlock southWest;
    southWest.pixels[2 * 64 + 60] = 15;
    town.blocks = {southWest, north};
    // A frame as fitMap makes one: square pixels, the town inside with a margin.
    view::MapFrame frame;
    frame.width = frame.height = kAtlasTile << (kLevels - 1);
    frame.unitsPerPixel = 12.75;
    frame.originX = -256;
    frame.originZ = -12544;

    const AtlasImageOverlay overlay = automapOverlay(town, frame, kLevels);
    ASSERT_EQ(overlay.image.width, 3 * 64);
    ASSERT_EQ(overlay.image.height, 3 * 64);
    const auto [south, west] = overlay.bounds[0];
    const auto [northLat, east] = overlay.bounds[1];
    ASSERT_GT(northLat, south);
    ASSERT_GT(east, west);
    // The page's [lat, lng] of a scene point: the frame's pixel (docs/map.md), then L.CRS.Simple
    // at the deepest zoom (lng = u / 4, lat = -v / 4).
    const auto pageAt = [&](double x, double z) {
        const double u = (x + 256) / 12.75, v = (z + 12544) / 12.75;
        return std::array<double, 2>{-v / 4, u / 4};
    };
    // The overlay's pixel that Leaflet stretches over that point.
    const auto overlayPixel = [&](std::array<double, 2> latLng) {
        const double fx = (latLng[1] - west) / (east - west),
                     fy = (northLat - latLng[0]) / (northLat - south);
        const int x = static_cast<int>(std::floor(fx * overlay.image.width));
        const int y = static_cast<int>(std::floor(fy * overlay.image.height));
        EXPECT_TRUE(x >= 0 && y >= 0 && x < overlay.image.width && y < overlay.image.height);
        const std::uint8_t* p =
            &overlay.image.rgba[(static_cast<std::size_t>(y) * overlay.image.width + x) * 4];
        return std::array<std::uint8_t, 4>{p[0], p[1], p[2], p[3]};
    };
    EXPECT_EQ(overlayPixel(pageAt(4448, -11616)), scene::daggerfall::automapColour(16)) << "the tavern";
    EXPECT_EQ(overlayPixel(pageAt(3872, -3936)), scene::daggerfall::automapColour(15)) << "the temple";
    // DFU's default colours: a tavern green, a temple blue, the background clear.
    EXPECT_EQ(scene::daggerfall::automapColour(16), (std::array<std::uint8_t, 4>{0x55, 0x75, 0x30, 0xFF}));
    EXPECT_EQ(scene::daggerfall::automapColour(15), (std::array<std::uint8_t, 4>{0x45, 0x7D, 0xC3, 0xFF}));
    EXPECT_EQ(overlayPixel(pageAt(4448 + 64, -11616))[3], 0) << "the background east of the tavern";
    // The whole grid: its corners are the town's, (0, -12288) north-west and (12288, 0) south-east.
    EXPECT_DOUBLE_EQ(overlay.bounds[1][0], pageAt(0, -12288)[0]);
    EXPECT_DOUBLE_EQ(overlay.bounds[0][1], pageAt(0, -12288)[1]);
    EXPECT_DOUBLE_EQ(overlay.bounds[0][0], pageAt(12288, 0)[0]);
    EXPECT_DOUBLE_EQ(overlay.bounds[1][1], pageAt(12288, 0)[1]);
}

// Only a Daggerfall exterior has the layer: the demo's island (world 0, Redguard) has none, nor
// has a dungeon or a block alone; its Daggerfall town (world 1000, 2 x 2 blocks) has every
// block's automap.
TEST(AtlasSite, OnlyADaggerfallTownHasAnAutomapLayer) {
    const scene::GameFs fs(rgx::testing::smallDemoDir());
    const scene::GameDirectory games(fs);
    EXPECT_FALSE(atlasTownAutomap(games, 0).has_value()) << "a Redguard world";
    const auto town = atlasTownAutomap(games, 1000);
    ASSERT_TRUE(town.has_value());
    EXPECT_EQ(town->width, 2);
    EXPECT_EQ(town->height, 2);
    EXPECT_EQ(town->blocks.size(), 4u);
    std::size_t drawn = 0;
    for (const auto& b : town->blocks)
        for (const std::uint8_t v : b.pixels)
            drawn += scene::daggerfall::automapColour(v)[3] != 0;
    EXPECT_GT(drawn, 0u) << "the demo's buildings are on its automap";
    for (const scene::GameWorld& w : games.worlds()) {
        if (w.world.kind == "dungeon" || w.world.kind == "block") {
            EXPECT_FALSE(atlasTownAutomap(games, w.world.id).has_value()) << w.world.name;
        }
    }
}

} // namespace
} // namespace rgx::app
