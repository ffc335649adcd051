// `rgx explore`: the interactive explorer (docs/explore.md). A GLFW window with a swapchain, the
// free-fly camera, and a Dear ImGui overlay; worlds load on a worker thread while the window keeps
// drawing. --frames N --screenshot PATH make it a scripted, self-terminating run for tests
// (RGX_EXPLORE_SCRIPT adds actions such as world switches, see app/explore/explore_script.h).

#include "app/explore/explorer.h"

#include "app/commands/memory_use.h"
#include "app/commands/render_catalog.h"
#include "app/commands/timed_world.h"
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

void Explorer::applyLoaded(LoadedScene loaded) {
    ui_.loading = false;
    const std::string what = loaded.request.describe();
    if (loaded.scene) {
        // Everything that draws or animates the scene is made before any of it is replaced, so a
        // scene that fails here leaves the previous one whole: the two renderers and the poses
        // always belong to the same scene (the poses name its nodes and meshes).
        std::string stage = "prepared world";
        try {
            renderer::WorldSettings worldSettings;
            worldSettings.viewDistance = ui_.look.viewDistance;
            auto world = std::make_unique<renderer::PreparedWorld>(
                renderer::prepareWorld(*loaded.scene, worldSettings));
            stage = "software renderer";
            SoftwareView software;
            software.show(*world);
            stage = "animation";
            auto animation =
                std::make_unique<sim::SceneAnimation>(*loaded.scene, sim::animationSettings(*loaded.scene));
            stage = "scripts";
            std::unique_ptr<sim::ScriptWorld> scripts;
            if (!loaded.scene->scriptObjects.empty())
                scripts = std::make_unique<sim::ScriptWorld>(
                    *loaded.scene, sim::animationSettings(*loaded.scene).ticksPerSecond,
                    options_.scriptConfig);
            stage = "map";
            MapWindowState map = map_; // the panel's place and toggles stay
            buildMapWindow(map, *loaded.scene, *world);
            stage = "GPU upload";
            view_->show(*world);
            software_ = std::move(software);
            map_ = std::move(map);
            catalogueLook_.reset();            // it draws the old world's thumbnails
            scripts_ = std::move(scripts);     // the old scripts and animation go while their scene
            animation_ = std::move(animation); // still exists
            scriptsShown_ = false;             // scriptedState_ names the old scene's nodes
            resetScriptPanel(scriptsPanel_, scripts_.get());
            world_ = std::move(world); // the old renderers that read it are gone
            scene_ = std::move(loaded.scene);
            triangles_.reset();
            selectActor(actors_, -1);
            actorSeen_ = -1;
            actors_.follow = false;
            // A new world starts from its own world_wave, as the engine's globals are reset on load.
            ui_.worldWave = world_->worldWave;
            ui_.look.wave = ui_.worldWave;
        } catch (const std::exception& e) {
            loaded.error = stage + " failed: " + e.what();
        }
    }
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
    ui_.title = scene_->title;
    ui_.worldHasRain = world_->rain.any();
    ui_.sky = renderer::skyDescription(*scene_, world_->sky);
    ui_.currentWorld = loaded.request.model.empty() ? loaded.request.world : -1;
    resetInspector();
    // The catalogue stays while one of its segments is shown; another model or a world clears it.
    ui_.segment = loaded.request.segment;
    if (!scene_->catalog.empty()) {
        ui_.catalogue.clear();
        for (const scene::CatalogEntry& e : scene_->catalog)
            ui_.catalogue.push_back(
                {loaders::printableLine(e.name), std::string(scene::segmentKindName(e.kind)), e.faces, {}});
        std::cerr << "rgx explore: catalogue of " << scene_->catalog.size() << " segments\n";
        prepareCatalogueThumbnails();
    } else if (loaded.request.segment.empty()) {
        ui_.catalogue.clear();
    }
    for (const std::string& w : scene_->warnings)
        std::cerr << "rgx explore: warning: " << loaders::printableLine(w) << "\n";
    for (const std::string& n : scene_->environment.notes)
        std::cerr << "rgx explore: note: " << loaders::printableLine(n) << "\n";
    ui_.note = scene_->warnings.empty()
                   ? ""
                   : std::to_string(scene_->warnings.size()) + " load warnings (printed on stderr)";
    if (scene_->terrain && !view_->terrainComputed()) {
        const std::string why = "the terrain grid could not be built for the GPU: no water waves";
        std::cerr << "rgx explore: warning: " << why << "\n";
        ui_.note += (ui_.note.empty() ? "" : "; ") + why;
    }
    // What magenta means, as `rgx render`'s legend says it.
    if (const std::optional<std::string> legend = missingLegend(*scene_)) {
        if (!ui_.note.empty()) ui_.note += "; ";
        ui_.note += *legend;
    }
    // The viewpoint `rgx render` uses without --camera, inside the far plane. Flying speed: a
    // tenth of the view distance per second, or a quarter of the scene's size when smaller (a
    // dungeon, a model).
    const double farPlane = world_->farPlane;
    ui_.camera = world_->views[0];
    input_.speed = farPlane / 10;
    if (const scene::Bounds b = scene_->worldBounds(); !b.empty())
        input_.speed =
            std::min(input_.speed, std::max({b.max.x - b.min.x, b.max.y - b.min.y, b.max.z - b.min.z}) / 4);
    input_.speed = std::max(1.0, input_.speed);
    std::cerr << "rgx explore: showing " << scene_->title << " (" << scene_->actors.size() << " actors, "
              << scene_->scriptObjects.size() << " scripted objects)\n";
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

const std::vector<Vec3>& Explorer::placedGeometry() {
    if (!triangles_) triangles_ = scene_ ? renderer::placedTriangles(*scene_) : std::vector<Vec3>{};
    return *triangles_;
}

// The scene's and the recorder's clock: in a scripted run 1/30 s per counted frame, so pictures are
// reproducible; else wall time since the run started.
double Explorer::clockSeconds() const {
    return scripted_ ? static_cast<double>(counted_) / 30.0
                     : std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
}

// The scripts move on by the frame's time (unless off or paused) and what they show is written over
// the actors' animation. Off, the animation alone is drawn, as the world was placed: the groups the
// scripts asked the actors for are dropped (an ask for tick -1 is never reached).
void Explorer::runScripts(double dt) {
    if (!scripts_ || !animation_ || !scriptsPanel_.debugger.enabled) {
        if (scriptsShown_ && animation_)
            for (std::size_t i = 0; i < animation_->actorCount(); ++i)
                animation_->setScriptGroup(i, -1, -1);
        scriptsShown_ = false;
        return;
    }
    if (const auto hit =
            advanceScripts(scriptsPanel_.debugger, *scripts_, dt, scriptPlayer(ui_.camera.position)))
        std::cerr << "rgx explore: scripts " << describeHit(*hit, scripts_->vm().ticks()) << "\n";
    scripts_->apply(scriptedState_, animation_.get());
    scriptsShown_ = true;
}

// What the frame draws: the scripts' state while they run, else the actors' animation's.
const sim::WorldState* Explorer::drawnState() const {
    if (scriptsShown_) return &scriptedState_;
    return animation_ ? &animation_->state() : nullptr;
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

int Explorer::run() {
    openGame();

    // Destroyed in reverse at the end of the run: the scene, the presenter, then the window.
    renderer::Window window = renderer::createWindow(context_.instance.instance, 1280, 720, "rgx explore");
    renderer::Presenter presenter(context_, window);
    presenter_ = &presenter;
    window_ = window.handle.get();
    // After the overlay's own callbacks, which it passes events on to; undone before the
    // presenter (and with it the overlay's backend) goes.
    const KeyEvents keyEvents(window_, input_);
    renderer::SceneView view(context_);
    view_ = &view;

    SceneRequest first;
    first.model = options_.game.model;
    first.segment = options_.game.segment;
    if (first.model.empty()) {
        first.world = options_.game.world;
        if (first.world < 0) {
            if (ui_.worlds.empty())
                throw Error(fs_->root().string(), Error::kNoOffset, "WORLD.INI", "no worlds");
            first.world = ui_.worlds.front();
        }
        requestWorld(first.world);
    } else {
        loader_->start(first);
        ui_.loading = true;
        ui_.loadingWhat = first.describe();
    }

    scripted_ = options_.frames > 0;
    const bool scripted = scripted_;
    std::int64_t& counted = counted_; // frames drawn with no load running
    // Resident memory over the counted frames: the profiler shows it, the run's last line says it
    // (the soak tests read the growth, tests/soak).
    MemoryTrack memory(scripted ? options_.frames : 0);
    double countedSeconds = 0;
    // A scripted run's frame times, for their median: reserved before the first frame (the soak
    // tests measure the memory's growth), up to a million.
    const std::size_t keptTimes =
        scripted ? std::min<std::size_t>(static_cast<std::size_t>(options_.frames), 1 << 20) : 0;
    std::vector<double> countedMs;
    countedMs.reserve(keptTimes);
    auto last = std::chrono::steady_clock::now();
    start_ = last;
    while (!glfwWindowShouldClose(window.handle.get())) {
        glfwPollEvents();
        const auto now = std::chrono::steady_clock::now();
        const double dt = std::chrono::duration<double>(now - last).count();
        last = now;
        ui_.addFrameTime(dt * 1000.0);

        drawCatalogueThumbnails(kCatalogueThumbnailsAFrame);
        if (auto loaded = loader_->poll()) {
            applyLoaded(std::move(*loaded));
            if (scripted && !everLoaded_) return 1; // the scene asked for cannot be shown
        }
        ui_.progress = loader_->progress();
        if (!ui_.loading) {
            ++counted;
            if (counted > 1) { // the frame before this one, drawn with a scene
                countedSeconds += dt;
                if (countedMs.size() < keptTimes) countedMs.push_back(dt * 1000.0);
            }
            if (scripted && !runScript(counted)) return 1;
        }

        renderer::beginImGuiFrame();
        const InputEvents events = readInput(window.handle.get(), input_);
        // Scripted runs keep the camera still so that screenshots are reproducible.
        if (!scripted) view::flyCamera(ui_.camera, events.fly, dt, input_.speed);
        ui_.speed = input_.speed;
        ui_.vsync = presenter.vsync;
        if (const std::string mode = renderer::presentModeName(presenter.swapchain.presentMode);
            mode != ui_.presentMode) {
            std::cerr << "rgx explore: present mode " << mode << " (" << presenter.swapchain.extent.width
                      << "x" << presenter.swapchain.extent.height << ")\n";
            ui_.presentMode = mode;
        }
        {
            const view::PvoCulling* pvo = world_ ? &world_->pvo : nullptr;
            ui_.pvoCell = pvo ? pvo->cell(ui_.look.pvoPosition.value_or(ui_.camera.position)) : std::nullopt;
            // In ImGui's coordinates (window units, not framebuffer pixels on a HiDPI display).
            const ImVec2 display = ImGui::GetIO().DisplaySize;
            ui_.viewport = {static_cast<int>(display.x), static_cast<int>(display.y)};
        }
        if (events.toggleOverlay) {
            ui_.overlayShown = !ui_.overlayShown;
            std::cerr << "rgx explore: overlay " << (ui_.overlayShown ? "shown" : "hidden (F1 shows it)")
                      << "\n";
        }
        // The panels' places for this window and the selected actor's marker (kept clear of them).
        applyDisplayScale();
        const std::optional<ActorMarker> marker =
            actorMarker(actors_, scene_.get(), animation_.get(), ui_.camera, ui_.viewport, drawnState());
        keepClear_ = marker ? std::optional<Rect>(marker->keepClear) : std::nullopt;
        LayoutInput layoutInput;
        layoutInput.width = static_cast<float>(ui_.viewport[0]);
        layoutInput.height = static_cast<float>(ui_.viewport[1]);
        layoutInput.scale = displayScale_;
        layoutInput.titleHeight = ImGui::GetFrameHeight();
        layoutInput.profilerOpen = profiler_.setOpen.value_or(profiler_.open);
        layoutInput.actorsOpen = actors_.setOpen.value_or(actors_.open);
        layoutInput.scriptsOpen = scriptsPanel_.setOpen.value_or(scriptsPanel_.open);
        layoutInput.inspectorOpen = inspector_.setOpen.value_or(inspector_.open);
        layoutInput.mapOpen = map_.setOpen.value_or(map_.open);
        layoutInput.keepClear = keepClear_;
        const PanelPlan plan = planPanels(layoutInput);
        shownPanels_.clear();
        UiActions actions;
        ProfilerActions profilerActions;
        ActorPanelActions actorActions;
        InspectorActions inspectorActions;
        MapWindowAction mapAction;
        if (ui_.overlayShown) {
            actions = drawExploreUi(ui_, plan.main, shownPanels_);
            // The Inspector under the main window, in the left column.
            updateSearch();
            updateInspection();
            inspectorActions = drawInspectorPanel(inspector_, scene_.get(), plan.inspector, shownPanels_,
                                                  ui_.camera, ui_.currentWorld);
            std::optional<Vec3> selected;
            if (scene_)
                if (const auto sphere = selectionSphere(*scene_, inspector_.selection, drawnState()))
                    selected = Vec3{(*sphere)[0], (*sphere)[1], (*sphere)[2]};
            mapAction =
                drawMapPanel(map_, plan.map, shownPanels_, ui_.camera,
                             static_cast<double>(ui_.viewport[0]) / std::max(1, ui_.viewport[1]), selected);
            profilerActions = drawProfilerPanel(profiler_, recorder_, plan.profiler, shownPanels_);
        }
        if (profilerActions.copied) ui_.status = "profiler figures copied as JSON";
        if (actions.world) requestWorld(*actions.world);
        if (actions.segment) requestSegment(*actions.segment);
        pickAnything(); // after the UI, which decides whether the click drags the split divider
        // A pick opens the Actors panel from the next frame on, whose plan keeps the new marker
        // clear; this frame's plan was made for the panel folded.
        std::optional<bool> openLater;
        if (actors_.setOpen == true && !layoutInput.actorsOpen) std::swap(openLater, actors_.setOpen);
        std::optional<bool> openInspectorLater;
        if (inspector_.setOpen == true && !layoutInput.inspectorOpen)
            std::swap(openInspectorLater, inspector_.setOpen);
        // The Scripts panel between the Profiler and the Actors panel, as the column stacks them.
        if (ui_.overlayShown) {
            drawScriptsPanel(scriptsPanel_, scene_.get(), scripts_.get(), scriptPlayer(ui_.camera.position),
                             plan.scripts, shownPanels_);
            actorActions = drawActorPanel(actors_, scene_.get(), animation_.get(), plan.actors, shownPanels_);
        }
        applyInspectorActions(inspectorActions);
        applyMapAction(mapAction);
        if (openLater) actors_.setOpen = openLater;
        if (openInspectorLater) inspector_.setOpen = openInspectorLater;
        // An actor picked (or chosen in its list) that runs a script is the Scripts panel's too.
        if (actors_.selected != actorSeen_) {
            followActorSelection(scriptsPanel_, scene_.get(), actors_.selected);
            actorSeen_ = actors_.selected;
        }
        if (actorActions.goTo)
            ui_.camera =
                cameraFacingClear(ui_.camera,
                                  actorSphereNow(*scene_, *animation_,
                                                 static_cast<std::size_t>(actors_.selected), drawnState()),
                                  placedGeometry(), scene_->terrain ? &*scene_->terrain : nullptr);
        if (actions.toggleVsync || events.toggleVsync) {
            presenter.vsync = !presenter.vsync;
            presenter.recreate = true;
        }
        // F: the player's "use" on the selected scripted object (the Scripts panel's Activate).
        for (int k = 0; k < events.activations; ++k) {
            const std::string said = scripts_ && scene_ && scriptsPanel_.debugger.enabled
                                         ? activateSelected(scriptsPanel_.debugger, *scripts_, *scene_)
                                         : std::string("no scripts run: nothing to activate");
            scriptsPanel_.note = said;
            ui_.status = said;
            std::cerr << "rgx explore: " << said << "\n";
        }

        const double time = clockSeconds();
        // The actors and the scripts move on by the frame's time (in a scripted run the same
        // 1/30 s steps as `time`, counted only while no load runs), each actor at its own clock's
        // speed; the camera then follows its actor where it is drawn.
        if (animation_) {
            const double step = scripted ? (ui_.loading ? 0.0 : 1.0 / 30.0) : dt;
            animation_->update(step);
            runScripts(step);
            if (actors_.follow && actors_.selected >= 0 &&
                static_cast<std::size_t>(actors_.selected) < animation_->actorCount())
                followPoint(actors_.followedAt,
                            actorPositionNow(*scene_, *animation_, static_cast<std::size_t>(actors_.selected),
                                             drawnState()),
                            ui_.camera);
        }
        if (profilerActions.toggleRecording) toggleRecording(time, {});
        recorder_.add(time, ui_.camera);
        if (marker && ui_.overlayShown) drawActorMarker(*marker);
        if (scene_ && ui_.overlayShown && !inspector_.selection.empty())
            drawSelectionOutline(selectionOutline(*scene_, inspector_.selection, drawnState()), ui_.camera,
                                 ui_.viewport);
        const sim::WorldState* world = drawnState();
        const VkExtent2D target = renderer::framebufferExtent(window);
        renderer::FrameRequest request;
        request.camera = ui_.camera;
        request.timeSeconds = time;
        request.width = static_cast<int>(target.width);
        request.height = static_cast<int>(target.height);
        request.settings = ui_.look;
        request.world = world;
        renderer::FrameStats stats;
        // The software renderer draws on the CPU for the window's size; in the software view the
        // Glide look is not drawn at all.
        // Drawn straight into the buffer the frame uploads from: in the software view in the
        // window's byte order (copied into its image as it is), in the split view the target's.
        renderer::PictureTarget upload;
        if (software_.ready() && ui_.software.view != RendererView::Glide && target.width > 0 &&
            target.height > 0) {
            upload.pixels = renderer::softwareUpload(context_, presenter, target.width, target.height);
            upload.order = ui_.software.view == RendererView::Software ? renderer::presentedOrder(presenter)
                                                                       : renderer::PixelOrder::Rgba;
        }
        // The software look draws this frame on a worker while this thread presents the last
        // frame and records this one: on lavapipe the present waits for that frame's commands
        // and hands its image to the X server, time in which this thread would otherwise hold
        // the look back. The frame is submitted once the picture is drawn.
        const std::optional<renderer::SoftwarePicture> described =
            software_.picture(ui_.software, target.width, target.height, upload);
        const bool softwareOnly = described && ui_.software.view == RendererView::Software;
        const renderer::SoftwarePicture* picture = nullptr;
        bool recorded = false;
        std::exception_ptr failed[2];
        overlap_.run(described ? 2 : 1, [&](int thread) {
            try {
                if (thread == 0) {
                    recorded = renderer::recordPresentedFrame(
                        context_, presenter, softwareOnly ? nullptr : view.renderer(), request, &stats,
                        described ? &*described : nullptr);
                } else {
                    picture = software_.draw(ui_.software, target.width, target.height, request, upload);
                }
            } catch (...) {
                failed[thread] = std::current_exception();
            }
        });
        // A recorded frame holds an acquired image and its slot's reset fence: submitted even when
        // the picture failed (the buffer as it is), so that nothing waits on them for ever.
        if (recorded && failed[1]) renderer::submitPresentedFrame(context_, presenter, nullptr);
        for (const std::exception_ptr& e : failed)
            if (e) std::rethrow_exception(e);
        ui_.softwareStats = software_.stats();
        if (recorded) renderer::submitPresentedFrame(context_, presenter, picture);
        const bool presented = recorded;
        if (presented && softwareOnly && softwareDirect_ != (presenter.directBuffer >= 0)) {
            softwareDirect_ = presenter.directBuffer >= 0;
            std::cerr << "rgx explore: the software picture goes "
                      << (*softwareDirect_ ? "straight into the window's images"
                                           : "through the offscreen target (another size or byte order)")
                      << "\n";
        }
        if (presented) {
            ui_.stats = softwareOnly && ui_.softwareStats ? ui_.softwareStats->frame.stats : stats;
            if (stats.computeMs) ui_.computeMs = stats.computeMs;
            // The profiler: this frame's CPU figures, the GPU's of the last completed frame of
            // the same slot.
            renderer::FrameTimings timings;
            renderer::addGpuTimes(timings, presenter.lastPassTimes);
            if (!softwareOnly && view.renderer()) renderer::addCpuTimes(timings, stats);
            std::optional<std::uint64_t> pixels;
            if (picture && ui_.softwareStats) {
                for (const auto& [name, ms] : ui_.softwareStats->frame.timings.ms)
                    timings.set(name, ms);
                const double* resolve = timings.find("soft.resolve");
                timings.set("soft.resolve", (resolve ? *resolve : 0.0) + ui_.softwareStats->resolveMs);
                pixels = ui_.softwareStats->frame.pixelsWritten;
            }
            timings.set("cpu.wait", presenter.waitMs);
            timings.set("cpu.submit", presenter.submitMs);
            timings.set("cpu.present", presenter.presentMs);
            timings.set("cpu.frame", dt * 1000.0);
            addProfilerFrame(profiler_, timings, ui_.stats, pixels);
        }
        if (!ui_.loading && counted > 0) {
            memory.sample(counted);
            profiler_.residentKiB = memory.endKiB();
            profiler_.startKiB = memory.startKiB();
        }
        // Minimised: nothing to draw; sleep until something happens instead of spinning.
        const VkExtent2D size = renderer::framebufferExtent(window);
        if (!presented && (size.width == 0 || size.height == 0)) glfwWaitEventsTimeout(0.1);

        if (!pendingOverlay_.empty()) {
            try {
                renderer::writePng(pendingOverlay_, renderer::readOverlayFrame(context_, presenter));
                std::cerr << "rgx explore: overlay screenshot written to " << pendingOverlay_ << "\n";
            } catch (const std::exception& e) {
                std::cerr << "rgx explore: overlay screenshot failed: " << e.what() << "\n";
            }
            pendingOverlay_.clear();
        }
        // Every press of F12 (and the button) is a screenshot, of this frame.
        for (int shot = 0; shot < events.screenshots + (actions.screenshot ? 1 : 0); ++shot) {
            char name[64];
            std::snprintf(name, sizeof name, "rgx-screenshot-%03d.png", ++screenshots_);
            try {
                screenshot(name);
            } catch (const std::exception& e) {
                ui_.status = std::string("screenshot failed: ") + e.what();
                break;
            }
        }
        // (a frame lost to a swapchain recreation at the very end is made up for)
        if (scripted && counted >= options_.frames && !loader_->busy() && presenter.drewFrame) break;
    }

    // A path still being recorded when the window closes is written, not lost.
    if (recorder_.recording()) toggleRecording(clockSeconds(), {});
    if (loader_->busy()) loader_->wait(); // never leave a worker behind
    if (!options_.screenshot.empty()) screenshot(options_.screenshot);
    std::cerr << "rgx explore: " << counted << " frames";
    if (counted > 1) std::cerr << ", " << countedSeconds * 1000.0 / double(counted - 1) << " ms per frame";
    // The steady rate too: the first frames do one-time work (the first frame of a view builds its
    // look: the software renderer's tables, pipelines), and the median, which one stall (the
    // system, the X server) does not move.
    constexpr std::size_t kWarmFrames = 20;
    if (countedMs.size() > 2 * kWarmFrames) {
        std::vector<double> steady(countedMs.begin() + kWarmFrames, countedMs.end());
        double sum = 0;
        for (double ms : steady)
            sum += ms;
        std::nth_element(steady.begin(), steady.begin() + steady.size() / 2, steady.end());
        std::cerr << "; after the first " << kWarmFrames << ": " << sum / double(steady.size())
                  << " ms per frame, median " << steady[steady.size() / 2] << " ms";
    }
    std::cerr << "\nrgx explore: memory: " << memory.describe() << "\n";
    return 0;
}

int runExplore(const ExploreOptions& options) {
    // Everything the run will need is checked before anything opens: the whole script, and where
    // the last screenshot goes.
    std::vector<ScriptAction> script;
    if (const char* text = std::getenv("RGX_EXPLORE_SCRIPT")) script = parseExploreScript(text);
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
        Explorer explorer(options, context, std::move(script));
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
