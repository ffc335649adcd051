#pragma once
// The text forms of the water-wave settings shared by `rgx render` (--wave, --wave-centre) and
// the explorer's script (wave=...): "AMPLITUDE,SPEED,FREQUENCY" as the engine's fxwaveamp,
// fxwavespeed and fxwavefreq take them (the form of WORLD.INI's world_wave), and "ROW,COLUMN"
// for a fixed ripple centre.

#include "sim/water.h"

#include <array>
#include <cstdint>
#include <string_view>

namespace rgx::app {

struct WaveText {
    float amplitude = 0, speed = 0; // finite numbers
    std::int32_t frequency = 0;
};

// Parse "A,S,F" / "ROW,COLUMN". Throw rgx::Error naming `what` (the option) and the bad text.
WaveText parseWaveText(std::string_view text, std::string_view what);
std::array<int, 2> parseWaveCentreText(std::string_view text, std::string_view what);

// Sets amplitude, speed and frequency; fixes the centre (it stops following the camera).
void applyWave(sim::WaveSettings& wave, const WaveText& text);
void applyWaveCentre(sim::WaveSettings& wave, const std::array<int, 2>& rowColumn);

} // namespace rgx::app
