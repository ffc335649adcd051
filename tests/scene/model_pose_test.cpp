// poseModelMesh: a 3DC mesh moved to frame k (what `rgx render --model X.3DC --frame K` draws).

#include "base/error.h"
#include "loaders/file_io.h"
#include "loaders/redguard/model3d.h"
#include "scene/model_mesh.h"
#include "scene/redguard/scene_builder.h"
#include "scene/scene_limits.h"
#include "tests/scene/scene_fixture.h"

#include <gtest/gtest.h>

#include <cmath>
#include <optional>
#include <span>

using namespace rgx;

namespace {

// The scene of a model written as TRI.3DC into a fresh temporary directory (removed by the caller).
scene::Scene modelScene(const loaders::Model& model, const std::string& tag, std::filesystem::path& dir) {
    dir = scene::test::freshTempDir(tag);
    loaders::writeFile(dir / "TRI.3DC", loaders::writeModel(model));
    return scene::buildModelScene(dir / "TRI.3DC", nullptr);
}

} // namespace

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
    std::filesystem::path dir;
    scene::Scene s = modelScene(model, "model_pose", dir);
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
        for (int a = 0; a < 3; ++a)
            EXPECT_NEAR(mesh.vertices[i].normal[a], frame0.vertices[i].normal[a], 0.01f);
        EXPECT_EQ(mesh.vertices[i].uv[0], frame0.vertices[i].uv[0]);
    }
    EXPECT_EQ(mesh.indices, frame0.indices);
    EXPECT_FLOAT_EQ(static_cast<float>(mesh.bounds.min.x), 2.0f);
    EXPECT_FLOAT_EQ(static_cast<float>(mesh.bounds.max.x), 12.0f);

    scene::poseModelMesh(mesh, 0); // back to the base frame
    for (std::size_t i = 0; i < 3; ++i)
        EXPECT_EQ(mesh.vertices[i].position[0], frame0.vertices[i].position[0]);
    EXPECT_THROW(scene::poseModelMesh(mesh, 2), Error);
    std::filesystem::remove_all(dir);
}

// Every frame resident (addModelMeshFrames): frame k's corners equal modelMeshFrame(k), and a
// smooth-shaded corner of a later frame is lit by that frame's own normals, not frame 0's.
TEST(ModelPose, ResidentFramesCarryEachFramesOwnSmoothNormals) {
    // One textured-free triangle with smooth vertex normals, lying in the engine's x/z plane.
    loaders::ModelSpec spec;
    spec.positions = {{0, 0, 0}, {0, 0, 2560}, {2560, 0, 0}};
    spec.faces = {{.vertices = {0, 1, 2}, .uvs = {}, .solidColor = 5}};
    loaders::Model model = loaders::buildModel(spec);
    // Frame 1: the triangle stood up into the x/y plane (z -> -y): its normal turns by 90 degrees.
    loaders::setAnimationFrames(model, 2, {{{0, 0, 0}, {0, -2560, 0}, {2560, 0, 0}}});
    std::filesystem::path dir;
    scene::Scene s = modelScene(model, "model_frames", dir);
    ASSERT_EQ(s.meshes.size(), 1u);
    scene::Mesh& mesh = s.meshes[0];
    ASSERT_EQ(loaders::faceVertexShading(*mesh.animation, 0, 0).shading, loaders::Shading::Smooth);
    EXPECT_EQ(scene::addModelMeshFrames(mesh), "") << "every frame kept";
    ASSERT_EQ(mesh.frameCount, 2u);
    ASSERT_EQ(mesh.frameVertices.size(), mesh.vertices.size());
    const std::vector<scene::MeshVertex> expected = scene::modelMeshFrame(mesh, 1);
    const std::span<const scene::MeshVertex> frame1 = scene::meshFrameVertices(mesh, 1);
    ASSERT_EQ(frame1.size(), expected.size());
    const float* n0 = mesh.vertices[0].normal;
    for (std::size_t i = 0; i < frame1.size(); ++i) {
        for (int a = 0; a < 3; ++a) {
            EXPECT_EQ(frame1[i].position[a], expected[i].position[a]);
            EXPECT_EQ(frame1[i].normal[a], expected[i].normal[a]);
        }
        // Frame 0's normal is vertical (the triangle lies flat); frame 1's is horizontal.
        const float* n1 = frame1[i].normal;
        EXPECT_NEAR(std::abs(n0[1]), 1.0f, 0.01f);
        EXPECT_NEAR(n1[1], 0.0f, 0.01f);
        EXPECT_NEAR(std::abs(n1[2]), 1.0f, 0.01f);
    }
    // Bounds over every frame, and the corner of each model vertex.
    EXPECT_GT(mesh.animationBounds.max.y, mesh.bounds.max.y + 5);
    // Every model vertex of every frame, for tracked vertices: frame 1's vertex 1 stood up to
    // engine y -2560 raw = 10 units up in the scene.
    ASSERT_EQ(mesh.modelVertexCount, 3u);
    const std::optional<rgx::Vec3> v1 = scene::modelVertexPosition(mesh, 1, 1);
    ASSERT_TRUE(v1);
    EXPECT_FLOAT_EQ(static_cast<float>(v1->y), 10.0f);
    EXPECT_FLOAT_EQ(static_cast<float>(v1->z), 0.0f);
    EXPECT_FLOAT_EQ(static_cast<float>(scene::modelVertexPosition(mesh, 0, 1)->z), 10.0f);
    EXPECT_FALSE(scene::modelVertexPosition(mesh, 0, 3)); // no such vertex
    // Past the last frame: the last frame, in both lookups.
    EXPECT_EQ(scene::meshFrameVertices(mesh, 7).data(), frame1.data());
    EXPECT_FLOAT_EQ(static_cast<float>(scene::modelVertexPosition(mesh, 7, 1)->y), 10.0f);
    std::filesystem::remove_all(dir);
}

