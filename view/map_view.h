#pragma once
// A world seen from straight above (docs/map.md): the picture's frame (which scene x, z each pixel
// shows), the orthographic camera both looks draw it with, and the markers a map shows. `rgx map`,
// `rgx atlas` and the explorer's map window share these, so a pixel means the same everywhere.
//
// Pixels: (u, v) are continuous picture coordinates, (0, 0) the top-left corner of the top-left
// pixel; pixel (i, j) covers [i, i + 1) x [j, j + 1), its centre at (i + 0.5, j + 0.5). North (-z)
// is up and east (+x) right, so scene x = originX + u * unitsPerPixel and scene z = originZ + v *
// unitsPerPixel. Engine coordinates are the same x and z (docs/coordinates.md); only y differs.

#include "scene/scene_graph.h"
#include "view/camera.h"

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace rgx::view {

struct MapFrame {
    int width = 1, height = 1;
    double unitsPerPixel = 1;
    double originX = 0, originZ = 0; // scene x, z of the picture's top-left corner
    // The heights drawn (scene y, up): the camera sits at `top` and sees down to `bottom`. A floor
    // range (--floor) cuts away what is above it.
    double top = 1, bottom = 0;

    std::array<double, 2> toPixel(double x, double z) const {
        return {(x - originX) / unitsPerPixel, (z - originZ) / unitsPerPixel};
    }
    std::array<double, 2> toScene(double u, double v) const {
        return {originX + u * unitsPerPixel, originZ + v * unitsPerPixel};
    }
};

// The part of a scene a map covers: every node with a mesh (scene::Scene::worldBounds), every
// transform-only node (lights, markers, triggers) and every RALC location.
scene::Bounds mapBounds(const scene::Scene& scene);

// The frame that fits `bounds`' x and z extent into width x height pixels with square pixels and a
// margin of `marginFraction` of the larger side round it, centred; heights from bounds' y (a little
// above and below). A floor range (low, high) replaces the heights: what lies above high is cut
// away; a low of -infinity is the bounds' bottom. Throws std::invalid_argument for a size under 1.
MapFrame fitMap(const scene::Bounds& bounds, int width, int height,
                std::optional<std::array<double, 2>> floor = std::nullopt, double marginFraction = 0.02);

// The camera both looks draw the frame with: orthographic, straight down, over its centre at its
// top (near plane there: nothing above it is drawn).
Camera mapCamera(const MapFrame& frame);

// What a map can mark, by the names of `rgx map --markers`.
enum class MarkerKind : std::uint8_t { Actor, Static, Flat, Light, Marker, Location, Rope, Count };
const char* markerKindName(MarkerKind kind); // "actors", ...
// "actor", "static", ...: one marker's kind, as MAP.json and the atlas's GeoJSON write it.
const char* markerKindSingular(MarkerKind kind);
// A set of kinds, bit (1 << kind).
using MarkerKinds = std::uint32_t;
inline constexpr MarkerKinds kAllMarkerKinds = (1u << static_cast<int>(MarkerKind::Count)) - 1;
inline constexpr MarkerKinds markerBit(MarkerKind kind) {
    return 1u << static_cast<int>(kind);
}
// "actors,lights" -> the set; "all" every kind, "none" or "" none. Throws rgx::Error naming `what`
// and the unknown name.
MarkerKinds parseMarkerKinds(const std::string& text, const std::string& what);

// One marker: a placed record of the world's RGM.
struct MapMarker {
    MarkerKind kind = MarkerKind::Actor;
    std::string name;        // the node's name (Latin-1 bytes, as the scene keeps them)
    std::string section;     // the RGM section: MPOB, MPSO, MPSF, MPSL, MPMK, MPRP, RALC; another
                             // engine's record kind (scene::SourceRecord::section)
    std::uint32_t index = 0; // the record's index in its section (RALC: within its actor's list)
    std::string file;        // another engine's record: its file (scene::SourceRecord::file); "" else
    std::string model;       // the model asked for ("" for none)
    std::string script;      // RALC: the actor's script name
    Vec3 position;           // scene coordinates (engine: x, -y, z)
    int node = -1;           // into Scene::nodes (-1 for a RALC location)
};

// Every marker of the kinds asked for, in the scene's node order, then the RALC locations (each
// script object's locations: its MPOB position plus RALC / 256, as MoveToLocation goes there).
std::vector<MapMarker> mapMarkers(const scene::Scene& scene, MarkerKinds kinds = kAllMarkerKinds);

} // namespace rgx::view
