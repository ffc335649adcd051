#pragma once
// The look of a Daggerfall scene (docs/formats/daggerfall_scene.md "Fog and background"): a fog
// towards the colour of the game's own colour translation tables, HAZE.000 outdoors and SHADE.000
// in a dungeon, which the software look draws through those tables; the background is the fog's
// colour (the SKY##.DAT skies are not read).

#include "loaders/daggerfall/palette.h"
#include "scene/game_fs.h"
#include "scene/look_environment.h"

#include <string>
#include <vector>

namespace rgx::scene::daggerfall {

// Where the fog starts and is whole, in scene units. The files do not say (the game picks the
// level from the distance and the player's view distance, UESP "Colour Translation"), and the
// game's first-person fog is shorter; these are rgx's choice, so that a map explorer's views over
// a whole town or dungeon still see it: two to eight RMB blocks outdoors, two to eight RDB blocks
// in a dungeon.
inline constexpr double kExteriorFogStart = 8192, kExteriorFogEnd = 32768;
inline constexpr double kDungeonFogStart = 4096, kDungeonFogEnd = 16384;

// The colour a translation file fogs towards: the palette colour its most fogged table (level 0)
// sends the most entries 1..255 to (ties: the lowest index). Entry 0, the colour key, is not
// counted.
loaders::ColorRgb translationTarget(const loaders::daggerfall::ColourTranslationFile& file,
                                    const loaders::Palette256& palette);

// The look of a scene: `dungeon` picks SHADE.000 and the dungeon's distances, else HAZE.000 and
// the exterior's, under `prefix`. A missing or unreadable file is a warning: the fog is then
// black in a dungeon, grey-blue outdoors, and the software look builds its tables from it.
LookEnvironment daggerfallLook(const GameFs& fs, const std::string& prefix, bool dungeon,
                               const loaders::Palette256& palette, std::vector<std::string>& warnings);

} // namespace rgx::scene::daggerfall
