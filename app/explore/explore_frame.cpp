// The explorer's window loop and the steps of one frame (app/explore/explorer.h lists them in
// order). Each step reads what the steps before it decided this frame, and nothing later.

#include "app/explore/explorer.h"

#include "base/error.h"
#include "renderer/profile/frame_profile.h"
#include "renderer/vk/png.h"
#include "renderer/window/window_context.h"

#include <algorithm>
#include <cstdio>
#include <exception>
#include <iostream>
#include <utility>

namespace rgx::app {

int Explorer::run() {
    openGame();

    // Destroyed in reverse at the end of the run: the scene's view, the presenter, then the window.
    renderer::Window window = renderer::createWindow(context_.instance.instance, 1280, 720, "rgx explore");
    renderer::Presenter presenter(context_, window);
    presenter_ = &presenter;
    window_ = window.handle.get();
    // After the overlay's own callbacks, which it passes events on to; undone before the
    // presenter (and with it the overlay's backend) goes.
    const KeyEvents keyEvents(window_, input_);
    renderer::SceneView view(context_);
    view_ = &view;
    requestFirst();

    fixedSteps_ = options_.frames > 0;
    // Resident memory over the counted frames: the profiler shows it, the run's last line says it
    // (the soak tests read the growth, tests/soak). A run's frame times, for their median, are
    // reserved before the first frame, up to a million.
    counts_.emplace(fixedSteps_ ? options_.frames : 0);
    counts_->kept =
        fixedSteps_ ? std::min<std::size_t>(static_cast<std::size_t>(options_.frames), 1 << 20) : 0;
    counts_->ms.reserve(counts_->kept);
    last_ = std::chrono::steady_clock::now();
    start_ = last_;
    while (!glfwWindowShouldClose(window_)) {
        glfwPollEvents();
        const auto now = std::chrono::steady_clock::now();
        const double dt = std::chrono::duration<double>(now - last_).count();
        last_ = now;
        if (!beginFrame(dt)) return 1;
        FrameAsks asks = handleInput(dt);
        drawPanels(asks);
        applyAsks(asks);
        const double time = stepTime(dt);
        if (asks.profiler.toggleRecording) toggleRecording(time, {});
        recorder_.add(time, ui_.camera);
        drawMarks(asks);
        const bool presented = drawScene(time, dt);
        if (!endFrame(asks, presented)) break;
    }
    finishRun();
    return 0;
}

// The first scene: the --model file, or --world N, or the game's first world.
void Explorer::requestFirst() {
    SceneRequest first;
    first.model = options_.game.model;
    first.segment = options_.game.segment;
    if (!first.model.empty()) {
        loader_->start(first);
        ui_.loading = true;
        ui_.loadingWhat = first.describe();
        return;
    }
    first.world = options_.game.world;
    if (first.world < 0) {
        if (ui_.worlds.empty()) throw Error(fs_->root().string(), Error::kNoOffset, "WORLD.INI", "no worlds");
        first.world = ui_.worlds.front();
    }
    requestWorld(first.world);
}

// The frame's time counted, a finished load applied, the autoplay's actions due run. False ends
// the run with an error: the first scene cannot be shown, or an action failed.
bool Explorer::beginFrame(double dt) {
    ui_.addFrameTime(dt * 1000.0);
    drawCatalogueThumbnails(kCatalogueThumbnailsAFrame);
    if (auto loaded = loader_->poll()) {
        applyLoaded(std::move(*loaded));
        if (fixedSteps_ && !everLoaded_) return false; // the scene asked for cannot be shown
    }
    ui_.progress = loader_->progress();
    if (ui_.loading) return true;
    ++counted_;         // frames drawn with no load running
    if (counted_ > 1) { // the frame before this one, drawn with a scene
        counts_->seconds += dt;
        if (counts_->ms.size() < counts_->kept) counts_->ms.push_back(dt * 1000.0);
    }
    return !fixedSteps_ || runAutoplay(counted_);
}

// Keys and mouse, the camera's flight, what the overlay shows of the window, the actor's marker.
Explorer::FrameAsks Explorer::handleInput(double dt) {
    FrameAsks asks;
    renderer::beginImGuiFrame();
    asks.events = readInput(window_, input_);
    // Runs of --frames N keep the camera still so that screenshots are reproducible.
    if (!fixedSteps_) view::flyCamera(ui_.camera, asks.events.fly, dt, input_.speed);
    ui_.speed = input_.speed;
    ui_.vsync = presenter_->vsync;
    if (const std::string mode = renderer::presentModeName(presenter_->swapchain.presentMode);
        mode != ui_.presentMode) {
        std::cerr << "rgx explore: present mode " << mode << " (" << presenter_->swapchain.extent.width << "x"
                  << presenter_->swapchain.extent.height << ")\n";
        ui_.presentMode = mode;
    }
    const renderer::PreparedWorld* prepared = this->prepared();
    ui_.pvoCell =
        prepared ? prepared->pvo.cell(ui_.look.pvoPosition.value_or(ui_.camera.position)) : std::nullopt;
    // In ImGui's coordinates (window units, not framebuffer pixels on a HiDPI display).
    const ImVec2 display = ImGui::GetIO().DisplaySize;
    ui_.viewport = {static_cast<int>(display.x), static_cast<int>(display.y)};
    if (asks.events.toggleOverlay) {
        ui_.overlayShown = !ui_.overlayShown;
        std::cerr << "rgx explore: overlay " << (ui_.overlayShown ? "shown" : "hidden (F1 shows it)") << "\n";
    }
    // The panels' places for this window and the selected actor's marker (kept clear of them).
    applyDisplayScale();
    asks.marker = actorMarker(actors_, scene(), animation(), ui_.camera, ui_.viewport, worldState());
    keepClear_ = asks.marker ? std::optional<Rect>(asks.marker->keepClear) : std::nullopt;
    return asks;
}

// The overlay's panels, planned for this window, and what they ask for that must happen between
// them (a world or segment asked for, a pick, the Inspector's and the Map panel's actions).
void Explorer::drawPanels(FrameAsks& asks) {
    LayoutInput& layout = asks.layout;
    layout.width = static_cast<float>(ui_.viewport[0]);
    layout.height = static_cast<float>(ui_.viewport[1]);
    layout.scale = displayScale_;
    layout.titleHeight = ImGui::GetFrameHeight();
    layout.profilerOpen = profiler_.setOpen.value_or(profiler_.open);
    layout.actorsOpen = actors_.setOpen.value_or(actors_.open);
    layout.scriptsOpen = scriptsPanel_.setOpen.value_or(scriptsPanel_.open);
    layout.inspectorOpen = inspector_.setOpen.value_or(inspector_.open);
    layout.mapOpen = map_.setOpen.value_or(map_.open);
    layout.keepClear = keepClear_;
    const PanelPlan plan = planPanels(layout);
    shownPanels_.clear();
    if (ui_.overlayShown) {
        asks.ui = drawExploreUi(ui_, plan.main, shownPanels_);
        // The Inspector under the main window, in the left column.
        updateSearch();
        updateInspection();
        asks.inspector = drawInspectorPanel(inspector_, scene(), plan.inspector, shownPanels_, ui_.camera,
                                            ui_.currentWorld);
        std::optional<Vec3> selected;
        if (scene())
            if (const auto sphere = selectionSphere(*scene(), inspector_.selection, worldState()))
                selected = Vec3{(*sphere)[0], (*sphere)[1], (*sphere)[2]};
        asks.map =
            drawMapPanel(map_, plan.map, shownPanels_, ui_.camera,
                         static_cast<double>(ui_.viewport[0]) / std::max(1, ui_.viewport[1]), selected);
        asks.profiler = drawProfilerPanel(profiler_, recorder_, plan.profiler, shownPanels_);
    }
    if (asks.profiler.copied) ui_.status = "profiler figures copied as JSON";
    if (asks.ui.world) requestWorld(*asks.ui.world);
    if (asks.ui.segment) requestSegment(*asks.ui.segment);
    pickAnything(); // after the UI, which decides whether the click drags the split divider
    // A pick opens the Actors panel from the next frame on, whose plan keeps the new marker
    // clear; this frame's plan was made for the panel folded.
    std::optional<bool> openLater;
    if (actors_.setOpen == true && !layout.actorsOpen) std::swap(openLater, actors_.setOpen);
    std::optional<bool> openInspectorLater;
    if (inspector_.setOpen == true && !layout.inspectorOpen)
        std::swap(openInspectorLater, inspector_.setOpen);
    // The Scripts panel between the Profiler and the Actors panel, as the column stacks them.
    if (ui_.overlayShown) {
        drawScriptsPanel(scriptsPanel_, scene(), scripts(), sim::scriptPlayer(ui_.camera.position),
                         plan.scripts, shownPanels_);
        asks.actors = drawActorPanel(actors_, scene(), animation(), plan.actors, shownPanels_);
    }
    applyInspectorActions(asks.inspector);
    applyMapAction(asks.map);
    if (openLater) actors_.setOpen = openLater;
    if (openInspectorLater) inspector_.setOpen = openInspectorLater;
}

// What the panels and keys asked for that acts on the world: the Scripts panel following the
// picked actor, "go to", vsync, the player's "use".
void Explorer::applyAsks(const FrameAsks& asks) {
    // An actor picked (or chosen in its list) that runs a script is the Scripts panel's too.
    if (actors_.selected != actorSeen_) {
        followActorSelection(scriptsPanel_, scene(), actors_.selected);
        actorSeen_ = actors_.selected;
    }
    if (asks.actors.goTo)
        ui_.camera = cameraFacingClear(
            ui_.camera,
            actorSphereNow(*scene(), *animation(), static_cast<std::size_t>(actors_.selected), worldState()),
            placedGeometry(), scene()->terrain ? &*scene()->terrain : nullptr);
    if (asks.ui.toggleVsync || asks.events.toggleVsync) {
        presenter_->vsync = !presenter_->vsync;
        presenter_->recreate = true;
    }
    // F: the player's "use" on the selected scripted object (the Scripts panel's Activate).
    for (int k = 0; k < asks.events.activations; ++k) {
        const std::string said = scripts() && scene() && scriptsPanel_.debugger.enabled
                                     ? activateSelected(scriptsPanel_.debugger, *scripts(), *scene())
                                     : std::string("no scripts run: nothing to activate");
        scriptsPanel_.note = said;
        ui_.status = said;
        std::cerr << "rgx explore: " << said << "\n";
    }
}

// The world's clock moves on by the frame's time (sim/world_clock.h): in a run of --frames N the
// same 1/30 s steps as the returned time, counted only while no load runs; each actor at its own
// clock's speed; the SOUP scripts through the Scripts panel's debugger, unless off. The camera then
// follows its actor where it is drawn. Returns the frame's time.
double Explorer::stepTime(double dt) {
    const double time = clockSeconds();
    if (!world_) return time;
    const double step = fixedSteps_ ? (ui_.loading ? 0.0 : 1.0 / 30.0) : dt;
    const sim::ScriptPlayer player = sim::scriptPlayer(ui_.camera.position);
    world_->clock->advance(step, player, scriptsPanel_.debugger.enabled, [&](sim::ScriptWorld& s, double d) {
        if (const auto hit = advanceScripts(scriptsPanel_.debugger, s, d, player))
            std::cerr << "rgx explore: scripts " << describeHit(*hit, s.vm().ticks()) << "\n";
    });
    if (actors_.follow && actors_.selected >= 0 &&
        static_cast<std::size_t>(actors_.selected) < animation()->actorCount())
        followPoint(actors_.followedAt,
                    actorPositionNow(*scene(), *animation(), static_cast<std::size_t>(actors_.selected),
                                     worldState()),
                    ui_.camera);
    return time;
}

// The selected actor's marker and the selection's outline, over the scene.
void Explorer::drawMarks(const FrameAsks& asks) {
    if (!ui_.overlayShown) return;
    if (asks.marker) drawActorMarker(*asks.marker);
    if (scene() && !inspector_.selection.empty())
        drawSelectionOutline(selectionOutline(*scene(), inspector_.selection, worldState()), ui_.camera,
                             ui_.viewport);
}

// The frame in both looks: the Glide look recorded on this thread while the software look draws
// on a worker, then submitted and presented. True when a frame was presented.
bool Explorer::drawScene(double time, double dt) {
    const VkExtent2D target = renderer::framebufferExtent(*presenter_->window);
    renderer::FrameRequest request;
    request.camera = ui_.camera;
    request.timeSeconds = time;
    request.width = static_cast<int>(target.width);
    request.height = static_cast<int>(target.height);
    request.settings = ui_.look;
    request.world = worldState();
    renderer::FrameStats stats;
    SoftwareView* software = world_ ? &world_->software : nullptr;
    // The software renderer draws on the CPU for the window's size, straight into the buffer the
    // frame uploads from: in the software view in the window's byte order (copied into its image
    // as it is), in the split view the target's. In the software view the Glide look is not drawn.
    renderer::PictureTarget upload;
    if (software && software->ready() && ui_.software.looks.drawsSoftware() && target.width > 0 &&
        target.height > 0) {
        upload.pixels = renderer::softwareUpload(context_, *presenter_, target.width, target.height);
        upload.order = ui_.software.looks.softwareOnly() ? renderer::presentedOrder(*presenter_)
                                                         : renderer::PixelOrder::Rgba;
    }
    // The software look draws this frame on a worker while this thread presents the last frame and
    // records this one: on lavapipe the present waits for that frame's commands and hands its image
    // to the X server, time in which this thread would otherwise hold the look back. The frame is
    // submitted once the picture is drawn.
    const std::optional<renderer::SoftwarePicture> described =
        software ? software->picture(ui_.software, target.width, target.height, upload) : std::nullopt;
    const bool softwareOnly = described && ui_.software.looks.softwareOnly();
    const renderer::SoftwarePicture* picture = nullptr;
    bool recorded = false;
    std::exception_ptr failed[2];
    overlap_.run(described ? 2 : 1, [&](int thread) {
        try {
            if (thread == 0)
                recorded = renderer::recordPresentedFrame(context_, *presenter_,
                                                          softwareOnly ? nullptr : view_->renderer(), request,
                                                          &stats, described ? &*described : nullptr);
            else
                picture = software->draw(ui_.software, target.width, target.height, request, upload);
        } catch (...) {
            failed[thread] = std::current_exception();
        }
    });
    // A recorded frame holds an acquired image and its slot's reset fence: submitted even when
    // the picture failed (the buffer as it is), so that nothing waits on them for ever.
    if (recorded && failed[1]) renderer::submitPresentedFrame(context_, *presenter_, nullptr);
    for (const std::exception_ptr& e : failed)
        if (e) std::rethrow_exception(e);
    ui_.softwareStats = software ? software->stats() : std::nullopt;
    if (!recorded) return false;
    renderer::submitPresentedFrame(context_, *presenter_, picture);
    if (softwareOnly && softwareDirect_ != (presenter_->directBuffer >= 0)) {
        softwareDirect_ = presenter_->directBuffer >= 0;
        std::cerr << "rgx explore: the software picture goes "
                  << (*softwareDirect_ ? "straight into the window's images"
                                       : "through the offscreen target (another size or byte order)")
                  << "\n";
    }
    ui_.stats = softwareOnly && ui_.softwareStats ? ui_.softwareStats->frame.stats : stats;
    if (stats.computeMs) ui_.computeMs = stats.computeMs;
    addFrameFigures(stats, picture, softwareOnly, dt);
    return true;
}

// The profiler: this frame's CPU figures, the GPU's of the last completed frame of the same slot.
void Explorer::addFrameFigures(const renderer::FrameStats& stats, const renderer::SoftwarePicture* picture,
                               bool softwareOnly, double dt) {
    renderer::FrameTimings timings;
    renderer::addGpuTimes(timings, presenter_->lastPassTimes);
    if (!softwareOnly && view_->renderer()) renderer::addCpuTimes(timings, stats);
    // The looks' own figures: the Glide look's (multi-draw) while it draws, the software look's
    // (pixels written) when it drew this frame.
    renderer::LookFigures figures;
    if (!softwareOnly && view_->renderer()) figures = view_->renderer()->info().figures;
    if (picture && ui_.softwareStats) {
        for (const auto& [name, ms] : ui_.softwareStats->frame.timings.ms)
            timings.set(name, ms);
        const double* resolve = timings.find("soft.resolve");
        timings.set("soft.resolve", (resolve ? *resolve : 0.0) + ui_.softwareStats->resolveMs);
        for (const auto& [name, value] : ui_.softwareStats->frame.figures.values)
            figures.set(name, value);
    }
    timings.set("cpu.wait", presenter_->waitMs);
    timings.set("cpu.submit", presenter_->submitMs);
    timings.set("cpu.present", presenter_->presentMs);
    timings.set("cpu.frame", dt * 1000.0);
    addProfilerFrame(profiler_, timings, ui_.stats, figures);
}

// After the frame: memory, the screenshots asked for, the run's end. False ends the run.
bool Explorer::endFrame(const FrameAsks& asks, bool presented) {
    if (!ui_.loading && counted_ > 0) {
        counts_->memory.sample(counted_);
        profiler_.residentKiB = counts_->memory.endKiB();
        profiler_.startKiB = counts_->memory.startKiB();
    }
    // Minimised: nothing to draw; sleep until something happens instead of spinning.
    const VkExtent2D size = renderer::framebufferExtent(*presenter_->window);
    if (!presented && (size.width == 0 || size.height == 0)) glfwWaitEventsTimeout(0.1);
    if (!pendingOverlay_.empty()) {
        try {
            renderer::writePng(pendingOverlay_, renderer::readOverlayFrame(context_, *presenter_));
            std::cerr << "rgx explore: overlay screenshot written to " << pendingOverlay_ << "\n";
        } catch (const std::exception& e) {
            std::cerr << "rgx explore: overlay screenshot failed: " << e.what() << "\n";
        }
        pendingOverlay_.clear();
    }
    // Every press of F12 (and the button) is a screenshot, of this frame.
    for (int shot = 0; shot < asks.events.screenshots + (asks.ui.screenshot ? 1 : 0); ++shot) {
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
    return !(fixedSteps_ && counted_ >= options_.frames && !loader_->busy() && presenter_->drewFrame);
}

// The window closed or the frames ran out: what is pending is finished, and the run's figures said.
void Explorer::finishRun() {
    // A path still being recorded when the window closes is written, not lost.
    if (recorder_.recording()) toggleRecording(clockSeconds(), {});
    if (loader_->busy()) loader_->wait(); // never leave a worker behind
    if (!options_.screenshot.empty()) screenshot(options_.screenshot);
    std::cerr << "rgx explore: " << counted_ << " frames";
    if (counted_ > 1)
        std::cerr << ", " << counts_->seconds * 1000.0 / double(counted_ - 1) << " ms per frame";
    // The steady rate too: the first frames do one-time work (the first frame of a view builds its
    // look: the software renderer's tables, pipelines), and the median, which one stall (the
    // system, the X server) does not move.
    constexpr std::size_t kWarmFrames = 20;
    const std::vector<double>& ms = counts_->ms;
    if (ms.size() > 2 * kWarmFrames) {
        std::vector<double> steady(ms.begin() + kWarmFrames, ms.end());
        double sum = 0;
        for (double m : steady)
            sum += m;
        std::nth_element(steady.begin(), steady.begin() + steady.size() / 2, steady.end());
        std::cerr << "; after the first " << kWarmFrames << ": " << sum / double(steady.size())
                  << " ms per frame, median " << steady[steady.size() / 2] << " ms";
    }
    std::cerr << "\nrgx explore: memory: " << counts_->memory.describe() << "\n";
}

} // namespace rgx::app
