#pragma once
// The checks of docs/scripts.md "Real games", on any game directory (the demo in the sim tests,
// a real install with RGX_REAL_GAME in the real tests): every map's scripts decode with no
// unknown opcode, every jump lands on an instruction start, every call's function id fits the
// DEF and its parameter count is the DEF's; the count after function id 0 is read as the file
// decodes under (docs/scripts.md "Byte counts"), and the readings kept are counted; then every map
// runs its first 10 s and the functions it called are counted.

#include "loaders/redguard/soup_def.h"
#include "loaders/redguard/soup_script.h"
#include "scene/game_fs.h"
#include "sim/soup_vm.h"

#include <algorithm>
#include <filesystem>
#include <map>
#include <string>
#include <vector>

namespace rgx::testing {

struct GameScriptsReport {
    std::vector<std::string> failures; // one line each: file, actor, offset, what
    std::size_t maps = 0, scripts = 0, instructions = 0, calls = 0;
    // Scripts by the id-0 reading kept ("byte", "none") and by how it was chosen (the verdict's text).
    std::map<std::string, std::size_t> id0Readings, id0Verdicts;
    // Scripts whose id-0 count both readings decode (the warning each gave): reported, not failed.
    std::vector<std::string> id0Ambiguous;
    // Named objects (str[i]) found by script name, not RANM (a warning each).
    std::vector<std::string> nameFallbacks;
    // Per map: function name -> calls in its first 10 s.
    std::map<std::string, std::map<std::string, std::uint64_t>> histogram;
};

inline GameScriptsReport checkGameScripts(const std::filesystem::path& root, double seconds = 10) {
    GameScriptsReport report;
    const scene::GameFs fs(root);
    loaders::SoupDef def = loaders::gameSoupDef();
    if (fs.exists("soup386/SOUP386.DEF")) {
        const loaders::SoupDefReadResult r =
            loaders::readSoupDefWithWarnings(fs.read("soup386/SOUP386.DEF"), "soup386/SOUP386.DEF");
        for (const Warning& w : r.warnings)
            report.failures.push_back(w.text());
        def = r.def;
    }
    const auto mapsDir = fs.find("maps");
    if (!mapsDir) {
        report.failures.push_back(root.string() + ": no maps directory");
        return report;
    }
    std::vector<std::filesystem::path> maps;
    for (const auto& entry : std::filesystem::directory_iterator(*mapsDir)) {
        std::string ext = entry.path().extension().string();
        std::transform(ext.begin(), ext.end(), ext.begin(), [](unsigned char c) { return std::toupper(c); });
        if (ext == ".RGM") maps.push_back(entry.path());
    }
    std::sort(maps.begin(), maps.end());
    for (const std::filesystem::path& file : maps) {
        const std::string path = file.filename().string();
        ++report.maps;
        const loaders::Rgm rgm = loaders::readRgm(fs.read("maps/" + path), path);
        Warnings warnings;
        std::vector<loaders::SoupActorScript> scripts = loaders::soupActorScripts(rgm, path, &warnings);
        for (const Warning& w : warnings)
            report.failures.push_back(w.text());
        for (const loaders::SoupActorScript& s : scripts) {
            ++report.scripts;
            const loaders::SoupListing l = loaders::decodeSoupScript(
                s.code, s.name, path, s.codeOffset, {loaders::SoupId0Reading::Auto, s.scriptPc});
            if (l.id0Verdict != loaders::SoupId0Verdict::NoCall)
                ++report.id0Readings[loaders::soupId0CountName(l.code.id0)];
            ++report.id0Verdicts[loaders::soupId0VerdictText(l.id0Verdict)];
            for (const Warning& w : l.warnings) {
                // Both readings passing is a warning to report (counted in id0Verdicts), not a
                // failure: the file cannot tell them apart.
                if (l.id0Verdict == loaders::SoupId0Verdict::Both &&
                    w.message.find("after function id 0") != std::string::npos) {
                    report.id0Ambiguous.push_back(w.text());
                    continue;
                }
                report.failures.push_back(w.text());
            }
            report.instructions += l.code.instructions.size();
            for (const loaders::SoupExpr& x : l.code.exprs) {
                if (!x.isCall()) continue;
                if (x.function >= def.functions.size()) {
                    report.failures.push_back(path + ": actor " + s.name + ": function id " +
                                              std::to_string(x.function) + " is past the DEF's " +
                                              std::to_string(def.functions.size()));
                } else if (x.paramCount != def.functions[x.function].params) {
                    report.failures.push_back(path + ": actor " + s.name + ": " +
                                              def.functions[x.function].name + " called with " +
                                              std::to_string(x.paramCount) + " parameters, the DEF gives " +
                                              std::to_string(def.functions[x.function].params));
                }
            }
        }
        std::vector<sim::ScriptInstanceInfo> instances =
            sim::scriptInstances(loaders::soupPlacements(rgm, scripts), scripts);
        const auto program = sim::makeScriptProgram(std::move(scripts), std::move(instances), &def, 1, path,
                                                    sim::rgmGroupFrames(rgm));
        for (const Warning& w : program->warnings) {
            if (w.message.find("RANM") != std::string::npos) report.nameFallbacks.push_back(w.text());
        }
        sim::ScriptVm vm(program);
        for (int t = 0; t < static_cast<int>(seconds * 12); ++t)
            vm.tick({});
        for (const sim::ScriptEvent& e : vm.events()) {
            if (e.text.find("division by zero") == std::string::npos)
                report.failures.push_back(path + ": tick " + std::to_string(e.tick) + ": " + e.text);
        }
        for (const auto& [id, count] : vm.callCounts()) {
            report.calls += count;
            report.histogram[path][id < def.functions.size() ? def.functions[id].name
                                                             : "fn_" + std::to_string(id)] += count;
        }
    }
    return report;
}

} // namespace rgx::testing
