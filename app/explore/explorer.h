#pragma once
// The explorer (`rgx explore`, app/explore/cmd_explore.cpp): its state and its steps, declared
// here so that its parts live in files of their own: the window loop and world loading
// (cmd_explore.cpp) and the script's actions (explore_script_actions.cpp). Internal to app/explore.

#include "app/commands.h"
#include "app/explore/explore_actors.h"
#include "app/explore/explore_input.h"
#include "app/explore/explore_inspector_panel.h"
#include "app/explore/explore_layout.h"
#include "app/explore/explore_loader.h"
#include "app/explore/explore_map.h"
#include "app/explore/explore_profiler.h"
#include "app/explore/explore_script.h"
#include "app/explore/explore_scripts_panel.h"
#include "app/explore/explore_software.h"
#include "app/explore/explore_ui.h"
#include "app/explore/path_recorder.h"
#include "renderer/scene_view.h"
#include "renderer/soft/worker_pool.h"
#include "renderer/views/catalog_sheet.h"
#include "renderer/vk/context.h"
#include "renderer/window/presenter.h"
#include "renderer/world/prepared_world.h"
#include "scene/engine.h"
#include "scene/redguard/model_resolver.h"
#include "sim/scene_animation.h"
#include "sim/script_world.h"

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
             std::vector<ScriptAction> script)
        : options_(options), context_(context), script_(std::move(script)) {}

    int run();

private:
    void openGame();
    void applyLoaded(LoadedScene loaded);
    void screenshot(const std::filesystem::path& path);
    bool runScript(std::int64_t frame);
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
    void runScripts(double dt);
    const sim::WorldState* drawnState() const;
    using ScriptHandler = void (Explorer::*)(const ScriptAction&, std::int64_t frame);
    static const std::unordered_map<std::string, ScriptHandler>& scriptHandlers();
    void scriptWorld(const ScriptAction& a, std::int64_t frame);
    void scriptCamera(const ScriptAction& a, std::int64_t frame);
    void scriptVsync(const ScriptAction& a, std::int64_t frame);
    void scriptScreenshot(const ScriptAction& a, std::int64_t frame);
    void scriptOverlay(const ScriptAction& a, std::int64_t frame);
    void scriptSize(const ScriptAction& a, std::int64_t frame);
    void scriptView(const ScriptAction& a, std::int64_t frame);
    void scriptActor(const ScriptAction& a, std::int64_t frame);
    void scriptScripts(const ScriptAction& a, std::int64_t frame);
    void scriptPanel(const ScriptAction& a, std::int64_t frame);
    void scriptRecord(const ScriptAction& a, std::int64_t frame);
    void scriptWave(const ScriptAction& a, std::int64_t frame);
    void scriptKey(const ScriptAction& a, std::int64_t frame);
    void scriptPanels(const ScriptAction& a, std::int64_t frame);
    void scriptInspector(const ScriptAction& a, std::int64_t frame);
    void scriptSegment(const ScriptAction& a, std::int64_t frame);
    void scriptMapClick(const ScriptAction& a, std::int64_t frame);
    // The Map panel's click (explore_map_panel.cpp): a marker selected and flown to, or ground.
    void applyMapAction(const MapWindowAction& action);

    const ExploreOptions& options_;
    renderer::VulkanContext& context_;
    std::filesystem::path gameDir_;
    std::unique_ptr<scene::GameFs> fs_;
    std::unique_ptr<scene::GameDirectory> games_; // every engine's game in the directory
    std::unique_ptr<SceneLoader> loader_;
    renderer::Presenter* presenter_ = nullptr;
    renderer::SceneView* view_ = nullptr;
    SoftwareView software_; // the software renderer of the scene on screen
    // Whether the software view's last frame went straight into the window's image (said when it
    // changes: a picture of another byte order or size goes through the offscreen target).
    std::optional<bool> softwareDirect_;
    // The software look's picture is drawn on this pool's worker while the explorer's thread
    // presents the frame before (Explorer::run).
    renderer::soft::WorkerPool overlap_;
    // The scene on screen, kept for its actors' playback, which reads it every frame (so it is
    // declared before the animation, which is destroyed first).
    std::unique_ptr<scene::Scene> scene_;
    // The shown scene prepared (renderer/world/prepared_world.h): both looks draw it.
    std::unique_ptr<renderer::PreparedWorld> world_;
    std::unique_ptr<sim::SceneAnimation> animation_;
    // The world's SOUP scripts (none without scripted objects), made with the animation and
    // destroyed before it and the scene; the frame's state with what they show (drawnState).
    std::unique_ptr<sim::ScriptWorld> scripts_;
    sim::WorldState scriptedState_;
    bool scriptsShown_ = false; // last frame drew scriptedState_
    ScriptPanelState scriptsPanel_;
    int actorSeen_ = -1; // the Actors panel's selection the Scripts panel last followed
    ActorPanelState actors_;
    // The Inspector: its selection (what the map window marks: inspector_.selection), the world's
    // RGM and WLD read again for it, the model files it describes, the bookmarks' file and key.
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
    std::optional<loaders::Rgm> rgm_;
    std::optional<loaders::WldGrids> wld_;
    bool worldFilesRead_ = false;
    std::unique_ptr<scene::ModelResolver> resolver_;
    std::optional<std::filesystem::path> bookmarksFile_;
    std::string bookmarksKey_;
    ExploreUiModel ui_;
    ProfilerModel profiler_;
    PathRecorder recorder_;
    int recordings_ = 0;
    ExploreInput input_;
    std::vector<ScriptAction> script_;
    std::size_t nextAction_ = 0;
    bool everLoaded_ = false;
    int screenshots_ = 0;
    GLFWwindow* window_ = nullptr;
    std::string pendingOverlay_; // scripted overlay screenshot, written after the frame
    // The run's clock (clockSeconds): scripted runs count frames drawn with no load running.
    bool scripted_ = false;
    std::int64_t counted_ = 0;
    std::chrono::steady_clock::time_point start_;
    // The overlay's places this frame and the panels as drawn (explore_layout.h).
    std::vector<PanelShown> shownPanels_;
    std::optional<Rect> keepClear_; // the selected actor's marker
    float displayScale_ = 0;        // the scale the style was last sized for
    ImGuiStyle baseStyle_;          // the style at scale 1
    // The shown scene's placed geometry, for "go to"'s line of sight (placedGeometry): made at the
    // first go to in a world, not at every load.
    std::optional<std::vector<Vec3>> triangles_;
    const std::vector<Vec3>& placedGeometry();
};

} // namespace rgx::app
