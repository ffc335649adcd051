#include "renderer/pass_timer.h"

#include "renderer/vk/vk_check.h"

#include <algorithm>
#include <stdexcept>
#include <string>

namespace rgx::renderer {

namespace {
constexpr std::size_t kStampsPerSlot = kPassCount + 1; // the passes' starts, the frame's end
}

void addGpuTimes(FrameTimings& timings, const PassTimes& times) {
    for (std::size_t p = 0; p < kPassCount; ++p)
        if (times.ms[p]) timings.set(std::string("gpu.") + passName(static_cast<Pass>(p)), *times.ms[p]);
    if (times.frameMs) timings.set("gpu.frame", *times.frameMs);
}

PassTimer::PassTimer(const VulkanContext& context, int slots)
    : context_(context), slots_(static_cast<std::size_t>(std::max(slots, 1))) {
    const std::uint32_t validBits = context.device.timestampValidBits;
    if (validBits == 0 || context.device.properties.limits.timestampPeriod <= 0) return;
    mask_ = validBits >= 64 ? ~std::uint64_t{0} : (std::uint64_t{1} << validBits) - 1;
    auto info = vkInit<VkQueryPoolCreateInfo>(VK_STRUCTURE_TYPE_QUERY_POOL_CREATE_INFO);
    info.queryType = VK_QUERY_TYPE_TIMESTAMP;
    info.queryCount = static_cast<std::uint32_t>(kStampsPerSlot * slots_.size());
    queries_ = create(context.vk(), vkCreateQueryPool, info, "vkCreateQueryPool");
}

std::uint32_t PassTimer::query(int slot, std::size_t index) const {
    if (slot < 0 || static_cast<std::size_t>(slot) >= slots_.size() || index >= kStampsPerSlot)
        throw std::out_of_range("PassTimer: slot " + std::to_string(slot) + " or pass out of range");
    return static_cast<std::uint32_t>(static_cast<std::size_t>(slot) * kStampsPerSlot + index);
}

void PassTimer::beginFrame(VkCommandBuffer cmd, int slot) {
    const std::uint32_t first = query(slot, 0);
    slots_[static_cast<std::size_t>(slot)] = {};
    if (available()) vkCmdResetQueryPool(cmd, queries_, first, static_cast<std::uint32_t>(kStampsPerSlot));
}

void PassTimer::mark(VkCommandBuffer cmd, int slot, Pass pass) {
    const std::uint32_t q = query(slot, static_cast<std::size_t>(pass));
    if (!available()) return;
    vkCmdWriteTimestamp2(cmd, VK_PIPELINE_STAGE_2_ALL_COMMANDS_BIT, queries_, q);
    slots_[static_cast<std::size_t>(slot)].marked[static_cast<std::size_t>(pass)] = true;
}

void PassTimer::endFrame(VkCommandBuffer cmd, int slot) {
    const std::uint32_t q = query(slot, kPassCount);
    if (!available()) return;
    vkCmdWriteTimestamp2(cmd, VK_PIPELINE_STAGE_2_ALL_COMMANDS_BIT, queries_, q);
    slots_[static_cast<std::size_t>(slot)].ended = true;
}

PassTimes PassTimer::read(int slot) const {
    PassTimes times;
    const std::uint32_t first = query(slot, 0); // checks the slot
    const SlotState& state = slots_[static_cast<std::size_t>(slot)];
    if (!available() || !state.ended) return times;
    std::array<std::uint64_t, kStampsPerSlot> stamps{};
    // Only the stamps written: a query never written since its reset would never be ready.
    for (std::size_t i = 0; i < kStampsPerSlot; ++i) {
        if (i < kPassCount && !state.marked[i]) continue;
        const VkResult result = vkGetQueryPoolResults(
            context_.vk(), queries_, first + static_cast<std::uint32_t>(i), 1, sizeof(std::uint64_t),
            &stamps[i], sizeof(std::uint64_t), VK_QUERY_RESULT_64_BIT);
        if (result == VK_NOT_READY) return {};
        VK_CHECK(result);
    }
    const double period = context_.device.properties.limits.timestampPeriod;
    const auto ms = [&](std::uint64_t from, std::uint64_t to) {
        return static_cast<double>((to - from) & mask_) * period / 1e6;
    };
    std::optional<std::size_t> firstMarked;
    for (std::size_t p = 0; p < kPassCount; ++p) {
        if (!state.marked[p]) continue;
        if (!firstMarked) firstMarked = p;
        std::size_t next = p + 1;
        while (next < kPassCount && !state.marked[next])
            ++next;
        times.ms[p] = ms(stamps[p], stamps[next]); // next == kPassCount: the frame's end
    }
    if (firstMarked) times.frameMs = ms(stamps[*firstMarked], stamps[kPassCount]);
    return times;
}

} // namespace rgx::renderer
