#pragma once
// A world from straight above, drawn by a look and marked (docs/map.md): what `rgx map` writes,
// the atlas tiles, and the explorer's map window show. The ground is the look's own picture
// through view/map_view.h's orthographic camera, with no fog, sky or rain, and no PVO (a map shows
// everything); the overlays (markers, labels, scale bar, north arrow) are drawn on it here.

#include "app/map/map_image.h"
#include "renderer/look_renderer.h"
#include "view/map_view.h"

#include <nlohmann/json.hpp>

#include <optional>
#include <string>
#include <vector>

namespace rgx::app {

// What a map shows, past the frame.
struct MapOverlayOptions {
    view::MarkerKinds markers = view::kAllMarkerKinds;
    bool labels = false; // names beside the markers, those that fit without overlapping
    bool scaleBar = true, northArrow = true;
};

// The settings a map is drawn with: fog, sky, clouds, sun and rain off, no PVO, and the view
// distance opened up so that nothing the frame holds is culled by distance.
renderer::LookSettings mapLookSettings(renderer::LookSettings base = {});

// A look's picture as RGBA (a palette look's indices through its palette).
MapImage pictureRgba(renderer::LookPicture picture);

// The look's picture of the frame (the world at rest: no world state), as RGBA.
MapImage drawMapGround(renderer::LookRenderer& look, const view::MapFrame& frame,
                       const renderer::LookSettings& base = {}, renderer::LookFrame* figures = nullptr);

// A marker's fill colour, by kind (docs/map.md's legend).
Rgb markerColor(view::MarkerKind kind);
// The pixel a marker is drawn on: the one whose square holds its position.
std::array<int, 2> markerPixel(const view::MapFrame& frame, const Vec3& position);

// A placed label: its marker and its box in pixels.
struct MapLabel {
    std::size_t marker = 0;
    int x = 0, y = 0, width = 0, height = 0;
};

// The markers of these kinds inside the frame's picture and heights, in their order.
std::vector<view::MapMarker> markersInFrame(const view::MapFrame& frame, std::vector<view::MapMarker> markers,
                                            view::MarkerKinds kinds);

// What the overlays put on a picture: the markers of the kinds asked for inside the picture and
// within the frame's heights, and the labels placed.
struct MapOverlay {
    std::vector<view::MapMarker> markers; // those inside the picture
    std::vector<MapLabel> labels;
};
MapOverlay drawMapOverlay(MapImage& image, const view::MapFrame& frame, std::vector<view::MapMarker> markers,
                          const MapOverlayOptions& options);

// MAP.json (docs/map.md): the bounds, the pixel <-> engine transform, the heights and one record per
// marker. `extra` is merged at the top (the world id, the look, the title).
nlohmann::json mapJson(const view::MapFrame& frame, const scene::Bounds& bounds, const MapOverlay& overlay,
                       const nlohmann::json& extra = nlohmann::json::object());

// The picture as an RGB PNG (zlib's fastest level: a 4096 x 4096 map is 48 MiB of pixels).
void writeMapPng(const std::filesystem::path& path, const MapImage& image);

} // namespace rgx::app
