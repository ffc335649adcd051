#include "app/commands/game_options.h"

#include "loaders/redguard/model3d.h"
#include "loaders/text.h"
#include "scene/engine.h"
#include "scene/model_mesh.h"
#include "scene/redguard/scene_builder.h"

#include "demo/demo.h"
#include "scene/game_fs.h"

#include <charconv>
#include <iostream>
#include <limits>

namespace rgx::app {

void addGameOptions(CLI::App& sub, GameChoice& choice, GameOptionSet which) {
    sub.add_option("--game", choice.game, "Game directory (default: the cached demo world; env RGX_GAME)")
        ->envname("RGX_GAME");
    CLI::Option* world = nullptr;
    CLI::Option* model = nullptr;
    if (which.world)
        world = sub.add_option(
                       "--world", choice.world,
                       "World id (rgx worlds lists them: Redguard's WORLD.INI ids, Daggerfall's from 1000, "
                       "System Shock's from 2000, Drakan's from 3000)")
                    ->check(wholeNumberFrom(0));
    if (which.model)
        model = sub.add_option(
                       "--model", choice.model,
                       "A .3D, .3DC or .ROB file, or a Riot model database (.mod, Drakan): a ROB or a .mod "
                       "is laid out in a grid; rgx render and the explorer show its catalogue")
                    ->check(CLI::ExistingFile);
    if (world && model) world->excludes(model);
    if (which.segment && model)
        sub.add_option("--segment", choice.segment,
                       "Only this ROB segment or .mod model (with --model; a name the catalogue lists)")
            ->needs(model);
}

std::filesystem::path resolveGameDir(const GameChoice& choice,
                                     const std::function<void(const std::string&)>& progress) {
    if (!choice.game.empty()) return choice.game;
    if (!choice.model.empty()) return scene::gameDirOfFile(choice.model).value_or(std::filesystem::path());
    return demo::ensureCachedDemo(progress);
}

std::unique_ptr<scene::GameFs> openChosenGame(const GameChoice& choice,
                                              const std::function<void(const std::string&)>& progress) {
    const std::filesystem::path dir = resolveGameDir(choice, progress);
    return dir.empty() ? nullptr : std::make_unique<scene::GameFs>(dir);
}

scene::Scene buildChosenScene(const GameChoice& choice, const scene::GameFs* fs,
                              const std::function<void(const std::string&)>& progress) {
    return choice.model.empty() ? scene::buildGameWorld(*fs, choice.world, progress)
                                : scene::buildModelFileScene(choice.model, fs, choice.segment, progress);
}

std::size_t poseModelFrame(scene::Scene& scene, std::uint32_t frame) {
    std::size_t posed = 0;
    for (scene::Mesh& mesh : scene.meshes) {
        if (!mesh.animation) continue;
        const std::uint32_t count = loaders::decodableFrameCount(*mesh.animation);
        if (frame >= count) {
            throw Error(mesh.source, Error::kNoOffset, "--frame",
                        "frame " + std::to_string(frame) + " does not exist: the model has " +
                            std::to_string(count) + " frames (0.." + std::to_string(count - 1) + ")");
        }
        scene::poseModelMesh(mesh, frame);
        ++posed;
    }
    return posed;
}

void printSceneWarnings(const scene::Scene& scene, const std::string& label) {
    const std::size_t n = scene.warnings.size();
    for (std::size_t i = 0; i < n && i < kPrintedSceneWarnings; ++i)
        std::cerr << "warning: " << loaders::printableLine(label) << ": "
                  << loaders::printableLine(scene.warnings[i]) << "\n";
    if (n > kPrintedSceneWarnings)
        std::cerr << "warning: " << loaders::printableLine(label) << ": " << (n - kPrintedSceneWarnings)
                  << " more load warnings (rgx scene lists them all)\n";
}

std::optional<long long> wholeNumberIn(std::string_view text, long long low, long long high) {
    long long value = 0;
    const char* end = text.data() + text.size();
    const auto [ptr, ec] = std::from_chars(text.data(), end, value);
    if (text.empty() || ec != std::errc() || ptr != end || value < low || value > high) return std::nullopt;
    return value;
}

CLI::Validator wholeNumberFrom(long long low) {
    return CLI::Validator(
        [low](std::string& text) -> std::string {
            if (wholeNumberIn(text, low, std::numeric_limits<long long>::max())) return "";
            return "expected a whole number " + std::to_string(low) + " or more, got '" + text + "'";
        },
        "INT>=" + std::to_string(low));
}

} // namespace rgx::app
