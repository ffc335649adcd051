// `rgx bench`'s built-in camera path (renderer/views/scene_views.h): deterministic, over the
// world's land, above its ground, heading along the flight.

#include "renderer/views/scene_views.h"
#include "scene/redguard/scene_builder.h"
#include "tests/support/demo_dir.h"
#include "view/camera_path.h"

#include <gtest/gtest.h>

#include <cmath>

namespace rgx::renderer {
namespace {

scene::Scene demoWorld(std::int64_t id) {
    return scene::buildWorldScene(scene::GameFs(rgx::testing::smallDemoDir()), id);
}

TEST(BenchPath, FliesOverTheIslandAboveItsGround) {
    const scene::Scene island = demoWorld(0);
    const view::CameraPath path = benchPath(island, 8.0);
    ASSERT_EQ(path.keys.size(), static_cast<std::size_t>(kBenchKeys));
    EXPECT_NO_THROW(view::checkCameraPath(path, "built-in"));
    EXPECT_DOUBLE_EQ(path.keys.front().time, 0.0);
    EXPECT_DOUBLE_EQ(path.duration(), 8.0);
    EXPECT_EQ(benchPath(island, 8.0).keys, path.keys) << "the same scene gives the same path";

    scene::Bounds objects;
    for (const scene::SceneNode& node : island.nodes)
        if (node.mesh >= 0 && node.kind != scene::NodeKind::Terrain)
            objects.add(scene::Bounds::transformed(island.meshes[static_cast<std::size_t>(node.mesh)].bounds,
                                                   node.world));
    const scene::TerrainGrid& t = *island.terrain;
    for (const view::CameraKey& k : path.keys) {
        const rgx::Vec3& p = k.camera.position;
        EXPECT_GE(p.x, objects.min.x);
        EXPECT_LE(p.x, objects.max.x);
        EXPECT_GE(p.z, objects.min.z);
        EXPECT_LE(p.z, objects.max.z);
        EXPECT_EQ(k.camera.pitchDeg, -15);
    }
    // Everywhere along the flight, not only at the keys: above the grid vertex under the camera
    // by at least the clearance.
    for (int i = 0; i <= 400; ++i) {
        const rgx::Vec3 p = view::cameraAt(path, 8.0 * i / 400).position;
        const int col = static_cast<int>(std::floor(p.x / scene::TerrainGrid::kCell));
        const int row = static_cast<int>(std::floor(p.z / scene::TerrainGrid::kCell));
        ASSERT_TRUE(col >= 0 && col < scene::TerrainGrid::kSize && row >= 0 &&
                    row < scene::TerrainGrid::kSize);
        EXPECT_GE(p.y,
                  t.height[static_cast<std::size_t>(row) * scene::TerrainGrid::kSize + col] + kBenchClearance)
            << "at " << 8.0 * i / 400 << " s";
    }
    // South-west to north-east: east and north as it goes, heading north-east.
    EXPECT_GT(path.keys.back().camera.position.x, path.keys.front().camera.position.x);
    EXPECT_LT(path.keys.back().camera.position.z, path.keys.front().camera.position.z);
    EXPECT_GT(path.keys.front().camera.yawDeg, 0);
    EXPECT_LT(path.keys.front().camera.yawDeg, 90);
}

TEST(BenchPath, IndoorsFliesLevelThroughTheMiddle) {
    const scene::Scene dungeon = demoWorld(2);
    ASSERT_FALSE(dungeon.terrain.has_value()) << "world 2 of the demo is the interior";
    const view::CameraPath path = benchPath(dungeon, 4.0);
    ASSERT_EQ(path.keys.size(), static_cast<std::size_t>(kBenchKeys));
    for (const view::CameraKey& k : path.keys)
        EXPECT_EQ(k.camera.pitchDeg, 0);
    EXPECT_DOUBLE_EQ(path.keys.front().camera.position.y, path.keys.back().camera.position.y);
}

} // namespace
} // namespace rgx::renderer
