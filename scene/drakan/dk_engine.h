#pragma once
// Drakan: Order of the Flame (1999), the Riot Engine, behind the engine seam (scene/engine.h): a
// game directory holding Dragon.rrc at its top or in Drakan/ (the demo's). Its worlds: every .lvl
// under that directory's Levels/ (three folders deep at most, any case), sorted by path, numbered
// from 3000. A level's scene (docs/formats/drakan_scene.md): a node a layer, its mesh the layer's
// textured cells (dk_layer_mesh.h), ceilings in the ceilings layer; a node an object, its mesh its
// class's model (a marker when the class names none); a record each with its fields, so that a
// pick names the layer, or the object with its class and model.

#include "scene/engine.h"

#include <filesystem>
#include <string>
#include <vector>

namespace rgx::scene::drakan {

const Engine& drakanEngine();

inline constexpr std::int64_t kFirstDrakanWorld = 3000;
// The cells of a level's layers rgx draws at most (the layers past it are left out with a warning):
// two million triangles, about 220 MB of vertices.
inline constexpr std::uint64_t kMaxLevelCells = 1u << 20;

// Where the Riot game's top directory is in fs: "" (Dragon.rrc at the top) or "Drakan/"; nullopt
// when neither holds a Dragon.rrc.
std::optional<std::string> riotTop(const GameFs& fs);

class DrakanGame final : public EngineGame {
public:
    // Lists the levels. Throws rgx::Error naming the directory when it holds no Dragon.rrc.
    explicit DrakanGame(const GameFs& fs);
    const Engine& engine() const override { return drakanEngine(); }
    const std::vector<EngineWorld>& worlds() const override { return worlds_; }
    Scene build(std::int64_t id, const Progress& progress) const override;

    // The levels' game-relative paths, by world ("Drakan/Levels/Valley.lvl").
    const std::vector<std::string>& levels() const { return levels_; }

private:
    const GameFs& fs_;
    std::vector<std::string> levels_;
    std::vector<EngineWorld> worlds_;
};

// The catalogue of a Riot model database (.mod) opened as a file: every model with a name record
// laid out in a labelled grid (Scene::catalog), or only `model` (its name, any case, or its id).
// Its .db beside it gives the dependencies; the game's top is the nearest directory above holding
// Dragon.rrc, else the .mod's grandparent. Throws rgx::Error when the file cannot be read as an
// SRSC container or `model` is not in it.
Scene buildRiotModelScene(const std::filesystem::path& file, const std::string& model = {},
                          const Progress& progress = {});

// True for a file rgx opens as a Riot model database (extension .mod, any case).
bool isRiotModelFile(const std::filesystem::path& file);

} // namespace rgx::scene::drakan
