#include "renderer/window/imgui_layer.h"

#include "base/error.h"
#include "renderer/vk/resources.h"
#include "renderer/vk/vk_check.h"

#include <imgui.h>
#include <imgui_impl_glfw.h>
#include <imgui_impl_vulkan.h>

namespace rgx::renderer {

namespace {

struct LoaderData {
    VkInstance instance;
};

PFN_vkVoidFunction loadFunction(const char* name, void* user) {
    return vkGetInstanceProcAddr(static_cast<LoaderData*>(user)->instance, name);
}

void checkImGuiVk(VkResult result) {
    VK_CHECK(result);
}

Unique<VkRenderPass> createOverlayPass(VkDevice device, VkFormat format) {
    VkAttachmentDescription attachment{};
    attachment.format = format;
    attachment.samples = VK_SAMPLE_COUNT_1_BIT;
    attachment.loadOp = VK_ATTACHMENT_LOAD_OP_LOAD; // the scene blitted there
    attachment.storeOp = VK_ATTACHMENT_STORE_OP_STORE;
    attachment.stencilLoadOp = VK_ATTACHMENT_LOAD_OP_DONT_CARE;
    attachment.stencilStoreOp = VK_ATTACHMENT_STORE_OP_DONT_CARE;
    attachment.initialLayout = VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL;
    attachment.finalLayout = VK_IMAGE_LAYOUT_PRESENT_SRC_KHR;
    VkAttachmentReference ref{0, VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL};
    VkSubpassDescription subpass{};
    subpass.pipelineBindPoint = VK_PIPELINE_BIND_POINT_GRAPHICS;
    subpass.colorAttachmentCount = 1;
    subpass.pColorAttachments = &ref;
    // The blit's write must be done before the load; presentation waits on the submit's
    // semaphore, so the end needs no more than the implicit external dependency.
    VkSubpassDependency before{};
    before.srcSubpass = VK_SUBPASS_EXTERNAL;
    before.dstSubpass = 0;
    before.srcStageMask = VK_PIPELINE_STAGE_TRANSFER_BIT;
    before.srcAccessMask = VK_ACCESS_TRANSFER_WRITE_BIT;
    before.dstStageMask = VK_PIPELINE_STAGE_COLOR_ATTACHMENT_OUTPUT_BIT;
    before.dstAccessMask = VK_ACCESS_COLOR_ATTACHMENT_READ_BIT | VK_ACCESS_COLOR_ATTACHMENT_WRITE_BIT;
    VkSubpassDependency after{};
    after.srcSubpass = 0;
    after.dstSubpass = VK_SUBPASS_EXTERNAL;
    after.srcStageMask = VK_PIPELINE_STAGE_COLOR_ATTACHMENT_OUTPUT_BIT;
    after.srcAccessMask = VK_ACCESS_COLOR_ATTACHMENT_WRITE_BIT;
    after.dstStageMask = VK_PIPELINE_STAGE_BOTTOM_OF_PIPE_BIT;
    after.dstAccessMask = 0;
    const VkSubpassDependency dependencies[] = {before, after};

    auto info = vkInit<VkRenderPassCreateInfo>(VK_STRUCTURE_TYPE_RENDER_PASS_CREATE_INFO);
    info.attachmentCount = 1;
    info.pAttachments = &attachment;
    info.subpassCount = 1;
    info.pSubpasses = &subpass;
    info.dependencyCount = 2;
    info.pDependencies = dependencies;
    return create(device, vkCreateRenderPass, info, "vkCreateRenderPass");
}

} // namespace

void recreateImGuiFramebuffers(const VulkanContext& context, ImGuiLayer& layer, const Swapchain& swapchain) {
    if (swapchain.format != layer.format)
        throw Error("<vulkan>", Error::kNoOffset, "", "the swapchain format changed under the overlay");
    layer.framebuffers.clear();
    for (const Unique<VkImageView>& owned : swapchain.views) {
        const VkImageView view = owned;
        auto info = vkInit<VkFramebufferCreateInfo>(VK_STRUCTURE_TYPE_FRAMEBUFFER_CREATE_INFO);
        info.renderPass = layer.renderPass;
        info.attachmentCount = 1;
        info.pAttachments = &view;
        info.width = swapchain.extent.width;
        info.height = swapchain.extent.height;
        info.layers = 1;
        layer.framebuffers.push_back(create(context.vk(), vkCreateFramebuffer, info, "vkCreateFramebuffer"));
    }
}

ImGuiLayer createImGuiLayer(const VulkanContext& context, const Window& window, const Swapchain& swapchain) {
    ImGuiLayer layer;
    layer.format = swapchain.format;
    layer.renderPass = createOverlayPass(context.vk(), swapchain.format);
    recreateImGuiFramebuffers(context, layer, swapchain);

    const VkDescriptorPoolSize sizes[] = {{VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER, 16}};
    auto poolInfo = vkInit<VkDescriptorPoolCreateInfo>(VK_STRUCTURE_TYPE_DESCRIPTOR_POOL_CREATE_INFO);
    poolInfo.flags = VK_DESCRIPTOR_POOL_CREATE_FREE_DESCRIPTOR_SET_BIT;
    poolInfo.maxSets = 16;
    poolInfo.poolSizeCount = 1;
    poolInfo.pPoolSizes = sizes;
    layer.descriptorPool = create(context.vk(), vkCreateDescriptorPool, poolInfo, "vkCreateDescriptorPool");

    layer.backends = std::make_unique<ImGuiBackends>();
    IMGUI_CHECKVERSION();
    ImGui::CreateContext();
    layer.backends->context = true;
    ImGui::GetIO().IniFilename = nullptr;
    ImGui::StyleColorsDark();

    LoaderData loader{context.instance.instance};
    if (!ImGui_ImplVulkan_LoadFunctions(loadFunction, &loader))
        throw Error("<imgui>", Error::kNoOffset, "", "the ImGui Vulkan backend cannot load its functions");
    if (!ImGui_ImplGlfw_InitForVulkan(window.handle.get(), true))
        throw Error("<imgui>", Error::kNoOffset, "", "the ImGui GLFW backend failed to start");
    layer.backends->glfw = true;

    ImGui_ImplVulkan_InitInfo info{};
    info.Instance = context.instance.instance;
    info.PhysicalDevice = context.device.physical;
    info.Device = context.vk();
    info.QueueFamily = context.device.queueFamily;
    info.Queue = context.device.queue;
    info.DescriptorPool = layer.descriptorPool;
    info.PipelineCache = context.pipelineCache; // its one pipeline too
    info.MinImageCount = 2;
    info.ImageCount = static_cast<std::uint32_t>(swapchain.images.size());
    info.MSAASamples = VK_SAMPLE_COUNT_1_BIT;
    info.CheckVkResultFn = checkImGuiVk;
    if (!ImGui_ImplVulkan_Init(&info, layer.renderPass))
        throw Error("<imgui>", Error::kNoOffset, "", "the ImGui Vulkan backend failed to start");
    layer.backends->vulkan = true;

    submitOneShot(context, [](VkCommandBuffer cmd) { ImGui_ImplVulkan_CreateFontsTexture(cmd); });
    ImGui_ImplVulkan_DestroyFontUploadObjects();
    return layer;
}

ImGuiBackends::~ImGuiBackends() {
    if (vulkan) ImGui_ImplVulkan_Shutdown();
    if (glfw) ImGui_ImplGlfw_Shutdown();
    if (context) ImGui::DestroyContext();
}

void beginImGuiFrame() {
    ImGui_ImplVulkan_NewFrame();
    ImGui_ImplGlfw_NewFrame();
    ImGui::NewFrame();
}

void recordImGui(VkCommandBuffer cmd, const ImGuiLayer& layer, const Swapchain& swapchain,
                 std::uint32_t imageIndex) {
    ImGui::Render();
    auto begin = vkInit<VkRenderPassBeginInfo>(VK_STRUCTURE_TYPE_RENDER_PASS_BEGIN_INFO);
    begin.renderPass = layer.renderPass;
    begin.framebuffer = layer.framebuffers.at(imageIndex);
    begin.renderArea.extent = swapchain.extent;
    vkCmdBeginRenderPass(cmd, &begin, VK_SUBPASS_CONTENTS_INLINE);
    ImGui_ImplVulkan_RenderDrawData(ImGui::GetDrawData(), cmd);
    vkCmdEndRenderPass(cmd);
}

} // namespace rgx::renderer
