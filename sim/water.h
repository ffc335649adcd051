#pragma once
// Water waves on the terrain grid: the CPU reference of the engine's per-frame displacement
// (the reference's "Water Wave Animation") and of the terrain normals recomputed on the displaced
// grid. The compute shaders (shaders/terrain_heights.comp, terrain_normals.comp) do the same
// arithmetic on the GPU every frame; tests hold the two together. The choices the reference
// leaves open (the sine table's shape, the centring constant, the speed conversion, the tick
// rate, the window centre) are made here and explained in docs/water.md.
//
// For a vertex (row, column) that is a corner of at least one water cell (a cell whose four
// corner texture indices are all in {0, 5, 30, 31}: scene::TerrainGrid::water, classified by
// loaders::isWldWaterTexture):
//   distance_sq = (column - centre column)^2 + (row - centre row)^2      grid cells, integer
//   phase       = (distance_sq * frequency + ticks * speed) mod 2048
//   engine y    = sine[phase] * amplitude + base engine y - amplitude * centring
// and, as scene y = -engine y, scene y = base height - sine[phase] * amplitude + bias.
// Every other vertex keeps its height, as do those outside the 33 x 33 window round the centre
// (unless WaveSettings::window is off).

#include "scene/scene_graph.h"

#include <array>
#include <cstdint>
#include <optional>
#include <vector>

namespace rgx::sim {

inline constexpr int kWaveTableSize = 2048; // the phase wraps here (& 0x7FF)
// The engine displaces water only in its 33 x 33-vertex window round the camera's vertex: 16 each
// way (WaveSettings::window).
inline constexpr int kWaveWindowHalf = 16;

// The engine's shared sine table: one period over kWaveTableSize entries, sin(2 pi i / 2048).
const std::array<float, kWaveTableSize>& waveSineTable();

// world_wave[N] = amplitude, speed, frequency; the fxwaveamp / fxwavespeed / fxwavefreq console
// commands change the same three at run time.
struct WaveSettings {
    float amplitude = 0;        // engine units at a sine of 1
    float speed = 0;            // phase steps (2048 to a period) per game tick
    std::int32_t frequency = 0; // phase steps per squared grid cell of distance from the centre
    float centring = 0;         // the bias is amplitude * centring (docs/water.md: 0 by default)
    double ticksPerSecond = 12; // the game tick: SYSTEM.INI normal_frame_rate
    // Whole ticks (the engine's integer phase: the waves move once a tick), the default; false lets
    // time run smoothly between ticks (`rgx render --smooth-waves`, the explorer's "whole ticks").
    bool stepped = true;
    // The ripples' centre: the grid vertex under the camera (the engine centres them on its
    // 33 x 33 window around the camera), or a fixed vertex.
    bool followCamera = true;
    int centreRow = 128, centreColumn = 128; // used when !followCamera (any int; far ones wrap)
    // Only the vertices within kWaveWindowHalf rows and columns of the centre move (the engine's
    // 33 x 33 window), the default; false moves every water vertex of the grid
    // (`rgx render --waves-whole-grid`, the explorer's "33 x 33 window").
    bool window = true;
    bool operator==(const WaveSettings&) const = default;
};

// The world's settings: world_wave when present (else no waves: amplitude 0), the tick rate from
// SYSTEM.INI's normal_frame_rate (values below 1 fall back to 12).
WaveSettings waveSettings(const std::optional<std::array<std::int64_t, 3>>& worldWave,
                          std::int64_t normalFrameRate = 12);

// The settings of a scene's world (its world_wave; none without a world) with the tick rate of
// the SYSTEM.INI read with the scene (scene::WorldEnvironment; 12 by default).
WaveSettings worldWaveSettings(const scene::Scene& scene);

// The grid vertex a camera at `position` (scene units) centres the ripples on, {row, column}: the
// reference's world -> grid lookup for the camera cell with its half-cell offsets, -0.5 on x and
// +0.5 on z: column floor(x / 256 - 0.5), row floor(z / 256 + 0.5). May lie outside the grid
// (clamped to +-65536; a non-finite position gives {0, 0}).
std::array<int, 2> waveCentreFor(const Vec3& position);

// One frame's wave state: all the displacement needs. The compute shaders get exactly these
// values (shaders::TerrainWavePush), so the CPU reference and the GPU see the same inputs.
struct WaveFrame {
    float amplitude = 0;
    float bias = 0;              // amplitude * centring
    std::uint32_t frequency = 0; // the setting as two's complement: the phase keeps 11 bits
    float timePhase = 0;         // (ticks * speed) mod 2048, in [0, 2048)
    std::int32_t centreRow = 0, centreColumn = 0;
    std::int32_t windowHalf = kWaveWindowHalf; // vertices further from the centre stay; < 0: none do
    bool operator==(const WaveFrame&) const = default;
};
WaveFrame waveFrame(const WaveSettings& settings, double timeSeconds, const Vec3& cameraPosition);

// The phase of a vertex, in [0, 2048): the integer spatial part wraps exactly (as the engine's
// integer phase does), then the time part is added.
float wavePhase(const WaveFrame& frame, int row, int column);
// The sine table at a phase in [0, 2048), linear between entries (whole phases read one entry).
float waveSine(float phase);
// Whether a vertex is inside the frame's window (always, without one).
bool inWaveWindow(const WaveFrame& frame, int row, int column);
// What the wave adds to a water vertex's scene height (0 outside the window).
float waveOffset(const WaveFrame& frame, int row, int column);

// Per vertex (size * size): 1 when the vertex is a corner of a water cell (it is displaced).
std::vector<std::uint8_t> waterVertices(const scene::TerrainGrid& grid);

// The displaced grid: heights (scene y) and unit vertex normals (scene::terrainVertexNormals of
// the displaced heights), row-major, what the compute shaders write into the terrain vertex
// buffer. `water` is waterVertices(grid) (passed so callers can reuse it).
struct TerrainSurface {
    std::vector<float> height;
    std::vector<Vec3> normal;
};
TerrainSurface terrainSurface(const scene::TerrainGrid& grid, const std::vector<std::uint8_t>& water,
                              const WaveFrame& frame);

} // namespace rgx::sim
