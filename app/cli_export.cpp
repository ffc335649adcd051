// rgx export (glTF) and rgx export-audio: their options.
#include "app/cli_options.h"

#include "app/commands/game_options.h"

#include <cmath>

namespace rgx::app {

namespace {

// "all" -> nullopt, "none" -> {}, "0,3,7" -> {0, 3, 7}; throws rgx::Error for anything else.
std::optional<std::vector<int>> parseGroupList(const std::string& text) {
    if (text == "all") return std::nullopt;
    std::vector<int> out;
    if (text == "none") return out;
    std::size_t at = 0;
    while (at <= text.size()) {
        const std::size_t comma = std::min(text.find(',', at), text.size());
        const std::string part = text.substr(at, comma - at);
        const std::optional<double> v = finiteNumber(part);
        if (!v || *v < 0 || *v > 65535 || *v != std::floor(*v))
            throw Error("--groups", Error::kNoOffset, "groups",
                        "expected all, none or group_index values 0..65535 separated by commas, got \"" +
                            text + "\"");
        out.push_back(static_cast<int>(*v));
        at = comma + 1;
    }
    return out;
}

} // namespace

void addExport(CLI::App& cli, CliOptions& o) {
    ExportCommandOptions& e = o.exportGltf;
    auto* exp = cli.add_subcommand(
        "export", "Write a world or model as glTF 2.0 (.glb or .gltf): nodes, shared meshes, terrain chunks, "
                  "palette-resolved textures, lights, the default camera, a 3DC's frames as morph targets");
    addGameOptions(*exp, e.game);
    exp->add_option("-o,--output", e.output, "OUT.glb (binary) or OUT.gltf (JSON, buffers embedded)")
        ->required();
    exp->add_flag(
        "--no-textures", [&e](std::int64_t) { e.textures = false; },
        "Materials keep their colours; no images are written");
    exp->add_option_function<std::string>(
           "--frames", [&e](const std::string& text) { e.frames = text == "all"; },
           "all (the default: a 3DC's frames as morph targets, a model's as an animation) or none")
        ->check(CLI::IsMember({"all", "none"}));
    addParsed(*exp, "--groups", "all|none|LIST",
              "The actors' RAGR animation groups to write as animations: all (the default), none, or a "
              "comma-separated list of group_index values",
              [&e](const std::string& text) { e.groups = parseGroupList(text); });
    exp->add_option_function<double>(
           "--time", [&e](double t) { e.time = t; },
           "Write the world as it is at S seconds: the SOUP scripts run to S (docs/scripts.md), actors "
           "posed (default: at rest)")
        ->check(kFinite);
    addScriptsSwitch(*exp, e.scripts);
    addScriptConfig(*exp, e.scriptConfig);
    exp->callback([&e] {
        if (e.game.world < 0 && e.game.model.empty())
            throw CLI::ValidationError("export", "give --world N or --model FILE");
    });
}

void addExportAudio(CLI::App& cli, CliOptions& o) {
    auto* audio =
        cli.add_subcommand("export-audio", "Write every sound clip of MAIN.SFX or ENGLISH.RTX as a WAV file "
                                           "(PCM as stored) and index.json listing every entry");
    audio->add_option("file", o.exportAudio.file, "MAIN.SFX or ENGLISH.RTX")
        ->required()
        ->check(CLI::ExistingFile);
    audio->add_option("-o,--output", o.exportAudio.output, "Directory to write (created)")->required();
}

} // namespace rgx::app
