#include "loaders/redguard/world_ini.h"

#include <algorithm>

namespace rgx::loaders {

namespace {

using Tri = std::array<std::int64_t, 3>;
using Quad = std::array<std::int64_t, 4>;

// One row per typed world_* key; the table order is the canonical write order.
struct KeyDef {
    const char* name;
    std::optional<std::string> WorldEntry::*str = nullptr;
    std::optional<std::int64_t> WorldEntry::*num = nullptr;
    std::optional<Tri> WorldEntry::*tri = nullptr;
    std::optional<Quad> WorldEntry::*quad = nullptr;
};

KeyDef def(const char* n, std::optional<std::string> WorldEntry::*p) {
    return KeyDef{n, p, nullptr, nullptr, nullptr};
}
KeyDef def(const char* n, std::optional<std::int64_t> WorldEntry::*p) {
    return KeyDef{n, nullptr, p, nullptr, nullptr};
}
KeyDef def(const char* n, std::optional<Tri> WorldEntry::*p) {
    return KeyDef{n, nullptr, nullptr, p, nullptr};
}
KeyDef def(const char* n, std::optional<Quad> WorldEntry::*p) {
    return KeyDef{n, nullptr, nullptr, nullptr, p};
}

const std::vector<KeyDef>& keyDefs() {
    static const std::vector<KeyDef> defs = {
        def("world_map", &WorldEntry::map),
        def("world_world", &WorldEntry::world),
        def("world_redbook", &WorldEntry::redbook),
        def("world_palette", &WorldEntry::palette),
        def("world_shade", &WorldEntry::shade),
        def("world_haze", &WorldEntry::haze),
        def("world_background", &WorldEntry::background),
        def("world_compass", &WorldEntry::compass),
        def("world_flash_filename", &WorldEntry::flashFilename),
        def("world_sun", &WorldEntry::sun),
        def("world_ambient", &WorldEntry::ambient),
        def("world_ambientfx", &WorldEntry::ambientFx),
        def("world_ambientrgb", &WorldEntry::ambientRgb),
        def("world_sunangle", &WorldEntry::sunAngle),
        def("world_sunskew", &WorldEntry::sunSkew),
        def("world_sunrgb", &WorldEntry::sunRgb),
        def("world_fogrgb", &WorldEntry::fogRgb),
        def("world_sky", &WorldEntry::sky),
        def("world_skyfx", &WorldEntry::skyFx),
        def("world_skyscale", &WorldEntry::skyScale),
        def("world_skylevel", &WorldEntry::skyLevel),
        def("world_skyspeed", &WorldEntry::skySpeed),
        def("world_sky_xrotate", &WorldEntry::skyXRotate),
        def("world_sky_yrotate", &WorldEntry::skyYRotate),
        def("world_sunimg", &WorldEntry::sunImg),
        def("world_sunimgrgb", &WorldEntry::sunImgRgb),
        def("world_sunscale", &WorldEntry::sunScale),
        def("world_wave", &WorldEntry::wave),
        def("world_rain_delay", &WorldEntry::rainDelay),
        def("world_rain_drops", &WorldEntry::rainDrops),
        def("world_rain_start", &WorldEntry::rainStart),
        def("world_rain_end", &WorldEntry::rainEnd),
    };
    return defs;
}

constexpr std::string_view kNodeMapPrefix = "world_node_map";
constexpr std::string_view kRainSpherePrefix = "world_rain_sphere";

// "world_node_map3" -> 3 for prefix "world_node_map"; nullopt unless digits follow the prefix.
std::optional<std::int64_t> numberedKey(std::string_view lowerKey, std::string_view prefix) {
    if (lowerKey.size() <= prefix.size() || lowerKey.substr(0, prefix.size()) != prefix) return std::nullopt;
    std::string_view digits = lowerKey.substr(prefix.size());
    if (digits.size() > 9 ||
        !std::all_of(digits.begin(), digits.end(), [](char c) { return c >= '0' && c <= '9'; })) {
        return std::nullopt;
    }
    return parseIniInt(digits);
}

template <std::size_t N> std::optional<std::array<std::int64_t, N>> parseArray(std::string_view text) {
    auto values = parseIniIntList(text, N);
    if (!values) return std::nullopt;
    std::array<std::int64_t, N> out{};
    std::copy(values->begin(), values->end(), out.begin());
    return out;
}

template <typename Range> std::string joinInts(const Range& values) {
    std::string out;
    for (std::int64_t v : values) {
        if (!out.empty()) out += ',';
        out += std::to_string(v);
    }
    return out;
}

class Parser {
public:
    Parser(WorldIni& out, std::vector<IniIssue>* issues) : out_(out), issues_(issues) {}

