// The explorer's Inspector without a window (issue 32): picking every kind on the demo island,
// the record fields against `rgx info --json`'s records and the scene, the terrain cell, search,
// fly-to and bookmarks.

#include "app/explore/explore_bookmarks.h"
#include "app/explore/explore_inspect.h"
#include "app/explore/explore_inspector_panel.h"
#include "app/explore/explore_layout.h"
#include "app/explore/explore_pick.h"
#include "app/explore/explore_search.h"
#include "app/info/info_registry.h"
#include "app/info/rgm_record_fields.h"
#include "base/error.h"
#include "renderer/views/interior_view.h"
#include "scene/engine.h"
#include "scene/game_fs.h"
#include "scene/redguard/scene_builder.h"
#include "tests/support/demo_dir.h"
#include "tests/support/headless_imgui.h"
#include "tests/support/scratch_dir.h"

#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>

namespace rgx::app {
namespace {

const scene::Scene& island() {
    static const scene::Scene s = scene::buildWorldScene(scene::GameFs(rgx::testing::smallDemoDir()), 0);
    return s;
}

const loaders::Rgm& islandRgm() {
    static const loaders::Rgm rgm = [] {
        const scene::GameFs fs(rgx::testing::smallDemoDir());
        return loaders::readRgm(fs.read(*island().redguard.world->map), *island().redguard.world->map);
    }();
    return rgm;
}

int nodeNamed(const std::string& name) {
    const auto& nodes = island().nodes;
    for (std::size_t i = 0; i < nodes.size(); ++i)
        if (nodes[i].name == name) return static_cast<int>(i);
    return -1;
}

TEST(ExplorePick, RayTriangleAndBox) {
    const Vec3 a{0, 0, 0}, b{10, 0, 0}, c{0, 10, 0};
    EXPECT_NEAR(*rayTriangle({1, 1, -5}, {0, 0, 1}, a, b, c), 5, 1e-9);
    EXPECT_NEAR(*rayTriangle({1, 1, 5}, {0, 0, -2}, a, b, c), 2.5, 1e-9); // back face, direction not unit
    EXPECT_FALSE(rayTriangle({9, 9, -5}, {0, 0, 1}, a, b, c));            // beside it
    EXPECT_FALSE(rayTriangle({1, 1, 5}, {0, 0, 1}, a, b, c));             // behind the origin
    scene::Bounds box;
    box.add(Vec3{-1, -1, -1});
    box.add(Vec3{1, 1, 1});
    EXPECT_NEAR(*rayBox({0, 0, -5}, {0, 0, 1}, box), 4, 1e-9);
    EXPECT_EQ(*rayBox({0, 0, 0}, {0, 0, 1}, box), 0); // from inside
    EXPECT_FALSE(rayBox({3, 0, -5}, {0, 0, 1}, box));
}

// Fly to each kind (the search's Enter), then a click in the middle of the view picks it, and
// the camera has it in view.
TEST(ExplorePick, FlyToThenPickFindsEveryKind) {
    const scene::Scene& s = island();
    const std::vector<Vec3> triangles = renderer::placedTriangles(s);
    const view::Camera start = view::parseCamera("20000,3000,20000,0,-10");
    for (const char* name : {"S001_LIGHTHS", "B_000_WALKER", "F000_172/2", "L000", "M000", "R000_ROPELINK_L5",
                             "B_017_WATERSND"}) {
        const int node = nodeNamed(name);
        ASSERT_GE(node, 0) << name;
        const Selection want{node, std::nullopt};
        const view::Camera camera = flyToCamera(s, want, start, triangles);
        const auto sphere = selectionSphere(s, want, nullptr);
        ASSERT_TRUE(sphere) << name;
        const auto at = projectToView(camera, 16.0 / 9, {(*sphere)[0], (*sphere)[1], (*sphere)[2]});
        ASSERT_TRUE(at) << name;
        EXPECT_NEAR((*at)[0], 0.5, 0.02) << name;
        EXPECT_NEAR((*at)[1], 0.5, 0.02) << name;
        const auto hit = pickScene(s, cameraRay(camera, 0.5, 0.5, 16.0 / 9), {}, nullptr, 1e6);
        ASSERT_TRUE(hit) << name;
        EXPECT_EQ(hit->selection, want) << name << " picked node " << hit->selection.node;
    }
}

TEST(ExplorePick, TerrainCellUnderTheCentre) {
    const scene::Scene& s = island();
    const view::Camera down = view::parseCamera("20000,3000,20000,0,-89");
    const auto hit = pickScene(s, cameraRay(down, 0.5, 0.5, 16.0 / 9), {}, nullptr, 1e6);
    ASSERT_TRUE(hit);
    ASSERT_TRUE(hit->selection.cell);
    // Looking almost straight down from (20000, z 20000): cell 78 (78 x 256 = 19968) each way.
    EXPECT_EQ(*hit->selection.cell, (TerrainCell{78, 78}));
    EXPECT_EQ(hit->selection.node, -1);
    // With the terrain layer off nothing is there to pick.
    renderer::LayerToggles off;
    off.terrain = false;
    const auto none = pickScene(s, cameraRay(down, 0.5, 0.5, 16.0 / 9), off, nullptr, 1e6);
    EXPECT_FALSE(none && none->selection.cell);
    EXPECT_EQ(selectionOutline(s, hit->selection, nullptr).size(), 4u);
    EXPECT_EQ(selectionOutline(s, Selection{nodeNamed("S001_LIGHTHS"), std::nullopt}, nullptr).size(), 12u);
}

// The inspector's rows are rgx info --json's records for the node's section and index, and the
// decoded position is where the scene put the node.
TEST(ExploreInspect, RecordFieldsMatchInfoAndScene) {
    const scene::Scene& s = island();
    const scene::GameFs fs(rgx::testing::smallDemoDir());
    const nlohmann::json info = describeFile(fs.read(*s.redguard.world->map), *s.redguard.world->map);
    ASSERT_TRUE(info.contains("records"));
    for (const auto& [name, section] :
         std::initializer_list<std::pair<const char*, const char*>>{{"S001_LIGHTHS", "MPSO"},
                                                                    {"F000_172/2", "MPSF"},
                                                                    {"L000", "MPSL"},
                                                                    {"B_000_WALKER", "MPOB"},
                                                                    {"M000", "MPMK"},
                                                                    {"R000_ROPELINK_L5", "MPRP"}}) {
        const int node = nodeNamed(name);
        ASSERT_GE(node, 0) << name;
        const Inspection in = inspect(s, Selection{node, std::nullopt}, &islandRgm(), nullptr);
        EXPECT_EQ(in.section, section) << name;
        EXPECT_EQ(in.index, static_cast<int>(s.nodes[static_cast<std::size_t>(node)].source)) << name;
        EXPECT_EQ(recordFieldsJson(in.fields), info["records"][section][static_cast<std::size_t>(in.index)])
            << name;
        EXPECT_EQ(in.node["name"], name);
        const scene::SceneNode& n = s.nodes[static_cast<std::size_t>(node)];
        if (n.kind == scene::NodeKind::RopeLink) continue; // hangs below the record's position
        const Vec3 at = n.world.translationPart();
        const RecordField& scenePos = in.fields.back();
        ASSERT_EQ(scenePos.name, "scene_position");
        EXPECT_NEAR(scenePos.decoded[0].get<double>(), at.x, 1e-6) << name;
        EXPECT_NEAR(scenePos.decoded[1].get<double>(), at.y, 1e-6) << name;
        EXPECT_NEAR(scenePos.decoded[2].get<double>(), at.z, 1e-6) << name;
    }
    const Inspection actor =
        inspect(s, Selection{nodeNamed("B_000_WALKER"), std::nullopt}, &islandRgm(), nullptr);
    EXPECT_EQ(actor.actor, 0);
    EXPECT_GE(actor.scriptObject, 0);
    EXPECT_EQ(actor.script, "WALKER");
    EXPECT_FALSE(actor.textures.empty());
}

// The panel's own text, as ImGui draws it (its log, to ImGui's own clipboard), names the record the dump and
// `rgx info` name: section and index, the node's name, and each field's raw value.
TEST(ExploreInspectorPanel, ShowsTheRecordTheDumpNames) {
    rgx::testing::HeadlessImGuiContext imgui;
    const scene::Scene& s = island();
    const scene::GameFs fs(rgx::testing::smallDemoDir());
    const nlohmann::json info = describeFile(fs.read(*s.redguard.world->map), *s.redguard.world->map);
    for (const char* name : {"S001_LIGHTHS", "F000_172/2", "L000", "B_000_WALKER", "M000"}) {
        const int node = nodeNamed(name);
        ASSERT_GE(node, 0) << name;
        InspectorPanelState state;
        selectInInspector(state, Selection{node, std::nullopt});
        state.inspection = inspect(s, state.selection, &islandRgm(), nullptr);
        const nlohmann::json dump = inspectionJson(*state.inspection);
        std::string text;
        for (int frame = 0; frame < 2; ++frame) {
            ImGuiIO& io = ImGui::GetIO();
            io.DisplaySize = ImVec2(1280, 720);
            io.DeltaTime = 1.0f / 30;
            ImGui::NewFrame();
            if (frame == 1) ImGui::LogToClipboard();
            std::vector<PanelShown> shown;
            drawInspectorPanel(state, &s, Rect{0, 0, 640, 700}, shown, view::Camera{}, 0);
            // Ending the panel's window ends the log, which hands its text to the clipboard.
            if (frame == 1) text = ImGui::GetClipboardText();
            ImGui::Render();
        }
        const std::string section = dump.at("section").get<std::string>();
        const int index = dump.at("index").get<int>();
        ASSERT_TRUE(info["records"][section].size() > static_cast<std::size_t>(index)) << name;
        EXPECT_NE(text.find("RGM record: " + section + " " + std::to_string(index) + "\n"), std::string::npos)
            << name << ": the panel said\n"
            << text;
        EXPECT_NE(text.find(name), std::string::npos) << name;
        EXPECT_EQ(recordFieldsJson(state.inspection->fields),
                  info["records"][section][static_cast<std::size_t>(index)])
            << name;
    }
}

TEST(ExploreInspect, TerrainCellIsTheWldVertex) {
    const scene::Scene& s = island();
    const scene::GameFs fs(rgx::testing::smallDemoDir());
    const loaders::WldGrids grids =
        loaders::wldGrids(loaders::readWld(fs.read(*s.redguard.world->world), *s.redguard.world->world));
    const Inspection in = inspect(s, Selection{-1, TerrainCell{78, 79}}, nullptr, &grids);
    EXPECT_EQ(in.section, "WLD");
    const std::size_t v = 78 * 256 + 79;
    auto field = [&](const std::string& name) {
        for (const RecordField& f : in.fields)
            if (f.name == name) return f;
        ADD_FAILURE() << "no field " << name;
        return RecordField{};
    };
    EXPECT_EQ(field("height_index").raw, grids.heightIndex[v]);
    EXPECT_EQ(field("height").decoded.get<double>(), s.terrain->height[v]); // the scene's grid agrees
    EXPECT_EQ(field("texture_index").raw, grids.textureIndex[v]);
    EXPECT_EQ(field("rotation").raw, grids.rotation[v]);
    EXPECT_EQ(field("rotation").decoded, grids.rotation[v] * 90);
    EXPECT_FALSE(inspect(s, Selection{-1, TerrainCell{78, 79}}, nullptr, nullptr).recordProblem.empty());
}

TEST(ExploreSearch, FindsByNameModelScriptAndSection) {
    const scene::Scene& s = island();
    const Vec3 from{0, 0, 0};
    auto hits = searchNodes(s, "lighths", from);
    ASSERT_FALSE(hits.empty());
    EXPECT_EQ(hits.front().name, "S001_LIGHTHS");
    EXPECT_EQ(hits.front().kind, "static");
    hits = searchNodes(s, "walka001", from); // the walkers' model
    ASSERT_EQ(hits.size(), 3u);
    for (const SearchHit& h : hits) {
        EXPECT_EQ(h.kind, "object");
        EXPECT_NE(h.matched.find("model"), std::string::npos);
    }
    EXPECT_EQ(searchNodes(s, "mpsl", from).size(), 3u);         // a record type
    EXPECT_EQ(searchNodes(s, "guard object", from).size(), 2u); // script and kind, both words
    EXPECT_TRUE(searchNodes(s, "  ", from).empty());
    EXPECT_TRUE(searchNodes(s, "nothing-is-called-this", from).empty());
    // Nearest first.
    hits = searchNodes(s, "static", from);
    for (std::size_t i = 1; i < hits.size(); ++i)
        EXPECT_LE(hits[i - 1].distance, hits[i].distance);
}

// Another engine's nodes are found by their record's kind too (issue 42): the Daggerfall demo
// town's people by "rmb person", every hit a person record; its inspection names the file.
TEST(ExploreSearch, FindsAnotherEnginesRecordKinds) {
    const scene::GameFs fs(rgx::testing::smallDemoDir());
    const scene::Scene town = scene::buildGameWorld(fs, 1000);
    const std::vector<SearchHit> hits = searchNodes(town, "rmb person", {0, 0, 0});
    ASSERT_FALSE(hits.empty());
    for (const SearchHit& h : hits) {
        const scene::SceneNode& n = town.nodes[static_cast<std::size_t>(h.node)];
        ASSERT_GE(n.record, 0) << h.name;
        EXPECT_NE(town.records[static_cast<std::size_t>(n.record)].section.find("person"), std::string::npos);
        const Inspection in = inspect(town, Selection{h.node, std::nullopt}, nullptr, nullptr);
        EXPECT_EQ(in.file.rfind("ARENA2/BLOCKS.BSA:", 0), 0u) << in.file;
        EXPECT_FALSE(in.fields.empty());
    }
}

TEST(ExploreBookmarks, SaveLoadRoundTripPerGame) {
    const std::filesystem::path dir = rgx::testing::scratchDir("rgx_bookmarks_test");
    std::filesystem::remove_all(dir);
    ASSERT_EQ(setenv("XDG_CONFIG_HOME", dir.c_str(), 1), 0);
    const auto file = bookmarksFile();
    ASSERT_TRUE(file);
    EXPECT_EQ(*file, dir / "rgx" / "bookmarks.json");
    EXPECT_TRUE(loadBookmarks(*file, "demo").empty()); // no file yet
    Bookmark a{"harbour", 0, view::parseCamera("1,2,3,45,-10"), false};
    a.camera.fovYDeg = 75;
    const Bookmark b{"cellar", 2, view::parseCamera("-4,5.5,6,0,0"), false};
    const Bookmark builtIn{"marker M000", 0, view::parseCamera("0,0,0,0,0"), true};
    saveBookmarks(*file, "demo", {a, builtIn, b});
    saveBookmarks(*file, "/games/other", {b});
    EXPECT_EQ(loadBookmarks(*file, "demo"), (std::vector<Bookmark>{a, b})); // built-ins are not saved
    EXPECT_EQ(loadBookmarks(*file, "/games/other"), (std::vector<Bookmark>{b}));
    saveBookmarks(*file, "demo", {b}); // a delete keeps the other game's
    EXPECT_EQ(loadBookmarks(*file, "demo"), (std::vector<Bookmark>{b}));
    EXPECT_EQ(loadBookmarks(*file, "/games/other"), (std::vector<Bookmark>{b}));
    std::ofstream(*file) << "not json";
    EXPECT_THROW(loadBookmarks(*file, "demo"), Error);
    unsetenv("XDG_CONFIG_HOME");
    std::filesystem::remove_all(dir);
    EXPECT_EQ(bookmarksKey("/anything", true), "demo");
}

TEST(ExploreBookmarks, BuiltInsAreTheMarkersAndLocations) {
    const scene::Scene& s = island();
    std::size_t locations = 0;
    for (const scene::ScriptObject& o : s.redguard.scriptObjects)
        locations += s.redguard.scripts[o.script].locations.size();
    const std::vector<Bookmark> marks = builtInBookmarks(s, 0);
    ASSERT_EQ(marks.size(), s.countNodes(scene::NodeKind::Marker) + locations);
    EXPECT_EQ(marks.front().name, "marker M000");
    for (const Bookmark& m : marks) {
        EXPECT_TRUE(m.builtIn);
        EXPECT_EQ(m.world, 0);
    }
    // Each looks at its place: the marker in the middle of the view.
    const Vec3 m0 = s.nodes[static_cast<std::size_t>(nodeNamed("M000"))].world.translationPart();
    const auto at = projectToView(marks.front().camera, 16.0 / 9, m0);
    ASSERT_TRUE(at);
    EXPECT_NEAR((*at)[0], 0.5, 1e-6);
    EXPECT_NEAR((*at)[1], 0.5, 1e-6);
}

// The Inspector sits under the main window in the left column, open or folded, at any size, and
// with the right column's panels moved to the left for an actor's marker it goes to the right.
TEST(ExploreInspectorLayout, UnderTheMainWindowAtAnySize) {
    for (const auto& [w, h] :
         {std::pair{1280.0f, 720.0f}, {640.0f, 360.0f}, {400.0f, 300.0f}, {2560.0f, 1440.0f}})
        for (const bool open : {false, true}) {
            LayoutInput in;
            in.width = w;
            in.height = h;
            in.profilerOpen = in.scriptsOpen = in.actorsOpen = true;
            in.inspectorOpen = open;
            const PanelPlan p = planPanels(in);
            const Rect display{0, 0, w, h};
            EXPECT_TRUE(p.inspector.inside(display)) << w << "x" << h;
            EXPECT_FALSE(p.inspector.intersects(p.main)) << w << "x" << h;
            for (const Rect& r : {p.profiler, p.scripts, p.actors})
                EXPECT_FALSE(p.inspector.intersects(r)) << w << "x" << h;
            EXPECT_EQ(p.inspector.x, p.main.x);
            EXPECT_NEAR(p.inspector.h, open ? (h - 16) * 0.55f : in.titleHeight, 0.5f) << w << "x" << h;
        }
    LayoutInput in;
    in.width = 1280;
    in.height = 720;
    in.actorsOpen = in.inspectorOpen = true;
    in.keepClear = Rect{900, 0, 380, 720}; // the whole right column
    const PanelPlan p = planPanels(in);
    EXPECT_LT(p.actors.x, 640);
    EXPECT_GT(p.inspector.x, 640);
    EXPECT_EQ(p.inspector.x, p.main.x);
}

} // namespace
} // namespace rgx::app
