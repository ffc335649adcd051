#include "view/camera.h"

#include "base/error.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <numbers>
#include <string>

namespace rgx::view {

namespace {
constexpr double kPi = 3.14159265358979323846;
double rad(double deg) {
    return deg * kPi / 180.0;
}
double clampPitch(double p) {
    return std::clamp(p, -89.0, 89.0);
}
} // namespace

Camera parseCamera(std::string_view text) {
    double v[5];
    std::string s(text);
    std::size_t start = 0;
    for (int i = 0; i < 5; ++i) {
        std::size_t end = s.find(',', start);
        if ((end == std::string::npos) != (i == 4)) {
            throw Error("--camera", Error::kNoOffset, "",
                        "expected X,Y,Z,YAW,PITCH (five numbers), got '" + s + "'");
        }
        std::string part = s.substr(start, end == std::string::npos ? std::string::npos : end - start);
        char* tail = nullptr;
        v[i] = std::strtod(part.c_str(), &tail);
        if (part.empty() || *tail != '\0' || !std::isfinite(v[i])) {
            throw Error("--camera", Error::kNoOffset, "", "'" + part + "' is not a number (in '" + s + "')");
        }
        start = end + 1;
    }
    Camera c;
    c.position = {v[0], v[1], v[2]};
    c.yawDeg = v[3];
    c.pitchDeg = clampPitch(v[4]);
    return c;
}

std::string formatCamera(const Camera& c) {
    char buf[160];
    std::snprintf(buf, sizeof buf, "%.3f,%.3f,%.3f,%.3f,%.3f", c.position.x, c.position.y, c.position.z,
                  c.yawDeg, c.pitchDeg);
    return buf;
}

std::string cameraArguments(const Camera& c) {
    std::string args = "--camera " + formatCamera(c);
    if (c.fovYDeg != Camera{}.fovYDeg) {
        char fov[32];
        std::snprintf(fov, sizeof fov, " --fov %.3f", c.fovYDeg);
        args += fov;
    }
    return args;
}

Vec3 cameraForward(const Camera& c) {
    if (c.ortho) return {0, -1, 0};
    const double yaw = rad(c.yawDeg), pitch = rad(clampPitch(c.pitchDeg));
    return {std::sin(yaw) * std::cos(pitch), std::sin(pitch), -std::cos(yaw) * std::cos(pitch)};
}

Vec3 cameraRight(const Camera& c) {
    if (c.ortho) return {1, 0, 0};
    const double yaw = rad(c.yawDeg);
    return {std::cos(yaw), 0, std::sin(yaw)};
}

Vec3 billboardUp(const Camera& c) {
    return c.ortho ? Vec3{0, 0, -1} : Vec3{0, 1, 0};
}

CameraBasis cameraBasis(const Camera& c) {
    // Straight down has no horizontal forward to take right from: north is up by definition.
    if (c.ortho) return {{1, 0, 0}, {0, 0, -1}, {0, -1, 0}};
    CameraBasis b;
    b.forward = rgx::normalized(cameraForward(c));
    b.right = rgx::normalized(rgx::cross(b.forward, {0, 1, 0}));
    b.up = rgx::cross(b.right, b.forward);
    return b;
}

ViewRays viewRays(const Camera& camera, double aspect) {
    const CameraBasis basis = cameraBasis(camera);
    const double tanY = std::tan(camera.fovYDeg * std::numbers::pi / 360.0);
    const double tanX = tanY * aspect;
    return {basis.forward, basis.right * tanX, basis.up * -tanY};
}

std::array<float, 16> viewMatrix(const Camera& c) {
    const auto [r, u, f] = cameraBasis(c);
    const Vec3& e = c.position;
    // Right-handed look-at: camera space x right, y up, looking down -z.
    return {static_cast<float>(r.x),
            static_cast<float>(u.x),
            static_cast<float>(-f.x),
            0.f,
            static_cast<float>(r.y),
            static_cast<float>(u.y),
            static_cast<float>(-f.y),
            0.f,
            static_cast<float>(r.z),
            static_cast<float>(u.z),
            static_cast<float>(-f.z),
            0.f,
            static_cast<float>(-rgx::dot(r, e)),
            static_cast<float>(-rgx::dot(u, e)),
            static_cast<float>(rgx::dot(f, e)),
            1.f};
}

std::array<float, 16> projectionMatrix(const Camera& c, double aspect, double n, double f) {
    if (c.ortho) {
        // Camera space looks down -z: a point d ahead has depth d / ortho.depth.
        std::array<float, 16> m{};
        m[0] = static_cast<float>(2.0 / (c.ortho->height * aspect));
        m[5] = static_cast<float>(-2.0 / c.ortho->height);
        m[10] = static_cast<float>(-1.0 / c.ortho->depth);
        m[15] = 1.f;
        return m;
    }
    const double t = 1.0 / std::tan(rad(c.fovYDeg) / 2);
    std::array<float, 16> m{};
    m[0] = static_cast<float>(t / aspect);
    m[5] = static_cast<float>(-t); // Vulkan: framebuffer y points down
    m[10] = static_cast<float>(f / (n - f));
    m[11] = -1.f;
    m[14] = static_cast<float>(n * f / (n - f));
    return m;
}

Camera frameBounds(const scene::Bounds& b, double fovYDeg) {
    Camera c;
    c.fovYDeg = fovYDeg;
    if (b.empty()) return c;
    const Vec3 centre{(b.min.x + b.max.x) / 2, (b.min.y + b.max.y) / 2, (b.min.z + b.max.z) / 2};
    const Vec3 d{b.max.x - b.min.x, b.max.y - b.min.y, b.max.z - b.min.z};
    const double radius = std::max(1.0, std::sqrt(rgx::dot(d, d)) / 2);
    const double distance = radius / std::sin(rad(fovYDeg) / 2);
    c.yawDeg = -45;   // looking north-west, i.e. from the south-east
    c.pitchDeg = -35; // down at the centre
    const Vec3 fwd = cameraForward(c);
    c.position = {centre.x - fwd.x * distance, centre.y - fwd.y * distance, centre.z - fwd.z * distance};
    return c;
}

void flyCamera(Camera& c, const FlyInput& in, double dt, double speed) {
    c.yawDeg = std::fmod(c.yawDeg + in.yawDeltaDeg, 360.0);
    c.pitchDeg = clampPitch(c.pitchDeg + in.pitchDeltaDeg);
    const double step = speed * (in.fast ? 4.0 : 1.0) * dt;
    const Vec3 f = cameraForward(c), r = cameraRight(c);
    c.position.x += (f.x * in.forward + r.x * in.right) * step;
    c.position.y += (f.y * in.forward + in.up) * step;
    c.position.z += (f.z * in.forward + r.z * in.right) * step;
}

} // namespace rgx::view
