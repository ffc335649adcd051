#include "renderer/culling/terrain_cells.h"

#include "shaders/shared.h"
#include "sim/water.h"

#include <algorithm>
#include <array>
#include <bit>
#include <cmath>

namespace rgx::renderer {

std::optional<TerrainGridData> terrainGridData(const scene::Scene& scene) {
    if (!scene.terrain) return std::nullopt;
    const scene::TerrainGrid& grid = *scene.terrain;
    constexpr int n = scene::TerrainGrid::kSize;
    static_assert(n == static_cast<int>(shaders::kGlideTerrainSize));
    const std::size_t count = static_cast<std::size_t>(n) * n;
    if (grid.height.size() != count || grid.textureIndex.size() != count || grid.rotation.size() != count ||
        grid.water.size() != static_cast<std::size_t>(n - 1) * (n - 1))
        return std::nullopt;

    TerrainGridData data;
    for (std::size_t i = 0; i < scene.nodes.size(); ++i) {
        if (scene.nodes[i].kind == scene::NodeKind::Terrain && scene.nodes[i].mesh >= 0)
            data.node = static_cast<int>(i);
    }
    if (data.node < 0) return std::nullopt;
    // The material of each (texture index, water) pair, as the terrain mesh chose it.
    std::array<int, 128> material;
    material.fill(-1);
    const scene::Mesh& mesh =
        scene.meshes[static_cast<std::size_t>(scene.nodes[static_cast<std::size_t>(data.node)].mesh)];
    for (const scene::Submesh& sub : mesh.submeshes) {
        if (sub.material >= scene.materials.size() || sub.material > 0xFFFF) return std::nullopt;
        const scene::Material& m = scene.materials[sub.material];
        if (m.texture < 0 || static_cast<std::size_t>(m.texture) >= scene.textures.size())
            return std::nullopt;
        const int image = scene.textures[static_cast<std::size_t>(m.texture)].imageId;
        if (image < 0 || image >= 64) return std::nullopt;
        material[static_cast<std::size_t>(image * 2 + (m.renderMode == scene::RenderMode::Water ? 1 : 0))] =
            static_cast<int>(sub.material);
    }

    data.words.resize(count * 2);
    const std::vector<std::uint8_t> waterVertex = sim::waterVertices(grid);
    for (int r = 0; r < n; ++r) {
        for (int c = 0; c < n; ++c) {
            const std::size_t i = static_cast<std::size_t>(r) * n + c;
            std::uint32_t info = grid.rotation[i] & 3u;
            if (r + 1 < n && c + 1 < n) {
                const bool water = grid.water[static_cast<std::size_t>(r) * (n - 1) + c] != 0;
                const int m =
                    material[static_cast<std::size_t>((grid.textureIndex[i] & 0x3F) * 2 + (water ? 1 : 0))];
                if (m < 0) return std::nullopt;
                info |= (water ? shaders::kTerrainInfoWaterCell : 0u) | (static_cast<std::uint32_t>(m) << 16);
                data.waterCells += water ? 1 : 0;
            }
            if (waterVertex[i] != 0) info |= shaders::kTerrainInfoWaterVertex;
            data.words[i * 2] = std::bit_cast<std::uint32_t>(grid.height[i]);
            data.words[i * 2 + 1] = info;
        }
    }
    constexpr int cellsPerSide = n - 1;
    constexpr int chunksPerSide = (cellsPerSide + kTerrainChunk - 1) / kTerrainChunk;
    data.chunks.resize(static_cast<std::size_t>(chunksPerSide) * chunksPerSide);
    for (std::uint32_t pass = 0; pass < 2; ++pass) {
        for (int cr = 0; cr < chunksPerSide; ++cr) {
            for (int cc = 0; cc < chunksPerSide; ++cc) {
                TerrainChunk& chunk = data.chunks[static_cast<std::size_t>(cr) * chunksPerSide + cc];
                chunk.first[pass] = static_cast<std::uint32_t>(data.cells.size());
                float lo = 1e30f, hi = -1e30f;
                const int r1 = std::min(cellsPerSide, (cr + 1) * kTerrainChunk);
                const int c1 = std::min(cellsPerSide, (cc + 1) * kTerrainChunk);
                for (int r = cr * kTerrainChunk; r < r1; ++r) {
                    for (int c = cc * kTerrainChunk; c < c1; ++c) {
                        const bool water = grid.water[static_cast<std::size_t>(r) * cellsPerSide + c] != 0;
                        if (water == (pass == 1))
                            data.cells.push_back(static_cast<std::uint32_t>(r * cellsPerSide + c));
                    }
                }
                for (int r = cr * kTerrainChunk; r <= r1; ++r) {
                    for (int c = cc * kTerrainChunk; c <= c1; ++c) {
                        lo = std::min(lo, grid.height[static_cast<std::size_t>(r) * n + c]);
                        hi = std::max(hi, grid.height[static_cast<std::size_t>(r) * n + c]);
                    }
                }
                chunk.count[pass] = static_cast<std::uint32_t>(data.cells.size()) - chunk.first[pass];
                const double x0 = cc * kTerrainChunk * scene::TerrainGrid::kCell,
                             x1 = c1 * scene::TerrainGrid::kCell;
                const double z0 = cr * kTerrainChunk * scene::TerrainGrid::kCell,
                             z1 = r1 * scene::TerrainGrid::kCell;
                const double dx = x1 - x0, dy = static_cast<double>(hi) - lo, dz = z1 - z0;
                chunk.sphere = {static_cast<float>((x0 + x1) / 2), (lo + hi) / 2,
                                static_cast<float>((z0 + z1) / 2),
                                static_cast<float>(std::sqrt(dx * dx + dy * dy + dz * dz) / 2 + 1)};
            }
        }
    }
    return data;
}

} // namespace rgx::renderer
