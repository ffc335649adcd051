// glTF export (export/gltf_export.h, issue 19): each demo world and a model exported and read
// back by assimp, an importer that is not rgx's writer, with the scene's counts; a model's frame k
// from its morph targets equal to the frame `rgx render --frame k` poses; an actor's group as the
// frames `rgx anim-trace` prints.

#include "export/gltf_actors.h"
#include "export/gltf_export.h"
#include "renderer/look/scene_views.h"
#include "renderer/look/world_lighting.h"
#include "scene/model_mesh.h"
#include "scene/scene_builder.h"
#include "sim/anim_player.h"
#include "tests/support/demo_dir.h"
#include "tests/support/gltf_readback.h"

#include <gtest/gtest.h>
#include <tiny_gltf.h>

#include <cstring>
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
    for (const scene::SceneActor& a : s.actors)
        if (a.animation >= 0)
            e.groups += s.animations[static_cast<std::size_t>(a.animation)].groups.groups.size();
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
        const sim::Camera view =
            renderer::defaultSceneCamera(s, renderer::lookFarPlane(renderer::worldLighting(s), {}), 0);
        bool cameraFound = false;
        for (const nlohmann::json& n : j["nodes"])
            if (n.contains("camera"))
                cameraFound = n.value("name", "") == "camera (" + sim::formatCamera(view) + ")";
        EXPECT_TRUE(cameraFound) << sim::formatCamera(view);
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

// The floats an accessor holds (dense, as the exporter writes animation data).
std::vector<float> floatsOf(const tinygltf::Model& model, int accessor) {
    const tinygltf::Accessor& a = model.accessors[static_cast<std::size_t>(accessor)];
    const tinygltf::BufferView& v = model.bufferViews[static_cast<std::size_t>(a.bufferView)];
    const std::size_t n = a.count * static_cast<std::size_t>(tinygltf::GetNumComponentsInType(a.type));
    std::vector<float> out(n);
    std::memcpy(out.data(),
                model.buffers[static_cast<std::size_t>(v.buffer)].data.data() + v.byteOffset + a.byteOffset,
                n * sizeof(float));
    return out;
}

TEST(GltfExport, AnActorsGroupStepsThroughTheFramesAnimTracePrints) {
    const scene::Scene s = scene::buildWorldScene(scene::GameFs(rgx::testing::smallDemoDir()), 0);
    ASSERT_FALSE(s.actors.empty());
    const scene::SceneActor& actor = s.actors[0];
    const scene::ActorAnimation& anim = s.animations[static_cast<std::size_t>(actor.animation)];
    ASSERT_FALSE(anim.groups.groups.empty());
    const int group = anim.groups.groups.back().groupIndex;
    const fs::path file = scratch("groups.glb");
    ExportOptions options;
    options.groups = std::vector<int>{group};
    exportGltf(s, file, options);

    tinygltf::Model model;
    tinygltf::TinyGLTF loader;
    std::string err, warn;
    ASSERT_TRUE(loader.LoadBinaryFromFile(&model, &err, &warn, file.string())) << err;
    const std::string nodeName = s.nodes[static_cast<std::size_t>(actor.node)].name;
    const std::string name = anim.script + " group " + std::to_string(group) + " (" + nodeName + ")";
    const tinygltf::Animation* a = nullptr;
    for (const tinygltf::Animation& candidate : model.animations) {
        EXPECT_NE(candidate.name.find(" group " + std::to_string(group) + " "), std::string::npos)
            << "--groups " << group << " wrote " << candidate.name;
        if (candidate.name == name) a = &candidate;
    }
    ASSERT_NE(a, nullptr) << name;

    // The glTF's answer per key: which mesh child is at scale 1, and its one weight at 1.
    std::vector<float> times;
    std::map<int, std::vector<float>> scales, weights; // per glTF node
    for (const tinygltf::AnimationChannel& c : a->channels) {
        const tinygltf::AnimationSampler& sampler = a->samplers[static_cast<std::size_t>(c.sampler)];
        EXPECT_EQ(sampler.interpolation, "STEP");
        times = floatsOf(model, sampler.input);
        if (c.target_path == "scale") scales[c.target_node] = floatsOf(model, sampler.output);
        if (c.target_path == "weights") weights[c.target_node] = floatsOf(model, sampler.output);
    }
    ASSERT_FALSE(times.empty());

    // What anim-trace prints for the same actor and group (sim::AnimPlayer, the group ending).
    sim::AnimClip clip;
    clip.actor = anim.script;
    for (const scene::ActorFile& f : anim.files) {
        clip.entryFrames.push_back(f.frameCount);
        clip.entryPaths.push_back(f.path);
    }
    clip.groups = &anim.groups;
    sim::AnimPlayer player(clip, group, {false, sim::OnEnd::Stop});
    std::size_t ticks = 0;
    bool ended = false;
    for (std::size_t t = 0; t < times.size(); ++t) {
        ++ticks;
        const sim::TickRecord rec = player.step();
        ASSERT_GE(rec.ref.entry, 0) << "tick " << t;
        const scene::ActorFile& file = anim.files[static_cast<std::size_t>(rec.ref.entry)];
        const std::string expectedMesh = s.meshes[static_cast<std::size_t>(file.mesh)].name;
        // The child at scale 1 is the shown file's mesh; its weights show the local frame.
        int shownNode = -1;
        for (const auto& [node, values] : scales)
            if (values[t * 3] == 1.0f) {
                EXPECT_EQ(shownNode, -1) << "two meshes shown at tick " << t;
                shownNode = node;
            }
        ASSERT_GE(shownNode, 0) << "tick " << t;
        const std::string& childName = model.nodes[static_cast<std::size_t>(shownNode)].name;
        EXPECT_TRUE(childName.ends_with(" mesh " + expectedMesh)) << "tick " << t << ": " << childName;
        const std::vector<float>& w = weights[shownNode];
        const std::size_t targets =
            model.meshes[static_cast<std::size_t>(model.nodes[static_cast<std::size_t>(shownNode)].mesh)]
                .weights.size();
        ASSERT_EQ(w.size(), times.size() * targets);
        int frame = 0;
        for (std::size_t k = 0; k < targets; ++k)
            if (w[t * targets + k] == 1.0f) frame = static_cast<int>(k) + 1;
        EXPECT_EQ(frame, rec.ref.localFrame) << "tick " << t;
        if (rec.ended) {
            ended = true;
            break;
        }
    }
    // The animation ends on the tick the group does, or at the cap for a group that loops on.
    EXPECT_EQ(ticks, times.size());
    if (!ended) {
        EXPECT_EQ(times.size(), static_cast<std::size_t>(kMaxGroupTicks));
    }
    EXPECT_NEAR(times[1] - times[0], 1.0 / 12.0, 1e-6) << "a key per game tick";
}

TEST(GltfExport, RefusesAnOutputThatIsNeitherGlbNorGltf) {
    const scene::Scene s;
    EXPECT_THROW(exportGltf(s, scratch("world.obj"), {}), Error);
}

} // namespace
} // namespace rgx::exporter
