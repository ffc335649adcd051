#pragma once
// How the SOUP VM reads what the evidence leaves open (docs/scripts.md "Units", "Byte counts"):
// one documented config, set by every command that runs scripts (--script-time, --id0-count).

#include "loaders/redguard/soup_bytecode.h"
#include "sim/game_tick.h"

#include <cstdint>
#include <optional>
#include <string_view>

namespace rgx::sim {

// The unit of a script's durations (Wait, Rotate, RotateByAxis, Move, MoveByAxis, MoveObjectAxis,
// MoveToLocation, WalkForward, ...): game ticks (the engine's own clock, SYSTEM.INI
// normal_frame_rate) or tenths of a second (the public interpreter's reading). The evidence is
// even, so it is an option; ticks by default.
enum class ScriptTimeUnit : std::uint8_t { Ticks, Tenths };
const char* scriptTimeUnitName(ScriptTimeUnit u); // "ticks", "tenths"
std::optional<ScriptTimeUnit> parseScriptTimeUnit(std::string_view text);

struct ScriptConfig {
    // The count after function id 0: Auto decides per script (loaders::decodeSoupScript).
    loaders::SoupId0Reading id0 = loaders::SoupId0Reading::Auto;
    ScriptTimeUnit time = ScriptTimeUnit::Ticks;
    // The game tick, for durations in tenths (ScriptWorld sets it to its own rate).
    double ticksPerSecond = kDefaultTicksPerSecond;
};

// A duration in `config`'s unit as whole ticks (at least 0; tenths rounded to the nearest tick).
std::int32_t scriptDurationTicks(const ScriptConfig& config, std::int32_t duration);

} // namespace rgx::sim