// A 3DC's frame count says nothing about its size (frame records may share their bytes), so the
// frames kept resident are capped (scene/scene_limits.h): by count, and by frames x vertices.
TEST(ModelPose, FramesPastTheBudgetAreDroppedWithAWarning) {
    const auto framesOf = [](std::size_t vertices, std::size_t frames) {
        loaders::ModelSpec spec;
        for (std::size_t v = 0; v < vertices; ++v)
            spec.positions.push_back(
                {static_cast<std::int32_t>(v % 64) * 256, 0, static_cast<std::int32_t>(v / 64) * 256});
        spec.faces = {{.vertices = {0, 1, 64}, .uvs = {}, .solidColor = 5}};
        loaders::Model model = loaders::buildModel(spec);
        std::vector<std::vector<loaders::Vec3i>> positions(frames - 1, spec.positions);
        for (std::size_t f = 0; f + 1 < frames; ++f)
            positions[f][0].y = -static_cast<std::int32_t>(f + 1);
        loaders::setAnimationFrames(model, 2, positions);
        return model;
    };
    {
        std::filesystem::path dir;
        scene::Scene s = modelScene(framesOf(65, scene::kMaxMeshFrames + 10), "frames_budget", dir);
        scene::Mesh& mesh = s.meshes[0];
        const std::string dropped = scene::addModelMeshFrames(mesh);
        EXPECT_EQ(mesh.frameCount, scene::kMaxMeshFrames);
        EXPECT_EQ(mesh.frameVertices.size(), (scene::kMaxMeshFrames - 1) * mesh.vertices.size());
        EXPECT_NE(dropped.find(std::to_string(scene::kMaxMeshFrames + 10) + " frames"), std::string::npos)
            << dropped;
        EXPECT_NE(dropped.find("the first " + std::to_string(scene::kMaxMeshFrames)), std::string::npos)
            << dropped;
        std::filesystem::remove_all(dir);
    }
    {
        // 2,100 model vertices (one face uses three): 2,047 frames would hold 4.3 million.
        std::filesystem::path dir;
        scene::Scene s = modelScene(framesOf(2100, scene::kMaxMeshFrames - 1), "frame_vertices_budget", dir);
        scene::Mesh& mesh = s.meshes[0];
        const std::string dropped = scene::addModelMeshFrames(mesh);
        EXPECT_EQ(mesh.frameCount, scene::kMaxMeshFrameVertices / 2100);
        EXPECT_LE(std::size_t{mesh.frameCount} * mesh.modelVertexCount, scene::kMaxMeshFrameVertices);
        EXPECT_NE(dropped.find("of 2100 vertices"), std::string::npos) << dropped;
        std::filesystem::remove_all(dir);
    }
}
