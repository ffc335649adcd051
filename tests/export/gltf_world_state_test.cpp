// The glTF export draws the per-frame world state (sim/world_state.h, issue 30) as the looks do.

#include "export/gltf_actors.h"
#include "export/gltf_export.h"
#include "loaders/redguard/ragr.h"
#include "loaders/redguard/rgm.h"
#include "loaders/text.h"
#include "scene/model_mesh.h"
#include "scene/redguard/scene_builder.h"
#include "sim/anim_player.h"
#include "sim/scene_animation.h"
#include "tests/export/gltf_test_util.h"
#include "tests/support/demo_dir.h"
#include "tests/support/gltf_readback.h"

#include <gtest/gtest.h>
#include <tiny_gltf.h>

#include <map>
#include <set>
#include <span>

namespace rgx::exporter {
namespace {

using namespace testing;

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

} // namespace
} // namespace rgx::exporter

namespace rgx::exporter {
namespace {

// The lights scripts give objects (sim::ObjectLight, docs/scripts.md): each is a point light on its
// object's node, with the state's radius and intensity.
TEST(GltfExport, WritesTheScriptsObjectLights) {
    const scene::Scene s = scene::buildWorldScene(scene::GameFs(rgx::testing::smallDemoDir()), 0);
    const renderer::PreparedWorld world = renderer::prepareWorld(s);
    sim::WorldState state = sim::restState(s);
    std::size_t object = s.nodes.size();
    for (std::size_t i = 0; i < s.nodes.size() && object == s.nodes.size(); ++i)
        if (s.nodes[i].kind == scene::NodeKind::Trigger) object = i;
    ASSERT_LT(object, s.nodes.size());
    sim::ObjectLight l;
    l.node = static_cast<std::uint32_t>(object);
    l.position = s.nodes[object].world.translationPart();
    l.radius = 700;
    l.intensity = 0.5f;
    state.objectLights.push_back(l);
    const fs::path restFile = scratch("object_light_rest.glb"), stateFile = scratch("object_light.glb");
    const ExportStats rest = exportGltf(world, nullptr, restFile, {});
    const ExportStats lit = exportGltf(world, &state, stateFile, {});
    EXPECT_EQ(lit.lights, rest.lights + 1);
    const tinygltf::Model m = loadGlb(stateFile);
    const int node = gltfNodeOf(m, object);
    ASSERT_GE(node, 0);
    const auto& ext = m.nodes[static_cast<std::size_t>(node)].extensions;
    ASSERT_TRUE(ext.count("KHR_lights_punctual"));
    const int index = ext.at("KHR_lights_punctual").Get("light").GetNumberAsInt();
    const tinygltf::Light& light = m.lights[static_cast<std::size_t>(index)];
    EXPECT_EQ(light.type, "point");
    EXPECT_NEAR(light.intensity, 0.5, 1e-6);
    EXPECT_NEAR(light.range, 700 * kMetresPerUnit, 1e-6);
}

} // namespace
} // namespace rgx::exporter
