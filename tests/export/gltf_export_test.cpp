// glTF export (export/gltf_export.h, issue 19): each demo world and a model exported and read
// back by assimp, an importer that is not rgx's writer, with the scene's counts; a model's frame k
// from its morph targets equal to the frame `rgx render --frame k` poses; an actor's group as the
// frames `rgx anim-trace` prints; a held item's keys placing it where the renderers draw it; a
// group's keys the same whichever groups are exported before it.

#include "export/gltf_actors.h"
#include "export/gltf_export.h"
#include "loaders/ragr.h"
#include "loaders/rgm.h"
#include "loaders/text.h"
#include "renderer/lighting/world_lighting.h"
#include "renderer/views/scene_views.h"
#include "scene/model_mesh.h"
#include "scene/scene_builder.h"
#include "sim/anim_player.h"
#include "sim/scene_animation.h"
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

// The floats an accessor holds: its view's (zeros without one), then a sparse accessor's values
// over them.
std::vector<float> floatsOf(const tinygltf::Model& model, int accessor) {
    const tinygltf::Accessor& a = model.accessors[static_cast<std::size_t>(accessor)];
    const auto width =
        static_cast<std::size_t>(tinygltf::GetNumComponentsInType(static_cast<std::uint32_t>(a.type)));
    const std::size_t n = a.count * width;
    const auto bytesOf = [&](int view, std::size_t offset) {
        const tinygltf::BufferView& v = model.bufferViews[static_cast<std::size_t>(view)];
        return model.buffers[static_cast<std::size_t>(v.buffer)].data.data() + v.byteOffset + offset;
    };
    std::vector<float> out(n, 0.0f);
    if (a.bufferView >= 0) std::memcpy(out.data(), bytesOf(a.bufferView, a.byteOffset), n * sizeof(float));
    if (a.sparse.isSparse) {
        EXPECT_EQ(a.sparse.indices.componentType, TINYGLTF_COMPONENT_TYPE_UNSIGNED_INT);
        const auto count = static_cast<std::size_t>(a.sparse.count);
        std::vector<std::uint32_t> at(count);
        std::memcpy(
            at.data(),
            bytesOf(a.sparse.indices.bufferView, static_cast<std::size_t>(a.sparse.indices.byteOffset)),
            count * sizeof(std::uint32_t));
        std::vector<float> values(count * width);
        std::memcpy(values.data(),
                    bytesOf(a.sparse.values.bufferView, static_cast<std::size_t>(a.sparse.values.byteOffset)),
                    values.size() * sizeof(float));
        for (std::size_t k = 0; k < count; ++k) {
            EXPECT_LT(at[k], a.count);
            if (at[k] >= a.count) break;
            std::copy_n(values.begin() + static_cast<std::ptrdiff_t>(k * width), width,
                        out.begin() + static_cast<std::ptrdiff_t>(at[k] * width));
        }
    }
    return out;
}

// A .glb read back by tinygltf (a failed read fails the test).
tinygltf::Model loadGlb(const fs::path& file) {
    tinygltf::Model model;
    tinygltf::TinyGLTF loader;
    std::string err, warn;
    EXPECT_TRUE(loader.LoadBinaryFromFile(&model, &err, &warn, file.string())) << err;
    return model;
}

