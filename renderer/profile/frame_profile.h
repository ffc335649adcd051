#pragma once
// What a frame cost, by named figure, and the summaries the profiler panel and `rgx bench` show.
// No Vulkan: both looks report through these. Figures are milliseconds named by where they were
// spent ("gpu.opaque", "cpu.record", "soft.raster", ...; docs/performance.md lists them).

#include "renderer/look_settings.h"

#include <chrono>
#include <cstddef>
#include <deque>
#include <string>
#include <utility>
#include <vector>

namespace rgx::renderer {

// The clock every figure is taken with, and milliseconds since a point of it.
using ProfileClock = std::chrono::steady_clock;
inline double msSince(ProfileClock::time_point start) {
    return std::chrono::duration<double, std::milli>(ProfileClock::now() - start).count();
}

struct FrameTimings {
    std::vector<std::pair<std::string, double>> ms;
    void set(const std::string& name, double value); // replaces a figure already there
    const double* find(const std::string& name) const;
};

// FrameStats' CPU figures: cpu.pvo, cpu.frustum, cpu.drawList, cpu.record.
void addCpuTimes(FrameTimings& timings, const FrameStats& stats);

struct Summary {
    double min = 0, median = 0, p95 = 0, max = 0;
    std::size_t samples = 0;
};
// Median: the middle value (the mean of the two middle ones for an even count); p95: nearest
// rank (the smallest value with at least 95% of the samples at or below it). All 0 for none.
Summary summarize(std::vector<double> values);

// Where a figure is listed: the GPU passes in frame order and gpu.frame, the CPU steps in the
// order a frame runs them, the software renderer's stages, then any other name.
int figureRank(const std::string& name);

// The figures of the last `capacity` frames (0: every frame), per name in figureRank order (names
// of equal rank in first-seen order). A figure a frame did not have is not counted for that frame.
class ProfileHistory {
public:
    explicit ProfileHistory(std::size_t capacity = 0) : capacity_(capacity) {}
    void add(const FrameTimings& timings);
    void clear();
    std::size_t frames() const { return frames_; } // added since the last clear (not capped)
    const std::vector<std::string>& names() const { return names_; }
    std::vector<double> values(const std::string& name) const; // oldest first
    Summary summary(const std::string& name) const;

private:
    std::size_t capacity_ = 0, frames_ = 0;
    std::vector<std::string> names_;
    std::vector<std::deque<double>> series_;
};

} // namespace rgx::renderer
