#pragma once
// The `rgx` subcommands. Each returns the process exit code; data errors are thrown as
// rgx::Error and printed by main as `path: offset 0x...: message`.

#include <array>
#include <cstdint>
#include <string>

namespace rgx::app {

struct InfoOptions {
    std::string file;
    bool json = false;
};
int runInfo(const InfoOptions& options);

// Prints the sorted MLST ids visible from (x, y, z) in PVO coordinates as a JSON array.
int runPvoQuery(const std::string& file, const std::array<double, 3>& point);

struct VkInfoOptions {
    bool validation = false;
};
int runVkInfo(const VkInfoOptions& options);

struct MakeDemoOptions {
    std::string outDir;
    std::string scale = "small"; // small | island
    std::uint32_t seed = 1;
};
int runMakeDemo(const MakeDemoOptions& options);

// --game: a game directory; empty means the cached demo world (generated on first use).
struct WorldsOptions {
    std::string game;
    bool json = false;
};
int runWorlds(const WorldsOptions& options);

struct SceneOptions {
    std::string game;
    int world = -1;       // --world N, or
    std::string model;    // --model FILE
    std::string segment;  // --segment NAME (with --model on a ROB)
    bool json = false;
};
int runScene(const SceneOptions& options);

} // namespace rgx::app
