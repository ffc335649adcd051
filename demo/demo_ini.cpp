#include "demo/demo_ini.h"

#include "demo/demo_catalog.h"
#include "loaders/redguard/fog_ini.h"
#include "loaders/redguard/surface_ini.h"
#include "loaders/redguard/system_ini.h"

#include <string>

namespace rgx::demo {

namespace {

std::string str(std::string_view s) {
    return std::string(s);
}

void outdoor(loaders::WorldEntry& w) {
    w.world = "MAPS\\ISLand.WLD"; // the real file's mixed case
    w.redbook = 3;
    w.shade = 0;
    w.haze = 0;
    w.background = 2; // sky colour
    w.compass = 1024;
    w.ambientFx = 128;
    w.sunAngle = 256;
    w.sunSkew = 128;
    w.skyScale = 12800;
    w.skyLevel = -3500;
    w.skyXRotate = 3;
    w.skyYRotate = 40;
    w.sunScale = 256;
    // Amplitude 24 units, 16 phase steps a tick (a period in about 11 s at 12 ticks a second),
    // rings every few cells some way out from the camera: visible without looking stormy.
    w.wave = std::array<std::int64_t, 3>{24, 16, 3};
    // Node maps as the retail WORLD.INI names them (.noo files, which are not PVO files and are
    // not written): the PVO of a world is maps/<RGM stem>.PVO.
    w.nodeMaps.push_back({1, "maps\\islan001.noo"});
}

} // namespace

loaders::WorldIni demoWorldIni() {
    loaders::WorldIni ini;
    ini.startWorld = kIslandWorld;
    ini.startMarker = 0;
    ini.testMapDelay = 1;
    ini.testMapOrder = std::vector<std::int64_t>{kIslandWorld, kNightWorld, kInteriorWorld, -2};

    loaders::WorldEntry day;
    day.id = kIslandWorld;
    day.map = "MAPS\\ISLAND.rgm";
    outdoor(day);
    day.palette = "3DART\\island.COL";
    day.sun = std::array<std::int64_t, 4>{-2000, -6000, 3000, 220};
    day.ambient = 48;
    day.ambientRgb = std::array<std::int64_t, 3>{120, 130, 150};
    day.sunRgb = std::array<std::int64_t, 4>{255, 244, 214, 100};
    day.fogRgb = std::array<std::int64_t, 3>{170, 196, 222};
    day.sky = "system\\" + str(kDaySky);
    day.skyFx = str(kCloudLayer);
    day.skySpeed = 2;
    day.sunImg = str(kSunDisc);
    day.sunImgRgb = std::array<std::int64_t, 3>{255, 240, 200};
    ini.worlds[day.id] = day;

    loaders::WorldEntry night;
    night.id = kNightWorld;
    night.map = "MAPS\\islnight.rgm";
    outdoor(night);
    night.world = "MAPS\\ISLAND.WLD";
    night.palette = "3DART\\night.COL";
    night.sun = std::array<std::int64_t, 4>{1500, -4000, -2500, 60};
    night.ambient = 16;
    night.ambientRgb = std::array<std::int64_t, 3>{40, 50, 90};
    night.sunRgb = std::array<std::int64_t, 4>{150, 170, 255, 40};
    night.fogRgb = std::array<std::int64_t, 3>{18, 22, 44};
    night.sky = "system\\" + str(kNightSky);
    night.skyFx = str(kCloudLayer);
    night.skySpeed = 1;
    night.sunImg = str(kMoonDisc); // the moon takes the sun disc's place
    night.sunImgRgb = std::array<std::int64_t, 3>{200, 210, 255};
    // Rain over the whole island (sphere 1 reaches every corner of the 65,536-unit map) and a
    // second sphere as the game's world 6 has several; 1,000 drops make it plain at a glance.
    night.rainDelay = 2;
    night.rainDrops = 1000;
    night.rainStart = -2000;
    night.rainEnd = 0;
    night.rainSpheres.push_back({1, {32640, -500, 32640, 46500}});
    night.rainSpheres.push_back({2, {32640, -500, 45000, 6000}});
    ini.worlds[night.id] = night;

    loaders::WorldEntry dungeon;
    dungeon.id = kInteriorWorld;
    dungeon.map = "maps\\Dungeon.rgm";
    dungeon.redbook = 5;
    dungeon.palette = "3DART\\DUNGEON.col";
    dungeon.shade = 1;
    dungeon.haze = 1;
    dungeon.background = 0; // black
    dungeon.ambient = 24;
    dungeon.ambientFx = 64;
    dungeon.ambientRgb = std::array<std::int64_t, 3>{90, 70, 50};
    dungeon.fogRgb = std::array<std::int64_t, 3>{8, 6, 4};
    dungeon.nodeMaps.push_back({1, "maps\\dunge001.noo"});
    ini.worlds[dungeon.id] = dungeon;
    return ini;
}

loaders::Bytes makeDemoWorldIni() {
    return loaders::writeWorldIni(demoWorldIni());
}

loaders::Bytes makeDemoSystemIni() {
    loaders::SystemIni s; // the shipped defaults (back_plane 3800, haze_depth 768, ...)
    s.worldIni = "WORLD.INI";
    return loaders::writeSystemIni(s);
}

loaders::Bytes makeDemoSurfaceIni() {
    using loaders::SurfaceType;
    loaders::SurfaceIni s;
    auto add = [&](int index, SurfaceType type) {
        s.assignments.push_back(loaders::makeSurfaceAssignment(kTerrainBank, index, type));
    };
    add(terrain::kWater, SurfaceType::DeepWater);
    add(terrain::kShallows, SurfaceType::Water);
    add(terrain::kSurfA, SurfaceType::Water);
    add(terrain::kSurfB, SurfaceType::Water);
    add(terrain::kSand, SurfaceType::Sand);
    add(terrain::kRock, SurfaceType::Rock);
    add(terrain::kCliff, SurfaceType::Rock);
    add(terrain::kGrass, SurfaceType::Scape);
    add(terrain::kDirt, SurfaceType::Scape);
    s.assignments.push_back(
        loaders::makeSurfaceAssignment(kArchitectureBank, std::nullopt, SurfaceType::Tile));
    s.assignments.push_back(loaders::makeSurfaceAssignment(
        kArchitectureBank, materialTexture(Material::Wood).imageId, SurfaceType::Wood));
    s.assignments.push_back(loaders::makeSurfaceAssignment(
        kArchitectureBank, materialTexture(Material::Plank).imageId, SurfaceType::Wood));
    s.soundSections.push_back({"water", SurfaceType::Water, {{1, 20}, {2, 21}}});
    s.soundSections.push_back({"deepwater", SurfaceType::DeepWater, {{1, 22}, {2, 23}}});
    s.soundSections.push_back({"sand", SurfaceType::Sand, {{1, 30}, {2, 31}}});
    s.soundSections.push_back({"wood", SurfaceType::Wood, {{1, 40}, {2, 41}}});
    s.soundSections.push_back({"tile", SurfaceType::Tile, {{1, 50}}});
    s.soundSections.push_back({"scape", SurfaceType::Scape, {}});
    s.soundSections.push_back({"rock", SurfaceType::Rock, {{1, 60}}});
    return loaders::writeSurfaceIni(s);
}

loaders::Bytes makeDemoFogIni() {
    // Glide's fog table of w (renderer::fogTableIndex): entry 36 is 712 units away (about
    // SYSTEM.INI's haze_depth, 768, where the software look's haze begins) and entry 46 is 3800,
    // "the final value for 3800 render distance" in the shipped file, where the ramp is full;
    // then the end marker.
    loaders::FogIni fog;
    fog.points = {{0, 0}, {36, 0}, {46, 255}, {63, std::nullopt}};
    return loaders::writeFogIni(fog);
}

} // namespace rgx::demo
