#include "app/cli.h"

#include "app/cli_options.h"

#include "app/commands/game_options.h"
#include "app/info/info_registry.h"
#include "base/error.h"
#include "renderer/look_settings.h"
#include "view/map_view.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <limits>
#include <optional>
#include <string_view>
#include <vector>

namespace rgx::app {

namespace {

// The names `--renderer` takes: every look's (renderer/look_settings.h), and `extra`.
std::vector<std::string> lookNameList(std::vector<std::string> extra = {}) {
    std::vector<std::string> names;
    for (std::string_view name : renderer::kLookNames.names)
        names.emplace_back(name);
    names.insert(names.end(), extra.begin(), extra.end());
    return names;
}

// "ROW,COL", each 0..254 (a WLD's 255 x 255 cells).
std::array<int, 2> parseCell(const std::string& text) {
    const std::size_t comma = text.find(',');
    const auto whole = [](const std::string& part, int& out) {
        const std::optional<double> v = finiteNumber(part);
        if (!v || *v != std::floor(*v) || *v < 0 || *v > 254) return false;
        out = static_cast<int>(*v);
        return true;
    };
    std::array<int, 2> cell{};
    if (comma == std::string::npos || !whole(text.substr(0, comma), cell[0]) ||
        !whole(text.substr(comma + 1), cell[1]))
        throw Error("--cell", Error::kNoOffset, "", "expected ROW,COL (0..254 each), got '" + text + "'");
    return cell;
}

void addInfo(CLI::App& cli, CliOptions& o) {
    auto* info = cli.add_subcommand("info", "Detect a game file's format from its content and summarise it");
    info->add_option("file", o.info.file,
                     "File to describe (3D, 3DC, ROB, RGM, WLD, PVO, TEXBSI, BSI, COL, GXA, FNT, SFX, RTX, "
                     "CHT, INI)")
        ->required();
    info->add_flag("--json", o.info.json, "Print exactly one JSON object (keys in docs/formats.md)");
    std::vector<std::string> formatNames;
    for (const InfoFormat& f : infoFormats())
        formatNames.push_back(f.name);
    info->add_option("--format", o.info.format,
                     "Read the file as this format whatever its content (default: detect from the content, "
                     "then from the extension)")
        ->check(CLI::IsMember(formatNames));
    addParsed(*info, "--cell", "ROW,COL",
              "With a WLD: terrain cell ROW,COL (0..254 each) field by field, raw and decoded, as the "
              "explorer's Inspector shows it",
              [&o](const std::string& text) { o.info.cell = parseCell(text); });
}

// The software renderer's options; `withRenderer`: also --renderer and --upscale (rgx render).
void addSoftwareOptions(CLI::App& app, SoftwareOptions& s, bool withRenderer) {
    if (withRenderer) {
        app.add_option_function<std::string>(
               "--look,--renderer",
               [&s](const std::string& text) {
                   s.renderer = text;
                   s.rendererGiven = true;
               },
               "glide (Vulkan, the default; the software renderer when no Vulkan device exists) or soft "
               "(the 8-bit software renderer on the CPU: an indexed PNG, no Vulkan needed); --renderer is "
               "its older name")
            ->check(CLI::IsMember(lookNameList()));
        app.add_option("--upscale", s.upscale,
                       "Scale the written image up N times (nearest, any look), 1..16")
            ->check(CLI::Range(1, 16));
    }
    addParsed(
        app, "--perspective", "MODE",
        "Software renderer's perspective correction: exact (per pixel), span16 (every 16 pixels, the "
        "default), affine, or extents (SYSTEM.INI's perspective_* extents, a hypothesis)",
        [&s](const std::string& text) { s.options.perspective = renderer::parsePerspectiveMode(text); });
    app.add_flag("--dither", s.options.dither, "Software renderer: ordered dithering of the light level");
    app.add_option("--threads", s.options.threads,
                   "Software renderer's threads (0: every core; the image is the same)")
        ->check(CLI::Range(0, 256));
}

// --fov DEG: the vertical field of view, 10..150 degrees (default 60: no reference gives the
// game's; docs/renderer_scene.md "Look rules").
void addFov(CLI::App& sub, double& fovYDeg) {
    sub.add_option("--fov", fovYDeg, "Vertical field of view in degrees, 10..150 (default 60, a guess)")
        ->check(CLI::Range(10.0, 150.0))
        ->check(kFinite);
}

void addCompare(CLI::App& cli, CliOptions& o) {
    CompareOptions& c = o.compare;
    auto* compare = cli.add_subcommand(
        "compare", "Render one view with the Glide and the software renderer: glide.png, software.png, "
                   "diff.png, coverage agreement and mean colour distance");
    addGameOptions(*compare, c.game);
    addParsed(*compare, "--camera", "X,Y,Z,YAW,PITCH",
              "Camera position and heading in scene coordinates, degrees (default: frame the scene)",
              [&c](const std::string& text) { c.camera = view::parseCamera(text); });
    addParsed(*compare, "--size", "WxH", "Image size, 1..16384 each (default 640x360)",
              [&c](const std::string& text) { c.size = parseSize(text); });
    compare->add_option("--time", c.time, "Scene time in seconds (animation, water, scripts)")
        ->check(kFinite);
    addScriptsSwitch(*compare, c.scripts);
    addScriptConfig(*compare, c.scriptConfig);
    addFov(*compare, c.fovYDeg);
    addSoftwareOptions(*compare, c.software, false);
    compare
        ->add_option("-o,--output", c.output, "Directory to write glide.png, software.png and diff.png into")
        ->required();
    compare->callback([&c] {
        if (c.game.world < 0 && c.game.model.empty())
            throw CLI::ValidationError("compare", "give --world N or --model FILE");
    });
}

void addRender(CLI::App& cli, CliOptions& o) {
    RenderOptions& r = o.render;
    auto* render = cli.add_subcommand(
        "render",
        "Render a world or model offscreen to PNG with the Glide look (Vulkan) or the 8-bit software "
        "renderer (--renderer soft), deterministic for a given --time. A ROB without --segment or "
        "--camera is drawn as its catalogue: a labelled thumbnail (name, kind, faces) a segment, each "
        "framed alone, listed on stdout. Magenta marks a missing texture or placeholder model in both "
        "looks");
    addGameOptions(*render, r.game);
    render
        ->add_option("--frame", r.frame,
                     "Animation frame of the model (with --model): a 3DC's, or a multi-frame model's such as "
                     "MENU.ROB's pages")
        ->check(wholeNumberFrom(0))
        ->needs(render->get_option("--model"));
    addParsed(*render, "--camera", "X,Y,Z,YAW,PITCH",
              "Camera position and heading in scene coordinates, degrees (default: frame the scene)",
              [&r](const std::string& text) { r.camera = view::parseCamera(text); });
    addParsed(*render, "--size", "WxH",
              "Image size, 1..16384 each (default 640x360); a ROB's catalogue: each thumbnail's (default "
              "160x120)",
              [&r](const std::string& text) {
                  r.size = parseSize(text);
                  r.sizeGiven = true;
              });
    render->add_option("--time", r.time, "Scene time in seconds (actors, scripts, water, texture animation)")
        ->check(kFinite);
    addScriptsSwitch(*render, r.scripts);
    addScriptConfig(*render, r.scriptConfig);
    addFov(*render, r.fovYDeg);
    render->add_flag("--interpolate", r.interpolate,
                     "Actors blend towards the next frame of the same 3DC file between ticks (the engine "
                     "steps frames: off by default)");
    render
        ->add_option(
            "--view-distance", r.viewDistance,
            "A world's far plane multiplier over SYSTEM.INI's (default 1; the model viewer fits its planes "
            "to the model)")
        ->check(kPositiveFinite);
    addParsed(*render, "--wave", "A,S,F",
              "Water waves AMPLITUDE,SPEED,FREQUENCY (the frequency an integer) instead of the world's "
              "world_wave (the fxwave* commands)",
              [&r](const std::string& text) { r.wave = parseWaveText(text, "--wave"); });
    addParsed(*render, "--wave-centre", "ROW,COL",
              "Centre the ripples on grid vertex ROW,COL (default: under the camera, as the engine does)",
              [&r](const std::string& text) { r.waveCentre = parseWaveCentreText(text, "--wave-centre"); });
    render->add_flag("--smooth-waves", r.smoothWaves,
                     "Water waves move smoothly between game ticks (default: whole ticks, the engine's "
                     "integer phase)");
    render->add_flag("--waves-whole-grid", r.wavesWholeGrid,
                     "Water waves move every water vertex of the grid (default: only the engine's 33 x 33 "
                     "window round the camera)");
    addSoftwareOptions(*render, r.software, true);
    render->add_option("-o,--output", r.output, "PNG file to write (with --tour: a directory)")->required();
    auto* tour =
        render->add_flag("--tour", r.tour, "Render a short tour of every world into the -o directory");
    tour->excludes(render->get_option("--world"))->excludes(render->get_option("--model"));
    render->callback([&r] {
        if (!r.tour && r.game.world < 0 && r.game.model.empty())
            throw CLI::ValidationError("render", "give --world N, --model FILE or --tour");
    });
}

// --look glide|soft, for the commands that name the look so (rgx map, rgx atlas).
void addLookOption(CLI::App& sub, std::string& look, bool& given) {
    sub.add_option_function<std::string>(
           "--look",
           [&look, &given](const std::string& text) {
               look = text;
               given = true;
           },
           "glide (Vulkan, the default; the software renderer when no Vulkan device exists) or soft (the "
           "8-bit software renderer on the CPU)")
        ->check(CLI::IsMember(lookNameList()));
}

// "Y" -> everything up to Y (low -infinity: the world's bottom); "LOW,HIGH" -> that range (scene
// heights, up positive).
std::array<double, 2> parseFloorRange(const std::string& text) {
    const std::size_t comma = text.find(',');
    const std::optional<double> a = finiteNumber(text.substr(0, comma));
    const std::optional<double> b = comma == std::string::npos
                                        ? std::optional<double>(-std::numeric_limits<double>::infinity())
                                        : finiteNumber(text.substr(comma + 1));
    if (!a || !b)
        throw Error("--floor", Error::kNoOffset, "", "expected Y or LOW,HIGH (numbers), got '" + text + "'");
    return {std::min(*a, *b), std::max(*a, *b)};
}

void addMapCommand(CLI::App& cli, CliOptions& o) {
    MapOptions& m = o.map;
    auto* map = cli.add_subcommand(
        "map",
        "Draw a world from straight above (orthographic, no fog or sky) with markers, a scale bar and a "
        "north arrow, and write MAP.json beside the PNG: the pixel <-> engine transform and every marker");
    addGameOptions(*map, m.game, {.world = true, .model = false, .segment = false});
    map->add_option("-o,--output", m.output, "PNG file to write (its .json beside it)")->required();
    addParsed(*map, "--size", "WxH", "Picture size, 1..16384 each (default 2048x2048)",
              [&m](const std::string& text) { m.size = parseSize(text); });
    addLookOption(*map, m.look, m.lookGiven);
    addParsed(*map, "--markers", "KINDS",
              "Markers to draw: all (default), none, or a list of actors,statics,flats,lights,markers,"
              "locations,ropes",
              [&m](const std::string& text) {
                  view::parseMarkerKinds(text, "--markers");
                  m.markers = text;
              });
    map->add_flag("--labels", m.labels, "Names beside the markers, where they fit without overlapping");
    addParsed(*map, "--floor", "Y|LOW,HIGH",
              "Draw only what lies at or below scene height Y (up positive, as --camera's), or between LOW "
              "and HIGH: cuts away the storeys above in an interior",
              [&m](const std::string& text) { m.floor = parseFloorRange(text); });
    map->callback([&m] {
        if (m.game.world < 0) throw CLI::ValidationError("map", "give --world N");
    });
}

void addAtlas(CLI::App& cli, CliOptions& o) {
    AtlasOptions& a = o.atlas;
    auto* atlas = cli.add_subcommand(
        "atlas", "Write a static web atlas: a slippy map per world (Leaflet, copied in), markers as GeoJSON "
                 "with popups, a world picker and a search box; opens from file:// with no server");
    addGameOptions(*atlas, a.game, {.world = false, .model = false, .segment = false});
    atlas->add_option("-o,--output", a.output, "Directory to write the site into")->required();
    atlas->add_option("--worlds", a.worlds, "all (default) or a list of world ids: 0,3,7");
    addLookOption(*atlas, a.look, a.lookGiven);
    atlas
        ->add_option("--zoom-levels", a.zoomLevels,
                     "Zoom levels per world, 1..7 (default 5: the deepest is 256 x 2^(N-1) pixels wide)")
        ->check(CLI::Range(1, 7));
}

void addBench(CLI::App& cli, CliOptions& o) {
    BenchOptions& b = o.bench;
    auto* bench = cli.add_subcommand(
        "bench",
        "Time a world frame by frame along a camera path: per pass and per step min / median / p95 / "
        "max, the load's phases and the frame counts, as a table or JSON; --compare A B prints the "
        "ratios of two JSON reports");
    addGameOptions(*bench, b.game, {.world = true, .model = false, .segment = false});
    bench
        ->add_option("--look,--renderer", b.renderer,
                     "glide (Vulkan, the default), soft (the 8-bit CPU renderer) or both; --renderer is its "
                     "older name")
        ->check(CLI::IsMember(lookNameList({"both"})));
    bench
        ->add_option(
            "--path", b.path,
            "Camera path: {\"world\": N, \"keys\": [{\"time\": SECONDS, \"camera\": "
            "\"X,Y,Z,YAW,PITCH\"}, ...]} (the explorer records one; a path of another world is "
            "refused) or a bare array of keys, flown between; default: 8 s over the world, south-west "
            "to north-east")
        ->check(CLI::ExistingFile);
    addParsed(
        *bench, "--camera", "X,Y,Z,YAW,PITCH",
        "Hold one view for every frame instead of flying a path (`rgx render` prints its default view's)",
        [&b](const std::string& text) { b.camera = view::parseCamera(text); })
        ->excludes(bench->get_option("--path"));
    bench->add_option("--frames", b.frames, "Frames to render along the path, evenly in time (default 120)")
        ->check(CLI::Range(1, 100000));
    addParsed(*bench, "--size", "WxH", "Frame size, 1..16384 each (default 1280x720)",
              [&b](const std::string& text) { b.size = parseSize(text); });
    bench->add_option("--json", b.json,
                      "Write the report as JSON to OUT (- for standard output, instead of the table)");
    bench
        ->add_option_function<std::string>(
            "--multi-draw", [&b](const std::string& text) { b.multiDraw = text == "on"; },
            "on (the default: one multi-draw indirect call per pipeline where the device has it) or off "
            "(one call per draw)")
        ->check(CLI::IsMember({"on", "off"}));
    addSoftwareOptions(*bench, b.soft, false);
    bench->add_option("--compare", b.compare, "Compare two JSON reports: B's figures over A's")
        ->expected(2)
        ->check(CLI::ExistingFile);
    bench->callback([&b] {
        if (b.compare.empty() && b.game.world < 0)
            throw CLI::ValidationError("bench", "give --world N (or --compare A.json B.json)");
    });
}

void addExplore(CLI::App& cli, CliOptions& o) {
    ExploreOptions& e = o.explore;
    auto* explore = cli.add_subcommand(
        "explore", "Open the interactive explorer window (free-fly camera, ImGui overlay)");
    addGameOptions(*explore, e.game, {.world = true, .model = true, .segment = true});
    auto* frames = explore
                       ->add_option("--frames", e.frames,
                                    "Quit after N frames (for the autoplay and tests; 0: run until closed)")
                       ->check(wholeNumberFrom(0));
    explore->add_option("--screenshot", e.screenshot, "Write the last frame to this PNG");
    explore
        ->add_option("--autoplay", e.autoplay,
                     "Run these actions at given frames, FRAME:ACTION a line (tests and tours; "
                     "docs/explore.md \"Autoplay\"; RGX_EXPLORE_AUTOPLAY adds more); needs --frames")
        ->check(CLI::ExistingFile)
        ->needs(frames);
    addScriptConfig(*explore, e.scriptConfig);
}

// FILE.RGM or --world N (with --game DIR), one of the two: the commands that read only a map.
void addMapChoice(CLI::App& command, std::string& file, GameChoice& game) {
    command.add_option("file", file, "The .RGM map (or give --world N, with --game DIR)")
        ->check(CLI::ExistingFile);
    addGameOptions(command, game, {.world = true, .model = false, .segment = false});
    command.callback([&file, &game, name = command.get_name()] {
        if (file.empty() == (game.world < 0))
            throw CLI::ValidationError(name, "give FILE.RGM or --world N (not both)");
    });
}

void addAnimTrace(CLI::App& cli, CliOptions& o) {
    AnimTraceOptions& a = o.animTrace;
    auto* trace = cli.add_subcommand(
        "anim-trace",
        "Play an actor's RAGR animation group tick by tick and print each tick (docs/animation.md); "
        "reads only the RGM");
    addMapChoice(*trace, a.file, a.game);
    trace->add_option("--actor", a.actor, "The actor's RAHD script name (e.g. CYRUS)")->required();
    trace
        ->add_option("--group", a.group,
                     "group_index of the group to play (default: the actor's first group)")
        ->check(wholeNumberFrom(0));
    trace
        ->add_option("--ticks", a.ticks,
                     "Ticks to run at most (default 64); the trace stops where the group ends")
        ->check(CLI::Range(1, 1000000));
    trace->add_flag("--take-future", a.takeFuture, "Take GoToFuture jumps (not taken by default)");
    trace->add_flag("--json", a.json, "Print one JSON object");
}

void addScript(CLI::App& cli, CliOptions& o) {
    ScriptOptions& s = o.script;
    auto* script = cli.add_subcommand(
        "script", "Disassemble the SOUP scripts of a map (docs/scripts.md); reads only the RGM, and the "
                  "game's SOUP386.DEF for names with --world");
    addMapChoice(*script, s.file, s.game);
    script->add_option("--actor", s.actor, "Only this actor's script (its RAHD script name)");
    addId0Count(*script, s.id0);
    script->add_flag("--json", s.json, "Print one JSON object");

    ScriptTraceOptions& t = o.scriptTrace;
    auto* trace = cli.add_subcommand(
        "script-trace", "Run a map's SOUP scripts tick by tick and print what an actor's threads did "
                        "(docs/scripts.md); reads only the RGM");
    addMapChoice(*trace, t.file, t.game);
    trace->add_option("--actor", t.actor, "The actor's RAHD script name (e.g. GUARD)")->required();
    trace->add_option("--ticks", t.ticks, "Game ticks to run (default 120: 10 s at 12 a second)")
        ->check(CLI::Range(1, 1000000));
    trace
        ->add_option("--activate", t.activate,
                     "Activate the actor (the player's \"use\": its interrupt handler runs) before tick "
                     "TICK (from 0); repeatable")
        ->check(CLI::Range(0, 1000000));
    addScriptConfig(*trace, t.scriptConfig);
    trace->add_flag("--json", t.json, "Print one JSON object");
}

} // namespace

std::array<std::uint32_t, 2> parseSize(const std::string& text) {
    unsigned w = 0, h = 0;
    char x = 0, extra = 0;
    if (std::sscanf(text.c_str(), "%u%c%u%c", &w, &x, &h, &extra) != 3 || (x != 'x' && x != 'X') || w == 0 ||
        h == 0 || w > 16384 || h > 16384)
        throw Error("--size", Error::kNoOffset, "size", "expected WxH (1..16384 each), got \"" + text + "\"");
    return {w, h};
}

std::unique_ptr<CLI::App> buildCli(CliOptions& o) {
    auto cli =
        std::make_unique<CLI::App>("rgx - loads, inspects and renders the levels of The Elder Scrolls "
                                   "Adventures: Redguard (1998), Daggerfall (1996), System Shock (1994) and "
                                   "Drakan (1999)");
    cli->require_subcommand(1);
    cli->set_help_all_flag("--help-all", "Show help for every subcommand");

    addInfo(*cli, o);

    auto* pvo = cli->add_subcommand(
        "pvo-query", "Print the sorted object ids visible from a point of a PVO octree as JSON");
    pvo->add_option("file", o.pvoFile, "The .PVO file")->required();
    pvo->add_option("x", o.pvoPoint[0], "X in PVO coordinates")->required()->check(kFinite);
    pvo->add_option("y", o.pvoPoint[1], "Y in PVO coordinates")->required()->check(kFinite);
    pvo->add_option("z", o.pvoPoint[2], "Z in PVO coordinates")->required()->check(kFinite);

    auto* vkinfo =
        cli->add_subcommand("vkinfo", "Print the Vulkan device rgx would use, its driver and API version");
    vkinfo->add_flag("--validation", o.vulkanInfo.validation, "Enable the validation layers while probing");

    auto* makeDemo =
        cli->add_subcommand("make-demo", "Write the generated demo game directory (real formats) to OUTDIR");
    makeDemo->add_option("outdir", o.makeDemo.outDir, "Directory to write (created)")->required();
    makeDemo
        ->add_option("--scale", o.makeDemo.scale,
                     "small (tests, a few MB) or island (the real island's counts)")
        ->check(CLI::IsMember({"small", "island"}));
    makeDemo->add_option("--seed", o.makeDemo.seed, "Random seed; the same seed gives identical files");

    auto* worlds = cli->add_subcommand(
        "worlds",
        "List every world of the game directory, engine by engine (Redguard's WORLD.INI, Daggerfall's "
        "towns, dungeons and blocks, System Shock's and Drakan's levels), with each engine's look rules");
    addGameOptions(*worlds, o.worlds.game, {.world = false, .model = false, .segment = false});
    worlds->add_flag("--json", o.worlds.json, "Print JSON");

    auto* scene =
        cli->add_subcommand("scene", "Assemble a world or model into a scene graph and summarise it");
    addGameOptions(*scene, o.scene.game);
    scene->add_flag("--json", o.scene.json, "Print JSON with every node (name, kind, model, world matrix)");
    scene->callback([&o] {
        if (o.scene.game.world < 0 && o.scene.game.model.empty())
            throw CLI::ValidationError("scene", "give --world N or --model FILE");
    });

    addRender(*cli, o);
    addCompare(*cli, o);
    addBench(*cli, o);
    addMapCommand(*cli, o);
    addAtlas(*cli, o);
    addExport(*cli, o);
    addExportAudio(*cli, o);
    addExplore(*cli, o);
    addAnimTrace(*cli, o);
    addScript(*cli, o);
    return cli;
}

std::string parseCli(CLI::App& cli, int argc, const char* const* argv) {
    cli.parse(argc, argv);
    for (const CLI::App* sub : cli.get_subcommands())
        return sub->get_name();
    return {};
}

int runCli(const CLI::App& cli, const CliOptions& o) {
    const std::vector<CLI::App*>& parsed = cli.get_subcommands();
    const std::string name = parsed.empty() ? std::string() : parsed.front()->get_name();
    if (name == "info") return runInfo(o.info);
    if (name == "pvo-query") return runPvoQuery(o.pvoFile, o.pvoPoint);
    if (name == "vkinfo") return runVkInfo(o.vulkanInfo);
    if (name == "make-demo") return runMakeDemo(o.makeDemo);
    if (name == "worlds") return runWorlds(o.worlds);
    if (name == "scene") return runScene(o.scene);
    if (name == "render") return runRender(o.render);
    if (name == "compare") return runCompare(o.compare);
    if (name == "explore") return runExplore(o.explore);
    if (name == "bench") return runBench(o.bench);
    if (name == "map") return runMap(o.map);
    if (name == "atlas") return runAtlas(o.atlas);
    if (name == "export") return runExport(o.exportGltf);
    if (name == "export-audio") return runExportAudio(o.exportAudio);
    if (name == "anim-trace") return runAnimTrace(o.animTrace);
    if (name == "script") return runScript(o.script);
    if (name == "script-trace") return runScriptTrace(o.scriptTrace);
    return 2;
}

} // namespace rgx::app
