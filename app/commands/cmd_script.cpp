// rgx script and rgx script-trace: the SOUP scripts of a map, disassembled (docs/scripts.md
// "Listing syntax") or run tick by tick by the VM the renderers' worlds use (sim/soup_vm.h).
// Both read only the RGM (and the game's SOUP386.DEF with --world): a bare RGM works.

#include "app/commands.h"
#include "app/commands/game_options.h"
#include "app/commands/json_text.h"

#include "base/error.h"
#include "loaders/file_io.h"
#include "loaders/redguard/rgm.h"
#include "loaders/redguard/soup_asm.h"
#include "loaders/redguard/soup_script.h"
#include "loaders/text.h"
#include "scene/redguard/world_catalog.h"
#include "sim/game_tick.h"
#include "sim/soup_vm.h"

#include <nlohmann/json.hpp>

#include <iostream>
#include <optional>

namespace rgx::app {

namespace {

struct ScriptedMap {
    loaders::Rgm rgm;
    std::string path;
    std::optional<loaders::SoupDef> def; // the game's SOUP386.DEF (--world with one)
    double ticksPerSecond = sim::kDefaultTicksPerSecond;
    std::int64_t world = 0;
    Warnings warnings;
};

ScriptedMap loadScriptedMap(const std::string& file, const GameChoice& game) {
    auto progress = [](const std::string& line) { std::cerr << line << "\n"; };
    ScriptedMap out;
    if (!file.empty()) {
        out.path = file;
        out.rgm = loaders::readRgm(loaders::readFile(file), file);
        return out;
    }
    const std::unique_ptr<scene::GameFs> fs = openChosenGame(game, progress);
    const scene::WorldCatalog catalog = scene::loadWorldCatalog(*fs);
    const loaders::WorldEntry& world = catalog.world(game.world);
    if (!world.map || world.map->empty())
        throw Error(catalog.worldIniPath, Error::kNoOffset, "world_map[" + std::to_string(game.world) + "]",
                    "the world names no map");
    out.path = *world.map;
    out.world = game.world;
    out.rgm = loaders::readRgm(fs->read(*world.map), *world.map);
    out.ticksPerSecond = sim::gameTicksPerSecond(catalog.system.normalFrameRate);
    static constexpr const char* kDef = "soup386/SOUP386.DEF";
    if (fs->exists(kDef)) {
        loaders::SoupDefReadResult r = loaders::readSoupDefWithWarnings(fs->read(kDef), kDef);
        out.def = std::move(r.def);
        out.warnings = std::move(r.warnings);
    }
    return out;
}

std::string actorList(const std::vector<loaders::SoupActorScript>& scripts) {
    std::string names;
    for (const loaders::SoupActorScript& s : scripts)
        names += (names.empty() ? "" : ", ") + s.name;
    return names.empty() ? "none" : names;
}

// The scripts asked for: every actor's, or the one named.
std::vector<std::size_t> chosenActors(const ScriptedMap& map,
                                      const std::vector<loaders::SoupActorScript>& scripts,
                                      const std::string& actor) {
    std::vector<std::size_t> out;
    for (std::size_t i = 0; i < scripts.size(); ++i) {
        if (actor.empty() || scripts[i].name == actor) out.push_back(i);
    }
    if (!actor.empty() && out.empty())
        throw Error(map.path, Error::kNoOffset, "RAHD",
                    "no actor named \"" + actor + "\" (actors: " + actorList(scripts) + ")");
    return out;
}

nlohmann::json warningsJson(const Warnings& warnings) {
    nlohmann::json out = nlohmann::json::array();
    for (const Warning& w : warnings)
        out.push_back(w.text());
    return out;
}

const char* stateName(sim::ScriptThreadTick::State s) {
    switch (s) {
    case sim::ScriptThreadTick::Ran:
        return "ran";
    case sim::ScriptThreadTick::Waiting:
        return "waiting";
    case sim::ScriptThreadTick::Idle:
        return "idle";
    case sim::ScriptThreadTick::Ended:
        break;
    }
    return "ended";
}

const char* writeKind(sim::ScriptWrite::Kind k) {
    switch (k) {
    case sim::ScriptWrite::Flag:
        return "flag";
    case sim::ScriptWrite::Variable:
        return "variable";
    case sim::ScriptWrite::Attribute:
        return "attribute";
    case sim::ScriptWrite::Property:
        break;
    }
    return "property";
}

} // namespace

int runScript(const ScriptOptions& o) {
    ScriptedMap map = loadScriptedMap(o.file, o.game);
    Warnings warnings = map.warnings;
    const std::vector<loaders::SoupActorScript> scripts =
        loaders::soupActorScripts(map.rgm, map.path, &warnings);
    const loaders::SoupDef* def = map.def ? &*map.def : nullptr;
    nlohmann::json actors = nlohmann::json::array();
    std::string text;
    for (std::size_t a : chosenActors(map, scripts, o.actor)) {
        const loaders::SoupActorScript& s = scripts[a];
        loaders::SoupListing listing =
            loaders::decodeSoupScript(s.code, s.name, map.path, s.codeOffset, {o.id0, s.scriptPc});
        warnings.insert(warnings.end(), listing.warnings.begin(), listing.warnings.end());
        const loaders::SoupNames names{def, &s.strings};
        if (o.json) {
            nlohmann::json instructions = nlohmann::json::array();
            for (const loaders::SoupInstruction& in : listing.code.instructions) {
                const std::uint8_t op = static_cast<std::uint8_t>(listing.code.main(in).op);
                instructions.push_back({{"offset", in.offset},
                                        {"opcode", op},
                                        {"name", loaders::soupOpName(op)},
                                        {"length", in.length},
                                        {"text", loaders::soupInstructionText(listing.code, in, names)},
                                        {"targets", loaders::soupTargets(listing.code, in)}});
            }
            actors.push_back({{"name", s.name},
                              {"script_pc", s.scriptPc},
                              {"length", s.code.size()},
                              {"strings", s.strings},
                              {"variables", s.variables},
                              {"complete", listing.complete},
                              {"id0_count", loaders::soupId0CountName(listing.code.id0)},
                              {"id0_verdict", loaders::soupId0VerdictText(listing.id0Verdict)},
                              {"instructions", instructions}});
        } else {
            text += "; actor " + s.name + ": " + std::to_string(s.code.size()) + " bytes, script_pc " +
                    loaders::soupLabel(s.scriptPc) + ", " + std::to_string(s.strings.size()) + " strings, " +
                    std::to_string(s.variables.size()) + " variables" +
                    (listing.complete ? "" : " (the listing stops at bad bytecode)") + "\n";
            if (listing.id0Verdict != loaders::SoupId0Verdict::NoCall)
                text += std::string("; id-0 calls read with ") +
                        (listing.code.id0 == loaders::SoupId0Count::Byte ? "a count byte" : "no count byte") +
                        " (" + loaders::soupId0VerdictText(listing.id0Verdict) + ")\n";
            text += loaders::disassembleSoup(listing.code, s.scriptPc, names) + "\n";
        }
    }
    if (o.json) {
        nlohmann::json out{{"file", map.path},
                           {"def", def ? nlohmann::json("soup386/SOUP386.DEF") : nlohmann::json(nullptr)},
                           {"actors", actors},
                           {"warnings", warningsJson(warnings)}};
        std::cout << utf8Json(out).dump(2) << "\n";
    } else {
        std::cout << loaders::toUtf8(text);
        for (const Warning& w : warnings)
            std::cerr << "rgx: warning: " << loaders::toUtf8(w.text()) << "\n";
    }
    return 0;
}

int runScriptTrace(const ScriptTraceOptions& o) {
    ScriptedMap map = loadScriptedMap(o.file, o.game);
    Warnings warnings = map.warnings;
    std::vector<loaders::SoupActorScript> scripts = loaders::soupActorScripts(map.rgm, map.path, &warnings);
    const std::size_t actor = chosenActors(map, scripts, o.actor).front();
    // Every placed object runs (flags are shared); the trace follows the actor's first placement,
    // or a lone instance at the origin when the map places none.
    std::vector<sim::ScriptInstanceInfo> instances =
        sim::scriptInstances(loaders::soupPlacements(map.rgm, scripts), scripts);
    std::optional<std::size_t> traced;
    for (std::size_t i = 0; i < instances.size() && !traced; ++i)
        if (instances[i].script == actor) traced = i;
    if (!traced) {
        sim::ScriptInstanceInfo info;
        info.script = actor;
        info.name = scripts[actor].name;
        traced = instances.size();
        instances.push_back(std::move(info));
    }
    sim::ScriptConfig config = o.scriptConfig;
    config.ticksPerSecond = map.ticksPerSecond;
    const auto program =
        sim::makeScriptProgram(std::move(scripts), std::move(instances), map.def ? &*map.def : nullptr,
                               sim::scriptSeed(map.world), map.path, sim::rgmGroupFrames(map.rgm), config);
    warnings.insert(warnings.end(), program->warnings.begin(), program->warnings.end());
    sim::ScriptVm vm(program);
    sim::ScriptTrace trace;
    trace.instance = traced;
    nlohmann::json ticks = nlohmann::json::array();
    std::string text;
    const loaders::SoupCode& code = program->code[actor];
    const loaders::SoupNames names{&program->def, &program->scripts[actor].strings};
    for (int t = 0; t < o.ticks; ++t) {
        const std::uint64_t tick = vm.ticks();
        for (int at : o.activate) {
            if (static_cast<std::uint64_t>(at) == tick) {
                const sim::ActivateResult r = vm.activate(*traced);
                if (!o.json)
                    text +=
                        "tick " + std::to_string(tick) + ": activated: " + sim::activateResultText(r) + "\n";
            }
        }
        vm.tick({}, &trace);
        nlohmann::json threads = nlohmann::json::array();
        for (const sim::ScriptThreadTick& th : trace.threads) {
            nlohmann::json calls = nlohmann::json::array();
            for (const sim::ScriptCall& c : th.calls)
                calls.push_back({{"function", c.function}, {"id", c.id}, {"args", c.args}});
            nlohmann::json writes = nlohmann::json::array();
            for (const sim::ScriptWrite& w : th.writes)
                writes.push_back({{"kind", writeKind(w.kind)}, {"index", w.index}, {"value", w.value}});
            const char* name =
                th.state == sim::ScriptThreadTick::Ran ? loaders::soupOpName(th.opcode) : nullptr;
            nlohmann::json thread{{"thread", th.thread},
                                  {"pc", th.pc},
                                  {"opcode", th.opcode},
                                  {"name", name ? name : ""},
                                  {"state", stateName(th.state)},
                                  {"calls", calls},
                                  {"writes", writes}};
            if (th.activated) thread["activated"] = true; // a run of the handler an activation started
            threads.push_back(std::move(thread));
            if (!o.json) {
                text += "tick " + std::to_string(tick) + " thread " + std::to_string(th.thread) + " " +
                        stateName(th.state) + (th.activated ? " (activation)" : "");
                if (th.state == sim::ScriptThreadTick::Ran) {
                    const loaders::SoupInstruction* in = code.at(th.pc);
                    text += " " + loaders::soupLabel(th.pc) + ": " +
                            (in ? loaders::soupInstructionText(code, *in, names) : std::string("?"));
                }
                for (const sim::ScriptWrite& w : th.writes)
                    text += "\n    " + std::string(writeKind(w.kind)) + " " + std::to_string(w.index) +
                            " = " + std::to_string(w.value);
                text += "\n";
            }
        }
        ticks.push_back({{"tick", tick}, {"threads", threads}});
    }
    nlohmann::json flags = nlohmann::json::object();
    for (std::size_t f = 0; f < vm.flags().size(); ++f) {
        const std::int32_t start = f < program->def.flags.size() ? program->def.flags[f].value : 0;
        if (vm.flags()[f] != start) flags[std::to_string(f)] = vm.flags()[f];
    }
    nlohmann::json events = nlohmann::json::array();
    for (const sim::ScriptEvent& e : vm.events())
        events.push_back({{"tick", e.tick}, {"instance", e.instance}, {"text", e.text}});
    const sim::ScriptInstanceState& state = vm.instance(*traced);
    if (o.json) {
        nlohmann::json out{{"file", map.path},
                           {"actor", program->scripts[actor].name},
                           {"instance", *traced},
                           {"ticks_per_second", map.ticksPerSecond},
                           {"ticks", ticks},
                           {"variables", state.variables},
                           {"flags", flags},
                           {"events", events},
                           {"warnings", warningsJson(warnings)}};
        std::cout << utf8Json(out).dump(2) << "\n";
    } else {
        std::cout << loaders::toUtf8("actor " + program->scripts[actor].name + " (" + map.path + "), " +
                                     std::to_string(map.ticksPerSecond) + " ticks per second\n" + text);
        std::cout << "variables:";
        for (std::int32_t v : state.variables)
            std::cout << " " << v;
        std::cout << "\nflags changed: " << flags.dump() << "\n";
        for (const sim::ScriptEvent& e : vm.events())
            std::cout << "event at tick " << e.tick << ": " << loaders::toUtf8(e.text) << "\n";
        for (const Warning& w : warnings)
            std::cerr << "rgx: warning: " << loaders::toUtf8(w.text()) << "\n";
    }
    return 0;
}

} // namespace rgx::app
