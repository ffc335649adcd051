// The explorer's overlay and controls (issue 29), without a window: the autoplay checked whole
// before a run, the panels' tiling at every window size (drawn by Dear ImGui itself, headless),
// a click on a folded title bar, the selected actor kept clear of its panel, "go to" standing
// clear of walls, and the world menu's names.

#include "app/explore/explore_actors.h"
#include "app/explore/explore_autoplay.h"
#include "app/explore/explore_layout.h"
#include "app/explore/explore_profiler.h"
#include "app/explore/explore_ui.h"
#include "base/error.h"
#include "renderer/views/interior_view.h"
#include "tests/support/headless_imgui.h"
#include "tests/support/scratch_dir.h"

#include <gtest/gtest.h>
#include <imgui.h>

#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>

namespace rgx::app {
namespace {

std::string parseError(const std::string& text) {
    try {
        parseAutoplay(text);
    } catch (const Error& e) {
        return e.what();
    }
    return "";
}

// Every value is checked when the autoplay is read, and the error names the entry (its number and
// text) and the action: a bad value at frame 597 no longer ends a run at frame 597.
TEST(ExploreAutoplay, EveryValueIsCheckedBeforeTheRun) {
    const std::string e = parseError("1:world=0;5:size=640x480;597:camera=1,2,3;600:screenshot=/tmp/x.png");
    EXPECT_NE(e.find("RGX_EXPLORE_AUTOPLAY"), std::string::npos) << e;
    EXPECT_NE(e.find("entry 3 (597:camera=1,2,3)"), std::string::npos) << e;
    EXPECT_NE(e.find("camera: expected X,Y,Z,YAW,PITCH"), std::string::npos) << e;
    EXPECT_EQ(e.find("--camera"), std::string::npos) << "the autoplay is not the command line: " << e;
    const std::pair<const char*, const char*> bad[] = {
        {"3:size=0x0", "size: expected WxH"},
        {"3:size=640x480x2", "size: expected WxH"},
        {"3:world=abc", "world: expected a whole number"},
        {"3:vsync=2", "vsync: expected 0, 1"},
        {"3:split=1.5", "split: expected a number 0..1"},
        {"3:renderer=vulkan", "renderer: expected glide"},
        {"3:softres=800x600", "softres:"},
        {"3:wave=1", "wave:"},
        {"3:actorstep=0", "actorstep: expected a whole number from 1"},
        {"3:actorgroup=70000", "actorgroup: expected a whole number from 0 to 65535"},
        {"3:profiler=maybe", "profiler: expected open, closed"},
        {"3:key=q", "key: expected f1, f12"},
        {"3:screenshot=/no/such/folder/x.png",
         "screenshot: cannot be written: the folder /no/such/folder does not exist"},
        {"3:record=/no/such/folder/p.json", "record: cannot be written"},
        {"3:overlay=", "overlay: expected a file path"},
        {"3:fly=1", "unknown action 'fly'"},
    };
    for (const auto& [text, part] : bad) {
        const std::string message = parseError(text);
        EXPECT_NE(message.find(part), std::string::npos) << text << " -> " << message;
        EXPECT_NE(message.find("entry 1 ("), std::string::npos) << text << " -> " << message;
    }
}

// A newline separates entries as ';' does (a stray one killed a two-minute run), and spaces round
// an entry are dropped.
TEST(ExploreAutoplay, NewlinesSeparateEntries) {
    const auto actions = parseAutoplay("1:camera=1,2,3,90,-10\n 2:world=1 ;\r\n3:vsync=0\n");
    ASSERT_EQ(actions.size(), 3u);
    EXPECT_EQ(actions[0].value, "1,2,3,90,-10");
    EXPECT_EQ(actions[1].value, "1");
    EXPECT_EQ(actions[1].entry, 2);
    EXPECT_EQ(actions[2].key, "vsync");
}

TEST(ExploreAutoplay, WritablePathsAreCheckedWithoutWritingThem) {
    const std::filesystem::path dir = rgx::testing::scratchDir("rgx_writable_check");
    std::filesystem::create_directories(dir);
    EXPECT_NO_THROW(checkWritable(dir / "new.png", "--screenshot"));
    EXPECT_FALSE(std::filesystem::exists(dir / "new.png")) << "the check creates nothing";
    try {
        checkWritable(dir, "--screenshot");
        ADD_FAILURE() << "a folder was taken for a file";
    } catch (const Error& e) {
        EXPECT_NE(std::string(e.what()).find("--screenshot: is a folder"), std::string::npos) << e.what();
    }
    EXPECT_THROW(checkWritable("/no/such/folder/x.png", "--screenshot"), Error);
}

// The actions of every source in frame order: an --autoplay file, RGX_EXPLORE_AUTOPLAY, and its
// older name RGX_EXPLORE_SCRIPT; each action names where it was read, which its errors say.
TEST(ExploreAutoplay, ReadsTheFileAndBothVariables) {
    const std::filesystem::path dir = rgx::testing::scratchDir("rgx_autoplay_read");
    std::filesystem::create_directories(dir);
    const std::filesystem::path file = dir / "tour.txt";
    std::ofstream(file) << "4:vsync=0\n1:world=1\n";
    ::setenv("RGX_EXPLORE_AUTOPLAY", "3:key=f1", 1);
    ::setenv("RGX_EXPLORE_SCRIPT", "2:world=2", 1);
    const std::vector<AutoplayAction> actions = readAutoplay(file.string());
    ::unsetenv("RGX_EXPLORE_AUTOPLAY");
    ::unsetenv("RGX_EXPLORE_SCRIPT");
    ASSERT_EQ(actions.size(), 4u);
    EXPECT_EQ(actions[0].frame, 1);
    EXPECT_EQ(actions[0].source, file.string());
    EXPECT_EQ(actions[1].source, "RGX_EXPLORE_SCRIPT");
    EXPECT_EQ(actions[2].source, "RGX_EXPLORE_AUTOPLAY");
    EXPECT_EQ(actions[3].key, "vsync");
    EXPECT_EQ(actions[3].entry, 1);
    const std::string e = autoplayError(actions[1], "world: no such world").what();
    EXPECT_NE(e.find("RGX_EXPLORE_SCRIPT: entry 1 (2:world=2): world: no such world"), std::string::npos)
        << e;
    EXPECT_TRUE(readAutoplay("").empty()) << "no file, no variable: no actions";
    EXPECT_THROW(readAutoplay((dir / "missing.txt").string()), Error);
}

// ---- The tiling -------------------------------------------------------------------------------

LayoutInput layoutFor(float w, float h, bool profilerOpen, bool actorsOpen) {
    LayoutInput in;
    in.width = w;
    in.height = h;
    in.profilerOpen = profilerOpen;
    in.actorsOpen = actorsOpen;
    return in;
}

std::vector<PanelShown> shownFrom(const PanelPlan& plan, const LayoutInput& in) {
    return {{"rgx explore", plan.main, in.titleHeight, false},
            {"Profiler", plan.profiler, in.titleHeight, !in.profilerOpen},
            {"Actors", plan.actors, in.titleHeight, !in.actorsOpen}};
}

TEST(ExploreLayout, PanelsNeverCoverATitleAtAnySize) {
    for (const auto& [w, h] : {std::pair{1280.0f, 720.0f},
                               {800.0f, 600.0f},
                               {1920.0f, 1080.0f},
                               {500.0f, 300.0f},
                               {320.0f, 240.0f},
                               {3840.0f, 2160.0f}})
        for (const bool profiler : {false, true})
            for (const bool actors : {false, true}) {
                const LayoutInput in = layoutFor(w, h, profiler, actors);
                const PanelPlan plan = planPanels(in);
                const auto problems = panelProblems(shownFrom(plan, in), w, h);
                EXPECT_TRUE(problems.empty()) << w << "x" << h << " profiler " << profiler << " actors "
                                              << actors << ": " << problems.front();
                EXPECT_TRUE(plan.main.inside({0, 0, w, h})) << w << "x" << h;
            }
}

// The check finds what issue 29 saw at 1280x720: the Actors panel opened over the Profiler's title,
// and a panel left outside a shrunk window.
TEST(ExploreLayout, TheCheckFindsCoveredAndLostTitles) {
    const std::vector<PanelShown> old = {{"rgx explore", {10, 10, 430, 760}, 19, false},
                                         {"Profiler", {790, 40, 480, 520}, 19, false},
                                         {"Actors", {800, 10, 470, 640}, 19, false}};
    const auto problems = panelProblems(old, 1280, 720);
    ASSERT_FALSE(problems.empty());
    EXPECT_NE(problems.front().find("Profiler: title bar is covered by Actors"), std::string::npos)
        << problems.front();
    const auto shrunk = panelProblems({{"Actors", {800, 10, 470, 640}, 19, false}}, 640, 480);
    ASSERT_EQ(shrunk.size(), 1u);
    EXPECT_NE(shrunk[0].find("outside the 640x480 window"), std::string::npos) << shrunk[0];
}

TEST(ExploreLayout, TheSelectedActorIsNeverUnderItsPanel) {
    LayoutInput in = layoutFor(1280, 720, true, true);
    // In the right column's middle: the panels go above or below it.
    in.keepClear = Rect{1000, 300, 80, 60};
    PanelPlan plan = planPanels(in);
    EXPECT_FALSE(plan.actors.intersects(*in.keepClear));
    EXPECT_TRUE(panelProblems(shownFrom(plan, in), 1280, 720, in.keepClear).empty());
    // As tall as the window: the right column's panels move to the left.
    in.keepClear = Rect{1000, 20, 80, 680};
    plan = planPanels(in);
    EXPECT_FALSE(plan.actors.intersects(*in.keepClear));
    EXPECT_LT(plan.actors.x, 640);
    EXPECT_TRUE(panelProblems(shownFrom(plan, in), 1280, 720, in.keepClear).empty());
    // Small windows (the review of issue 29): a marker in the middle, as "go to" leaves it, with
    // its label to the right, at 640x360 and 400x300.
    for (const auto& [w, h] : {std::pair{640.0f, 360.0f}, {400.0f, 300.0f}, {800.0f, 600.0f}}) {
        LayoutInput small = layoutFor(w, h, true, true);
        small.keepClear = Rect{w / 2 - 20, h / 2 - 34, 160, 54};
        const PanelPlan p = planPanels(small);
        EXPECT_FALSE(p.actors.intersects(*small.keepClear)) << w << "x" << h;
        const auto problems = panelProblems(shownFrom(p, small), w, h, small.keepClear);
        EXPECT_TRUE(problems.empty()) << w << "x" << h << ": " << problems.front();
    }
    // The check itself sees a covered marker.
    const auto covered =
        panelProblems({{"Actors", {800, 10, 470, 640}, 19, false}}, 1280, 720, Rect{900, 100, 20, 20});
    ASSERT_EQ(covered.size(), 1u);
    EXPECT_NE(covered[0].find("covers the selected actor"), std::string::npos);
}

// ---- The real panels, drawn by Dear ImGui without a window ------------------------------------

class HeadlessImGui {
public:
    rgx::testing::HeadlessImGuiContext context;

