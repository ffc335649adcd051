#include "scene/transforms.h"

#include <cmath>
#include <numbers>

namespace rgx::scene {

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
