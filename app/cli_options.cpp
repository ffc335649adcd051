#include "app/cli_options.h"

#include <cmath>
#include <cstdlib>

namespace rgx::app {

std::optional<double> finiteNumber(const std::string& text) {
    char* end = nullptr;
    const double v = std::strtod(text.c_str(), &end);
    if (text.empty() || *end != '\0' || !std::isfinite(v)) return std::nullopt;
    return v;
}

const CLI::Validator kFinite(
    [](std::string& text) -> std::string {
        return finiteNumber(text) ? "" : "'" + text + "' is not a finite number";
    },
    "FINITE");

const CLI::Validator kPositiveFinite(
    [](std::string& text) -> std::string {
        const std::optional<double> v = finiteNumber(text);
        return v && *v > 0 ? "" : "'" + text + "' is not a number above 0";
    },
    "POSITIVE");

// --id0-count auto|byte|none: the count byte after function id 0 (docs/scripts.md "Byte counts").
void addId0Count(CLI::App& command, loaders::SoupId0Reading& id0) {
    command
        .add_option_function<std::string>(
            "--id0-count", [&id0](const std::string& v) { id0 = *loaders::parseSoupId0Reading(v); },
            "The parameter count after function id 0: auto (default: the reading under which every "
            "instruction decodes and every jump lands on one, per script), byte or none")
        ->check(CLI::IsMember({"auto", "byte", "none"}));
}

// --scripts on|off: whether the world's SOUP scripts run (docs/scripts.md).
void addScriptsSwitch(CLI::App& command, bool& scripts) {
    command
        .add_option_function<std::string>(
            "--scripts", [&scripts](const std::string& v) { scripts = v == "on"; },
            "on (default): the world's SOUP scripts run to --time (docs/scripts.md); off: every object "
            "as placed, actors in their first group")
        ->check(CLI::IsMember({"on", "off"}));
}

// --script-time and --id0-count: how the scripts are read (sim::ScriptConfig, docs/scripts.md).
void addScriptConfig(CLI::App& command, sim::ScriptConfig& config) {
    command
        .add_option_function<std::string>(
            "--script-time", [&config](const std::string& v) { config.time = *sim::parseScriptTimeUnit(v); },
            "The unit of the scripts' durations (Wait, Rotate*, Move*, WalkForward...): ticks (default, "
            "the game tick) or tenths (of a second); docs/scripts.md \"Units\"")
        ->check(CLI::IsMember({"ticks", "tenths"}));
    addId0Count(command, config.id0);
}

} // namespace rgx::app
