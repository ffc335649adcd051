#pragma once
// The text forms of the water-wave settings shared by `rgx render` (--wave, --wave-centre) and
// the explorer's script (wave=...): "AMPLITUDE,SPEED,FREQUENCY" as the engine's fxwaveamp,
// fxwavespeed and fxwavefreq take them, and "ROW,COLUMN" for a fixed ripple centre.

#include "sim/water.h"

#include <string_view>

namespace rgx::app {

// Sets amplitude, speed (numbers) and frequency (an integer) from "A,S,F". Throws rgx::Error
// naming `what` (the option) and the bad text.
void applyWaveText(sim::WaveSettings& wave, std::string_view text, std::string_view what);

// Fixes the centre on grid vertex "ROW,COLUMN" (integers) and stops it following the camera.
void applyWaveCentreText(sim::WaveSettings& wave, std::string_view text, std::string_view what);

} // namespace rgx::app
