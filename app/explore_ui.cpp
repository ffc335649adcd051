#include "app/explore_ui.h"

#include <imgui.h>

#include <algorithm>
#include <cstdio>
#include <numeric>

namespace rgx::app {

std::string cameraArguments(const sim::Camera& camera) {
    return "--camera " + sim::formatCamera(camera);
}

namespace {

void worldPicker(ExploreUiModel& m, UiActions& actions) {
    if (m.worlds.empty()) return;
    const std::string current = m.currentWorld >= 0 ? "world " + std::to_string(m.currentWorld) : "(none)";
    ImGui::BeginDisabled(m.loading);
    if (ImGui::BeginCombo("World", current.c_str())) {
        for (std::int64_t id : m.worlds) {
            const std::string label = "world " + std::to_string(id);
            if (ImGui::Selectable(label.c_str(), id == m.currentWorld) && id != m.currentWorld)
                actions.world = id;
        }
        ImGui::EndCombo();
    }
    ImGui::EndDisabled();
}

void layerToggles(ExploreUiModel& m) {
    renderer::LayerToggles& l = m.look.layers;
    ImGui::TextUnformatted("Layers");
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
    float distance = static_cast<float>(m.look.viewDistance);
    if (ImGui::SliderFloat("view distance", &distance, 0.25f, 8.0f, "x%.2f")) m.look.viewDistance = distance;
}

void cameraReadout(ExploreUiModel& m) {
    const sim::Camera& c = m.camera;
    ImGui::Text("camera %.1f, %.1f, %.1f  yaw %.1f  pitch %.1f", c.position.x, c.position.y, c.position.z,
                c.yawDeg, c.pitchDeg);
    ImGui::Text("speed %.0f units/s (wheel; Shift x4)", m.speed);
    if (ImGui::Button("Copy --camera")) {
        const std::string args = cameraArguments(c);
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
    ImGui::Text("draws %u  triangles %u  objects %u", m.stats.draws, m.stats.triangles, m.stats.objects);
}

} // namespace

UiActions drawExploreUi(ExploreUiModel& m) {
    UiActions actions;
    ImGui::SetNextWindowPos(ImVec2(10, 10), ImGuiCond_FirstUseEver);
    ImGui::SetNextWindowSize(ImVec2(430, 0), ImGuiCond_FirstUseEver);
    ImGui::Begin("rgx explore");
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
    ImGui::Separator();
    layerToggles(m);
    ImGui::Separator();
    cameraReadout(m);
    ImGui::Separator();
    frameStats(m);
    bool vsync = m.vsync;
    if (ImGui::Checkbox("vsync (V)", &vsync)) actions.toggleVsync = true;
    ImGui::SameLine();
    ImGui::Text("present mode %s", m.presentMode.c_str());
    if (ImGui::Button("Screenshot (F12)")) actions.screenshot = true;
    if (!m.status.empty()) ImGui::TextWrapped("%s", m.status.c_str());
    ImGui::TextDisabled("WASD move, Q/E down/up, right mouse look, C capture mouse");
    ImGui::End();
    return actions;
}

} // namespace rgx::app
