// The demo worlds: terrain shape, what the island and dungeon maps hold, the actors' animation
// tables, the INI files, and the island scale's counts.

#include "demo/demo.h"
#include "demo/demo_actors_rgm.h"
#include "demo/demo_catalog.h"
#include "demo/demo_ini.h"
#include "demo/demo_layout.h"
#include "demo/demo_terrain.h"
#include "demo/demo_worlds.h"
#include "loaders/redguard/fog_ini.h"
#include "loaders/redguard/ragr.h"
#include "loaders/redguard/rgm.h"
#include "loaders/redguard/surface_ini.h"
#include "loaders/redguard/wld.h"
#include "loaders/redguard/world_ini.h"

#include <gtest/gtest.h>

#include <chrono>
#include <cstdio>
#include <map>
#include <set>

namespace rgx::demo {
namespace {

using loaders::Rgm;

const DemoTree& worldsTree() {
    static const DemoTree tree = [] {
        DemoTree t;
        addDemoWorlds(t, DemoOptions{Scale::Small, 1});
        return t;
    }();
    return tree;
}
Rgm map(const char* path) {
    return loaders::readRgm(worldsTree().at(path), path);
}

TEST(DemoTerrain, IslandHasSeaBeachHillsAndCliffs) {
    loaders::WldGrids g =
        loaders::wldGrids(loaders::readWld(worldsTree().at("maps/ISLAND.WLD"), "ISLAND.WLD"));
    std::map<int, int> textures;
    int highest = 0;
    for (std::size_t i = 0; i < g.textureIndex.size(); ++i) {
        ++textures[g.textureIndex[i]];
        highest = std::max<int>(highest, g.heightIndex[i]);
        if (g.heightIndex[i] == 0)
            EXPECT_TRUE(loaders::isWldWaterTexture(g.textureIndex[i])) << "sea vertex " << i;
        else
            EXPECT_FALSE(loaders::isWldWaterTexture(g.textureIndex[i])) << "land vertex " << i;
    }
    for (int t : {terrain::kWater, terrain::kShallows, terrain::kSurfA, terrain::kSurfB, terrain::kSand,
                  terrain::kGrass, terrain::kRock, terrain::kCliff, terrain::kDirt})
        EXPECT_GT(textures[t], 0) << "texture index " << t;
    EXPECT_GT(highest, 80);
    // Sea all round: the border rows and columns are water.
    for (std::size_t k = 0; k < 256; ++k) {
        EXPECT_EQ(g.heightIndex[k], 0);
        EXPECT_EQ(g.heightIndex[255 * 256 + k], 0);
        EXPECT_EQ(g.heightIndex[k * 256], 0);
    }
    std::size_t water = loaders::wldWaterCells(g);
    EXPECT_GT(water, 10000u); // waves run on the sea
    EXPECT_LT(water, 60000u); // and there is an island
}

TEST(DemoTerrain, GroundYFollowsTheVertices) {
    DemoTerrain t = makeIslandTerrain(1);
    for (int r = 10; r < 250; r += 37)
        for (int c = 10; c < 250; c += 41)
            EXPECT_DOUBLE_EQ(t.groundY(c * 256.0, r * 256.0),
                             loaders::wldWorldY(static_cast<std::uint8_t>(t.heightIndex(r, c))));
    // Inside a cell the value lies between the corner heights.
    double y = t.groundY(128 * 256 + 100, 128 * 256 + 30);
    double lo = 1e9, hi = -1e9;
    for (int dr = 0; dr <= 1; ++dr)
        for (int dc = 0; dc <= 1; ++dc) {
            double v = loaders::wldWorldY(static_cast<std::uint8_t>(t.heightIndex(128 + dr, 128 + dc)));
            lo = std::min(lo, v), hi = std::max(hi, v);
        }
    EXPECT_GE(y, lo);
    EXPECT_LE(y, hi);
}

TEST(DemoIsland, StaticsStandOnTheGround) {
    DemoTerrain t = makeIslandTerrain(1);
    Rgm rgm = map("maps/ISLAND.RGM");
    std::set<std::string> names;
    for (const auto& s : rgm.mpso) {
        std::string n = loaders::rgmName(s.modelName);
        names.insert(n);
        const ModelInfo* m = findDemoModel(n);
        ASSERT_NE(m, nullptr) << n;
        if (n == kHouse.name || n == kHouseTall.name || n == kPalm.name || n == kRock.name ||
            n == kWall.name) {
            // Base at the lowest ground under the footprint: never above the ground at its centre.
            EXPECT_GE(s.pos.y + 1, t.groundY(s.pos.x, s.pos.z)) << n;
            EXPECT_LT(s.pos.y, 0) << n << " on land";
        }
    }
    for (const ModelInfo* m : {&kHouse, &kHouseTall, &kWall, &kPalm, &kPalm2, &kDock, &kLighthouse, &kBeam,
                               &kWindow, &kWaterPlane, &kRock, &kCrate})
        EXPECT_TRUE(names.count(std::string(m->name))) << m->name;
}

TEST(DemoIsland, HasEveryKindOfRecord) {
    Rgm rgm = map("maps/ISLAND.RGM");
    WorldCounts c = islandCounts(Scale::Small);
    EXPECT_EQ(static_cast<int>(rgm.mpso.size()), c.statics);
    EXPECT_EQ(static_cast<int>(rgm.mpob.size()), c.placements);
    EXPECT_EQ(static_cast<int>(rgm.mpsf.size()), c.flats);
    EXPECT_EQ(static_cast<int>(rgm.mprp.size()), c.ropes);
    EXPECT_FALSE(rgm.mpsl.empty());
    EXPECT_EQ(static_cast<int>(rgm.mpmk.size()), c.markers);
    std::set<int> flatImages;
    for (const auto& f : rgm.mpsf) {
        EXPECT_EQ(loaders::rgmFlatTextureId(f), kFlatBank);
        flatImages.insert(loaders::rgmFlatImageId(f));
    }
    EXPECT_EQ(flatImages, (std::set<int>{flat::kBush, flat::kFlowers, flat::kTorch, flat::kGrassTuft}));
    EXPECT_EQ(loaders::rgmName(rgm.mprp[0].ropeModel), kRopeLink.name);
    EXPECT_EQ(loaders::rgmName(rgm.mprp[0].staticModel), kRopeEnd.name);
    // MPOB kinds: actors through RAHD/RAAN, statics by name, markers without geometry.
    std::vector<std::string> models = loaders::resolveMpobModels(rgm);
    std::map<std::string, int> kinds;
    for (std::size_t i = 0; i < rgm.mpob.size(); ++i) {
        if (isDemoMarkerMpob(rgm.mpob[i]))
            ++kinds["marker:" + loaders::rgmName(rgm.mpob[i].scriptName)];
        else
            ++kinds[models[i]];
    }
    EXPECT_GT(kinds["WALKA001"], 0);
    EXPECT_GT(kinds["GUARD001"], 0);
    EXPECT_GT(kinds["CRATE01"], 0);
    EXPECT_GT(kinds["FLAG001"], 0);
    EXPECT_GT(kinds["marker:WATERSND"], 0);
    EXPECT_GT(kinds["marker:LOCKDOOR"], 0);
    EXPECT_GT(kinds["marker:ENTHOUSE"], 0);
}

TEST(DemoIsland, WalkerFramesSpanTwoFilesAndTheGuardHoldsTheSword) {
    Rgm rgm = map("maps/ISLAND.RGM");
    // WALKER and GUARD first, then the scripted actors without animation (demo/demo_scripts.h).
    ASSERT_EQ(rgm.rahd.actors.size(), 9u);
    ASSERT_EQ(rgm.ragr.size(), 9u);
    const auto& walker = rgm.rahd.actors[0];
    const auto& guard = rgm.rahd.actors[1];
    EXPECT_EQ(loaders::rgmName(walker.scriptName), kWalkerScript);
    EXPECT_EQ(loaders::rgmName(guard.scriptName), kGuardScript);
    // RAAN: the walker's two files, then the guard and its sword.
    ASSERT_EQ(walker.raanCount, 2);
    const auto* a0 = loaders::rgmRaanEntryAt(rgm, static_cast<std::uint32_t>(walker.raanOffset));
    ASSERT_NE(a0, nullptr);
    EXPECT_EQ(loaders::rgmModelStem(a0->path), "WALKA001");
    EXPECT_EQ(loaders::rgmModelStem(rgm.raan[1].path), "WALKA002");
    const auto* g0 = loaders::rgmRaanEntryAt(rgm, static_cast<std::uint32_t>(guard.raanOffset));
    ASSERT_NE(g0, nullptr);
    EXPECT_EQ(loaders::rgmModelStem(g0->path), "GUARD001");
    EXPECT_EQ(loaders::rgmModelStem(rgm.raan[3].path), "SWORD001");
    EXPECT_EQ(rgm.raan[3].modelType, 's');
    // The walk group shows every handle of the table: 0-7 from the first file, 8-15 from the
    // second (docs/animation.md), then loops.
    std::set<int> handles;
    const auto walk = loaders::rgmGroupCommands(rgm.ragr[0], rgm.ragr[0].groups[0]);
    for (std::uint32_t c : walk) {
        loaders::RagrCommand d = loaders::decodeRagrCommand(c);
        if (d.opcode == 0) handles.insert(d.params[0]);
    }
    EXPECT_EQ(handles.size(), 2u * kWalkerFramesPerFile);
    EXPECT_EQ(*handles.rbegin(), 2 * kWalkerFramesPerFile - 1);
    EXPECT_EQ(loaders::decodeRagrCommand(walk.back()).opcode, 2); // GoToPrevious: the loop
    // Every guard ShowFrame tracks the hand (drawn) or the scabbard (sheathed), and both occur.
    std::set<int> vertices;
    for (const auto& g : rgm.ragr[1].groups)
        for (std::uint32_t c : loaders::rgmGroupCommands(rgm.ragr[1], g)) {
            loaders::RagrCommand d = loaders::decodeRagrCommand(c);
            if (d.opcode == 0) vertices.insert(d.params[1]);
        }
    EXPECT_EQ(vertices, (std::set<int>{kGuardScabbardVertex, kGuardHandVertex}));
    // Together the groups use every opcode the shipped maps use: 0-5, 11 and 15.
    const loaders::RgmAnimationTotals totals = loaders::rgmAnimationTotals(rgm);
    for (int op : {0, 1, 2, 3, 4, 5, 11, 15})
        EXPECT_GT(totals.byOpcode[static_cast<std::size_t>(op)], 0u) << "opcode " << op;
    // ragr_offset points at each list's start: the second list starts after the first.
    EXPECT_EQ(walker.ragrOffset, 0u);
    std::uint32_t first = 2;
    for (const auto& g : rgm.ragr[0].groups)
        first += 10 + 3 * g.commandCount;
    EXPECT_EQ(guard.ragrOffset, first);
    // Instances match the MPOB records using each script.
    int walkers = 0, guards = 0;
    for (const auto& m : rgm.mpob) {
        walkers += loaders::rgmName(m.scriptName) == kWalkerScript;
        guards += loaders::rgmName(m.scriptName) == kGuardScript;
    }
    EXPECT_EQ(walker.instances, walkers);
    EXPECT_EQ(guard.instances, guards);
}

TEST(DemoIsland, DockRunsIntoTheSeaAndTheLighthouseStandsOnTheNorthCliffs) {
    DemoTerrain t = makeIslandTerrain(1);
    Rgm rgm = map("maps/ISLAND.RGM");
    const loaders::RgmMpso* dock = nullptr;
    const loaders::RgmMpso* lighthouse = nullptr;
    const loaders::RgmMpso* beam = nullptr;
    for (const auto& s : rgm.mpso) {
        std::string n = loaders::rgmName(s.modelName);
        if (n == kDock.name) dock = &s;
        if (n == kLighthouse.name) lighthouse = &s;
        if (n == kBeam.name) beam = &s;
    }
    ASSERT_TRUE(dock && lighthouse && beam);
    EXPECT_EQ(dock->pos.y, 0);                                                     // at sea level
    EXPECT_TRUE(t.isWater(dock->pos.x, dock->pos.z + kDock.size[2] / 2.0 - 100));  // its end in the sea
    EXPECT_FALSE(t.isWater(dock->pos.x, dock->pos.z - kDock.size[2] / 2.0 + 100)); // its start on the beach
    // North half, high ground, the sea within a few cells to the north.
    EXPECT_LT(lighthouse->pos.z, 128 * 256);
    EXPECT_LT(lighthouse->pos.y, -600);
    bool seaNorth = false;
    for (int d = 1; d <= 6; ++d)
        seaNorth = seaNorth || t.isWater(lighthouse->pos.x, lighthouse->pos.z - d * 256.0);
    EXPECT_TRUE(seaNorth);
    // The beam's apex in the lamp room (1320..1500 above the base).
    EXPECT_EQ(beam->pos.x, lighthouse->pos.x);
    EXPECT_LT(beam->pos.y, lighthouse->pos.y - 1320);
    EXPECT_GT(beam->pos.y, lighthouse->pos.y - 1500);
}

TEST(DemoIsland, NightSharesThePlacementsWithOtherLights) {
    Rgm day = map("maps/ISLAND.RGM"), night = map("maps/ISLNIGHT.RGM");
    EXPECT_EQ(day.mpso, night.mpso);
    EXPECT_EQ(day.mpob, night.mpob);
    EXPECT_EQ(day.mprp, night.mprp);
    EXPECT_EQ(day.mpsf, night.mpsf);
    EXPECT_GT(night.mpsl.size(), day.mpsl.size());
}

TEST(DemoDungeon, RoomsCorridorsAndLights) {
    Rgm rgm = map("maps/DUNGEON.RGM");
    std::map<std::string, int> n;
    for (const auto& s : rgm.mpso)
        ++n[loaders::rgmName(s.modelName)];
    EXPECT_EQ(n[std::string(kRoom.name)], 9);
    EXPECT_EQ(n[std::string(kCorridor.name)], 12);
    EXPECT_EQ(n[std::string(kPillar.name)], 36);
    EXPECT_GE(n[std::string(kTable.name)], 9);
    EXPECT_GE(n[std::string(kTorch.name)], 36);
    EXPECT_EQ(rgm.mpsl.size(), 21u);
    EXPECT_TRUE(rgm.mpsf.empty());
}

TEST(DemoIni, WorldsNameTheirFiles) {
    loaders::WorldIni w = loaders::readWorldIni(worldsTree().at("WORLD.INI"), "WORLD.INI");
    const auto* day = loaders::findWorld(w, kIslandWorld);
    const auto* night = loaders::findWorld(w, kNightWorld);
    const auto* dungeon = loaders::findWorld(w, kInteriorWorld);
    ASSERT_TRUE(day && night && dungeon);
    EXPECT_EQ(*day->palette, "3DART\\island.COL");
    EXPECT_EQ(*night->palette, "3DART\\night.COL");
    EXPECT_TRUE(day->world && night->world && !dungeon->world);
    EXPECT_TRUE(day->sky && day->skyFx && day->sunImg && day->wave && day->sun && day->fogRgb);
    EXPECT_NE(*day->sky, *night->sky);
    EXPECT_FALSE(dungeon->sky);
    ASSERT_EQ(day->nodeMaps.size(), 1u);
    ASSERT_EQ(night->nodeMaps.size(), 1u);
    EXPECT_EQ(day->nodeMaps[0].path, night->nodeMaps[0].path); // the shared PVO
    EXPECT_FALSE(night->rainSpheres.empty());
    // The real game's habits: CRLF and backslashes.
    std::string text(worldsTree().at("WORLD.INI").begin(), worldsTree().at("WORLD.INI").end());
    EXPECT_NE(text.find("\r\n"), std::string::npos);
    EXPECT_NE(text.find("MAPS\\"), std::string::npos);
    std::vector<loaders::IniIssue> issues;
    loaders::readWorldIni(worldsTree().at("WORLD.INI"), "WORLD.INI", &issues);
    EXPECT_TRUE(issues.empty());
}

TEST(DemoIni, SurfaceAndFog) {
    loaders::SurfaceIni s = loaders::readSurfaceIni(worldsTree().at("surface.ini"), "surface.ini");
    for (int t : {terrain::kWater, terrain::kShallows, terrain::kSurfA, terrain::kSurfB}) {
        auto type = loaders::surfaceTypeAt(s, kTerrainBank, t);
        EXPECT_TRUE(type == loaders::SurfaceType::Water || type == loaders::SurfaceType::DeepWater) << t;
    }
    EXPECT_EQ(loaders::surfaceTypeAt(s, kTerrainBank, terrain::kSand), loaders::SurfaceType::Sand);
    auto fog = loaders::fogTable(loaders::readFogIni(worldsTree().at("fxart/FOG.INI"), "FOG.INI"));
    EXPECT_EQ(fog[0], 0);
    EXPECT_EQ(fog[46], 255);
    for (std::size_t i = 1; i < fog.size(); ++i)
        EXPECT_GE(fog[i], fog[i - 1]);
}

TEST(DemoWorlds, IslandScaleHasTheRealIslandsCounts) {
    WorldCounts c = islandCounts(Scale::Island);
    EXPECT_EQ(c.statics, 1691);
    EXPECT_EQ(c.placements, 510);
    EXPECT_EQ(c.flats, 576);
    auto start = std::chrono::steady_clock::now();
    DemoTree tree;
    addDemoWorlds(tree, DemoOptions{Scale::Island, 1});
    std::printf("island-scale worlds built in %.2f s\n",
                std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count());
    Rgm rgm = loaders::readRgm(tree.at("maps/ISLAND.RGM"), "ISLAND.RGM");
    EXPECT_EQ(rgm.mpso.size(), 1691u);
    EXPECT_EQ(rgm.mpob.size(), 510u);
    EXPECT_EQ(rgm.mpsf.size(), 576u);
    for (const auto& st : rgm.mpso) { // everything but the dock (sea level) stands on land
        std::string n = loaders::rgmName(st.modelName);
        EXPECT_TRUE(n == kDock.name || st.pos.y < 0) << n << " at y " << st.pos.y;
    }
    loaders::Pvo pvo = loaders::readPvo(tree.at("maps/ISLAND.PVO"), "ISLAND.PVO");
    std::set<std::uint16_t> ids(pvo.mlst.begin(), pvo.mlst.end());
    EXPECT_GT(ids.size(), 1600u);
    EXPECT_LT(*ids.rbegin(), demoPvoObjects(rgm).size());
}

} // namespace
} // namespace rgx::demo
