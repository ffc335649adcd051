#pragma once
// The `rgx` subcommands. Each returns the process exit code; data errors are thrown as
// rgx::Error and printed by main as `path: offset 0x...: message`.

#include "app/commands/game_options.h"
#include "app/commands/wave_options.h"
#include "renderer/soft/soft_renderer.h"
#include "sim/script_config.h"
#include "view/camera.h"

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace rgx::app {

struct InfoOptions {
    std::string file;
    bool json = false;
    std::string format;                     // --format NAME: this reader, whatever the content ("" = detect)
    std::optional<std::array<int, 2>> cell; // --cell ROW,COL: a WLD's terrain cell, field by field
};
int runInfo(const InfoOptions& options);

// Prints the sorted MLST ids visible from (x, y, z) in PVO coordinates as a JSON array.
int runPvoQuery(const std::string& file, const std::array<double, 3>& point);

// rgx anim-trace: an actor's animation, tick by tick (docs/animation.md).
struct AnimTraceOptions {
    std::string file;  // FILE.RGM; "" = the map of --world
    GameChoice game;   // --game DIR --world N
    std::string actor; // --actor NAME (RAHD script name)
    int group = -1;    // --group G (group_index; -1: the actor's first group)
    int ticks = 64;    // --ticks T
    bool takeFuture = false;
    bool json = false;
};
int runAnimTrace(const AnimTraceOptions& options);

// rgx script: the SOUP scripts of a map, disassembled (docs/scripts.md).
struct ScriptOptions {
    std::string file;                                            // FILE.RGM; "" = the map of --world
    GameChoice game;                                             // --game DIR --world N
    std::string actor;                                           // --actor NAME; "" = every actor
    loaders::SoupId0Reading id0 = loaders::SoupId0Reading::Auto; // --id0-count auto|byte|none
    bool json = false;
};
int runScript(const ScriptOptions& options);

// rgx script-trace: an actor's script run by the VM, tick by tick (docs/scripts.md).
struct ScriptTraceOptions {
    std::string file;
    GameChoice game;
    std::string actor;              // --actor NAME (required)
    int ticks = 120;                // --ticks T
    std::vector<int> activate;      // --activate TICK (repeatable): the actor activated before that tick
    sim::ScriptConfig scriptConfig; // --script-time, --id0-count
    bool json = false;
};
int runScriptTrace(const ScriptTraceOptions& options);

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

// Options are parsed and validated by the CLI (app/cli.h) before a runner is called: the values
// here are typed and in range.
struct WorldsOptions {
    GameChoice game; // --game only
    bool json = false;
};
int runWorlds(const WorldsOptions& options);

struct SceneOptions {
    GameChoice game; // --world N or --model FILE [--segment NAME]
    bool json = false;
};
int runScene(const SceneOptions& options);

// The software renderer's options (rgx render --renderer soft, rgx compare).
struct SoftwareOptions {
    std::string renderer = "glide"; // --renderer glide|soft
    bool rendererGiven = false;     // --renderer was given (else a missing Vulkan device falls back to soft)
    renderer::SoftSettings options; // --perspective, --dither, --threads (0: every core)
    int upscale = 1;                // integer nearest upscale of the written image
};

struct RenderOptions {
    GameChoice game;                             // --world N or --model FILE [--segment NAME], or --tour
    int frame = 0;                               // --frame K (3DC frame with --model)
    std::optional<view::Camera> camera;          // --camera X,Y,Z,YAW,PITCH (none: frame the world or model)
    std::array<std::uint32_t, 2> size{640, 360}; // --size WxH
    bool sizeGiven = false; // --size was given (a ROB's catalogue: each thumbnail's size; else 160x120)
    double time = 0;        // --time SECONDS (animation and water, deterministic)
    bool scripts = true;    // --scripts on|off: the world's SOUP scripts run
    sim::ScriptConfig scriptConfig; // --script-time ticks|tenths, --id0-count auto|byte|none
    bool interpolate = false;       // --interpolate: actors blend between consecutive 3DC frames
    double viewDistance = 1;        // --view-distance: far plane multiplier over SYSTEM.INI's
    double fovYDeg = 60; // --fov DEG: vertical field of view (a guess: docs/renderer_scene.md "Look rules")
    std::optional<WaveText> wave; // --wave A,S,F: amplitude, speed, frequency (the fxwave* commands)
    std::optional<std::array<int, 2>> waveCentre; // --wave-centre ROW,COL (none: follow the camera)
    bool smoothWaves = false;    // --smooth-waves: the wave phase runs between ticks (default: whole ticks)
    bool wavesWholeGrid = false; // --waves-whole-grid: every water vertex moves (default: the 33 x 33 window)
    std::string output;          // -o out.png (with --tour: a directory)
    bool tour = false;           // --tour: a short tour of every world to PNG files under -o
    SoftwareOptions software;    // --renderer, --perspective, --dither, --threads, --upscale
};
int runRender(const RenderOptions& options);

// `rgx compare`: the same view in both looks, and how far they agree.
struct CompareOptions {
    GameChoice game;                             // --world N or --model FILE [--segment NAME]
    std::optional<view::Camera> camera;          // none: the scene's default view
    std::array<std::uint32_t, 2> size{640, 360}; // --size WxH
    double time = 0;                             // --time SECONDS
    bool scripts = true;                         // --scripts on|off
    sim::ScriptConfig scriptConfig;              // --script-time, --id0-count
    double fovYDeg = 60;                         // --fov DEG (as rgx render's)
    SoftwareOptions software;                    // --perspective, --dither, --threads
    std::string output;                          // -o DIR: glide.png, software.png, diff.png
};
int runCompare(const CompareOptions& options);

// `rgx bench`: a world flown along a camera path, every frame timed (app/commands/cmd_bench.cpp).
struct BenchOptions {
    GameChoice game;                              // --game DIR --world N
    std::string renderer = "glide";               // --renderer glide|soft|both
    std::string path;                             // --path FILE (camera keys); "" = the built-in path
    std::optional<view::Camera> camera;           // --camera: one view held for every frame (excludes --path)
    int frames = 120;                             // --frames N
    std::array<std::uint32_t, 2> size{1280, 720}; // --size WxH
    std::string json;                             // --json OUT ("-": stdout, instead of the table)
    bool multiDraw = true;                        // --multi-draw on|off
    SoftwareOptions soft;                         // --threads, --perspective, --dither (soft runs)
    std::vector<std::string> compare;             // --compare A.json B.json
};
int runBench(const BenchOptions& options);

// `rgx export`: a world or model as glTF (app/commands/cmd_export.cpp).
struct ExportCommandOptions {
    GameChoice game;                        // --world N or --model FILE [--segment NAME]
    std::string output;                     // -o OUT.glb | OUT.gltf
    bool textures = true;                   // --no-textures
    bool frames = true;                     // --frames all|none
    std::optional<std::vector<int>> groups; // --groups all|none|LIST (group_index values; nullopt all)
    std::optional<double> time;             // --time S: the world state at S (none: at rest)
    bool scripts = true;                    // --scripts on|off (with --time)
    sim::ScriptConfig scriptConfig;         // --script-time, --id0-count
};
int runExport(const ExportCommandOptions& options);

// `rgx export-audio`: MAIN.SFX's effects or ENGLISH.RTX's voice clips as WAV files, with
// index.json listing every entry (app/commands/cmd_export_audio.cpp).
struct ExportAudioOptions {
    std::string file;   // MAIN.SFX or ENGLISH.RTX (detected from the content, then the extension)
    std::string output; // -o DIR (created)
};
int runExportAudio(const ExportAudioOptions& options);

// `rgx map`: a world from straight above, marked, with MAP.json beside it (app/map/, docs/map.md).
struct MapOptions {
    GameChoice game;                               // --game DIR --world N
    std::string output;                            // -o MAP.png (MAP.json beside it)
    std::array<std::uint32_t, 2> size{2048, 2048}; // --size WxH
    std::string look = "glide";                    // --look glide|soft
    bool lookGiven = false;                        // --look was given (else no Vulkan falls back to soft)
    std::string markers = "all";                   // --markers KIND,... | all | none
    bool labels = false;                           // --labels
    std::optional<std::array<double, 2>> floor;    // --floor Y or LOW,HIGH (scene y): cut away what is above
};
int runMap(const MapOptions& options);

// `rgx atlas`: a static web site of slippy maps, one per world (app/map/, docs/map.md).
struct AtlasOptions {
    GameChoice game;            // --game DIR
    std::string output;         // -o DIR
    std::string worlds = "all"; // --worlds all|ID,ID,...
    std::string look = "glide"; // --look glide|soft
    bool lookGiven = false;
    int zoomLevels = 5; // --zoom-levels N: zoom 0 (one 256-pixel tile) .. N-1
};
int runAtlas(const AtlasOptions& options);

struct ExploreOptions {
    GameChoice game;                // --world N or --model FILE [--segment NAME]
    sim::ScriptConfig scriptConfig; // --script-time, --id0-count
    int frames = 0;                 // --frames N: quit after N frames (automated tests)
    std::string screenshot;         // --screenshot PATH: write the last frame there
    std::string autoplay;           // --autoplay FILE: actions at given frames (explore_autoplay.h)
};
int runExplore(const ExploreOptions& options);

} // namespace rgx::app
