#pragma once
// The explorer's Dear ImGui panels: world picker, the renderer switch (Glide, software, split with
// a divider dragged with the left mouse button) with the software renderer's settings and
// timings, layer toggles, water wave sliders (the engine's
// fxwave* commands), camera readout (with a button that copies the matching `--camera`
// arguments), frame-time graph, draw counts and GPU compute time, loading progress and load
// errors, a ROB's catalogue (its segments: a click opens one), in sections that fold (water waves
// and PVO start folded). The panels edit the model in
// place (layers, view distance) and return what the loop must do (switch world, toggle vsync,
// screenshot). The profiler is its own window (app/explore/explore_profiler.h).

#include "app/explore/explore_layout.h"
#include "app/explore/explore_software.h"
#include "app/map/map_image.h"
#include "renderer/look_settings.h"
#include "view/camera.h"

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace rgx::app {

// The catalogue's thumbnails in the main window: a segment alone, framed, in the software look.
inline constexpr int kCatalogueThumbWidth = 96, kCatalogueThumbHeight = 72;

struct ExploreUiModel {
    std::vector<std::int64_t> worlds;    // empty in model mode
    std::vector<std::string> worldNames; // per world: its map as WORLD.INI names it (worldMenuName)
    std::int64_t currentWorld = -1;
    std::string title; // of the scene on screen
    renderer::LookSettings look;
    bool vsync = true;
    std::string presentMode;
    view::Camera camera;
    double speed = 0;
    std::array<float, 120> frameMs{}; // ring buffer
    std::size_t frameHead = 0;
    renderer::FrameStats stats;
    std::optional<double> computeMs; // GPU time of the terrain compute (a frame or two behind)
    sim::WaveSettings worldWave;     // the scene's world_wave: what "world's values" restores
    // PVO inspection: freeze the culling position (look.pvoPosition) and fly around it; the
    // cell of the octree node answering there (scene frame; set by the loop each frame).
    bool showPvoCell = false; // a debug drawing: off until asked for (issue 18)
    std::optional<scene::Bounds> pvoCell;
    std::array<int, 2> viewport{0, 0}; // the display size in ImGui's units, for drawing over the scene
    bool loading = false;
    std::string loadingWhat;
    std::vector<std::string> progress;
    std::string error;  // the last failed load; the previous scene stays
    std::string status; // e.g. "screenshot written to ..."
    std::string note;   // shown under the title (e.g. why no scene is drawn)
    std::string sky;    // the world's sky settings (renderer::skyDescription), under the layers
    // The renderer switch and the software renderer's settings and last frame's timings.
    SoftwareViewSettings software;
    std::optional<SoftwareViewStats> softwareStats;
    bool draggingDivider = false;
    bool overlayShown = true;        // F1 hides and shows every panel and drawing over the scene
    std::optional<bool> setMainOpen; // open (true) or fold the main window at its next draw
    bool worldHasRain = false;       // the rain toggle is shown only then
    // The model catalogue (docs/explore.md "Catalogue"): a ROB opened whole lists its segments;
    // kept while one of them is shown, so another can be picked. Empty otherwise.
    struct CatalogueRow {
        std::string name, kind;
        std::size_t faces = 0;
        MapImage thumbnail; // kCatalogueThumb pixels, the software look's; empty until drawn
    };
    std::vector<CatalogueRow> catalogue;
    std::string segment; // the segment shown ("": the whole archive)

    void addFrameTime(double ms) {
        frameMs[frameHead] = static_cast<float>(ms);
        frameHead = (frameHead + 1) % frameMs.size();
    }
};

struct UiActions {
    std::optional<std::int64_t> world;
    std::optional<std::string> segment; // open this catalogue segment ("": the whole archive)
    bool toggleVsync = false;
    bool screenshot = false;
};

// The main window at `place` (planPanels: its width, and the most height it takes; it fits its
// content and scrolls past that), added to `shown`; and the drawings over the scene (the split
// divider and its labels, the PVO cell).
UiActions drawExploreUi(ExploreUiModel& model, const Rect& place, std::vector<PanelShown>& shown);

// The world menu's line for a world: the map file WORLD.INI's world_map names, without its folder
// and extension, and the id ("ISLAND  (world 0)"); "world N" without a world_map.
std::string worldMenuName(std::int64_t id, const std::optional<std::string>& worldMap);

// The note the layers panel shows under the view-distance slider: "extended view (past
// back_plane)" past SYSTEM.INI's back_plane (a view distance above 1: no longer the game's view),
// else "" (nothing shown).
std::string viewDistanceNote(double viewDistance);

} // namespace rgx::app
