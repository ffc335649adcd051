// Drakan behind the engine seam (scene/drakan/dk_engine.h), on a hand-built game directory
// written through the writers, in lower case (the game's names are matched in any case):
// dragon.rrc; common/tex (a palette and two 2 x 2 textures, 8 and 24 bits), common/mod (one
// triangle model, its texture in tex), common/cls (a class with that model, one without a model);
// levels/test.lvl (a 2 x 1 layer with a hole, three objects: the model's class, the model-less
// class, and a class that does not exist). Checked: the worlds listed; the layer's heights at known
// vertices; the triangle count without the hole; the object placed by class -> model with a record
// naming both; markers for the others; the texture in true colour and quantised to the palette;
// the catalogue of the .mod; what an unknown world says.

#include "loaders/drakan/class_record.h"
#include "loaders/drakan/db_definition.h"
#include "loaders/drakan/level.h"
#include "loaders/drakan/model.h"
#include "loaders/drakan/srsc.h"
#include "loaders/drakan/texture.h"
#include "loaders/file_io.h"
#include "scene/drakan/dk_assets.h"
#include "scene/drakan/dk_engine.h"
#include "scene/engine.h"
#include "tests/support/scratch_dir.h"

#include <gtest/gtest.h>

#include <filesystem>

namespace rgx::scene {
namespace {

namespace dk = loaders::drakan;
namespace fs = std::filesystem;

void writeDb(const fs::path& path, std::vector<dk::DbDependency> deps) {
    dk::DbDefinition db;
    db.dependencies = std::move(deps);
    loaders::writeFile(path, dk::writeDbDefinition(db));
}

const fs::path& gameDir() {
    static const fs::path root = [] {
        const fs::path dir = rgx::testing::scratchDir("rgx_drakan_scene");
        fs::create_directories(dir / "common");
        fs::create_directories(dir / "levels");
        loaders::writeFile(dir / "dragon.rrc", dk::writeSrsc({}));
        // Textures: palette entries 1 red, 2 green, 3 dark red; texture 1 in 8 bits (indices 1, 2 /
        // 2, 1), texture 2 in 24 bits (top row (250, 10, 10), (120, 0, 0); bottom row two greens).
        dk::DrakanPalette palette(4);
        palette[1] = {255, 0, 0, 0};
        palette[2] = {0, 255, 0, 0};
        palette[3] = {128, 0, 0, 0};
        dk::SrscFile tex;
        tex.records.push_back({dk::kPaletteRecord, 0, 0, dk::writePaletteRecord(palette)});
        tex.records.push_back({dk::kTextureRecord, 1, 0,
                               dk::writeTextureRecord(dk::makeTexture(2, 2, 2, 8, 0, 0, {2, 1, 1, 2}))});
        // 24 bits, bottom row first.
        const loaders::Bytes rows{0, 200, 0, 0, 255, 0, 250, 10, 10, 120, 0, 0};
        tex.records.push_back(
            {dk::kTextureRecord, 2, 0, dk::writeTextureRecord(dk::makeTexture(2, 2, 6, 24, 0, 0, rows))});
        writeDb(dir / "common" / "tex.db", {});
        loaders::writeFile(dir / "common" / "tex.txd", dk::writeSrsc(tex));
        // A model: one triangle, texture 2 of the dependency 1 (tex).
        dk::SrscFile mod;
        mod.records.push_back({dk::kModelNameRecord, 1, 0, dk::writeModelName({"Wedge", 0x8001})});
        mod.records.push_back(
            {dk::kVerticesRecord, 1, 0, dk::writeVertices({{0, 0, 0}, {1, 0, 0}, {0, 1, 0}})});
        mod.records.push_back({dk::kTextureListRecord, 1, 0, dk::writeTextureList({{2, 1}})});
        mod.records.push_back(
            {dk::kPolygonsRecord, 1, 0, dk::writePolygons({{0, 0, {{0, 0, 1}, {1, 1, 1}, {2, 0, 0}}}})});
        writeDb(dir / "common" / "mod.db", {{1, "tex"}});
        loaders::writeFile(dir / "common" / "mod.mod", dk::writeSrsc(mod));
        // Classes: 1 names the model (dependency 1: mod), 2 names none.
        dk::SrscFile cls;
        cls.records.push_back(
            {dk::kClassRecord, 1, 0,
             dk::writeClassRecord({"Wedge thing", 0, {1, 1}, 7, 0, {42}, {{1, "Health"}}})});
        cls.records.push_back(
            {dk::kClassRecord, 2, 0, dk::writeClassRecord({"Marker", 0, {0, 0}, 8, 0, {}, {}})});
        writeDb(dir / "common" / "cls.db", {{1, "mod"}});
        loaders::writeFile(dir / "common" / "cls.odb", dk::writeSrsc(cls));
        // The level: databases 4 (tex) and 9 (cls), as written with backslashes.
        dk::Level level;
        level.info = {"Test level", 2, 1, {{4, 0, "..\\COMMON\\TEX"}, {9, 0, "..\\Common\\Cls"}}};
        dk::Layer layer;
        layer.id = 7;
        layer.width = 2;
        layer.height = 1;
        layer.originX = 3;
        layer.originZ = 5;
        layer.worldHeight = 1000;
        layer.name = "Ground";
        // Vertex (1, 0) 0x8010: 1000 + 32 world units; vertex (2, 1) 0x7FF0: 1000 - 32.
        layer.vertices.assign(6, {0, 1, 0x8000});
        layer.vertices[1].height = 0x8010;
        layer.vertices[5].height = 0x7FF0;
        dk::LayerCell cell;
        cell.left = cell.right = {1, 4};
        layer.cells = {cell, cell};
        // Cell 0 split '\' with its corners' (u, v) told apart: stored Uc Ud Ub Ua Vc Vd Vb Va.
        layer.cells[0].flags = dk::kCellBackslash;
        layer.cells[0].uv = {0x1000, 0x2000, 0x3000, 0x4000, 0x5000, 0x6000, 0x7000, 0x8000};
        layer.cells[1].left = dk::kHoleTexture; // (c, b, a): the right (c, d, b) keeps d = (2, 1)
        level.layers = {layer};
        dk::LevelObject wedge;
        wedge.id = 11;
        wedge.classRef = {1, 9};
        wedge.position = {2048, 800, 4096};
        dk::LevelObject turned = wedge;
        turned.id = 14;
        turned.rotation = {0, 90, 0}; // OpenDrakan's y less 90: unturned
        turned.flags |= dk::kObjectScaled;
        turned.scale = {2, 3, 4};
        dk::LevelObject marker = wedge;
        marker.id = 12;
        marker.classRef = {2, 9};
        dk::LevelObject missing = wedge;
        missing.id = 13;
        missing.classRef = {5, 9};
        level.objects = {wedge, marker, missing, turned};
        loaders::writeFile(dir / "levels" / "test.lvl", dk::writeLevel(level));
        return dir;
    }();
    return root;
}

const SceneNode* named(const Scene& s, const std::string& prefix) {
    for (const SceneNode& n : s.nodes)
        if (n.name.rfind(prefix, 0) == 0) return &n;
    return nullptr;
}

std::string field(const Scene& s, const SceneNode& n, const std::string& name) {
    for (const auto& [k, v] : s.records.at(static_cast<std::size_t>(n.record)).fields)
        if (k == name) return v;
    return "(none)";
}

TEST(DrakanScene, ListsTheLevels) {
    const GameFs fs(gameDir());
    const GameDirectory dir(fs);
    const std::vector<GameWorld> worlds = dir.worlds();
    ASSERT_EQ(worlds.size(), 1u);
    EXPECT_STREQ(worlds[0].engine->name(), "drakan");
    EXPECT_EQ(worlds[0].world.id, drakan::kFirstDrakanWorld);
    EXPECT_EQ(worlds[0].world.name, "levels/test.lvl");
}

TEST(DrakanScene, LayerHeightsAtKnownVertices) {
    const GameFs fs(gameDir());
    const Scene s = buildGameWorld(fs, drakan::kFirstDrakanWorld);
    EXPECT_EQ(s.engine, "drakan");
    const SceneNode* ground = named(s, "layer 7");
    ASSERT_NE(ground, nullptr);
    EXPECT_EQ(ground->kind, NodeKind::Terrain);
    // The layer's node at its corner: (3, 5) cells, 1000 world units up (8 a scene unit).
    EXPECT_EQ(ground->world.translationPart(), (Vec3{3 * 256.0, 125.0, 5 * 256.0}));
    const Mesh& mesh = s.meshes.at(static_cast<std::size_t>(ground->mesh));
    EXPECT_EQ(mesh.triangleCount(), 3u) << "four triangles less the hole";
    bool sawHigh = false, sawLow = false;
    for (const MeshVertex& v : mesh.vertices) {
        if (v.position[0] == 256.0f && v.position[2] == 0.0f) {
            EXPECT_FLOAT_EQ(v.position[1], 4.0f); // +32 world units
            sawHigh = true;
        }
        if (v.position[0] == 512.0f && v.position[2] == 256.0f) {
            EXPECT_FLOAT_EQ(v.position[1], -4.0f); // -32 world units
            sawLow = true;
        }
    }
    EXPECT_TRUE(sawHigh);
    EXPECT_TRUE(sawLow);
    EXPECT_EQ(field(s, *ground, "holes"), "1 triangles");
}

TEST(DrakanScene, ObjectsByClassAndModel) {
    const GameFs fs(gameDir());
    const Scene s = buildGameWorld(fs, drakan::kFirstDrakanWorld);
    const SceneNode* wedge = named(s, "object 11");
    ASSERT_NE(wedge, nullptr);
    EXPECT_EQ(wedge->kind, NodeKind::Object);
    EXPECT_EQ(wedge->model, "Wedge");
    EXPECT_EQ(wedge->world.translationPart(), (Vec3{256, 100, 512}));
    EXPECT_NE(field(s, *wedge, "class").find("Wedge thing"), std::string::npos);
    EXPECT_NE(field(s, *wedge, "model").find("Wedge"), std::string::npos);
    EXPECT_EQ(field(s, *wedge, "field Health").rfind("42", 0), 0u);
    const Mesh& mesh = s.meshes.at(static_cast<std::size_t>(wedge->mesh));
    EXPECT_EQ(mesh.triangleCount(), 1u);
    // Model vertex (1, 0, 0) is one cell: 256 scene units.
    float maxX = 0;
    for (const MeshVertex& v : mesh.vertices)
        maxX = std::max(maxX, v.position[0]);
    EXPECT_FLOAT_EQ(maxX, 256.0f);

    const SceneNode* marker = named(s, "object 12");
    ASSERT_NE(marker, nullptr);
    EXPECT_EQ(marker->kind, NodeKind::Marker);
    const SceneNode* missing = named(s, "object 13");
    ASSERT_NE(missing, nullptr);
    EXPECT_EQ(missing->kind, NodeKind::Marker);
    bool said = false;
    for (const std::string& w : s.warnings)
        said = said || w.find("no class 5") != std::string::npos;
    EXPECT_TRUE(said);
}

// Cell 0 is split '\': its triangles (a, c, d) and (a, d, b); each corner takes its stored (U, V)
// with v turned (1 - V: v runs up from the texture's first stored row in the file, down in rgx).
TEST(DrakanScene, CellCornersTakeTheirTextureCoordinates) {
    const GameFs fs(gameDir());
    const Scene s = buildGameWorld(fs, drakan::kFirstDrakanWorld);
    const Mesh& mesh = s.meshes.at(static_cast<std::size_t>(named(s, "layer 7")->mesh));
    // Corner -> its (u, v): a (Ua, Va) = (0x4000, 0x8000), b (0x3000, 0x7000), c (0x1000, 0x5000),
    // d (0x2000, 0x6000).
    const auto expectAt = [&](const MeshVertex& v, float x, float z, std::uint16_t u, std::uint16_t vv) {
        EXPECT_FLOAT_EQ(v.position[0], x);
        EXPECT_FLOAT_EQ(v.position[2], z);
        EXPECT_FLOAT_EQ(v.uv[0], u / 65535.0f);
        EXPECT_FLOAT_EQ(v.uv[1], 1.0f - vv / 65535.0f);
    };
    // The first two triangles drawn are cell 0's (one material: all in one submesh, in order).
    ASSERT_GE(mesh.vertices.size(), 6u);
    expectAt(mesh.vertices[0], 0, 0, 0x4000, 0x8000);     // a
    expectAt(mesh.vertices[1], 0, 256, 0x1000, 0x5000);   // c
    expectAt(mesh.vertices[2], 256, 256, 0x2000, 0x6000); // d
    expectAt(mesh.vertices[3], 0, 0, 0x4000, 0x8000);     // a
    expectAt(mesh.vertices[4], 256, 256, 0x2000, 0x6000); // d
    expectAt(mesh.vertices[5], 256, 0, 0x3000, 0x7000);   // b
    // Counter-clockwise seen from above: the triangles' normals point up.
    for (std::size_t t = 0; t < 2; ++t) {
        const auto p = [&](std::size_t k) {
            const MeshVertex& v = mesh.vertices[mesh.indices[t * 3 + k]];
            return Vec3{v.position[0], v.position[1], v.position[2]};
        };
        EXPECT_GT(cross(p(1) - p(0), p(2) - p(0)).y, 0) << "triangle " << t;
    }
}

// The wedge is stored clockwise seen from its front (as the game's models are): corners (0, 0, 0),
// (1, 0, 0), (0, 1, 0) turn counter-clockwise seen from +z, so its front faces -z; rgx's triangle
// turns counter-clockwise seen from the front, and its v is 1 - the stored v. An object's rotation
// is Rz Ry Rx with the y angle less 90 degrees, its scale along its own axes.
TEST(DrakanScene, ModelsFaceTheirFrontAndObjectsTurn) {
    const GameFs fs(gameDir());
    const Scene s = buildGameWorld(fs, drakan::kFirstDrakanWorld);
    const SceneNode* wedge = named(s, "object 11");
    ASSERT_NE(wedge, nullptr);
    const Mesh& mesh = s.meshes.at(static_cast<std::size_t>(wedge->mesh));
    ASSERT_EQ(mesh.indices.size(), 3u);
    for (const MeshVertex& v : mesh.vertices)
        EXPECT_FLOAT_EQ(v.normal[2], -1.0f);
    const auto p = [&](std::size_t k) {
        const MeshVertex& v = mesh.vertices[mesh.indices[k]];
        return Vec3{v.position[0], v.position[1], v.position[2]};
    };
    EXPECT_LT(cross(p(1) - p(0), p(2) - p(0)).z, 0);
    // Stored (u, v): (0, 1), (1, 1), (0, 0).
    EXPECT_FLOAT_EQ(mesh.vertices[0].uv[1], 0.0f);
    EXPECT_FLOAT_EQ(mesh.vertices[2].uv[1], 1.0f);
    // Rotation 0: Ry(-90 degrees), x goes to +z.
    EXPECT_NEAR(wedge->world.m[0][2], -1.0, 1e-12);
    EXPECT_NEAR(wedge->world.m[2][0], 1.0, 1e-12);
    EXPECT_NEAR(wedge->world.m[0][0], 0.0, 1e-12);
    const SceneNode* turned = named(s, "object 14");
    ASSERT_NE(turned, nullptr);
    EXPECT_NEAR(turned->world.m[0][0], 2.0, 1e-12);
    EXPECT_NEAR(turned->world.m[1][1], 3.0, 1e-12);
    EXPECT_NEAR(turned->world.m[2][2], 4.0, 1e-12);
    EXPECT_NEAR(turned->world.m[0][2], 0.0, 1e-12);
}

TEST(DrakanScene, TexturesInTrueColourAndQuantisedToThePalette) {
    const GameFs fs(gameDir());
    const Scene s = buildGameWorld(fs, drakan::kFirstDrakanWorld);
    EXPECT_EQ(s.palette[1], (loaders::ColorRgb{255, 0, 0}));
    const SceneTexture* eight = nullptr;
    const SceneTexture* truecolour = nullptr;
    for (const SceneTexture& t : s.textures)
        (t.textureId == 1 ? eight : truecolour) = &t;
    ASSERT_NE(eight, nullptr);
    ASSERT_NE(truecolour, nullptr);
    // 8 bits: the stored indices (rows bottom first: 2 1 / 1 2 -> top row 1 2).
    EXPECT_EQ(eight->image->frames.at(0), (loaders::Bytes{1, 2, 2, 1}));
    EXPECT_TRUE(eight->image->trueColour.empty());
    // 24 bits: (250, 10, 10) -> 1 (red), (120, 0, 0) -> 3 (dark red), greens -> 2.
    EXPECT_EQ(truecolour->image->frames.at(0), (loaders::Bytes{1, 3, 2, 2}));
    ASSERT_EQ(truecolour->image->trueColour.size(), 1u);
    EXPECT_EQ(truecolour->image->trueColour[0][0], 250u | 10u << 8 | 10u << 16 | 255u << 24);
}

TEST(DrakanScene, CatalogueOfAModelDatabase) {
    const Scene s = drakan::buildRiotModelScene(gameDir() / "common" / "mod.mod");
    ASSERT_EQ(s.catalog.size(), 1u);
    EXPECT_EQ(s.catalog[0].name, "Wedge");
    EXPECT_EQ(s.catalog[0].kind, SegmentKind::RiotModel);
    EXPECT_EQ(s.countNodes(NodeKind::Model), 1u);
    EXPECT_TRUE(s.warnings.empty()) << s.warnings.front();
    const Scene one = buildModelFileScene(gameDir() / "common" / "mod.mod", nullptr, "wedge");
    EXPECT_TRUE(one.catalog.empty());
    EXPECT_EQ(one.nodes.size(), 1u);
    EXPECT_THROW(drakan::buildRiotModelScene(gameDir() / "common" / "mod.mod", "Nope"), Error);
}

TEST(DrakanScene, UnknownWorldSaysWhichItHas) {
    const GameFs fs(gameDir());
    try {
        buildGameWorld(fs, drakan::kFirstDrakanWorld + 5);
        FAIL();
    } catch (const Error& e) {
        EXPECT_NE(std::string(e.what()).find("3000"), std::string::npos) << e.what();
    }
}

TEST(DrakanScene, FoldsPathsAndFindsTheNearestColour) {
    EXPECT_EQ(drakan::foldRiotPath("Drakan/Levels/..\\Common\\.\\Textures"), "Drakan/Common/Textures");
    EXPECT_EQ(drakan::foldRiotPath("../x"), "../x");
    loaders::Palette256 p{};
    p[0] = {250, 10, 10}; // index 0 is never chosen
    p[5] = {200, 0, 0};
    p[6] = {200, 0, 0}; // a tie: the lower index
    EXPECT_EQ(drakan::nearestPaletteIndex(p, 250, 10, 10), 5);
}

} // namespace
} // namespace rgx::scene
