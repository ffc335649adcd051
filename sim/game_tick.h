#pragma once
// The game tick: everything timed in ticks (actors, water waves, rope swing, sky, rain) runs at
// SYSTEM.INI [system] normal_frame_rate ticks a second (the shipped file: 12).

#include <algorithm>
#include <cstdint>

namespace rgx::sim {

// The game tick when SYSTEM.INI gives none: normal_frame_rate = 12 per second.
inline constexpr double kDefaultTicksPerSecond = 12.0;
// The fastest tick rate rgx plays: a time's state is found by playing every tick before it, so a
// hostile normal_frame_rate (up to 2^63) would make one second billions of ticks.
inline constexpr double kMaxTicksPerSecond = 240.0;

// normal_frame_rate as a tick rate: below 1 the default, above kMaxTicksPerSecond clamped to it.
inline double gameTicksPerSecond(std::int64_t normalFrameRate) {
    if (normalFrameRate < 1) return kDefaultTicksPerSecond;
    return std::min(static_cast<double>(normalFrameRate), kMaxTicksPerSecond);
}

// A tick rate a caller set (explorer settings, tests) as one that can be played: NaN, zero and
// negative rates are next to no ticks (1e-6 a second), and at most kMaxTicksPerSecond.
inline double playableTickRate(double ticksPerSecond) {
    return ticksPerSecond > 1e-6 ? std::min(ticksPerSecond, kMaxTicksPerSecond) : 1e-6;
}

} // namespace rgx::sim
