#pragma once
// The demo's INI files, written through the loaders' INI builders with the real game's habits:
// CRLF, mixed-case names, backslash paths, palettes under 3DART\ (the GOG layout has no 3dart/,
// so readers fall back to fxart/, notes.md).
//
// WORLD.INI worlds: 0 the island by day, 1 the island at night, 2 the dungeon. The night world
// has its own map (MAPS\islnight.rgm: the day's placements with night lights) and shares the
// day's terrain (world_world = MAPS\ISLAND.WLD) and visibility octree: world_node_map1[N] names
// the PVO (the reference: "PVO .noo node map file ... see PVO for the octree format"), and both
// island worlds name MAPS\ISLAND.PVO. Sky and sun images: world_sky is a path (system\*.GXA),
// world_skyfx and world_sunimg are bare file names in fxart/ (the reference types them
// "filename").

#include "loaders/bytes.h"
#include "loaders/redguard/world_ini.h"

namespace rgx::demo {

loaders::WorldIni demoWorldIni();
loaders::Bytes makeDemoWorldIni();
loaders::Bytes makeDemoSystemIni();
loaders::Bytes makeDemoSurfaceIni();
loaders::Bytes makeDemoFogIni();

} // namespace rgx::demo