    void line(const IniLine& l) {
        switch (l.kind) {
        case IniLineKind::Blank:
        case IniLineKind::Comment:
        case IniLineKind::Section:
            return;
        case IniLineKind::Unknown:
            report(l, l.reason);
            return;
        case IniLineKind::Text:
            report(l, "line without '=' in WORLD.INI");
            return;
        case IniLineKind::KeyValue:
            keyValue(l);
            return;
        }
    }

private:
    void report(const IniLine& l, std::string reason) {
        if (issues_) issues_->push_back({l.number, l.raw, std::move(reason)});
    }
    void keep(const IniLine& l, std::string reason) {
        out_.extra.push_back({l.section, l.key, l.hasIndex, l.index, l.value});
        report(l, std::move(reason));
    }

    void keyValue(const IniLine& l) {
        if (!iniEqualsNoCase(l.section, "world")) {
            keep(l, "key outside the [world] section");
            return;
        }
        std::string key = iniLower(l.key);
        if (!l.hasIndex) {
            global(l, key);
            return;
        }
        WorldEntry& w = out_.worlds[l.index];
        w.id = l.index;
        for (const KeyDef& d : keyDefs()) {
            if (key != d.name) continue;
            bool already = (d.str && (w.*d.str)) || (d.num && (w.*d.num)) || (d.tri && (w.*d.tri)) ||
                           (d.quad && (w.*d.quad));
            if (already) {
                keep(l, "duplicate key: the first occurrence is used");
                return;
            }
            bool ok = true;
            if (d.str) {
                w.*d.str = l.value;
            } else if (d.num) {
                auto v = parseIniInt(l.value);
                if ((ok = v.has_value())) w.*d.num = *v;
            } else if (d.tri) {
                auto v = parseArray<3>(l.value);
                if ((ok = v.has_value())) w.*d.tri = *v;
            } else {
                auto v = parseArray<4>(l.value);
                if ((ok = v.has_value())) w.*d.quad = *v;
            }
            if (!ok) {
                keep(l, std::string("value does not parse as ") + (d.num   ? "an integer"
                                                                   : d.tri ? "3 integers"
                                                                           : "4 integers"));
            }
            return;
        }
        if (auto seq = numberedKey(key, kNodeMapPrefix)) {
            bool dup = std::any_of(w.nodeMaps.begin(), w.nodeMaps.end(),
                                   [&](const WorldNodeMap& m) { return m.sequence == *seq; });
            if (dup) {
                keep(l, "duplicate key: the first occurrence is used");
            } else {
                w.nodeMaps.push_back({*seq, l.value});
            }
            return;
        }
        if (auto seq = numberedKey(key, kRainSpherePrefix)) {
            bool dup = std::any_of(w.rainSpheres.begin(), w.rainSpheres.end(),
                                   [&](const WorldRainSphere& s) { return s.sequence == *seq; });
            auto v = parseArray<4>(l.value);
            if (dup) {
                keep(l, "duplicate key: the first occurrence is used");
            } else if (!v) {
                keep(l, "value does not parse as 4 integers");
            } else {
                w.rainSpheres.push_back({*seq, *v});
            }
            return;
        }
        keep(l, "unknown world key");
    }

    void global(const IniLine& l, const std::string& key) {
        std::optional<std::int64_t>* target = nullptr;
        if (key == "start_world") target = &out_.startWorld;
        if (key == "start_marker") target = &out_.startMarker;
        if (key == "test_map_delay") target = &out_.testMapDelay;
        if (target) {
            auto v = parseIniInt(l.value);
            if (target->has_value()) {
                keep(l, "duplicate key: the first occurrence is used");
            } else if (!v) {
                keep(l, "value does not parse as an integer");
            } else {
                *target = *v;
            }
            return;
        }
        if (key == "test_map_order") {
            auto v = parseIniIntList(l.value);
            if (out_.testMapOrder) {
                keep(l, "duplicate key: the first occurrence is used");
            } else if (!v) {
                keep(l, "value does not parse as a list of integers");
            } else {
                out_.testMapOrder = *v;
            }
            return;
        }
        keep(l, "unknown key");
    }

