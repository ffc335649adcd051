// The explorer's map window (issue 32): the picture is rgx map's for the same frame, the canvas's
// screen <-> picture transform is one map and its inverse under pan and zoom, hovering finds the
// marker under the mouse (only kinds shown), and a click on ground puts that ground ahead in view.

#include "app/explore/explore_actors.h"
#include "app/explore/explore_map.h"
#include "app/map/map_render.h"
#include "renderer/looks.h"
#include "scene/redguard/scene_builder.h"
#include "tests/support/demo_dir.h"

#include <gtest/gtest.h>

#include <cmath>

namespace rgx::app {
namespace {

const scene::Scene& demoWorld() {
    static const scene::Scene s = scene::buildWorldScene(scene::GameFs(rgx::testing::smallDemoDir()), 0);
    return s;
}

TEST(ExploreMap, ThePictureIsRgxMapsForTheSameFrame) {
    const scene::Scene& s = demoWorld();
    const renderer::PreparedWorld world = renderer::prepareWorld(s);
    MapWindowState state;
    buildMapWindow(state, s, world);
    ASSERT_TRUE(state.ready);
    EXPECT_EQ(state.picture.width, kMapPictureSide);
    const auto look = renderer::makeLookRenderer(renderer::Look::Software, world, {});
    const view::MapFrame frame = view::fitMap(view::mapBounds(s), kMapPictureSide, kMapPictureSide);
    EXPECT_EQ(state.frame.unitsPerPixel, frame.unitsPerPixel);
    EXPECT_TRUE(state.picture.rgba == drawMapGround(*look, frame).rgba);
    EXPECT_EQ(state.markers.size(), view::mapMarkers(s).size())
        << "every marker of the demo lies in the frame";
}

TEST(ExploreMap, CanvasTransformRoundTripsUnderPanAndZoom) {
    MapWindowState state;
    state.picture.width = state.picture.height = 256;
    state.centre = {128, 128};
    const Rect area{100, 50, 300, 200};
    MapCanvas c = mapCanvas(state, area);
    EXPECT_DOUBLE_EQ(c.scale, 200.0 / 256); // the whole picture fits the shorter side
    auto s = c.toScreen(128, 128);
    EXPECT_FLOAT_EQ(s[0], 250);
    EXPECT_FLOAT_EQ(s[1], 150);
    // The wheel zooms about the mouse: the picture point under it stays there.
    const auto under = c.toPicture(320, 90);
    zoomMap(state, c, 320, 90, 3);
    EXPECT_NEAR(state.zoom, std::pow(1.25, 3), 1e-12);
    c = mapCanvas(state, area);
    const auto after = c.toScreen(under[0], under[1]);
    EXPECT_NEAR(after[0], 320, 1e-3);
    EXPECT_NEAR(after[1], 90, 1e-3);
    zoomMap(state, c, 320, 90, -100);
    EXPECT_EQ(state.zoom, 1.0) << "never smaller than the whole picture";
}

TEST(ExploreMap, HoverFindsTheShownMarkerUnderTheMouse) {
    const scene::Scene& s = demoWorld();
    const renderer::PreparedWorld world = renderer::prepareWorld(s);
    MapWindowState state;
    buildMapWindow(state, s, world);
    const Rect area{0, 0, 512, 512};
    const MapCanvas c = mapCanvas(state, area);
    ASSERT_FALSE(state.markers.empty());
    const view::MapMarker& m = state.markers.back();
    const auto uv = state.frame.toPixel(m.position.x, m.position.z);
    const auto at = c.toScreen(uv[0], uv[1]);
    const int found = markerNear(state, c, at[0] + 1, at[1] - 1, 6);
    ASSERT_GE(found, 0);
    const auto fuv = state.frame.toPixel(state.markers[static_cast<std::size_t>(found)].position.x,
                                         state.markers[static_cast<std::size_t>(found)].position.z);
    const auto fat = c.toScreen(fuv[0], fuv[1]);
    EXPECT_LE(std::hypot(fat[0] - at[0], fat[1] - at[1]), 1.5) << "the nearest, at most a pixel or so away";
    state.shown &= ~view::markerBit(m.kind);
    const int hidden = markerNear(state, c, at[0], at[1], 6);
    if (hidden >= 0) {
        EXPECT_NE(state.markers[static_cast<std::size_t>(hidden)].kind, m.kind);
    }
}

TEST(ExploreMap, AClickOnGroundPutsThatGroundInTheMiddleOfTheView) {
    view::Camera camera;
    camera.yawDeg = 120;
    const view::Camera c = cameraOverGround(camera, 5000, 7000, 250);
    EXPECT_EQ(c.yawDeg, 120) << "the heading is kept";
    EXPECT_NEAR(c.position.y, 850, 1e-9);
    const auto uv = projectToView(c, 16.0 / 9, {5000, 250, 7000});
    ASSERT_TRUE(uv.has_value());
    EXPECT_NEAR((*uv)[0], 0.5, 1e-6);
    EXPECT_NEAR((*uv)[1], 0.5, 1e-6);
}

} // namespace
} // namespace rgx::app
