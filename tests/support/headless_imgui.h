#pragma once
// A Dear ImGui context with no window and no imgui.ini, its font atlas built, for the tests that
// draw the explorer's panels headless. Destroyed with the object.

#include <imgui.h>

namespace rgx::testing {

class HeadlessImGuiContext {
public:
    HeadlessImGuiContext() {
        ImGui::CreateContext();
        ImGuiIO& io = ImGui::GetIO();
        io.IniFilename = nullptr;
        unsigned char* pixels = nullptr;
        int w = 0, h = 0;
        io.Fonts->GetTexDataAsRGBA32(&pixels, &w, &h);
    }
    ~HeadlessImGuiContext() { ImGui::DestroyContext(); }
    HeadlessImGuiContext(const HeadlessImGuiContext&) = delete;
    HeadlessImGuiContext& operator=(const HeadlessImGuiContext&) = delete;
};

} // namespace rgx::testing
