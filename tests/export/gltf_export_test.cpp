// glTF export (export/gltf_export.h, issue 19): each demo world and a model exported and read
// back by assimp, an importer that is not rgx's writer, with the scene's counts; a model's frame k
// from its morph targets equal to the frame `rgx render --frame k` poses; absolute units. The
// actors' groups are tests/export/gltf_animation_test.cpp's, the world state
// gltf_world_state_test.cpp's.

#include "export/gltf_actors.h"
#include "export/gltf_export.h"
#include "loaders/redguard/ragr.h"
#include "loaders/redguard/rgm.h"
#include "loaders/text.h"
#include "renderer/lighting/world_lighting.h"
#include "renderer/views/scene_views.h"
#include "scene/model_mesh.h"
#include "scene/redguard/scene_builder.h"
#include "sim/anim_player.h"
#include "sim/scene_animation.h"
#include "tests/export/gltf_test_util.h"
#include "tests/support/demo_dir.h"
#include "tests/support/gltf_readback.h"

#include <gtest/gtest.h>
#include <tiny_gltf.h>

#include <cstring>
#include <map>
#include <set>
#include <span>

namespace rgx::exporter {
namespace {

using namespace testing;

// What the scene says the file must hold.
struct Expected {
    std::size_t triangles = 0;    // of the meshes the nodes can show, each mesh once
    std::size_t lights = 0;       // active MPSL lights
    std::size_t meshChildren = 0; // a node per mesh of the nodes that can show several
    std::size_t groups = 0;       // the actors' RAGR groups
    std::set<int> meshes;         // distinct meshes of non-terrain nodes
};

Expected expectedFrom(const scene::Scene& s) {
    Expected e;
    std::set<int> all;
    for (const scene::SceneNode& n : s.nodes) {
        if (n.light && n.light->active) ++e.lights;
        const std::vector<int> shows = scene::nodeMeshes(s, n);
        if (shows.size() > 1) e.meshChildren += shows.size();
        for (int m : shows) {
            if (all.insert(m).second)
                for (const scene::Submesh& sub : s.meshes[static_cast<std::size_t>(m)].submeshes)
                    e.triangles += sub.indexCount / 3;
            if (n.kind != scene::NodeKind::Terrain) e.meshes.insert(m);
        }
    }
    for (const scene::SceneActor& a : s.redguard.actors)
        if (a.animation >= 0)
            e.groups += s.redguard.animations[static_cast<std::size_t>(a.animation)].groups.groups.size();
    return e;
}

TEST(GltfExport, EveryDemoWorldReadsBackWithTheScenesCounts) {
    const scene::GameFs fs(rgx::testing::smallDemoDir());
    const scene::WorldCatalog catalog = scene::loadWorldCatalog(fs);
    ASSERT_GE(catalog.ids().size(), 3u);
    bool sawActors = false;
    for (std::int64_t id : catalog.ids()) {
        SCOPED_TRACE("world " + std::to_string(id));
        const scene::Scene s = scene::buildWorldScene(fs, catalog, id);
        const fs::path file = scratch("world" + std::to_string(id) + ".glb");
        ExportOptions options;
        options.worldId = id;
        const ExportStats stats = exportGltf(renderer::prepareWorld(s), nullptr, file, options);
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
        EXPECT_EQ(a.mNumAnimations, e.groups) << "one animation per RAGR group of each actor";
        sawActors = sawActors || e.groups > 0;

        // The file's own structure: every scene node, the terrain's chunks, a child per
        // directional light and per mesh of a node that can show several, the camera; every
        // non-terrain mesh written once.
        const nlohmann::json j = rgx::testing::gltfJson(file);
        std::size_t chunks = 0, lightChildren = 0, cameras = 0;
        for (const nlohmann::json& n : j["nodes"]) {
            const std::string name = n.value("name", "");
            if (name.find(" chunk ") != std::string::npos) ++chunks;
            if (n.contains("camera")) ++cameras;
            if (name.size() > 6 && name.ends_with(" light")) ++lightChildren;
        }
        EXPECT_EQ(cameras, 1u);
        // The camera is `rgx render`'s default view of the world.
        const view::Camera view =
            renderer::defaultSceneCamera(s, renderer::lookFarPlane(renderer::worldLighting(s), {}), 0);
        bool cameraFound = false;
        for (const nlohmann::json& n : j["nodes"])
            if (n.contains("camera"))
                cameraFound = n.value("name", "") == "camera (" + view::formatCamera(view) + ")";
        EXPECT_TRUE(cameraFound) << view::formatCamera(view);
        EXPECT_EQ(j["materials"].size(), s.materials.size());
        EXPECT_EQ(j["nodes"].size(), s.nodes.size() + chunks + lightChildren + e.meshChildren + 1);
        EXPECT_EQ(j["meshes"].size(), e.meshes.size() + chunks);
        EXPECT_EQ(rgx::testing::assimpNodeCount(a), j["nodes"].size());
        if (s.terrain) {
            EXPECT_GT(chunks, 1u) << "the terrain comes in chunks";
        }
        EXPECT_EQ(j["scenes"][0]["extras"]["world"], id);
        // Every scene node's record in its extras, in the scene's order (the nodes rgx adds, chunks,
        // mesh and light children and the camera, have none).
        std::size_t next = 0;
        for (const nlohmann::json& n : j["nodes"]) {
            if (!n.contains("extras") || !n["extras"].contains("record_name")) continue;
            ASSERT_LT(next, s.nodes.size());
            EXPECT_EQ(n["extras"]["record_name"], s.nodes[next].name);
            EXPECT_EQ(n["extras"]["kind"], scene::nodeKindName(s.nodes[next].kind));
            ++next;
        }
        EXPECT_EQ(next, s.nodes.size());
        EXPECT_DOUBLE_EQ(j["scenes"][0]["extras"]["metres_per_unit"].get<double>(), kMetresPerUnit);
        for (const nlohmann::json& sampler : j["samplers"]) {
            EXPECT_EQ(sampler["magFilter"], 9728); // NEAREST
            EXPECT_EQ(sampler["minFilter"], 9728);
        }
    }
    EXPECT_TRUE(sawActors) << "some demo world must have actors for the animation counts to mean anything";
}

TEST(GltfExport, AModelsFrameKFromItsMorphTargetsIsTheFrameRenderPoses) {
    const fs::path model = rgx::testing::smallDemoDir() / "fxart" / "FLAG001.3DC";
    const scene::GameFs game(rgx::testing::smallDemoDir());
    scene::Scene s = scene::buildModelScene(model, &game);
    ASSERT_EQ(s.meshes.size(), 1u);
    scene::Mesh& mesh = s.meshes[0];
    ASSERT_TRUE(mesh.animation);
    EXPECT_EQ(scene::addModelMeshFrames(mesh), "") << "every frame kept";
    ASSERT_GT(mesh.frameCount, 2u);
    const fs::path file = scratch("flag.gltf");
    const ExportStats stats = exportGltf(renderer::prepareWorld(s), nullptr, file, {});
    EXPECT_EQ(stats.morphTargets, mesh.frameCount - 1);

    std::string error;
    const auto imported = rgx::testing::importWithAssimp(file, error);
    ASSERT_TRUE(imported) << error;
    const aiScene& a = *imported->scene;
    ASSERT_EQ(a.mNumMeshes, 1u);
    const aiMesh& m = *a.mMeshes[0];
    ASSERT_EQ(m.mNumAnimMeshes, mesh.frameCount - 1);
    EXPECT_EQ(a.mNumAnimations, 1u) << "the frames, one a tick";
    EXPECT_EQ(rgx::testing::assimpNodeCount(a), s.nodes.size() + 1) << "the model's nodes and the camera";
    EXPECT_EQ(a.mNumMaterials, s.materials.size() + 1); // assimp's default material added
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

// One static, S000_CORNER, placed at `world`: a triangle whose corners lie 100 units out along
// x, y and z.
scene::Scene cornerScene(const std::string& title, const rgx::Mat4& world) {
    scene::Scene s;
    s.title = title;
    s.materials.push_back(scene::Material{});
    scene::Mesh mesh;
    mesh.name = "corner";
    for (const auto& p : {std::array<float, 3>{100, 0, 0}, {0, 100, 0}, {0, 0, 100}}) {
        scene::MeshVertex v{};
        std::copy(p.begin(), p.end(), v.position);
        v.normal[1] = 1;
        mesh.vertices.push_back(v);
        mesh.bounds.add(rgx::Vec3{p[0], p[1], p[2]});
    }
    mesh.indices = {0, 1, 2};
    mesh.submeshes.push_back({0, 0, 3});
    s.meshes.push_back(mesh);
    scene::SceneNode node;
    node.name = "S000_CORNER";
    node.kind = scene::NodeKind::Static;
    node.mesh = 0;
    node.world = world;
    s.nodes.push_back(node);
    return s;
}

// Units, absolutely (issue 30's planted bug: kMetresPerUnit 0.01 -> 0.1 passed, every other test
// multiplying by the constant itself): a node 100 engine units east, 200 up and 300 north, and a
// vertex 100 units out along each axis, read back as exactly 1, 2 and -3 metres and 1 metre.
TEST(GltfExport, AHundredEngineUnitsAreOneMetre) {
    const scene::Scene s = cornerScene("units", rgx::Mat4::translation({100, 200, -300}));
    const fs::path file = scratch("units.glb");
    exportGltf(renderer::prepareWorld(s), nullptr, file, {});

    const tinygltf::Model model = loadGlb(file);
    ASSERT_FALSE(HasFailure()) << "the file reads back";
    const tinygltf::Node* placed = nullptr;
    for (const tinygltf::Node& n : model.nodes)
        if (n.mesh >= 0) placed = &n;
    ASSERT_NE(placed, nullptr);
    // The node's place: a translation, or the last column of its matrix.
    std::array<double, 3> at{};
    if (!placed->translation.empty())
        at = {placed->translation[0], placed->translation[1], placed->translation[2]};
    else if (placed->matrix.size() == 16)
        at = {placed->matrix[12], placed->matrix[13], placed->matrix[14]};
    EXPECT_DOUBLE_EQ(at[0], 1.0);
    EXPECT_DOUBLE_EQ(at[1], 2.0);
    EXPECT_DOUBLE_EQ(at[2], -3.0);
    const tinygltf::Primitive& primitive =
        model.meshes[static_cast<std::size_t>(placed->mesh)].primitives.at(0);
    const std::vector<float> positions = floatsOf(model, primitive.attributes.at("POSITION"));
    ASSERT_EQ(positions.size(), 9u);
    std::set<std::array<float, 3>> corners;
    for (std::size_t v = 0; v < 3; ++v)
        corners.insert({positions[v * 3], positions[v * 3 + 1], positions[v * 3 + 2]});
    const std::set<std::array<float, 3>> metres = {{1, 0, 0}, {0, 1, 0}, {0, 0, 1}};
    EXPECT_EQ(corners, metres) << "100 units along x, y and z: 1 m each";
}

// A rotation that is not its own inverse (a quarter turn about y, then one about x): x goes to -z,
// y to x, z to -y. Its inverse sends x to y instead, so a rotation written inverted moves them.
rgx::Mat3 quarterTurns() {
    return rgx::Mat3{{{0, 1, 0}, {0, 0, -1}, {-1, 0, 0}}};
}

// A unit quaternion (x, y, z, w) applied to v.
std::array<double, 3> rotateBy(const std::vector<double>& q, const std::array<double, 3>& v) {
    const std::array<double, 3> u{q[0], q[1], q[2]};
    const auto cross = [](const std::array<double, 3>& a, const std::array<double, 3>& b) {
        return std::array<double, 3>{a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2],
                                     a[0] * b[1] - a[1] * b[0]};
    };
    const std::array<double, 3> t = cross(u, v), tt = cross(u, t);
    return {v[0] + 2 * (q[3] * t[0] + tt[0]), v[1] + 2 * (q[3] * t[1] + tt[1]),
            v[2] + 2 * (q[3] * t[2] + tt[2])};
}

// Rotations, absolutely: a static placed with quarterTurns() reads back (its node's matrix or
// TRS applied to its vertices) where the scene puts it; decompose, which held items' TRS and
// keys use, gives the quaternion of the same turn. Every rotation the demo exports is the
// identity, so a rotation written inverted passed every other test.
TEST(GltfExport, ARotatedNodeReadsBackTurnedTheScenesWay) {
    const rgx::Mat4 world = rgx::Mat4::fromRotation(quarterTurns(), {100, 200, -300});
    const Trs trs = decompose(world);
    ASSERT_EQ(trs.rotation.size(), 4u);
    const std::array<std::array<double, 3>, 3> axes{{{1, 0, 0}, {0, 1, 0}, {0, 0, 1}}};
    const std::array<std::array<double, 3>, 3> turned{{{0, 0, -1}, {1, 0, 0}, {0, -1, 0}}};
    for (std::size_t a = 0; a < 3; ++a) {
        const std::array<double, 3> r = rotateBy(trs.rotation, axes[a]);
        for (std::size_t c = 0; c < 3; ++c)
            EXPECT_NEAR(r[c], turned[a][c], 1e-12) << "decompose: axis " << a << " component " << c;
    }

    const scene::Scene s = cornerScene("turned", world);
    const fs::path file = scratch("turned.glb");
    exportGltf(renderer::prepareWorld(s), nullptr, file, {});
    const tinygltf::Model model = loadGlb(file);
    ASSERT_FALSE(HasFailure()) << "the file reads back";
    const tinygltf::Node* placed = nullptr;
    for (const tinygltf::Node& n : model.nodes)
        if (n.mesh >= 0) placed = &n;
    ASSERT_NE(placed, nullptr);
    const auto place = [&](const std::array<double, 3>& p) {
        if (placed->matrix.size() == 16) {
            const std::vector<double>& m = placed->matrix; // column-major
            return std::array<double, 3>{m[0] * p[0] + m[4] * p[1] + m[8] * p[2] + m[12],
                                         m[1] * p[0] + m[5] * p[1] + m[9] * p[2] + m[13],
                                         m[2] * p[0] + m[6] * p[1] + m[10] * p[2] + m[14]};
        }
        std::array<double, 3> r = placed->rotation.size() == 4 ? rotateBy(placed->rotation, p) : p;
        if (placed->translation.size() == 3)
            for (std::size_t c = 0; c < 3; ++c)
                r[c] += placed->translation[c];
        return r;
    };
    const tinygltf::Primitive& primitive =
        model.meshes[static_cast<std::size_t>(placed->mesh)].primitives.at(0);
    const std::vector<float> positions = floatsOf(model, primitive.attributes.at("POSITION"));
    ASSERT_EQ(positions.size(), 9u);
    std::set<std::array<long, 3>> corners;
    for (std::size_t v = 0; v < 3; ++v) {
        const auto at = place({positions[v * 3], positions[v * 3 + 1], positions[v * 3 + 2]});
        corners.insert({std::lround(at[0] * 1000), std::lround(at[1] * 1000), std::lround(at[2] * 1000)});
    }
    // (1, 2, -3) m plus each axis turned, in millimetres.
    const std::set<std::array<long, 3>> want = {
        {1000, 2000, -4000}, {2000, 2000, -3000}, {1000, 1000, -3000}};
    EXPECT_EQ(corners, want);
}

TEST(GltfExport, RefusesAnOutputThatIsNeitherGlbNorGltf) {
    const scene::Scene s;
    EXPECT_THROW(exportGltf(renderer::prepareWorld(s), nullptr, scratch("world.obj"), {}), Error);
}

} // namespace
} // namespace rgx::exporter
