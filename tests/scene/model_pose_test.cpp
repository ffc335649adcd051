// poseModelMesh: a 3DC mesh moved to frame k (what `rgx render --model X.3DC --frame K` draws).

#include "loaders/error.h"
#include "loaders/file_io.h"
#include "loaders/model3d.h"
#include "scene/model_mesh.h"
#include "scene/scene_builder.h"
#include "tests/scene/scene_fixture.h"

#include <gtest/gtest.h>

using namespace rgx;

TEST(ModelPose, MovesCornersToTheFrameAndTakesItsFaceNormals) {
    // One solid triangle in the engine's x/z plane (y down), no vertex normals: flat shaded.
    loaders::ModelSpec spec;
    spec.positions = {{0, 0, 0}, {0, 0, 2560}, {2560, 0, 0}};
    spec.faces = {{.vertices = {0, 1, 2}, .uvs = {}, .solidColor = 5}};
    spec.vertexNormals = false;
    spec.normalIndirection = false;
    loaders::Model model = loaders::buildModel(spec);
    // Frame 1: the whole triangle 2 engine units (512 raw) further east and 1 unit higher
    // (engine y down: -256 raw).
    loaders::setAnimationFrames(model, 2, {{{512, -256, 0}, {512, -256, 2560}, {3072, -256, 0}}});
    const auto dir = scene::test::freshTempDir("model_pose");
    const auto file = dir / "TRI.3DC";
    loaders::writeFile(file, loaders::writeModel(model));

    scene::Scene s = scene::buildModelScene(file, nullptr);
    ASSERT_EQ(s.meshes.size(), 1u);
    scene::Mesh& mesh = s.meshes[0];
    ASSERT_TRUE(mesh.animation);
    ASSERT_EQ(mesh.vertices.size(), 3u);
    const scene::Mesh frame0 = mesh;

    scene::poseModelMesh(mesh, 1);
    for (std::size_t i = 0; i < 3; ++i) {
        // Scene = (x/256, -y/256, z/256): +2 in x, +1 in y (up), z unchanged.
        EXPECT_FLOAT_EQ(mesh.vertices[i].position[0], frame0.vertices[i].position[0] + 2.0f);
        EXPECT_FLOAT_EQ(mesh.vertices[i].position[1], frame0.vertices[i].position[1] + 1.0f);
        EXPECT_FLOAT_EQ(mesh.vertices[i].position[2], frame0.vertices[i].position[2]);
        // A pure translation keeps the face normal; UVs never change.
        for (int a = 0; a < 3; ++a) EXPECT_NEAR(mesh.vertices[i].normal[a], frame0.vertices[i].normal[a], 0.01f);
        EXPECT_EQ(mesh.vertices[i].uv[0], frame0.vertices[i].uv[0]);
    }
    EXPECT_EQ(mesh.indices, frame0.indices);
    EXPECT_FLOAT_EQ(static_cast<float>(mesh.bounds.min.x), 2.0f);
    EXPECT_FLOAT_EQ(static_cast<float>(mesh.bounds.max.x), 12.0f);

    scene::poseModelMesh(mesh, 0); // back to the base frame
    for (std::size_t i = 0; i < 3; ++i) EXPECT_EQ(mesh.vertices[i].position[0], frame0.vertices[i].position[0]);
    EXPECT_THROW(scene::poseModelMesh(mesh, 2), Error);
    std::filesystem::remove_all(dir);
}
