#pragma once
// System Shock (1994) behind the engine seam (scene/engine.h): a game directory holding
// ARCHIVE.DAT, in DATA/ (an install), RES/DATA/ (the Enhanced Edition), CDROM/DATA/ (a CD) or at
// its top (findDataFile, ss_media.h). Its worlds: every level whose
// level information and tile map chunks ARCHIVE.DAT holds (4004 + 100 L, 4005 + 100 L), numbered
// 2000 + L. A level's scene (docs/formats/systemshock_scene.md): one node a tile that is not solid,
// its mesh the tile's floor, ceiling and walls (scene/systemshock/tile_geometry.h) and its record
// the tile's fields, so that a pick names the tile; the master object table's objects in use as
// markers with their records.

#include "loaders/bytes.h"
#include "loaders/systemshock/level.h"
#include "loaders/systemshock/res_file.h"
#include "scene/engine.h"

#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace rgx::scene::systemshock {

const Engine& systemShockEngine();

inline constexpr std::int64_t kFirstSystemShockWorld = 2000;

// The spec's name of level L (§3.0.1): "Reactor", "Level 1" .. "Level 9", "SHODAN's cyberspace",
// "Delta grove", "Alpha grove", "Beta grove", "Cyberspace (levels 1-2)", "Cyberspace".
std::string levelName(int level);

// A tile's fields as the Inspector shows them: its type by name, heights, steepness, slope
// control, textures (the list index and, where the list has it, the texture id), orientations,
// hazards, shadows, the wall texture's offset and the adjacent-texture flag, the flags in hex,
// the first object.
std::vector<std::pair<std::string, std::string>>
tileFields(const loaders::systemshock::Tile& tile, const loaders::systemshock::TextureList& textures);

class SystemShockGame final : public EngineGame {
public:
    // Reads ARCHIVE.DAT's directory and each level's information. Throws rgx::Error naming the
    // file when it is missing or its directory cannot be read.
    explicit SystemShockGame(const GameFs& fs);
    const Engine& engine() const override { return systemShockEngine(); }
    const std::vector<EngineWorld>& worlds() const override { return worlds_; }
    Scene build(std::int64_t id, const Progress& progress) const override;

    // Where ARCHIVE.DAT is under the directory ("DATA/ARCHIVE.DAT": findDataFile, ss_media.h).
    const std::string& archivePath() const { return archivePath_; }

private:
    // Chunk `id` unpacked, or nullopt when ARCHIVE.DAT has none. Throws what readResChunk throws.
    std::optional<loaders::Bytes> chunk(std::uint16_t id, loaders::Warnings* warnings) const;

    const GameFs& fs_;
    std::string archivePath_;
    loaders::Bytes archive_;
    loaders::systemshock::ResDirectory directory_;
    std::vector<std::string> notes_;
    std::vector<int> levels_; // by world: the level number
    std::vector<EngineWorld> worlds_;
};

} // namespace rgx::scene::systemshock
