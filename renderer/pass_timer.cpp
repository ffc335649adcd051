#include "renderer/pass_timer.h"

#include "renderer/vk/vk_check.h"

#include <algorithm>
#include <stdexcept>
#include <string>

namespace rgx::renderer {

void addGpuTimes(FrameTimings& timings, const PassTimes& times) {
    for (std::size_t p = 0; p < kPassCount; ++p)
        if (times.ms[p]) timings.set(std::string("gpu.") + passName(static_cast<Pass>(p)), *times.ms[p]);
    if (times.frameMs) timings.set("gpu.frame", *times.frameMs);
}

PassTimer::PassTimer(const VulkanContext& context, int slots)
    : context_(context), written_(static_cast<std::size_t>(std::max(slots, 1))) {
    const std::uint32_t validBits = context.device.timestampValidBits;
    if (validBits == 0 || context.device.properties.limits.timestampPeriod <= 0) return;
    mask_ = validBits >= 64 ? ~std::uint64_t{0} : (std::uint64_t{1} << validBits) - 1;
    auto info = vkInit<VkQueryPoolCreateInfo>(VK_STRUCTURE_TYPE_QUERY_POOL_CREATE_INFO);
    info.queryType = VK_QUERY_TYPE_TIMESTAMP;
    info.queryCount = static_cast<std::uint32_t>(2 * kPassCount * written_.size());
    queries_ = create(context.vk(), vkCreateQueryPool, info, "vkCreateQueryPool");
}

std::uint32_t PassTimer::query(int slot, Pass pass, bool end) const {
    if (slot < 0 || static_cast<std::size_t>(slot) >= written_.size() || pass >= Pass::Count)
        throw std::out_of_range("PassTimer: slot " + std::to_string(slot) + " or pass out of range");
    return static_cast<std::uint32_t>(
        (static_cast<std::size_t>(slot) * kPassCount + static_cast<std::size_t>(pass)) * 2 + (end ? 1 : 0));
}

void PassTimer::beginFrame(VkCommandBuffer cmd, int slot) {
    const std::uint32_t first = query(slot, Pass::Compute, false);
    written_[static_cast<std::size_t>(slot)].fill(false);
    if (available()) vkCmdResetQueryPool(cmd, queries_, first, static_cast<std::uint32_t>(2 * kPassCount));
}

void PassTimer::begin(VkCommandBuffer cmd, int slot, Pass pass) {
    const std::uint32_t q = query(slot, pass, false);
    if (available()) vkCmdWriteTimestamp2(cmd, VK_PIPELINE_STAGE_2_ALL_COMMANDS_BIT, queries_, q);
}

void PassTimer::end(VkCommandBuffer cmd, int slot, Pass pass) {
    const std::uint32_t q = query(slot, pass, true);
    if (!available()) return;
    vkCmdWriteTimestamp2(cmd, VK_PIPELINE_STAGE_2_ALL_COMMANDS_BIT, queries_, q);
    written_[static_cast<std::size_t>(slot)][static_cast<std::size_t>(pass)] = true;
}

PassTimes PassTimer::read(int slot) const {
    PassTimes times;
    if (!available()) return times;
    const double period = context_.device.properties.limits.timestampPeriod;
    query(slot, Pass::Compute, false); // checks the slot
    const auto& written = written_[static_cast<std::size_t>(slot)];
    std::optional<std::uint64_t> first, last;
    for (std::size_t p = 0; p < kPassCount; ++p) {
        if (!written[p]) continue;
        std::uint64_t stamps[2] = {};
        const VkResult result =
            vkGetQueryPoolResults(context_.vk(), queries_, query(slot, static_cast<Pass>(p), false), 2,
                                  sizeof(stamps), stamps, sizeof(std::uint64_t), VK_QUERY_RESULT_64_BIT);
        if (result == VK_NOT_READY) return {};
        VK_CHECK(result);
        times.ms[p] = static_cast<double>((stamps[1] - stamps[0]) & mask_) * period / 1e6;
        if (!first) first = stamps[0];
        last = stamps[1];
    }
    if (first && last) times.frameMs = static_cast<double>((*last - *first) & mask_) * period / 1e6;
    return times;
}

} // namespace rgx::renderer
