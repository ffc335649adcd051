#pragma once
// What a subcommand shows: a world of a game directory or a model file. One helper adds the
// options (--game, --world, --model, --segment) and one rule picks the game directory, so every
// command treats them alike.

#include "scene/game_fs.h"
#include "scene/scene_graph.h"

#include <CLI/CLI.hpp>

#include <cstdint>
#include <filesystem>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>

namespace rgx::app {

struct GameChoice {
    std::string game;        // --game DIR (or RGX_GAME); "" = by the rule below
    std::int64_t world = -1; // --world N; -1 = not given
    std::string model;       // --model FILE (.3D, .3DC, .ROB)
    std::string segment;     // --segment NAME (with --model on a ROB)
};

// Which of the options a subcommand takes (--game always).
struct GameOptionSet {
    bool world = true, model = true, segment = true;
};

// Adds --game (environment RGX_GAME; a directory that is not there is refused by scene::GameFs,
// naming it, when the command opens it), and as asked --world (a non-negative id; excludes
// --model), --model (an existing file) and --segment (needs --model) to sub, bound to choice.
void addGameOptions(CLI::App& sub, GameChoice& choice, GameOptionSet which = {});

// The game directory a command uses: --game when given; else the game a --model file lies in
// (scene::gameDirOfFile: GAME/<folder>/<file> beside a WORLD.INI); else, for a --model, none
// (the model alone, a grey palette: ""); else the cached demo world, generated on first use
// (progress says so).
std::filesystem::path resolveGameDir(const GameChoice& choice,
                                     const std::function<void(const std::string&)>& progress);

// resolveGameDir's directory opened; null when there is none (a model shown alone).
std::unique_ptr<scene::GameFs> openChosenGame(const GameChoice& choice,
                                              const std::function<void(const std::string&)>& progress);

// The chosen world (of fs, which must be open) or model (fs may be null) built into a scene.
scene::Scene buildChosenScene(const GameChoice& choice, const scene::GameFs* fs,
                              const std::function<void(const std::string&)>& progress);

// `rgx render --frame K`: every animated mesh of a model scene (a 3DC's, or a model whose frame
// records hold whole frames: MENU.ROB's pages) posed at frame K with scene::poseModelMesh.
// Returns how many meshes were posed; throws rgx::Error naming the model when it has no frame K.
std::size_t poseModelFrame(scene::Scene& scene, std::uint32_t frame);

// The scene's load warnings (missing models, budgets spent, ...) on stderr as "warning: LABEL:
// text", file text made printable: the first kPrintedSceneWarnings, then how many more and where
// to see them all (`rgx scene`).
inline constexpr std::size_t kPrintedSceneWarnings = 20;
void printSceneWarnings(const scene::Scene& scene, const std::string& label);

// The whole number `text` spells (all of it, no sign but '-', no spaces) when it lies in
// [low, high]; nothing otherwise. What every integer the command line and the explorer's script
// take is read with.
std::optional<long long> wholeNumberIn(std::string_view text, long long low, long long high);

// An integer option's check: a whole number from `low` on, said as such ("--world: expected a
// whole number 0 or more, got 'abc'"). CLI11's NonNegativeNumber reads a double and names
// DBL_MAX, a 300-digit number, as its upper bound.
CLI::Validator wholeNumberFrom(long long low);

} // namespace rgx::app
