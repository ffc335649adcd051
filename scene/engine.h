#pragma once
// The engine seam (issue 42): what rgx asks of each game engine it reads. An engine recognises a
// game directory, lists its worlds with names, builds a world's scene with its environment
// (palette, fog, sky, the software look's tables), and names the rules its looks follow.
// Redguard is the first engine; each further one lives in scene/<engine>/ and joins the list in
// scene/engines.cpp, this layer's one registration point. One directory may hold several games
// (the demo holds Redguard's files, an ARENA2/ and a DATA/): every engine that recognises it adds
// its worlds.

#include "scene/game_fs.h"
#include "scene/redguard/scene_builder.h"
#include "scene/scene_graph.h"

#include <cstdint>
#include <filesystem>
#include <memory>
#include <string>
#include <vector>

namespace rgx::scene {

// What an engine's looks follow, in words for `rgx worlds` and the docs: where the 8-bit palette
// and its shading come from, what the sky is, and what the hardware look draws differently.
struct LookRules {
    std::string palette;
    std::string shading;
    std::string sky;
    std::string hardware;
};

// One world as its engine lists it.
struct EngineWorld {
    // Unique in the game directory: in the engine's range (Engine::firstWorldId).
    std::int64_t id = 0;
    std::string name; // "maps/ISLAND.RGM", "DEMO TOWN (town, 2 x 2 blocks)"
    std::string kind; // "world" (Redguard), "town", "dungeon", "block"
};

class Engine;

// One engine's game in a directory, its world list read once: what builds its worlds. Holds the
// GameFs by reference (it must outlive the game).
class EngineGame {
public:
    virtual ~EngineGame() = default;
    virtual const Engine& engine() const = 0;
    virtual const std::vector<EngineWorld>& worlds() const = 0;
    // Builds world `id` with its environment. Throws rgx::Error naming the file for what cannot
    // be read, and for an id it does not have (listing its ids).
    virtual Scene build(std::int64_t id, const Progress& progress) const = 0;
};

class Engine {
public:
    virtual ~Engine() = default;
    // Short lower-case name: "redguard", "daggerfall" (`rgx worlds`, JSON, the docs).
    virtual const char* name() const = 0;
    // The game it reads, for people: "The Elder Scrolls Adventures: Redguard (1998)".
    virtual const char* title() const = 0;
    // What it looks for in a game directory, said when no engine recognises one.
    virtual const char* needs() const = 0;
    // Its worlds' ids start here and stay below the next engine's (in engines() order), so a
    // world id names its engine without listing any world: Redguard 0 (WORLD.INI's own ids, below
    // 1000 in the game), Daggerfall 1000, System Shock 2000, Drakan 3000.
    virtual std::int64_t firstWorldId() const = 0;
    // True when fs holds this engine's game (cheap: a few file lookups, no parsing).
    virtual bool recognises(const GameFs& fs) const = 0;
    // Reads the game's world list. Throws rgx::Error naming the file when it cannot be read.
    virtual std::unique_ptr<EngineGame> open(const GameFs& fs) const = 0;
    virtual LookRules lookRules() const = 0;
};

// Every engine rgx has, Redguard first (scene/engines.cpp).
const std::vector<const Engine*>& engines();
// The engine called `name`, or nullptr.
const Engine* findEngine(const std::string& name);

// A world of a game directory with the engine that builds it.
struct GameWorld {
    const Engine* engine = nullptr;
    EngineWorld world;
};

// Every game a directory holds: each recognising engine's, opened once. When no engine
// recognises the directory, the first engine's is opened all the same, so its error says what is
// missing (Redguard's names WORLD.INI), as before there were engines.
class GameDirectory {
public:
    explicit GameDirectory(const GameFs& fs);
    const std::vector<std::unique_ptr<EngineGame>>& games() const { return games_; }
    // Every world, engine by engine in engines() order.
    std::vector<GameWorld> worlds() const;
    std::vector<std::int64_t> ids() const;
    // The game whose engine's id range holds `id`; else the first game (whose error lists its ids).
    const EngineGame& gameOf(std::int64_t id) const;
    Scene build(std::int64_t id, const Progress& progress = {}) const {
        return gameOf(id).build(id, progress);
    }

private:
    std::vector<std::unique_ptr<EngineGame>> games_;
};

// The engine whose id range holds `id`, when it recognises fs; else the first engine that
// recognises fs; else the first engine.
const Engine& engineForWorld(const GameFs& fs, std::int64_t id);

// The model viewer's scene of a model file, by its engine: a Riot model database (.mod, Drakan:
// scene/drakan/dk_engine.h buildRiotModelScene, `segment` naming one model) or Redguard's .3D,
// .3DC and .ROB (scene/redguard/scene_builder.h buildModelScene, `game` its textures).
Scene buildModelFileScene(const std::filesystem::path& file, const GameFs* game,
                          const std::string& segment = {}, const Progress& progress = {});

// engineForWorld(fs, id) opens the game and builds world id: one world built, its game's files
// read once.
Scene buildGameWorld(const GameFs& fs, std::int64_t id, const Progress& progress = {});

} // namespace rgx::scene
