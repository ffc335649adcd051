#pragma once
// What an engine other than Redguard gives the looks besides its meshes, in neutral terms: the
// fog, the background, and the software look's distance tables where the game ships its own.
// Redguard's comes from WORLD.INI, FOG.INI and its sky files instead
// (renderer/lighting/world_lighting.h reads them); a scene without either is a model, drawn
// without fog over black.

#include "loaders/palette.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace rgx::scene {

// A fog that thickens linearly with the depth along the view axis: none nearer than `start`,
// whole at `end` and past it (scene units).
struct LinearFog {
    double start = 0, end = 0;
    loaders::ColorRgb color;
};

// The software look's fog through the game's own colour translation: 64 tables of 256 palette
// indices, level-major, [0] the most fogged and [63] the least (Daggerfall's SHADE.### and
// HAZE.### order, loaders/daggerfall/palette.h).
inline constexpr std::size_t kDistanceTableLevels = 64;
struct DistanceTables {
    std::string path;                  // where they were read ("ARENA2/HAZE.000")
    std::vector<std::uint8_t> entries; // kDistanceTableLevels x 256
};

struct LookEnvironment {
    LinearFog fog;                                // end <= start: no fog
    loaders::ColorRgb clear;                      // the background where nothing is drawn
    std::optional<DistanceTables> distanceTables; // none: the look builds its own from the fog colour
};

} // namespace rgx::scene
