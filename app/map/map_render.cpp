#include "app/map/map_render.h"

#include "app/commands/json_text.h"
#include "renderer/soft/indexed_png.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <utility>

namespace rgx::app {

namespace {

constexpr Rgb kBlack{0, 0, 0}, kWhite{255, 255, 255};
constexpr int kMarkerRadius = 3;
constexpr int kEdge = 10; // the overlays' distance from the picture's edges, in pixels

// The order labels are placed in, so the rarer, more telling kinds win the space.
constexpr std::array<view::MarkerKind, 7> kLabelOrder{
    view::MarkerKind::Marker, view::MarkerKind::Actor, view::MarkerKind::Location, view::MarkerKind::Light,
    view::MarkerKind::Rope,   view::MarkerKind::Flat,  view::MarkerKind::Static};

// Pixels taken by markers and placed labels.
struct Occupancy {
    int width, height;
    std::vector<std::uint8_t> taken;
    Occupancy(int w, int h) : width(w), height(h), taken(static_cast<std::size_t>(w) * h) {}
    bool free(int x0, int y0, int w, int h) const {
        if (x0 < 0 || y0 < 0 || x0 + w > width || y0 + h > height) return false;
        for (int y = y0; y < y0 + h; ++y)
            for (int x = x0; x < x0 + w; ++x)
                if (taken[static_cast<std::size_t>(y) * width + x]) return false;
        return true;
    }
    void take(int x0, int y0, int w, int h) {
        for (int y = std::max(y0, 0); y < std::min(y0 + h, height); ++y)
            for (int x = std::max(x0, 0); x < std::min(x0 + w, width); ++x)
                taken[static_cast<std::size_t>(y) * width + x] = 1;
    }
};

// The longest 1, 2 or 5 x 10^k engine units that fits in `pixels` at this scale.
double niceLength(double unitsPerPixel, int pixels) {
    const double most = unitsPerPixel * pixels;
    double step = std::pow(10.0, std::floor(std::log10(std::max(most, 1e-9))));
    for (const double f : {5.0, 2.0, 1.0})
        if (f * step <= most) return f * step;
    return step;
}

// The scale bar's length in engine units and in pixels.
std::pair<double, int> scaleBarLength(const MapImage& image, const view::MapFrame& frame) {
    const double units = niceLength(frame.unitsPerPixel, std::max(image.width / 5, 20));
    return {units, static_cast<int>(std::lround(units / frame.unitsPerPixel))};
}

// The boxes the scale bar (with its text) and the north arrow take, kept free of labels.
std::array<std::array<int, 4>, 2> furnitureBoxes(const MapImage& image, const view::MapFrame& frame) {
    const int length = scaleBarLength(image, frame).second;
    const int text = measureText("0").height;
    const int cx = image.width - kEdge - 8;
    return {{{kEdge - 2, image.height - kEdge - 6 - 5 - text, length + 4, text + 12},
             {cx - 9, kEdge - 2, 19, 14 + 24 + 4}}};
}

void drawScaleBar(MapImage& image, const view::MapFrame& frame) {
    const auto [units, length] = scaleBarLength(image, frame);
    const int x = kEdge, y = image.height - kEdge - 6;
    fillRect(image, x - 1, y - 1, x + length + 1, y + 5, kBlack);
    fillRect(image, x, y, x + length, y + 4, kWhite);
    fillRect(image, x + length / 2, y, x + length, y + 4, kBlack); // two halves read as a ruler
    char text[64];
    std::snprintf(text, sizeof text, "%.0f units", units);
    drawText(image, x, y - 3 - measureText(text).height, text, kWhite, kBlack);
}

void drawNorthArrow(MapImage& image) {
    const int cx = image.width - kEdge - 8, top = kEdge + 14, bottom = top + 24;
    for (int w = -1; w <= 1; ++w)
        drawLine(image, cx + w, top, cx + w, bottom, kBlack);
    drawLine(image, cx, top, cx, bottom, kWhite);
    for (int d = 0; d < 7; ++d) { // the head: a filled triangle, black-edged
        drawLine(image, cx - d - 1, top + d + 1, cx + d + 1, top + d + 1, kBlack);
        drawLine(image, cx - d, top + d + 1, cx + d, top + d + 1, kWhite);
    }
    const TextSize n = measureText("N");
    drawText(image, cx - n.width / 2, kEdge, "N", kWhite, kBlack);
}

} // namespace

renderer::LookSettings mapLookSettings(renderer::LookSettings base) {
    base.layers.fog = false;
    base.layers.ceilings = false; // a tile-map level seen from above shows its floors (an automap)
    base.layers.sky = base.layers.clouds = base.layers.sun = base.layers.rain = false;
    base.pvo = false;
    base.pvoPosition.reset();
    return base;
}

MapImage pictureRgba(renderer::LookPicture p) {
    MapImage image;
    image.width = p.width;
    image.height = p.height;
    if (!p.rgba.empty()) {
        image.rgba = std::move(p.rgba);
        return image;
    }
    image.rgba.resize(p.indices.size() * 4);
    for (std::size_t i = 0; i < p.indices.size(); ++i) {
        const loaders::ColorRgb c = (*p.palette)[p.indices[i]];
        image.rgba[i * 4] = c.r;
        image.rgba[i * 4 + 1] = c.g;
        image.rgba[i * 4 + 2] = c.b;
        image.rgba[i * 4 + 3] = 255;
    }
    return image;
}

MapImage drawMapGround(renderer::LookRenderer& look, const view::MapFrame& frame,
                       const renderer::LookSettings& base, renderer::LookFrame* figures) {
    renderer::FrameRequest request;
    request.camera = view::mapCamera(frame);
    request.width = frame.width;
    request.height = frame.height;
    request.settings = mapLookSettings(base);
    renderer::LookFrame drawn = look.render(request);
    MapImage image = pictureRgba(std::move(drawn.picture));
    if (figures) {
        drawn.picture = {};
        *figures = std::move(drawn);
    }
    return image;
}

Rgb markerColor(view::MarkerKind kind) {
    switch (kind) {
    case view::MarkerKind::Actor:
        return {235, 50, 40};
    case view::MarkerKind::Static:
        return {235, 235, 235};
    case view::MarkerKind::Flat:
        return {70, 200, 70};
    case view::MarkerKind::Light:
        return {255, 215, 0};
    case view::MarkerKind::Marker:
        return {0, 215, 255};
    case view::MarkerKind::Location:
        return {255, 140, 0};
    case view::MarkerKind::Rope:
        return {165, 110, 255};
    default:
        return kWhite;
    }
}

std::array<int, 2> markerPixel(const view::MapFrame& frame, const Vec3& position) {
    const auto uv = frame.toPixel(position.x, position.z);
    return {static_cast<int>(std::floor(uv[0])), static_cast<int>(std::floor(uv[1]))};
}

std::vector<view::MapMarker> markersInFrame(const view::MapFrame& frame, std::vector<view::MapMarker> markers,
                                            view::MarkerKinds kinds) {
    std::vector<view::MapMarker> kept;
    for (view::MapMarker& m : markers) {
        if (!(kinds & view::markerBit(m.kind))) continue;
        const auto p = markerPixel(frame, m.position);
        if (p[0] < 0 || p[1] < 0 || p[0] >= frame.width || p[1] >= frame.height) continue;
        if (m.position.y > frame.top || m.position.y < frame.bottom) continue; // cut away (--floor)
        kept.push_back(std::move(m));
    }
    return kept;
}

MapOverlay drawMapOverlay(MapImage& image, const view::MapFrame& frame, std::vector<view::MapMarker> markers,
                          const MapOverlayOptions& options) {
    MapOverlay overlay;
    overlay.markers = markersInFrame(frame, std::move(markers), options.markers);
    // The scale bar and the arrow first: a marker under them stays in sight.
    if (options.scaleBar) drawScaleBar(image, frame);
    if (options.northArrow) drawNorthArrow(image);
    for (const view::MapMarker& m : overlay.markers) {
        const auto p = markerPixel(frame, m.position);
        fillDisc(image, p[0], p[1], kMarkerRadius, markerColor(m.kind), kBlack);
    }
    if (options.labels) {
        Occupancy taken(image.width, image.height);
        const int r = kMarkerRadius + 1;
        for (const view::MapMarker& m : overlay.markers) {
            const auto p = markerPixel(frame, m.position);
            taken.take(p[0] - r, p[1] - r, 2 * r + 1, 2 * r + 1);
        }
        for (const auto& box : furnitureBoxes(image, frame))
            taken.take(box[0], box[1], box[2], box[3]);
        for (const view::MarkerKind kind : kLabelOrder) {
            for (std::size_t i = 0; i < overlay.markers.size(); ++i) {
                const view::MapMarker& m = overlay.markers[i];
                if (m.kind != kind || m.name.empty()) continue;
                const TextSize t = measureText(m.name);
                const int w = t.width + 2, h = t.height + 2; // the halo
                const auto p = markerPixel(frame, m.position);
                // Right, left, above, below the disc: the first place that is free.
                const std::array<std::array<int, 2>, 4> places{{{p[0] + r + 2, p[1] - h / 2},
                                                                {p[0] - r - 2 - w, p[1] - h / 2},
                                                                {p[0] - w / 2, p[1] - r - 2 - h},
                                                                {p[0] - w / 2, p[1] + r + 2}}};
                for (const auto& at : places) {
                    if (!taken.free(at[0], at[1], w, h)) continue;
                    taken.take(at[0], at[1], w, h);
                    drawText(image, at[0] + 1, at[1] + 1, m.name, kWhite, kBlack);
                    overlay.labels.push_back({i, at[0], at[1], w, h});
                    break;
                }
            }
        }
    }
    return overlay;
}

nlohmann::json mapJson(const view::MapFrame& frame, const scene::Bounds& bounds, const MapOverlay& overlay,
                       const nlohmann::json& extra) {
    // Engine coordinates: x and z as the scene's, y negated (docs/coordinates.md).
    const auto engine = [](const Vec3& p) { return nlohmann::json::array({p.x, -p.y, p.z}); };
    nlohmann::json j = extra;
    j["size"] = {frame.width, frame.height};
    j["bounds"] = {{"scene",
                    {{"min", {bounds.min.x, bounds.min.y, bounds.min.z}},
                     {"max", {bounds.max.x, bounds.max.y, bounds.max.z}}}},
                   {"engine",
                    {{"min", {bounds.min.x, -bounds.max.y, bounds.min.z}},
                     {"max", {bounds.max.x, -bounds.min.y, bounds.max.z}}}}};
    j["transform"] = {
        {"unitsPerPixel", frame.unitsPerPixel},
        {"origin", {frame.originX, frame.originZ}},
        {"axes", {{"u", "engine +x (east), pixels to the right"}, {"v", "engine +z (south), pixels down"}}},
        {"pixel", "(u, v) from the picture's top-left corner; pixel (i, j) covers [i, i+1) x [j, j+1)"},
        {"toEngine", "x = origin[0] + u * unitsPerPixel, z = origin[1] + v * unitsPerPixel"},
        {"toPixel", "u = (x - origin[0]) / unitsPerPixel, v = (z - origin[1]) / unitsPerPixel"}};
    j["heights"] = {{"scene", {{"top", frame.top}, {"bottom", frame.bottom}}},
                    {"engine", {{"top", -frame.top}, {"bottom", -frame.bottom}}}};
    std::vector<const MapLabel*> labelOf(overlay.markers.size(), nullptr);
    for (const MapLabel& l : overlay.labels)
        labelOf[l.marker] = &l;
    nlohmann::json markers = nlohmann::json::array();
    for (std::size_t i = 0; i < overlay.markers.size(); ++i) {
        const view::MapMarker& m = overlay.markers[i];
        const auto uv = frame.toPixel(m.position.x, m.position.z);
        const auto px = markerPixel(frame, m.position);
        nlohmann::json r = {{"kind", view::markerKindSingular(m.kind)},
                            {"name", m.name},
                            {"record", {{"section", m.section}, {"index", m.index}}},
                            {"model", m.model},
                            {"engine", engine(m.position)},
                            {"uv", {uv[0], uv[1]}},
                            {"pixel", {px[0], px[1]}}};
        if (!m.file.empty()) r["record"]["file"] = m.file;
        if (m.node >= 0) r["node"] = m.node;
        if (!m.script.empty()) r["script"] = m.script;
        if (const MapLabel* l = labelOf[i]) r["label"] = {l->x, l->y, l->width, l->height};
        markers.push_back(std::move(r));
    }
    j["markers"] = std::move(markers);
    return utf8Json(j);
}

void writeMapPng(const std::filesystem::path& path, const MapImage& image) {
    renderer::soft::writeRgbPng(path, image.width, image.height, image.rgba, 1);
}

} // namespace rgx::app
