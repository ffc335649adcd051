#include "app/explore/explore_inspector_panel.h"

#include "loaders/text.h"

#include <imgui.h>

#include <algorithm>
#include <cstdio>

namespace rgx::app {

namespace {

// A JSON value on one line, names as UTF-8 (they are Latin-1 bytes in the records).
std::string shown(const nlohmann::json& value) {
    if (value.is_null()) return "-";
    if (value.is_string()) return loaders::toUtf8(value.get<std::string>());
    return loaders::toUtf8(value.dump());
}

// A texture as ImGui rectangles: at most 32 x 32 cells, each the palette colour of the texel at
// its centre (frame 0), index 0 (transparent) left out. The software look's decode, no upload.
void thumbnail(const scene::Scene& scene, int index, float size) {
    const scene::SceneTexture& t = scene.textures[static_cast<std::size_t>(index)];
    const ImVec2 at = ImGui::GetCursorScreenPos();
    ImDrawList* draw = ImGui::GetWindowDrawList();
    draw->AddRect(at, {at.x + size, at.y + size}, IM_COL32(128, 128, 128, 255));
    if (t.image && !t.image->frames.empty() && t.width > 0 && t.height > 0) {
        const loaders::Palette256& palette = t.palette(scene.palette);
        const auto& texels = t.image->frames[0];
        const int cells = std::min(32, std::max(t.width, t.height));
        const float cell = size / static_cast<float>(cells);
        for (int y = 0; y < cells; ++y)
            for (int x = 0; x < cells; ++x) {
                const int tx = (2 * x + 1) * t.width / (2 * cells), ty = (2 * y + 1) * t.height / (2 * cells);
                const std::size_t k = static_cast<std::size_t>(ty) * static_cast<std::size_t>(t.width) +
                                      static_cast<std::size_t>(tx);
                if (k >= texels.size() || texels[k] == 0) continue;
                const loaders::ColorRgb c = palette[texels[k]];
                draw->AddRectFilled({at.x + x * cell, at.y + y * cell},
                                    {at.x + (x + 1) * cell, at.y + (y + 1) * cell},
                                    IM_COL32(c.r, c.g, c.b, 255));
            }
    }
    ImGui::Dummy({size, size});
    ImGui::SameLine();
    ImGui::Text("%d/%d %s\n%dx%d", t.textureId, t.imageId, loaders::toUtf8(t.name).c_str(), t.width,
                t.height);
}

void drawFields(const std::vector<RecordField>& fields) {
    if (!ImGui::BeginTable(
            "fields", 3, ImGuiTableFlags_Borders | ImGuiTableFlags_RowBg | ImGuiTableFlags_SizingStretchProp))
        return;
    ImGui::TableSetupColumn("field");
    ImGui::TableSetupColumn("raw");
    ImGui::TableSetupColumn("decoded");
    ImGui::TableHeadersRow();
    for (const RecordField& f : fields) {
        ImGui::TableNextRow();
        ImGui::TableNextColumn();
        ImGui::TextUnformatted(f.name.c_str());
        ImGui::TableNextColumn();
        ImGui::TextWrapped("%s", shown(f.raw).c_str());
        ImGui::TableNextColumn();
        ImGui::TextWrapped("%s", shown(f.decoded).c_str());
    }
    ImGui::EndTable();
}

void drawSelection(InspectorPanelState& state, const scene::Scene& scene, InspectorActions& actions) {
    if (!state.inspection || state.selection.empty()) {
        ImGui::TextDisabled("Click anything in the view to inspect it.");
        return;
    }
    const Inspection& in = *state.inspection;
    ImGui::Text("%s  %s", in.kind.c_str(), loaders::toUtf8(in.name).c_str());
    if (ImGui::SmallButton("fly to")) actions.flyToSelection = true;
    if (in.actor >= 0) {
        ImGui::SameLine();
        if (ImGui::SmallButton("in Actors panel")) actions.openActor = true;
    }
    if (in.scriptObject >= 0) {
        ImGui::SameLine();
        if (ImGui::SmallButton("script")) actions.openScript = true;
        ImGui::SameLine();
        ImGui::Text("%s", loaders::toUtf8(in.script).c_str());
    }
    if (!in.section.empty()) {
        if (in.selection.cell)
            ImGui::Text("WLD: vertex (%d, %d), the cell's top-left corner", in.selection.cell->row,
                        in.selection.cell->column);
        else if (!in.file.empty())
            ImGui::Text("%s %d in %s", in.section.c_str(), in.index, in.file.c_str());
        else
            ImGui::Text("RGM record: %s %d", in.section.c_str(), in.index);
        if (!in.recordProblem.empty()) ImGui::TextColored({1, 0.4f, 0.4f, 1}, "%s", in.recordProblem.c_str());
        drawFields(in.fields);
    }
    if (!in.node.is_null() && ImGui::TreeNode("node (rgx scene --json)")) {
        for (const auto& [key, value] : in.node.items())
            ImGui::TextWrapped("%s: %s", key.c_str(), shown(value).c_str());
        ImGui::TreePop();
    }
    if (in.model) {
        ImGui::Text("model: %s", loaders::toUtf8(in.model->source).c_str());
        if (!in.model->problem.empty())
            ImGui::TextColored({1, 0.4f, 0.4f, 1}, "%s", in.model->problem.c_str());
        for (const char* key :
             {"format", "version", "vertices", "faces", "frames", "solid_faces", "textured_faces"})
            if (in.model->info.contains(key))
                ImGui::Text("  %s: %s", key, shown(in.model->info[key]).c_str());
    }
    if (!in.textures.empty()) {
        ImGui::Text("textures (%zu)", in.textures.size());
        const float size = ImGui::GetFrameHeight() * 2;
        for (const int t : in.textures)
            if (t >= 0 && static_cast<std::size_t>(t) < scene.textures.size()) thumbnail(scene, t, size);
    }
}

void drawSearch(InspectorPanelState& state, InspectorActions& actions) {
    ImGui::SetNextItemWidth(-1);
    const bool enter =
        ImGui::InputTextWithHint("##search", "name, model, script, MPSO, static...", state.query.data(),
                                 state.query.size(), ImGuiInputTextFlags_EnterReturnsTrue);
    if (state.hits.empty()) {
        if (state.query[0]) ImGui::TextDisabled("no match");
        return;
    }
    ImGui::Text("%zu matches%s", state.hits.size(), state.hits.size() >= 200 ? " (the nearest 200)" : "");
    if (enter)
        actions.flyToNode = state
                                .hits[static_cast<std::size_t>(
                                    std::clamp(state.chosenHit, 0, static_cast<int>(state.hits.size()) - 1))]
                                .node;
    if (ImGui::BeginChild("hits", {0, ImGui::GetTextLineHeightWithSpacing() * 8}, true)) {
        for (std::size_t i = 0; i < state.hits.size(); ++i) {
            const SearchHit& h = state.hits[i];
            char line[256];
            std::snprintf(line, sizeof line, "%s  (%s, %.0f; %s)##%d", loaders::toUtf8(h.name).c_str(),
                          h.kind.c_str(), h.distance, h.matched.c_str(), h.node);
            if (ImGui::Selectable(line, state.chosenHit == static_cast<int>(i))) {
                state.chosenHit = static_cast<int>(i);
                actions.flyToNode = h.node;
            }
        }
    }
    ImGui::EndChild();
}

void drawBookmarks(InspectorPanelState& state, const view::Camera& camera, std::int64_t world,
                   InspectorActions& actions) {
    ImGui::SetNextItemWidth(ImGui::GetContentRegionAvail().x * 0.6f);
    ImGui::InputTextWithHint("##newbookmark", "name", state.newName.data(), state.newName.size());
    ImGui::SameLine();
    if (ImGui::Button("add here") && state.newName[0]) {
        state.bookmarks.push_back({state.newName.data(), world, camera, false});
        state.newName[0] = 0;
        actions.bookmarksChanged = true;
    }
    if (!state.bookmarkStatus.empty()) ImGui::TextDisabled("%s", state.bookmarkStatus.c_str());
    std::optional<std::size_t> remove;
    for (std::size_t i = 0; i < state.bookmarks.size(); ++i) {
        Bookmark& b = state.bookmarks[i];
        if (b.world != world) continue;
        ImGui::PushID(static_cast<int>(i));
        if (state.renaming == static_cast<int>(i)) {
            ImGui::SetNextItemWidth(ImGui::GetContentRegionAvail().x * 0.6f);
            if (ImGui::InputText("##rename", state.renameText.data(), state.renameText.size(),
                                 ImGuiInputTextFlags_EnterReturnsTrue) &&
                state.renameText[0]) {
                b.name = state.renameText.data();
                state.renaming = -1;
                actions.bookmarksChanged = true;
            }
        } else if (ImGui::SmallButton("fly to")) {
            actions.flyToCamera = b.camera;
        }
        ImGui::SameLine();
        if (ImGui::SmallButton("rename")) {
            state.renaming = static_cast<int>(i);
            std::snprintf(state.renameText.data(), state.renameText.size(), "%s", b.name.c_str());
        }
        ImGui::SameLine();
        if (ImGui::SmallButton("delete")) remove = i;
        ImGui::SameLine();
        ImGui::TextUnformatted(b.name.c_str());
        ImGui::PopID();
    }
    if (remove) {
        state.bookmarks.erase(state.bookmarks.begin() + static_cast<std::ptrdiff_t>(*remove));
        state.renaming = -1;
        actions.bookmarksChanged = true;
    }
    if (!state.builtIn.empty() &&
        ImGui::TreeNode("builtin", "the world's markers and locations (%zu)", state.builtIn.size())) {
        for (std::size_t i = 0; i < state.builtIn.size(); ++i) {
            ImGui::PushID(static_cast<int>(i));
            if (ImGui::SmallButton("fly to")) actions.flyToCamera = state.builtIn[i].camera;
            ImGui::SameLine();
            ImGui::TextUnformatted(loaders::toUtf8(state.builtIn[i].name).c_str());
            ImGui::PopID();
        }
        ImGui::TreePop();
    }
}

} // namespace

void selectInInspector(InspectorPanelState& state, const Selection& selection) {
    state.selection = selection;
    state.inspection.reset();
    if (!selection.empty()) state.setOpen = true;
}

InspectorActions drawInspectorPanel(InspectorPanelState& state, const scene::Scene* scene, const Rect& place,
                                    std::vector<PanelShown>& shown, const view::Camera& camera,
                                    std::int64_t world) {
    InspectorActions actions;
    if (!beginSidePanel("Inspector", place, state.setOpen, state.open, shown)) {
        ImGui::End();
        return actions;
    }
    if (!scene) {
        ImGui::TextDisabled("no scene");
        ImGui::End();
        return actions;
    }
    if (ImGui::CollapsingHeader("Selection", ImGuiTreeNodeFlags_DefaultOpen))
        drawSelection(state, *scene, actions);
    if (ImGui::CollapsingHeader("Search", ImGuiTreeNodeFlags_DefaultOpen)) drawSearch(state, actions);
    if (ImGui::CollapsingHeader("Bookmarks")) drawBookmarks(state, camera, world, actions);
    ImGui::End();
    return actions;
}

void drawSelectionOutline(const std::vector<std::array<Vec3, 2>>& segments, const view::Camera& camera,
                          std::array<int, 2> viewport) {
    if (viewport[0] <= 0 || viewport[1] <= 0) return;
    const double aspect = static_cast<double>(viewport[0]) / viewport[1];
    ImDrawList* draw = ImGui::GetBackgroundDrawList();
    for (const auto& [a, b] : segments) {
        const auto pa = projectToView(camera, aspect, a), pb = projectToView(camera, aspect, b);
        if (!pa || !pb) continue;
        const ImVec2 p{static_cast<float>((*pa)[0] * viewport[0]),
                       static_cast<float>((*pa)[1] * viewport[1])};
        const ImVec2 q{static_cast<float>((*pb)[0] * viewport[0]),
                       static_cast<float>((*pb)[1] * viewport[1])};
        draw->AddLine(p, q, IM_COL32(0, 0, 0, 200), 4);
        draw->AddLine(p, q, IM_COL32(255, 220, 0, 255), 2);
    }
}

} // namespace rgx::app
