#pragma once
// Finds a model by the name an RGM record uses, in the reference's order:
//   1. a direct file STEM.3D, then STEM.3DC, in fxart/, maps/, 3dart/, then the game root;
//   2. an embedded ROB segment of that name, ROBs scanned fxart/ before maps/ before 3dart/
//      (each folder's ROBs in name order; the first segment of a name wins);
//      a type-512 segment loads its external STEM.3DC through step 1.
// Names are normalized first: directories stripped, upper case, and anything from the last '.'
// dropped (shipped maps hold truncated names like "NAME.3"). The MPOB chain (model_name, the
// RAHD/RAAN stem, the script name last) picks the name: see loaders::resolveMpobModels.
// Every file is read and parsed once; every name is looked up once.

#include "loaders/redguard/model3d.h"
#include "loaders/redguard/rob.h"
#include "scene/game_fs.h"
#include "scene/redguard/materials.h"

#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace rgx::scene {

struct LocatedModel {
    // Shared so that animated meshes can keep their source model (frames) past the build.
    std::shared_ptr<const loaders::Model> model; // null when not found
    std::string source;                          // "fxart/FLAG001.3DC" or "fxart/ISLAND.ROB:HOUSE01"
    RenderMode renderMode = RenderMode::Standard;
    std::string problem; // why it was not found / could not be read ("" when found)
    bool found() const { return model != nullptr; }
};

std::string normalizeModelName(std::string_view name);

class ModelResolver {
public:
    explicit ModelResolver(const GameFs& fs) : fs_(fs) {}

    // The model for a record's name (normalized here). Never throws for data problems: a missing
    // or unreadable file comes back with model == nullptr and problem set.
    const LocatedModel& locate(std::string_view name);

    // A direct file only (step 1); nullopt when none of the candidates exists.
    std::optional<std::string> findDirectFile(const std::string& stem) const;

    std::size_t filesParsed() const { return filesParsed_; }
    // What the readers tolerated in the files parsed so far (loaders' reading policy).
    const loaders::Warnings& readWarnings() const { return readWarnings_; }

private:
    void indexRobs();
    std::shared_ptr<const loaders::Model> parseFile(const std::string& path, std::string& problem);

    const GameFs& fs_;
    std::map<std::string, LocatedModel> located_; // by normalized name
    bool robsIndexed_ = false;
    std::vector<std::shared_ptr<const loaders::Rob>> robs_;
    std::vector<std::string> robPaths_;
    struct SegmentRef {
        std::size_t rob, segment;
    };
    std::map<std::string, SegmentRef> segments_;
    std::map<std::string, std::shared_ptr<const loaders::Model>> files_; // by path; null when unreadable
    std::map<std::string, std::string> fileProblems_;
    std::size_t filesParsed_ = 0;
    loaders::Warnings readWarnings_;
};

} // namespace rgx::scene
