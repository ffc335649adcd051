#pragma once
// Everything a world needs besides its meshes, read once by the scene layer when the scene is
// built (scene_builder.h) and carried by the Scene (Scene::redguard.environment), so that sim/ and
// renderer/ take data and never a game directory: SYSTEM.INI (clipping planes, ambient light, the
// game tick), the FOG.INI ramp, the world's PVO with the RGM counts its MLST ids are numbered by,
// and the sky files WORLD.INI names. A model scene without a game gets the shipped defaults and
// nothing else.

#include "loaders/redguard/gxa.h"
#include "loaders/redguard/pvo.h"
#include "loaders/redguard/system_ini.h"
#include "loaders/redguard/texbsi.h"
#include "loaders/redguard/world_ini.h"

#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace rgx::scene {

class GameFs;
struct WorldCatalog;

// What numbers the PVO's MLST ids (view/pvo_culling.h): MPSO records by index, then the static
// MPOB records, then the ropes. Taken from the world's RGM as the scene reads it.
struct PvoIdCounts {
    std::size_t mpso = 0;
    std::vector<bool> mpobStatic; // per MPOB record: is_static
    std::size_t ropes = 0;        // MPRP records
};

struct WorldEnvironment {
    loaders::SystemIni system;                       // SYSTEM.INI; the shipped defaults without one
    std::optional<std::array<std::uint8_t, 64>> fog; // fxart/FOG.INI density table, when present

    std::optional<loaders::Pvo> pvo; // maps/<RGM stem>.PVO, when present and readable
    std::string pvoPath;
    PvoIdCounts pvoIds;

    std::optional<loaders::GxaFile> sky; // world_sky: the panorama
    std::string skyPath;
    std::optional<loaders::TexbsiFile> skyFx; // world_skyfx: the cloud layer
    std::string skyFxPath;
    std::optional<loaders::TexbsiFile> sunImage; // world_sunimg: the sun disc
    std::string sunImagePath;

    // What loading left out or tolerated, one line each, for the caller to say once: a world
    // without a PVO, the PVO reader's warnings, a PVO or sky file that did not read. Not scene
    // warnings: a world without a PVO is normal (5 of the game's maps have one).
    std::vector<std::string> notes;
};

// maps/<stem>.PVO beside a world_map path ("MAPS\\ISLAND.RGM" -> "MAPS/ISLAND.PVO"); "" for an
// empty path. WORLD.INI's world_node_mapN name .noo node maps, which are not PVO files.
std::string pvoPathForMap(const std::string& map);

// SYSTEM.INI and FOG.INI from the catalog (read once with it); the PVO named by the world's map
// and the sky files from fs. Never throws for a missing or unreadable PVO or sky file (a note).
WorldEnvironment loadWorldEnvironment(const GameFs& fs, const WorldCatalog& catalog,
                                      const loaders::WorldEntry& world, PvoIdCounts pvoIds);

} // namespace rgx::scene
