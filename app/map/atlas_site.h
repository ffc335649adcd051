#pragma once
// The pieces of `rgx atlas`'s static site (docs/map.md): a world's picture cut into a tile pyramid,
// its markers as GeoJSON in the page's coordinates, and the page itself. The page is Leaflet's
// L.CRS.Simple: at zoom z a map unit is 2^z pixels, so the deepest zoom Z's pixel (u, v) is at
// [lng, lat] = [u / 2^Z, -v / 2^Z], and the whole world is 256 units square.

#include "app/map/map_image.h"
#include "app/map/map_render.h"
#include "scene/daggerfall/df_automap.h"
#include "scene/engine.h"

#include <nlohmann/json.hpp>

#include <array>
#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>

namespace rgx::app {

inline constexpr int kAtlasTile = 256; // pixels per tile side, at every zoom

// Writes `image` (square, kAtlasTile x 2^(levels - 1) pixels a side) as tiles DIR/z/x/y.png for
// zoom 0 .. levels - 1, each level a 2 x 2 box filter of the next. Returns the tiles written.
std::size_t writeTilePyramid(const std::filesystem::path& dir, MapImage image, int levels);

// The markers as a GeoJSON FeatureCollection of Points at the page's coordinates for a picture of
// `levels` zoom levels, each with its MAP.json record as properties (kind, name, record, model,
// engine position, pixel).
nlohmann::json markersGeoJson(const nlohmann::json& mapJson, int levels);

// A picture laid over the tiles (the page's L.imageOverlay): its RGBA pixels and its corners in
// the page's coordinates, Leaflet's LatLngBounds [[south lat, west lng], [north lat, east lng]].
struct AtlasImageOverlay {
    MapImage image;
    std::array<std::array<double, 2>, 2> bounds{};
};

// The automap layer of world `id`: its town's automap (DaggerfallGame::townAutomap) when the world
// is a Daggerfall town, else nullopt (every Redguard world, a dungeon, a block alone).
std::optional<scene::daggerfall::TownAutomap> atlasTownAutomap(const scene::GameDirectory& games,
                                                               std::int64_t id);

// A town's automap as one picture over the tile pyramid of `levels` zoom levels drawn in `frame`:
// 64 pixels a block, row 0 the grid's north row and column 0 its west column, each pixel
// automapColour's (a cell without a block transparent). Its bounds are the grid's corners
// (rmbBlockNorthWest) through the frame, in the page's coordinates, so a pixel lies over the
// 64 x 64 units of the town it maps.
AtlasImageOverlay automapOverlay(const scene::daggerfall::TownAutomap& town, const view::MapFrame& frame,
                                 int levels);

// The site's fixed files, as text.
const char* atlasIndexHtmlHead(); // index.html up to the data scripts
const char* atlasIndexHtmlTail(); // after them
const char* atlasScript();        // atlas.js: the world picker, the tiles, markers, search, status
const char* atlasStyle();         // atlas.css

} // namespace rgx::app
