#include "loaders/redguard/system_ini.h"

#include <charconv>

namespace rgx::loaders {

namespace {

// One row per typed setting; the table order is the canonical write order.
struct Setting {
    const char* section;
    const char* key;
    std::int64_t SystemIni::*num = nullptr;
    std::string SystemIni::*str = nullptr;
    bool SystemIni::*flag = nullptr;
    double SystemIni::*real = nullptr;
    bool flagAsNumber = false; // the shipped file writes this flag as 0/1 rather than yes/no
};

Setting num(const char* s, const char* k, std::int64_t SystemIni::*p) {
    return {s, k, p, nullptr, nullptr, nullptr};
}
Setting str(const char* s, const char* k, std::string SystemIni::*p) {
    return {s, k, nullptr, p, nullptr, nullptr};
}
Setting flag(const char* s, const char* k, bool SystemIni::*p, bool asNumber = false) {
    return {s, k, nullptr, nullptr, p, nullptr, asNumber};
}
Setting real(const char* s, const char* k, double SystemIni::*p) {
    return {s, k, nullptr, nullptr, nullptr, p};
}

const std::vector<Setting>& settings() {
    static const std::vector<Setting> table = {
        num("screen", "colour_bits", &SystemIni::colourBits),
        num("screen", "resolution", &SystemIni::resolution),
        str("system", "game_bitmap", &SystemIni::gameBitmap),
        str("system", "system_font", &SystemIni::systemFont),
        str("system", "icon_font", &SystemIni::iconFont),
        str("system", "gui_font", &SystemIni::guiFont),
        str("system", "gui_low_font", &SystemIni::guiLowFont),
        num("system", "volume", &SystemIni::volume),
        num("system", "sound_distance", &SystemIni::soundDistance),
        num("system", "normal_frame_rate", &SystemIni::normalFrameRate),
        num("system", "min_frame_rate", &SystemIni::minFrameRate),
        num("system", "max_frame_rate", &SystemIni::maxFrameRate),
        flag("system", "statics_load", &SystemIni::staticsLoad),
        flag("system", "flats_load", &SystemIni::flatsLoad),
        flag("system", "objects_load", &SystemIni::objectsLoad),
        flag("system", "lights_load", &SystemIni::lightsLoad),
        flag("system", "ropes_load", &SystemIni::ropesLoad),
        str("system", "rtx_filename", &SystemIni::rtxFilename),
        str("system", "world_ini", &SystemIni::worldIni),
        str("system", "item_ini", &SystemIni::itemIni),
        num("xngine", "texture_kbytes", &SystemIni::textureKbytes),
        num("xngine", "front_plane", &SystemIni::frontPlane),
        num("xngine", "back_plane", &SystemIni::backPlane),
        num("xngine", "perspective_low_x", &SystemIni::perspectiveLowX),
        num("xngine", "perspective_low_y", &SystemIni::perspectiveLowY),
        num("xngine", "perspective_med_x", &SystemIni::perspectiveMedX),
        num("xngine", "perspective_med_y", &SystemIni::perspectiveMedY),
        num("xngine", "perspective_high_x", &SystemIni::perspectiveHighX),
        num("xngine", "perspective_high_y", &SystemIni::perspectiveHighY),
        num("xngine", "perspective_ultra_x", &SystemIni::perspectiveUltraX),
        num("xngine", "perspective_ultra_y", &SystemIni::perspectiveUltraY),
        num("xngine", "detail", &SystemIni::detail),
        num("xngine", "ambient_light", &SystemIni::ambientLight),
        num("xngine", "screen_scale", &SystemIni::screenScale),
        num("xngine", "haze_depth", &SystemIni::hazeDepth),
        flag("xngine", "sky_disable", &SystemIni::skyDisable, true),
        flag("xngine", "sky_move", &SystemIni::skyMove, true),
        num("xngine", "sky_xrotate", &SystemIni::skyXRotate),
        num("xngine", "sky_yrotate", &SystemIni::skyYRotate),
        num("xngine", "game_detail", &SystemIni::gameDetail),
        num("camera", "camera_distance", &SystemIni::cameraDistance),
        num("camera", "camera_min_distance", &SystemIni::cameraMinDistance),
        num("camera", "max_x_angle", &SystemIni::maxXAngle),
        num("camera", "min_x_angle", &SystemIni::minXAngle),
        real("camera", "glide_x", &SystemIni::glideX),
        real("camera", "glide_y", &SystemIni::glideY),
        real("camera", "glide_z", &SystemIni::glideZ),
        real("camera", "glide_angle_x", &SystemIni::glideAngleX),
        real("camera", "glide_angle_y", &SystemIni::glideAngleY),
        real("camera", "glide_angle_z", &SystemIni::glideAngleZ),
        num("3dfx", "resolution", &SystemIni::glideResolution),
    };
    return table;
}

std::string shortestDouble(double v) {
    char buf[64];
    auto [p, ec] = std::to_chars(buf, buf + sizeof buf, v);
    return ec == std::errc() ? std::string(buf, p) : std::to_string(v);
}

} // namespace

SystemIni parseSystemIni(const IniFile& ini, std::vector<IniIssue>* issues) {
    SystemIni out;
    if (issues) {
        std::vector<IniIssue> found = iniIssues(ini);
        issues->insert(issues->end(), found.begin(), found.end());
    }
    for (const Setting& s : settings()) {
        const IniLine* l = findIni(ini, s.section, s.key);
        if (!l) continue;
        bool ok = true;
        if (s.num) {
            auto v = parseIniInt(l->value);
            if ((ok = v.has_value())) out.*s.num = *v;
        } else if (s.str) {
            out.*s.str = l->value;
        } else if (s.flag) {
            auto v = parseIniBool(l->value);
            if ((ok = v.has_value())) out.*s.flag = *v;
        } else {
            auto v = parseIniFloat(l->value);
            if ((ok = v.has_value())) out.*s.real = *v;
        }
        if (!ok && issues) {
            issues->push_back({l->number, l->raw, "value does not parse; the default is used"});
        }
    }
    return out;
}

SystemIni readSystemIni(ByteSpan bytes, const std::string& path, std::vector<IniIssue>* issues) {
    return parseSystemIni(readIni(bytes, path), issues);
}

IniFile buildSystemIni(const SystemIni& system) {
    IniFile ini;
    std::string current;
    for (const Setting& s : settings()) {
        if (current != s.section) {
            if (!current.empty()) addIniBlank(ini);
            addIniSection(ini, s.section);
            current = s.section;
        }
        std::string value;
        if (s.num) value = std::to_string(system.*s.num);
        if (s.str) value = system.*s.str;
        if (s.flag) value = s.flagAsNumber ? (system.*s.flag ? "1" : "0") : (system.*s.flag ? "yes" : "no");
        if (s.real) value = shortestDouble(system.*s.real);
        addIniValue(ini, s.key, value);
    }
    return ini;
}

Bytes writeSystemIni(const SystemIni& system) {
    return writeIni(buildSystemIni(system));
}

} // namespace rgx::loaders
