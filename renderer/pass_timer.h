#pragma once
// GPU time per pass of renderer/frame.h's frame: a timestamp where each pass begins and ends, per
// frame slot, when the queue writes timestamps. The stamps wait for all earlier commands
// (VK_PIPELINE_STAGE_2_ALL_COMMANDS_BIT), so a pass's time is when the GPU finished it less when
// it finished what came before: passes that overlap on the GPU are not counted twice.

#include "renderer/look/frame_profile.h"
#include "renderer/pass.h"
#include "renderer/vk/context.h"

#include <array>
#include <optional>
#include <vector>

namespace rgx::renderer {

struct PassTimes {
    std::array<std::optional<double>, kPassCount> ms; // nothing for a pass the frame did not record
    std::optional<double> frameMs;                    // from the first pass's start to the last's end
};

// gpu.<pass> for each pass timed (passName), and gpu.frame.
void addGpuTimes(FrameTimings& timings, const PassTimes& times);

class PassTimer {
public:
    // No query pool (and every time empty) when the queue has no timestamps.
    PassTimer(const VulkanContext& context, int slots);
    bool available() const { return queries_ != VK_NULL_HANDLE; }

    // Outside rendering, before the slot's first pass: resets its queries. The slot's previous
    // frame must have completed (read it first).
    void beginFrame(VkCommandBuffer cmd, int slot);
    // Around one pass (inside or outside rendering, as the pass itself is).
    void begin(VkCommandBuffer cmd, int slot, Pass pass);
    void end(VkCommandBuffer cmd, int slot, Pass pass);

    // The slot's last frame, once its commands have completed; empty where not available yet.
    PassTimes read(int slot) const;

private:
    const VulkanContext& context_;
    Unique<VkQueryPool> queries_; // 2 per pass per slot
    std::uint64_t mask_ = 0;
    std::vector<std::array<bool, kPassCount>> written_; // per slot: the passes of its last frame
    std::uint32_t query(int slot, Pass pass, bool end) const;
};

} // namespace rgx::renderer
