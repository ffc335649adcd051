#include "loaders/redguard/surface_ini.h"

#include "loaders/enum_names.h"

#include <algorithm>

namespace rgx::loaders {

namespace {

constexpr EnumNames<SurfaceType, kSurfaceTypeCount> kNames{{"unknown", "water", "deepwater", "scapewater",
                                                            "scapedeepwater", "lava", "sand", "wood", "tile",
                                                            "scape", "rock", "gloop"}};

// Splits a [surfaces] record on commas, '=' and blanks: the exact separators of hand-edited
// lines vary, the three fields do not.
std::vector<std::string> recordFields(const IniLine& l) {
    std::string text = l.kind == IniLineKind::KeyValue ? l.key + "," + l.value : l.value;
    std::vector<std::string> fields;
    std::string cur;
    for (char c : text) {
        if (c == ',' || c == '=' || c == ' ' || c == '\t') {
            if (!cur.empty()) fields.push_back(std::move(cur));
            cur.clear();
        } else {
            cur += c;
        }
    }
    if (!cur.empty()) fields.push_back(std::move(cur));
    return fields;
}

std::string upper(std::string s) {
    for (char& c : s) {
        if (c >= 'a' && c <= 'z') c = static_cast<char>(c - 'a' + 'A');
    }
    return s;
}

} // namespace

const char* surfaceTypeName(SurfaceType type) {
    return kNames.name(type);
}

std::optional<SurfaceType> surfaceTypeFromName(std::string_view name) {
    for (std::size_t i = 0; i < kSurfaceTypeCount; ++i) {
        if (iniEqualsNoCase(name, kNames.names[i])) return static_cast<SurfaceType>(i);
    }
    return std::nullopt;
}

SurfaceIni parseSurfaceIni(const IniFile& ini, std::vector<IniIssue>* issues) {
    SurfaceIni out;
    auto report = [&](const IniLine& l, std::string reason) {
        if (issues) issues->push_back({l.number, l.raw, std::move(reason)});
    };
    SurfaceSoundSection* sound = nullptr;
    bool inSurfaces = false;
    for (const IniLine& l : ini.lines) {
        switch (l.kind) {
        case IniLineKind::Blank:
        case IniLineKind::Comment:
            continue;
        case IniLineKind::Unknown:
            report(l, l.reason);
            continue;
        case IniLineKind::Section: {
            inSurfaces = iniEqualsNoCase(l.section, "surfaces");
            sound = nullptr;
            if (!inSurfaces) {
                auto type = surfaceTypeFromName(l.section);
                if (type) {
                    out.soundSections.push_back({l.section, *type, {}});
                    sound = &out.soundSections.back();
                } else {
                    report(l, "unknown section");
                }
            }
            continue;
        }
        case IniLineKind::Text:
        case IniLineKind::KeyValue:
            break;
        }
        if (inSurfaces) {
            std::vector<std::string> f = recordFields(l);
            if (f.size() != 3) {
                report(l, "expected set, index, type");
                continue;
            }
            SurfaceAssignment a;
            auto set = parseIniInt(f[0]);
            if (!set || *set < 0 || *set > 511) {
                report(l, "texture set is not an integer in 0..511");
                continue;
            }
            a.set = *set;
            if (iniEqualsNoCase(f[1], "all")) {
                a.all = true;
            } else {
                auto index = parseIniInt(f[1]);
                if (!index || *index < 0 || *index > 65535) {
                    report(l, "texture index is neither 'all' nor an integer in 0..65535");
                    continue;
                }
                a.index = *index;
            }
            auto type = surfaceTypeFromName(f[2]);
            if (!type) {
                report(l, "unknown surface type '" + f[2] + "'");
                continue;
            }
            a.typeToken = f[2];
            a.type = *type;
            out.assignments.push_back(std::move(a));
        } else if (sound) {
            std::int64_t id = -1, remap = -1;
            if (l.kind == IniLineKind::KeyValue && !l.hasIndex) {
                id = parseIniInt(l.key).value_or(-1);
                remap = parseIniInt(l.value).value_or(-1);
            }
            if (id < 0 || id > 255 || remap < 0 || remap > 65535) {
                report(l, "expected sound_id (0..255) = remap_id (0..65535)");
                continue;
            }
            sound->remaps.push_back({id, remap});
        } else {
            report(l, "record outside a known section");
        }
    }
    return out;
}

SurfaceIni readSurfaceIni(ByteSpan bytes, const std::string& path, std::vector<IniIssue>* issues) {
    return parseSurfaceIni(readIni(bytes, path), issues);
}

IniFile buildSurfaceIni(const SurfaceIni& surface) {
    IniFile ini;
    addIniSection(ini, "surfaces");
    for (const SurfaceAssignment& a : surface.assignments) {
        std::string text = std::to_string(a.set);
        text += ", ";
        text += a.all ? std::string("all") : std::to_string(a.index);
        text += ", ";
        text += a.typeToken;
        addIniText(ini, text);
    }
    for (const SurfaceSoundSection& s : surface.soundSections) {
        addIniBlank(ini);
        addIniSection(ini, s.name);
        for (const SoundRemap& r : s.remaps)
            addIniValue(ini, std::to_string(r.sound), std::to_string(r.remap));
    }
    return ini;
}

Bytes writeSurfaceIni(const SurfaceIni& surface) {
    return writeIni(buildSurfaceIni(surface));
}

SurfaceAssignment makeSurfaceAssignment(std::int64_t set, std::optional<std::int64_t> index,
                                        SurfaceType type) {
    SurfaceAssignment a;
    a.set = set;
    a.all = !index.has_value();
    a.index = index.value_or(0);
    a.type = type;
    a.typeToken = upper(surfaceTypeName(type));
    return a;
}

SurfaceType surfaceTypeAt(const SurfaceIni& surface, std::int64_t set, std::int64_t index) {
    SurfaceType type = SurfaceType::Unknown;
    for (const SurfaceAssignment& a : surface.assignments) {
        if (a.set == set && (a.all || a.index == index)) type = a.type;
    }
    return type;
}

SoundRemapTable soundRemapTable(const SurfaceIni& surface) {
    SoundRemapTable table{};
    for (auto& row : table) {
        for (std::size_t i = 0; i < row.size(); ++i)
            row[i] = static_cast<std::uint16_t>(i);
    }
    for (const SurfaceSoundSection& s : surface.soundSections) {
        auto t = static_cast<std::size_t>(s.type);
        if (t >= kSurfaceTypeCount) continue;
        for (const SoundRemap& r : s.remaps) {
            if (r.sound < 0 || r.sound > 255 || r.remap < 0 || r.remap > 65535) continue;
            table[t][static_cast<std::size_t>(r.sound)] = static_cast<std::uint16_t>(r.remap);
        }
    }
    return table;
}

TerrainBlend terrainBlendType(int textureIndex) {
    switch (textureIndex) {
    case 0:
        return TerrainBlend::Full;
    case 6:
    case 52:
        return TerrainBlend::Gradient;
    case 31:
        return TerrainBlend::HardEdge;
    case 5:
    case 7:
    case 30:
    case 32:
        return TerrainBlend::CustomPattern;
    default:
        return TerrainBlend::None;
    }
}

bool isWaterTextureIndex(int textureIndex) {
    return textureIndex == 0 || textureIndex == 5 || textureIndex == 30 || textureIndex == 31;
}

} // namespace rgx::loaders
