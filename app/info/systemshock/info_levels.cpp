#include "app/info/systemshock/info_levels.h"

#include "loaders/systemshock/level.h"

#include <map>

namespace rgx::app {

namespace ss = loaders::systemshock;

namespace {

// One level's description (describeLevels' entry). Throws what the level readers throw.
nlohmann::json describeLevel(const ss::ResFile& file, int level, const std::string& path,
                             Warnings& warnings) {
    const auto chunk = [&](int part) { return ss::findResChunk(file, ss::levelChunkId(level, part)); };
    const auto where = [&](int part) { return path + ":" + std::to_string(ss::levelChunkId(level, part)); };
    const ss::ResChunk* infoChunk = chunk(ss::kLevelInfoPart);
    const ss::LevelInfo info =
        ss::readLevelInfo(ss::resChunkContents(*infoChunk), where(ss::kLevelInfoPart), &warnings);
    nlohmann::json out = {{"level", level},
                          {"width", info.width},
                          {"height", info.height},
                          {"z_shift", info.zShift},
                          {"cyberspace", info.cyberspace != 0}};
    if (const ss::ResChunk* mapChunk = chunk(ss::kTileMapPart)) {
        const ss::TileMap map = ss::readTileMap(ss::resChunkContents(*mapChunk), info.width, info.height,
                                                where(ss::kTileMapPart), &warnings);
        std::map<std::string, int> types;
        for (const ss::Tile& t : map.tiles)
            ++types[std::string(ss::tileTypeName(t.type))];
        out["tile_types"] = types;
    }
    if (const ss::ResChunk* listChunk = chunk(ss::kTextureListPart))
        out["textures"] =
            ss::readTextureList(ss::resChunkContents(*listChunk), where(ss::kTextureListPart), &warnings).ids;
    if (const ss::ResChunk* objectChunk = chunk(ss::kObjectTablePart)) {
        const std::vector<ss::MasterObject> objects =
            ss::readMasterObjects(ss::resChunkContents(*objectChunk), where(ss::kObjectTablePart), &warnings);
        std::size_t inUse = 0;
        for (const ss::MasterObject& o : objects)
            inUse += o.inUse != 0;
        out["object_slots"] = objects.size();
        out["objects_in_use"] = inUse;
    }
    return out;
}

} // namespace

nlohmann::json describeLevels(const ss::ResFile& file, const std::string& path, Warnings& warnings) {
    nlohmann::json levels = nlohmann::json::array();
    for (int level = 0; level < ss::kMaxLevels; ++level) {
        if (!ss::findResChunk(file, ss::levelChunkId(level, ss::kLevelInfoPart))) continue;
        try {
            levels.push_back(describeLevel(file, level, path, warnings));
        } catch (const Error& e) {
            // One level that does not read hides neither the others nor the file's chunks.
            levels.push_back({{"level", level}, {"error", e.what()}});
        }
    }
    return levels;
}

} // namespace rgx::app
