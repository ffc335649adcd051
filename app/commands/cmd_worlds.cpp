#include "app/commands.h"
#include "app/commands/json_text.h"

#include "demo/demo.h"
#include "scene/engine.h"
#include "scene/game_fs.h"
#include "scene/redguard/redguard_engine.h"
#include "scene/redguard/world_catalog.h"

#include <nlohmann/json.hpp>

#include <iostream>

namespace rgx::app {

namespace {
template <std::size_t N> nlohmann::json optArray(const std::optional<std::array<std::int64_t, N>>& v) {
    return v ? nlohmann::json(*v) : nlohmann::json(nullptr);
}
std::string joinArray(const auto& v) {
    if (!v) return "-";
    std::string out;
    for (std::int64_t x : *v) {
        if (!out.empty()) out += ',';
        out += std::to_string(x);
    }
    return out;
}
nlohmann::json opt(const auto& v) {
    return v ? nlohmann::json(*v) : nlohmann::json(nullptr);
}

// Every world_* key of the entry (absent ones null), named as in WORLD.INI without "world_".
nlohmann::json allKeys(const loaders::WorldEntry& e) {
    nlohmann::json nodeMaps = nlohmann::json::array();
    for (const loaders::WorldNodeMap& m : e.nodeMaps)
        nodeMaps.push_back({{"sequence", m.sequence}, {"path", m.path}});
    nlohmann::json spheres = nlohmann::json::array();
    for (const loaders::WorldRainSphere& r : e.rainSpheres)
        spheres.push_back({{"sequence", r.sequence}, {"xyzr", r.xyzr}});
    return {{"map", opt(e.map)},
            {"world", opt(e.world)},
            {"redbook", opt(e.redbook)},
            {"palette", opt(e.palette)},
            {"shade", opt(e.shade)},
            {"haze", opt(e.haze)},
            {"background", opt(e.background)},
            {"compass", opt(e.compass)},
            {"flash_filename", opt(e.flashFilename)},
            {"sun", opt(e.sun)},
            {"ambient", opt(e.ambient)},
            {"ambientfx", opt(e.ambientFx)},
            {"ambient_rgb", opt(e.ambientRgb)},
            {"sun_angle", opt(e.sunAngle)},
            {"sun_skew", opt(e.sunSkew)},
            {"sun_rgb", opt(e.sunRgb)},
            {"fog_rgb", opt(e.fogRgb)},
            {"sky", opt(e.sky)},
            {"skyfx", opt(e.skyFx)},
            {"sky_scale", opt(e.skyScale)},
            {"sky_level", opt(e.skyLevel)},
            {"sky_speed", opt(e.skySpeed)},
            {"sky_xrotate", opt(e.skyXRotate)},
            {"sky_yrotate", opt(e.skyYRotate)},
            {"sun_img", opt(e.sunImg)},
            {"sun_img_rgb", opt(e.sunImgRgb)},
            {"sun_scale", opt(e.sunScale)},
            {"wave", opt(e.wave)},
            {"node_map", nodeMaps},
            {"rain_delay", opt(e.rainDelay)},
            {"rain_drops", opt(e.rainDrops)},
            {"rain_start", opt(e.rainStart)},
            {"rain_end", opt(e.rainEnd)},
            {"rain_sphere", spheres}};
}

// The worlds of an engine other than Redguard: id, kind and name.
nlohmann::json otherWorldsJson(const scene::EngineGame& game) {
    nlohmann::json worlds = nlohmann::json::array();
    for (const scene::EngineWorld& w : game.worlds())
        worlds.push_back(
            {{"id", w.id}, {"engine", game.engine().name()}, {"kind", w.kind}, {"name", w.name}});
    return worlds;
}

nlohmann::json redguardWorldJson(const scene::GameFs& fs, const scene::WorldCatalog& catalog,
                                 std::int64_t id) {
    const loaders::WorldEntry& e = catalog.world(id);
    const scene::WorldSummary s = scene::summarizeWorld(fs, e);
    return {{"id", id},
            {"engine", "redguard"},
            {"map", s.map},
            {"map_found", s.mapFound},
            {"terrain", s.terrain},
            {"terrain_found", s.terrainFound},
            {"palette", s.palette},
            {"palette_found", s.paletteFound},
            {"sky", s.sky},
            {"skyfx", s.skyFx},
            {"sun_img", s.sunImage},
            {"flash", s.flash},
            {"sun", optArray(e.sun)},
            {"sun_rgb", optArray(e.sunRgb)},
            {"ambient", e.ambient ? nlohmann::json(*e.ambient) : nlohmann::json(nullptr)},
            {"fog_rgb", optArray(e.fogRgb)},
            {"wave", optArray(e.wave)},
            {"node_maps", s.nodeMaps},
            {"rain_spheres", s.rainSpheres},
            {"keys", allKeys(e)}};
}

void printRedguardWorlds(const std::filesystem::path& dir, const scene::GameFs& fs,
                         const scene::WorldCatalog& catalog) {
    std::cout << "game: " << dir.string() << " (" << catalog.worldIniPath << ", " << catalog.ids().size()
              << " worlds)\n";
    for (std::int64_t id : catalog.ids()) {
        const loaders::WorldEntry& e = catalog.world(id);
        const scene::WorldSummary s = scene::summarizeWorld(fs, e);
        auto show = [](const std::string& v, bool found) {
            return v.empty() ? std::string("-") : v + (found ? "" : " (missing)");
        };
        std::cout << "world " << id << ": map " << show(s.map, s.mapFound) << ", terrain "
                  << show(s.terrain, s.terrainFound) << ", palette " << show(s.palette, s.paletteFound)
                  << ", sky " << (s.sky.empty() ? "-" : s.sky) << ", skyfx "
                  << (s.skyFx.empty() ? "-" : s.skyFx) << ", sun " << joinArray(e.sun) << ", fog_rgb "
                  << joinArray(e.fogRgb) << ", wave " << joinArray(e.wave) << ", node maps " << s.nodeMaps
                  << "\n";
    }
    if (!catalog.issues.empty()) std::cout << catalog.issues.size() << " WORLD.INI lines not understood\n";
}

} // namespace

int runWorlds(const WorldsOptions& options) {
    const std::filesystem::path dir =
        resolveGameDir(options.game, [](const std::string& line) { std::cerr << line << "\n"; });
    const scene::GameFs fs(dir);
    const scene::GameDirectory games(fs);
    const scene::RedguardGame* redguard = nullptr;
    for (const auto& g : games.games())
        if (const auto* r = dynamic_cast<const scene::RedguardGame*>(g.get())) redguard = r;
    if (options.json) {
        nlohmann::json out;
        out["game"] = dir.string();
        nlohmann::json engines = nlohmann::json::array();
        nlohmann::json worlds = nlohmann::json::array();
        for (const auto& g : games.games()) {
            const scene::LookRules looks = g->engine().lookRules();
            engines.push_back({{"name", g->engine().name()},
                               {"title", g->engine().title()},
                               {"worlds", g->worlds().size()},
                               {"looks",
                                {{"palette", looks.palette},
                                 {"shading", looks.shading},
                                 {"sky", looks.sky},
                                 {"hardware", looks.hardware}}}});
            if (g.get() == redguard) {
                for (std::int64_t id : redguard->catalog().ids())
                    worlds.push_back(redguardWorldJson(fs, redguard->catalog(), id));
            } else {
                for (nlohmann::json& w : otherWorldsJson(*g))
                    worlds.push_back(std::move(w));
            }
        }
        out["engines"] = engines;
        out["world_ini"] =
            redguard ? nlohmann::json(redguard->catalog().worldIniPath) : nlohmann::json(nullptr);
        out["start_world"] = redguard && redguard->catalog().ini.startWorld
                                 ? nlohmann::json(*redguard->catalog().ini.startWorld)
                                 : nlohmann::json(nullptr);
        out["worlds"] = worlds;
        out["issues"] = redguard ? redguard->catalog().issues.size() : 0;
        std::cout << utf8Json(out).dump(2) << "\n";
        return 0;
    }
    for (const auto& g : games.games()) {
        if (g.get() == redguard) {
            printRedguardWorlds(dir, fs, redguard->catalog());
            continue;
        }
        std::cout << g->engine().title() << ": " << g->worlds().size() << " worlds\n";
        for (const scene::EngineWorld& w : g->worlds())
            std::cout << "world " << w.id << ": " << w.kind << " " << w.name << "\n";
    }
    return 0;
}

} // namespace rgx::app
