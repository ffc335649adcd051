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
    std::string format; // --format NAME: this reader, whatever the content ("" = detect)
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

struct RenderOptions {
    std::string game;
    int world = -1;
    std::string model;
    std::string segment;
    int frame = 0;          // --frame K (3DC frame with --model)
    std::string camera;     // --camera X,Y,Z,YAW,PITCH ("" = frame the world or model)
    std::string size = "640x360";
    double time = 0;        // --time SECONDS (animation and water, deterministic)
    double viewDistance = 1; // --view-distance: far plane multiplier over SYSTEM.INI's
    std::string wave;       // --wave A,S,F: water amplitude, speed, frequency (the fxwave* commands)
    std::string waveCentre; // --wave-centre ROW,COL: ripples centred there ("" = follow the camera)
    std::string output;     // -o out.png (with --tour: a directory)
    bool tour = false;      // --tour: a short tour of every world to PNG files under -o
};
int runRender(const RenderOptions& options);

struct ExploreOptions {
    std::string game;
    int world = -1;
    std::string model;
    int frames = 0;         // --frames N: quit after N frames (automated tests)
    std::string screenshot; // --screenshot PATH: write the last frame there
};
int runExplore(const ExploreOptions& options);

} // namespace rgx::app
