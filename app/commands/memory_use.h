#pragma once
// Resident memory over a run of frames, for `rgx bench` and the explorer: a frame loop that keeps
// growing shows here (issue 29: lavapipe recompiling shaders without freeing them grew 0.3 MB a
// frame). The first frames are not counted as growth: their shader compiles, pools and the
// allocator's warm-up are a one-off cost, so growth is measured from kGrowthFrom of the frames on.

#include <cstdint>
#include <optional>
#include <string>

namespace rgx::app {

// This process's resident set in KiB (/proc/self/statm); nothing where it cannot be read.
std::optional<std::int64_t> residentKiB();

class MemoryTrack {
public:
    static constexpr double kGrowthFrom = 0.4; // growth counts over the last 60% of the frames

    // frames: how many the run will have (0: not known yet, growth counts from the first sample).
    explicit MemoryTrack(std::int64_t frames = 0);
    // Call once before the first frame and after every frame with the number of frames done.
    void sample(std::int64_t framesDone);

    std::optional<std::int64_t> startKiB() const { return start_; } // before the first frame
    std::optional<std::int64_t> endKiB() const { return end_; }     // at the last sample
    std::int64_t growthFromFrame() const { return fromFrame_; }
    // KiB per 1,000 frames between growthFromFrame() and the last sample; nothing before two
    // samples a frame apart, or without /proc.
    std::optional<double> growthPer1000Frames() const;
    // "RSS 105.2 MiB at the first frame, 105.9 MiB at the last; growth 12 KiB per 1000 frames over
    // frames 1200-3000" (the soak tests read the last part).
    std::string describe() const;

private:
    std::int64_t frames_ = 0, fromFrame_ = 0, lastFrame_ = 0;
    std::optional<std::int64_t> start_, from_, end_;
};

} // namespace rgx::app
