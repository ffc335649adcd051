#include "app/wave_options.h"

#include "loaders/error.h"

#include <charconv>
#include <cmath>
#include <string>
#include <vector>

namespace rgx::app {

namespace {

std::vector<std::string_view> splitCommas(std::string_view text) {
    std::vector<std::string_view> parts;
    while (true) {
        const std::size_t comma = text.find(',');
        parts.push_back(text.substr(0, comma));
        if (comma == std::string_view::npos) return parts;
        text.remove_prefix(comma + 1);
    }
}

template <typename T> bool parseNumber(std::string_view text, T& out) {
    const auto [ptr, ec] = std::from_chars(text.data(), text.data() + text.size(), out);
    return ec == std::errc() && ptr == text.data() + text.size();
}

} // namespace

void applyWaveText(sim::WaveSettings& wave, std::string_view text, std::string_view what) {
    const std::vector<std::string_view> parts = splitCommas(text);
    float amplitude = 0, speed = 0;
    std::int32_t frequency = 0;
    if (parts.size() != 3 || !parseNumber(parts[0], amplitude) || !parseNumber(parts[1], speed) ||
        !parseNumber(parts[2], frequency) || !std::isfinite(amplitude) || !std::isfinite(speed))
        throw Error(std::string(what), Error::kNoOffset, "wave",
                    "expected AMPLITUDE,SPEED,FREQUENCY (numbers, the frequency an integer), got \"" +
                        std::string(text) + "\"");
    wave.amplitude = amplitude;
    wave.speed = speed;
    wave.frequency = frequency;
}

void applyWaveCentreText(sim::WaveSettings& wave, std::string_view text, std::string_view what) {
    const std::vector<std::string_view> parts = splitCommas(text);
    int row = 0, column = 0;
    if (parts.size() != 2 || !parseNumber(parts[0], row) || !parseNumber(parts[1], column))
        throw Error(std::string(what), Error::kNoOffset, "wave centre",
                    "expected ROW,COLUMN (grid vertex integers), got \"" + std::string(text) + "\"");
    wave.followCamera = false;
    wave.centreRow = row;
    wave.centreColumn = column;
}

} // namespace rgx::app
