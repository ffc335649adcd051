#pragma once
// (game directory, world id) or a model file -> Scene. Data problems inside the world (a missing
// model, texture or palette, a model that does not parse) become placeholders plus one warning
// each in Scene::warnings; only a missing WORLD.INI, an unknown world id or an unreadable RGM
// map throws rgx::Error.

#include "scene/game_fs.h"
#include "scene/redguard/world_catalog.h"
#include "scene/scene_graph.h"

#include <filesystem>
#include <functional>
#include <string>

namespace rgx::scene {

// Progress lines while loading ("terrain maps/ISLAND.WLD", "models 40 built", ...); may be empty.
using Progress = std::function<void(const std::string&)>;

Scene buildWorldScene(const GameFs& fs, const WorldCatalog& catalog, std::int64_t worldId,
                      const Progress& progress = {});
Scene buildWorldScene(const GameFs& fs, std::int64_t worldId, const Progress& progress = {});

// The model viewer: a .3D / .3DC file (one node), or a .ROB whose segments (or only `segment`)
// are laid out in a square grid on the x/z plane, in segment order, row by row, spaced by the
// largest model's footprint plus a margin. Textures and the palette come from `game` when given
// (the palette of the lowest world id; a grey ramp otherwise). Throws rgx::Error when the file
// cannot be read or parsed, or `segment` is not in the ROB.
Scene buildModelScene(const std::filesystem::path& file, const GameFs* game, const std::string& segment = {},
                      const Progress& progress = {});

} // namespace rgx::scene
