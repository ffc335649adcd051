#include "demo/demo_worlds.h"

#include "demo/demo_catalog.h"
#include "demo/demo_ini.h"
#include "demo/demo_layout.h"
#include "demo/demo_scripts.h"
#include "demo/demo_terrain.h"
#include "demo/pvo_baker.h"
#include "loaders/redguard/item_ini.h"
#include "loaders/redguard/pvo.h"
#include "loaders/redguard/rgm.h"
#include "loaders/redguard/soup_def.h"
#include "loaders/redguard/wld.h"

#include <string>

namespace rgx::demo {

namespace {
std::string mapPath(std::string_view stem, std::string_view ext) {
    return "maps/" + std::string(stem) + "." + std::string(ext);
}
} // namespace

void addDemoWorlds(DemoTree& tree, const DemoOptions& options, const Progress& progress) {
    auto say = [&](const std::string& line) {
        if (progress) progress(line);
    };
    say("worlds: island terrain");
    DemoTerrain terrain = makeIslandTerrain(options.seed);
    tree[mapPath(kIslandMap, "WLD")] = loaders::writeWld(loaders::makeWld(terrain.grids));

    say("worlds: island placements (day and night)");
    loaders::Rgm day = makeIslandRgm(terrain, options, false);
    loaders::Rgm night = makeIslandRgm(terrain, options, true);
    tree[mapPath(kIslandMap, "RGM")] = loaders::writeRgm(day);
    tree[mapPath(kNightMap, "RGM")] = loaders::writeRgm(night);

    say("worlds: island visibility octree (" + std::to_string(day.mpso.size()) + " statics)");
    loaders::Pvo islandPvo = loaders::buildPvo(bakePvo(islandPvoScene(day), islandPvoSettings(terrain)));
    tree[mapPath(kIslandMap, "PVO")] = loaders::writePvo(islandPvo);
    say("worlds: island PVO " + std::to_string(islandPvo.nodes.size()) + " nodes, " +
        std::to_string(islandPvo.leaves.size()) + " leaves, " + std::to_string(islandPvo.mlst.size()) +
        " MLST ids");

    say("worlds: dungeon");
    loaders::Rgm dungeon = makeDungeonRgm(options);
    tree[mapPath(kInteriorMap, "RGM")] = loaders::writeRgm(dungeon);
    loaders::Pvo dungeonPvo = loaders::buildPvo(bakePvo(dungeonPvoScene(dungeon), dungeonPvoSettings()));
    tree[mapPath(kInteriorMap, "PVO")] = loaders::writePvo(dungeonPvo);
    say("worlds: dungeon PVO " + std::to_string(dungeonPvo.nodes.size()) + " nodes, " +
        std::to_string(dungeonPvo.leaves.size()) + " leaves");

    say("worlds: INI files");
    tree["WORLD.INI"] = makeDemoWorldIni();
    tree["SYSTEM.INI"] = makeDemoSystemIni();
    tree["surface.ini"] = makeDemoSurfaceIni();
    tree["fxart/FOG.INI"] = makeDemoFogIni();

    say("worlds: script definitions");
    // The game's own tables, so the demo's scripts resolve functions and flags as the game does.
    tree["soup386/SOUP386.DEF"] = loaders::writeSoupDef(loaders::gameSoupDef());
    // The items the scripts hand out (the guard's HandItem): the reference's ids and object files.
    tree["ITEM.INI"] = loaders::writeIni(loaders::buildItemIni(makeDemoItems()));
}

void addDemoWorlds(DemoTree& tree, const DemoOptions& options) {
    addDemoWorlds(tree, options, Progress{});
}

} // namespace rgx::demo
