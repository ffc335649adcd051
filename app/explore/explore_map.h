#pragma once
// The explorer's map window (issue 32, docs/explore.md): the world from straight above, the
// picture `rgx map` draws (app/map/map_render.h, the software look: it needs no Vulkan and is
// drawn once per world), with the camera's place and view cone live, the markers by kind with
// toggles, and the selection ringed. Hovering a marker names it; a click flies the camera there
// (to a marker: in front of it; elsewhere: above that ground); dragging pans and the wheel zooms.
//
// ImGui 1.86's Vulkan backend draws one texture (its font), so the picture is drawn as rectangles,
// runs of one colour merged along each row: kMapPictureSide squares a side at most.

#include "app/explore/explore_layout.h"
#include "app/map/map_image.h"
#include "renderer/world/prepared_world.h"
#include "scene/scene_graph.h"
#include "view/camera.h"
#include "view/map_view.h"

#include <imgui.h>

#include <array>
#include <optional>
#include <vector>

namespace rgx::app {

inline constexpr int kMapPictureSide = 256;

struct MapWindowState {
    // Made once per world (buildMapWindow).
    bool ready = false;
    view::MapFrame frame;
    MapImage picture;
    std::vector<view::MapMarker> markers;
    // The user's.
    view::MarkerKinds shown = view::kAllMarkerKinds;
    double zoom = 1;                // 1: the whole picture fits the canvas
    std::array<double, 2> centre{}; // the picture pixel at the canvas's centre
    bool dragged = false;           // the press being held has moved (a drag, not a click)
    // The panel: open, and a fold or unfold asked for (beginSidePanel).
    bool open = false;
    std::optional<bool> setOpen;
};

// The picture and markers of a world (the software look over the prepared world), the view reset.
void buildMapWindow(MapWindowState& state, const scene::Scene& scene, const renderer::PreparedWorld& world);

// Where the picture lies on a canvas: screen = origin + (picture pixel - centre) * scale.
struct MapCanvas {
    Rect area;
    double scale = 1; // screen pixels per picture pixel
    std::array<double, 2> centre{};
    std::array<float, 2> toScreen(double u, double v) const;
    std::array<double, 2> toPicture(float x, float y) const;
};
MapCanvas mapCanvas(const MapWindowState& state, const Rect& area);

// The shown marker nearest the screen point within `radius` screen pixels, or -1.
int markerNear(const MapWindowState& state, const MapCanvas& canvas, float x, float y, float radius);

// The wheel's zoom about a screen point (that point stays under the mouse); zoom stays in 1..64.
void zoomMap(MapWindowState& state, const MapCanvas& canvas, float x, float y, double wheelSteps);

// Where a click on ground at scene (x, z) puts the camera: above it at `height` over the ground
// there (groundY), keeping the heading, looking down 35 degrees.
view::Camera cameraOverGround(const view::Camera& camera, double x, double z, double groundY,
                              double height = 600);

// What the user did in the window this frame.
struct MapWindowAction {
    int marker = -1;                             // a marker clicked (into state.markers): fly in front of it
    std::optional<std::array<double, 2>> ground; // else ground clicked: scene x, z
};

// Draws the window's contents (inside an ImGui window): the kind toggles, then the canvas filling
// the rest. `selected`: a scene position to ring (the selection).
MapWindowAction drawMapWindow(MapWindowState& state, const view::Camera& camera, double aspect,
                              const std::optional<Vec3>& selected);

// Draws `picture` with its top-left corner at screen (x, y), `scale` screen pixels a picture pixel,
// only the part inside `clip`, as rectangles: runs of one colour along each row (the map's
// picture, the catalogue's thumbnails).
void drawPictureRects(ImDrawList* draw, const MapImage& picture, float x, float y, double scale,
                      const Rect& clip);

// The Map panel at `place` (explore_layout.h): drawMapWindow inside it when it is open.
MapWindowAction drawMapPanel(MapWindowState& state, const Rect& place, std::vector<PanelShown>& shown,
                             const view::Camera& camera, double aspect, const std::optional<Vec3>& selected);

} // namespace rgx::app
