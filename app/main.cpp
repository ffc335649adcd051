// rgx: Redguard explorer. Parses the command line and hands each subcommand to its runner.

#include "app/commands.h"
#include "app/info_registry.h"
#include "loaders/error.h"
#include "loaders/text.h"

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
    std::vector<std::string> formatNames;
    for (const rgx::app::InfoFormat& f : rgx::app::infoFormats()) formatNames.push_back(f.name);
    info->add_option("--format", infoOptions.format,
                     "Read the file as this format whatever its content (default: detect from the content, "
                     "then from the extension)")
        ->check(CLI::IsMember(formatNames));

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

    rgx::app::MakeDemoOptions demoOptions;
    auto* makeDemo = cli.add_subcommand("make-demo", "Write the generated demo game directory (real formats) to OUTDIR");
    makeDemo->add_option("outdir", demoOptions.outDir, "Directory to write (created)")->required();
    makeDemo->add_option("--scale", demoOptions.scale, "small (tests, a few MB) or island (the real island's counts)")
        ->check(CLI::IsMember({"small", "island"}));
    makeDemo->add_option("--seed", demoOptions.seed, "Random seed; the same seed gives identical files");

    rgx::app::WorldsOptions worldsOptions;
    auto* worlds = cli.add_subcommand("worlds", "List the worlds of WORLD.INI");
    worlds->add_option("--game", worldsOptions.game, "Game directory (default: the cached demo world)");
    worlds->add_flag("--json", worldsOptions.json, "Print JSON");

    rgx::app::SceneOptions sceneOptions;
    auto* scene = cli.add_subcommand("scene", "Assemble a world or model into a scene graph and summarise it");
    scene->add_option("--game", sceneOptions.game, "Game directory (default: the cached demo world)");
    auto* sceneWorld = scene->add_option("--world", sceneOptions.world, "World id from WORLD.INI");
    auto* sceneModel = scene->add_option("--model", sceneOptions.model, "A .3D, .3DC or .ROB file (a ROB is laid out in a grid)");
    sceneWorld->excludes(sceneModel);
    scene->add_option("--segment", sceneOptions.segment, "Only this ROB segment (with --model)")->needs(sceneModel);
    scene->add_flag("--json", sceneOptions.json, "Print JSON with every node (name, kind, model, world matrix)");
    rgx::app::RenderOptions renderOptions;
    auto* render = cli.add_subcommand("render", "Render a world or model offscreen to PNG (deterministic for a given --time)");
    render->add_option("--game", renderOptions.game, "Game directory (default: the cached demo world)");
    auto* renderWorld = render->add_option("--world", renderOptions.world, "World id from WORLD.INI");
    auto* renderModel = render->add_option("--model", renderOptions.model, "A .3D, .3DC or .ROB file");
    renderWorld->excludes(renderModel);
    render->add_option("--segment", renderOptions.segment, "Only this ROB segment (with --model)")->needs(renderModel);
    render->add_option("--frame", renderOptions.frame, "3DC animation frame (with --model)")->needs(renderModel);
    render->add_option("--camera", renderOptions.camera, "X,Y,Z,YAW,PITCH in scene coordinates (default: frame the scene)");
    render->add_option("--size", renderOptions.size, "Image size WxH (default 640x360)");
    render->add_option("--time", renderOptions.time, "Scene time in seconds (animation, water)");
    render->add_option("--view-distance", renderOptions.viewDistance, "Far plane multiplier over SYSTEM.INI's (default 1)");
    render->add_option("--wave", renderOptions.wave,
                       "Water waves AMPLITUDE,SPEED,FREQUENCY instead of the world's world_wave (the fxwave* commands)");
    render->add_option("--wave-centre", renderOptions.waveCentre,
                       "Centre the ripples on grid vertex ROW,COL (default: under the camera, as the engine does)");
    render->add_option("-o,--output", renderOptions.output, "PNG file to write (with --tour: a directory)");
    render->add_flag("--tour", renderOptions.tour, "Render a short tour of every world into the -o directory");

    rgx::app::ExploreOptions exploreOptions;
    auto* explore = cli.add_subcommand("explore", "Open the interactive explorer window (free-fly camera, ImGui overlay)");
    explore->add_option("--game", exploreOptions.game, "Game directory (default: the cached demo world)");
    auto* exploreWorld = explore->add_option("--world", exploreOptions.world, "World id to open");
    auto* exploreModel = explore->add_option("--model", exploreOptions.model, "A .3D, .3DC or .ROB file to view");
    exploreWorld->excludes(exploreModel);
    explore->add_option("--frames", exploreOptions.frames, "Quit after N frames (for scripts and tests)");
    explore->add_option("--screenshot", exploreOptions.screenshot, "Write the last frame to this PNG");
    auto* bench = cli.add_subcommand("bench", "Run the built-in benchmarks (not yet implemented)");
    bench->allow_extras();

    try {
        cli.parse(argc, argv);
    } catch (const CLI::ParseError& e) {
        return cli.exit(e);
    }

    try {
        if (*info) return rgx::app::runInfo(infoOptions);
        if (*pvo) return rgx::app::runPvoQuery(pvoFile, pvoPoint);
        if (*vkinfo) return rgx::app::runVkInfo(vkOptions);
        if (*makeDemo) return rgx::app::runMakeDemo(demoOptions);
        if (*worlds) return rgx::app::runWorlds(worldsOptions);
        if (*scene) {
            if (sceneOptions.world < 0 && sceneOptions.model.empty()) throw CLI::ValidationError("scene", "give --world N or --model FILE");
            return rgx::app::runScene(sceneOptions);
        }
        if (*render) return rgx::app::runRender(renderOptions);
        if (*explore) return rgx::app::runExplore(exploreOptions);
        if (*bench) return notYet(bench->get_name().c_str());
    } catch (const rgx::Error& e) {
        // Messages can hold a file's bytes (names, tags): one printable UTF-8 line.
        std::cerr << rgx::loaders::printableLine(e.what()) << "\n";
        return 1;
    } catch (const std::exception& e) {
        std::cerr << "rgx: " << rgx::loaders::printableLine(e.what()) << "\n";
        return 1;
    }
    return 0;
}
