#include "renderer/profile/frame_profile.h"

#include <algorithm>
#include <cmath>

namespace rgx::renderer {

void FrameTimings::set(const std::string& name, double value) {
    for (auto& [n, v] : ms) {
        if (n == name) {
            v = value;
            return;
        }
    }
    ms.emplace_back(name, value);
}

const double* FrameTimings::find(const std::string& name) const {
    for (const auto& [n, v] : ms)
        if (n == name) return &v;
    return nullptr;
}

void addCpuTimes(FrameTimings& timings, const FrameStats& stats) {
    timings.set("cpu.pvo", stats.pvoMs);
    timings.set("cpu.frustum", stats.frustumMs);
    timings.set("cpu.drawList", stats.drawListMs);
    timings.set("cpu.record", stats.recordMs);
}

Summary summarize(std::vector<double> values) {
    Summary s;
    if (values.empty()) return s;
    std::sort(values.begin(), values.end());
    const std::size_t n = values.size();
    s.samples = n;
    s.min = values.front();
    s.max = values.back();
    s.median = n % 2 ? values[n / 2] : (values[n / 2 - 1] + values[n / 2]) / 2;
    const auto rank = static_cast<std::size_t>(std::ceil(0.95 * static_cast<double>(n)));
    s.p95 = values[std::clamp<std::size_t>(rank, 1, n) - 1];
    return s;
}

int figureRank(const std::string& name) {
    static const char* const kOrder[] = {
        "gpu.compute",  "gpu.terrain",     "gpu.opaque",   "gpu.sky",      "gpu.blended",    "gpu.additive",
        "gpu.software", "gpu.overlay",     "gpu.frame",    "cpu.wait",     "cpu.pvo",        "cpu.frustum",
        "cpu.drawList", "cpu.record",      "cpu.submit",   "cpu.present",  "cpu.submitWait", "soft.setup",
        "soft.raster",  "soft.bandMedian", "soft.bandMax", "soft.resolve", "cpu.frame"};
    const auto it = std::find(std::begin(kOrder), std::end(kOrder), name);
    return static_cast<int>(it - std::begin(kOrder)); // unknown names: after every known one
}

void ProfileHistory::add(const FrameTimings& timings) {
    ++frames_;
    for (const auto& [name, value] : timings.ms) {
        auto it = std::find(names_.begin(), names_.end(), name);
        if (it == names_.end()) {
            const int rank = figureRank(name);
            it = std::find_if(names_.begin(), names_.end(),
                              [&](const std::string& n) { return figureRank(n) > rank; });
            series_.emplace(series_.begin() + (it - names_.begin()));
            it = names_.insert(it, name);
        }
        const std::size_t i = static_cast<std::size_t>(it - names_.begin());
        std::deque<double>& series = series_[i];
        series.push_back(value);
        if (capacity_ > 0 && series.size() > capacity_) series.pop_front();
    }
}

void ProfileHistory::clear() {
    frames_ = 0;
    names_.clear();
    series_.clear();
}

std::vector<double> ProfileHistory::values(const std::string& name) const {
    const auto it = std::find(names_.begin(), names_.end(), name);
    if (it == names_.end()) return {};
    const std::deque<double>& series = series_[static_cast<std::size_t>(it - names_.begin())];
    return {series.begin(), series.end()};
}

Summary ProfileHistory::summary(const std::string& name) const {
    return summarize(values(name));
}

} // namespace rgx::renderer
