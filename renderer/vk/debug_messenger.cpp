#include "renderer/vk/debug_messenger.h"

#include "renderer/vk/vk_check.h"

#include <iostream>

namespace rgx::renderer {

namespace {

VKAPI_ATTR VkBool32 VKAPI_CALL onDebugMessage(VkDebugUtilsMessageSeverityFlagBitsEXT severity,
                                              VkDebugUtilsMessageTypeFlagsEXT,
                                              const VkDebugUtilsMessengerCallbackDataEXT* data, void* user) {
    auto& messages = *static_cast<DebugMessages*>(user);
    const bool error = (severity & VK_DEBUG_UTILS_MESSAGE_SEVERITY_ERROR_BIT_EXT) != 0;
    const bool warning = (severity & VK_DEBUG_UTILS_MESSAGE_SEVERITY_WARNING_BIT_EXT) != 0;
    if (!error && !warning) return VK_FALSE;

    DebugMessage message;
    message.error = error;
    message.id = data && data->pMessageIdName ? data->pMessageIdName : "";
    message.text = data && data->pMessage ? data->pMessage : "";
    {
        std::lock_guard lock(messages.mutex);
        message.sequence = ++messages.sequence;
        messages.recent.push_back(message);
        while (messages.recent.size() > DebugMessages::kKeep)
            messages.recent.pop_front();
    }
    (error ? messages.errors : messages.warnings).fetch_add(1);
    if (messages.printToStderr) std::cerr << "[vulkan] " << formatDebugMessage(message) << "\n";
    // VK_FALSE: never abort the call; the counters are how a failure is noticed.
    return VK_FALSE;
}

} // namespace

DebugCounts debugCounts(const DebugMessages& messages) {
    return {messages.warnings.load(), messages.errors.load()};
}

std::vector<DebugMessage> debugMessagesSince(DebugMessages& messages, std::uint64_t after) {
    std::lock_guard lock(messages.mutex);
    std::vector<DebugMessage> out;
    for (const auto& message : messages.recent) {
        if (message.sequence > after) out.push_back(message);
    }
    return out;
}

std::string formatDebugMessage(const DebugMessage& message) {
    std::string out = message.error ? "error" : "warning";
    if (!message.id.empty()) out += " " + message.id;
    return out + ": " + message.text;
}

VkDebugUtilsMessengerCreateInfoEXT debugMessengerCreateInfo(DebugMessages& messages) {
    auto info =
        vkInit<VkDebugUtilsMessengerCreateInfoEXT>(VK_STRUCTURE_TYPE_DEBUG_UTILS_MESSENGER_CREATE_INFO_EXT);
    info.messageSeverity =
        VK_DEBUG_UTILS_MESSAGE_SEVERITY_WARNING_BIT_EXT | VK_DEBUG_UTILS_MESSAGE_SEVERITY_ERROR_BIT_EXT;
    info.messageType = VK_DEBUG_UTILS_MESSAGE_TYPE_GENERAL_BIT_EXT |
                       VK_DEBUG_UTILS_MESSAGE_TYPE_VALIDATION_BIT_EXT |
                       VK_DEBUG_UTILS_MESSAGE_TYPE_PERFORMANCE_BIT_EXT;
    info.pfnUserCallback = onDebugMessage;
    info.pUserData = &messages;
    return info;
}

Unique<VkDebugUtilsMessengerEXT> createDebugMessenger(VkInstance instance, DebugMessages& messages) {
    const VkDebugUtilsMessengerCreateInfoEXT info = debugMessengerCreateInfo(messages);
    VkDebugUtilsMessengerEXT messenger = VK_NULL_HANDLE;
    VK_CHECK(vkCreateDebugUtilsMessengerEXT(instance, &info, nullptr, &messenger));
    return Unique<VkDebugUtilsMessengerEXT>(instance, messenger);
}

} // namespace rgx::renderer
