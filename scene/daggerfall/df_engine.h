#pragma once
// Daggerfall (1996) behind the engine seam (scene/engine.h): a game directory holding ARENA2/
// with BLOCKS.BSA (or that ARENA2 itself). Its worlds: every MAPS.BSA location's exterior (kind
// "town" for the town types, else "exterior": its RMB blocks on their grid) and dungeon (its RDB
// blocks), then every block of BLOCKS.BSA alone, numbered from 1000 in that order. A location's
// ground takes its climate's texture set: CLIMATE.PAK at its map pixel (loaders/daggerfall/pak.h,
// climateGroundArchive in df_media.h; docs/formats/daggerfall_scene.md "Climate").

#include "loaders/bytes.h"
#include "loaders/daggerfall/bsa.h"
#include "loaders/daggerfall/maps.h"
#include "scene/daggerfall/df_automap.h"
#include "scene/engine.h"

#include <optional>
#include <string>
#include <vector>

namespace rgx::scene::daggerfall {

const Engine& daggerfallEngine();

inline constexpr std::int64_t kFirstDaggerfallWorld = 1000;

class DaggerfallGame final : public EngineGame {
public:
    // Reads BLOCKS.BSA's directory and MAPS.BSA (when present). Throws rgx::Error naming the file
    // when BLOCKS.BSA is missing or either cannot be read.
    explicit DaggerfallGame(const GameFs& fs);
    const Engine& engine() const override { return daggerfallEngine(); }
    const std::vector<EngineWorld>& worlds() const override { return worlds_; }
    Scene build(std::int64_t id, const Progress& progress) const override;

    // A location's exterior automap (df_automap.h): each RMB block's automap at its grid cell,
    // read from BLOCKS.BSA, for a town or another exterior. nullopt for a dungeon, a block alone
    // or an unknown id. A block that is missing or cannot be read is left out (the scene leaves
    // it empty and says so).
    std::optional<TownAutomap> townAutomap(std::int64_t id) const;

    // Where the game's files are under the directory: "ARENA2/" or "".
    const std::string& prefix() const { return prefix_; }

private:
    enum class Kind { Town, Dungeon, Block };
    struct Entry {
        Kind kind = Kind::Block;
        std::size_t region = 0, location = 0; // Town, Dungeon: into maps_
        std::size_t record = 0;               // Block: into blocks_.records
    };
    void addBlock(Scene& scene, class DaggerfallMedia& media, const std::string& name, const Mat4& at,
                  bool dungeon, int groundArchive) const;
    // The ground archive of a location's climate: CLIMATE.PAK's value at its map pixel, through
    // climateGroundArchive. Temperate (302) with one warning in `warnings` when CLIMATE.PAK is
    // missing or unreadable, the pixel lies outside it, the value is unknown or the archive's
    // TEXTURE file is missing.
    int groundArchive(const loaders::daggerfall::MapsLocation& location,
                      std::vector<std::string>& warnings) const;

    const GameFs& fs_;
    std::string prefix_;
    loaders::Bytes blocksBytes_;
    loaders::daggerfall::BsaDirectory blocks_;
    std::optional<loaders::daggerfall::MapsArchive> maps_;
    std::vector<std::uint8_t> climate_; // CLIMATE.PAK's picture (loaders/daggerfall/pak.h); empty without
    std::string climateMissing_;        // why it is empty, said with each location built
    std::vector<std::string> notes_;    // what reading the lists tolerated, said with each scene
    std::vector<Entry> entries_;
    std::vector<EngineWorld> worlds_;
};

} // namespace rgx::scene::daggerfall