    WorldIni& out_;
    std::vector<IniIssue>* issues_;
};

void addExtra(IniFile& ini, const WorldExtraKey& e) {
    if (e.hasIndex) {
        addIniIndexedValue(ini, e.key, e.index, e.value);
    } else {
        addIniValue(ini, e.key, e.value);
    }
}

} // namespace

WorldIni parseWorldIni(const IniFile& ini, std::vector<IniIssue>* issues) {
    WorldIni out;
    Parser parser(out, issues);
    for (const IniLine& l : ini.lines)
        parser.line(l);
    // A world exists when at least one of its keys decoded: ids that appear only on unknown or
    // undecodable keys (kept in extra) are not worlds.
    std::erase_if(out.worlds, [](const auto& kv) {
        WorldEntry empty;
        empty.id = kv.first;
        return kv.second == empty;
    });
    return out;
}

WorldIni readWorldIni(ByteSpan bytes, const std::string& path, std::vector<IniIssue>* issues) {
    return parseWorldIni(readIni(bytes, path), issues);
}

IniFile buildWorldIni(const WorldIni& w) {
    IniFile ini;
    // Keys that stood before any section header can only go back there.
    for (const WorldExtraKey& e : w.extra) {
        if (e.section.empty()) addExtra(ini, e);
    }
    addIniSection(ini, "world");
    if (w.startWorld) addIniValue(ini, "start_world", std::to_string(*w.startWorld));
    if (w.startMarker) addIniValue(ini, "start_marker", std::to_string(*w.startMarker));
    if (w.testMapDelay) addIniValue(ini, "test_map_delay", std::to_string(*w.testMapDelay));
    if (w.testMapOrder) addIniValue(ini, "test_map_order", joinInts(*w.testMapOrder));
    for (const auto& [id, e] : w.worlds) {
        addIniBlank(ini);
        for (const KeyDef& d : keyDefs()) {
            if (std::string_view(d.name) == "world_rain_delay") {
                // Node maps sit between the water and the rain keys, as in the shipped file.
                for (const WorldNodeMap& m : e.nodeMaps) {
                    addIniIndexedValue(ini, std::string(kNodeMapPrefix) + std::to_string(m.sequence), id,
                                       m.path);
                }
            }
            if (d.str && (e.*d.str)) addIniIndexedValue(ini, d.name, id, *(e.*d.str));
            if (d.num && (e.*d.num)) addIniIndexedValue(ini, d.name, id, std::to_string(*(e.*d.num)));
            if (d.tri && (e.*d.tri)) addIniIndexedValue(ini, d.name, id, joinInts(*(e.*d.tri)));
            if (d.quad && (e.*d.quad)) addIniIndexedValue(ini, d.name, id, joinInts(*(e.*d.quad)));
        }
        for (const WorldRainSphere& s : e.rainSpheres) {
            addIniIndexedValue(ini, std::string(kRainSpherePrefix) + std::to_string(s.sequence), id,
                               joinInts(s.xyzr));
        }
    }
    // The other extras in their stored order, reopening a section header whenever it changes,
    // so that reading the result back yields the same list in the same order.
    std::string current = "world";
    for (const WorldExtraKey& e : w.extra) {
        if (e.section.empty()) continue;
        if (e.section != current) {
            addIniSection(ini, e.section);
            current = e.section;
        }
        addExtra(ini, e);
    }
    return ini;
}

Bytes writeWorldIni(const WorldIni& world) {
    return writeIni(buildWorldIni(world));
}

std::vector<std::int64_t> worldIds(const WorldIni& world) {
    std::vector<std::int64_t> ids;
    ids.reserve(world.worlds.size());
    for (const auto& [id, e] : world.worlds)
        ids.push_back(id);
    return ids;
}

const WorldEntry* findWorld(const WorldIni& world, std::int64_t id) {
    auto it = world.worlds.find(id);
    return it == world.worlds.end() ? nullptr : &it->second;
}

} // namespace rgx::loaders
