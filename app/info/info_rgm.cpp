// `rgx info` for RGM scene files (keys documented in docs/formats/rgm.md).

#include "app/info/info_registry.h"
#include "app/info/rgm_record_fields.h"
#include "loaders/redguard/rgm.h"

namespace rgx::app {

namespace {

using namespace rgx::loaders;

bool detectRgm(ByteSpan bytes, std::string_view ext) {
    if (looksLikeRgm(bytes)) return true;
    // With the extension as a hint, any plausible first section header will do (an RGM whose
    // first section is one this reader does not know).
    if (ext != "rgm" || bytes.size() < 8) return false;
    for (int i = 0; i < 4; ++i) {
        unsigned char c = bytes[i];
        if (!((c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == ' ')) return false;
    }
    return true;
}

nlohmann::json positionJson(const RgmPos24& pos) {
    auto p = rgmPosition(pos);
    return nlohmann::json::array({p[0], p[1], p[2]});
}

nlohmann::json describeRgm(ByteSpan bytes, const std::string& path, rgx::loaders::Warnings& warnings) {
    RgmReadResult read = readRgmWithWarnings(bytes, path);
    const Rgm& rgm = read.rgm;
    warnings.insert(warnings.end(), read.warnings.begin(), read.warnings.end());
    // Section lengths as written: the writer re-encodes exactly what was read.
    nlohmann::json sections = nlohmann::json::array();
    {
        ByteReader r(bytes, path);
        for (std::size_t i = 0; i < rgm.layout.size(); ++i) {
            std::string tag = r.tag("section tag");
            std::uint32_t length = r.u32be("section length");
            r.skip(length, "section payload");
            sections.push_back(nlohmann::json::array({tag, length}));
        }
    }
    RgmAnimationTotals totals = rgmAnimationTotals(rgm);
    nlohmann::json byOpcode = nlohmann::json::object();
    for (std::size_t op = 0; op < totals.byOpcode.size(); ++op) {
        if (totals.byOpcode[op] != 0) byOpcode[std::to_string(op)] = totals.byOpcode[op];
    }

    std::vector<std::string> resolved = resolveMpobModels(rgm);
    nlohmann::json mpob = nlohmann::json::array();
    for (std::size_t i = 0; i < rgm.mpob.size(); ++i) {
        const RgmMpob& o = rgm.mpob[i];
        auto a = rgmMpobAnglesDeg(o);
        mpob.push_back({{"script_name", rgmName(o.scriptName)},
                        {"model_name", rgmName(o.modelName)},
                        {"resolved_model", resolved[i]},
                        {"position", positionJson(o.pos)},
                        {"angles_deg", nlohmann::json::array({a[0], a[1], a[2]})}});
    }
    nlohmann::json mpso = nlohmann::json::array();
    for (const RgmMpso& o : rgm.mpso) {
        auto m = rgmMpsoRotation(o);
        nlohmann::json rows = nlohmann::json::array();
        for (const auto& row : m)
            rows.push_back(nlohmann::json::array({row[0], row[1], row[2]}));
        mpso.push_back(
            {{"model_name", rgmName(o.modelName)}, {"position", positionJson(o.pos)}, {"matrix", rows}});
    }

    // RAHD: each actor's script and the visibility bytes the reference decodes.
    nlohmann::json actors = nlohmann::json::array();
    for (const RgmActor& a : rgm.rahd.actors)
        actors.push_back({{"script_name", rgmName(a.scriptName)},
                          {"instances", a.instances},
                          {"always_visible", rgmActorAlwaysVisible(a)},
                          {"lod_threshold", rgmActorDynamicLod(a) ? "dynamic" : "fixed"}});

    return {{"format", "rgm"},
            {"sections", sections},
            {"objects", rgm.mpob.size()},
            {"statics", rgm.mpso.size()},
            {"ropes", rgm.mprp.size()},
            {"flats", rgm.mpsf.size()},
            {"lights", rgm.mpsl.size()},
            {"markers", rgm.mpmk.size()},
            {"actors", rgm.rahd.actors.size()},
            {"animation_groups", totals.groups},
            {"animation_commands", totals.commands},
            {"commands_by_opcode", byOpcode},
            {"mpob", mpob},
            {"mpso", mpso},
            {"rahd", actors},
            {"records", rgmRecordsJson(rgm)}};
}

} // namespace

RGX_REGISTER_INFO_FORMAT("rgm", 20, detectRgm, describeRgm, "rgm");

} // namespace rgx::app
