// The terrain grid buffer (renderer/glide/gpu_terrain.h) must draw every cell with the material, the
// rotation and the water flag the scene's terrain mesh gives it: checked cell by cell against
// the mesh on the demo island (no GPU needed).

#include "renderer/glide/gpu_terrain.h"
#include "scene/redguard/scene_builder.h"

#include "tests/support/demo_dir.h"

#include <gtest/gtest.h>

#include <bit>
#include <filesystem>

namespace rgx::renderer {
namespace {

TEST(SceneRenderTerrain, GridMatchesTheTerrainMeshCellByCell) {
    // The same demo directory as the other render tests of this binary, written once.
    const scene::Scene s = scene::buildWorldScene(scene::GameFs(rgx::testing::smallDemoDir()), 0);
    ASSERT_TRUE(s.terrain.has_value());

    const auto data = terrainGridData(s);
    ASSERT_TRUE(data.has_value());
    ASSERT_GE(data->node, 0);
    EXPECT_EQ(data->waterCells, s.terrain->waterCells);
    EXPECT_GT(data->waterCells, 0u);
    const scene::Mesh& mesh =
        s.meshes[static_cast<std::size_t>(s.nodes[static_cast<std::size_t>(data->node)].mesh)];

    // The mesh gives cell k vertices 4k..4k+3 (TL, TR, BR, BL); each submesh lists whole cells.
    constexpr int n = scene::TerrainGrid::kSize;
    std::vector<int> cellMaterial(static_cast<std::size_t>(n - 1) * (n - 1), -1);
    for (const scene::Submesh& sub : mesh.submeshes) {
        for (std::uint32_t i = sub.firstIndex; i < sub.firstIndex + sub.indexCount; ++i)
            cellMaterial[mesh.indices[i] / 4] = static_cast<int>(sub.material);
    }
    int checked = 0;
    for (int r = 0; r + 1 < n; ++r) {
        for (int c = 0; c + 1 < n; ++c) {
            const std::size_t v = static_cast<std::size_t>(r) * n + c;
            const std::size_t cell = static_cast<std::size_t>(r) * (n - 1) + c;
            const std::uint32_t info = data->words[v * 2 + 1];
            ASSERT_EQ(static_cast<int>(info >> 16), cellMaterial[cell]) << r << "," << c;
            ASSERT_EQ((info >> 2) & 1u, s.terrain->water[cell] != 0 ? 1u : 0u) << r << "," << c;
            ASSERT_EQ(info & 3u, s.terrain->rotation[v] & 3u) << r << "," << c;
            // The mesh's TL vertex carries the same height.
            ASSERT_EQ(std::bit_cast<float>(data->words[v * 2]), mesh.vertices[cell * 4].position[1]);
            ++checked;
        }
    }
    EXPECT_EQ(checked, (n - 1) * (n - 1));
}

} // namespace
} // namespace rgx::renderer
