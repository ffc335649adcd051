// rgx: Redguard explorer. Parses the command line and hands each subcommand to its runner.

#include "app/commands.h"
#include "loaders/error.h"

#include <CLI/CLI.hpp>

#include <iostream>

namespace {

// Subcommands that later work fills in: they are listed so that `rgx --help` shows the whole tool.
int notYet(const char* name) {
    std::cerr << "rgx " << name << ": not implemented yet in this build\n";
    return 2;
}

} // namespace

int main(int argc, char** argv) {
    CLI::App cli{"rgx - Redguard explorer: loads, inspects and renders the levels of "
                 "The Elder Scrolls Adventures: Redguard (1998)"};
    cli.require_subcommand(1);
    cli.set_help_all_flag("--help-all", "Show help for every subcommand");

    rgx::app::InfoOptions infoOptions;
    auto* info = cli.add_subcommand("info", "Detect a game file's format from its content and summarise it");
    info->add_option("file", infoOptions.file, "File to describe (3D, 3DC, ROB, RGM, WLD, PVO, TEXBSI, BSI, COL, GXA, FNT)")
        ->required();
    info->add_flag("--json", infoOptions.json, "Print exactly one JSON object (keys in docs/formats.md)");

    std::string pvoFile;
    std::array<double, 3> pvoPoint{};
    auto* pvo = cli.add_subcommand("pvo-query", "Print the sorted object ids visible from a point of a PVO octree as JSON");
    pvo->add_option("file", pvoFile, "The .PVO file")->required();
    pvo->add_option("x", pvoPoint[0], "X in PVO coordinates")->required();
    pvo->add_option("y", pvoPoint[1], "Y in PVO coordinates")->required();
    pvo->add_option("z", pvoPoint[2], "Z in PVO coordinates")->required();

    rgx::app::VkInfoOptions vkOptions;
    auto* vkinfo = cli.add_subcommand("vkinfo", "Print the Vulkan device rgx would use, its driver and API version");
    vkinfo->add_flag("--validation", vkOptions.validation, "Enable the validation layers while probing");

    auto* makeDemo = cli.add_subcommand("make-demo", "Write the generated demo game directory (not yet implemented)");
    auto* worlds = cli.add_subcommand("worlds", "List the worlds of WORLD.INI (not yet implemented)");
    auto* scene = cli.add_subcommand("scene", "Assemble a world or model into a scene graph and summarise it (not yet implemented)");
    auto* render = cli.add_subcommand("render", "Render a world or model offscreen to PNG (not yet implemented)");
    auto* explore = cli.add_subcommand("explore", "Open the interactive explorer window (not yet implemented)");
    auto* bench = cli.add_subcommand("bench", "Run the built-in benchmarks (not yet implemented)");
    for (auto* stub : {makeDemo, worlds, scene, render, explore, bench}) stub->allow_extras();

    try {
        cli.parse(argc, argv);
    } catch (const CLI::ParseError& e) {
        return cli.exit(e);
    }

    try {
        if (*info) return rgx::app::runInfo(infoOptions);
        if (*pvo) return rgx::app::runPvoQuery(pvoFile, pvoPoint);
        if (*vkinfo) return rgx::app::runVkInfo(vkOptions);
        for (auto* stub : {makeDemo, worlds, scene, render, explore, bench}) {
            if (*stub) return notYet(stub->get_name().c_str());
        }
    } catch (const rgx::Error& e) {
        std::cerr << e.what() << "\n";
        return 1;
    } catch (const std::exception& e) {
        std::cerr << "rgx: " << e.what() << "\n";
        return 1;
    }
    return 0;
}
