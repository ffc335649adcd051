#include "loaders/redguard/fog_ini.h"

#include <algorithm>

namespace rgx::loaders {

FogIni parseFogIni(const IniFile& ini, std::vector<IniIssue>* issues) {
    FogIni out;
    auto report = [&](const IniLine& l, std::string reason) {
        if (issues) issues->push_back({l.number, l.raw, std::move(reason)});
    };
    for (const IniLine& l : ini.lines) {
        std::vector<std::string> fields;
        if (l.kind == IniLineKind::Text) {
            fields = splitIniList(l.value);
        } else if (l.kind == IniLineKind::KeyValue && !l.hasIndex) {
            fields = {l.key, l.value};
        } else if (l.kind == IniLineKind::Unknown) {
            report(l, l.reason);
            continue;
        } else if (l.kind == IniLineKind::KeyValue) {
            report(l, "indexed key in FOG.INI");
            continue;
        } else {
            continue;
        }
        if (fields.size() > 2) {
            report(l, "expected index,value");
            continue;
        }
        auto index = parseIniInt(fields[0]);
        if (!index || *index < 0 || *index >= static_cast<std::int64_t>(kFogTableSize)) {
            report(l, "fog index is not an integer in 0..63");
            continue;
        }
        FogPoint p;
        p.index = *index;
        if (fields.size() == 2) {
            auto value = parseIniInt(fields[1]);
            if (!value || *value < 0 || *value > 255) {
                report(l, "fog value is not an integer in 0..255");
                continue;
            }
            p.value = *value;
        }
        out.points.push_back(p);
    }
    return out;
}

FogIni readFogIni(ByteSpan bytes, const std::string& path, std::vector<IniIssue>* issues) {
    return parseFogIni(readIni(bytes, path), issues);
}

IniFile buildFogIni(const FogIni& fog) {
    IniFile ini;
    addIniComment(ini, "FOG.INI: index (0..63), fog density (0..255)");
    for (const FogPoint& p : fog.points) {
        std::string text = std::to_string(p.index);
        if (p.value) {
            text += ',';
            text += std::to_string(*p.value);
        }
        addIniText(ini, text);
    }
    return ini;
}

Bytes writeFogIni(const FogIni& fog) {
    return writeIni(buildFogIni(fog));
}

std::array<std::uint8_t, kFogTableSize> fogTable(const FogIni& fog) {
    std::array<std::uint8_t, kFogTableSize> table{};
    std::vector<FogPoint> points;
    for (const FogPoint& p : fog.points) {
        // parseFogIni only keeps in-range points; built data is clamped the same way here.
        if (p.value && p.index >= 0 && p.index < static_cast<std::int64_t>(kFogTableSize))
            points.push_back(p);
    }
    std::stable_sort(points.begin(), points.end(),
                     [](const FogPoint& a, const FogPoint& b) { return a.index < b.index; });
    auto clampByte = [](std::int64_t v) {
        return static_cast<std::uint8_t>(std::clamp<std::int64_t>(v, 0, 255));
    };
    for (std::size_t k = 0; k + 1 < points.size(); ++k) {
        const FogPoint& a = points[k];
        const FogPoint& b = points[k + 1];
        const std::int64_t span = b.index - a.index;
        if (span == 0) continue; // same index twice: the later point takes over
        for (std::int64_t i = a.index; i < b.index; ++i) {
            table[static_cast<std::size_t>(i)] =
                clampByte(*a.value + (*b.value - *a.value) * (i - a.index) / span);
        }
    }
    if (!points.empty()) {
        for (std::int64_t i = points.back().index; i < static_cast<std::int64_t>(kFogTableSize); ++i) {
            table[static_cast<std::size_t>(i)] = clampByte(*points.back().value);
        }
    }
    return table;
}

} // namespace rgx::loaders
