#include "sim/water.h"

#include "scene/redguard/terrain_normals.h"
#include "sim/game_tick.h"

#include <algorithm>
#include <cmath>
#include <numbers>

namespace rgx::sim {

const std::array<float, kWaveTableSize>& waveSineTable() {
    static const std::array<float, kWaveTableSize> table = [] {
        std::array<float, kWaveTableSize> t{};
        for (int i = 0; i < kWaveTableSize; ++i)
            t[static_cast<std::size_t>(i)] =
                static_cast<float>(std::sin(2.0 * std::numbers::pi * i / kWaveTableSize));
        return t;
    }();
    return table;
}

WaveSettings waveSettings(const std::optional<std::array<std::int64_t, 3>>& worldWave,
                          std::int64_t normalFrameRate) {
    WaveSettings s;
    if (worldWave) {
        s.amplitude = static_cast<float>((*worldWave)[0]);
        s.speed = static_cast<float>((*worldWave)[1]);
        s.frequency = static_cast<std::int32_t>((*worldWave)[2]);
    }
    s.ticksPerSecond = gameTicksPerSecond(normalFrameRate);
    return s;
}

WaveSettings worldWaveSettings(const scene::Scene& scene) {
    return waveSettings(scene.redguard.world ? scene.redguard.world->wave : std::nullopt,
                        scene.redguard.environment.system.normalFrameRate);
}

std::array<int, 2> waveCentreFor(const Vec3& position) {
    const auto cell = [](double v, double offset) {
        if (!std::isfinite(v)) return 0;
        const double c = std::floor(v / scene::TerrainGrid::kCell + offset);
        // Far outside any grid: keep the integer arithmetic of the phase well defined.
        return static_cast<int>(std::clamp(c, -65536.0, 65536.0));
    };
    return {cell(position.z, 0.5), cell(position.x, -0.5)};
}

WaveFrame waveFrame(const WaveSettings& settings, double timeSeconds, const Vec3& cameraPosition) {
    WaveFrame f;
    f.amplitude = settings.amplitude;
    f.bias = settings.amplitude * settings.centring;
    f.frequency = static_cast<std::uint32_t>(settings.frequency);
    double ticks = (std::isfinite(timeSeconds) ? timeSeconds : 0.0) * settings.ticksPerSecond;
    if (settings.stepped) ticks = std::floor(ticks);
    double phase =
        std::fmod(ticks * static_cast<double>(settings.speed), static_cast<double>(kWaveTableSize));
    if (!std::isfinite(phase)) phase = 0;
    if (phase < 0) phase += kWaveTableSize;
    f.timePhase = static_cast<float>(phase);
    if (f.timePhase >= static_cast<float>(kWaveTableSize)) f.timePhase = 0; // rounding up to 2048
    if (settings.followCamera) {
        const std::array<int, 2> centre = waveCentreFor(cameraPosition);
        f.centreRow = centre[0];
        f.centreColumn = centre[1];
    } else {
        f.centreRow = settings.centreRow;
        f.centreColumn = settings.centreColumn;
    }
    f.windowHalf = settings.window ? kWaveWindowHalf : -1;
    return f;
}

// The float steps below are the ones shaders/terrain_heights.comp takes, in the same order.
float wavePhase(const WaveFrame& frame, int row, int column) {
    // Unsigned from the start: wraps like the shader's uint arithmetic, never overflows.
    const std::uint32_t dr = static_cast<std::uint32_t>(row) - static_cast<std::uint32_t>(frame.centreRow);
    const std::uint32_t dc =
        static_cast<std::uint32_t>(column) - static_cast<std::uint32_t>(frame.centreColumn);
    const std::uint32_t spatial = ((dr * dr + dc * dc) * frame.frequency) & (kWaveTableSize - 1);
    float phase = static_cast<float>(spatial) + frame.timePhase;
    if (phase >= static_cast<float>(kWaveTableSize)) phase -= static_cast<float>(kWaveTableSize);
    return phase;
}

float waveSine(float phase) {
    const std::array<float, kWaveTableSize>& table = waveSineTable();
    const int i = std::clamp(static_cast<int>(phase), 0, kWaveTableSize - 1);
    const float f = phase - static_cast<float>(i);
    const float a = table[static_cast<std::size_t>(i)];
    const float b = table[static_cast<std::size_t>((i + 1) & (kWaveTableSize - 1))];
    return a + (b - a) * f;
}

bool inWaveWindow(const WaveFrame& frame, int row, int column) {
    if (frame.windowHalf < 0) return true;
    // In 64 bits: a centre far outside the grid must not overflow.
    const std::int64_t dr = static_cast<std::int64_t>(row) - frame.centreRow;
    const std::int64_t dc = static_cast<std::int64_t>(column) - frame.centreColumn;
    return dr >= -frame.windowHalf && dr <= frame.windowHalf && dc >= -frame.windowHalf &&
           dc <= frame.windowHalf;
}

float waveOffset(const WaveFrame& frame, int row, int column) {
    if (!inWaveWindow(frame, row, column)) return 0;
    return frame.bias - waveSine(wavePhase(frame, row, column)) * frame.amplitude;
}

std::vector<std::uint8_t> waterVertices(const scene::TerrainGrid& grid) {
    constexpr int n = scene::TerrainGrid::kSize;
    std::vector<std::uint8_t> water(static_cast<std::size_t>(n) * n, 0);
    if (grid.water.size() != static_cast<std::size_t>(n - 1) * (n - 1)) return water;
    for (int r = 0; r + 1 < n; ++r) {
        for (int c = 0; c + 1 < n; ++c) {
            if (grid.water[static_cast<std::size_t>(r) * (n - 1) + c] == 0) continue;
            for (int rr = r; rr <= r + 1; ++rr) {
                for (int cc = c; cc <= c + 1; ++cc)
                    water[static_cast<std::size_t>(rr) * n + cc] = 1;
            }
        }
    }
    return water;
}

TerrainSurface terrainSurface(const scene::TerrainGrid& grid, const std::vector<std::uint8_t>& water,
                              const WaveFrame& frame) {
    constexpr int n = scene::TerrainGrid::kSize;
    TerrainSurface s;
    s.height = grid.height;
    if (s.height.size() != static_cast<std::size_t>(n) * n) return s;
    for (int r = 0; r < n; ++r) {
        for (int c = 0; c < n; ++c) {
            const std::size_t i = static_cast<std::size_t>(r) * n + c;
            if (i < water.size() && water[i] != 0) s.height[i] = grid.height[i] + waveOffset(frame, r, c);
        }
    }
    s.normal = scene::terrainVertexNormals(s.height, n, scene::TerrainGrid::kCell);
    return s;
}

} // namespace rgx::sim