// Units, absolutely (issue 30's planted bug: kMetresPerUnit 0.01 -> 0.1 passed, every other test
// multiplying by the constant itself): a node 100 engine units east, 200 up and 300 north, and a
// vertex 100 units out along each axis, read back as exactly 1, 2 and -3 metres and 1 metre.
TEST(GltfExport, AHundredEngineUnitsAreOneMetre) {
    scene::Scene s;
    s.title = "units";
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
    node.world = rgx::Mat4::translation({100, 200, -300});
    s.nodes.push_back(node);
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
    exportGltf(renderer::prepareWorld(s), nullptr, file, options);

    const tinygltf::Model model = loadGlb(file);
    ASSERT_FALSE(HasFailure()) << "the file reads back";
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

// glTF's T * R * S, any part left empty being the identity's.
rgx::Mat4 trsMatrix(const std::vector<double>& t, const std::vector<double>& q,
                    const std::vector<double>& s) {
    rgx::Mat4 m;
    const double x = q.size() == 4 ? q[0] : 0, y = q.size() == 4 ? q[1] : 0, z = q.size() == 4 ? q[2] : 0,
                 w = q.size() == 4 ? q[3] : 1;
    const double r[3][3] = {{1 - 2 * (y * y + z * z), 2 * (x * y - z * w), 2 * (x * z + y * w)},
                            {2 * (x * y + z * w), 1 - 2 * (x * x + z * z), 2 * (y * z - x * w)},
                            {2 * (x * z - y * w), 2 * (y * z + x * w), 1 - 2 * (x * x + y * y)}};
    for (int row = 0; row < 3; ++row) {
        for (int c = 0; c < 3; ++c)
            m.m[row][c] = r[row][c] * (s.size() == 3 ? s[static_cast<std::size_t>(c)] : 1.0);
        m.m[row][3] = t.size() == 3 ? t[static_cast<std::size_t>(row)] : 0.0;
    }
    return m;
}

// A glTF node's own transform (its matrix, or T * R * S), translation in metres.
rgx::Mat4 gltfLocal(const tinygltf::Node& n) {
    rgx::Mat4 m;
    if (n.matrix.size() == 16) {
        for (int r = 0; r < 4; ++r)
            for (int c = 0; c < 4; ++c)
                m.m[r][c] = n.matrix[static_cast<std::size_t>(c * 4 + r)];
        return m;
    }
    return trsMatrix(n.translation, n.rotation, n.scale);
}

// The world transform of glTF node `node`'s parent chain (the node's own transform left out).
rgx::Mat4 gltfParentWorld(const tinygltf::Model& model, int node) {
    std::vector<int> parentOf(model.nodes.size(), -1);
    for (std::size_t i = 0; i < model.nodes.size(); ++i)
        for (int c : model.nodes[i].children)
            parentOf[static_cast<std::size_t>(c)] = static_cast<int>(i);
    rgx::Mat4 world;
    for (int p = parentOf[static_cast<std::size_t>(node)]; p >= 0; p = parentOf[static_cast<std::size_t>(p)])
        world = gltfLocal(model.nodes[static_cast<std::size_t>(p)]) * world;
    return world;
}

// The glTF node written for scene node `sceneNode`: nodes carry their record's kind in their extras,
// one per scene node in scene order (mesh children and terrain chunks carry none).
int gltfNodeOf(const tinygltf::Model& model, std::size_t sceneNode) {
    std::size_t seen = 0;
    for (std::size_t i = 0; i < model.nodes.size(); ++i)
        if (model.nodes[i].extras.Has("kind") && seen++ == sceneNode) return static_cast<int>(i);
    return -1;
}

// The world state (issue 30): a node hidden through it is written without its mesh, a light that is
// off is left out, and a transform override places its node; the rest is as at rest.
TEST(GltfExport, DrawsFromTheWorldState) {
    const scene::Scene s = scene::buildWorldScene(scene::GameFs(rgx::testing::smallDemoDir()), 0);
    const renderer::PreparedWorld world = renderer::prepareWorld(s);
    std::size_t hide = s.nodes.size(), light = s.nodes.size(), move = s.nodes.size(), flat = s.nodes.size();
    std::size_t lift = s.nodes.size();
    for (std::size_t i = 0; i < s.nodes.size(); ++i) {
        const scene::SceneNode& n = s.nodes[i];
        const bool plainMesh =
            n.mesh >= 0 && n.parent < 0 && n.kind == scene::NodeKind::Object && n.actor < 0;
        if (plainMesh && hide == s.nodes.size())
            hide = i;
        else if (plainMesh && move == s.nodes.size())
            move = i;
        else if (plainMesh && lift == s.nodes.size())
            lift = i;
        if (n.kind == scene::NodeKind::Flat && n.mesh >= 0 && flat == s.nodes.size()) flat = i;
        if (n.light && n.light->active && light == s.nodes.size()) light = i;
    }
    ASSERT_LT(hide, s.nodes.size());
    ASSERT_LT(move, s.nodes.size());
    ASSERT_LT(light, s.nodes.size()) << "the demo island has MPSL lights";
    sim::WorldState state = sim::restState(s);
    state.nodes[hide].hidden = true;
    state.lights[light].on = false;
    state.nodes[move].world = rgx::Mat4::translation({100, 200, 300});
    ASSERT_LT(lift, s.nodes.size());
    state.nodes[lift].local = rgx::Mat4::translation({0, 50, 0}); // a pose: drawn 50 units up
    state.nodes[lift].animated = true;
    ASSERT_LT(flat, s.nodes.size()) << "the demo island has flats";
    // Another texture than the flat's own, one that was written as an image.
    int own = -1;
    for (const scene::Submesh& sub : s.meshes[static_cast<std::size_t>(s.nodes[flat].mesh)].submeshes)
        own = s.materials[sub.material].texture;
    int other = -1;
    for (std::size_t k = 0; k < s.textures.size() && other < 0; ++k)
        if (static_cast<int>(k) != own && s.textures[k].image) other = static_cast<int>(k);
    ASSERT_GE(other, 0);
    state.flats[flat].texture = other;

    const fs::path restFile = scratch("state_rest.glb"), stateFile = scratch("state.glb");
    const ExportStats rest = exportGltf(world, nullptr, restFile, {});
    const ExportStats drawn = exportGltf(world, &state, stateFile, {});
    EXPECT_EQ(drawn.lights + 1, rest.lights);
    const tinygltf::Model before = loadGlb(restFile), after = loadGlb(stateFile);
    const int hiddenBefore = gltfNodeOf(before, hide), hiddenAfter = gltfNodeOf(after, hide);
    ASSERT_GE(hiddenBefore, 0);
    ASSERT_GE(hiddenAfter, 0);
    EXPECT_GE(before.nodes[static_cast<std::size_t>(hiddenBefore)].mesh, 0);
    EXPECT_EQ(after.nodes[static_cast<std::size_t>(hiddenAfter)].mesh, -1) << "the hidden node kept its mesh";
    EXPECT_TRUE(after.nodes[static_cast<std::size_t>(hiddenAfter)].extras.Get("hidden").Get<bool>());
    EXPECT_FALSE(before.nodes[static_cast<std::size_t>(hiddenBefore)].extras.Has("hidden"));
    // The moved node stands at the override (metres: kMetresPerUnit a unit).
    const tinygltf::Node& moved = after.nodes[static_cast<std::size_t>(gltfNodeOf(after, move))];
    ASSERT_EQ(moved.matrix.size(), 16u);
    EXPECT_DOUBLE_EQ(moved.matrix[12], 100 * kMetresPerUnit);
    EXPECT_DOUBLE_EQ(moved.matrix[13], 200 * kMetresPerUnit);
    EXPECT_DOUBLE_EQ(moved.matrix[14], 300 * kMetresPerUnit);
    // The posed node: world x local, 50 units along its own up (a static has no parent).
    const tinygltf::Node& lifted = after.nodes[static_cast<std::size_t>(gltfNodeOf(after, lift))];
    ASSERT_EQ(lifted.matrix.size(), 16u);
    const rgx::Vec3 at = s.nodes[lift].world.transformPoint({0, 50, 0});
    EXPECT_NEAR(lifted.matrix[12], at.x * kMetresPerUnit, 1e-9);
    EXPECT_NEAR(lifted.matrix[13], at.y * kMetresPerUnit, 1e-9);
    EXPECT_NEAR(lifted.matrix[14], at.z * kMetresPerUnit, 1e-9);
    // The flat shows the other texture: its mesh's material samples that texture's image.
    const tinygltf::Node& flatNode = after.nodes[static_cast<std::size_t>(gltfNodeOf(after, flat))];
    ASSERT_GE(flatNode.mesh, 0);
    const tinygltf::Mesh& flatMesh = after.meshes[static_cast<std::size_t>(flatNode.mesh)];
    ASSERT_FALSE(flatMesh.primitives.empty());
    const tinygltf::Material& mat =
        after.materials[static_cast<std::size_t>(flatMesh.primitives[0].material)];
    ASSERT_GE(mat.pbrMetallicRoughness.baseColorTexture.index, 0);
    const tinygltf::Texture& tex =
        after.textures[static_cast<std::size_t>(mat.pbrMetallicRoughness.baseColorTexture.index)];
    const std::string& image = after.images[static_cast<std::size_t>(tex.source)].name;
    const scene::SceneTexture& want = s.textures[static_cast<std::size_t>(other)];
    EXPECT_EQ(image.rfind(want.name.empty() ? "texture " : loaders::toUtf8(want.name), 0), 0u) << image;
    // An actor shows the 3DC frame its state names: frame 2 is morph target 1 at weight 1.
    std::size_t actorNode = s.nodes.size();
    for (std::size_t i = 0; i < s.nodes.size() && actorNode == s.nodes.size(); ++i)
        if (s.nodes[i].actor >= 0 && s.nodes[i].mesh >= 0 &&
            s.meshes[static_cast<std::size_t>(s.nodes[i].mesh)].frameCount > 2)
            actorNode = i;
    ASSERT_LT(actorNode, s.nodes.size()) << "the demo island has an animated actor";
    sim::WorldState posed = sim::restState(s);
    posed.nodes[actorNode].frame = 2;
    posed.nodes[actorNode].animated = true;
    const fs::path posedFile = scratch("state_frame.glb");
    exportGltf(world, &posed, posedFile, {});
    const tinygltf::Model withFrame = loadGlb(posedFile);
    const int a = gltfNodeOf(withFrame, actorNode);
    ASSERT_GE(a, 0);
    std::vector<int> holders{a};
    for (int c : withFrame.nodes[static_cast<std::size_t>(a)].children)
        holders.push_back(c);
    std::size_t weighted = 0;
    for (int h : holders) {
        const std::vector<double>& w = withFrame.nodes[static_cast<std::size_t>(h)].weights;
        if (w.empty()) continue;
        ++weighted;
        ASSERT_GE(w.size(), 2u);
        for (std::size_t k = 0; k < w.size(); ++k)
            EXPECT_EQ(w[k], k == 1 ? 1.0 : 0.0) << "target " << k;
    }
    EXPECT_EQ(weighted, 1u) << "the mesh it shows carries the frame's weights";
}

// The first actor that holds an item, with its groups.
std::size_t actorWithItem(const scene::Scene& s) {
    for (std::size_t i = 0; i < s.actors.size(); ++i)
        if (s.actors[i].itemNode >= 0 && s.actors[i].animation >= 0) return i;
    return s.actors.size();
}

TEST(GltfExport, AHeldItemsKeysPlaceItWhereTheRenderersDrawIt) {
    const scene::Scene s = scene::buildWorldScene(scene::GameFs(rgx::testing::smallDemoDir()), 0);
    const std::size_t ai = actorWithItem(s);
    ASSERT_LT(ai, s.actors.size()) << "the demo's world 0 has an actor holding an item";
    const scene::SceneActor& actor = s.actors[ai];
    const scene::ActorAnimation& anim = s.animations[static_cast<std::size_t>(actor.animation)];
    const fs::path file = scratch("held_item.glb");
    exportGltf(renderer::prepareWorld(s), nullptr, file, {});
    const tinygltf::Model model = loadGlb(file);
    const int itemNode = gltfNodeOf(model, static_cast<std::size_t>(actor.itemNode));
    ASSERT_GE(itemNode, 0);
    ASSERT_EQ(model.nodes[static_cast<std::size_t>(itemNode)].name,
              s.nodes[static_cast<std::size_t>(actor.itemNode)].name);
    const rgx::Mat4 parentWorld = gltfParentWorld(model, itemNode);

    // The same playback, run here: the renderers draw the item at node.world * pose.local.
    sim::AnimationSettings settings = sim::animationSettings(s);
    settings.onEnd = sim::OnEnd::Stop;
    settings.interpolate = false;
    sim::SceneAnimation animation(s, settings);
    std::size_t shownKeys = 0;
    for (const loaders::RgmAnimGroup& group : anim.groups.groups) {
        const std::string name = anim.script + " group " + std::to_string(group.groupIndex) + " (" +
                                 s.nodes[static_cast<std::size_t>(actor.node)].name + ")";
        const tinygltf::Animation* a = nullptr;
        for (const tinygltf::Animation& candidate : model.animations)
            if (candidate.name == name) a = &candidate;
        ASSERT_NE(a, nullptr) << name;
        std::map<std::string, std::vector<float>> item; // path -> output
        for (const tinygltf::AnimationChannel& c : a->channels)
            if (c.target_node == itemNode)
                item[c.target_path] =
                    floatsOf(model, a->samplers[static_cast<std::size_t>(c.sampler)].output);
        ASSERT_EQ(item.size(), 3u) << name << ": translation, rotation and scale";

        animation.player(ai).reset();
        ASSERT_TRUE(animation.playGroup(ai, group.groupIndex));
        const std::size_t keys = item["translation"].size() / 3;
        ASSERT_EQ(item["rotation"].size(), keys * 4);
        ASSERT_EQ(item["scale"].size(), keys * 3);
        for (std::size_t t = 0; t < keys; ++t) {
            animation.stepActor(ai);
            const sim::NodeState& pose = animation.state().nodes[static_cast<std::size_t>(actor.itemNode)];
            const auto at = [&](const char* path, std::size_t n) {
                const std::vector<float>& v = item[path];
                return std::vector<double>(v.begin() + static_cast<std::ptrdiff_t>(t * n),
                                           v.begin() + static_cast<std::ptrdiff_t>(t * n + n));
            };
            if (pose.hidden) {
                EXPECT_EQ(at("scale", 3), (std::vector<double>{0, 0, 0})) << name << " tick " << t;
                continue;
            }
            ++shownKeys;
            const rgx::Mat4 got =
                parentWorld * trsMatrix(at("translation", 3), at("rotation", 4), at("scale", 3));
            const rgx::Mat4 drawn = s.nodes[static_cast<std::size_t>(actor.itemNode)].world * pose.local;
            for (int r = 0; r < 3; ++r)
                for (int c = 0; c < 4; ++c) {
                    const double want = drawn.m[r][c] * (c == 3 ? kMetresPerUnit : 1.0);
                    EXPECT_NEAR(got.m[r][c], want, c == 3 ? 2e-3 : 1e-4)
                        << name << " tick " << t << " [" << r << "][" << c << "]";
                }
        }
    }
    EXPECT_GT(shownKeys, 0u) << "some key shows the item in a hand";
}

TEST(GltfExport, AGroupsKeysDoNotDependOnTheGroupsExportedBeforeIt) {
    scene::Scene s = scene::buildWorldScene(scene::GameFs(rgx::testing::smallDemoDir()), 0);
    const std::size_t ai = actorWithItem(s);
    ASSERT_LT(ai, s.actors.size());
    scene::ActorAnimation& anim = s.animations[static_cast<std::size_t>(s.actors[ai].animation)];
    ASSERT_GE(anim.groups.groups.size(), 2u);
    // A group before the last one leaves state behind that the last would inherit if the player
    // were not reset between groups: a pose override (SetRotationXYZ, which moves the held item
    // too). Not the first group: the player starts in that one.
    loaders::RgmAnimList groups;
    int unused = 0;
    for (const loaders::RgmAnimGroup& g : anim.groups.groups)
        unused = std::max(unused, g.groupIndex + 1);
    for (std::size_t g = 0; g < anim.groups.groups.size(); ++g) {
        const loaders::RgmAnimGroup& old = anim.groups.groups[g];
        if (g + 1 == anim.groups.groups.size()) {
            const std::uint32_t leavesAnOverride[] = {loaders::encodeRagrCommand({6, {10, 20, 30}}),
                                                      loaders::encodeRagrCommand({0, {0, 1, 0}}),
                                                      loaders::encodeRagrCommand({1, {}})};
            loaders::addRgmAnimGroup(groups, static_cast<std::uint16_t>(unused), 0, 0, leavesAnOverride);
        }
        const std::span<const std::uint32_t> commands = loaders::rgmGroupCommands(anim.groups, old);
        loaders::addRgmAnimGroup(groups, old.groupIndex, old.animId, old.animType,
                                 std::vector<std::uint32_t>(commands.begin(), commands.end()));
    }
    anim.groups = groups;
    const fs::path allFile = scratch("all_groups.glb"), lastFile = scratch("last_group.glb");
    exportGltf(renderer::prepareWorld(s), nullptr, allFile, {});
    ExportOptions lastOnly;
    const int last = anim.groups.groups.back().groupIndex;
    lastOnly.groups = std::vector<int>{last};
    exportGltf(renderer::prepareWorld(s), nullptr, lastFile, lastOnly);
    const tinygltf::Model all = loadGlb(allFile), alone = loadGlb(lastFile);

    // Every animation of the group-only file, channel by channel, in the whole file too.
    std::size_t compared = 0;
    for (const tinygltf::Animation& a : alone.animations) {
        const tinygltf::Animation* b = nullptr;
        for (const tinygltf::Animation& candidate : all.animations)
            if (candidate.name == a.name) b = &candidate;
        ASSERT_NE(b, nullptr) << a.name;
        ASSERT_EQ(a.channels.size(), b->channels.size()) << a.name;
        for (std::size_t c = 0; c < a.channels.size(); ++c) {
            const tinygltf::AnimationSampler& sa =
                a.samplers[static_cast<std::size_t>(a.channels[c].sampler)];
            const tinygltf::AnimationSampler& sb =
                b->samplers[static_cast<std::size_t>(b->channels[c].sampler)];
            EXPECT_EQ(a.channels[c].target_path, b->channels[c].target_path);
            EXPECT_EQ(floatsOf(alone, sa.input), floatsOf(all, sb.input)) << a.name << " channel " << c;
            EXPECT_EQ(floatsOf(alone, sa.output), floatsOf(all, sb.output)) << a.name << " channel " << c;
            ++compared;
        }
    }
    EXPECT_GT(compared, 0u);
}

// The group animations cost bounded work and space: a group_index listed twice plays once, the
// actors playing the same group share its key data, and the ticks played in all have a budget.
TEST(GltfExport, GroupAnimationsAreSharedDeduplicatedAndBudgeted) {
    scene::Scene s = scene::buildWorldScene(scene::GameFs(rgx::testing::smallDemoDir()), 0);
    const std::size_t ai = actorWithItem(s);
    ASSERT_LT(ai, s.actors.size());
    const int animIndex = s.actors[ai].animation;
    scene::ActorAnimation& anim = s.animations[static_cast<std::size_t>(animIndex)];
    const std::size_t distinct = anim.groups.groups.size();
    loaders::RgmAnimList twice = anim.groups;
    for (const loaders::RgmAnimGroup& g : anim.groups.groups) {
        const std::span<const std::uint32_t> commands = loaders::rgmGroupCommands(anim.groups, g);
        loaders::addRgmAnimGroup(twice, g.groupIndex, g.animId, g.animType,
                                 std::vector<std::uint32_t>(commands.begin(), commands.end()));
    }
    anim.groups = twice;
    std::vector<std::size_t> players;
    for (std::size_t i = 0; i < s.actors.size(); ++i)
        if (s.actors[i].animation == animIndex) players.push_back(i);
    ASSERT_GE(players.size(), 2u) << "two actors play the same animation";

    const fs::path file = scratch("shared.glb");
    const ExportStats stats = exportGltf(renderer::prepareWorld(s), nullptr, file, {});
    EXPECT_TRUE(stats.notes.empty());
    const tinygltf::Model model = loadGlb(file);
    // Per actor of that animation: one animation per distinct group_index.
    std::map<std::string, std::vector<const tinygltf::Animation*>> byGroup; // " group N " -> animations
    for (std::size_t i : players) {
        const std::string suffix = " (" + s.nodes[static_cast<std::size_t>(s.actors[i].node)].name + ")";
        std::size_t mine = 0;
        for (const tinygltf::Animation& a : model.animations)
            if (a.name.ends_with(suffix)) {
                ++mine;
                byGroup[a.name.substr(0, a.name.size() - suffix.size())].push_back(&a);
            }
        EXPECT_EQ(mine, distinct) << suffix;
    }
    // Two actors' animations of one group read the same accessors, channel by channel.
    for (const auto& [group, animations] : byGroup) {
        ASSERT_EQ(animations.size(), players.size()) << group;
        const tinygltf::Animation& first = *animations[0];
        for (const tinygltf::Animation* other : animations) {
            ASSERT_EQ(other->channels.size(), first.channels.size()) << group;
            for (std::size_t c = 0; c < first.channels.size(); ++c) {
                const auto& sa = first.samplers[static_cast<std::size_t>(first.channels[c].sampler)];
                const auto& sb = other->samplers[static_cast<std::size_t>(other->channels[c].sampler)];
                EXPECT_EQ(sa.input, sb.input) << group << " channel " << c;
                EXPECT_EQ(sa.output, sb.output) << group << " channel " << c;
            }
        }
    }

    // Under a budget of ticks the keys written add up to at most it, and the notes say what is
    // left out: 100 ticks of every group; 10 ticks of the groups that end within a tick or two
    // (every actor's group 1), which pay for the tick they end in.
    const auto keysUnder = [&](std::int64_t ticks, std::optional<std::vector<int>> groups) {
        ExportOptions options;
        options.maxAnimationTicks = ticks;
        options.groups = std::move(groups);
        const fs::path out = scratch("budget_" + std::to_string(ticks) + ".glb");
        const ExportStats st = exportGltf(renderer::prepareWorld(s), nullptr, out, options);
        EXPECT_EQ(st.notes.size(), 1u);
        if (!st.notes.empty()) {
            EXPECT_NE(st.notes[0].find("not exported"), std::string::npos) << st.notes[0];
            EXPECT_NE(st.notes[0].find("at most " + std::to_string(ticks) + " ticks"), std::string::npos)
                << st.notes[0];
        }
        const tinygltf::Model m = loadGlb(out);
        std::size_t keys = 0;
        for (const tinygltf::Animation& a : m.animations)
            keys += m.accessors[static_cast<std::size_t>(a.samplers.at(0).input)].count;
        return keys;
    };
    const std::size_t all = keysUnder(100, std::nullopt);
    EXPECT_GT(all, 0u);
    EXPECT_LE(all, 100u);
    const std::size_t endings = keysUnder(10, std::vector<int>{1});
    EXPECT_GT(endings, 0u);
    EXPECT_LE(endings, 10u);
}

TEST(GltfExport, RefusesAnOutputThatIsNeitherGlbNorGltf) {
    const scene::Scene s;
    EXPECT_THROW(exportGltf(renderer::prepareWorld(s), nullptr, scratch("world.obj"), {}), Error);
}

} // namespace
} // namespace rgx::exporter
