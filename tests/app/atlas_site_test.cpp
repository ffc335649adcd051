// rgx atlas's pieces (app/map/atlas_site.h): a marker's GeoJSON point, read the way Leaflet's
// L.CRS.Simple reads it, lands in the tile and on the pixel of the pyramid where the picture
// shows that marker. Markers in the north and in the south of the picture, so a point mirrored
// north-south (or east-west) lands off the picture or on another pixel.
#include "app/map/atlas_site.h"
#include "loaders/file_io.h"
#include "renderer/vk/png.h"

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

} // namespace
} // namespace rgx::app
