#include "app/map/atlas_site.h"

#include "base/error.h"
#include "renderer/soft/indexed_png.h"
#include "scene/daggerfall/df_engine.h"

#include <algorithm>

#include <cmath>

namespace rgx::app {

namespace {

MapImage halve(const MapImage& from) {
    MapImage to;
    to.width = from.width / 2;
    to.height = from.height / 2;
    to.rgba.resize(static_cast<std::size_t>(to.width) * to.height * 4);
    for (int y = 0; y < to.height; ++y)
        for (int x = 0; x < to.width; ++x)
            for (int c = 0; c < 4; ++c) {
                const auto at = [&](int dx, int dy) {
                    return static_cast<int>(
                        from.rgba[(static_cast<std::size_t>(2 * y + dy) * from.width + 2 * x + dx) * 4 + c]);
                };
                to.rgba[(static_cast<std::size_t>(y) * to.width + x) * 4 + c] =
                    static_cast<std::uint8_t>((at(0, 0) + at(1, 0) + at(0, 1) + at(1, 1) + 2) / 4);
            }
    return to;
}

} // namespace

std::size_t writeTilePyramid(const std::filesystem::path& dir, MapImage image, int levels) {
    const int side = kAtlasTile << (levels - 1);
    if (image.width != side || image.height != side)
        throw Error(dir.string(), Error::kNoOffset, "",
                    "a tile pyramid needs a square picture 256 x 2^(levels-1)");
    std::size_t written = 0;
    std::vector<std::uint8_t> tile(static_cast<std::size_t>(kAtlasTile) * kAtlasTile * 4);
    for (int z = levels - 1; z >= 0; --z) {
        const int count = image.width / kAtlasTile;
        for (int tx = 0; tx < count; ++tx) {
            const std::filesystem::path column = dir / std::to_string(z) / std::to_string(tx);
            std::filesystem::create_directories(column);
            for (int ty = 0; ty < count; ++ty) {
                for (int row = 0; row < kAtlasTile; ++row) {
                    const std::size_t from =
                        (static_cast<std::size_t>(ty * kAtlasTile + row) * image.width + tx * kAtlasTile) * 4;
                    std::copy_n(image.rgba.begin() + static_cast<std::ptrdiff_t>(from), kAtlasTile * 4,
                                tile.begin() + static_cast<std::ptrdiff_t>(row) * kAtlasTile * 4);
                }
                renderer::soft::writeRgbPng(column / (std::to_string(ty) + ".png"), kAtlasTile, kAtlasTile,
                                            tile, 1);
                ++written;
            }
        }
        if (z > 0) image = halve(image);
    }
    return written;
}

nlohmann::json markersGeoJson(const nlohmann::json& mapJson, int levels) {
    const double scale = std::ldexp(1.0, -(levels - 1));
    nlohmann::json features = nlohmann::json::array();
    for (const nlohmann::json& m : mapJson.at("markers")) {
        const double u = m.at("uv")[0].get<double>(), v = m.at("uv")[1].get<double>();
        features.push_back({{"type", "Feature"},
                            {"geometry", {{"type", "Point"}, {"coordinates", {u * scale, -v * scale}}}},
                            {"properties", m}});
    }
    return {{"type", "FeatureCollection"}, {"features", features}};
}

std::optional<scene::daggerfall::TownAutomap> atlasTownAutomap(const scene::GameDirectory& games,
                                                               std::int64_t id) {
    const auto* daggerfall = dynamic_cast<const scene::daggerfall::DaggerfallGame*>(&games.gameOf(id));
    if (!daggerfall) return std::nullopt;
    return daggerfall->townAutomap(id);
}

AtlasImageOverlay automapOverlay(const scene::daggerfall::TownAutomap& town, const view::MapFrame& frame,
                                 int levels) {
    namespace sdf = scene::daggerfall;
    constexpr int side = sdf::kAutomapSide;
    AtlasImageOverlay overlay;
    MapImage& image = overlay.image;
    image.width = town.width * side;
    image.height = town.height * side;
    image.rgba.assign(static_cast<std::size_t>(image.width) * image.height * 4, 0);
    for (const sdf::TownAutomapBlock& block : town.blocks) {
        if (block.x < 0 || block.y < 0 || block.x >= town.width || block.y >= town.height) continue;
        // The grid's north row (y = height - 1) is the picture's top.
        const int left = block.x * side, top = (town.height - 1 - block.y) * side;
        for (int row = 0; row < side; ++row)
            for (int col = 0; col < side; ++col) {
                const std::array<std::uint8_t, 4> c =
                    sdf::automapColour(block.pixels[static_cast<std::size_t>(row * side + col)]);
                std::copy(c.begin(), c.end(),
                          image.rgba.begin() +
                              static_cast<std::ptrdiff_t>(
                                  (static_cast<std::size_t>(top + row) * image.width + left + col) * 4));
            }
    }
    // The grid's north-west corner and south-east corner (block (width, -1)'s north-west).
    const double scale = std::ldexp(1.0, -(levels - 1));
    const std::array<double, 2> nw = sdf::rmbBlockNorthWest(0, town.height - 1);
    const std::array<double, 2> se = sdf::rmbBlockNorthWest(town.width, -1);
    const std::array<double, 2> nwUv = frame.toPixel(nw[0], nw[1]), seUv = frame.toPixel(se[0], se[1]);
    overlay.bounds = {{{-seUv[1] * scale, nwUv[0] * scale}, {-nwUv[1] * scale, seUv[0] * scale}}};
    return overlay;
}

} // namespace rgx::app
