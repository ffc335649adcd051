#pragma once
// The explorer (`rgx explore`, app/explore/cmd_explore.cpp): its state and its steps, declared
// here so that its parts live in files of their own: world loading (cmd_explore.cpp), the frame's
// steps (explore_frame.cpp), the autoplay's actions (explore_autoplay_actions.cpp), the Inspector
// (explore_inspector.cpp), the catalogue and the Map panel. Internal to app/explore.
//
// What a load replaces is one LoadedWorld (app/explore/loaded_world.h), swapped whole. A frame is
// these steps, in this order (Explorer::run):
//   beginFrame   the clock's frame time, a finished load applied, the autoplay's actions due
//   handleInput  keys and mouse, the camera's flight, the overlay's scale, the actor's marker
//   drawPanels   the overlay's panels and what they ask for (a world, a pick, go to, activate)
//   stepTime     the world's clock moved on (actors, SOUP scripts), the camera following
//   drawScene    both looks' frame recorded, drawn and submitted; the profiler's figures
//   endFrame     memory, screenshots, the run's end

#include "app/commands.h"
#include "app/commands/memory_use.h"
#include "app/explore/explore_actors.h"
#include "app/explore/explore_autoplay.h"
#include "app/explore/explore_input.h"
#include "app/explore/explore_inspector_panel.h"
#include "app/explore/explore_layout.h"
#include "app/explore/explore_loader.h"
#include "app/explore/explore_map.h"
#include "app/explore/explore_profiler.h"
#include "app/explore/explore_scripts_panel.h"
#include "app/explore/explore_software.h"
#include "app/explore/explore_ui.h"
#include "app/explore/loaded_world.h"
#include "app/explore/path_recorder.h"
#include "renderer/scene_view.h"
#include "renderer/soft/worker_pool.h"
#include "renderer/views/catalog_sheet.h"
#include "renderer/vk/context.h"
#include "renderer/window/presenter.h"
#include "renderer/world/prepared_world.h"
#include "scene/engine.h"
#include "sim/world_clock.h"

#include <GLFW/glfw3.h>
#include <imgui.h>

#include <chrono>
#include <cstdint>
#include <filesystem>
#include <memory>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

namespace rgx::app {

class Explorer {
public:
    Explorer(const ExploreOptions& options, renderer::VulkanContext& context,
             std::vector<AutoplayAction> autoplay)
        : options_(options), context_(context), autoplay_(std::move(autoplay)) {}

    int run();

private:
    // What one frame's input and panels asked for, handed from step to step.
    struct FrameAsks {
        InputEvents events;
        UiActions ui;
        ProfilerActions profiler;
        ActorPanelActions actors;
        InspectorActions inspector;
        MapWindowAction map;
        std::optional<ActorMarker> marker;
        LayoutInput layout;
    };
    // The counted frames of a run: their times and the memory they used.
    struct FrameCounts {
        explicit FrameCounts(std::int64_t frames) : memory(frames) {}
        MemoryTrack memory;
        double seconds = 0;
        std::vector<double> ms; // reserved before the first frame (the soak tests)
        std::size_t kept = 0;   // the most of them kept
    };

    // The run's setup and the frame's steps (explore_frame.cpp).
    void requestFirst();
    bool beginFrame(double dt);
    FrameAsks handleInput(double dt);
    void drawPanels(FrameAsks& asks);
    void applyAsks(const FrameAsks& asks);
    double stepTime(double dt);
    void drawMarks(const FrameAsks& asks);
    bool drawScene(double time, double dt);
    void addFrameFigures(const renderer::FrameStats& stats, const renderer::SoftwarePicture* picture,
                         bool softwareOnly, double dt);
    bool endFrame(const FrameAsks& asks, bool presented);
    void finishRun();

    void openGame();
    void applyLoaded(LoadedScene loaded);
    std::string swapWorld(LoadedScene& loaded);
    void noteWorld();
    void placeCamera();
    void screenshot(const std::filesystem::path& path);
    bool runAutoplay(std::int64_t frame);
    void requestWorld(std::int64_t world);
    // The Inspector (explore_inspector.cpp).
    void resetInspector();
    void loadUserBookmarks();
    void saveUserBookmarks();
    void readWorldFiles();
    void updateInspection();
    void updateSearch();
    void select(const Selection& selection);
    void flyTo(const Selection& selection);
    std::optional<PickHit> pickAt(double x, double y);
    void pickAnything();
    std::string pickedName(const Selection& selection) const;
    void applyInspectorActions(const InspectorActions& actions);
    void requestSegment(const std::string& segment); // of the --model ROB ("": the whole archive)
    void toggleRecording(double time, const std::filesystem::path& file, const std::string& why = "");
    void applyDisplayScale();
    void checkPanels();
    double clockSeconds() const;
    using AutoplayHandler = void (Explorer::*)(const AutoplayAction&, std::int64_t frame);
    static const std::unordered_map<std::string, AutoplayHandler>& autoplayHandlers();
    void autoplayWorld(const AutoplayAction& a, std::int64_t frame);
    void autoplayCamera(const AutoplayAction& a, std::int64_t frame);
    void autoplayVsync(const AutoplayAction& a, std::int64_t frame);
    void autoplayScreenshot(const AutoplayAction& a, std::int64_t frame);
    void autoplayOverlay(const AutoplayAction& a, std::int64_t frame);
    void autoplaySize(const AutoplayAction& a, std::int64_t frame);
    void autoplayView(const AutoplayAction& a, std::int64_t frame);
    void autoplayActor(const AutoplayAction& a, std::int64_t frame);
    void autoplayScripts(const AutoplayAction& a, std::int64_t frame);
    void autoplayPanel(const AutoplayAction& a, std::int64_t frame);
    void autoplayRecord(const AutoplayAction& a, std::int64_t frame);
    void autoplayWave(const AutoplayAction& a, std::int64_t frame);
    void autoplayKey(const AutoplayAction& a, std::int64_t frame);
    void autoplayPanels(const AutoplayAction& a, std::int64_t frame);
    void autoplayInspector(const AutoplayAction& a, std::int64_t frame);
    void autoplaySegment(const AutoplayAction& a, std::int64_t frame);
    void autoplayMapClick(const AutoplayAction& a, std::int64_t frame);
    // The Map panel's click (explore_map_panel.cpp): a marker selected and flown to, or ground.
    void applyMapAction(const MapWindowAction& action);

