// `rgx info` for the Riot Engine's files (docs/formats/drakan_srsc.md): an SRSC container (.txd,
// .mod, .odb, .sdb, .adb, .ssd, .rrc, .lvl) lists every record with its type, the text's name for it
// ("unknown" for one it does not name: listed, not an error), id, group and size; a .db definition
// its version and dependencies.
#include "app/info/drakan/info_srsc_records.h"
#include "app/info/info_registry.h"
#include "loaders/drakan/db_definition.h"
#include "loaders/drakan/model.h"
#include "loaders/drakan/srsc.h"
#include "loaders/drakan/texture.h"
#include "loaders/text.h"

#include <map>

namespace rgx::app {

namespace {

namespace dk = loaders::drakan;

// "SRSC": a four-byte magic at the start.
bool detectSrsc(loaders::ByteSpan bytes, std::string_view) {
    return dk::looksLikeSrsc(bytes);
}

nlohmann::json describeSrsc(loaders::ByteSpan bytes, const std::string& path, Warnings& warnings) {
    const dk::SrscFile file = dk::readSrsc(bytes, path, &warnings);
    nlohmann::json records = nlohmann::json::array();
    std::map<std::string, std::size_t> types;
    for (const dk::SrscRecord& r : file.records) {
        const std::string name(dk::srscRecordTypeName(r.type));
        nlohmann::json rec = {
            {"type", r.type}, {"type_name", name}, {"id", r.id}, {"group", r.group}, {"size", r.body.size()}};
        // A palette's colour count, a texture's header (texture.h), a model's name and its vertex,
        // polygon and texture-list counts (model.h), the class records, group names and a model's
        // bounds, character data and LOD (info_srsc_records.h); a body that does not read says
        // why, and the rest of the file is listed all the same.
        try {
            if (r.type == dk::kPaletteRecord) {
                rec["colors"] = dk::readPaletteRecord(r.body, path).size();
            } else if (r.type == dk::kTextureRecord) {
                const dk::DrakanTexture t = dk::readTextureRecord(r.body, path);
                rec["texture"] = {{"width", t.width},
                                  {"height", t.height},
                                  {"pitch", t.pitch},
                                  {"bits_per_pixel", t.bitsPerPixel},
                                  {"alpha_bits", t.alphaBitsPerPixel},
                                  {"flags", t.flags},
                                  {"compressed_size", t.compressed.size()},
                                  {"alpha_map_size", t.alphaMap.size()}};
            } else if (r.type == dk::kModelNameRecord) {
                const dk::ModelName m = dk::readModelName(r.body, path);
                rec["model"] = {{"name", loaders::toUtf8(m.name)}, {"shading", m.shading}};
            } else if (r.type == dk::kVerticesRecord) {
                rec["vertices"] = dk::readVertices(r.body, path).size();
            } else if (r.type == dk::kPolygonsRecord) {
                rec["polygons"] = dk::readPolygons(r.body, path).size();
            } else if (r.type == dk::kTextureListRecord) {
                nlohmann::json refs = nlohmann::json::array();
                for (const dk::RecordRef& t : dk::readTextureList(r.body, path))
                    refs.push_back({{"id", t.id}, {"database", t.database}});
                rec["textures"] = std::move(refs);
            } else {
                describeClassOrModelRecord(rec, r, path);
            }
        } catch (const Error& e) {
            rec["error"] = e.what();
        }
        records.push_back(std::move(rec));
        ++types[name];
    }
    return {{"format", "drakan-srsc"},
            {"version", file.version},
            {"record_count", file.records.size()},
            {"record_types", types},
            {"records", std::move(records)}};
}

// A .db definition: the extension and a first line starting "version".
bool detectDb(loaders::ByteSpan bytes, std::string_view ext) {
    return ext == "db" && bytes.size() >= 8 &&
           std::string_view(reinterpret_cast<const char*>(bytes.data()), 8) == "version ";
}

nlohmann::json describeDb(loaders::ByteSpan bytes, const std::string& path, Warnings& warnings) {
    const dk::DbDefinition db = dk::readDbDefinition(bytes, path, &warnings);
    nlohmann::json deps = nlohmann::json::array();
    for (const dk::DbDependency& d : db.dependencies)
        deps.push_back({{"index", d.index}, {"path", d.path}});
    return {{"format", "drakan-db"}, {"version", db.version}, {"dependencies", std::move(deps)}};
}

} // namespace

RGX_REGISTER_INFO_FORMAT("drakan-srsc", 10, detectSrsc, describeSrsc, "txd mod odb sdb adb ssd rrc lvl");
RGX_REGISTER_INFO_FORMAT("drakan-db", 90, detectDb, describeDb, "db");

} // namespace rgx::app