    // One frame of the explorer's three panels at this size; returns them as drawn.
    std::vector<PanelShown> frame(float w, float h) {
        ImGuiIO& io = ImGui::GetIO();
        io.DisplaySize = ImVec2(w, h);
        io.DeltaTime = 1.0f / 30;
        ImGui::NewFrame();
        LayoutInput in =
            layoutFor(w, h, profiler.setOpen.value_or(profiler.open), actors.setOpen.value_or(actors.open));
        in.titleHeight = ImGui::GetFrameHeight();
        const PanelPlan plan = planPanels(in);
        std::vector<PanelShown> shown;
        ui.viewport = {static_cast<int>(w), static_cast<int>(h)};
        drawExploreUi(ui, plan.main, shown);
        drawProfilerPanel(profiler, recorder, plan.profiler, shown);
        drawActorPanel(actors, nullptr, nullptr, plan.actors, shown);
        ImGui::Render();
        return shown;
    }

    ExploreUiModel ui;
    ProfilerModel profiler;
    PathRecorder recorder;
    ActorPanelState actors;
};

const PanelShown& named(const std::vector<PanelShown>& shown, const std::string& name) {
    for (const PanelShown& p : shown)
        if (p.name == name) return p;
    throw std::runtime_error("no panel " + name);
}

// Issue 29: after the window is shrunk and grown again, every title bar is inside it and no panel
// covers another's.
TEST(ExploreOverlay, AfterAResizeSequenceEveryTitleIsInsideAndUncovered) {
    HeadlessImGui imgui;
    imgui.profiler.setOpen = true;
    imgui.actors.setOpen = true;
    for (const auto& [w, h] : {std::pair{1280.0f, 720.0f},
                               {640.0f, 360.0f},
                               {1920.0f, 1080.0f},
                               {400.0f, 300.0f},
                               {1280.0f, 720.0f}}) {
        std::vector<PanelShown> shown;
        for (int i = 0; i < 3; ++i) // the main window fits its content over a frame or two
            shown = imgui.frame(w, h);
        ASSERT_EQ(shown.size(), 3u);
        const auto problems = panelProblems(shown, w, h);
        EXPECT_TRUE(problems.empty()) << w << "x" << h << ": " << problems.front();
        EXPECT_FALSE(named(shown, "Profiler").collapsed);
        EXPECT_FALSE(named(shown, "Actors").collapsed);
        EXPECT_LE(named(shown, "rgx explore").rect.bottom(), h) << "the main window's bottom is not cut off";
    }
}

// docs/explore.md: a click on a folded panel's title bar opens it; another folds it again.
TEST(ExploreOverlay, AClickOnAFoldedTitleOpensThePanel) {
    HeadlessImGui imgui;
    std::vector<PanelShown> shown = imgui.frame(1280, 720);
    shown = imgui.frame(1280, 720);
    const PanelShown profiler = named(shown, "Profiler");
    ASSERT_TRUE(profiler.collapsed) << "the Profiler starts folded";
    ImGuiIO& io = ImGui::GetIO();
    const auto click = [&](const Rect& title) {
        io.MousePos = ImVec2(title.x + title.w * 0.6f, title.y + title.h / 2); // clear of the fold arrow
        imgui.frame(1280, 720);
        io.MouseDown[0] = true;
        imgui.frame(1280, 720);
        io.MouseDown[0] = false;
        imgui.frame(1280, 720);
        return imgui.frame(1280, 720);
    };
    shown = click(titleBar(profiler));
    EXPECT_FALSE(named(shown, "Profiler").collapsed) << "one click opened it";
    EXPECT_TRUE(panelProblems(shown, 1280, 720).empty());
    io.MousePos = ImVec2(0, 0);
    imgui.frame(1280, 720);
    imgui.frame(1280, 720); // a later click is not a double click
    io.DeltaTime = 1.0f;
    shown = click(titleBar(named(shown, "Profiler")));
    EXPECT_TRUE(named(shown, "Profiler").collapsed) << "a second click folded it";
}

// ---- Go to -------------------------------------------------------------------------------------

// The two triangles of a quad (corners in order).
void quad(std::vector<rgx::Vec3>& t, rgx::Vec3 a, rgx::Vec3 b, rgx::Vec3 c, rgx::Vec3 d) {
    t.insert(t.end(), {a, b, c, a, c, d});
}

// A box round the origin, half-size h, with the faces asked for (x-, x+, y-, y+, z-, z+).
std::vector<rgx::Vec3> box(double h, std::array<bool, 6> faces) {
    std::vector<rgx::Vec3> t;
    if (faces[0]) quad(t, {-h, -h, -h}, {-h, h, -h}, {-h, h, h}, {-h, -h, h});
    if (faces[1]) quad(t, {h, -h, -h}, {h, h, -h}, {h, h, h}, {h, -h, h});
    if (faces[2]) quad(t, {-h, -h, -h}, {h, -h, -h}, {h, -h, h}, {-h, -h, h});
    if (faces[3]) quad(t, {-h, h, -h}, {h, h, -h}, {h, h, h}, {-h, h, h});
    if (faces[4]) quad(t, {-h, -h, -h}, {h, -h, -h}, {h, h, -h}, {-h, h, -h});
    if (faces[5]) quad(t, {-h, -h, h}, {h, -h, h}, {h, h, h}, {-h, h, h});
    return t;
}

// Nothing of the geometry between the actor's sphere and the camera.
bool clearSight(const std::vector<rgx::Vec3>& t, const std::array<float, 4>& sphere, const view::Camera& c) {
    const rgx::Vec3 centre{sphere[0], sphere[1], sphere[2]};
    const rgx::Vec3 d = c.position - centre;
    const double length = std::sqrt(rgx::dot(d, d));
    const rgx::Vec3 dir = d * (1.0 / length);
    return renderer::rayDistance(t, centre + dir * sphere[3], dir, length) >= length - sphere[3] - 1e-6;
}

// Issue 29: "go to" B_004_GUARD put the camera inside the lighthouse wall. An actor in a box open
// only to the west: the camera, coming from the north-east, stands west of it, seeing it.
TEST(ExploreGoTo, TheCameraStandsWhereItSeesTheActor) {
    const std::vector<rgx::Vec3> walls = box(200, {false, true, true, true, true, true});
    const std::array<float, 4> actor{0, 0, 0, 40};
    view::Camera from;
    from.yawDeg = 200; // looking south-south-west: cameraFacing would stand north of it, behind a wall
    const view::Camera plain = cameraFacing(from, actor);
    ASSERT_FALSE(clearSight(walls, actor, plain)) << "the test needs a wall in the plain way";
    const view::Camera c = cameraFacingClear(from, actor, walls);
    EXPECT_TRUE(clearSight(walls, actor, c)) << view::formatCamera(c);
    EXPECT_LT(c.position.x, -200) << "outside, through the open side: " << view::formatCamera(c);
    EXPECT_DOUBLE_EQ(c.pitchDeg, plain.pitchDeg);
    // Facing the actor: its centre is straight ahead.
    const rgx::Vec3 ahead = view::cameraForward(c);
    const rgx::Vec3 toActor = rgx::normalized(rgx::Vec3{0, 0, 0} - c.position);
    EXPECT_NEAR(rgx::dot(ahead, toActor), 1.0, 1e-9);
}

// Shut in on every side: the camera stays inside with the actor, kGoToClearance from the wall
// behind it along its line, at the heading with the most room.
TEST(ExploreGoTo, AClosedRoomKeepsTheCameraInside) {
    const std::vector<rgx::Vec3> walls = box(200, {true, true, true, true, true, true});
    const std::array<float, 4> actor{0, 0, 0, 40};
    const view::Camera c = cameraFacingClear(view::Camera{}, actor, walls);
    EXPECT_TRUE(clearSight(walls, actor, c));
    for (double v : {c.position.x, c.position.y, c.position.z})
        EXPECT_LT(std::abs(v), 200) << view::formatCamera(c);
    const rgx::Vec3 back = view::cameraForward(c) * -1.0;
    EXPECT_NEAR(renderer::rayDistance(walls, c.position, back, 1000), kGoToClearance, 1e-6);
    EXPECT_NEAR(std::fmod(std::fmod(c.yawDeg, 90.0) + 90.0, 90.0), 45.0, 1e-9)
        << "a corner heading has the most room: " << view::formatCamera(c);
}

// Issue 29's B_004_GUARD stands at a cliff: cameraFacing put the camera inside the hill. An actor
// at a cliff's foot, the camera coming from the cliff's side: it stands above the ground, seeing
// the actor with no ground between them.
TEST(ExploreGoTo, TheCameraStaysAboveTheGround) {
    scene::TerrainGrid grid;
    constexpr int n = scene::TerrainGrid::kSize;
    grid.height.assign(static_cast<std::size_t>(n) * n, 0.0f);
    for (int r = 0; r < n; ++r)
        for (int c = 20; c < n; ++c) // the cliff rises between x = 4864 and 5120 to 1000
            grid.height[static_cast<std::size_t>(r) * n + static_cast<std::size_t>(c)] = 1000;
    const std::array<float, 4> actor{4800, 40, 6000, 40};
    view::Camera from;
    from.yawDeg = -90; // looking west: cameraFacing would stand east of it, in the cliff
    const std::vector<rgx::Vec3> ground = terrainTrianglesNear(grid, {4800, 40, 6000}, 2000);
    const auto groundBelow = [&](const rgx::Vec3& p) {
        return 1e6 - renderer::rayDistance(ground, p + rgx::Vec3{0, 1e6, 0}, {0, -1, 0}, 2e6);
    };
    const view::Camera plain = cameraFacing(from, actor);
    ASSERT_LT(plain.position.y, groundBelow(plain.position))
        << "the test needs the plain way under the ground";
    const view::Camera c = cameraFacingClear(from, actor, {}, &grid);
    EXPECT_GT(c.position.y, groundBelow(c.position)) << view::formatCamera(c);
    EXPECT_TRUE(clearSight(ground, actor, c)) << view::formatCamera(c);
}

TEST(ExploreUi, TheWorldMenuNamesEachWorldsMap) {
    EXPECT_EQ(worldMenuName(0, std::string("maps\\ISLAND.rgm")), "ISLAND  (world 0)");
    EXPECT_EQ(worldMenuName(2, std::string("MAPS/Dungeon.RGM")), "Dungeon  (world 2)");
    EXPECT_EQ(worldMenuName(5, std::nullopt), "world 5");
    EXPECT_EQ(worldMenuName(6, std::string("")), "world 6");
}

} // namespace
} // namespace rgx::app
