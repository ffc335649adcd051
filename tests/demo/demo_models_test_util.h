#pragma once
// Geometry helpers shared by the demo model tests: bounds and face orientation in raw file
// coordinates (y down, 256 per engine unit), computed independently of the builders.

#include "loaders/redguard/model3d.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <vector>

namespace rgx::demo::test {

struct Box {
    std::array<double, 3> lo{1e300, 1e300, 1e300}, hi{-1e300, -1e300, -1e300};
    double extent(int a) const { return hi[static_cast<std::size_t>(a)] - lo[static_cast<std::size_t>(a)]; }
};
inline Box boundsOf(const std::vector<loaders::Vec3i>& positions) {
    Box b;
    for (const loaders::Vec3i& p : positions) {
        const std::array<double, 3> c{p.x / 256.0, p.y / 256.0, p.z / 256.0};
        for (std::size_t a = 0; a < 3; ++a) {
            b.lo[a] = std::min(b.lo[a], c[a]);
            b.hi[a] = std::max(b.hi[a], c[a]);
        }
    }
    return b;
}

inline std::array<double, 3> faceCross(const loaders::Model& m, std::size_t f,
                                       const std::vector<loaders::Vec3i>& pos) {
    const loaders::ModelFace& face = m.faces[f];
    const loaders::Vec3i& a = pos[m.faceVertices[face.firstVertex].vertex];
    const loaders::Vec3i& b = pos[m.faceVertices[face.firstVertex + 1].vertex];
    const loaders::Vec3i& c = pos[m.faceVertices[face.firstVertex + 2].vertex];
    double ux = double(b.x) - a.x, uy = double(b.y) - a.y, uz = double(b.z) - a.z;
    double vx = double(c.x) - a.x, vy = double(c.y) - a.y, vz = double(c.z) - a.z;
    std::array<double, 3> n{uy * vz - uz * vy, uz * vx - ux * vz, ux * vy - uy * vx};
    double len = std::sqrt(n[0] * n[0] + n[1] * n[1] + n[2] * n[2]);
    for (double& x : n)
        x /= len;
    return n;
}

inline std::array<double, 3> centroid(const loaders::Model& m, std::size_t f) {
    const loaders::ModelFace& face = m.faces[f];
    std::array<double, 3> c{};
    for (std::size_t i = 0; i < face.vertexCount; ++i) {
        const loaders::Vec3i& p = m.vertices[m.faceVertices[face.firstVertex + i].vertex];
        c[0] += p.x / 256.0 / face.vertexCount;
        c[1] += p.y / 256.0 / face.vertexCount;
        c[2] += p.z / 256.0 / face.vertexCount;
    }
    return c;
}

} // namespace rgx::demo::test
