#pragma once
// Where the explorer's panels go (issue 29). The overlay is tiled, never stacked: the main window
// and, at its bottom, the Map and the Inspector in a left column, the Profiler, the Scripts panel and the
// Actors panel one under the other in a right column, each column at most half the window wide, so no panel
// can cover another's title bar. The places are worked out again every frame from the window's size and the
// display's scale, so the panels stay inside the window after any resize. A selected actor's marker is kept
// clear of the Actors panel: the right column's panels move into the space above or below it, or to the left
// column (the main window and the Inspector then take the right). Panels do not move by dragging; a click on
// a title bar opens or folds that panel.

#include <imgui.h>

#include <optional>
#include <string>
#include <vector>

namespace rgx::app {

struct Rect {
    float x = 0, y = 0, w = 0, h = 0;
    float right() const { return x + w; }
    float bottom() const { return y + h; }
    bool intersects(const Rect& o) const; // shares area (touching edges do not count)
    bool inside(const Rect& outer) const;
};

struct LayoutInput {
    float width = 0, height = 0; // the display, in ImGui's units
    float scale = 1;             // the display's content scale (glfwGetWindowContentScale)
    float titleHeight = 19;      // a title bar's height (ImGui::GetFrameHeight())
    bool profilerOpen = false, actorsOpen = false, scriptsOpen = false, inspectorOpen = false,
         mapOpen = false;
    std::optional<Rect> keepClear; // the selected actor's marker: never under the Actors panel
};

struct PanelPlan {
    Rect main;      // its place, width, and the most height it may grow to (it fits its content)
    Rect inspector; // the left column's bottom, under the main window
    Rect map;       // between the main window and the Inspector
    Rect profiler, scripts, actors; // the right column, top to bottom
};

PanelPlan planPanels(const LayoutInput& in);

// A panel as ImGui drew it this frame.
struct PanelShown {
    std::string name;
    Rect rect;
    float titleHeight = 0;
    bool collapsed = false;
};
Rect titleBar(const PanelShown& panel);

// What is wrong with the panels drawn: a title bar not wholly inside the display, or overlapped by
// another panel; and the marker kept clear overlapped by the "Actors" panel. Empty when all is well.
std::vector<std::string> panelProblems(const std::vector<PanelShown>& panels, float width, float height,
                                       const std::optional<Rect>& keepClear = std::nullopt);

// Every panel's window flags: placed by the plan (not dragged or resized by hand), and no
// imgui.ini (runs stay reproducible).
inline constexpr ImGuiWindowFlags kPanelFlags =
    ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoResize | ImGuiWindowFlags_NoSavedSettings;

// Begins a side panel (the Profiler, the Scripts panel, the Actors panel) at `place`, folded at first:
// applies and clears setOpen, records whether it is open and how it was drawn, and turns a click on its title
// bar into next frame's setOpen. Returns ImGui::Begin's answer: the caller draws the contents when
// true, and calls ImGui::End either way.
bool beginSidePanel(const char* name, const Rect& place, std::optional<bool>& setOpen, bool& open,
                    std::vector<PanelShown>& shown);

// Inside a panel's Begin/End: the window as ImGui placed it, and whether its title bar (not the
// fold arrow) was clicked this frame.
PanelShown currentPanel(const char* name);
bool titleBarClicked();

} // namespace rgx::app
