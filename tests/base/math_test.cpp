// Vectors and matrices (base/math.h), against values worked out by hand.
#include "base/math.h"

#include <gtest/gtest.h>

namespace rgx {
namespace {

TEST(Vec3, Arithmetic) {
    const Vec3 a{1, 2, 3}, b{4, -5, 6};
    EXPECT_EQ(a + b, (Vec3{5, -3, 9}));
    EXPECT_EQ(a - b, (Vec3{-3, 7, -3}));
    EXPECT_EQ(a * 2.0, (Vec3{2, 4, 6}));
    EXPECT_EQ(dot(a, b), 4 - 10 + 18);
    EXPECT_EQ(cross(Vec3{1, 0, 0}, Vec3{0, 1, 0}), (Vec3{0, 0, 1}));
    EXPECT_EQ(normalized(Vec3{0, 3, 4}), (Vec3{0, 0.6, 0.8}));
    EXPECT_EQ(normalized(Vec3{}), Vec3{}); // the zero vector stays zero
}

TEST(Mat4, TransformsPointsAndDirections) {
    // A quarter turn about z (x -> y), then a move by (10, 20, 30).
    const Mat3 quarter{{{0, -1, 0}, {1, 0, 0}, {0, 0, 1}}};
    const Mat4 m = Mat4::fromRotation(quarter, {10, 20, 30});
    EXPECT_EQ(m.transformPoint({1, 0, 0}), (Vec3{10, 21, 30}));
    EXPECT_EQ(m.transformDirection({1, 0, 0}), (Vec3{0, 1, 0})); // no translation
    EXPECT_EQ(m.translationPart(), (Vec3{10, 20, 30}));
    // Composition applies the right-hand matrix first.
    const Mat4 t = Mat4::translation({1, 0, 0});
    EXPECT_EQ((Mat4::fromRotation(quarter) * t).transformPoint({0, 0, 0}), (Vec3{0, 1, 0}));
    EXPECT_EQ((t * Mat4::fromRotation(quarter)).transformPoint({0, 0, 0}), (Vec3{1, 0, 0}));
    const Mat3 half = quarter * quarter;
    EXPECT_EQ(half[0][0], -1);
    EXPECT_EQ(half[1][1], -1);
}

TEST(Mat4, AffineInverseUndoesAScaledTurnAndMove) {
    const Mat3 turnAndScale{{{0, -2, 0}, {2, 0, 0}, {0, 0, 4}}};
    const Mat4 m = Mat4::fromRotation(turnAndScale, {10, 20, 30});
    const Mat4 back = affineInverse(m);
    EXPECT_EQ(back.transformPoint(m.transformPoint({1, 2, 3})), (Vec3{1, 2, 3}));
    EXPECT_EQ(back.transformPoint({10, 20, 30}), Vec3{});
    EXPECT_EQ(back.transformPoint({10, 22, 30}), (Vec3{1, 0, 0})); // x turned to y, doubled
}

} // namespace
} // namespace rgx
