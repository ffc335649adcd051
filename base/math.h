#pragma once
// The project's vector and matrix types: plain doubles, no convention attached. Which frame a
// vector is in (engine or scene) is scene/transforms.h's business; these only add and multiply.
// The lowest layer (base/): every layer may use them, and they use nothing of rgx.

#include <array>

namespace rgx {

struct Vec3 {
    double x = 0, y = 0, z = 0;
    bool operator==(const Vec3&) const = default;
};
Vec3 operator+(const Vec3& a, const Vec3& b);
Vec3 operator-(const Vec3& a, const Vec3& b);
Vec3 operator*(const Vec3& a, double s);
double dot(const Vec3& a, const Vec3& b);
Vec3 cross(const Vec3& a, const Vec3& b);
Vec3 normalized(const Vec3& v); // unit length; the zero vector stays zero

using Mat3 = std::array<std::array<double, 3>, 3>; // [row][column]

// Affine transform acting on column vectors: p' = R p + t.
struct Mat4 {
    std::array<std::array<double, 4>, 4> m{{{1, 0, 0, 0}, {0, 1, 0, 0}, {0, 0, 1, 0}, {0, 0, 0, 1}}};
    static Mat4 identity() { return {}; }
    static Mat4 translation(const Vec3& t);
    static Mat4 fromRotation(const Mat3& r, const Vec3& t = {});
    Vec3 transformPoint(const Vec3& p) const;
    Vec3 transformDirection(const Vec3& d) const;
    Vec3 translationPart() const { return {m[0][3], m[1][3], m[2][3]}; }
    bool operator==(const Mat4&) const = default;
};
Mat4 operator*(const Mat4& a, const Mat4& b);
// The inverse of an affine transform (rotation, scale or shear, translation: the 3x3 part is
// inverted in general); the identity for a degenerate one (a node with scale 0).
Mat4 affineInverse(const Mat4& a);
Mat3 operator*(const Mat3& a, const Mat3& b);

} // namespace rgx
