// `rgx info` for Daggerfall BSA archives and MAPS.BSA (docs/formats/daggerfall_archives.md).
#include "app/info/info_registry.h"
#include "loaders/daggerfall/bsa.h"
#include "loaders/daggerfall/maps.h"

namespace rgx::app {

namespace {

namespace df = loaders::daggerfall;

nlohmann::json recordsJson(const df::BsaDirectory& dir) {
    nlohmann::json records = nlohmann::json::array();
    for (const df::BsaRecord& rec : dir.records) {
        nlohmann::json r = {{"offset", rec.offset}, {"size", rec.size}};
        if (dir.type == df::BsaDirectoryType::Names)
            r["name"] = rec.name;
        else
            r["id"] = rec.id;
        records.push_back(std::move(r));
    }
    return records;
}

nlohmann::json archiveJson(const df::BsaDirectory& dir, const char* format) {
    return {
        {"format", format},
        {"directory_type", dir.type == df::BsaDirectoryType::Names ? "names" : "numbers"},
        {"directory_offset", dir.directoryOffset},
        {"record_count", dir.records.size()},
        {"records", recordsJson(dir)},
    };
}

nlohmann::json locationJson(const df::MapsRegion& region, const df::MapsLocation& loc) {
    const df::MapsExterior& x = loc.exterior;
    const df::MapsPixel pixel = df::mapsMapPixel(loc.table);
    nlohmann::json j = {
        {"name", loc.name},
        {"map_id", loc.table.mapId},
        {"location_id", x.record.locationId},
        {"type", loc.table.locationType()},
        {"type_name", df::mapsLocationTypeName(loc.table.locationType())},
        {"longitude", loc.table.longitude()},
        {"latitude", loc.table.latitude()},
        {"map_pixel", {pixel.x, pixel.y}},
        {"world", {x.record.x, x.record.y}},
        {"dungeon_type", loc.table.dungeonType},
        {"width", x.width},
        {"height", x.height},
        {"rmb_blocks", df::mapsRmbBlockNames(x)},
        {"buildings", x.buildings.size()},
    };
    if (const df::MapsDungeon* d = df::findMapsDungeon(region, loc)) {
        nlohmann::json blocks = nlohmann::json::array();
        for (const df::MapsDungeonBlock& b : d->blocks) {
            blocks.push_back(
                {{"name", df::mapsRdbBlockName(b)}, {"x", b.x}, {"z", b.z}, {"start", b.isStart()}});
        }
        j["dungeon"] = {{"name", d->record.name}, {"blocks", std::move(blocks)}};
    }
    return j;
}

bool detectBsa(loaders::ByteSpan bytes, std::string_view) {
    return df::looksLikeBsa(bytes);
}

// MAPS.BSA: a names BSA holding a MAPNAMES record; checked before the plain archive.
bool detectMaps(loaders::ByteSpan bytes, std::string_view) {
    if (!df::looksLikeBsa(bytes)) return false;
    try {
        const df::BsaDirectory dir = df::readBsaDirectory(bytes, "");
        for (const df::BsaRecord& rec : dir.records)
            if (rec.name.size() == 12 && rec.name.compare(0, 9, "MAPNAMES.") == 0) return true;
    } catch (const rgx::Error&) {
    }
    return false;
}

nlohmann::json describeBsa(loaders::ByteSpan bytes, const std::string& path,
                           rgx::loaders::Warnings& warnings) {
    return archiveJson(df::readBsaDirectory(bytes, path, &warnings), "daggerfall-bsa");
}

nlohmann::json describeMaps(loaders::ByteSpan bytes, const std::string& path,
                            rgx::loaders::Warnings& warnings) {
    // The directory's warnings are reported once, by readMaps.
    nlohmann::json j = archiveJson(df::readBsaDirectory(bytes, path), "daggerfall-maps");
    const df::MapsArchive maps = df::readMaps(bytes, path, &warnings);
    nlohmann::json regions = nlohmann::json::array();
    for (const df::MapsRegion& region : maps.regions) {
        nlohmann::json locations = nlohmann::json::array();
        for (const df::MapsLocation& loc : region.locations)
            locations.push_back(locationJson(region, loc));
        regions.push_back({{"index", region.index},
                           {"name", df::mapsRegionName(region.index)},
                           {"dungeons", region.dungeons.size()},
                           {"locations", std::move(locations)}});
    }
    j["regions"] = std::move(regions);
    return j;
}

} // namespace

RGX_REGISTER_INFO_FORMAT("daggerfall-maps", 35, detectMaps, describeMaps, "");
RGX_REGISTER_INFO_FORMAT("daggerfall-bsa", 40, detectBsa, describeBsa, "bsa snd");

} // namespace rgx::app
