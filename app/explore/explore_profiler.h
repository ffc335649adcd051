#pragma once
// The explorer's profiler panel: the figures of the last few seconds of frames (renderer/look/
// frame_profile.h: GPU time per pass, the CPU steps, the software renderer's stages), as bars per
// figure with min / median / p95 / max, a rolling graph of one figure, the frame's counts, pause,
// and copy-as-JSON (the figure names and summaries `rgx bench --json` uses). The camera path
// recorder's button lives here too.

#include "app/explore/explore_layout.h"
#include "app/explore/path_recorder.h"
#include "renderer/look_renderer.h"
#include "renderer/profile/frame_profile.h"

#include <cstdint>
#include <optional>
#include <string>

namespace rgx::app {

struct ProfilerModel {
    static constexpr std::size_t kFrames = 300; // about five seconds at 60 frames a second
    renderer::ProfileHistory history{kFrames};
    renderer::FrameTimings last;
    renderer::FrameStats counts;
    std::optional<std::uint64_t> pixels; // the software renderer's, when it drew
    std::optional<bool> multiDraw;       // the Glide look's, when it drew
    bool paused = false;
    std::string graph = "cpu.frame"; // the figure the rolling graph shows
    std::optional<bool> setOpen;     // open (true) or fold the window at its next draw
    bool open = false;               // as drawn last (planPanels places it by this)
    // The process's resident memory now and at the first frame (app/commands/memory_use.h), in KiB.
    std::optional<std::int64_t> residentKiB, startKiB;
};

// Adds one frame's figures (nothing while paused).
// figures: the looks' own of this frame (renderer::figure::*): multi-draw, pixels written.
void addProfilerFrame(ProfilerModel& model, const renderer::FrameTimings& timings,
                      const renderer::FrameStats& counts, const renderer::LookFigures& figures);

// What "copy as JSON" copies: {"frames", "figures": {name: {min, median, p95, max, samples}},
// "counts": {...}} (the counts of the last frame).
std::string profilerJson(const ProfilerModel& model);

struct ProfilerActions {
    bool toggleRecording = false; // start or stop recording the camera path
    bool copied = false;          // the JSON went to the clipboard
};

// The panel, its own window, folded until opened; placed at `place` (planPanels), added to `shown`.
ProfilerActions drawProfilerPanel(ProfilerModel& model, const PathRecorder& recorder, const Rect& place,
                                  std::vector<PanelShown>& shown);

} // namespace rgx::app
