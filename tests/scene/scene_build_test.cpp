#include "scene/redguard/materials.h"
#include "scene/redguard/model_resolver.h"
#include "scene/redguard/scene_builder.h"
#include "scene/redguard/world_catalog.h"
#include "scene/scene_dump.h"
#include "scene/scene_limits.h"
#include "tests/scene/scene_fixture.h"

#include "base/error.h"
#include "loaders/file_io.h"
#include "loaders/redguard/model3d.h"
#include "loaders/redguard/ragr.h"
#include "loaders/redguard/rgm.h"
#include "loaders/redguard/rob.h"
#include "loaders/redguard/wld.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>

namespace rgx::scene {
namespace {

using test::Fixture;

const SceneNode& node(const Scene& s, const std::string& name) {
    for (const SceneNode& n : s.nodes) {
        if (n.name == name) return n;
    }
    throw std::runtime_error("no node " + name);
}

TEST(ModelResolver, NormalizesNames) {
    EXPECT_EQ(normalizeModelName("direct.3"), "DIRECT");
    EXPECT_EQ(normalizeModelName("fxart\\FVPRA001.3DC"), "FVPRA001");
    EXPECT_EQ(normalizeModelName("box"), "BOX");
}

TEST(ModelResolver, DirectFileBeforeRobSegment) {
    const Fixture fx("resolve_order");
    // A direct file named like a ROB segment wins over the segment.
    loaders::writeFile(fx.dir / "fxart" / "BOX.3D", loaders::readFile(fx.dir / "fxart" / "Direct.3d"));
    const GameFs fs(fx.dir);
    ModelResolver r(fs);
    EXPECT_EQ(r.locate("box").source, "fxart/BOX.3D");
    EXPECT_EQ(r.locate("WIN").source, "fxart/TEST.ROB:WIN");
    EXPECT_EQ(r.locate("WIN").renderMode, RenderMode::Transparent);
    // Type 512: the segment sends the lookup to the external 3DC.
    EXPECT_EQ(r.locate("EXT").source, "fxart/EXT.3DC");
    EXPECT_TRUE(r.locate("DIRECT.3").found());
    EXPECT_FALSE(r.locate("NOSUCH").found());
    EXPECT_NE(r.locate("NOSUCH").problem.find("no ROB segment NOSUCH"), std::string::npos);
}

// Redguard's ROB render mode bytes onto the neutral modes: the four the reference names (0 in the
// flags' high byte reads as 0xFF), any other byte Other, which draws as standard but keeps its name.
TEST(RenderModes, RedguardsRobBytesMapOntoTheSceneModes) {
    EXPECT_EQ(renderModeFromRob(0xFF), RenderMode::Standard);
    EXPECT_EQ(renderModeFromRob(0x8C), RenderMode::Transparent);
    EXPECT_EQ(renderModeFromRob(0xC8), RenderMode::Water);
    EXPECT_EQ(renderModeFromRob(0x5A), RenderMode::Beam);
    EXPECT_EQ(renderModeFromRob(0x12), RenderMode::Other);
    loaders::RobSegment zero;
    zero.flags = 0x0012;
    EXPECT_EQ(renderModeFromRob(loaders::robRenderMode(zero)), RenderMode::Standard);
    EXPECT_STREQ(renderModeName(RenderMode::Other), "other");
    EXPECT_STREQ(renderModeName(RenderMode::Water), "water");
}

TEST(ModelResolver, FxartRobsBeforeMapsRobs) {
    const Fixture fx("resolve_robs");
    loaders::Rob other;
    loaders::ModelSpec spec;
    spec.positions = {{0, 0, 0}, {256, 0, 0}, {0, 256, 0}};
    loaders::ModelFaceSpec f;
    f.vertices = {0, 1, 2};
    f.solidColor = 3;
    spec.faces = {f};
    other.segments.push_back(loaders::robModelSegment("WIN", loaders::buildModel(spec)));
    other.segments.push_back(loaders::robModelSegment("ONLYMAP", loaders::buildModel(spec)));
    loaders::writeFile(fx.dir / "maps" / "ZZZ.ROB", loaders::writeRob(other));
    other.segments.push_back(loaders::robModelSegment("ONLY3D", loaders::buildModel(spec)));
    loaders::writeFile(fx.dir / "3dart" / "AAA.ROB", loaders::writeRob(other));
    const GameFs fs(fx.dir);
    ModelResolver r(fs);
    EXPECT_EQ(r.locate("WIN").source, "fxart/TEST.ROB:WIN");
    EXPECT_EQ(r.locate("ONLYMAP").source, "maps/ZZZ.ROB:ONLYMAP");
    EXPECT_EQ(r.locate("ONLY3D").source, "3dart/AAA.ROB:ONLY3D");
}

TEST(SceneBuilder, ScriptNameIsTheLastResort) {
    const Fixture fx("script_name");
    loaders::Rgm rgm;
    loaders::RgmMpob byScript; // no model name, no RAHD actor: the script name BOX is the model
    byScript.scriptName = "BOX";
    loaders::RgmMpob named; // an explicit model name wins over the script name
    named.scriptName = "BOX";
    named.modelName = "WIN";
    rgm.mpob = {byScript, named};
    loaders::writeFile(fx.dir / "maps" / "INSIDE.RGM", loaders::writeRgm(rgm));
    const GameFs fs(fx.dir);
    const Scene s = buildWorldScene(fs, 1);
    EXPECT_TRUE(s.warnings.empty()) << sceneSummary(s);
    EXPECT_EQ(node(s, "B_000_BOX").kind, NodeKind::Object);
    EXPECT_EQ(node(s, "B_000_BOX").model, "BOX");
    EXPECT_EQ(node(s, "B_001_BOX").model, "WIN");
}

TEST(SceneBuilder, AssemblesEveryRecordType) {
    const Fixture fx("world");
    const GameFs fs(fx.dir);
    std::vector<std::string> progress;
    const Scene s = buildWorldScene(fs, 0, [&](const std::string& l) { progress.push_back(l); });
    EXPECT_TRUE(s.warnings.empty()) << sceneSummary(s);
    ASSERT_FALSE(progress.empty());
    EXPECT_EQ(progress.back(), "9 files read, 4 models built, 14 nodes"); // WORLD.INI is read before

    EXPECT_EQ(s.countNodes(NodeKind::Terrain), 1u);
    EXPECT_EQ(s.countNodes(NodeKind::Object), 3u);  // BOX, ACTOR via RAAN, DIRECT.3
    EXPECT_EQ(s.countNodes(NodeKind::Trigger), 1u); // WATERSND: no model, no warning
    EXPECT_EQ(s.countNodes(NodeKind::Static), 1u);
    EXPECT_EQ(s.countNodes(NodeKind::Rope), 1u);
    EXPECT_EQ(s.countNodes(NodeKind::RopeLink), 3u);
    EXPECT_EQ(s.countNodes(NodeKind::RopeEnd), 1u);
    EXPECT_EQ(s.countNodes(NodeKind::Flat), 1u);
    EXPECT_EQ(s.countNodes(NodeKind::Light), 1u);
    EXPECT_EQ(s.countNodes(NodeKind::Marker), 1u);

    // RAHD/RAAN fallback and the RAEX skin override.
    const SceneNode& actor = node(s, "B_001_ACTOR");
    EXPECT_EQ(actor.model, "EXT");
    EXPECT_EQ(actor.textureOverride, test::kSkinTexture);
    const Mesh& actorMesh = s.meshes[static_cast<std::size_t>(actor.mesh)];
    EXPECT_TRUE(actorMesh.animated);
    // The source model stays reachable for frame playback; static meshes keep none.
    ASSERT_TRUE(actorMesh.animation);
    EXPECT_EQ(loaders::decodableFrameCount(*actorMesh.animation), 3u);
    EXPECT_FALSE(s.meshes[static_cast<std::size_t>(node(s, "B_000_CRATE").mesh)].animation);
    bool skinned = false;
    for (const Submesh& sm : actorMesh.submeshes) {
        const Material& m = s.materials[sm.material];
        if (!m.solid)
            skinned =
                skinned || s.textures[static_cast<std::size_t>(m.texture)].textureId == test::kSkinTexture;
    }
    EXPECT_TRUE(skinned);
    EXPECT_EQ(node(s, "B_003_THING").model, "DIRECT");
    EXPECT_EQ(node(s, "B_002_WATERSND").mesh, -1);

    // Each model built once: BOX serves the MPOB and the three rope links.
    EXPECT_EQ(node(s, "B_000_CRATE").mesh, node(s, "R000_BOX_L0").mesh);
    EXPECT_EQ(node(s, "R000_BOX_L2").parent, static_cast<int>(&node(s, "R000_BOX") - s.nodes.data()));
    // Links 16 engine units apart (the reference's 0.8 in its exporter's 1/20 units), whatever the
    // link model's size (the BOX is 64 tall): link 0 hangs 16 below the anchor at scene y 1000,
    // link 2 at 48, the end model one more below the third and last link.
    EXPECT_DOUBLE_EQ(node(s, "R000_BOX_L0").world.m[1][3], 1000 - 16);
    EXPECT_DOUBLE_EQ(node(s, "R000_BOX_L2").world.m[1][3], 1000 - 3 * 16);
    EXPECT_DOUBLE_EQ(node(s, "R000_BOX_END").world.m[1][3], 1000 - 4 * 16);

    // ROB render mode carried to the mesh and its materials.
    const Mesh& win = s.meshes[static_cast<std::size_t>(node(s, "S000_WIN").mesh)];
    EXPECT_EQ(win.renderMode, RenderMode::Transparent);
    EXPECT_EQ(s.materials[win.submeshes[0].material].renderMode, RenderMode::Transparent);

    // Flat: texture-sized upright quad.
    const SceneNode& flat = node(s, "F000_172/1");
    const Mesh& quad = s.meshes[static_cast<std::size_t>(flat.mesh)];
    EXPECT_DOUBLE_EQ(quad.bounds.max.x - quad.bounds.min.x, test::kFlatWidth);
    EXPECT_DOUBLE_EQ(quad.bounds.max.y - quad.bounds.min.y, test::kFlatHeight);
    EXPECT_DOUBLE_EQ(flat.world.m[1][3], 50);

    // Light colour.
    ASSERT_TRUE(node(s, "L000").light);
    EXPECT_EQ(node(s, "L000").light->color, (loaders::ColorRgb{255, 128, 0}));

    // Solid faces take their colour from the world palette (index 7 -> (7, 0, 248)).
    bool solid7 = false;
    for (const Material& m : s.materials)
        solid7 = solid7 || (m.solid && m.colorIndex == 7 && m.color == loaders::ColorRgb{7, 0, 248});
    EXPECT_TRUE(solid7);

    // Textures are kept once per (bank, image) however many meshes use them.
    for (std::size_t i = 0; i < s.textures.size(); ++i) {
        for (std::size_t j = i + 1; j < s.textures.size(); ++j) {
            EXPECT_FALSE(s.textures[i].textureId == s.textures[j].textureId &&
                         s.textures[i].imageId == s.textures[j].imageId);
        }
    }
}

TEST(SceneBuilder, ModelVerticesFollowTheConvention) {
    const Fixture fx("mesh");
    const GameFs fs(fx.dir);
    const Scene s = buildWorldScene(fs, 1);
    ASSERT_EQ(s.meshes.size(), 1u);
    const Mesh& box = s.meshes[0];
    // Engine y 0..-64 (up) becomes scene y 0..64.
    EXPECT_DOUBLE_EQ(box.bounds.min.y, 0);
    EXPECT_DOUBLE_EQ(box.bounds.max.y, test::kBoxHeight);
    EXPECT_DOUBLE_EQ(box.bounds.max.x, test::kBoxHalf);
    // Triangles are counter-clockwise seen from their normal's side.
    for (std::size_t t = 0; t < box.indices.size(); t += 3) {
        const MeshVertex& a = box.vertices[box.indices[t]];
        const MeshVertex& b = box.vertices[box.indices[t + 1]];
        const MeshVertex& c = box.vertices[box.indices[t + 2]];
        const Vec3 e1{b.position[0] - a.position[0], b.position[1] - a.position[1],
                      b.position[2] - a.position[2]};
        const Vec3 e2{c.position[0] - a.position[0], c.position[1] - a.position[1],
                      c.position[2] - a.position[2]};
        const Vec3 n{e1.y * e2.z - e1.z * e2.y, e1.z * e2.x - e1.x * e2.z, e1.x * e2.y - e1.y * e2.x};
        EXPECT_GT(n.x * a.normal[0] + n.y * a.normal[1] + n.z * a.normal[2], 0) << "triangle " << t / 3;
    }
    // UVs: 8 px deltas on an 8 px texture span 0..1.
    float maxU = 0;
    for (const MeshVertex& v : box.vertices)
        maxU = std::max(maxU, v.uv[0]);
    EXPECT_FLOAT_EQ(maxU, 1.0f);
}

TEST(SceneBuilder, TerrainGridHeightsTexturesWater) {
    const Fixture fx("terrain");
    const GameFs fs(fx.dir);
    const Scene s = buildWorldScene(fs, 0);
    ASSERT_TRUE(s.terrain);
    const TerrainGrid& t = *s.terrain;
    EXPECT_EQ(t.height.size(), 256u * 256u);
    EXPECT_FLOAT_EQ(t.height[2 * 256 + 3], static_cast<float>(loaders::kWldHeightTable[50]));
    EXPECT_FLOAT_EQ(t.height[0], static_cast<float>(loaders::kWldHeightTable[10]));
    EXPECT_EQ(t.waterCells, 4u);
    EXPECT_EQ(t.water[0], 1);
    EXPECT_EQ(t.water[2], 0); // cell (0, 2) has corners at column 3: grass
    const Mesh& mesh = s.meshes[static_cast<std::size_t>(node(s, "terrain").mesh)];
    EXPECT_EQ(mesh.triangleCount(), 255u * 255u * 2u);
    // The vertex at (row 2, column 3) sits at scene x = 768, z = 512.
    bool found = false;
    for (const MeshVertex& v : mesh.vertices) {
        if (v.position[0] == 768.0f && v.position[2] == 512.0f) {
            found = true;
            EXPECT_FLOAT_EQ(v.position[1], static_cast<float>(loaders::kWldHeightTable[50]));
        }
    }
    EXPECT_TRUE(found);
    // Cell (5, 5) is turned one quarter: its top-left corner takes the top-right UV (1, 0).
    const std::size_t cellVertex = (5u * 255u + 5u) * 4u;
    EXPECT_FLOAT_EQ(mesh.vertices[cellVertex].uv[0], 1.0f);
    EXPECT_FLOAT_EQ(mesh.vertices[cellVertex].uv[1], 0.0f);
    // Water cells use the water render mode.
    bool waterMaterial = false;
    for (const Submesh& sm : mesh.submeshes)
        waterMaterial = waterMaterial || s.materials[sm.material].renderMode == RenderMode::Water;
    EXPECT_TRUE(waterMaterial);
}

// The terrain's textures come from TEXBSI.302 whatever bank the WLD sections name (the engine
// hard-wires 302; the fixture also ships TEXBSI.170).
TEST(SceneBuilder, TerrainTexturesComeFromTexbsi302) {
    const Fixture fx("terrain302");
    const std::filesystem::path wldPath = fx.dir / "maps" / "TEST.WLD";
    loaders::Wld wld = loaders::readWld(loaders::readFile(wldPath), "TEST.WLD");
    for (auto& section : wld.sections)
        section.header[3] = 170; // texbsi_file
    loaders::writeFile(wldPath, loaders::writeWld(wld));
    const Scene s = buildWorldScene(GameFs(fx.dir), 0);
    ASSERT_TRUE(s.terrain);
    EXPECT_EQ(s.terrain->textureBank, 302);
    const Mesh& mesh = s.meshes[static_cast<std::size_t>(node(s, "terrain").mesh)];
    for (const Submesh& sm : mesh.submeshes) {
        const Material& m = s.materials[sm.material];
        ASSERT_GE(m.texture, 0);
        EXPECT_EQ(s.textures[static_cast<std::size_t>(m.texture)].textureId, 302);
    }
}

TEST(SceneBuilder, AnimatedTexturesKeepTheirPaletteAndScale) {
    const Fixture fx("cmap");
    const GameFs fs(fx.dir);
    const Scene s = buildWorldScene(fs, 0);
    const SceneTexture* animated = nullptr;
    const SceneTexture* plain = nullptr;
    for (const SceneTexture& t : s.textures) {
        if (t.textureId == 170 && t.imageId == 1) animated = &t;
        if (t.textureId == 170 && t.imageId == 0) plain = &t;
    }
    ASSERT_TRUE(animated && plain);
    EXPECT_EQ(animated->frameCount(), 2);
    EXPECT_TRUE(animated->image && animated->image->palette) << "the image carries a CMAP";
    // The reference's order: the scene's COL first, so the CMAP is not used in a world with one.
    EXPECT_TRUE(s.colPalette);
    EXPECT_FALSE(animated->embeddedPalette);
    EXPECT_EQ(animated->palette(s.palette)[16], (loaders::ColorRgb{16, 0, 239}));
    EXPECT_DOUBLE_EQ(animated->texScale, 2.0);
    EXPECT_FALSE(plain->embeddedPalette);
    EXPECT_EQ(plain->palette(s.palette)[16], (loaders::ColorRgb{16, 0, 239}));
    // tex_scale multiplies the UVs: the WIN box (170/1) spans 0..2 in u.
    const Mesh& win = s.meshes[static_cast<std::size_t>(node(s, "S000_WIN").mesh)];
    float maxU = 0;
    for (const MeshVertex& v : win.vertices)
        maxU = std::max(maxU, v.uv[0]);
    EXPECT_FLOAT_EQ(maxU, 2.0f);
}

// Without the scene's COL (a grey ramp stands in), the image's CMAP comes next.
TEST(SceneBuilder, AnimatedTexturesTakeTheirCmapWhereNoColWasRead) {
    const Fixture fx("cmap_no_col");
    const GameFs fs(fx.dir);
    const std::optional<std::string> col = loadWorldCatalog(fs).world(0).palette;
    ASSERT_TRUE(col && fs.exists(*col));
    std::filesystem::remove(fs.resolve(*col));
    const Scene s = buildWorldScene(fs, 0);
    EXPECT_FALSE(s.colPalette);
    const SceneTexture* animated = nullptr;
    for (const SceneTexture& t : s.textures)
        if (t.textureId == 170 && t.imageId == 1) animated = &t;
    ASSERT_TRUE(animated);
    EXPECT_TRUE(animated->embeddedPalette);
    EXPECT_EQ(animated->palette(s.palette)[16], (loaders::ColorRgb{1, 2, 3}));
}

TEST(SceneBuilder, DeletedModelGivesPlaceholderAndExactlyOneWarning) {
    const Fixture fx("deleted");
    std::filesystem::remove(fx.dir / "fxart" / "Direct.3d"); // used by an MPOB and the rope's end
    const GameFs fs(fx.dir);
    const Scene s = buildWorldScene(fs, 0);
    ASSERT_EQ(s.warnings.size(), 1u) << sceneSummary(s);
    EXPECT_NE(s.warnings[0].find("DIRECT"), std::string::npos) << s.warnings[0];
    EXPECT_EQ(s.stats.placeholders, 1u);
    const Mesh& m = s.meshes[static_cast<std::size_t>(node(s, "B_003_THING").mesh)];
    EXPECT_TRUE(m.placeholder);
    EXPECT_EQ(node(s, "R000_BOX_END").mesh, node(s, "B_003_THING").mesh);
    EXPECT_TRUE(s.materials[m.submeshes[0].material].placeholder);
}

TEST(SceneBuilder, BrokenRobIsNamedInTheWarning) {
    const Fixture fx("broken_rob");
    loaders::writeFile(fx.dir / "fxart" / "TEST.ROB", loaders::Bytes{'O', 'A', 'R', 'C', 0, 0});
    const GameFs fs(fx.dir);
    const Scene s = buildWorldScene(fs, 0); // BOX and WIN lived in the ROB
    ASSERT_EQ(s.warnings.size(), 2u) << sceneSummary(s);
    EXPECT_NE(s.warnings[0].find("model BOX"), std::string::npos) << s.warnings[0];
    EXPECT_NE(s.warnings[0].find("unreadable fxart/TEST.ROB"), std::string::npos) << s.warnings[0];
    EXPECT_EQ(s.stats.placeholders, 2u);
}

// Reading policy (issue 12): one unreadable model inside a ROB costs that model, not the archive.
// The reader's warning (absolute offset inside the ROB) reaches the scene's warnings, BOX gets a
// placeholder and WIN, from the same ROB, is still built.
TEST(SceneBuilder, OneBrokenRobSegmentCostsOnlyThatModel) {
    const Fixture fx("broken_segment");
    const auto robPath = fx.dir / "fxart" / "TEST.ROB";
    loaders::Rob rob = loaders::readRob(loaders::readFile(robPath), "TEST.ROB");
    std::size_t box = rob.segments.size(), offset = 20;
    for (std::size_t i = 0; i < rob.segments.size(); ++i) {
        if (rob.segments[i].name == "BOX") box = i;
        if (box == rob.segments.size()) offset += 80 + rob.segments[i].data.size();
    }
    ASSERT_LT(box, rob.segments.size());
    rob.segments[box].data[0] = 'x'; // "x4.0": no layout to read the model by
    loaders::writeFile(robPath, loaders::writeRob(rob));
    const GameFs fs(fx.dir);
    const Scene s = buildWorldScene(fs, 0);
    ASSERT_EQ(s.warnings.size(), 2u) << sceneSummary(s);
    char at[32];
    std::snprintf(at, sizeof at, "offset 0x%zx: version", offset + 80);
    EXPECT_NE(s.warnings[1].find(at), std::string::npos) << s.warnings[1];
    EXPECT_NE(s.warnings[1].find("the segment has no model"), std::string::npos) << s.warnings[1];
    EXPECT_NE(s.warnings[0].find("model BOX"), std::string::npos) << s.warnings[0];
    EXPECT_EQ(s.stats.placeholders, 1u);
    EXPECT_FALSE(s.meshes[static_cast<std::size_t>(node(s, "S000_WIN").mesh)].placeholder);
}

// An MPRP length is an int16: ropes may ask for millions of link nodes between them, so the scene
// places at most kMaxSceneRopeLinks and says which rope came short.
TEST(SceneBuilder, RopeLinksPastTheScenesBudgetAreDroppedWithAWarning) {
    const Fixture fx("rope_budget");
    const auto mapPath = fx.dir / "maps" / "TEST.RGM";
    loaders::Rgm rgm = loaders::readRgm(loaders::readFile(mapPath), "TEST.RGM");
    ASSERT_EQ(rgm.mprp.size(), 1u);
    rgm.mprp[0].length = 32767;
    rgm.mprp = {rgm.mprp[0], rgm.mprp[0], rgm.mprp[0], rgm.mprp[0]};
    loaders::writeFile(mapPath, loaders::writeRgm(rgm));
    const Scene s = buildWorldScene(GameFs(fx.dir), 0);
    std::size_t links = 0;
    for (const SceneNode& n : s.nodes)
        links += n.kind == NodeKind::RopeLink;
    EXPECT_EQ(links, static_cast<std::size_t>(kMaxSceneRopeLinks));
    // One warning for every rope cut: the third gets 2 links, the fourth none.
    ASSERT_EQ(s.warnings.size(), 1u) << sceneSummary(s);
    EXPECT_NE(
        s.warnings[0].find("2 ropes cut short, 65532 links left out, from MPRP 2 (R002_BOX, 32767 links "
                           "asked, 2 placed) on"),
        std::string::npos)
        << s.warnings[0];
    // The short rope's end hangs below its last placed link.
    const auto end = std::find_if(s.nodes.begin(), s.nodes.end(),
                                  [](const SceneNode& n) { return n.name == "R002_BOX_END"; });
    ASSERT_NE(end, s.nodes.end());
    EXPECT_EQ(end->world, mprpLinkTransform(rgm.mprp[2], 2, kRopeLinkSpacing));
}

// One actor's RAAN table may run to the end of the section: the scene keeps kMaxActorFiles of it.
TEST(SceneBuilder, RaanEntriesPastTheBudgetAreDroppedWithAWarning) {
    const Fixture fx("raan_budget");
    const auto mapPath = fx.dir / "maps" / "TEST.RGM";
    loaders::Rgm rgm = loaders::readRgm(loaders::readFile(mapPath), "TEST.RGM");
    ASSERT_EQ(rgm.rahd.actors.size(), 1u);
    const std::size_t asked = kMaxActorFiles + 76;
    rgm.raan.assign(asked, rgm.raan.at(0));
    rgm.rahd.actors[0].raanCount = static_cast<std::int32_t>(asked);
    rgm.rahd.actors[0].ragrOffset = 0;
    loaders::RgmAnimList list;
    const std::uint32_t loop[] = {loaders::encodeRagrCommand({0, {0, 0, 0}}),
                                  loaders::encodeRagrCommand({2, {0, 0, 0}})};
    loaders::addRgmAnimGroup(list, 0, 0, 0, loop);
    rgm.ragr = {list};
    rgm.layout.clear(); // the read map's layout has no RAGR section: write every section present
    loaders::writeFile(mapPath, loaders::writeRgm(rgm));
    const Scene s = buildWorldScene(GameFs(fx.dir), 0);
    ASSERT_EQ(s.redguard.animations.size(), 1u) << sceneSummary(s);
    EXPECT_EQ(s.redguard.animations[0].files.size(), kMaxActorFiles);
    ASSERT_EQ(s.warnings.size(), 1u) << sceneSummary(s);
    EXPECT_NE(s.warnings[0].find(std::to_string(asked) + " RAAN entries; the first " +
                                 std::to_string(kMaxActorFiles)),
              std::string::npos)
        << s.warnings[0];
}

// Many actors sharing large tables: the scene's RAAN entries in all and the group-list commands
// it copies have budgets, each cut said in one warning; a missing RAAN file is said once.
TEST(SceneBuilder, ActorTablesPastTheScenesBudgetsAreCutWithOneWarningEach) {
    // `actors` RAHD scripts, each placed once and naming the same RAAN table and group list.
    const auto build = [](const std::string& tag, std::size_t actors, std::size_t raanEntries,
                          std::size_t listCommands) {
        const Fixture fx(tag);
        const auto mapPath = fx.dir / "maps" / "TEST.RGM";
        loaders::Rgm rgm = loaders::readRgm(loaders::readFile(mapPath), "TEST.RGM");
        const loaders::RgmActor actor = rgm.rahd.actors.at(0);
        const loaders::RgmMpob placed = rgm.mpob.at(1);
        const loaders::RgmRaanEntry found = rgm.raan.at(0);
        loaders::RgmRaanEntry gone = found;
        gone.path = "fxart\\GONE.3DC";
        rgm.raan.assign(raanEntries, found);
        rgm.raan[0] = gone;
        // Groups of at most 20,000 commands (a group's entry_size is a u16 of bytes).
        loaders::RgmAnimList list;
        for (std::size_t left = listCommands, g = 0; left > 0; ++g) {
            const std::size_t n = std::min<std::size_t>(left, 20000);
            std::vector<std::uint32_t> commands(n - 1, loaders::encodeRagrCommand({0, {0, 0, 0}}));
            commands.push_back(loaders::encodeRagrCommand({2, {0, 0, 0}}));
            loaders::addRgmAnimGroup(list, static_cast<std::uint16_t>(g), 0, 0, commands);
            left -= n;
        }
        rgm.ragr = {list};
        rgm.rahd.actors.clear();
        rgm.mpob.clear();
        for (std::size_t a = 0; a < actors; ++a) {
            loaders::RgmActor r = actor;
            r.scriptName = std::string(1, 'A').append(std::to_string(a));
            r.raanCount = static_cast<std::int32_t>(raanEntries);
            r.raanOffset = 0;
            r.ragrOffset = 0;
            rgm.rahd.actors.push_back(r);
            loaders::RgmMpob m = placed;
            m.scriptName = r.scriptName;
            rgm.mpob.push_back(m);
        }
        rgm.layout.clear();
        loaders::writeFile(mapPath, loaders::writeRgm(rgm));
        return buildWorldScene(GameFs(fx.dir), 0);
    };
    const auto count = [](const Scene& s, const std::string& text) {
        return std::count_if(s.warnings.begin(), s.warnings.end(),
                             [&](const std::string& w) { return w.find(text) != std::string::npos; });
    };
    {
        // 70 actors x 1,024 entries: 71,680 asked of 65,536.
        const Scene s = build("actor_files_budget", 70, kMaxActorFiles, 2);
        std::size_t files = 0;
        for (const ActorAnimation& a : s.redguard.animations)
            files += a.files.size();
        EXPECT_EQ(files, kMaxSceneActorFiles);
        EXPECT_EQ(count(s, "RAAN file fxart\\GONE.3DC not found"), 1) << sceneSummary(s);
        EXPECT_EQ(count(s, "6 actors left unanimated: the scene's RAAN entries were spent"), 1)
            << sceneSummary(s);
        EXPECT_EQ(count(s, std::to_string(70 * kMaxActorFiles - kMaxSceneActorFiles) +
                               " RAAN entries left out: a scene uses at most " +
                               std::to_string(kMaxSceneActorFiles)),
                  1)
            << sceneSummary(s);
    }
    {
        // 20 actors x a list of 300,000 commands in 15 groups: 13 copies fit the 2^22.
        const Scene s = build("animation_commands_budget", 20, 2, 300000);
        const std::size_t fit = kMaxSceneAnimationCommands / (300000 + 15);
        EXPECT_EQ(s.redguard.animations.size(), fit);
        EXPECT_EQ(count(s, std::to_string(20 - fit) + " actors left unanimated"), 1) << sceneSummary(s);
    }
}

TEST(SceneBuilder, MissingTextureAndPaletteWarnButBuild) {
    const Fixture fx("missing_tex");
    std::filesystem::remove(fx.dir / "fxart" / "texbsi.172");
    std::filesystem::remove(fx.dir / "fxart" / "test.col");
    const GameFs fs(fx.dir);
    const Scene s = buildWorldScene(fs, 0);
    ASSERT_EQ(s.warnings.size(), 2u) << sceneSummary(s);
    EXPECT_NE(s.warnings[0].find("3DART\\test.COL"), std::string::npos);
    EXPECT_NE(s.warnings[1].find("fxart/TEXBSI.172"), std::string::npos);
}

TEST(SceneBuilder, UnknownWorldAndMissingMapThrow) {
    const Fixture fx("errors");
    const GameFs fs(fx.dir);
    EXPECT_THROW(buildWorldScene(fs, 7), Error);
    std::filesystem::remove(fx.dir / "maps" / "INSIDE.RGM");
    try {
        buildWorldScene(fs, 1);
        FAIL();
    } catch (const Error& e) {
        EXPECT_EQ(e.path(), "maps\\inside.rgm");
    }
}

TEST(ModelViewer, RobLaidOutInAGrid) {
    const Fixture fx("viewer");
    const GameFs fs(fx.dir);
    const Scene s = buildModelScene(fx.dir / "fxart" / "TEST.ROB", &fs);
    EXPECT_TRUE(s.warnings.empty()) << sceneSummary(s);
    ASSERT_EQ(s.nodes.size(), 3u);
    EXPECT_EQ(s.countNodes(NodeKind::Model), 3u);
    // 3 items -> 2 columns; cell = 64 * 1.25 = 80.
    EXPECT_DOUBLE_EQ(s.nodes[1].world.m[0][3], 80);
    EXPECT_DOUBLE_EQ(s.nodes[2].world.m[2][3], 80);
    EXPECT_EQ(s.meshes[2].source, (fx.dir / "fxart" / "EXT.3DC").string());
    const Scene one = buildModelScene(fx.dir / "fxart" / "TEST.ROB", &fs, "win");
    ASSERT_EQ(one.nodes.size(), 1u);
    EXPECT_EQ(one.nodes[0].name, "WIN");
    EXPECT_THROW(buildModelScene(fx.dir / "fxart" / "TEST.ROB", &fs, "NOPE"), Error);
    const Scene single = buildModelScene(fx.dir / "fxart" / "Direct.3d", nullptr);
    EXPECT_EQ(single.nodes.size(), 1u);
    EXPECT_FALSE(single.warnings.empty()); // no game directory: textures are stand-ins
}

// A ROB opened whole lists every segment for the catalogue, in order, with how its model was found
// and its face count; one --segment, or a lone model file, lists nothing (no catalogue).
TEST(ModelViewer, RobOpenedWholeListsItsSegments) {
    const Fixture fx("viewer_catalog");
    loaders::Rob rob = loaders::readRob(loaders::readFile(fx.dir / "fxart" / "TEST.ROB"), "TEST.ROB");
    rob.segments.push_back(loaders::robExternalSegment("GONE")); // no GONE.3DC anywhere
    rob.segments[1].type = loaders::kRobMenuEmbedded;
    loaders::writeFile(fx.dir / "fxart" / "TEST.ROB", loaders::writeRob(rob));
    const GameFs fs(fx.dir);
    const Scene s = buildModelScene(fx.dir / "fxart" / "TEST.ROB", &fs);
    ASSERT_EQ(s.catalog.size(), 4u);
    const std::size_t boxFaces = rob.segments[0].model->faces.size();
    ASSERT_GT(boxFaces, 0u);
    EXPECT_EQ(s.catalog[0].name, "BOX");
    EXPECT_EQ(s.catalog[0].kind, SegmentKind::Model3d);
    EXPECT_EQ(s.catalog[0].faces, boxFaces);
    EXPECT_EQ(s.catalog[1].name, "WIN");
    EXPECT_EQ(s.catalog[1].kind, SegmentKind::Menu3d);
    EXPECT_EQ(s.catalog[2].name, "EXT");
    EXPECT_EQ(s.catalog[2].kind, SegmentKind::External3dc);
    EXPECT_EQ(s.catalog[2].faces, boxFaces); // EXT.3DC is the same box
    EXPECT_EQ(s.catalog[3].name, "GONE");
    EXPECT_EQ(s.catalog[3].kind, SegmentKind::Placeholder);
    EXPECT_EQ(s.catalog[3].faces, 0u);
    for (std::size_t i = 0; i < s.catalog.size(); ++i) {
        ASSERT_GE(s.catalog[i].node, 0);
        EXPECT_EQ(s.nodes[static_cast<std::size_t>(s.catalog[i].node)].name, s.catalog[i].name);
    }
    EXPECT_EQ(segmentKindName(SegmentKind::External3dc), "3DC");
    EXPECT_EQ(segmentKindName(SegmentKind::Placeholder), "placeholder");
    EXPECT_TRUE(buildModelScene(fx.dir / "fxart" / "TEST.ROB", &fs, "EXT").catalog.empty());
    EXPECT_TRUE(buildModelScene(fx.dir / "fxart" / "Direct.3d", &fs).catalog.empty());
}

TEST(SceneDump, IsDeterministic) {
    const Fixture fx("dump");
    const GameFs fs(fx.dir);
    const std::string a = sceneDump(buildWorldScene(fs, 0));
    const std::string b = sceneDump(buildWorldScene(fs, 0));
    EXPECT_EQ(a, b);
    EXPECT_NE(a.find("B_000_CRATE object model=BOX"), std::string::npos) << a.substr(0, 2000);
    EXPECT_EQ(formatNumber(-0.0001), "0.000");
}

// Texture animation is timed in whole PIT ticks (reference: anim_delay converted to DOS timer
// ticks, round(ms x 18.2 / 1000), at least 1): 71 ms is 1 tick, 100 ms 2, 200 ms 4, 0 ms 1.
TEST(SceneTextures, FrameSecondsAreWholePitTicks) {
    const loaders::Bytes frame(64, 5);
    for (const auto& [ms, ticks] :
         {std::pair{71, 1}, std::pair{100, 2}, std::pair{200, 4}, std::pair{0, 1}}) {
        SceneTexture t;
        t.image =
            texbsiIndexedImage(loaders::makeTexbsiImage("ANIM", 8, 8, {frame, frame}, std::nullopt, ms));
        EXPECT_DOUBLE_EQ(t.frameSeconds(), ticks / 18.2) << ms << " ms";
    }
    SceneTexture t;
    t.image = texbsiIndexedImage(loaders::makeTexbsiImage("STILL", 8, 8, {frame}, std::nullopt, 200));
    EXPECT_EQ(t.frameSeconds(), 0.0);
    t.image = nullptr;
    EXPECT_EQ(t.frameSeconds(), 0.0);
}

} // namespace
} // namespace rgx::scene
