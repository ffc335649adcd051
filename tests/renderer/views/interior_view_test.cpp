// The interior default view (renderer/views/interior_view.h): a hand-built room whose answers are
// worked out here, and the demo dungeon's tour views standing inside its rooms.

#include "renderer/views/interior_view.h"
#include "renderer/views/scene_views.h"
#include "scene/redguard/scene_builder.h"
#include "tests/support/demo_dir.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <numbers>

namespace rgx::renderer {
namespace {

void quad(std::vector<rgx::Vec3>& tris, rgx::Vec3 a, rgx::Vec3 b, rgx::Vec3 c, rgx::Vec3 d) {
    tris.insert(tris.end(), {a, b, c, a, c, d});
}

// A room 1,000 wide (x 0..1000), 2,000 long (z 0..2000) and 300 high, floor at y = 0; without the
// ceiling when asked.
std::vector<rgx::Vec3> room(bool ceiling = true) {
    std::vector<rgx::Vec3> t;
    quad(t, {0, 0, 0}, {1000, 0, 0}, {1000, 0, 2000}, {0, 0, 2000});
    if (ceiling) quad(t, {0, 300, 0}, {1000, 300, 0}, {1000, 300, 2000}, {0, 300, 2000});
    quad(t, {0, 0, 0}, {1000, 0, 0}, {1000, 300, 0}, {0, 300, 0});             // north, z = 0
    quad(t, {0, 0, 2000}, {1000, 0, 2000}, {1000, 300, 2000}, {0, 300, 2000}); // south
    quad(t, {0, 0, 0}, {0, 0, 2000}, {0, 300, 2000}, {0, 300, 0});             // west, x = 0
    quad(t, {1000, 0, 0}, {1000, 0, 2000}, {1000, 300, 2000}, {1000, 300, 0}); // east
    return t;
}

TEST(InteriorView, RayDistanceMeetsTheNearestWall) {
    const std::vector<rgx::Vec3> t = room();
    EXPECT_NEAR(rayDistance(t, {500, 150, 800}, {0, 0, -1}, 1e6), 800, 1e-9);
    EXPECT_NEAR(rayDistance(t, {500, 150, 800}, {0, 0, 1}, 1e6), 1200, 1e-9);
    EXPECT_NEAR(rayDistance(t, {500, 150, 800}, {0, 1, 0}, 1e6), 150, 1e-9);
    EXPECT_EQ(rayDistance(t, {500, 150, 800}, {0, 0, 1}, 100), 100) << "nothing before the limit";
}

TEST(InteriorView, StandsAtEyeHeightFacingTheLongestViewsOfTheRoom) {
    const std::vector<rgx::Vec3> t = room();
    // 800 from the north wall, 1,200 from the south one, 500 from each side.
    const std::optional<view::Camera> v0 = interiorCamera(t, {500, 0, 800}, 0, 3800);
    ASSERT_TRUE(v0);
    EXPECT_NEAR(v0->position.x, 500 + kInteriorGridOffset, 1e-9);
    EXPECT_NEAR(v0->position.z, 800 + kInteriorGridOffset, 1e-9);
    // The floor plus eye height, but at most half the room's 300.
    EXPECT_NEAR(v0->position.y, std::min(kInteriorEyeHeight, 150.0), 1e-9);
    EXPECT_EQ(v0->pitchDeg, kInteriorPitch);
    // The most open heading is south (+z); the next one at least 60 degrees from it is northwards
    // (leaning a little to a side, where the sight lines reach the far corner).
    view::Camera level = *v0;
    level.pitchDeg = 0;
    rgx::Vec3 f = view::cameraForward(level);
    EXPECT_GT(f.z, 0.95) << v0->yawDeg;
    const std::optional<view::Camera> v1 = interiorCamera(t, {500, 0, 800}, 1, 3800);
    ASSERT_TRUE(v1);
    level.yawDeg = v1->yawDeg;
    f = view::cameraForward(level);
    EXPECT_LT(f.z, -0.95) << v1->yawDeg;
}

TEST(InteriorView, SearchesTheGridForARoomAndRefusesOpenGround) {
    // Asked for a spot outside the room: a spot of the first ring of the grid that reaches into it
    // (three steps east: x = -300 + 3 x 128 = 84, clear of the west wall by kInteriorClearance).
    const std::optional<view::Camera> c = interiorCamera(room(), {-300, 0, 1000}, 0, 3800);
    ASSERT_TRUE(c);
    EXPECT_NEAR(c->position.x, -300 + kInteriorGridOffset + 3 * kInteriorSearchStep, 1e-9);
    const double dz = c->position.z - 1000 - kInteriorGridOffset;
    EXPECT_LE(std::abs(dz), 3 * kInteriorSearchStep);
    EXPECT_NEAR(std::fmod(std::abs(dz), kInteriorSearchStep), 0, 1e-9) << "a spot of the grid";
    // 30 from the west wall: too close; the first spot of the next ring clear of it is one step
    // east (30 + 128) and, in the search's order, one step north.
    const std::optional<view::Camera> near = interiorCamera(room(), {30, 0, 1000}, 0, 3800);
    ASSERT_TRUE(near);
    EXPECT_NEAR(near->position.x, 30 + kInteriorGridOffset + kInteriorSearchStep, 1e-9);
    EXPECT_NEAR(near->position.z, 1000 + kInteriorGridOffset - kInteriorSearchStep, 1e-9);
    // On a wall's plane (x = 0): never there, whichever way the sight lines run along the wall.
    const std::optional<view::Camera> onWall = interiorCamera(room(), {0, 0, 1000}, 0, 3800);
    ASSERT_TRUE(onWall);
    EXPECT_GE(onWall->position.x, kInteriorClearance);
    // No ceiling over the floor: no room, the caller keeps its overview.
    EXPECT_FALSE(interiorCamera(room(false), {500, 0, 800}, 0, 3800));
    EXPECT_FALSE(interiorCamera({}, {500, 0, 800}, 0, 3800));
}

// A low tunnel (150 high: no room) under a room (floor 600, ceiling 900): the space between them
// is tall enough but walled by nothing at eye height, so the camera stands in the room above.
TEST(InteriorView, TakesTheRoomNotTheSpaceBetweenStoreys) {
    std::vector<rgx::Vec3> t;
    for (const auto& [floor, height] : {std::pair{0.0, 150.0}, std::pair{600.0, 300.0}}) {
        const double top = floor + height;
        quad(t, {0, floor, 0}, {1000, floor, 0}, {1000, floor, 2000}, {0, floor, 2000});
        quad(t, {0, top, 0}, {1000, top, 0}, {1000, top, 2000}, {0, top, 2000});
        quad(t, {0, floor, 0}, {1000, floor, 0}, {1000, top, 0}, {0, top, 0});
        quad(t, {0, floor, 2000}, {1000, floor, 2000}, {1000, top, 2000}, {0, top, 2000});
        quad(t, {0, floor, 0}, {0, floor, 2000}, {0, top, 2000}, {0, top, 0});
        quad(t, {1000, floor, 0}, {1000, floor, 2000}, {1000, top, 2000}, {1000, top, 0});
    }
    const std::optional<view::Camera> c = interiorCamera(t, {500, 0, 800}, 0, 3800);
    ASSERT_TRUE(c);
    EXPECT_NEAR(c->position.y, 600 + 150, 1e-9);
}

// A solid box 256 on a side on open ground: its inside looks like a room from the vertical line
// (its top over the ground) and is walled in, but sees nowhere: no room at all.
TEST(InteriorView, TheInsideOfASolidBoxIsNoRoom) {
    std::vector<rgx::Vec3> t;
    quad(t, {-2000, 0, -2000}, {2000, 0, -2000}, {2000, 0, 2000}, {-2000, 0, 2000});
    const double b = 128;
    quad(t, {-b, 256, -b}, {b, 256, -b}, {b, 256, b}, {-b, 256, b});
    quad(t, {-b, 0, -b}, {b, 0, -b}, {b, 256, -b}, {-b, 256, -b});
    quad(t, {-b, 0, b}, {b, 0, b}, {b, 256, b}, {-b, 256, b});
    quad(t, {-b, 0, -b}, {-b, 0, b}, {-b, 256, b}, {-b, 256, -b});
    quad(t, {b, 0, -b}, {b, 0, b}, {b, 256, b}, {b, 256, -b});
    EXPECT_FALSE(interiorCamera(t, {0, 0, 0}, 0, 3800));
}

TEST(InteriorView, TheDungeonsTourViewsStandInsideItsRooms) {
    const scene::Scene s = scene::buildWorldScene(scene::GameFs(rgx::testing::smallDemoDir()), 2);
    ASSERT_FALSE(s.terrain);
    std::vector<double> yaws;
    for (int view = 0; view < 3; ++view) {
        const view::Camera c = defaultSceneCamera(s, 3800, view);
        // The demo's rooms: floor at 0, spaces reaching 384 up (docs/demo_worlds.md).
        EXPECT_GT(c.position.y, 0) << view;
        EXPECT_LT(c.position.y, 384) << view;
        EXPECT_EQ(c.pitchDeg, kInteriorPitch) << view;
        // Walled in: the compass lines meet the dungeon's walls.
        const std::vector<rgx::Vec3> tris = placedTriangles(s);
        int walled = 0;
        for (int d = 0; d < 8; ++d) {
            view::Camera level = c;
            level.yawDeg = 45.0 * d;
            level.pitchDeg = 0;
            walled += rayDistance(tris, c.position, view::cameraForward(level), 20000) < 20000;
        }
        EXPECT_EQ(walled, 8) << view;
        yaws.push_back(c.yawDeg);
    }
    for (std::size_t a = 0; a < yaws.size(); ++a)
        for (std::size_t b = a + 1; b < yaws.size(); ++b) {
            const double d = std::fmod(std::abs(yaws[a] - yaws[b]), 360.0);
            EXPECT_GE(std::min(d, 360 - d), kInteriorViewsApart - 1e-9) << a << " and " << b;
        }
}

} // namespace
} // namespace rgx::renderer
