#include "app/explore/explore_ui.h"

#include "app/explore/explore_map.h"

#include <imgui.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <numeric>

namespace rgx::app {

std::string viewDistanceNote(double viewDistance) {
    // Past SYSTEM.INI's back_plane the view is no longer the game's: say so.
    return viewDistance > 1.0 ? "extended view (past back_plane)" : "";
}

std::string worldMenuName(std::int64_t id, const std::optional<std::string>& worldMap) {
    const std::string world = "world " + std::to_string(id);
    if (!worldMap || worldMap->empty()) return world;
    // WORLD.INI paths use backslashes: the name is what follows the last separator.
    std::string name = worldMap->substr(worldMap->find_last_of("\\/") + 1);
    if (const std::size_t dot = name.rfind('.'); dot != std::string::npos && dot > 0) name.resize(dot);
    return name.empty() ? world : name + "  (" + world + ")";
}

namespace {

void worldPicker(ExploreUiModel& m, UiActions& actions) {
    if (m.worlds.empty()) return;
    const auto name = [&](std::size_t i) {
        return i < m.worldNames.size() ? m.worldNames[i] : "world " + std::to_string(m.worlds[i]);
    };
    std::string current = "(none)";
    for (std::size_t i = 0; i < m.worlds.size(); ++i)
        if (m.worlds[i] == m.currentWorld) current = name(i);
    ImGui::BeginDisabled(m.loading);
    if (ImGui::BeginCombo("World", current.c_str())) {
        for (std::size_t i = 0; i < m.worlds.size(); ++i) {
            const std::int64_t id = m.worlds[i];
            const std::string label = name(i) + "##world" + std::to_string(id);
            if (ImGui::Selectable(label.c_str(), id == m.currentWorld) && id != m.currentWorld)
                actions.world = id;
        }
        ImGui::EndCombo();
    }
    ImGui::EndDisabled();
}

// The renderer switch; the software renderer's settings and its last frame (setup, raster,
// resolve; triangles and pixels written).
void rendererControls(ExploreUiModel& m) {
    SoftwareViewSettings& s = m.software;
    // The switch's three settings; the divider stays where it was.
    int view = s.looks.split() ? 2 : s.looks.softwareOnly() ? 1 : 0;
    const char* const names[] = {"glide", "software", "split"};
    ImGui::RadioButton("Glide", &view, 0);
    ImGui::SameLine();
    ImGui::RadioButton("software", &view, 1);
    ImGui::SameLine();
    ImGui::RadioButton("split", &view, 2);
    const float divider = s.looks.divider;
    s.looks = parseViewLooks(names[view], "renderer switch");
    s.looks.divider = divider;
    if (!s.looks.drawsSoftware()) return;
    if (s.looks.split()) ImGui::SliderFloat("divider (drag it)", &s.looks.divider, 0.0f, 1.0f, "%.2f");
    if (ImGui::BeginCombo("resolution", softResolutionName(s.resolution))) {
        for (SoftResolution r : {SoftResolution::Window, SoftResolution::Half, SoftResolution::Third,
                                 SoftResolution::Quarter, SoftResolution::Vga, SoftResolution::Game})
            if (ImGui::Selectable(softResolutionName(r), r == s.resolution)) s.resolution = r;
        ImGui::EndCombo();
    }
    if (ImGui::BeginCombo("perspective", renderer::perspectiveModeName(s.options.perspective))) {
        for (renderer::PerspectiveMode p :
             {renderer::PerspectiveMode::Exact, renderer::PerspectiveMode::Span16,
              renderer::PerspectiveMode::Affine, renderer::PerspectiveMode::Extents})
            if (ImGui::Selectable(renderer::perspectiveModeName(p), p == s.options.perspective))
                s.options.perspective = p;
        ImGui::EndCombo();
    }
    ImGui::Checkbox("dither light", &s.options.dither);
    ImGui::SameLine();
    ImGui::SetNextItemWidth(120);
    ImGui::SliderInt("threads (0: all)", &s.options.threads, 0, 16);
    if (m.softwareStats) {
        const SoftwareViewStats& st = *m.softwareStats;
        ImGui::Text("software %dx%d x%d: compose %.1f ms", st.layout.width, st.layout.height, st.layout.scale,
                    st.resolveMs);
        ImGui::TextWrapped("  %s", st.frame.detail.c_str());
    }
}

// The split view's divider: a line over the scene, dragged with the left mouse button.
void splitDivider(ExploreUiModel& m) {
    ViewLooks& looks = m.software.looks;
    if (!looks.split() || m.viewport[0] <= 0) return;
    const float width = static_cast<float>(m.viewport[0]);
    const float x = std::clamp(looks.divider, 0.0f, 1.0f) * width;
    const ImGuiIO& io = ImGui::GetIO();
    if (!io.WantCaptureMouse && ImGui::IsMouseClicked(ImGuiMouseButton_Left) &&
        std::abs(io.MousePos.x - x) < 8)
        m.draggingDivider = true;
    if (!ImGui::IsMouseDown(ImGuiMouseButton_Left)) m.draggingDivider = false;
    if (m.draggingDivider) looks.divider = std::clamp(io.MousePos.x / width, 0.0f, 1.0f);
    ImDrawList* draw = ImGui::GetBackgroundDrawList();
    const float at = looks.divider * width;
    draw->AddLine(ImVec2(at, 0), ImVec2(at, static_cast<float>(m.viewport[1])), IM_COL32(255, 255, 255, 200),
                  m.draggingDivider ? 3.0f : 1.5f);
    // White with a dark outline: readable over a white sky as over a dark one.
    const auto label = [&](float x, const char* text) {
        for (const ImVec2 d : {ImVec2(-1, 0), ImVec2(1, 0), ImVec2(0, -1), ImVec2(0, 1), ImVec2(-1, -1),
                               ImVec2(1, 1), ImVec2(-1, 1), ImVec2(1, -1)})
            draw->AddText(ImVec2(x + d.x, 4 + d.y), IM_COL32(0, 0, 0, 230), text);
        draw->AddText(ImVec2(x, 4), IM_COL32(255, 255, 255, 255), text);
    };
    label(at - 6 - ImGui::CalcTextSize("Glide").x, "Glide");
    label(at + 6, "software");
}

void layerToggles(ExploreUiModel& m) {
    renderer::LayerToggles& l = m.look.layers;
    ImGui::Checkbox("terrain", &l.terrain);
    ImGui::SameLine();
    ImGui::Checkbox("statics", &l.statics);
    ImGui::SameLine();
    ImGui::Checkbox("actors", &l.actors);
    ImGui::Checkbox("flats", &l.flats);
    ImGui::SameLine();
    ImGui::Checkbox("fog", &l.fog);
    ImGui::SameLine();
    ImGui::Checkbox("lights", &l.lights);
    ImGui::SameLine();
    ImGui::Checkbox("water", &l.water);
    ImGui::SameLine();
    ImGui::Checkbox("ceilings", &l.ceilings);
    ImGui::Checkbox("sky", &l.sky);
    ImGui::SameLine();
    ImGui::Checkbox("clouds", &l.clouds);
    ImGui::SameLine();
    ImGui::Checkbox("sun", &l.sun);
    if (m.worldHasRain) {
        ImGui::SameLine();
        ImGui::Checkbox("rain", &l.rain);
    }
    if (!m.sky.empty()) ImGui::TextWrapped("%s", m.sky.c_str());
    float distance = static_cast<float>(m.look.viewDistance);
    if (ImGui::SliderFloat("view distance", &distance, 0.25f, 8.0f, "x%.2f")) m.look.viewDistance = distance;
    if (const std::string note = viewDistanceNote(m.look.viewDistance); !note.empty())
        ImGui::TextColored(ImVec4(1.0f, 0.8f, 0.3f, 1.0f), "%s", note.c_str());
}

// The engine's fxwaveamp / fxwavespeed / fxwavefreq console commands, and where the ripples
// centre (sim/water.h).
void waterControls(ExploreUiModel& m) {
    if (!m.look.wave) return; // no scene yet
    sim::WaveSettings& w = *m.look.wave;
    ImGui::TextDisabled("the engine's fxwaveamp, fxwavespeed, fxwavefreq");
    ImGui::SliderFloat("amplitude", &w.amplitude, 0.0f, 128.0f, "%.1f");
    ImGui::SliderFloat("speed", &w.speed, -64.0f, 64.0f, "%.1f");
    ImGui::SliderInt("frequency", &w.frequency, -64, 64);
    bool follow = w.followCamera;
    if (ImGui::Checkbox("centre follows camera", &follow)) {
        w.followCamera = follow;
        if (!follow) { // stays where it is now
            const std::array<int, 2> centre = sim::waveCentreFor(m.camera.position);
            w.centreRow = centre[0];
            w.centreColumn = centre[1];
        }
    }
    ImGui::SameLine();
    ImGui::Checkbox("whole ticks", &w.stepped);
    ImGui::SameLine();
    ImGui::Checkbox("33 x 33 window", &w.window);
    if (!w.followCamera) ImGui::Text("centre: row %d, column %d", w.centreRow, w.centreColumn);
    if (ImGui::SmallButton("world's values")) w = m.worldWave;
}

void cameraReadout(ExploreUiModel& m) {
    const view::Camera& c = m.camera;
    ImGui::Text("camera %.1f, %.1f, %.1f  yaw %.1f  pitch %.1f", c.position.x, c.position.y, c.position.z,
                c.yawDeg, c.pitchDeg);
    ImGui::Text("speed %.0f units/s (wheel; Shift x4)", m.speed);
    // No reference gives the game's field of view: 60 degrees is a guess (docs/renderer_scene.md).
    float fov = static_cast<float>(m.camera.fovYDeg);
    if (ImGui::SliderFloat("field of view", &fov, 10.0f, 150.0f, "%.0f deg")) m.camera.fovYDeg = fov;
    if (ImGui::Button("Copy --camera")) {
        const std::string args = view::cameraArguments(c);
        ImGui::SetClipboardText(args.c_str());
        m.status = "copied: " + args;
    }
}

void frameStats(ExploreUiModel& m) {
    // Oldest first, so the graph scrolls to the left.
    std::array<float, 120> ordered{};
    for (std::size_t i = 0; i < ordered.size(); ++i)
        ordered[i] = m.frameMs[(m.frameHead + i) % m.frameMs.size()];
    const float last = ordered.back();
    const float peak = std::max(1.0f, *std::max_element(ordered.begin(), ordered.end()));
    const std::string label = std::to_string(static_cast<int>(last * 10) / 10.0).substr(0, 5) + " ms";
    ImGui::PlotLines("frame", ordered.data(), static_cast<int>(ordered.size()), 0, label.c_str(), 0.0f,
                     peak * 1.2f, ImVec2(0, 60));
    ImGui::Text("draws %u  triangles %u", m.stats.draws, m.stats.triangles);
    if (m.computeMs)
        ImGui::Text("terrain compute %.3f ms (GPU)", *m.computeMs);
    else
        ImGui::TextDisabled("terrain compute: no GPU timing (yet)");
    ImGui::Text("objects %u total, %u after PVO%s, %u after frustum", m.stats.objectsTotal,
                m.stats.objectsAfterPvo, m.stats.pvoApplied ? "" : " (no PVO here)", m.stats.objects);
}

// A ROB's segments as a grid of labelled thumbnails (name, kind, faces; the software look's, drawn
// a few a frame after the archive loads): a click opens that segment alone; the whole archive again
// from a segment.
void catalogueGrid(const ExploreUiModel& m, UiActions& actions) {
    ImGui::BeginDisabled(m.loading);
    if (!m.segment.empty()) {
        ImGui::Text("showing segment %s", m.segment.c_str());
        ImGui::SameLine();
        if (ImGui::SmallButton("whole archive")) actions.segment = "";
    }
    const float line = ImGui::GetTextLineHeight();
    const ImVec2 cell(kCatalogueThumbWidth + 6, kCatalogueThumbHeight + 3 * line + 8);
    const float spacing = ImGui::GetStyle().ItemSpacing.x;
    const int columns =
        std::max(1, static_cast<int>((ImGui::GetContentRegionAvail().x - 16) / (cell.x + spacing)));
    const int rows = static_cast<int>((m.catalogue.size() + columns - 1) / columns);
    const float height =
        std::min(static_cast<float>(rows), 2.5f) * (cell.y + ImGui::GetStyle().ItemSpacing.y) + 8;
    if (ImGui::BeginChild("catalogue", ImVec2(0, height), true)) {
        ImDrawList* draw = ImGui::GetWindowDrawList();
        ImGuiListClipper clipper;
        clipper.Begin(rows, cell.y + ImGui::GetStyle().ItemSpacing.y);
        while (clipper.Step()) {
            for (int r = clipper.DisplayStart; r < clipper.DisplayEnd; ++r) {
                for (int c = 0; c < columns; ++c) {
                    const std::size_t i = static_cast<std::size_t>(r * columns + c);
                    if (i >= m.catalogue.size()) break;
                    const ExploreUiModel::CatalogueRow& row = m.catalogue[i];
                    if (c > 0) ImGui::SameLine();
                    ImGui::PushID(static_cast<int>(i));
                    const ImVec2 at = ImGui::GetCursorScreenPos();
                    if (ImGui::InvisibleButton("segment", cell)) actions.segment = row.name;
                    const bool hovered = ImGui::IsItemHovered();
                    ImGui::PopID();
                    const Rect thumb{at.x + 3, at.y + 3, kCatalogueThumbWidth, kCatalogueThumbHeight};
                    if (row.thumbnail.width > 0)
                        drawPictureRects(draw, row.thumbnail, thumb.x, thumb.y, 1, thumb);
                    else
                        draw->AddText(ImVec2(thumb.x + 4, thumb.y + 4), IM_COL32(150, 150, 150, 255), "...");
                    const ImU32 edge = row.name == m.segment ? IM_COL32(255, 220, 0, 255)
                                       : hovered             ? IM_COL32(255, 255, 255, 255)
                                                             : IM_COL32(90, 90, 90, 255);
                    draw->AddRect(at, ImVec2(at.x + cell.x, at.y + cell.y), edge);
                    const ImVec4 clip(at.x, at.y, at.x + cell.x - 2, at.y + cell.y);
                    const std::string faces = std::to_string(row.faces) + " faces";
                    const std::string* lines[3] = {&row.name, &row.kind, &faces};
                    for (int k = 0; k < 3; ++k)
                        draw->AddText(nullptr, 0, ImVec2(thumb.x, thumb.bottom() + 2 + k * line),
                                      k == 0 ? IM_COL32(255, 255, 255, 255) : IM_COL32(180, 180, 180, 255),
                                      lines[k]->c_str(), nullptr, 0, &clip);
                    if (hovered)
                        ImGui::SetTooltip("open %s (%s, %zu faces)", row.name.c_str(), row.kind.c_str(),
                                          row.faces);
                }
            }
        }
    }
    ImGui::EndChild();
    ImGui::EndDisabled();
}

// The engine's `pvoonoff`, a frozen culling position to fly around, and the answering cell.
void pvoControls(ExploreUiModel& m) {
    ImGui::Checkbox("PVO culling", &m.look.pvo);
    ImGui::SameLine();
    bool frozen = m.look.pvoPosition.has_value();
    if (ImGui::Checkbox("freeze culling camera", &frozen))
        m.look.pvoPosition = frozen ? std::optional<Vec3>(m.camera.position) : std::nullopt;
    ImGui::SameLine();
    ImGui::Checkbox("show cell", &m.showPvoCell);
    if (m.stats.pvoApplied) ImGui::Text("PVO node %d", m.stats.pvoNode);
}

// The cell as a wireframe box over the scene: its 12 edges projected with the camera, clipped
// at the near side (w > 0) so an edge behind the eye does not wrap around.
void drawPvoCell(const ExploreUiModel& m) {
    if (!m.showPvoCell || !m.look.pvo || !m.pvoCell || m.viewport[0] <= 0 || m.viewport[1] <= 0) return;
    const scene::Bounds& b = *m.pvoCell;
    const auto view = view::viewMatrix(m.camera);
    const auto proj =
        view::projectionMatrix(m.camera, static_cast<double>(m.viewport[0]) / m.viewport[1], 1, 1e6);
    auto clip = [&](const Vec3& p) {
        std::array<double, 4> v{}, c{};
        const double in[4] = {p.x, p.y, p.z, 1};
        for (int r = 0; r < 4; ++r)
            for (int k = 0; k < 4; ++k)
                v[r] += view[k * 4 + r] * in[k];
        for (int r = 0; r < 4; ++r)
            for (int k = 0; k < 4; ++k)
                c[r] += proj[k * 4 + r] * v[k];
        return c;
    };
    std::array<std::array<double, 4>, 8> corners;
    for (int i = 0; i < 8; ++i)
        corners[i] = clip({i & 4 ? b.max.x : b.min.x, i & 2 ? b.max.y : b.min.y, i & 1 ? b.max.z : b.min.z});
    ImDrawList* draw = ImGui::GetBackgroundDrawList();
    const double eps = 1e-3;
    for (int a = 0; a < 8; ++a)
        for (int bit : {1, 2, 4}) {
            const int c = a | bit;
            if (c == a) continue;
            auto p = corners[a], q = corners[c];
            if (p[3] < eps && q[3] < eps) continue;
            auto cut = [&](std::array<double, 4>& from, const std::array<double, 4>& to) {
                const double t = (eps - from[3]) / (to[3] - from[3]);
                for (int k = 0; k < 4; ++k)
                    from[k] += t * (to[k] - from[k]);
            };
            if (p[3] < eps) cut(p, q);
            if (q[3] < eps) cut(q, p);
            auto screen = [&](const std::array<double, 4>& v) {
                return ImVec2(static_cast<float>((v[0] / v[3] + 1) / 2 * m.viewport[0]),
                              static_cast<float>((v[1] / v[3] + 1) / 2 * m.viewport[1]));
            };
            draw->AddLine(screen(p), screen(q), IM_COL32(255, 220, 40, 255), 1.5f);
        }
}

} // namespace

UiActions drawExploreUi(ExploreUiModel& m, const Rect& place, std::vector<PanelShown>& shown) {
    UiActions actions;
    drawPvoCell(m);
    splitDivider(m);
    ImGui::SetNextWindowPos(ImVec2(place.x, place.y), ImGuiCond_Always);
    ImGui::SetNextWindowSizeConstraints(ImVec2(place.w, 0), ImVec2(place.w, place.h));
    if (m.setMainOpen) ImGui::SetNextWindowCollapsed(!*m.setMainOpen, ImGuiCond_Always);
    m.setMainOpen.reset();
    const bool open = ImGui::Begin("rgx explore", nullptr, kPanelFlags | ImGuiWindowFlags_AlwaysAutoResize);
    shown.push_back(currentPanel("rgx explore"));
    if (titleBarClicked()) m.setMainOpen = !open;
    if (!open) {
        ImGui::End();
        return actions;
    }
    ImGui::TextWrapped("%s", m.title.empty() ? "(no scene)" : m.title.c_str());
    if (!m.note.empty()) ImGui::TextWrapped("%s", m.note.c_str());
    worldPicker(m, actions);
    if (m.loading) {
        ImGui::TextColored(ImVec4(1, 0.9f, 0.3f, 1), "loading %s...", m.loadingWhat.c_str());
        const std::size_t first = m.progress.size() > 6 ? m.progress.size() - 6 : 0;
        for (std::size_t i = first; i < m.progress.size(); ++i)
            ImGui::TextUnformatted(m.progress[i].c_str());
    }
    if (!m.error.empty()) {
        ImGui::PushTextWrapPos(0);
        ImGui::TextColored(ImVec4(1, 0.4f, 0.4f, 1), "load failed: %s", m.error.c_str());
        ImGui::PopTextWrapPos();
        if (ImGui::SmallButton("dismiss")) m.error.clear();
    }
    // Sections fold away to keep the view clear; the ones used least start folded.
    if (!m.catalogue.empty()) {
        const std::string header = "Catalogue (" + std::to_string(m.catalogue.size()) + " segments)";
        if (ImGui::CollapsingHeader(header.c_str(), ImGuiTreeNodeFlags_DefaultOpen))
            catalogueGrid(m, actions);
    }
    if (ImGui::CollapsingHeader("Renderer", ImGuiTreeNodeFlags_DefaultOpen)) rendererControls(m);
    if (ImGui::CollapsingHeader("Layers", ImGuiTreeNodeFlags_DefaultOpen)) layerToggles(m);
    if (m.look.wave && ImGui::CollapsingHeader("Water waves")) waterControls(m);
    if (ImGui::CollapsingHeader("Camera", ImGuiTreeNodeFlags_DefaultOpen)) cameraReadout(m);
    if (ImGui::CollapsingHeader("Frame", ImGuiTreeNodeFlags_DefaultOpen)) frameStats(m);
    if (ImGui::CollapsingHeader("PVO")) pvoControls(m);
    bool vsync = m.vsync;
    if (ImGui::Checkbox("vsync (V)", &vsync)) actions.toggleVsync = true;
    ImGui::SameLine();
    ImGui::Text("present mode %s", m.presentMode.c_str());
    if (ImGui::Button("Screenshot (F12)")) actions.screenshot = true;
    if (!m.status.empty()) ImGui::TextWrapped("%s", m.status.c_str());
    ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled));
    ImGui::TextWrapped("WASD move, Q/E down/up, right mouse look, C capture mouse, F1 hide the overlay");
    ImGui::PopStyleColor();
    ImGui::End();
    return actions;
}

} // namespace rgx::app
