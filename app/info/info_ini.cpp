// `rgx info` for the text configuration files: WORLD.INI, SYSTEM.INI, FOG.INI, SURFACE.INI and
// any other INI. Detection is last of all formats (a text check), so binary formats win.

#include "app/info/info_registry.h"
#include "loaders/redguard/fog_ini.h"
#include "loaders/redguard/ini.h"
#include "loaders/redguard/surface_ini.h"
#include "loaders/redguard/system_ini.h"
#include "loaders/redguard/world_ini.h"

#include <algorithm>
#include <cctype>
#include <set>

namespace rgx::app {

namespace {

bool isText(loaders::ByteSpan bytes) {
    const std::size_t n = std::min<std::size_t>(bytes.size(), 4096);
    for (std::size_t i = 0; i < n; ++i) {
        const std::uint8_t c = bytes[i];
        if (c == 0 || (c < 0x20 && c != '\t' && c != '\r' && c != '\n' && c != 0x1A)) return false;
    }
    return true;
}

// A '[' at the start of a line with a ']' later on it: a section header.
bool hasSectionHeader(loaders::ByteSpan bytes) {
    const std::size_t n = std::min<std::size_t>(bytes.size(), 4096);
    bool lineStart = true;
    for (std::size_t i = 0; i < n; ++i) {
        if (lineStart && bytes[i] == '[') {
            for (std::size_t j = i + 1; j < n && bytes[j] != '\n'; ++j)
                if (bytes[j] == ']') return true;
        }
        lineStart = bytes[i] == '\n' || (lineStart && (bytes[i] == ' ' || bytes[i] == '\t'));
    }
    return false;
}

bool detectIni(loaders::ByteSpan bytes, std::string_view ext) {
    if (bytes.empty() || bytes.size() > loaders::kMaxIniBytes || !isText(bytes)) return false;
    return ext == "ini" || hasSectionHeader(bytes);
}

std::string lowerStem(const std::string& path) {
    std::size_t slash = path.find_last_of("/\\");
    std::string name = slash == std::string::npos ? path : path.substr(slash + 1);
    name = name.substr(0, name.find('.'));
    std::transform(name.begin(), name.end(), name.begin(),
                   [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    return name;
}

nlohmann::json describeIni(loaders::ByteSpan bytes, const std::string& path,
                           rgx::loaders::Warnings& warnings) {
    using namespace rgx::loaders;
    const IniFile ini = readIni(bytes, path);
    std::vector<IniIssue> issues = iniIssues(ini);
    std::vector<std::string> sections;
    std::set<std::string> seen;
    std::size_t keys = 0;
    for (const IniLine& l : ini.lines) {
        if (l.kind == IniLineKind::Section && seen.insert(l.section).second) sections.push_back(l.section);
        if (l.kind == IniLineKind::KeyValue) ++keys;
    }
    const std::string stem = lowerStem(path);
    nlohmann::json j = {
        {"format", "ini"}, {"lines", ini.lines.size()}, {"sections", sections}, {"keys", keys}};
    // The typed layers add what they understand and report what they do not.
    if (stem == "world") {
        WorldIni world = parseWorldIni(ini, &issues);
        j["kind"] = "world";
        j["worlds"] = worldIds(world);
    } else if (stem == "system") {
        parseSystemIni(ini, &issues);
        j["kind"] = "system";
    } else if (stem == "fog") {
        FogIni fog = parseFogIni(ini, &issues);
        j["kind"] = "fog";
        j["fog_points"] = fog.points.size();
        auto table = fogTable(fog);
        j["fog_table"] = std::vector<int>(table.begin(), table.end());
    } else if (stem == "surface") {
        SurfaceIni surface = parseSurfaceIni(ini, &issues);
        j["kind"] = "surface";
        j["surface_assignments"] = surface.assignments.size();
        j["sound_sections"] = surface.soundSections.size();
    } else {
        j["kind"] = "generic";
    }
    // The typed layers run the generic checks again: each issue once.
    std::vector<IniIssue> unique;
    for (const IniIssue& i : issues)
        if (std::find(unique.begin(), unique.end(), i) == unique.end()) unique.push_back(i);
    nlohmann::json list = nlohmann::json::array();
    for (const IniIssue& i : unique) {
        list.push_back({{"line", i.line}, {"reason", i.reason}});
        warnings.push_back(
            {path, Error::kNoOffset, i.line ? "line " + std::to_string(i.line) : "", i.reason});
    }
    j["issues"] = list;
    return j;
}

} // namespace

RGX_REGISTER_INFO_FORMAT("ini", 95, detectIni, describeIni, "ini");

} // namespace rgx::app
