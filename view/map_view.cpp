#include "view/map_view.h"

#include "base/error.h"

#include <algorithm>
#include <cmath>
#include <stdexcept>

namespace rgx::view {

namespace {

// Above the highest thing drawn and below the lowest, so neither touches a depth plane.
constexpr double kHeightPad = 64;

// Every node kind a marker shows, with its marker kind; the rest (terrain, rope links and ends,
// held items, model-viewer nodes, a tile-map level's tiles and ceilings) are not marked.
std::optional<MarkerKind> markerKindOf(scene::NodeKind kind) {
    switch (kind) {
    case scene::NodeKind::Object:
    case scene::NodeKind::Trigger:
        return MarkerKind::Actor;
    case scene::NodeKind::Static:
        return MarkerKind::Static;
    case scene::NodeKind::Flat:
        return MarkerKind::Flat;
    case scene::NodeKind::Light:
        return MarkerKind::Light;
    case scene::NodeKind::Marker:
        return MarkerKind::Marker;
    case scene::NodeKind::Rope:
        return MarkerKind::Rope;
    default:
        return std::nullopt;
    }
}

// Each kind's names, in MarkerKind's order.
struct KindNames {
    const char* plural;
    const char* singular;
};
constexpr std::array<KindNames, 7> kKinds{{{"actors", "actor"},
                                           {"statics", "static"},
                                           {"flats", "flat"},
                                           {"lights", "light"},
                                           {"markers", "marker"},
                                           {"locations", "location"},
                                           {"ropes", "rope"}}};
static_assert(kKinds.size() == static_cast<std::size_t>(MarkerKind::Count));

const KindNames* namesOf(MarkerKind kind) {
    const auto i = static_cast<std::size_t>(kind);
    return i < kKinds.size() ? &kKinds[i] : nullptr;
}

Vec3 engineToScene(const Vec3& e) {
    return {e.x, -e.y, e.z};
}

} // namespace

const char* markerKindName(MarkerKind kind) {
    const KindNames* n = namesOf(kind);
    return n ? n->plural : "?";
}

const char* markerKindSingular(MarkerKind kind) {
    const KindNames* n = namesOf(kind);
    return n ? n->singular : "?";
}

MarkerKinds parseMarkerKinds(const std::string& text, const std::string& what) {
    if (text == "all") return kAllMarkerKinds;
    MarkerKinds kinds = 0;
    if (text == "none") return kinds;
    std::size_t start = 0;
    while (start < text.size()) {
        std::size_t end = text.find(',', start);
        if (end == std::string::npos) end = text.size();
        const std::string name = text.substr(start, end - start);
        const auto* found =
            std::find_if(kKinds.begin(), kKinds.end(), [&](const KindNames& k) { return name == k.plural; });
        if (found == kKinds.end()) {
            std::string known = "all, none";
            for (const KindNames& k : kKinds) {
                known += ", ";
                known += k.plural;
            }
            std::string message = "unknown marker kind \"";
            message += name;
            message += "\" (known: ";
            message += known;
            message += ")";
            throw Error(what, Error::kNoOffset, "", message);
        }
        kinds |= 1u << (found - kKinds.begin());
        start = end + 1;
    }
    return kinds;
}

std::vector<MapMarker> mapMarkers(const scene::Scene& scene, MarkerKinds kinds) {
    std::vector<MapMarker> markers;
    for (std::size_t i = 0; i < scene.nodes.size(); ++i) {
        const scene::SceneNode& n = scene.nodes[i];
        const auto kind = markerKindOf(n.kind);
        if (!kind || !(kinds & markerBit(*kind))) continue;
        MapMarker m;
        m.kind = *kind;
        m.name = n.name;
        m.section = scene::nodeRgmSection(n.kind);
        m.index = n.source;
        if (n.record >= 0 && static_cast<std::size_t>(n.record) < scene.records.size()) {
            // Another engine's record: its own kind, index and file (scene::SourceRecord).
            const scene::SourceRecord& r = scene.records[static_cast<std::size_t>(n.record)];
            m.section = r.section;
            m.index = static_cast<std::uint32_t>(r.index);
            m.file = r.file;
        }
        m.model = n.model;
        m.position = n.world.translationPart();
        m.node = static_cast<int>(i);
        markers.push_back(std::move(m));
    }
    if (kinds & markerBit(MarkerKind::Location)) {
        for (const scene::ScriptObject& object : scene.redguard.scriptObjects) {
            if (object.script >= scene.redguard.scripts.size()) continue;
            const loaders::SoupActorScript& script = scene.redguard.scripts[object.script];
            for (std::size_t k = 0; k < script.locations.size(); ++k) {
                const loaders::RgmRalc& l = script.locations[k];
                MapMarker m;
                m.kind = MarkerKind::Location;
                m.name = object.name;
                m.name += " location ";
                m.name += std::to_string(k);
                m.section = "RALC";
                m.index = static_cast<std::uint32_t>(k);
                m.script = script.name;
                m.position =
                    engineToScene(object.enginePosition + Vec3{l.x / 256.0, l.y / 256.0, l.z / 256.0});
                markers.push_back(std::move(m));
            }
        }
    }
    return markers;
}

scene::Bounds mapBounds(const scene::Scene& scene) {
    scene::Bounds b = scene.worldBounds();
    for (const MapMarker& m : mapMarkers(scene))
        b.add(m.position);
    return b;
}

MapFrame fitMap(const scene::Bounds& bounds, int width, int height,
                std::optional<std::array<double, 2>> floor, double marginFraction) {
    if (width < 1 || height < 1) throw std::invalid_argument("a map needs at least 1x1 pixels");
    scene::Bounds b = bounds;
    if (b.empty()) b.add(Vec3{});
    MapFrame f;
    f.width = width;
    f.height = height;
    const double spanX = std::max(b.max.x - b.min.x, 1.0), spanZ = std::max(b.max.z - b.min.z, 1.0);
    const double margin = std::max(spanX, spanZ) * marginFraction;
    f.unitsPerPixel = std::max((spanX + 2 * margin) / width, (spanZ + 2 * margin) / height);
    const double cx = (b.min.x + b.max.x) / 2, cz = (b.min.z + b.max.z) / 2;
    f.originX = cx - f.unitsPerPixel * width / 2;
    f.originZ = cz - f.unitsPerPixel * height / 2;
    if (floor) {
        const double low = std::min((*floor)[0], (*floor)[1]), high = std::max((*floor)[0], (*floor)[1]);
        f.top = high;
        f.bottom = std::isfinite(low) ? low : b.min.y - kHeightPad;
    } else {
        f.bottom = b.min.y - kHeightPad;
        f.top = b.max.y + kHeightPad;
    }
    if (!(f.top > f.bottom)) f.top = f.bottom + 1;
    return f;
}

Camera mapCamera(const MapFrame& f) {
    Camera c;
    c.position = {f.originX + f.unitsPerPixel * f.width / 2, f.top,
                  f.originZ + f.unitsPerPixel * f.height / 2};
    c.yawDeg = 0;
    c.pitchDeg = -89;
    c.ortho = Camera::Ortho{f.unitsPerPixel * f.height, f.top - f.bottom};
    return c;
}

} // namespace rgx::view
