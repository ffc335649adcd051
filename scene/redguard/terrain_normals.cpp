#include "scene/redguard/terrain_normals.h"

#include <cassert>
#include <cmath>

namespace rgx::scene {

std::vector<Vec3> terrainVertexNormals(std::span<const float> heights, int size, double cell) {
    assert(size >= 0 && heights.size() == static_cast<std::size_t>(size) * static_cast<std::size_t>(size));
    const auto idx = [size](int r, int c) {
        return static_cast<std::size_t>(r) * static_cast<std::size_t>(size) + c;
    };
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

Vec3 terrainVertexNormal(std::span<const float> heights, int size, double cell, int r, int c) {
    assert(size >= 0 && heights.size() == static_cast<std::size_t>(size) * static_cast<std::size_t>(size));
    const auto pos = [&](int rr, int cc) {
        return Vec3{cc * cell, heights[static_cast<std::size_t>(rr) * static_cast<std::size_t>(size) + cc],
                    rr * cell};
    };
    // The cells touching the vertex in the grid loop's order (row-major), each adding its
    // triangles' cross products as terrainVertexNormals does: (r-1, c-1) both triangles (the
    // vertex is their BR), (r-1, c) the first (BL), (r, c-1) the second (TR), (r, c) both (TL).
    Vec3 sum{0, 0, 0};
    const auto cellNormals = [&](int rr, int cc, bool first, bool second) {
        if (rr < 0 || cc < 0 || rr + 1 >= size || cc + 1 >= size) return;
        const Vec3 tl = pos(rr, cc), tr = pos(rr, cc + 1), bl = pos(rr + 1, cc), br = pos(rr + 1, cc + 1);
        if (first) sum = sum + cross(bl - tl, br - tl);
        if (second) sum = sum + cross(br - tl, tr - tl);
    };
    cellNormals(r - 1, c - 1, true, true);
    cellNormals(r - 1, c, true, false);
    cellNormals(r, c - 1, false, true);
    cellNormals(r, c, true, true);
    const double len = std::sqrt(sum.x * sum.x + sum.y * sum.y + sum.z * sum.z);
    return len > 0 ? sum * (1.0 / len) : Vec3{0, 1, 0};
}

} // namespace rgx::scene
