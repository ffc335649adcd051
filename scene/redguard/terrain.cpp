#include "scene/redguard/terrain.h"

#include <algorithm>

#include "scene/redguard/terrain_normals.h"

#include <cmath>

namespace rgx::scene {

TerrainGrid terrainGrid(const loaders::WldGrids& grids, int textureBank) {
    constexpr int n = TerrainGrid::kSize;
    TerrainGrid t;
    t.textureBank = textureBank;
    t.height.resize(static_cast<std::size_t>(n) * n);
    for (std::size_t i = 0; i < t.height.size(); ++i) {
        t.height[i] = static_cast<float>(-loaders::wldWorldY(grids.heightIndex[i]));
    }
    t.textureIndex = grids.textureIndex;
    t.rotation = grids.rotation;
    t.water.assign(static_cast<std::size_t>(n - 1) * (n - 1), 0);
    for (int r = 0; r + 1 < n; ++r) {
        for (int c = 0; c + 1 < n; ++c) {
            const bool water =
                loaders::wldWaterCell(grids, static_cast<std::size_t>(r), static_cast<std::size_t>(c));
            t.water[static_cast<std::size_t>(r) * (n - 1) + c] = water ? 1 : 0;
            t.waterCells += water ? 1 : 0;
        }
    }
    return t;
}

Mesh terrainMesh(const TerrainGrid& grid, MaterialLibrary& materials) {
    constexpr int n = TerrainGrid::kSize;
    const auto idx = [](int r, int c) { return static_cast<std::size_t>(r) * n + c; };
    const auto pos = [&](int r, int c) {
        return Vec3{c * TerrainGrid::kCell, grid.height[idx(r, c)], r * TerrainGrid::kCell};
    };
    const std::vector<Vec3> normals = terrainVertexNormals(grid.height, n, TerrainGrid::kCell);

    Mesh mesh;
    mesh.name = "terrain";
    mesh.source = "WLD";
    mesh.vertices.reserve(static_cast<std::size_t>(n - 1) * (n - 1) * 4);
    // One index list per (texture index, water): 64 x 2 materials at most.
    std::vector<std::vector<std::uint32_t>> lists(128);
    static constexpr float kUv[4][2] = {{0, 0}, {1, 0}, {1, 1}, {0, 1}}; // TL, TR, BR, BL
    for (int r = 0; r + 1 < n; ++r) {
        for (int c = 0; c + 1 < n; ++c) {
            const std::uint8_t tex = grid.textureIndex[idx(r, c)] & 0x3F;
            const int rot = grid.rotation[idx(r, c)] & 3;
            const bool water = grid.water[static_cast<std::size_t>(r) * (n - 1) + c] != 0;
            const std::pair<int, int> corners[4] = {{r, c}, {r, c + 1}, {r + 1, c + 1}, {r + 1, c}};
            const auto base = static_cast<std::uint32_t>(mesh.vertices.size());
            for (int j = 0; j < 4; ++j) {
                const auto [rr, cc] = corners[j];
                const Vec3 p = pos(rr, cc);
                const Vec3& nn = normals[idx(rr, cc)];
                const float* uv = kUv[(j + rot) & 3];
                mesh.vertices.push_back(
                    MeshVertex{{static_cast<float>(p.x), static_cast<float>(p.y), static_cast<float>(p.z)},
                               {static_cast<float>(nn.x), static_cast<float>(nn.y), static_cast<float>(nn.z)},
                               {uv[0], uv[1]}});
            }
            // TL=0 TR=1 BR=2 BL=3: (TL, BL, BR) and (TL, BR, TR), counter-clockwise from above.
            auto& list = lists[static_cast<std::size_t>(tex) * 2 + (water ? 1 : 0)];
            list.insert(list.end(), {base, base + 3, base + 2, base, base + 2, base + 1});
        }
    }
    for (std::size_t k = 0; k < lists.size(); ++k) {
        if (lists[k].empty()) continue;
        Submesh s;
        s.material = materials.textured(grid.textureBank, static_cast<int>(k / 2),
                                        (k & 1) ? RenderMode::Water : RenderMode::Standard);
        s.firstIndex = static_cast<std::uint32_t>(mesh.indices.size());
        s.indexCount = static_cast<std::uint32_t>(lists[k].size());
        mesh.indices.insert(mesh.indices.end(), lists[k].begin(), lists[k].end());
        mesh.submeshes.push_back(s);
    }
    mesh.bounds.add(Vec3{0, 0, 0});
    for (int r = 0; r < n; ++r) {
        for (int c = 0; c < n; ++c)
            mesh.bounds.add(pos(r, c));
    }
    return mesh;
}

double terrainHeightAt(std::span<const float> height, double x, double z) {
    constexpr int n = TerrainGrid::kSize;
    const double gx = std::clamp(x / TerrainGrid::kCell, 0.0, n - 1.0);
    const double gz = std::clamp(z / TerrainGrid::kCell, 0.0, n - 1.0);
    const int c = std::min(static_cast<int>(gx), n - 2), r = std::min(static_cast<int>(gz), n - 2);
    const double fx = gx - c, fz = gz - r;
    const auto h = [&](int row, int col) {
        return static_cast<double>(height[static_cast<std::size_t>(row) * n + static_cast<std::size_t>(col)]);
    };
    const double top = h(r, c) + (h(r, c + 1) - h(r, c)) * fx;
    const double bottom = h(r + 1, c) + (h(r + 1, c + 1) - h(r + 1, c)) * fx;
    return top + (bottom - top) * fz;
}

} // namespace rgx::scene
