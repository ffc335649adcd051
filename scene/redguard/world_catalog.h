#pragma once
// The worlds of a game directory: WORLD.INI (named by SYSTEM.INI's world_ini when SYSTEM.INI is
// present) decoded with every world_* key, plus the game-wide FOG.INI table when there is one.

#include "loaders/redguard/fog_ini.h"
#include "loaders/redguard/ini.h"
#include "loaders/redguard/system_ini.h"
#include "loaders/redguard/world_ini.h"
#include "scene/game_fs.h"

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace rgx::scene {

struct WorldCatalog {
    std::string worldIniPath;                        // as asked for ("WORLD.INI" unless SYSTEM.INI says)
    loaders::SystemIni system;                       // SYSTEM.INI, read once here (defaults without one)
    loaders::WorldIni ini;                           // every world, by id
    std::vector<loaders::IniIssue> issues;           // WORLD.INI lines the typed layer did not take
    std::optional<std::array<std::uint8_t, 64>> fog; // fxart/FOG.INI density table, when present

    std::vector<std::int64_t> ids() const { return loaders::worldIds(ini); }
    // The entry for id; throws rgx::Error naming WORLD.INI and the id when there is none.
    const loaders::WorldEntry& world(std::int64_t id) const;
};

// Reads the catalog. Throws rgx::Error naming the path when WORLD.INI is missing or too large.
WorldCatalog loadWorldCatalog(const GameFs& fs);

// The game's SYSTEM.INI, typed; the shipped defaults when the file is absent. Read by
// loadWorldCatalog, which keeps it for the scenes built from the catalog (WorldEnvironment).
loaders::SystemIni loadSystemIni(const GameFs& fs);

// One world's summary row, as `rgx worlds` prints it: "" for absent strings, -1 / empty for
// absent numbers.
struct WorldSummary {
    std::int64_t id = 0;
    std::string map, terrain, palette, sky, skyFx, sunImage, flash;
    bool mapFound = false, terrainFound = false, paletteFound = false;
    std::optional<std::array<std::int64_t, 4>> sun;
    std::optional<std::array<std::int64_t, 3>> fogRgb, wave;
    std::size_t nodeMaps = 0, rainSpheres = 0;
};
WorldSummary summarizeWorld(const GameFs& fs, const loaders::WorldEntry& entry);

} // namespace rgx::scene
