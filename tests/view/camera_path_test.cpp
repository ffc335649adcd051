// Camera paths (view/camera_path.h): keys flown between, the heading the shorter way round.

#include "base/error.h"
#include "view/camera_path.h"

#include <gtest/gtest.h>

#include <cmath>
#include <limits>

namespace rgx::view {
namespace {

CameraPath twoKeys(double yawA, double yawB) {
    CameraPath path;
    Camera a, b;
    a.position = {0, 10, 0};
    a.yawDeg = yawA;
    a.pitchDeg = -10;
    b.position = {100, 30, -50};
    b.yawDeg = yawB;
    b.pitchDeg = 20;
    b.fovYDeg = 90;
    path.keys = {{1.0, a}, {3.0, b}};
    return path;
}

TEST(CameraPath, FliesBetweenKeysAndHoldsOutsideThem) {
    const CameraPath path = twoKeys(10, 50);
    EXPECT_EQ(cameraAt(path, 0.0), path.keys[0].camera);
    EXPECT_EQ(cameraAt(path, 1.0), path.keys[0].camera);
    EXPECT_EQ(cameraAt(path, 3.0), path.keys[1].camera);
    EXPECT_EQ(cameraAt(path, 99.0), path.keys[1].camera);
    const Camera mid = cameraAt(path, 2.0);
    EXPECT_DOUBLE_EQ(mid.position.x, 50);
    EXPECT_DOUBLE_EQ(mid.position.y, 20);
    EXPECT_DOUBLE_EQ(mid.position.z, -25);
    EXPECT_DOUBLE_EQ(mid.yawDeg, 30);
    EXPECT_DOUBLE_EQ(mid.pitchDeg, 5);
    EXPECT_DOUBLE_EQ(mid.fovYDeg, 75);
    EXPECT_DOUBLE_EQ(path.duration(), 2.0);
}

TEST(CameraPath, TurnsTheShorterWayRound) {
    // 350 -> 10 is 20 degrees through north, not 340 back.
    EXPECT_NEAR(std::remainder(cameraAt(twoKeys(350, 10), 2.0).yawDeg, 360.0), 0.0, 1e-9);
    EXPECT_NEAR(cameraAt(twoKeys(-170, 170), 1.5).yawDeg, -175.0, 1e-9);
    // Given within -180..180 between keys, whatever the keys' own range.
    for (double t = 1.125; t < 3.0; t += 0.125) {
        const double yaw = cameraAt(twoKeys(350, 370), t).yawDeg;
        EXPECT_GE(yaw, -180.0);
        EXPECT_LE(yaw, 180.0);
    }
}

TEST(CameraPath, RejectsKeysOutOfOrderAndOddValues) {
    CameraPath path = twoKeys(0, 0);
    EXPECT_NO_THROW(checkCameraPath(path, "p.json"));
    path.keys[1].time = 1.0;
    EXPECT_THROW(checkCameraPath(path, "p.json"), Error);
    path = twoKeys(0, 0);
    path.keys[0].camera.position.y = std::numeric_limits<double>::quiet_NaN();
    EXPECT_THROW(checkCameraPath(path, "p.json"), Error);
    EXPECT_THROW(checkCameraPath(CameraPath{}, "p.json"), Error);
}

} // namespace
} // namespace rgx::view
