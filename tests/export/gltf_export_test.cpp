// glTF export (export/gltf_export.h, issue 19): each demo world and a model exported and read
// back by assimp, an importer that is not rgx's writer, with the scene's counts; a model's frame k
// from its morph targets equal to the frame `rgx render --frame k` poses.

#include "export/gltf_export.h"
#include "scene/model_mesh.h"
#include "scene/scene_builder.h"
#include "tests/support/demo_dir.h"
#include "tests/support/gltf_readback.h"

#include <gtest/gtest.h>

#include <set>

namespace rgx::exporter {
namespace {

namespace fs = std::filesystem;

fs::path scratch(const std::string& name) {
    const fs::path dir = fs::temp_directory_path() / "rgx_export_test";
    fs::create_directories(dir);
    return dir / name;
}

// What the scene says the file must hold.
struct Expected {
    std::size_t triangles = 0; // of the meshes the nodes show, each mesh once
    std::size_t lights = 0;    // active MPSL lights
    std::set<int> meshes;      // distinct meshes of non-terrain nodes
};

Expected expectedFrom(const scene::Scene& s) {
    Expected e;
    std::set<int> all;
    for (const scene::SceneNode& n : s.nodes) {
        if (n.light && n.light->active) ++e.lights;
        if (n.mesh < 0) continue;
        if (all.insert(n.mesh).second) {
            for (const scene::Submesh& sub : s.meshes[static_cast<std::size_t>(n.mesh)].submeshes)
                e.triangles += sub.indexCount / 3;
        }
        if (n.kind != scene::NodeKind::Terrain) e.meshes.insert(n.mesh);
    }
    return e;
}

TEST(GltfExport, EveryDemoWorldReadsBackWithTheScenesCounts) {
    const scene::GameFs fs(rgx::testing::smallDemoDir());
    const scene::WorldCatalog catalog = scene::loadWorldCatalog(fs);
    ASSERT_GE(catalog.ids().size(), 3u);
    for (std::int64_t id : catalog.ids()) {
        SCOPED_TRACE("world " + std::to_string(id));
        const scene::Scene s = scene::buildWorldScene(fs, catalog, id);
        const fs::path file = scratch("world" + std::to_string(id) + ".glb");
        ExportOptions options;
        options.worldId = id;
        const ExportStats stats = exportGltf(s, file, options);
        EXPECT_GT(stats.bytes, 0u);

        std::string error;
        const auto imported = rgx::testing::importWithAssimp(file, error);
        ASSERT_TRUE(imported) << error;
        const aiScene& a = *imported->scene;
        const Expected e = expectedFrom(s);
        std::size_t faces = 0;
        for (unsigned m = 0; m < a.mNumMeshes; ++m)
            faces += a.mMeshes[m]->mNumFaces;
        EXPECT_EQ(faces, e.triangles);
        // assimp's glTF importer appends a default material of its own to what the file has.
        EXPECT_EQ(a.mNumMaterials, s.materials.size() + 1);
        EXPECT_EQ(a.mNumLights, e.lights);
        EXPECT_EQ(a.mNumCameras, 1u);
        EXPECT_EQ(a.mNumAnimations, 0u) << "a world's actors' groups are not exported yet";

        // The file's own structure: every scene node, the terrain's chunks, a child per
        // directional light, the camera; every non-terrain mesh written once.
        const nlohmann::json j = rgx::testing::gltfJson(file);
        std::size_t chunks = 0, lightChildren = 0, cameras = 0;
        for (const nlohmann::json& n : j["nodes"]) {
            const std::string name = n.value("name", "");
            if (name.find(" chunk ") != std::string::npos) ++chunks;
            if (n.contains("camera")) ++cameras;
            if (name.size() > 6 && name.ends_with(" light")) ++lightChildren;
        }
        EXPECT_EQ(cameras, 1u);
        EXPECT_EQ(j["materials"].size(), s.materials.size());
        EXPECT_EQ(j["nodes"].size(), s.nodes.size() + chunks + lightChildren + 1);
        EXPECT_EQ(j["meshes"].size(), e.meshes.size() + chunks);
        EXPECT_EQ(rgx::testing::assimpNodeCount(a), j["nodes"].size());
        if (s.terrain) {
            EXPECT_GT(chunks, 1u) << "the terrain comes in chunks";
        }
        EXPECT_EQ(j["scenes"][0]["extras"]["world"], id);
        EXPECT_DOUBLE_EQ(j["scenes"][0]["extras"]["metres_per_unit"].get<double>(), kMetresPerUnit);
        for (const nlohmann::json& sampler : j["samplers"]) {
            EXPECT_EQ(sampler["magFilter"], 9728); // NEAREST
            EXPECT_EQ(sampler["minFilter"], 9728);
        }
    }
}

TEST(GltfExport, AModelsFrameKFromItsMorphTargetsIsTheFrameRenderPoses) {
    const fs::path model = rgx::testing::smallDemoDir() / "fxart" / "FLAG001.3DC";
    const scene::GameFs game(rgx::testing::smallDemoDir());
    scene::Scene s = scene::buildModelScene(model, &game);
    ASSERT_EQ(s.meshes.size(), 1u);
    scene::Mesh& mesh = s.meshes[0];
    ASSERT_TRUE(mesh.animation);
    scene::addModelMeshFrames(mesh);
    ASSERT_GT(mesh.frameCount, 2u);
    const fs::path file = scratch("flag.gltf");
    const ExportStats stats = exportGltf(s, file, {});
    EXPECT_EQ(stats.morphTargets, mesh.frameCount - 1);

    std::string error;
    const auto imported = rgx::testing::importWithAssimp(file, error);
    ASSERT_TRUE(imported) << error;
    const aiScene& a = *imported->scene;
    ASSERT_EQ(a.mNumMeshes, 1u);
    const aiMesh& m = *a.mMeshes[0];
    ASSERT_EQ(m.mNumAnimMeshes, mesh.frameCount - 1);
    EXPECT_EQ(a.mNumAnimations, 1u) << "the frames, one a tick";
    ASSERT_EQ(m.mNumFaces * 3, mesh.submeshes[0].indexCount);

    for (std::uint32_t k = 0; k < mesh.frameCount; ++k) {
        SCOPED_TRACE("frame " + std::to_string(k));
        scene::Mesh posed = mesh; // what `rgx render --model FLAG001.3DC --frame k` draws
        scene::poseModelMesh(posed, k);
        const aiVector3D* positions = k == 0 ? m.mVertices : m.mAnimMeshes[k - 1]->mVertices;
        double worst = 0;
        for (unsigned f = 0; f < m.mNumFaces; ++f) {
            ASSERT_EQ(m.mFaces[f].mNumIndices, 3u);
            for (unsigned c = 0; c < 3; ++c) {
                const aiVector3D& p = positions[m.mFaces[f].mIndices[c]];
                const scene::MeshVertex& v =
                    posed.vertices[posed.indices[posed.submeshes[0].firstIndex + f * 3 + c]];
                worst = std::max({worst, std::abs(p.x - v.position[0] * kMetresPerUnit),
                                  std::abs(p.y - v.position[1] * kMetresPerUnit),
                                  std::abs(p.z - v.position[2] * kMetresPerUnit)});
            }
        }
        EXPECT_LE(worst, 1e-4);
    }
}

TEST(GltfExport, RefusesAnOutputThatIsNeitherGlbNorGltf) {
    const scene::Scene s;
    EXPECT_THROW(exportGltf(s, scratch("world.obj"), {}), Error);
}

} // namespace
} // namespace rgx::exporter