    // The shown world's parts (null before the first load).
    scene::Scene* scene() const { return world_ ? world_->scene.get() : nullptr; }
    const renderer::PreparedWorld* prepared() const { return world_ ? world_->prepared.get() : nullptr; }
    sim::SceneAnimation* animation() const { return world_ ? &world_->clock->animation() : nullptr; }
    sim::ScriptWorld* scripts() const { return world_ ? world_->clock->scripts() : nullptr; }
    // What the frame draws: the clock's state (sim/world_clock.h).
    const sim::WorldState* worldState() const { return world_ ? &world_->clock->state() : nullptr; }
    const std::vector<Vec3>& placedGeometry();

    const ExploreOptions& options_;
    renderer::VulkanContext& context_;
    std::filesystem::path gameDir_;
    std::unique_ptr<scene::GameFs> fs_;
    std::unique_ptr<scene::GameDirectory> games_; // every engine's game in the directory
    std::unique_ptr<SceneLoader> loader_;
    renderer::Presenter* presenter_ = nullptr;
    renderer::SceneView* view_ = nullptr;
    GLFWwindow* window_ = nullptr;
    // Whether the software view's last frame went straight into the window's image (said when it
    // changes: a picture of another byte order or size goes through the offscreen target).
    std::optional<bool> softwareDirect_;
    // The software look's picture is drawn on this pool's worker while the explorer's thread
    // presents the frame before (drawScene).
    renderer::soft::WorkerPool overlap_;
    // The world on screen: its scene, prepared world, software look, clock and records. A load
    // replaces it whole (applyLoaded).
    std::unique_ptr<LoadedWorld> world_;
    ScriptPanelState scriptsPanel_;
    int actorSeen_ = -1; // the Actors panel's selection the Scripts panel last followed
    ActorPanelState actors_;
    // The Inspector: its selection (what the map window marks: inspector_.selection) and the
    // bookmarks' file and key.
    InspectorPanelState inspector_;
    MapWindowState map_; // the Map panel (explore_map.h), its picture made once per world
    // The catalogue's thumbnails (explore_catalogue.cpp): drawn a few a frame by the software look
    // while the whole archive is shown, into ui_.catalogue.
    static constexpr std::size_t kCatalogueThumbnailsAFrame = 6;
    std::unique_ptr<renderer::LookRenderer> catalogueLook_;
    std::optional<renderer::CatalogLayout> catalogueLayout_;
    std::size_t catalogueNext_ = 0;
    void prepareCatalogueThumbnails();
    void drawCatalogueThumbnails(std::size_t most);
    std::optional<std::filesystem::path> bookmarksFile_;
    std::string bookmarksKey_;
    ExploreUiModel ui_;
    ProfilerModel profiler_;
    PathRecorder recorder_;
    int recordings_ = 0;
    ExploreInput input_;
    std::vector<AutoplayAction> autoplay_;
    std::size_t nextAction_ = 0;
    bool everLoaded_ = false;
    int screenshots_ = 0;
    std::string pendingOverlay_; // the autoplay's overlay screenshot, written after the frame
    // The run's clock (clockSeconds): a run of --frames N steps 1/30 s per frame drawn with no
    // load running (counted_), so its pictures are reproducible.
    bool fixedSteps_ = false;
    std::int64_t counted_ = 0;
    std::chrono::steady_clock::time_point start_;
    std::chrono::steady_clock::time_point last_; // the frame before's start
    std::optional<FrameCounts> counts_;
    // The overlay's places this frame and the panels as drawn (explore_layout.h).
    std::vector<PanelShown> shownPanels_;
    std::optional<Rect> keepClear_; // the selected actor's marker
    float displayScale_ = 0;        // the scale the style was last sized for
    ImGuiStyle baseStyle_;          // the style at scale 1
};

} // namespace rgx::app
