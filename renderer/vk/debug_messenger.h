#pragma once
// The VK_EXT_debug_utils messenger: counts every warning and error the loader or the validation
// layers report, prints them to stderr and keeps the last few for test failure reports.

#include "renderer/vk/handle.h"
#include "renderer/vk/vulkan.h"

#include <atomic>
#include <cstdint>
#include <deque>
#include <mutex>
#include <string>
#include <vector>

namespace rgx::renderer {

struct DebugMessage {
    std::uint64_t sequence = 0; // 1 for the first counted message, then 2, 3, ...
    bool error = false;         // false: warning
    std::string id;             // messageIdName, e.g. "VUID-VkBufferCreateInfo-size-00912"
    std::string text;
};

struct DebugCounts {
    std::uint64_t warnings = 0;
    std::uint64_t errors = 0;
    std::uint64_t total() const { return warnings + errors; }
};

// Lives at a stable address (the messenger's user data points at it): held by unique_ptr.
struct DebugMessages {
    static constexpr std::size_t kKeep = 64;

    std::atomic<std::uint64_t> warnings{0};
    std::atomic<std::uint64_t> errors{0};
    std::atomic<bool> printToStderr{true};

    std::mutex mutex;                // guards recent and sequence
    std::deque<DebugMessage> recent; // the last kKeep messages
    std::uint64_t sequence = 0;
};

DebugCounts debugCounts(const DebugMessages& messages);

// The kept messages with sequence > after (older ones may have been dropped: compare the count).
std::vector<DebugMessage> debugMessagesSince(DebugMessages& messages, std::uint64_t after);

// "error VUID-...: text" for printing.
std::string formatDebugMessage(const DebugMessage& message);

// Create info for a messenger reporting warnings and errors of every type into messages; also
// chained into VkInstanceCreateInfo so that instance creation and destruction are covered.
VkDebugUtilsMessengerCreateInfoEXT debugMessengerCreateInfo(DebugMessages& messages);

Unique<VkDebugUtilsMessengerEXT> createDebugMessenger(VkInstance instance, DebugMessages& messages);

} // namespace rgx::renderer
