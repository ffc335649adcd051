// The sky's rules (renderer/sky/sky.h): which worlds have one, the defaults, and where each layer
// maps a view ray, worked out by hand from the documented geometry.

#include "renderer/sky/sky.h"

#include "tests/support/hand_scene.h"

#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <numbers>

namespace rgx::renderer {
namespace {

using test::kSkyBlue;
using test::kSkyCloud;
using test::kSkySun;
constexpr double kPi = std::numbers::pi;

std::array<double, 3> fromAngles(double headingDeg, double elevationDeg) {
    const double h = headingDeg * kPi / 180, e = elevationDeg * kPi / 180;
    return {std::sin(h) * std::cos(e), std::sin(e), -std::cos(h) * std::cos(e)};
}

TEST(Sky, OnlyOutdoorWorldsWithTheirFilesHaveOne) {
    scene::Scene s = test::skyScene();
    const SkyLook outdoor = skyLook(s);
    EXPECT_TRUE(outdoor.panorama && outdoor.clouds && outdoor.sun);

    scene::Scene indoor = s;
    indoor.redguard.world->world.reset(); // no WLD: only the fill
    EXPECT_FALSE(skyLook(indoor).any());

    scene::Scene disabled = s;
    disabled.redguard.environment.system.skyDisable = true;
    EXPECT_FALSE(skyLook(disabled).any());

    scene::Scene noSun = s;
    noSun.redguard.world->sun.reset(); // the disc has no direction without world_sun
    const SkyLook withoutSun = skyLook(noSun);
    EXPECT_FALSE(withoutSun.sun);
    EXPECT_TRUE(withoutSun.panorama && withoutSun.clouds);

    scene::Scene missing = s;
    missing.redguard.environment.skyFx.reset(); // a file the install lacks: that layer is skipped
    const SkyLook withoutClouds = skyLook(missing);
    EXPECT_FALSE(withoutClouds.clouds);
    EXPECT_TRUE(withoutClouds.panorama && withoutClouds.sun);

    EXPECT_FALSE(skyLook(scene::Scene{}).any()); // a model: no world
}

TEST(Sky, ZeroOrAbsentKeysTakeTheReferenceDefaults) {
    scene::Scene s = test::skyScene();
    s.redguard.world->skyScale = 0;
    s.redguard.world->skyLevel.reset();
    s.redguard.world->skyXRotate.reset();
    s.redguard.world->skyYRotate = 7;
    s.redguard.environment.system.skyXRotate = 3;
    s.redguard.environment.system.skyMove = false;
    const SkyLook sky = skyLook(s);
    EXPECT_EQ(sky.cloudSide, 12800);
    EXPECT_EQ(sky.cloudHeight, 3500); // -3500: engine y points down
    EXPECT_EQ(sky.xRotate, 3);        // SYSTEM.INI's, where the world gives none
    EXPECT_EQ(sky.yRotate, 7);        // the world's over SYSTEM.INI's
    EXPECT_FALSE(sky.moving);
    EXPECT_EQ(skyDescription(s, sky),
              "sky HAND.GXA, clouds CLOUD.BSI scale 12800 level -3500 speed 0 (sky_move 0), sun SUN.BSI "
              "scale 2048; rotate 3/7 (not applied)");
    scene::Scene indoor = s;
    indoor.redguard.world->world.reset();
    EXPECT_EQ(skyDescription(indoor, skyLook(indoor)), "no sky");
}

// 64 texels round the horizon: north is u = 0, east a quarter, south a half; a texel is 360/64
// degrees high as well as wide, rows counted up from the bottom row on the horizon.
TEST(Sky, PanoramaWrapsTheHorizonWithSquareTexels) {
    const SkyLook sky = skyLook(test::skyScene());
    const SkyImage& p = *sky.panorama;
    const auto at = [&](double heading, double elevation) {
        return panoramaTexel(p, fromAngles(heading, elevation));
    };
    const double texelDeg = 360.0 / 64;
    ASSERT_TRUE(at(0, 0));
    EXPECT_NEAR((*at(0, 0))[0], 0, 1e-9);
    EXPECT_NEAR((*at(0, 0))[1], 16, 1e-9);
    EXPECT_NEAR((*at(90, 0))[0], 16, 1e-9);
    EXPECT_NEAR((*at(180, 0))[0], 32, 1e-9);
    EXPECT_NEAR((*at(-90, 0))[0], 48, 1e-9);
    EXPECT_NEAR((*at(90, 5 * texelDeg))[1], 11, 1e-9);
    EXPECT_NEAR((*at(90, 89))[1], 16 - 89 / texelDeg, 1e-9);
    EXPECT_NEAR((*at(90, 90))[1], 0, 1e-9); // 16 rows of 360/64 degrees reach the zenith
    EXPECT_FALSE(at(90, -1));               // below the horizon: the fill
    EXPECT_FALSE(panoramaTexel(p, {0, 0, 0}));
    // A panorama half as tall ends at 45 degrees; above it y is negative (the top row repeats).
    SkyImage shorter = p;
    shorter.height = 8;
    shorter.indices.resize(64 * 8);
    EXPECT_NEAR((*panoramaTexel(shorter, fromAngles(90, 60)))[1], 8 - 60 / texelDeg, 1e-9);
    EXPECT_EQ(nearestTexel(shorter, *panoramaTexel(shorter, fromAngles(90, 60)), true), kSkyBlue);
}

// Any coordinates read a texel of the image (wrapped or clamped), an empty image index 0.
TEST(Sky, NearestTexelTakesAnyCoordinates) {
    SkyImage image;
    image.width = 4;
    image.height = 2;
    image.indices = {1, 2, 3, 4, 5, 6, 7, 8};
    const double inf = std::numeric_limits<double>::infinity(),
                 nan = std::numeric_limits<double>::quiet_NaN();
    EXPECT_EQ(nearestTexel(image, {5.5, 1.2}, true), 6);  // x wraps to 1.5
    EXPECT_EQ(nearestTexel(image, {-0.5, 0.3}, true), 4); // to 3.5
    EXPECT_EQ(nearestTexel(image, {5.5, 1.2}, false), 8); // clamped to the last column
    EXPECT_EQ(nearestTexel(image, {1e300, -1e300}, true), nearestTexel(image, {1e300, 0}, true));
    EXPECT_EQ(nearestTexel(image, {3e9, 9}, true), image.at(0, 1)); // 3e9 is a multiple of 4
    EXPECT_EQ(nearestTexel(image, {nan, inf}, true), 1);            // not finite: texel 0 of that axis
    EXPECT_EQ(nearestTexel(image, {-inf, nan}, false), 1);
    EXPECT_EQ(nearestTexel(SkyImage{}, {0, 0}, true), 0);
}

// Issue 29: the cloud square ended on a hard straight line across the sky. Its 6400 units, 1000
// above the eye: fully shown out to 1600 units from the eye (kSkyCloudFadeStart of the 3200
// half-side), gone at 3200, linear between, round the eye (the square's corners are gone too).
TEST(Sky, CloudsFadeOutTowardsTheSquaresEdge) {
    const SkyLook sky = skyLook(test::skyScene());
    ASSERT_EQ(sky.cloudSide, 6400);
    ASSERT_EQ(sky.cloudHeight, 1000);
    EXPECT_EQ(cloudFade(sky, {0, 1, 0}), 1.0);
    EXPECT_EQ(cloudFade(sky, {1600, 1000, 0}), 1.0);
    EXPECT_NEAR(cloudFade(sky, {2400, 1000, 0}), 0.5, 1e-12);
    EXPECT_NEAR(cloudFade(sky, {0, 1000, -2800}), 0.25, 1e-12);
    EXPECT_EQ(cloudFade(sky, {3200, 1000, 0}), 0.0);
    EXPECT_EQ(cloudFade(sky, {3100, 1000, 3100}), 0.0) << "a corner of the square";
    ASSERT_TRUE(cloudTexel(sky, {3100, 1000, 3100}, 0.0)) << "(which the texel lookup still finds)";
    EXPECT_EQ(cloudFade(sky, {1, 0, 0}), 0.0);
    EXPECT_EQ(cloudFade(sky, {0, -1, 0}), 0.0);
    // The software look shows a cloud texel where the fade is above the pixel's dither threshold.
    SkyLayers clouds{false, true, false};
    const auto hit = [&](double threshold) {
        return skyHit(sky, clouds, {2400, 1000, 0}, 0.0, nullptr, threshold);
    };
    ASSERT_TRUE(hit(0.49));
    EXPECT_EQ(hit(0.49)->layer, SkyLayer::Clouds);
    EXPECT_FALSE(hit(0.51));
}

// The square of 6400 units 1000 above the eye: straight up is its centre; it ends 3200 out.
TEST(Sky, CloudSquareOverheadScrollsInWholeTicks) {
    scene::Scene s = test::skyScene();
    s.redguard.world->skySpeed = 100;
    SkyLook sky = skyLook(s);
    sky.ticksPerSecond = 12;
    const auto up = cloudTexel(sky, {0, 1, 0}, 0.0);
    ASSERT_TRUE(up);
    EXPECT_NEAR((*up)[0], 4, 1e-9);
    EXPECT_NEAR((*up)[1], 4, 1e-9);
    // 1600 units east and 800 north of the eye: x 3/4, z 3/8 across the square.
    const auto off = cloudTexel(sky, {1600, 1000, -800}, 0.0);
    ASSERT_TRUE(off);
    EXPECT_NEAR((*off)[0], 6, 1e-9);
    EXPECT_NEAR((*off)[1], 3, 1e-9);
    EXPECT_FALSE(cloudTexel(sky, {3300, 1000, 0}, 0.0)); // past the square's edge
    EXPECT_FALSE(cloudTexel(sky, {1, 0, 0}, 0.0));       // level: never meets it
    // 0.49 s is 5 whole ticks, 0.5 s 6: 500 and 600 units along +x, the texture moving east.
    EXPECT_EQ(cloudScroll(sky, 0.49), 500);
    EXPECT_EQ(cloudScroll(sky, 0.5), 600);
    EXPECT_NEAR((*cloudTexel(sky, {0, 1, 0}, cloudScroll(sky, 0.5)))[0], 4 - 600.0 / 6400 * 8, 1e-9);
    // The scroll is kept within one side (the texture wraps there): 70 ticks of 100 is 7000,
    // 600 past the 6400 side.
    EXPECT_EQ(cloudScroll(sky, 70.0 / 12 + 1e-9), 600);
    sky.moving = false; // sky_move 0
    EXPECT_EQ(cloudScroll(sky, 0.5), 0);
}

// One texel per engine angle unit (1/2048 turn) at world_sunscale 256 (the scene's 2048: eight),
// centred on the sun.
TEST(Sky, SunBillboardIsCentredOnTheSunDirection) {
    scene::Scene s = test::skyScene();
    const SkyLook sky = skyLook(s);
    const auto centre = sunTexel(sky, fromAngles(180, 45));
    ASSERT_TRUE(centre);
    EXPECT_NEAR((*centre)[0], 2, 1e-9);
    EXPECT_NEAR((*centre)[1], 2, 1e-9);
    EXPECT_NEAR(sky.sunTexelAngle, 8 * 2 * kPi / 2048, 1e-12);
    const double texelDeg = 8 * 360.0 / 2048;
    // One and a half texels higher: y 0.5, in the top row.
    const auto higher = sunTexel(sky, fromAngles(180, 45 + 1.5 * texelDeg));
    ASSERT_TRUE(higher);
    EXPECT_NEAR((*higher)[1], 0.5, 1e-3);
    EXPECT_FALSE(sunTexel(sky, fromAngles(180, 45 + 2.5 * texelDeg))); // past the edge
    EXPECT_FALSE(sunTexel(sky, fromAngles(0, -45)));                   // behind the eye
    s.redguard.world->sunScale = 4096; // twice the size: the same ray is a texel from the centre, not 1.5
    const auto bigger = sunTexel(skyLook(s), fromAngles(180, 45 + 1.5 * texelDeg));
    ASSERT_TRUE(bigger);
    EXPECT_NEAR((*bigger)[1], 1.25, 1e-3);
}

// The sun over the clouds over the panorama; a layer switched off lets the next show.
TEST(Sky, LayersAreDrawnInTheReferenceOrder) {
    const SkyLook sky = skyLook(test::skyScene());
    const SkyLayers all = skyLayers(sky, LayerToggles{});
    const auto hit = [&](const SkyLayers& layers, const std::array<double, 3>& ray) {
        const std::optional<SkyHit> h = skyHit(sky, layers, ray, 0.0);
        return h ? static_cast<int>(h->layer) * 1000 + h->index : -1;
    };
    const auto code = [](SkyLayer layer, std::uint8_t index) {
        return static_cast<int>(layer) * 1000 + index;
    };
    const std::array<double, 3> atSun = fromAngles(180, 45);
    EXPECT_EQ(hit(all, atSun), code(SkyLayer::Sun, kSkySun));
    LayerToggles noSun;
    noSun.sun = false;
    EXPECT_EQ(hit(skyLayers(sky, noSun), atSun), code(SkyLayer::Clouds, kSkyCloud));
    noSun.clouds = false;
    EXPECT_EQ(hit(skyLayers(sky, noSun), atSun), code(SkyLayer::Panorama, kSkyBlue));
    noSun.sky = false;
    EXPECT_EQ(hit(skyLayers(sky, noSun), atSun), -1);
    // Low in the north: past the cloud square, the panorama; below the horizon, nothing.
    EXPECT_EQ(hit(all, fromAngles(0, 10)), code(SkyLayer::Panorama, kSkyBlue));
    EXPECT_EQ(hit(all, fromAngles(0, -10)), -1);
}

// The rays of a 60-degree camera looking north: the centre ray is forward, the top row's is 30
// degrees up (less half a pixel).
TEST(Sky, RaysFollowTheProjection) {
    view::Camera camera;
    const SkyRays rays = skyRays(camera, 64, 48);
    const std::array<double, 3> centre = rays.at(31.5, 23.5, 64, 48);
    EXPECT_NEAR(centre[0], 0, 1e-12);
    EXPECT_NEAR(centre[1], 0, 1e-12);
    EXPECT_NEAR(centre[2], -1, 1e-12);
    const std::array<double, 3> top = rays.at(31.5, -0.5, 64, 48);
    EXPECT_NEAR(std::atan2(top[1], -top[2]), kPi / 6, 1e-12);
    const std::array<double, 3> right = rays.at(63.5, 23.5, 64, 48);
    EXPECT_NEAR(right[0], std::tan(kPi / 6) * 64 / 48, 1e-12);
}

} // namespace
} // namespace rgx::renderer
