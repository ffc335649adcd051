// glTF export of textures kept in true colour (scene::IndexedImage::trueColour: Drakan's 16- to
// 32-bit textures): written from the true colours with their alpha, as the Glide look draws them,
// not through the palette the software look quantises them to; and the Drakan demo's level and
// model database exported with each node's record.

#include "export/gltf_export.h"
#include "scene/engine.h"
#include "tests/export/gltf_test_util.h"
#include "tests/support/demo_dir.h"
#include "tests/support/gltf_readback.h"

#include <gtest/gtest.h>
#include <tiny_gltf.h>

#include <algorithm>
#include <array>
#include <memory>
#include <set>

namespace rgx::exporter {
namespace {

using namespace testing;

using Rgba = std::array<std::uint8_t, 4>;

std::uint32_t packed(const Rgba& c) {
    return std::uint32_t{c[0]} | std::uint32_t{c[1]} << 8 | std::uint32_t{c[2]} << 16 |
           std::uint32_t{c[3]} << 24;
}

// The grey ramp's entry nearest to a colour among 1..255 (the scene builders' quantisation).
std::uint8_t nearestGrey(const Rgba& c) {
    const int mean = (c[0] + c[1] + c[2] + 1) / 3;
    return static_cast<std::uint8_t>(std::clamp(mean, 1, 255));
}

// Texel i of a decoded glTF image, as RGBA.
Rgba texel(const tinygltf::Image& image, std::size_t i) {
    const auto at = [&](std::size_t c) { return image.image[i * 4 + c]; };
    return {at(0), at(1), at(2), at(3)};
}

// Two 2 x 2 textures on one triangle each, the palette a grey ramp: "true" keeps its true colours
// (one texel half transparent, one fully), its indices the nearest greys; "indexed" has indices
// only.
const std::array<Rgba, 4> kTrue{{{200, 40, 90, 255}, {10, 220, 30, 128}, {250, 250, 0, 0}, {0, 0, 255, 255}}};

scene::Scene trueColourScene() {
    scene::Scene s;
    s.title = "true colour";
    s.engine = "drakan";
    for (int i = 0; i < 256; ++i)
        s.palette[static_cast<std::size_t>(i)] = {static_cast<std::uint8_t>(i), static_cast<std::uint8_t>(i),
                                                  static_cast<std::uint8_t>(i)};
    auto truth = std::make_shared<scene::IndexedImage>();
    truth->name = "true";
    truth->width = truth->height = 2;
    loaders::Bytes indices;
    std::vector<std::uint32_t> colours;
    for (const Rgba& c : kTrue) {
        indices.push_back(c[3] < 128 ? 0 : nearestGrey(c)); // under half alpha: the cut-out index 0
        colours.push_back(packed(c));
    }
    truth->frames.push_back(indices);
    truth->trueColour.push_back(colours);
    auto indexed = std::make_shared<scene::IndexedImage>();
    indexed->name = "indexed";
    indexed->width = indexed->height = 2;
    indexed->frames.push_back({110, 0, 7, 255});
    for (const auto& [name, image] : {std::pair{"true", truth}, std::pair{"indexed", indexed}}) {
        scene::SceneTexture t;
        t.textureId = static_cast<int>(s.textures.size());
        t.name = name;
        t.width = t.height = 2;
        t.image = image;
        s.textures.push_back(t);
        scene::Material m;
        m.solid = false;
        m.texture = t.textureId;
        s.materials.push_back(m);
    }
    scene::Mesh mesh;
    mesh.name = "two triangles";
    for (int tri = 0; tri < 2; ++tri) {
        for (const auto& p : {std::array<float, 3>{0, 0, 0}, {100, 0, 0}, {0, 0, 100}}) {
            scene::MeshVertex v{};
            v.position[0] = p[0] + static_cast<float>(tri) * 200;
            v.position[2] = p[2];
            v.normal[1] = 1;
            v.uv[0] = p[0] / 100;
            v.uv[1] = p[2] / 100;
            mesh.vertices.push_back(v);
            mesh.bounds.add(rgx::Vec3{v.position[0], v.position[1], v.position[2]});
        }
        const auto first = static_cast<std::uint32_t>(mesh.indices.size());
        mesh.indices.insert(mesh.indices.end(), {first, first + 2, first + 1});
        mesh.submeshes.push_back({static_cast<std::uint32_t>(tri), first, 3});
    }
    s.meshes.push_back(mesh);
    scene::SceneNode node;
    node.name = "object 1 Quad";
    node.kind = scene::NodeKind::Object;
    node.mesh = 0;
    s.nodes.push_back(node);
    return s;
}

// The image written for scene texture `name` (images are named after their texture).
const tinygltf::Image* imageNamed(const tinygltf::Model& model, const std::string& name) {
    for (const tinygltf::Image& image : model.images)
        if (image.name == name) return &image;
    return nullptr;
}

TEST(GltfExport, ATrueColourTextureIsWrittenFromItsTrueColours) {
    const scene::Scene s = trueColourScene();
    const fs::path file = scratch("true_colour.glb");
    const ExportStats stats = exportGltf(renderer::prepareWorld(s), nullptr, file, {});
    EXPECT_EQ(stats.images, 2u);
    const tinygltf::Model model = loadGlb(file);
    ASSERT_FALSE(HasFailure()) << "the file reads back";

    const tinygltf::Image* truth = imageNamed(model, "true");
    ASSERT_NE(truth, nullptr);
    ASSERT_EQ(truth->width, 2);
    ASSERT_EQ(truth->height, 2);
    ASSERT_EQ(truth->component, 4);
    for (std::size_t i = 0; i < kTrue.size(); ++i) {
        SCOPED_TRACE("texel " + std::to_string(i));
        EXPECT_EQ(texel(*truth, i), kTrue[i]) << "the true colour, its alpha included";
        // The palette's colour for the texel (what the software look draws) is another colour.
        const std::uint8_t index = s.textures[0].image->frames[0][i];
        const loaders::ColorRgb grey = s.palette[index];
        const Rgba throughPalette{grey.r, grey.g, grey.b, static_cast<std::uint8_t>(index == 0 ? 0 : 255)};
        EXPECT_NE(texel(*truth, i), throughPalette);
    }

    // A texture without true colours still goes through the palette, index 0 cut out.
    const tinygltf::Image* indexed = imageNamed(model, "indexed");
    ASSERT_NE(indexed, nullptr);
    EXPECT_EQ(texel(*indexed, 0), (Rgba{110, 110, 110, 255}));
    EXPECT_EQ(texel(*indexed, 1)[3], 0);
    EXPECT_EQ(texel(*indexed, 3), (Rgba{255, 255, 255, 255}));

    // Both materials cut out at half alpha, as the Glide look discards under 0.5.
    ASSERT_EQ(model.materials.size(), 2u);
    for (const tinygltf::Material& m : model.materials) {
        EXPECT_EQ(m.alphaMode, "MASK");
        EXPECT_DOUBLE_EQ(m.alphaCutoff, 0.5);
    }
}

// The Drakan demo's level (world 3000): every node carries its record (file, section, index) as
// MAP.json and the Inspector name it, and every true-colour texture is written as stored.
TEST(GltfExport, ADrakanLevelCarriesItsRecordsAndTrueColours) {
    const scene::GameFs fs(rgx::testing::smallDemoDir());
    const scene::Scene s = scene::buildGameWorld(fs, 3000);
    ASSERT_EQ(s.engine, "drakan");
    const fs::path file = scratch("drakan_world3000.glb");
    ExportOptions options;
    options.worldId = 3000;
    exportGltf(renderer::prepareWorld(s), nullptr, file, options);

    std::string error;
    const auto imported = rgx::testing::importWithAssimp(file, error);
    ASSERT_TRUE(imported) << error;
    std::size_t faces = 0, triangles = 0;
    for (unsigned m = 0; m < imported->scene->mNumMeshes; ++m)
        faces += imported->scene->mMeshes[m]->mNumFaces;
    std::set<int> drawn;
    for (const scene::SceneNode& n : s.nodes)
        if (n.mesh >= 0 && drawn.insert(n.mesh).second)
            triangles += s.meshes[static_cast<std::size_t>(n.mesh)].triangleCount();
    EXPECT_EQ(faces, triangles);

    const nlohmann::json j = rgx::testing::gltfJson(file);
    EXPECT_EQ(j["scenes"][0]["extras"]["engine"], "drakan");
    EXPECT_EQ(j["scenes"][0]["extras"]["world"], 3000);
    std::size_t next = 0, objects = 0;
    for (const nlohmann::json& n : j["nodes"]) {
        if (!n.contains("extras") || !n["extras"].contains("record_name")) continue;
        ASSERT_LT(next, s.nodes.size());
        const scene::SceneNode& node = s.nodes[next++];
        ASSERT_GE(node.record, 0) << node.name;
        const scene::SourceRecord& r = s.records[static_cast<std::size_t>(node.record)];
        EXPECT_EQ(n["extras"]["record"]["file"], "Drakan/Levels/Valley.lvl") << node.name;
        EXPECT_EQ(n["extras"]["record"]["section"], r.section) << node.name;
        EXPECT_EQ(n["extras"]["record"]["index"], r.index) << node.name;
        objects += r.section == "object";
    }
    EXPECT_EQ(next, s.nodes.size());
    EXPECT_EQ(objects, 16u);

    const tinygltf::Model model = loadGlb(file);
    ASSERT_FALSE(HasFailure());
    std::size_t compared = 0;
    for (const scene::SceneTexture& t : s.textures) {
        if (!t.image || t.image->trueColour.empty()) continue;
        SCOPED_TRACE(t.name);
        const tinygltf::Image* image = imageNamed(model, t.name);
        ASSERT_NE(image, nullptr);
        ASSERT_EQ(image->component, 4);
        ASSERT_EQ(image->image.size(), t.image->trueColour[0].size() * 4);
        std::size_t differ = 0;
        for (std::size_t i = 0; i < t.image->trueColour[0].size(); ++i)
            differ += packed(texel(*image, i)) != t.image->trueColour[0][i];
        EXPECT_EQ(differ, 0u);
        ++compared;
    }
    EXPECT_EQ(compared, 6u) << "every texture of the demo but the 8-bit grass is stored in true colour";
}

// The demo's model database opened alone (`rgx export --model Models.mod`): its five models, each a
// mesh written once, each node naming its model record.
TEST(GltfExport, ARiotModelDatabaseWritesItsFiveModels) {
    const fs::path mod = rgx::testing::smallDemoDir() / "Drakan" / "Common" / "Models.mod";
    const scene::Scene s = scene::buildModelFileScene(mod, nullptr);
    ASSERT_EQ(s.catalog.size(), 5u);
    const fs::path file = scratch("drakan_models.glb");
    const ExportStats stats = exportGltf(renderer::prepareWorld(s), nullptr, file, {});
    EXPECT_EQ(stats.meshes, 5u);
    const nlohmann::json j = rgx::testing::gltfJson(file);
    EXPECT_EQ(j["meshes"].size(), 5u);
    std::set<std::string> names;
    for (const nlohmann::json& n : j["nodes"])
        if (n.contains("extras") && n["extras"].contains("record")) {
            EXPECT_EQ(n["extras"]["record"]["section"], "model");
            // Relative to the game's top, the directory holding Dragon.rrc.
            EXPECT_EQ(n["extras"]["record"]["file"], "Common/Models.mod");
            names.insert(n["name"].get<std::string>());
        }
    EXPECT_EQ(names, (std::set<std::string>{"Crate", "Pillar", "Tree", "Tree (far)", "Boulder"}));
}

} // namespace
} // namespace rgx::exporter
