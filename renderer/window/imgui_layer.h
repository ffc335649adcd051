#pragma once
// Dear ImGui 1.86 over the swapchain. Its Vulkan backend draws only inside a VkRenderPass, so the
// overlay has its own one-subpass render pass that loads the swapchain image (the scene was
// blitted into it, layout TRANSFER_DST_OPTIMAL) and leaves it ready to present. The scene itself
// keeps dynamic rendering into its offscreen target.

#include "renderer/vk/context.h"
#include "renderer/window/swapchain.h"
#include "renderer/window/window.h"

#include <memory>
#include <vector>

namespace rgx::renderer {

// The ImGui context and its GLFW and Vulkan backends, shut down in reverse on destruction.
// One per process at a time (ImGui's context is global); not copyable or movable.
class ImGuiBackends {
public:
    ImGuiBackends() = default;
    ~ImGuiBackends();
    ImGuiBackends(const ImGuiBackends&) = delete;
    ImGuiBackends& operator=(const ImGuiBackends&) = delete;
    bool context = false, glfw = false, vulkan = false; // what was started
};

// Owns the overlay's render pass, descriptor pool and framebuffers, and the ImGui backends
// (declared last: shut down before the pool they allocated from goes).
struct ImGuiLayer {
    Unique<VkRenderPass> renderPass;
    Unique<VkDescriptorPool> descriptorPool;
    std::vector<Unique<VkFramebuffer>> framebuffers; // one per swapchain image
    VkFormat format = VK_FORMAT_UNDEFINED;
    std::unique_ptr<ImGuiBackends> backends;
};

// Creates the ImGui context (no imgui.ini: runs stay reproducible), the GLFW backend (installing
// its input callbacks) and the Vulkan backend, and uploads the font texture.
ImGuiLayer createImGuiLayer(const VulkanContext& context, const Window& window, const Swapchain& swapchain);
// After the swapchain was recreated (same format).
void recreateImGuiFramebuffers(const VulkanContext& context, ImGuiLayer& layer, const Swapchain& swapchain);

// Starts a UI frame (ImGui::NewFrame); build the windows, then recordImGui.
void beginImGuiFrame();
// Renders the UI built since beginImGuiFrame into the swapchain image `imageIndex`, which must be
// in TRANSFER_DST_OPTIMAL with its last write done by a blit/copy; leaves it PRESENT_SRC_KHR.
void recordImGui(VkCommandBuffer cmd, const ImGuiLayer& layer, const Swapchain& swapchain,
                 std::uint32_t imageIndex);

} // namespace rgx::renderer
