#include "app/explore/explore_layout.h"

#include <imgui.h>

#include <algorithm>
#include <cstdio>

namespace rgx::app {

bool Rect::intersects(const Rect& o) const {
    return x < o.right() && o.x < right() && y < o.bottom() && o.y < bottom();
}

bool Rect::inside(const Rect& outer) const {
    return x >= outer.x && y >= outer.y && right() <= outer.right() && bottom() <= outer.bottom();
}

namespace {

// The right column's three panels from `top` down to `bottom`: folded ones take a title bar, open
// ones share what is left (the Profiler the smaller part: with the Actors panel alone open, 42%
// of what the two share, as before the Scripts panel came).
void stack(PanelPlan& plan, const LayoutInput& in, float x, float w, float top, float bottom, float gap) {
    const float t = in.titleHeight;
    const float weights[3] = {in.profilerOpen ? 0.42f : 0.0f, in.scriptsOpen ? 0.58f : 0.0f,
                              in.actorsOpen ? 0.58f : 0.0f};
    const float total = weights[0] + weights[1] + weights[2];
    const int folded = (weights[0] == 0) + (weights[1] == 0) + (weights[2] == 0);
    const float share = std::max(0.0f, bottom - top - 2 * gap - static_cast<float>(folded) * t);
    float h[3];
    for (int i = 0; i < 3; ++i)
        h[i] = weights[i] > 0 ? std::max(t, share * weights[i] / total) : t;
    plan.profiler = {x, top, w, h[0]};
    plan.scripts = {x, top + h[0] + gap, w, h[1]};
    plan.actors = {x, plan.scripts.bottom() + gap, w, h[2]};
}

// The left column: the main window above, the Map and the Inspector at the bottom (a title bar
// each folded; open, the Inspector 55% of the column, or 40% beside an open Map, and the Map about
// square, at most 45%), at x.
void leftColumn(PanelPlan& plan, const LayoutInput& in, float x, float w, float margin, float bottom,
                float gap) {
    const float t = in.titleHeight;
    const float column = std::max(t, bottom - margin);
    const float inspector = in.inspectorOpen ? std::max(t, column * (in.mapOpen ? 0.4f : 0.55f)) : t;
    const float map = in.mapOpen ? std::max(t, std::min(column * 0.45f, w + 3 * t)) : t;
    plan.main = {x, margin, w, std::max(t, column - inspector - map - 2 * gap)};
    plan.inspector = {x, std::max(margin, bottom - inspector), w, inspector};
    plan.map = {x, std::max(margin, plan.inspector.y - gap - map), w, map};
}

} // namespace

PanelPlan planPanels(const LayoutInput& in) {
    const float s = std::max(0.5f, in.scale);
    const float margin = 8 * s, gap = 6 * s;
    // Two columns, each at most half the window (less the margins), so they never meet.
    const float half = std::max(1.0f, (in.width - 3 * margin) / 2);
    const float mainW = std::min(std::clamp(in.width * 0.28f, 280 * s, 430 * s), half);
    const float rightW = std::min(std::clamp(in.width * 0.34f, 300 * s, 480 * s), half);
    const float bottom = std::max(margin + in.titleHeight, in.height - margin);
    PanelPlan plan;
    leftColumn(plan, in, margin, mainW, margin, bottom, gap);
    const float rightX = std::max(margin, in.width - margin - rightW);
    stack(plan, in, rightX, rightW, margin, bottom, gap);
    if (!in.actorsOpen || !in.keepClear) return plan;
    // ImGui rounds a window's place to whole units: a panel planned just clear of the marker can be
    // drawn over its edge, so the marker is kept clear by a unit more each way.
    const Rect k{in.keepClear->x - 1, in.keepClear->y - 1, in.keepClear->w + 2, in.keepClear->h + 2};
    if (!plan.actors.intersects(k)) return plan;

    // The marker is under the Actors panel. The side panels' column, whole, or the part of it
    // above or below the marker (the larger first); on the right, then on the left (the main
    // window then takes the right). The first whose Actors panel misses the marker and has room
    // for its contents, else the one of those that gives it the most height.
    const float minUseful = 150 * s, needed = 3 * in.titleHeight + 2 * gap;
    std::vector<PanelPlan> options;
    for (const bool swapped : {false, true}) {
        const float x = swapped ? margin : rightX;
        PanelPlan o = plan;
        if (swapped)
            leftColumn(o, in, std::max(margin, in.width - margin - mainW), mainW, margin, bottom, gap);
        stack(o, in, x, rightW, margin, bottom, gap);
        options.push_back(o);
        const float above = k.y - gap - margin, below = bottom - (k.bottom() + gap);
        for (const bool up : {above >= below, above < below}) {
            if ((up ? above : below) < needed) continue;
            if (up)
                stack(o, in, x, rightW, margin, k.y - gap, gap);
            else
                stack(o, in, x, rightW, k.bottom() + gap, bottom, gap);
            options.push_back(o);
        }
    }
    const PanelPlan* tallest = nullptr;
    for (const PanelPlan& o : options) {
        if (o.actors.intersects(k)) continue;
        if (o.actors.h >= minUseful) return o;
        if (!tallest || o.actors.h > tallest->actors.h) tallest = &o;
    }
    return tallest ? *tallest : plan; // a marker over both columns' whole height: nowhere is clear
}

Rect titleBar(const PanelShown& p) {
    return {p.rect.x, p.rect.y, p.rect.w, std::min(p.titleHeight, p.rect.h)};
}

std::vector<std::string> panelProblems(const std::vector<PanelShown>& panels, float width, float height,
                                       const std::optional<Rect>& keepClear) {
    std::vector<std::string> problems;
    const Rect display{0, 0, width, height};
    char text[256];
    for (const PanelShown& p : panels) {
        const Rect title = titleBar(p);
        if (!title.inside(display)) {
            std::snprintf(text, sizeof text,
                          "%s: title bar %.0f,%.0f %.0fx%.0f is outside the %.0fx%.0f window", p.name.c_str(),
                          title.x, title.y, title.w, title.h, width, height);
            problems.emplace_back(text);
        }
        for (const PanelShown& other : panels)
            if (&other != &p && other.rect.intersects(title)) {
                std::snprintf(text, sizeof text, "%s: title bar is covered by %s", p.name.c_str(),
                              other.name.c_str());
                problems.emplace_back(text);
            }
        if (keepClear && p.name == "Actors" && p.rect.intersects(*keepClear)) {
            std::snprintf(text, sizeof text,
                          "Actors: covers the selected actor's marker at %.0f,%.0f %.0fx%.0f", keepClear->x,
                          keepClear->y, keepClear->w, keepClear->h);
            problems.emplace_back(text);
        }
    }
    return problems;
}

bool beginSidePanel(const char* name, const Rect& place, std::optional<bool>& setOpen, bool& open,
                    std::vector<PanelShown>& shown) {
    ImGui::SetNextWindowPos(ImVec2(place.x, place.y), ImGuiCond_Always);
    ImGui::SetNextWindowSize(ImVec2(place.w, place.h), ImGuiCond_Always);
    ImGui::SetNextWindowCollapsed(true, ImGuiCond_FirstUseEver);
    if (setOpen) ImGui::SetNextWindowCollapsed(!*setOpen, ImGuiCond_Always);
    setOpen.reset();
    open = ImGui::Begin(name, nullptr, kPanelFlags);
    shown.push_back(currentPanel(name));
    if (titleBarClicked()) setOpen = !open;
    return open;
}

PanelShown currentPanel(const char* name) {
    const ImVec2 pos = ImGui::GetWindowPos(), size = ImGui::GetWindowSize();
    return {name, {pos.x, pos.y, size.x, size.y}, ImGui::GetFrameHeight(), ImGui::IsWindowCollapsed()};
}

bool titleBarClicked() {
    // The fold arrow is an item of its own (hovered: it folds the panel itself), and a double
    // click is ImGui's own fold: both are left to ImGui.
    if (!ImGui::IsMouseClicked(ImGuiMouseButton_Left) || ImGui::IsMouseDoubleClicked(ImGuiMouseButton_Left) ||
        ImGui::IsAnyItemHovered() || !ImGui::IsWindowHovered(ImGuiHoveredFlags_None))
        return false;
    const ImVec2 pos = ImGui::GetWindowPos();
    const ImVec2 max(pos.x + ImGui::GetWindowWidth(), pos.y + ImGui::GetFrameHeight());
    return ImGui::IsMouseHoveringRect(pos, max, false);
}

} // namespace rgx::app
