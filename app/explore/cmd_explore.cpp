// `rgx explore`: the interactive explorer (docs/explore.md). A GLFW window with a swapchain, the
// free-fly camera, and a Dear ImGui overlay; worlds load on a worker thread while the window keeps
// drawing. --frames N --screenshot PATH make it a self-terminating run for tests, and the autoplay
// (--autoplay FILE, RGX_EXPLORE_AUTOPLAY: app/explore/explore_autoplay.h) adds actions such as
// world switches. This file opens the game and loads worlds; the frame's steps are in
// explore_frame.cpp.

#include "app/explore/explorer.h"

#include "app/commands/render_catalog.h"
#include "base/error.h"
#include "loaders/text.h"
#include "renderer/profile/frame_profile.h"
#include "renderer/sky/sky.h"
#include "renderer/views/interior_view.h"
#include "renderer/vk/png.h"
#include "renderer/window/window_context.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <exception>
#include <iostream>
#include <limits>
#include <stdexcept>

namespace rgx::app {

void Explorer::openGame() {
    auto progress = [](const std::string& line) { std::cerr << line << "\n"; };
    const std::string& model = options_.game.model;
    gameDir_ = resolveGameDir(options_.game, progress);
    if (!gameDir_.empty()) fs_ = std::make_unique<scene::GameFs>(gameDir_);
    if (model.empty()) {
        games_ = std::make_unique<scene::GameDirectory>(*fs_);
    } else if (fs_) {
        try { // the model viewer can still offer the game's worlds
            games_ = std::make_unique<scene::GameDirectory>(*fs_);
        } catch (const std::exception&) {
        }
    }
    if (games_) {
        for (const scene::GameWorld& w : games_->worlds()) {
            ui_.worlds.push_back(w.world.id);
            ui_.worldNames.push_back(worldMenuName(w.world.id, w.world.name));
        }
    }
    loader_ = std::make_unique<SceneLoader>(fs_.get(), games_.get());
    loadUserBookmarks();
}

void Explorer::requestWorld(std::int64_t world) {
    if (loader_->start(SceneRequest{world, {}, {}})) {
        ui_.loading = true;
        ui_.loadingWhat = "world " + std::to_string(world);
        std::cerr << "rgx explore: loading world " << world << "\n";
    }
}

void Explorer::requestSegment(const std::string& segment) {
    // The thumbnails not drawn yet are drawn now: the segment's scene replaces the archive's.
    drawCatalogueThumbnails(std::numeric_limits<std::size_t>::max());
    SceneRequest request;
    request.model = options_.game.model;
    request.segment = segment;
    if (loader_->start(request)) {
        ui_.loading = true;
        ui_.loadingWhat = request.describe();
        std::cerr << "rgx explore: loading " << request.describe() << "\n";
    }
}

// The whole new world is made, its map drawn and its GPU upload done before the old one is
// replaced, so a scene that fails here leaves the previous one whole: the looks, the clock and the
// records always belong to the same scene (the poses name its nodes and meshes). Returns the error.
std::string Explorer::swapWorld(LoadedScene& loaded) {
    std::unique_ptr<LoadedWorld> next;
    std::string stage = "map";
    try {
        next =
            makeLoadedWorld(loaded.request, std::move(loaded.scene),
                            {.viewDistance = ui_.look.viewDistance, .scriptConfig = options_.scriptConfig});
        MapWindowState map = map_; // the panel's place and toggles stay
        buildMapWindow(map, *next->scene, *next->prepared);
        stage = "GPU upload";
        view_->show(*next->prepared);
        map_ = std::move(map);
    } catch (const std::exception& e) {
        return next ? stage + " failed: " + e.what() : std::string(e.what());
    }
    catalogueLook_.reset();   // it draws the old world's thumbnails
    world_ = std::move(next); // the old world goes whole, in its members' reverse order
    resetScriptPanel(scriptsPanel_, scripts());
    selectActor(actors_, -1);
    actorSeen_ = -1;
    actors_.follow = false;
    // A new world starts from its own world_wave, as the engine's globals are reset on load.
    ui_.worldWave = world_->prepared->worldWave;
    ui_.look.wave = ui_.worldWave;
    return "";
}

// The finished load: its world swapped in whole (or its error shown, the world before kept), and
// everything shown about a world made for it.
void Explorer::applyLoaded(LoadedScene loaded) {
    ui_.loading = false;
    const std::string what = loaded.request.describe();
    if (loaded.scene) loaded.error = swapWorld(loaded);
    if (!loaded.error.empty()) {
        ui_.error = what + ": " + loaded.error;
        std::cerr << "rgx explore: loading " << what << " failed: " << loaded.error
                  << (everLoaded_ ? " (keeping " + ui_.title + ")" : "") << "\n";
        return;
    }
    // A path's coordinates belong to one world: a switch ends the recording (it is written).
    if (recorder_.recording() && everLoaded_) toggleRecording(clockSeconds(), {}, " (the world changed)");
    everLoaded_ = true;
    ui_.error.clear();
    ui_.title = scene()->title;
    ui_.worldHasRain = prepared()->rain.any();
    ui_.sky = renderer::skyDescription(*scene(), prepared()->sky);
    ui_.currentWorld = loaded.request.model.empty() ? loaded.request.world : -1;
    resetInspector();
    // The catalogue stays while one of its segments is shown; another model or a world clears it.
    ui_.segment = loaded.request.segment;
    if (!scene()->catalog.empty()) {
        ui_.catalogue.clear();
        for (const scene::CatalogEntry& e : scene()->catalog)
            ui_.catalogue.push_back(
                {loaders::printableLine(e.name), std::string(scene::segmentKindName(e.kind)), e.faces, {}});
        std::cerr << "rgx explore: catalogue of " << scene()->catalog.size() << " segments\n";
        prepareCatalogueThumbnails();
    } else if (loaded.request.segment.empty()) {
        ui_.catalogue.clear();
    }
    noteWorld();
    placeCamera();
    std::cerr << "rgx explore: showing " << scene()->title << " (" << scene()->redguard.actors.size()
              << " actors, " << scene()->redguard.scriptObjects.size() << " scripted objects)\n";
}

// The shown world's warnings and notes, on stderr and in the main window's note.
void Explorer::noteWorld() {
    for (const std::string& w : scene()->warnings)
        std::cerr << "rgx explore: warning: " << loaders::printableLine(w) << "\n";
    for (const std::string& n : scene()->redguard.environment.notes)
        std::cerr << "rgx explore: note: " << loaders::printableLine(n) << "\n";
    ui_.note = scene()->warnings.empty()
                   ? ""
                   : std::to_string(scene()->warnings.size()) + " load warnings (printed on stderr)";
    if (scene()->terrain && !view_->terrainComputed()) {
        const std::string why = "the terrain grid could not be built for the GPU: no water waves";
        std::cerr << "rgx explore: warning: " << why << "\n";
        ui_.note += (ui_.note.empty() ? "" : "; ") + why;
    }
    // What magenta means, as `rgx render`'s legend says it.
    if (const std::optional<std::string> legend = missingLegend(*scene())) {
        if (!ui_.note.empty()) ui_.note += "; ";
        ui_.note += *legend;
    }
}

// The viewpoint `rgx render` uses without --camera, inside the far plane. Flying speed: a tenth of
// the view distance per second, or a quarter of the scene's size when smaller (a dungeon, a model).
void Explorer::placeCamera() {
    const double farPlane = prepared()->farPlane;
    ui_.camera = prepared()->views[0];
    input_.speed = farPlane / 10;
    if (const scene::Bounds b = scene()->worldBounds(); !b.empty())
        input_.speed =
            std::min(input_.speed, std::max({b.max.x - b.min.x, b.max.y - b.min.y, b.max.z - b.min.z}) / 4);
    input_.speed = std::max(1.0, input_.speed);
}

void Explorer::screenshot(const std::filesystem::path& path) {
    renderer::writePng(path, renderer::readLastFrame(context_, *presenter_));
    ui_.status = "screenshot written to " + path.string();
    std::cerr << "rgx explore: " << ui_.status << "\n";
}

// Starts recording the camera path to `file` (empty: rgx-path-NNN.json here), or stops and
// writes it (`why` added to what the status line says).
void Explorer::toggleRecording(double time, const std::filesystem::path& file, const std::string& why) {
    if (recorder_.recording()) {
        try {
            ui_.status = recorder_.stop(time, ui_.camera) + why;
        } catch (const std::exception& e) {
            ui_.status = std::string("camera path not written: ") + e.what() + why;
        }
    } else {
        std::filesystem::path to = file;
        // The next free name: a path recorded in an earlier session is not overwritten.
        while (to.empty() || (file.empty() && std::filesystem::exists(to))) {
            char name[64];
            std::snprintf(name, sizeof name, "rgx-path-%03d.json", ++recordings_);
            to = name;
        }
        recorder_.start(to, time, ui_.camera,
                        ui_.currentWorld >= 0 ? std::optional<std::int64_t>(ui_.currentWorld) : std::nullopt);
        ui_.status = "recording the camera path to " + to.string() + " (stop with the profiler's button)";
    }
    std::cerr << "rgx explore: " << ui_.status << "\n";
}

// The panels as drawn last frame: each one's place, and what is wrong with them (a title bar
// outside the window or covered, the selected actor under the Actors panel).
void Explorer::checkPanels() {
    const ImVec2 display = ImGui::GetIO().DisplaySize;
    std::cerr << "rgx explore: panels in " << display.x << "x" << display.y
              << (ui_.overlayShown ? "" : " (overlay hidden)") << ":";
    for (const PanelShown& p : shownPanels_)
        std::cerr << " " << p.name << " " << p.rect.x << "," << p.rect.y << " " << p.rect.w << "x" << p.rect.h
                  << (p.collapsed ? " folded" : " open") << ";";
    std::cerr << "\n";
    const std::vector<std::string> problems = panelProblems(shownPanels_, display.x, display.y, keepClear_);
    for (const std::string& problem : problems)
        std::cerr << "rgx explore: panel problem: " << problem << "\n";
    if (problems.empty()) std::cerr << "rgx explore: panels ok\n";
}

// The shown scene's placed geometry, for "go to"'s line of sight (made once a world).
const std::vector<Vec3>& Explorer::placedGeometry() {
    static const std::vector<Vec3> kNone;
    return world_ ? world_->placedGeometry() : kNone;
}

// The scene's and the recorder's clock: in a run of --frames N 1/30 s per counted frame, so
// pictures are reproducible; else wall time since the run started.
double Explorer::clockSeconds() const {
    return fixedSteps_ ? static_cast<double>(counted_) / 30.0
                       : std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
}

// The overlay follows the display's scale (a HiDPI monitor): text and widgets grow with it.
void Explorer::applyDisplayScale() {
    float sx = 1, sy = 1;
    glfwGetWindowContentScale(window_, &sx, &sy);
    const float scale = std::clamp(std::max(sx, sy), 0.5f, 4.0f);
    if (scale == displayScale_) return;
    if (displayScale_ == 0) baseStyle_ = ImGui::GetStyle();
    displayScale_ = scale;
    ImGui::GetStyle() = baseStyle_;
    ImGui::GetStyle().ScaleAllSizes(scale);
    ImGui::GetIO().FontGlobalScale = scale;
}

int runExplore(const ExploreOptions& options) {
    // Everything the run will need is checked before anything opens: the whole autoplay, and where
    // the last screenshot goes.
    std::vector<AutoplayAction> autoplay = readAutoplay(options.autoplay);
    if (!options.screenshot.empty()) checkWritable(options.screenshot, "--screenshot");
    const renderer::WindowSystem windowSystem; // outlives the context and every window
    if (!windowSystem.available()) {
        std::cerr
            << "rgx explore: " << windowSystem.why()
            << "\nrgx explore needs a display: use `rgx render` for images without one, or run it under "
               "a virtual display: xvfb-run -a rgx explore ...\n";
        return 1;
    }
    renderer::ContextOptions contextOptions;
    // The tests also check barriers (as the renderer tests do); too slow for interactive use.
    if (const char* sync = std::getenv("RGX_EXPLORE_SYNC_VALIDATION"); sync && std::string(sync) == "1")
        contextOptions.instance.synchronizationValidation = true;
    renderer::VulkanContext context = renderer::createWindowContext(contextOptions);
    if (context.instance.validation) std::cerr << "rgx explore: Vulkan validation on\n";
    int code = 0;
    {
        Explorer explorer(options, context, std::move(autoplay));
        code = explorer.run();
    }
    // Counted after teardown, so that messages about destruction count too.
    renderer::destroyContext(context);
    const renderer::DebugCounts counts = renderer::debugCounts(context.messages());
    if (context.instance.validation && counts.total() > 0) {
        std::cerr << "rgx explore: validation reported " << counts.errors << " errors and " << counts.warnings
                  << " warnings\n";
        return code == 0 ? 1 : code;
    }
    return code;
}

} // namespace rgx::app
