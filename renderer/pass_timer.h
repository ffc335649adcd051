#pragma once
// GPU time per pass of renderer/frame.h's frame, per frame slot, when the queue writes timestamps.
// A timestamp where each pass starts and one where the frame ends, each written once all earlier
// commands are done (VK_PIPELINE_STAGE_2_ALL_COMMANDS_BIT); a pass's time runs from its own stamp
// to the next one. So the passes add up to the frame, and work the GPU (or the driver) finishes
// late still lands in the pass it belongs to: lavapipe rasterizes a pass's triangles when the
// next command needs them, which a stamp at the pass's own end would not wait for.

#include "renderer/pass.h"
#include "renderer/profile/frame_profile.h"
#include "renderer/vk/context.h"

#include <array>
#include <optional>
#include <vector>

namespace rgx::renderer {

struct PassTimes {
    std::array<std::optional<double>, kPassCount> ms; // nothing for a pass the frame did not record
    std::optional<double> frameMs;                    // from the first pass's start to the frame's end
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
    // Where `pass` starts (inside or outside rendering; passes in frame order, each at most once).
    void mark(VkCommandBuffer cmd, int slot, Pass pass);
    // After the frame's last command.
    void endFrame(VkCommandBuffer cmd, int slot);

    // The slot's last frame, once its commands have completed; empty where not available yet or
    // when the frame was not ended.
    PassTimes read(int slot) const;

private:
    const VulkanContext& context_;
    Unique<VkQueryPool> queries_; // per slot: one per pass, then the frame's end
    std::uint64_t mask_ = 0;
    struct SlotState {
        std::array<bool, kPassCount> marked{};
        bool ended = false;
    };
    std::vector<SlotState> slots_;
    std::uint32_t query(int slot, std::size_t index) const; // index kPassCount: the frame's end
};

} // namespace rgx::renderer
