#include "view/camera.h"

#include "base/error.h"

#include <gtest/gtest.h>

#include <cmath>

using namespace rgx::view;

TEST(Camera, ParsesAndFormatsTheCameraArgument) {
    Camera c = parseCamera("100,-2.5,300,90,-10");
    EXPECT_EQ(c.position.x, 100);
    EXPECT_EQ(c.position.y, -2.5);
    EXPECT_EQ(c.position.z, 300);
    EXPECT_EQ(c.yawDeg, 90);
    EXPECT_EQ(c.pitchDeg, -10);
    EXPECT_EQ(formatCamera(c), "100.000,-2.500,300.000,90.000,-10.000");
    EXPECT_EQ(parseCamera(formatCamera(c)), c);
    EXPECT_EQ(parseCamera("0,0,0,0,120").pitchDeg, 89); // clamped
}

TEST(Camera, RejectsMalformedArguments) {
    EXPECT_THROW(parseCamera("1,2,3,4"), rgx::Error);
    EXPECT_THROW(parseCamera("1,2,3,4,5,6"), rgx::Error);
    EXPECT_THROW(parseCamera("1,2,x,4,5"), rgx::Error);
    EXPECT_THROW(parseCamera("1,,3,4,5"), rgx::Error);
    EXPECT_THROW(parseCamera("1,2,3,4,nan"), rgx::Error);
}

TEST(Camera, YawZeroLooksNorthAndNinetyLooksEast) {
    Camera c;
    auto f = cameraForward(c);
    EXPECT_NEAR(f.x, 0, 1e-12);
    EXPECT_NEAR(f.z, -1, 1e-12);
    c.yawDeg = 90;
    f = cameraForward(c);
    EXPECT_NEAR(f.x, 1, 1e-12);
    EXPECT_NEAR(f.z, 0, 1e-12);
    auto r = cameraRight(c); // facing east, right is south (+z)
    EXPECT_NEAR(r.z, 1, 1e-12);
}

TEST(Camera, ViewAndProjectionPutTheLookedAtPointInTheMiddleOfTheScreen) {
    Camera c = parseCamera("10,20,30,90,0"); // looking east along +x
    auto v = viewMatrix(c);
    auto p = projectionMatrix(c, 2.0, 1.0, 1000.0);
    auto mul = [](const std::array<float, 16>& m, const float in[4], float out[4]) {
        for (int r = 0; r < 4; ++r)
            out[r] =
                m[0 * 4 + r] * in[0] + m[1 * 4 + r] * in[1] + m[2 * 4 + r] * in[2] + m[3 * 4 + r] * in[3];
    };
    const float point[4] = {110, 20, 30, 1}; // 100 units ahead
    float eye[4], clip[4];
    mul(v, point, eye);
    EXPECT_NEAR(eye[0], 0, 1e-4);
    EXPECT_NEAR(eye[1], 0, 1e-4);
    EXPECT_NEAR(eye[2], -100, 1e-3);
    mul(p, eye, clip);
    EXPECT_NEAR(clip[0] / clip[3], 0, 1e-6);
    const float depth = clip[2] / clip[3];
    EXPECT_GT(depth, 0);
    EXPECT_LT(depth, 1);
    // A point above the view axis lands in the upper half: negative y in Vulkan clip space.
    const float above[4] = {110, 30, 30, 1};
    mul(v, above, eye);
    mul(p, eye, clip);
    EXPECT_LT(clip[1] / clip[3], 0);
}

TEST(Camera, FrameBoundsLooksAtTheCentreFromOutside) {
    rgx::scene::Bounds b;
    b.add(rgx::Vec3{0, 0, 0});
    b.add(rgx::Vec3{1000, 200, 1000});
    Camera c = frameBounds(b);
    auto f = cameraForward(c);
    const double tx = 500 - c.position.x, ty = 100 - c.position.y, tz = 500 - c.position.z;
    const double len = std::sqrt(tx * tx + ty * ty + tz * tz);
    EXPECT_NEAR((f.x * tx + f.y * ty + f.z * tz) / len, 1.0, 1e-9);
    EXPECT_GT(c.position.y, 200); // above the box
}

TEST(Camera, FlightMovesAlongTheViewAndTurns) {
    Camera c;
    flyCamera(c, {.forward = 1}, 0.5, 100); // north at 100 units/s for half a second
    EXPECT_NEAR(c.position.z, -50, 1e-9);
    flyCamera(c, {.right = 1, .fast = true}, 1, 10);
    EXPECT_NEAR(c.position.x, 40, 1e-9);
    flyCamera(c, {.yawDeltaDeg = 30, .pitchDeltaDeg = 200}, 1, 10);
    EXPECT_EQ(c.yawDeg, 30);
    EXPECT_EQ(c.pitchDeg, 89);
}
