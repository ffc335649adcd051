#include "scene/transforms.h"

#include <cmath>
#include <numbers>

namespace rgx::scene {

Vec3 operator+(const Vec3& a, const Vec3& b) {
    return {a.x + b.x, a.y + b.y, a.z + b.z};
}
Vec3 operator-(const Vec3& a, const Vec3& b) {
    return {a.x - b.x, a.y - b.y, a.z - b.z};
}
Vec3 operator*(const Vec3& a, double s) {
    return {a.x * s, a.y * s, a.z * s};
}

double dot(const Vec3& a, const Vec3& b) {
    return a.x * b.x + a.y * b.y + a.z * b.z;
}

Vec3 cross(const Vec3& a, const Vec3& b) {
    return Vec3{a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x};
}

Vec3 normalized(const Vec3& v) {
    const double l = std::sqrt(v.x * v.x + v.y * v.y + v.z * v.z);
    return l > 0 ? Vec3{v.x / l, v.y / l, v.z / l} : v;
}

Mat4 Mat4::translation(const Vec3& t) {
    Mat4 r;
    r.m[0][3] = t.x;
    r.m[1][3] = t.y;
    r.m[2][3] = t.z;
    return r;
}

Mat4 Mat4::fromRotation(const Mat3& rot, const Vec3& t) {
    Mat4 r;
    for (int i = 0; i < 3; ++i) {
        for (int j = 0; j < 3; ++j)
            r.m[i][j] = rot[i][j];
    }
    r.m[0][3] = t.x;
    r.m[1][3] = t.y;
    r.m[2][3] = t.z;
    return r;
}

Vec3 Mat4::transformPoint(const Vec3& p) const {
    return {m[0][0] * p.x + m[0][1] * p.y + m[0][2] * p.z + m[0][3],
            m[1][0] * p.x + m[1][1] * p.y + m[1][2] * p.z + m[1][3],
            m[2][0] * p.x + m[2][1] * p.y + m[2][2] * p.z + m[2][3]};
}

Vec3 Mat4::transformDirection(const Vec3& d) const {
    return {m[0][0] * d.x + m[0][1] * d.y + m[0][2] * d.z, m[1][0] * d.x + m[1][1] * d.y + m[1][2] * d.z,
            m[2][0] * d.x + m[2][1] * d.y + m[2][2] * d.z};
}

Mat4 operator*(const Mat4& a, const Mat4& b) {
    Mat4 r;
    for (int i = 0; i < 4; ++i) {
        for (int j = 0; j < 4; ++j) {
            double s = 0;
            for (int k = 0; k < 4; ++k)
                s += a.m[i][k] * b.m[k][j];
            r.m[i][j] = s;
        }
    }
    return r;
}

Mat3 operator*(const Mat3& a, const Mat3& b) {
    Mat3 r{};
    for (int i = 0; i < 3; ++i) {
        for (int j = 0; j < 3; ++j) {
            double s = 0;
            for (int k = 0; k < 3; ++k)
                s += a[i][k] * b[k][j];
            r[i][j] = s;
        }
    }
    return r;
}

Vec3 engineToScene(const Vec3& engine) {
    return {engine.x, 0.0 - engine.y, engine.z};
}

Mat3 engineRotationToScene(const Mat3& e) {
    // S R S with S = diag(1, -1, 1): entries that mix y with x or z change sign.
    Mat3 r = e;
    r[0][1] = 0.0 - e[0][1]; // 0.0 - x: no -0 entries in dumps
    r[1][0] = 0.0 - e[1][0];
    r[1][2] = 0.0 - e[1][2];
    r[2][1] = 0.0 - e[2][1];
    return r;
}

Vec3 modelVertexToScene(std::int32_t x, std::int32_t y, std::int32_t z) {
    return engineToScene({x / 256.0, y / 256.0, z / 256.0});
}

double angleUnitsToRadians(std::int64_t units) {
    const std::int64_t reduced = ((units % 2048) + 2048) % 2048;
    return static_cast<double>(reduced) * std::numbers::pi / 1024.0;
}

namespace {
// Exact values at quarter turns, so hand-worked tests and golden dumps carry no -0 / 1e-17 noise.
void sinCos(double a, double& s, double& c) {
    const double quarter = a / (std::numbers::pi / 2);
    const double rounded = std::round(quarter);
    if (std::abs(quarter - rounded) < 1e-12) {
        const int q = static_cast<int>(((static_cast<long long>(rounded) % 4) + 4) % 4);
        static constexpr double kSin[4] = {0, 1, 0, -1};
        static constexpr double kCos[4] = {1, 0, -1, 0};
        s = kSin[q];
        c = kCos[q];
        return;
    }
    s = std::sin(a);
    c = std::cos(a);
}
} // namespace

Mat3 rotationX(double a) {
    double s, c;
    sinCos(a, s, c);
    return Mat3{{{1, 0, 0}, {0, c, -s}, {0, s, c}}};
}
Mat3 rotationY(double a) {
    double s, c;
    sinCos(a, s, c);
    return Mat3{{{c, 0, s}, {0, 1, 0}, {-s, 0, c}}};
}
Mat3 rotationZ(double a) {
    double s, c;
    sinCos(a, s, c);
    return Mat3{{{c, -s, 0}, {s, c, 0}, {0, 0, 1}}};
}

Vec3 rgmScenePosition(const loaders::RgmPos24& pos) {
    return engineToScene(
        {static_cast<double>(pos.x), static_cast<double>(pos.y), static_cast<double>(pos.z)});
}

Mat3 mpobEngineRotation(const loaders::RgmMpob& mpob) {
    return rotationY(angleUnitsToRadians(mpob.angles[1])) * rotationX(angleUnitsToRadians(mpob.angles[0])) *
           rotationZ(angleUnitsToRadians(mpob.angles[2]));
}

Mat4 mpobTransform(const loaders::RgmMpob& mpob) {
    return Mat4::fromRotation(engineRotationToScene(mpobEngineRotation(mpob)), rgmScenePosition(mpob.pos));
}

Mat4 mpsoTransform(const loaders::RgmMpso& mpso) {
    return Mat4::fromRotation(engineRotationToScene(loaders::rgmMpsoRotation(mpso)),
                              rgmScenePosition(mpso.pos));
}

Mat4 mprpBaseTransform(const loaders::RgmMprp& rope) {
    return Mat4::fromRotation(engineRotationToScene(rotationY(angleUnitsToRadians(rope.angleY))),
                              rgmScenePosition(rope.pos));
}

Mat4 mprpLinkTransform(const loaders::RgmMprp& rope, int index, double linkPitch) {
    return mprpBaseTransform(rope) * Mat4::translation({0, -(index + 1) * linkPitch, 0});
}

Mat4 mpsfTransform(const loaders::RgmMpsf& flat) {
    return Mat4::translation(rgmScenePosition(flat.pos));
}
Mat4 mpslTransform(const loaders::RgmMpsl& light) {
    return Mat4::translation(rgmScenePosition(light.pos));
}
Mat4 mpmkTransform(const loaders::RgmMpmk& marker) {
    return Mat4::translation(rgmScenePosition(marker.pos));
}

} // namespace rgx::scene
