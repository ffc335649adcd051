#include "app/commands/memory_use.h"

#include <unistd.h>

#include <cmath>
#include <cstdio>
#include <fstream>

namespace rgx::app {

std::optional<std::int64_t> residentKiB() {
    std::ifstream statm("/proc/self/statm");
    std::int64_t size = 0, resident = 0;
    if (!(statm >> size >> resident)) return std::nullopt;
    const long page = sysconf(_SC_PAGESIZE);
    if (page <= 0) return std::nullopt;
    return resident * (page / 1024);
}

MemoryTrack::MemoryTrack(std::int64_t frames)
    : frames_(frames),
      fromFrame_(static_cast<std::int64_t>(std::floor(static_cast<double>(frames) * kGrowthFrom))) {}

void MemoryTrack::sample(std::int64_t framesDone) {
    const std::optional<std::int64_t> now = residentKiB();
    if (!now) return;
    if (!start_) start_ = now;
    if (framesDone >= fromFrame_ && !from_) {
        from_ = now;
        fromFrame_ = framesDone;
    }
    end_ = now;
    lastFrame_ = framesDone;
}

std::optional<double> MemoryTrack::growthPer1000Frames() const {
    if (!from_ || !end_ || lastFrame_ <= fromFrame_) return std::nullopt;
    return static_cast<double>(*end_ - *from_) * 1000.0 / static_cast<double>(lastFrame_ - fromFrame_);
}

std::string MemoryTrack::describe() const {
    if (!start_ || !end_) return "RSS: not measured (no /proc/self/statm)";
    char text[256];
    int n = std::snprintf(text, sizeof text, "RSS %.1f MiB at the first frame, %.1f MiB at the last",
                          static_cast<double>(*start_) / 1024.0, static_cast<double>(*end_) / 1024.0);
    if (const std::optional<double> g = growthPer1000Frames())
        std::snprintf(text + n, sizeof text - static_cast<std::size_t>(n),
                      "; growth %.0f KiB per 1000 frames over frames %lld-%lld", *g,
                      static_cast<long long>(fromFrame_), static_cast<long long>(lastFrame_));
    return text;
}

} // namespace rgx::app
