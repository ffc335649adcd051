#include "app/explore/explore_profiler.h"

#include "app/commands/bench_report.h"

#include <imgui.h>

#include <algorithm>
#include <cfloat>
#include <vector>

namespace rgx::app {

void addProfilerFrame(ProfilerModel& m, const renderer::FrameTimings& timings,
                      const renderer::FrameStats& counts, const renderer::LookFigures& figures) {
    if (m.paused) return;
    m.history.add(timings);
    m.last = timings;
    m.counts = counts;
    const double* pixels = figures.find(renderer::figure::kSoftPixelsWritten);
    m.pixels = pixels ? std::optional<std::uint64_t>(static_cast<std::uint64_t>(*pixels)) : std::nullopt;
    const double* multiDraw = figures.find(renderer::figure::kGlideMultiDraw);
    m.multiDraw = multiDraw ? std::optional<bool>(*multiDraw != 0) : std::nullopt;
}

std::string profilerJson(const ProfilerModel& m) {
    nlohmann::ordered_json figures = nlohmann::ordered_json::object();
    for (const std::string& name : m.history.names())
        figures[name] = summaryJson(m.history.summary(name));
    nlohmann::ordered_json counts{{"draws", m.counts.draws},
                                  {"triangles", m.counts.triangles},
                                  {"objects_total", m.counts.objectsTotal},
                                  {"objects_after_pvo", m.counts.objectsAfterPvo},
                                  {"objects_after_frustum", m.counts.objects}};
    if (m.multiDraw) counts["multi_draw"] = *m.multiDraw;
    if (m.pixels) counts["pixels_written"] = *m.pixels;
    const nlohmann::ordered_json doc{{"frames", std::min(m.history.frames(), ProfilerModel::kFrames)},
                                     {"figures", figures},
                                     {"counts", counts}};
    return doc.dump(1);
}

ProfilerActions drawProfilerPanel(ProfilerModel& m, const PathRecorder& recorder, const Rect& place,
                                  std::vector<PanelShown>& shown) {
    ProfilerActions actions;
    if (!beginSidePanel("Profiler", place, m.setOpen, m.open, shown)) {
        ImGui::End();
        return actions;
    }
    ImGui::Checkbox("pause", &m.paused);
    ImGui::SameLine();
    if (ImGui::Button("copy as JSON")) {
        ImGui::SetClipboardText(profilerJson(m).c_str());
        actions.copied = true;
    }
    ImGui::SameLine();
    if (ImGui::Button(recorder.recording() ? "stop recording path" : "record camera path"))
        actions.toggleRecording = true;
    if (recorder.recording())
        ImGui::TextColored(ImVec4(1, 0.4f, 0.4f, 1), "recording %zu keys", recorder.keys());

    // The rolling graph of the chosen figure.
    const std::vector<std::string>& names = m.history.names();
    if (ImGui::BeginCombo("graph", m.graph.c_str())) {
        for (const std::string& name : names)
            if (ImGui::Selectable(name.c_str(), name == m.graph)) m.graph = name;
        ImGui::EndCombo();
    }
    const std::vector<double> values = m.history.values(m.graph);
    std::vector<float> plotted(values.begin(), values.end());
    const renderer::Summary graphSummary = renderer::summarize(values);
    char overlay[64];
    std::snprintf(overlay, sizeof overlay, "median %.2f  p95 %.2f ms", graphSummary.median, graphSummary.p95);
    ImGui::SetNextItemWidth(-FLT_MIN); // the window's whole width
    ImGui::PlotLines("##graph", plotted.data(), static_cast<int>(plotted.size()), 0, overlay, 0.0f,
                     static_cast<float>(std::max(0.1, graphSummary.max * 1.2)), ImVec2(0, 70));

    // A bar per figure (its last value, against the slowest figure's p95) and its summary.
    double scale = 0.1;
    for (const std::string& name : names)
        if (name != "cpu.frame" && name != "gpu.frame") scale = std::max(scale, m.history.summary(name).p95);
    if (ImGui::BeginTable("figures", 6, ImGuiTableFlags_SizingStretchProp | ImGuiTableFlags_RowBg)) {
        ImGui::TableSetupColumn("figure (ms)");
        ImGui::TableSetupColumn("last");
        ImGui::TableSetupColumn("min");
        ImGui::TableSetupColumn("median");
        ImGui::TableSetupColumn("p95");
        ImGui::TableSetupColumn("max");
        ImGui::TableHeadersRow();
        for (const std::string& name : names) {
            const renderer::Summary s = m.history.summary(name);
            const double* last = m.last.find(name);
            ImGui::TableNextRow();
            ImGui::TableNextColumn();
            ImGui::TextUnformatted(name.c_str());
            ImGui::TableNextColumn();
            char text[32];
            std::snprintf(text, sizeof text, "%.3f", last ? *last : 0.0);
            ImGui::ProgressBar(static_cast<float>(std::clamp((last ? *last : 0.0) / scale, 0.0, 1.0)),
                               ImVec2(-1, 0), text);
            for (double v : {s.min, s.median, s.p95, s.max}) {
                ImGui::TableNextColumn();
                ImGui::Text("%.3f", v);
            }
        }
        ImGui::EndTable();
    }
    ImGui::Text("draws %u%s  triangles %u", m.counts.draws,
                m.multiDraw.value_or(false) ? " (multi-draw)" : "", m.counts.triangles);
    ImGui::Text("objects %u total, %u after PVO, %u after frustum", m.counts.objectsTotal,
                m.counts.objectsAfterPvo, m.counts.objects);
    if (m.pixels) ImGui::Text("software pixels written %llu", static_cast<unsigned long long>(*m.pixels));
    if (m.residentKiB && m.startKiB)
        ImGui::Text("memory: RSS %.1f MiB (%.1f MiB at the first frame)",
                    static_cast<double>(*m.residentKiB) / 1024.0, static_cast<double>(*m.startKiB) / 1024.0);
    ImGui::End();
    return actions;
}

} // namespace rgx::app
