#include "app/explore/explore_map.h"

#include "app/map/map_render.h"
#include "renderer/looks.h"

#include <imgui.h>

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace rgx::app {

namespace {

constexpr double kPi = 3.14159265358979323846;

ImU32 colourOf(const Rgb& c, int alpha = 255) {
    return IM_COL32(c[0], c[1], c[2], alpha);
}

} // namespace

void buildMapWindow(MapWindowState& state, const scene::Scene& scene, const renderer::PreparedWorld& world) {
    const auto look = renderer::makeLookRenderer(renderer::Look::Software, world, {});
    state.frame = view::fitMap(view::mapBounds(scene), kMapPictureSide, kMapPictureSide);
    state.picture = drawMapGround(*look, state.frame);
    state.markers = markersInFrame(state.frame, view::mapMarkers(scene), view::kAllMarkerKinds);
    state.zoom = 1;
    state.centre = {kMapPictureSide / 2.0, kMapPictureSide / 2.0};
    state.dragged = false;
    state.ready = true;
}

std::array<float, 2> MapCanvas::toScreen(double u, double v) const {
    return {static_cast<float>(area.x + area.w / 2 + (u - centre[0]) * scale),
            static_cast<float>(area.y + area.h / 2 + (v - centre[1]) * scale)};
}

std::array<double, 2> MapCanvas::toPicture(float x, float y) const {
    return {centre[0] + (x - area.x - area.w / 2) / scale, centre[1] + (y - area.y - area.h / 2) / scale};
}

MapCanvas mapCanvas(const MapWindowState& state, const Rect& area) {
    MapCanvas c;
    c.area = area;
    const double fit = std::max(1e-6, static_cast<double>(std::min(area.w, area.h))) /
                       std::max(1, std::max(state.picture.width, state.picture.height));
    c.scale = fit * state.zoom;
    c.centre = state.centre;
    return c;
}

int markerNear(const MapWindowState& state, const MapCanvas& canvas, float x, float y, float radius) {
    int best = -1;
    float bestD2 = radius * radius;
    for (std::size_t i = 0; i < state.markers.size(); ++i) {
        const view::MapMarker& m = state.markers[i];
        if (!(state.shown & view::markerBit(m.kind))) continue;
        const auto uv = state.frame.toPixel(m.position.x, m.position.z);
        const auto s = canvas.toScreen(uv[0], uv[1]);
        const float d2 = (s[0] - x) * (s[0] - x) + (s[1] - y) * (s[1] - y);
        if (d2 <= bestD2) {
            bestD2 = d2;
            best = static_cast<int>(i);
        }
    }
    return best;
}

void zoomMap(MapWindowState& state, const MapCanvas& canvas, float x, float y, double wheelSteps) {
    const auto before = canvas.toPicture(x, y);
    state.zoom = std::clamp(state.zoom * std::pow(1.25, wheelSteps), 1.0, 64.0);
    const MapCanvas after = mapCanvas(state, canvas.area);
    const auto moved = after.toPicture(x, y);
    state.centre[0] += before[0] - moved[0];
    state.centre[1] += before[1] - moved[1];
}

view::Camera cameraOverGround(const view::Camera& camera, double x, double z, double groundY, double height) {
    view::Camera c = camera;
    c.ortho.reset();
    c.pitchDeg = -35;
    // Stand back along the heading so that the clicked point is ahead, in the middle of the view.
    const double back = height / std::tan(35 * kPi / 180);
    const double yaw = camera.yawDeg * kPi / 180;
    c.position = {x - std::sin(yaw) * back, groundY + height, z + std::cos(yaw) * back};
    return c;
}

MapWindowAction drawMapWindow(MapWindowState& state, const view::Camera& camera, double aspect,
                              const std::optional<Vec3>& selected) {
    MapWindowAction action;
    if (!state.ready) {
        ImGui::TextDisabled("no world");
        return action;
    }
    // The kind toggles, as many to a row as fit.
    const float rowEnd = ImGui::GetWindowPos().x + ImGui::GetWindowContentRegionMax().x;
    for (int k = 0; k < static_cast<int>(view::MarkerKind::Count); ++k) {
        const auto kind = static_cast<view::MarkerKind>(k);
        bool on = (state.shown & view::markerBit(kind)) != 0;
        const Rgb c = markerColor(kind);
        ImGui::PushStyleColor(ImGuiCol_CheckMark, colourOf(c));
        if (ImGui::Checkbox(view::markerKindName(kind), &on))
            state.shown = on ? state.shown | view::markerBit(kind) : state.shown & ~view::markerBit(kind);
        ImGui::PopStyleColor();
        const float next = ImGui::GetItemRectMax().x + ImGui::GetStyle().ItemSpacing.x + 90;
        if (k + 1 < static_cast<int>(view::MarkerKind::Count) && next < rowEnd) ImGui::SameLine();
    }

    const ImVec2 at = ImGui::GetCursorScreenPos();
    const ImVec2 avail = ImGui::GetContentRegionAvail();
    const Rect area{at.x, at.y, std::max(avail.x, 16.0f), std::max(avail.y, 16.0f)};
    ImGui::InvisibleButton("##map", ImVec2(area.w, area.h));
    const bool hovered = ImGui::IsItemHovered();
    MapCanvas canvas = mapCanvas(state, area);
    const ImGuiIO& io = ImGui::GetIO();

    // Drag pans; the wheel zooms about the mouse.
    if (ImGui::IsItemActive() && ImGui::IsMouseDragging(ImGuiMouseButton_Left, 2.0f)) {
        state.centre[0] -= io.MouseDelta.x / canvas.scale;
        state.centre[1] -= io.MouseDelta.y / canvas.scale;
        state.dragged = true;
    }
    if (hovered && io.MouseWheel != 0) zoomMap(state, canvas, io.MousePos.x, io.MousePos.y, io.MouseWheel);
    canvas = mapCanvas(state, area);

    ImDrawList* draw = ImGui::GetWindowDrawList();
    draw->PushClipRect(ImVec2(area.x, area.y), ImVec2(area.right(), area.bottom()), true);
    draw->AddRectFilled(ImVec2(area.x, area.y), ImVec2(area.right(), area.bottom()), IM_COL32(0, 0, 0, 255));
    const auto corner = canvas.toScreen(0, 0);
    drawPictureRects(draw, state.picture, corner[0], corner[1], canvas.scale, area);
    for (const view::MapMarker& m : state.markers) {
        if (!(state.shown & view::markerBit(m.kind))) continue;
        const auto uv = state.frame.toPixel(m.position.x, m.position.z);
        const auto s = canvas.toScreen(uv[0], uv[1]);
        draw->AddCircleFilled(ImVec2(s[0], s[1]), 3.5f, colourOf(markerColor(m.kind)));
        draw->AddCircle(ImVec2(s[0], s[1]), 4.0f, IM_COL32(0, 0, 0, 255));
    }
    if (selected) {
        const auto uv = state.frame.toPixel(selected->x, selected->z);
        const auto s = canvas.toScreen(uv[0], uv[1]);
        draw->AddCircle(ImVec2(s[0], s[1]), 9.0f, IM_COL32(255, 255, 255, 255), 0, 2.5f);
        draw->AddCircle(ImVec2(s[0], s[1]), 11.5f, IM_COL32(0, 0, 0, 255), 0, 1.5f);
    }
    // The camera: a dot and its view cone (the horizontal field of view), 48 pixels long.
    {
        const auto uv = state.frame.toPixel(camera.position.x, camera.position.z);
        const auto s = canvas.toScreen(uv[0], uv[1]);
        const double yaw = camera.yawDeg * kPi / 180;
        const double half = std::atan(std::tan(camera.fovYDeg * kPi / 360) * aspect);
        const float len = 48;
        ImVec2 cone[3] = {ImVec2(s[0], s[1]), {}, {}};
        for (int side = 0; side < 2; ++side) {
            const double a = yaw + (side ? half : -half);
            // Heading 0 looks north (-z: up the picture), 90 east (+x: right).
            cone[side + 1] = ImVec2(s[0] + static_cast<float>(std::sin(a)) * len,
                                    s[1] - static_cast<float>(std::cos(a)) * len);
        }
        draw->AddTriangleFilled(cone[0], cone[1], cone[2], IM_COL32(255, 255, 255, 70));
        draw->AddTriangle(cone[0], cone[1], cone[2], IM_COL32(255, 255, 255, 220), 1.5f);
        draw->AddCircleFilled(ImVec2(s[0], s[1]), 4.5f, IM_COL32(255, 255, 255, 255));
        draw->AddCircle(ImVec2(s[0], s[1]), 5.0f, IM_COL32(0, 0, 0, 255));
    }
    draw->PopClipRect();

    // Hover names a marker; a click (not the end of a drag) flies there.
    const int near = hovered ? markerNear(state, canvas, io.MousePos.x, io.MousePos.y, 6) : -1;
    if (near >= 0) {
        const view::MapMarker& m = state.markers[static_cast<std::size_t>(near)];
        ImGui::BeginTooltip();
        ImGui::Text("%s", m.name.c_str());
        ImGui::TextDisabled("%s, %s %u%s%s", view::markerKindSingular(m.kind), m.section.c_str(), m.index,
                            m.model.empty() ? "" : ", ", m.model.c_str());
        ImGui::EndTooltip();
    }
    if (ImGui::IsItemDeactivated()) {
        if (!state.dragged && hovered) {
            if (near >= 0) {
                action.marker = near;
            } else {
                const auto uv = canvas.toPicture(io.MousePos.x, io.MousePos.y);
                action.ground = state.frame.toScene(uv[0], uv[1]);
            }
        }
        state.dragged = false;
    }
    return action;
}

void drawPictureRects(ImDrawList* draw, const MapImage& p, float x, float y, double scale, const Rect& clip) {
    const auto at = [&](double u, double v) {
        return ImVec2(static_cast<float>(x + u * scale), static_cast<float>(y + v * scale));
    };
    const int u0 = std::clamp(static_cast<int>(std::floor((clip.x - x) / scale)), 0, p.width);
    const int u1 = std::clamp(static_cast<int>(std::ceil((clip.right() - x) / scale)), 0, p.width);
    const int v0 = std::clamp(static_cast<int>(std::floor((clip.y - y) / scale)), 0, p.height);
    const int v1 = std::clamp(static_cast<int>(std::ceil((clip.bottom() - y) / scale)), 0, p.height);
    for (int v = v0; v < v1; ++v) {
        int run = u0;
        for (int u = u0 + 1; u <= u1; ++u) {
            if (u < u1 && p.at(u, v) == p.at(run, v)) continue;
            draw->AddRectFilled(at(run, v), at(u, v + 1), colourOf(p.at(run, v)));
            run = u;
        }
    }
}

MapWindowAction drawMapPanel(MapWindowState& state, const Rect& place, std::vector<PanelShown>& shown,
                             const view::Camera& camera, double aspect, const std::optional<Vec3>& selected) {
    MapWindowAction action;
    if (beginSidePanel("Map", place, state.setOpen, state.open, shown))
        action = drawMapWindow(state, camera, aspect, selected);
    ImGui::End();
    return action;
}

} // namespace rgx::app
