#include "scene/redguard/world_catalog.h"

#include "base/error.h"
#include "loaders/redguard/system_ini.h"

namespace rgx::scene {

const loaders::WorldEntry& WorldCatalog::world(std::int64_t id) const {
    if (const loaders::WorldEntry* entry = loaders::findWorld(ini, id)) return *entry;
    std::string known;
    for (std::int64_t k : ids())
        known += (known.empty() ? "" : ", ") + std::to_string(k);
    throw Error(worldIniPath, Error::kNoOffset, "world",
                "no world " + std::to_string(id) + " (worlds: " + (known.empty() ? "none" : known) + ")");
}

WorldCatalog loadWorldCatalog(const GameFs& fs) {
    WorldCatalog catalog;
    // Without SYSTEM.INI the default world_ini is WORLD.INI too.
    catalog.system = loadSystemIni(fs);
    catalog.worldIniPath = catalog.system.worldIni.empty() ? "WORLD.INI" : catalog.system.worldIni;
    catalog.ini = fs.decode(catalog.worldIniPath, [&](const loaders::Bytes& b) {
        return loaders::readWorldIni(b, catalog.worldIniPath, &catalog.issues);
    });
    if (fs.exists("fxart/FOG.INI")) {
        catalog.fog = loaders::fogTable(fs.decode("fxart/FOG.INI", [](const loaders::Bytes& b) {
            return loaders::readFogIni(b, "fxart/FOG.INI");
        }));
    }
    return catalog;
}

loaders::SystemIni loadSystemIni(const GameFs& fs) {
    if (!fs.exists("SYSTEM.INI")) return {};
    return fs.decode("SYSTEM.INI",
                     [](const loaders::Bytes& b) { return loaders::readSystemIni(b, "SYSTEM.INI"); });
}

WorldSummary summarizeWorld(const GameFs& fs, const loaders::WorldEntry& entry) {
    WorldSummary s;
    s.id = entry.id;
    s.map = entry.map.value_or("");
    s.terrain = entry.world.value_or("");
    s.palette = entry.palette.value_or("");
    s.sky = entry.sky.value_or("");
    s.skyFx = entry.skyFx.value_or("");
    s.sunImage = entry.sunImg.value_or("");
    s.flash = entry.flashFilename.value_or("");
    s.mapFound = !s.map.empty() && fs.exists(s.map);
    s.terrainFound = !s.terrain.empty() && fs.exists(s.terrain);
    s.paletteFound = !s.palette.empty() && fs.exists(s.palette);
    s.sun = entry.sun;
    s.fogRgb = entry.fogRgb;
    s.wave = entry.wave;
    s.nodeMaps = entry.nodeMaps.size();
    s.rainSpheres = entry.rainSpheres.size();
    return s;
}

} // namespace rgx::scene
