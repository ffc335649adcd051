#include "app/commands/wave_options.h"

#include "base/error.h"
#include "loaders/redguard/ini.h"

#include <cmath>
#include <limits>
#include <string>
#include <vector>

namespace rgx::app {

namespace {

// The integer of an INI value when it fits an int32.
std::optional<std::int32_t> int32Field(std::string_view text) {
    const std::optional<std::int64_t> v = loaders::parseIniInt(text);
    if (!v || *v < std::numeric_limits<std::int32_t>::min() || *v > std::numeric_limits<std::int32_t>::max())
        return std::nullopt;
    return static_cast<std::int32_t>(*v);
}

// The float of an INI value when it is finite as a float.
std::optional<float> floatField(std::string_view text) {
    const std::optional<double> v = loaders::parseIniFloat(text);
    if (!v || !std::isfinite(static_cast<float>(*v))) return std::nullopt;
    return static_cast<float>(*v);
}

} // namespace

WaveText parseWaveText(std::string_view text, std::string_view what) {
    const std::vector<std::string> parts = loaders::splitIniList(text);
    std::optional<float> amplitude, speed;
    std::optional<std::int32_t> frequency;
    if (parts.size() == 3) {
        amplitude = floatField(parts[0]);
        speed = floatField(parts[1]);
        frequency = int32Field(parts[2]);
    }
    if (!amplitude || !speed || !frequency)
        throw Error(std::string(what), Error::kNoOffset, "wave",
                    "expected AMPLITUDE,SPEED,FREQUENCY (numbers, the frequency an integer), got \"" +
                        std::string(text) + "\"");
    return {*amplitude, *speed, *frequency};
}

std::array<int, 2> parseWaveCentreText(std::string_view text, std::string_view what) {
    const std::vector<std::string> parts = loaders::splitIniList(text);
    std::optional<std::int32_t> row, column;
    if (parts.size() == 2) {
        row = int32Field(parts[0]);
        column = int32Field(parts[1]);
    }
    if (!row || !column)
        throw Error(std::string(what), Error::kNoOffset, "wave centre",
                    "expected ROW,COLUMN (grid vertex integers), got \"" + std::string(text) + "\"");
    return {*row, *column};
}

void applyWave(sim::WaveSettings& wave, const WaveText& text) {
    wave.amplitude = text.amplitude;
    wave.speed = text.speed;
    wave.frequency = text.frequency;
}

void applyWaveCentre(sim::WaveSettings& wave, const std::array<int, 2>& rowColumn) {
    wave.followCamera = false;
    wave.centreRow = rowColumn[0];
    wave.centreColumn = rowColumn[1];
}

} // namespace rgx::app
