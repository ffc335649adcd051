// `rgx info` for the Riot Engine's files (docs/formats/drakan_srsc.md): an SRSC container (.txd,
// .mod, .odb, .sdb, .adb, .ssd, .rrc, .lvl) lists every record with its type, the text's name for it
// ("unknown" for one it does not name: listed, not an error), id, group and size; a .db definition
// its version and dependencies.
#include "app/info/info_registry.h"
#include "loaders/drakan/db_definition.h"
#include "loaders/drakan/srsc.h"

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
        records.push_back({{"type", r.type},
                           {"type_name", name},
                           {"id", r.id},
                           {"group", r.group},
                           {"size", r.body.size()}});
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
