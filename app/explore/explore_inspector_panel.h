#pragma once
// The explorer's Inspector window (issue 32): the selection (any node or a terrain cell, picked
// in the view, found by search or chosen in the Actors panel) with its node, RGM record and
// model (app/explore/explore_inspect.h), the search box (app/explore/explore_search.h) and the
// bookmarks (app/explore/explore_bookmarks.h); and the selection's outline over the scene.

#include "app/explore/explore_bookmarks.h"
#include "app/explore/explore_inspect.h"
#include "app/explore/explore_layout.h"
#include "app/explore/explore_search.h"
#include "view/camera.h"

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace rgx::app {

struct InspectorPanelState {
    std::optional<bool> setOpen; // open (true) or fold the panel at its next draw
    bool open = false;           // as drawn last (planPanels places it by this)
    // The selection: what the view outlines and the map window marks.
    Selection selection;
    std::optional<Inspection> inspection; // of `selection`, made by the loop when it changes
    std::array<char, 128> query{};
    std::vector<SearchHit> hits;     // for `query`, made by the loop when it changes
    std::string searched;            // the query `hits` answer
    int chosenHit = 0;               // the hit Enter flies to
    std::vector<Bookmark> bookmarks; // the user's (every world of the game), saved on change
    std::vector<Bookmark> builtIn;   // the world's markers and RALC locations
    std::array<char, 64> newName{};
    int renaming = -1; // into bookmarks
    std::array<char, 64> renameText{};
    std::string bookmarkStatus; // a save problem, or where they are saved
};

struct InspectorActions {
    std::optional<int> flyToNode;            // select this node and fly to it (a search hit)
    bool flyToSelection = false;             // the "fly to" button
    std::optional<view::Camera> flyToCamera; // a bookmark
    bool openActor = false;                  // the selection's actor in the Actors panel
    bool openScript = false;                 // the selection's scripted object in the Scripts panel
    bool bookmarksChanged = false;           // save them
};

// Selects a node or a cell (an empty selection clears it) and opens the panel; the loop makes the
// inspection.
void selectInInspector(InspectorPanelState& state, const Selection& selection);

// Draws the panel at `place` (planPanels); adds itself to `shown`. `camera` and `world` are where
// a new bookmark is; scene may be null (no scene yet).
InspectorActions drawInspectorPanel(InspectorPanelState& state, const scene::Scene* scene, const Rect& place,
                                    std::vector<PanelShown>& shown, const view::Camera& camera,
                                    std::int64_t world);

// The selection's outline (selectionOutline's world segments) over the scene, for a view of
// viewport[0] x viewport[1] ImGui units; a segment with an end behind the camera is left out.
void drawSelectionOutline(const std::vector<std::array<Vec3, 2>>& segments, const view::Camera& camera,
                          std::array<int, 2> viewport);

} // namespace rgx::app
