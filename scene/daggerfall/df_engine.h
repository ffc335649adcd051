#pragma once
// Daggerfall (1996) behind the engine seam (scene/engine.h): a game directory holding ARENA2/
// with BLOCKS.BSA (or that ARENA2 itself). Its worlds: every MAPS.BSA location's exterior (kind
// "town" for the town types, else "exterior": its RMB blocks on their grid) and dungeon (its RDB
// blocks), then every block of BLOCKS.BSA alone, numbered from 1000 in that order.

#include "loaders/bytes.h"
#include "loaders/daggerfall/bsa.h"
#include "loaders/daggerfall/maps.h"
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
                  bool dungeon) const;

    const GameFs& fs_;
    std::string prefix_;
    loaders::Bytes blocksBytes_;
    loaders::daggerfall::BsaDirectory blocks_;
    std::optional<loaders::daggerfall::MapsArchive> maps_;
    std::vector<std::string> notes_; // what reading the lists tolerated, said with each scene
    std::vector<Entry> entries_;
    std::vector<EngineWorld> worlds_;
};

} // namespace rgx::scene::daggerfall
