#include "scene/redguard/world_environment.h"

#include "base/error.h"
#include "scene/game_fs.h"
#include "scene/redguard/world_catalog.h"

#include <filesystem>

namespace rgx::scene {

std::string pvoPathForMap(const std::string& map) {
    const std::vector<std::string> parts = splitGamePath(map);
    if (parts.empty()) return {};
    std::string dir;
    for (std::size_t i = 0; i + 1 < parts.size(); ++i)
        dir += parts[i] + "/";
    return dir + std::filesystem::path(parts.back()).stem().string() + ".PVO";
}

namespace {

// Reads an optional file of the environment with `read` (a loaders reader): its warnings become
// notes, and a file that does not read becomes a note ending in `without` instead of an error.
template <typename T>
std::optional<T> readNoted(const GameFs& fs, const std::string& path,
                           T (*read)(loaders::ByteSpan, const std::string&, loaders::Warnings*),
                           const char* without, std::vector<std::string>& notes) {
    try {
        loaders::Warnings warnings;
        T value = fs.decode(path, [&](const loaders::Bytes& b) { return read(b, path, &warnings); });
        appendWarningTexts(notes, warnings);
        return value;
    } catch (const Error& e) {
        notes.push_back(std::string(e.what()) + " (" + without + ")");
        return std::nullopt;
    }
}

void loadPvo(const GameFs& fs, const loaders::WorldEntry& world, WorldEnvironment& env) {
    if (!world.map) return;
    const std::string path = pvoPathForMap(*world.map);
    if (path.empty() || !fs.exists(path)) {
        env.notes.push_back((path.empty() ? *world.map : path) +
                            ": the world has no PVO; it is drawn without PVO culling");
        return;
    }
    env.pvo = readNoted(fs, path, &loaders::readPvo, "no PVO culling", env.notes);
    if (env.pvo) env.pvoPath = path;
}

// world_sky names its GXA with a directory ("system\\SKY_DAY.GXA"); world_skyfx and world_sunimg only a file
// name, which lives in fxart/ (3dart/ in the original install; GameFs falls back from one to the other).
void loadSky(const GameFs& fs, const loaders::WorldEntry& world, WorldEnvironment& env) {
    const auto findSky = [&](const std::string& name) -> std::string {
        if (fs.exists(name)) return name;
        if (splitGamePath(name).size() == 1 && fs.exists("3DART/" + name)) return "3DART/" + name;
        env.notes.push_back(name + ": sky file not found; the world is drawn without it");
        return {};
    };
    if (world.sky && !world.sky->empty()) {
        if (const std::string path = findSky(*world.sky); !path.empty()) {
            env.sky = readNoted(fs, path, &loaders::readGxa, "no sky panorama", env.notes);
            if (env.sky) env.skyPath = path;
        }
    }
    if (world.skyFx && !world.skyFx->empty()) {
        if (const std::string path = findSky(*world.skyFx); !path.empty()) {
            env.skyFx = readNoted(fs, path, &loaders::readTexbsi, "no cloud layer", env.notes);
            if (env.skyFx) env.skyFxPath = path;
        }
    }
    if (world.sunImg && !world.sunImg->empty()) {
        if (const std::string path = findSky(*world.sunImg); !path.empty()) {
            env.sunImage = readNoted(fs, path, &loaders::readTexbsi, "no sun disc", env.notes);
            if (env.sunImage) env.sunImagePath = path;
        }
    }
}

} // namespace

WorldEnvironment loadWorldEnvironment(const GameFs& fs, const WorldCatalog& catalog,
                                      const loaders::WorldEntry& world, PvoIdCounts pvoIds) {
    WorldEnvironment env;
    env.system = catalog.system;
    env.fog = catalog.fog;
    env.pvoIds = std::move(pvoIds);
    loadPvo(fs, world, env);
    loadSky(fs, world, env);
    return env;
}

} // namespace rgx::scene
