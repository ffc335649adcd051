// `rgx info` for one BLOCKS.BSA record saved as a file: RMB (town block) and RDB (dungeon
// block), every section and record listed (docs/formats/daggerfall_blocks.md).
#include "app/info/info_registry.h"
#include "loaders/daggerfall/rdb.h"
#include "loaders/daggerfall/rmb.h"

namespace rgx::app {

namespace {

namespace df = loaders::daggerfall;
using nlohmann::json;

std::string hexRow(const std::uint8_t* row, std::size_t n) {
    static const char* digits = "0123456789abcdef";
    std::string s;
    for (std::size_t i = 0; i < n; ++i) {
        s += digits[row[i] >> 4];
        s += digits[row[i] & 15];
    }
    return s;
}

json position(std::int32_t x, std::int32_t y, std::int32_t z) {
    return json::array({x, y, z});
}

json rmbModel(const df::RmbModel& m) {
    return {
        {"model_id", df::rmbModelId(m)},
        {"object_id1", m.objectId1},
        {"object_id2", m.objectId2},
        {"object_type", m.objectType},
        {"position", position(m.x, m.y, m.z)},
        {"position1", position(m.x1, m.y1, m.z1)},
        {"y_rotation", m.yRotation},
        {"unknown", {m.unknown1, m.unknown2, m.unknown3, m.unknown4, m.unknown5}},
    };
}

json rmbFlat(const df::RmbFlat& f) {
    return {
        {"position", position(f.x, f.y, f.z)},
        {"texture_archive", df::rmbTextureArchive(f.textureBits)},
        {"texture_record", df::rmbTextureRecord(f.textureBits)},
        {"faction_id", f.factionId},
        {"flags", f.flags},
    };
}

template <class T, class F> json list(const std::vector<T>& items, F describe) {
    json out = json::array();
    for (const T& item : items)
        out.push_back(describe(item));
    return out;
}

json rmbSection(const df::RmbSection& s) {
    return {
        {"header_unknown", s.headerUnknown},
        {"models", list(s.models, rmbModel)},
        {"flats", list(s.flats, rmbFlat)},
        {"section3", list(s.section3,
                          [](const df::RmbSection3& x) {
                              return json{{"position", position(x.x, x.y, x.z)},
                                          {"unknown", {x.unknown1, x.unknown2, x.unknown3}}};
                          })},
        {"people", list(s.people, rmbFlat)},
        {"doors", list(s.doors,
                       [](const df::RmbDoor& d) {
                           return json{{"position", position(d.x, d.y, d.z)},
                                       {"y_rotation", d.yRotation},
                                       {"open_rotation", d.openRotation},
                                       {"door_model_index", d.doorModelIndex},
                                       {"unknown", d.unknown}};
                       })},
    };
}

bool detectRmb(loaders::ByteSpan bytes, std::string_view) {
    return df::looksLikeRmb(bytes);
}

json describeRmb(loaders::ByteSpan bytes, const std::string& path, loaders::Warnings& warnings) {
    const df::RmbBlock block = df::readRmb(bytes, path, &warnings);
    const df::RmbFld& fld = block.fld;
    json subrecords = json::array();
    for (std::size_t i = 0; i < block.subrecords.size(); ++i) {
        const df::RmbBlockPosition& p = fld.positions[i];
        const df::RmbBuildingData& b = fld.buildings[i];
        subrecords.push_back({
            {"position",
             {{"x", p.x}, {"z", p.z}, {"y_rotation", p.yRotation}, {"unknown", {p.unknown1, p.unknown2}}}},
            {"building",
             {{"name_seed", b.nameSeed},
              {"service_time_limit", b.serviceTimeLimit},
              {"faction_id", b.factionId},
              {"sector", b.sector},
              {"location_id", b.locationId},
              {"building_type", b.buildingType},
              {"quality", b.quality},
              {"unknown", {b.unknown1, b.unknown2, b.unknown3, b.unknown4}}}},
            {"block_data_size", fld.blockDataSizes[i]},
            {"exterior", rmbSection(block.subrecords[i].exterior)},
            {"interior", rmbSection(block.subrecords[i].interior)},
            {"extra_bytes", block.subrecords[i].extra},
        });
    }
    json tiles = json::array();
    json scenery = json::array();
    for (int y = 0; y < 16; ++y) {
        json row = json::array();
        for (int x = 0; x < 16; ++x) {
            const df::RmbGroundTile t = df::rmbGroundTile(fld.smallMaps, x, y);
            row.push_back({t.textureIndex, t.rotate ? 1 : 0, t.flip ? 1 : 0});
        }
        tiles.push_back(row);
        scenery.push_back(hexRow(fld.smallMaps.scenery.data() + y * 16, 16));
    }
    json automap = json::array();
    for (std::size_t y = 0; y < 64; ++y)
        automap.push_back(hexRow(fld.automap.data() + y * 64, 64));
    return {
        {"format", "rmb"},
        {"block_name", fld.blockName},
        {"other_names", fld.otherNames},
        {"subrecords", subrecords},
        {"models", list(block.models, rmbModel)},
        {"flats", list(block.flats, rmbFlat)},
        {"section2", fld.section2},
        {"small_maps_header", fld.smallMaps.header},
        {"ground_tiles", tiles},
        {"scenery_rows", scenery},
        {"automap_rows", automap},
        {"trailing_bytes", block.trailing.size()},
    };
}

json rdbObject(const df::RdbObject& o) {
    json j = {
        {"offset", o.offset},
        {"type", o.type},
        {"position", position(o.x, o.y, o.z)},
        {"post_offset", o.postOffset},
    };
    if (const auto* m = std::get_if<df::RdbModelPost>(&o.post)) {
        j["model"] = {
            {"angles", position(m->xAngle, m->yAngle, m->zAngle)},
            {"model_index", m->modelIndex},
            {"trigger_flag_starting_lock", m->triggerFlagStartingLock},
            {"sound_index", m->soundIndex},
            {"action_offset", m->actionOffset},
        };
        if (m->action) {
            const df::RdbAction& a = *m->action;
            j["model"]["action"] = {{"axis", a.axis},
                                    {"duration", a.duration},
                                    {"magnitude", a.magnitude},
                                    {"target_offset", a.targetOffset},
                                    {"type", a.type}};
        }
    } else if (const auto* l = std::get_if<df::RdbLightPost>(&o.post)) {
        j["light"] = {{"unknown", {l->unknown1, l->unknown2}}, {"radius", l->radius}};
    } else if (const auto* f = std::get_if<df::RdbFlatPost>(&o.post)) {
        j["flat"] = {{"texture_archive", df::rmbTextureArchive(f->textureBits)},
                     {"texture_record", df::rmbTextureRecord(f->textureBits)},
                     {"flags", f->flags},
                     {"faction_or_mobile_id", f->factionOrMobileId},
                     {"next_object_offset", f->nextObjectOffset},
                     {"action", f->action}};
    }
    return j;
}

bool detectRdb(loaders::ByteSpan bytes, std::string_view) {
    return df::looksLikeRdb(bytes);
}

json describeRdb(loaders::ByteSpan bytes, const std::string& path, loaders::Warnings& warnings) {
    const df::RdbBlock block = df::readRdb(bytes, path, &warnings);
    json models = json::array();
    for (std::size_t i = 0; i < block.modelRefs.size(); ++i) {
        const df::RdbModelReference& ref = block.modelRefs[i];
        if (ref.modelId.empty() && ref.type.empty() && block.modelData[i] == 0) continue;
        models.push_back(
            {{"index", i}, {"model_id", ref.modelId}, {"type", ref.type}, {"data", block.modelData[i]}});
    }
    json roots = json::array();
    std::size_t objectCount = 0;
    for (std::size_t i = 0; i < block.roots.size(); ++i) {
        const df::RdbObjectList& l = block.roots[i];
        objectCount += l.objects.size();
        json root = {{"index", i}, {"objects", list(l.objects, rdbObject)}};
        if (l.objects.empty()) root["empty_value"] = l.emptyRoot;
        roots.push_back(root);
    }
    json unknownList = json::array();
    for (const df::RdbUnknownNode& n : block.unknownList)
        unknownList.push_back(
            {{"offset", n.offset}, {"next", n.next}, {"index", n.index}, {"value", n.value}});
    const df::RdbObjectHeader& oh = block.objectHeader;
    return {
        {"format", "rdb"},
        {"grid", {block.header.width, block.header.height}},
        {"object_root_offset", block.header.objectRootOffset},
        {"header_unknown", {block.header.unknown1, block.header.unknown2}},
        {"model_references", models},
        {"object_header",
         {{"unknown_list_offset", oh.unknownListOffset},
          {"file_size", oh.fileSize},
          {"tag", oh.tag},
          {"unknown", {oh.unknown1, oh.unknown2, oh.unknown3}}}},
        {"unknown_list", unknownList},
        {"object_count", objectCount},
        {"roots", roots},
    };
}

} // namespace

// RDB has a tag at a fixed offset; RMB only sizes that add up to the file's, so it runs late.
RGX_REGISTER_INFO_FORMAT("rdb", 20, detectRdb, describeRdb, "rdb");
RGX_REGISTER_INFO_FORMAT("rmb", 80, detectRmb, describeRmb, "rmb");

} // namespace rgx::app
