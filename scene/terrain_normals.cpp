#include "scene/terrain_normals.h"

#include <cassert>
#include <cmath>

namespace rgx::scene {

namespace {

Vec3 cross(const Vec3& a, const Vec3& b) {
    return Vec3{a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x};
}

} // namespace

std::vector<Vec3> terrainVertexNormals(std::span<const float> heights, int size, double cell) {
    assert(size >= 0 && heights.size() == static_cast<std::size_t>(size) * static_cast<std::size_t>(size));
    const auto idx = [size](int r, int c) { return static_cast<std::size_t>(r) * static_cast<std::size_t>(size) + c; };
    const auto pos = [&](int r, int c) { return Vec3{c * cell, heights[idx(r, c)], r * cell}; };
    std::vector<Vec3> normals(heights.size());
    for (int r = 0; r + 1 < size; ++r) {
        for (int c = 0; c + 1 < size; ++c) {
            const Vec3 tl = pos(r, c), tr = pos(r, c + 1), bl = pos(r + 1, c), br = pos(r + 1, c + 1);
            const Vec3 n1 = cross(bl - tl, br - tl), n2 = cross(br - tl, tr - tl);
            for (auto [rr, cc] : {std::pair{r, c}, std::pair{r + 1, c}, std::pair{r + 1, c + 1}})
                normals[idx(rr, cc)] = normals[idx(rr, cc)] + n1;
            for (auto [rr, cc] : {std::pair{r, c}, std::pair{r + 1, c + 1}, std::pair{r, c + 1}})
                normals[idx(rr, cc)] = normals[idx(rr, cc)] + n2;
        }
    }
    for (Vec3& v : normals) {
        const double len = std::sqrt(v.x * v.x + v.y * v.y + v.z * v.z);
        v = len > 0 ? v * (1.0 / len) : Vec3{0, 1, 0};
    }
    return normals;
}

} // namespace rgx::scene
