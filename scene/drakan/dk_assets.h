#pragma once
// A Riot game's databases as a scene draws them (docs/formats/drakan_scene.md): each .db read once
// with its dependencies, each SRSC file (.txd, .mod, .odb) read once when first asked, and every
// texture, model and class a level or a catalogue names turned into the scene's textures,
// materials and meshes once. References name their database by the asking database's dependency
// index (0: itself), as the text says; a level is a database of its own whose dependencies are
// its 0x0000 record's list.
//
// Missing data never throws: a missing database, file, texture or model becomes a warning and a
// magenta stand-in (a texture) or nothing (a model: the caller places a marker).

#include "loaders/drakan/class_record.h"
#include "loaders/drakan/db_definition.h"
#include "loaders/drakan/model.h"
#include "loaders/drakan/srsc.h"
#include "loaders/drakan/texture.h"
#include "scene/game_fs.h"
#include "scene/scene_graph.h"

#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <tuple>
#include <unordered_map>
#include <vector>

namespace rgx::scene::drakan {

// Scene units a cell: a cell is 2048 world units (OpenDrakan's length unit), so a scene unit is 8
// world units; models are stored in cells (OpenDrakan draws them unscaled beside the terrain).
inline constexpr double kCellUnits = 256;
inline constexpr double kWorldUnitsPerSceneUnit = 2048 / kCellUnits;

// A game-relative path with '\\' turned to '/' and "." and ".." folded lexically
// ("Drakan/Levels/../Common/Textures" -> "Drakan/Common/Textures"); a ".." above the top stays.
std::string foldRiotPath(std::string_view path);

// The nearest colour of `palette` to (r, g, b) among indices 1..255 (index 0 is every look's
// transparent index), by squared RGB distance, the lowest index on a tie.
std::uint8_t nearestPaletteIndex(const loaders::Palette256& palette, std::uint8_t r, std::uint8_t g,
                                 std::uint8_t b);

// The stand-in palette when no texture database holds one: a 6 x 7 x 6 colour cube from index 1,
// then greys (rgx's choice; a warning says so).
loaders::Palette256 standInRiotPalette();

class RiotAssets {
public:
    RiotAssets(const GameFs& fs, Scene& scene) : fs_(fs), scene_(scene) {}

    // The database at `path` (game-relative, without ".db"), its definition read once. A missing
    // or unreadable .db is a warning (the database is read without dependencies).
    int database(const std::string& path);
    // A database whose dependencies are given (a level's): `path` names it in warnings.
    int databaseWithDependencies(const std::string& path,
                                 const std::map<std::uint16_t, std::string>& dependencies);
    const std::string& databasePath(int db) const { return dbs_.at(static_cast<std::size_t>(db)).path; }
    // The database that dependency `index` of `db` names (0: db itself); nullopt when db does not
    // list it (one warning a database and index).
    std::optional<int> resolve(int db, std::uint16_t index);
    // The dependency indices `db` lists, ascending.
    std::vector<std::uint16_t> dependencyIndices(int db) const;

    // The SRSC file of `db` with `extension` (".txd", ".mod", ".odb"), read once; null (and one
    // warning) when it is missing or cannot be read.
    const loaders::drakan::SrscFile* file(int db, std::string_view extension);
    // Its game-relative path, for records and warnings.
    std::string filePath(int db, std::string_view extension) const;

    // Sets Scene::palette from the first palette record of the .txd files of `first` (in order),
    // then of the databases they depend on (breadth first); a database without a .txd is passed
    // over quietly. Else standInRiotPalette() with a warning. Call before any material.
    void choosePalette(const std::vector<int>& first);
    const loaders::drakan::DrakanPalette* riotPalette() const { return palette_ ? &*palette_ : nullptr; }

    // The material drawing texture `ref` as named from database `db`: a textured material, or a
    // magenta stand-in when the texture cannot be found or decoded.
    std::uint32_t material(int db, loaders::drakan::RecordRef ref);

    // The mesh of model `id` of database `db` (its .mod), built once; -1 (one warning) when the
    // model cannot be read. LOD 0 of a character model; the model's own polygons otherwise.
    int modelMesh(int db, std::uint16_t id);
    // Model `id`'s name (0x0200), or "model <id>" when it has none (or an empty one).
    std::string modelName(int db, std::uint16_t id);
    // Every model id of db's .mod, ascending (those with a 0x0200 record).
    std::vector<std::uint16_t> modelIds(int db);
    // Class `id` of db's .odb, read once; null (one warning) when missing or unreadable.
    const loaders::drakan::ClassRecord* classRecord(int db, std::uint16_t id);

    // Textures decoded and models built so far (rgx bench, the progress line).
    std::size_t texturesDecoded() const { return textures_.size(); }

private:
    struct Database {
        std::string path;                                  // game-relative, no extension
        std::map<std::uint16_t, std::string> dependencies; // index -> game-relative path
        std::map<std::string, std::optional<loaders::drakan::SrscFile>> files;
    };
    int texture(int db, std::uint16_t id); // into Scene::textures, -1 when missing
    void warn(std::string text);

    const GameFs& fs_;
    Scene& scene_;
    std::vector<Database> dbs_;
    std::map<std::string, int> byPath_; // upper-cased path -> db
    std::optional<loaders::drakan::DrakanPalette> palette_;
    std::map<std::pair<int, std::uint16_t>, int> textures_;
    std::map<std::pair<int, std::uint16_t>, std::uint32_t> materials_;             // by the texture's home
    std::map<std::tuple<int, std::uint16_t, std::uint16_t>, std::uint32_t> asked_; // by the asker's ref
    std::set<std::pair<int, std::uint16_t>> unlisted_; // dependencies asked for and not listed: warned once
    std::map<std::pair<int, std::uint16_t>, int> meshes_;
    std::map<std::pair<int, std::uint16_t>, std::optional<loaders::drakan::ClassRecord>> classes_;
    std::unordered_map<std::uint32_t, std::uint8_t> nearest_; // rgb -> palette index, memoised
    std::uint32_t placeholder_ = 0;
    bool hasPlaceholder_ = false;
};

} // namespace rgx::scene::drakan
