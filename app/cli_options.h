#pragma once
// What app/cli.cpp's subcommands share with those defined in files of their own (cli_export.cpp):
// the checks of numbers, options parsed in several parts, and the scripts' switches.

#include "app/cli.h"
#include "base/error.h"
#include "loaders/redguard/soup_bytecode.h"
#include "sim/script_config.h"

#include <CLI/CLI.hpp>

#include <optional>
#include <string>

namespace rgx::app {

// The number `text` spells, when that is all it holds and it is finite (CLI11's own conversion
// accepts "nan" and "inf").
std::optional<double> finiteNumber(const std::string& text);

// A finite number; a finite number above 0.
extern const CLI::Validator kFinite;
extern const CLI::Validator kPositiveFinite;

// An option whose value is one argument of several parts ("X,Y,Z,YAW,PITCH"), parsed once by
// `parse`, the same parser the explorer script uses: its rgx::Error becomes CLI11's validation
// error naming the option (never a file offset). `form` is what --help shows as the value.
template <typename Parse>
CLI::Option* addParsed(CLI::App& app, const std::string& name, const std::string& form,
                       const std::string& help, Parse parse) {
    return app
        .add_option_function<std::string>(
            name,
            [name, parse](const std::string& text) {
                try {
                    parse(text);
                } catch (const Error& e) {
                    throw CLI::ValidationError(name, e.message());
                }
            },
            help)
        ->type_name(form);
}

// --scripts on|off: whether the world's SOUP scripts run (docs/scripts.md).
void addScriptsSwitch(CLI::App& command, bool& scripts);
// --id0-count auto|byte|none: the count byte after function id 0 (docs/scripts.md "Byte counts").
void addId0Count(CLI::App& command, loaders::SoupId0Reading& id0);
// --script-time and --id0-count: how the scripts are read (sim::ScriptConfig, docs/scripts.md).
void addScriptConfig(CLI::App& command, sim::ScriptConfig& config);

// rgx export and rgx export-audio (cli_export.cpp).
void addExport(CLI::App& cli, CliOptions& o);
void addExportAudio(CLI::App& cli, CliOptions& o);

} // namespace rgx::app
