#include "app/info/rgm_record_fields.h"

#include "scene/transforms.h"

#include <stdexcept>

namespace rgx::app {

namespace {

using namespace rgx::loaders;
using nlohmann::json;

template <class T, std::size_t N> json array(const std::array<T, N>& values) {
    json out = json::array();
    for (const T& v : values)
        out.push_back(v);
    return out;
}

// A plain field: nothing to decode.
RecordField plain(std::string name, json value) {
    return {std::move(name), value, value};
}

// A stored name (NUL-padded) and its text.
RecordField name(std::string field, const std::string& stored) {
    return {std::move(field), stored, rgmName(stored)};
}

// The stored 24-bit position: engine units already (docs/coordinates.md); the pad bytes apart.
void addPosition(std::vector<RecordField>& out, const RgmPos24& pos) {
    const json engine = json::array({pos.x, pos.y, pos.z});
    out.push_back({"position", engine, engine});
    out.push_back(plain("position_pad", array(pos.pad)));
}

json degrees(std::uint32_t units) {
    return rgmAngleDegrees(units);
}

std::vector<RecordField> mpobFields(const Rgm& rgm, const RgmMpob& o) {
    std::vector<RecordField> f;
    f.push_back(plain("id", o.id));
    f.push_back(plain("object_type", o.objectType));
    f.push_back(plain("is_active", o.isActive));
    f.push_back(name("script_name", o.scriptName));
    f.push_back(name("model_name", o.modelName));
    f.push_back(plain("is_static", o.isStatic));
    f.push_back(plain("reserved", o.reserved));
    addPosition(f, o.pos);
    const auto deg = rgmMpobAnglesDeg(o);
    f.push_back({"angles", array(o.angles), array(deg)});
    f.push_back(plain("texture_data", o.textureData));
    f.push_back(plain("intensity", o.intensity));
    f.push_back(plain("radius", o.radius));
    f.push_back(plain("model_id", o.modelId));
    f.push_back(plain("world_id", o.worldId));
    f.push_back(plain("red", o.red));
    f.push_back(plain("green", o.green));
    f.push_back(plain("blue", o.blue));
    f.push_back({"resolved_model", rgmName(o.modelName), resolveMpobModel(rgm, o)});
    return f;
}

std::vector<RecordField> mpsoFields(const RgmMpso& o) {
    std::vector<RecordField> f;
    f.push_back(plain("id", o.id));
    f.push_back(name("model_name", o.modelName));
    addPosition(f, o.pos);
    json rows = json::array();
    for (const auto& row : rgmMpsoRotation(o))
        rows.push_back(array(row));
    f.push_back({"matrix", array(o.matrix), rows});
    f.push_back(plain("unused", array(o.unused)));
    return f;
}

std::vector<RecordField> mprpFields(const RgmMprp& o) {
    std::vector<RecordField> f;
    f.push_back(plain("id", o.id));
    f.push_back(plain("reserved", o.reserved));
    addPosition(f, o.pos);
    f.push_back({"angle_y", o.angleY, degrees(static_cast<std::uint32_t>(o.angleY))});
    f.push_back(plain("type", o.type));
    f.push_back(plain("swing", o.swing));
    f.push_back(plain("speed", o.speed));
    f.push_back(plain("length", o.length));
    f.push_back(name("static_model", o.staticModel));
    f.push_back(name("rope_model", o.ropeModel));
    f.push_back(plain("reserved2", array(o.reserved2)));
    return f;
}

std::vector<RecordField> mpsfFields(const RgmMpsf& o) {
    std::vector<RecordField> f;
    f.push_back(plain("id", o.id));
    f.push_back(plain("reserved", o.reserved));
    addPosition(f, o.pos);
    f.push_back({"texture_data", o.textureData, json::array({rgmFlatTextureId(o), rgmFlatImageId(o)})});
    f.push_back(plain("reserved2", o.reserved2));
    return f;
}

std::vector<RecordField> mpslFields(const RgmMpsl& o) {
    std::vector<RecordField> f;
    f.push_back(plain("rgb", array(o.rgb)));
    f.push_back(plain("light_type", o.lightType));
    f.push_back(plain("light_param", o.lightParam));
    addPosition(f, o.pos);
    f.push_back(plain("param0", o.param0));
    f.push_back(plain("param1", o.param1));
    f.push_back(plain("direction", array(o.direction)));
    f.push_back(plain("channel_map", array(o.channelMap)));
    f.push_back(plain("reserved", array(o.reserved)));
    f.push_back({"active", nullptr, rgmMpslActive(o)}); // derived: no field of its own
    return f;
}

std::vector<RecordField> mpmkFields(const RgmMpmk& o) {
    std::vector<RecordField> f;
    addPosition(f, o.pos);
    f.push_back(plain("reserved", o.reserved));
    return f;
}

template <class T> const T& at(const std::vector<T>& records, std::size_t index, RgmSection section) {
    if (index >= records.size()) {
        std::string what = rgmSectionTag(section);
        what += " has no record ";
        what += std::to_string(index);
        throw std::out_of_range(what);
    }
    return records[index];
}

} // namespace

const char* rgmSectionTag(RgmSection section) {
    switch (section) {
    case RgmSection::Mpob:
        return "MPOB";
    case RgmSection::Mpso:
        return "MPSO";
    case RgmSection::Mprp:
        return "MPRP";
    case RgmSection::Mpsf:
        return "MPSF";
    case RgmSection::Mpsl:
        return "MPSL";
    case RgmSection::Mpmk:
        return "MPMK";
    }
    return "?";
}

std::size_t rgmSectionCount(const Rgm& rgm, RgmSection section) {
    switch (section) {
    case RgmSection::Mpob:
        return rgm.mpob.size();
    case RgmSection::Mpso:
        return rgm.mpso.size();
    case RgmSection::Mprp:
        return rgm.mprp.size();
    case RgmSection::Mpsf:
        return rgm.mpsf.size();
    case RgmSection::Mpsl:
        return rgm.mpsl.size();
    case RgmSection::Mpmk:
        return rgm.mpmk.size();
    }
    return 0;
}

std::vector<RecordField> rgmRecordFields(const Rgm& rgm, RgmSection section, std::size_t index) {
    std::vector<RecordField> f;
    RgmPos24 pos;
    auto take = [&](const auto& record, std::vector<RecordField> fields) {
        pos = record.pos;
        f = std::move(fields);
    };
    switch (section) {
    case RgmSection::Mpob:
        take(at(rgm.mpob, index, section), mpobFields(rgm, at(rgm.mpob, index, section)));
        break;
    case RgmSection::Mpso:
        take(at(rgm.mpso, index, section), mpsoFields(at(rgm.mpso, index, section)));
        break;
    case RgmSection::Mprp:
        take(at(rgm.mprp, index, section), mprpFields(at(rgm.mprp, index, section)));
        break;
    case RgmSection::Mpsf:
        take(at(rgm.mpsf, index, section), mpsfFields(at(rgm.mpsf, index, section)));
        break;
    case RgmSection::Mpsl:
        take(at(rgm.mpsl, index, section), mpslFields(at(rgm.mpsl, index, section)));
        break;
    case RgmSection::Mpmk:
        take(at(rgm.mpmk, index, section), mpmkFields(at(rgm.mpmk, index, section)));
        break;
    }
    // Where the scene puts it: engine (x, y, z) is scene (x, -y, z).
    const Vec3 s = scene::rgmScenePosition(pos);
    f.push_back({"scene_position", json::array({pos.x, pos.y, pos.z}), json::array({s.x, s.y, s.z})});
    return f;
}

json recordFieldsJson(const std::vector<RecordField>& fields) {
    json out = json::array();
    for (const RecordField& f : fields)
        out.push_back({{"field", f.name}, {"raw", f.raw}, {"decoded", f.decoded}});
    return out;
}

json rgmRecordsJson(const Rgm& rgm) {
    json out = json::object();
    for (const RgmSection section : kRgmPlacementSections) {
        json records = json::array();
        for (std::size_t i = 0; i < rgmSectionCount(rgm, section); ++i)
            records.push_back(recordFieldsJson(rgmRecordFields(rgm, section, i)));
        out[rgmSectionTag(section)] = records;
    }
    return out;
}

} // namespace rgx::app
