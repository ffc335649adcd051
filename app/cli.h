#pragma once
// The `rgx` command line: every subcommand and option, typed and validated by CLI11, so a bad
// value fails while parsing with CLI11's message (naming the option, never a file offset) and
// before anything is loaded. main.cpp parses and dispatches; tests parse argument lists.

#include "app/commands.h"

#include <CLI/CLI.hpp>

#include <memory>

namespace rgx::app {

// Every subcommand's options, filled by parsing.
struct CliOptions {
    InfoOptions info;
    std::string pvoFile;
    std::array<double, 3> pvoPoint{};
    VkInfoOptions vulkanInfo;
    MakeDemoOptions makeDemo;
    WorldsOptions worlds;
    SceneOptions scene;
    RenderOptions render;
    CompareOptions compare;
    ExploreOptions explore;
    BenchOptions bench;
    ExportCommandOptions exportGltf;
    ExportAudioOptions exportAudio;
    AnimTraceOptions animTrace;
    ScriptOptions script;
    ScriptTraceOptions scriptTrace;
    MapOptions map;
    AtlasOptions atlas;
};

// The CLI11 application bound to `options` (which must outlive it).
std::unique_ptr<CLI::App> buildCli(CliOptions& options);

// Parses argv into options (throws CLI::ParseError, as CLI::App::parse does) and returns the
// subcommand's name.
std::string parseCli(CLI::App& cli, int argc, const char* const* argv);

// "WxH" (also "WXH"), each 1..16384. Throws rgx::Error naming --size.
std::array<std::uint32_t, 2> parseSize(const std::string& text);

// Runs the parsed subcommand; its exit code.
int runCli(const CLI::App& cli, const CliOptions& options);

} // namespace rgx::app
