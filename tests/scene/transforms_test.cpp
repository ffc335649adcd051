// Each placement rule against values worked out by hand (docs/coordinates.md).
#include "scene/transforms.h"

#include <gtest/gtest.h>

#include <cmath>

namespace rgx::scene {
namespace {

void expectVec(const Vec3& got, const Vec3& want) {
    EXPECT_NEAR(got.x, want.x, 1e-9);
    EXPECT_NEAR(got.y, want.y, 1e-9);
    EXPECT_NEAR(got.z, want.z, 1e-9);
}

loaders::RgmPos24 pos(int x, int y, int z) {
    loaders::RgmPos24 p;
    p.x = x;
    p.y = y;
    p.z = z;
    return p;
}

TEST(Convention, EngineToSceneFlipsYOnly) {
    expectVec(engineToScene({1, 2, 3}), {1, -2, 3});
    // Model vertices: raw / 256 engine units, then the same flip.
    expectVec(modelVertexToScene(256 * 10, 256 * 20, -256 * 30), {10, -20, -30});
    // RGM positions are raw engine units (not the /5120 exporter scale); y down like the terrain.
    expectVec(rgmScenePosition(pos(100, -50, 300)), {100, 50, 300});
}

TEST(Convention, AngleUnits) {
    EXPECT_DOUBLE_EQ(angleUnitsToRadians(1024), std::acos(-1.0));
    EXPECT_DOUBLE_EQ(angleUnitsToRadians(2048 + 512), std::acos(-1.0) / 2);
    EXPECT_DOUBLE_EQ(angleUnitsToRadians(-512), 3 * std::acos(-1.0) / 2);
}

TEST(Mpob, TranslationOnly) {
    loaders::RgmMpob ob;
    ob.pos = pos(100, -50, 300);
    const Mat4 m = mpobTransform(ob);
    expectVec(m.translationPart(), {100, 50, 300});
    expectVec(m.transformDirection({1, 0, 0}), {1, 0, 0});
}

TEST(Mpob, YawQuarterTurnTurnsEastToNorth) {
    // Ry(90) in the engine frame: (1,0,0) -> (0,0,-1); y is unaffected, so the scene matrix is the same.
    loaders::RgmMpob ob;
    ob.angles = {0, 512, 0};
    const Mat4 m = mpobTransform(ob);
    expectVec(m.transformDirection({1, 0, 0}), {0, 0, -1});
    expectVec(m.transformDirection({0, 0, 1}), {1, 0, 0});
    expectVec(m.transformDirection({0, 1, 0}), {0, 1, 0});
}

TEST(Mpob, PitchQuarterTurnMapsThroughTheYFlip) {
    // Engine Rx(90): (0,1,0) -> (0,0,1). Engine (0,1,0) is scene (0,-1,0); so scene (0,-1,0) -> (0,0,1).
    loaders::RgmMpob ob;
    ob.angles = {512, 0, 0};
    const Mat4 m = mpobTransform(ob);
    expectVec(m.transformDirection({0, -1, 0}), {0, 0, 1});
    expectVec(m.transformDirection({0, 0, 1}), {0, 1, 0});
}

TEST(Mpob, RollThenPitchThenYaw) {
    // R = Ry * Rx * Rz. With x = y = 512: engine (0,0,1) -Rx-> (0,-1,0) -Ry-> (0,-1,0), i.e. scene
    // (0,0,1) -> (0,1,0). The other order (Rx * Ry) would give (1,0,0).
    loaders::RgmMpob ob;
    ob.angles = {512, 512, 0};
    expectVec(mpobTransform(ob).transformDirection({0, 0, 1}), {0, 1, 0});
    // Roll: engine Rz(90) takes (1,0,0) to (0,1,0): scene (1,0,0) -> (0,-1,0).
    loaders::RgmMpob roll;
    roll.angles = {0, 0, 512};
    expectVec(mpobTransform(roll).transformDirection({1, 0, 0}), {0, -1, 0});
    // Raw u32 angles are taken modulo 2048.
    loaders::RgmMpob wrapped;
    wrapped.angles = {0, 2048 + 512, 0};
    EXPECT_EQ(mpobTransform(wrapped), mpobTransform([] {
                  loaders::RgmMpob o;
                  o.angles = {0, 512, 0};
                  return o;
              }()));
}

TEST(Mpso, MatrixIsReadByColumns) {
    // m = [0, 1, 0, -1, 0, 0, 0, 0, 1] (Q4.28). Columns: row0 = [m0 m3 m6] = [0 -1 0],
    // row1 = [m1 m4 m7] = [1 0 0], row2 = [0 0 1]: engine Rz(+90), (1,0,0) -> (0,1,0) engine.
    // Scene: flip the y-mixing entries: [[0 1 0] [-1 0 0] [0 0 1]].
    loaders::RgmMpso so;
    so.matrix = {0, 1 << 28, 0, -(1 << 28), 0, 0, 0, 0, 1 << 28};
    so.pos = pos(-100, 0, 200);
    const Mat4 m = mpsoTransform(so);
    const double want[3][3] = {{0, 1, 0}, {-1, 0, 0}, {0, 0, 1}};
    for (int r = 0; r < 3; ++r) {
        for (int c = 0; c < 3; ++c)
            EXPECT_DOUBLE_EQ(m.m[r][c], want[r][c]) << r << "," << c;
    }
    expectVec(m.translationPart(), {-100, 0, 200});
    // Q4.28 half: 1 << 27 is 0.5.
    so.matrix = {1 << 27, 0, 0, 0, 1 << 28, 0, 0, 0, 1 << 28};
    EXPECT_DOUBLE_EQ(mpsoTransform(so).m[0][0], 0.5);
}

TEST(Mprp, LinksHangDownTheChain) {
    loaders::RgmMprp rope;
    rope.pos = pos(1000, -2000, 500); // anchor 2000 units up
    rope.length = 3;
    expectVec(mprpBaseTransform(rope).translationPart(), {1000, 2000, 500});
    expectVec(mprpLinkTransform(rope, 0, 60).translationPart(), {1000, 1940, 500});
    expectVec(mprpLinkTransform(rope, 2, 60).translationPart(), {1000, 1820, 500});
    // Terminal model: one pitch below the last link.
    expectVec(mprpLinkTransform(rope, 3, 60).translationPart(), {1000, 1760, 500});
    // The heading turns the links about the vertical axis but not their drop.
    rope.angleY = 512;
    const Mat4 turned = mprpLinkTransform(rope, 0, 60);
    expectVec(turned.translationPart(), {1000, 1940, 500});
    expectVec(turned.transformDirection({1, 0, 0}), {0, 0, -1});
}

TEST(Mpsf, FlatsAreUnrotated) {
    loaders::RgmMpsf f;
    f.pos = pos(40, -50, 60);
    const Mat4 m = mpsfTransform(f);
    expectVec(m.translationPart(), {40, 50, 60});
    expectVec(m.transformDirection({1, 2, 3}), {1, 2, 3});
}

TEST(LightsAndMarkers, PositionOnly) {
    loaders::RgmMpsl l;
    l.pos = pos(1, -2, 3);
    expectVec(mpslTransform(l).translationPart(), {1, 2, 3});
    loaders::RgmMpmk k;
    k.pos = pos(-7, 8, 9);
    expectVec(mpmkTransform(k).translationPart(), {-7, -8, 9});
}

TEST(Mat, CompositionOrder) {
    const Mat4 t = Mat4::translation({1, 0, 0});
    const Mat4 r = Mat4::fromRotation(rotationY(angleUnitsToRadians(512)));
    expectVec((t * r).transformPoint({1, 0, 0}), {1, 0, -1});
    expectVec((r * t).transformPoint({1, 0, 0}), {0, 0, -2});
}

} // namespace
} // namespace rgx::scene
