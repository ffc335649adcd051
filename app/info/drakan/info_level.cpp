// `rgx info` for a Drakan level (.lvl; docs/formats/drakan_level.md): its SRSC records as
// drakan-srsc lists them, then what loaders/drakan/level.h reads from them: the name and databases,
// each layer (size, origin, heights, colours, visible layers, holes), the groups and the objects.
// A .lvl is an SRSC container too: this kind runs before drakan-srsc (priority 9 against 10).
#include "app/info/info_registry.h"
#include "loaders/drakan/level.h"
#include "loaders/drakan/srsc.h"
#include "loaders/text.h"

#include <algorithm>
#include <cstdio>
#include <optional>

namespace rgx::app {

namespace {

namespace dk = loaders::drakan;

bool detectLevel(loaders::ByteSpan bytes, std::string_view ext) {
    return ext == "lvl" && dk::looksLikeSrsc(bytes); // ext arrives lower-case
}

std::string hexColour(std::uint32_t colour) {
    char text[16];
    std::snprintf(text, sizeof text, "0x%08X", static_cast<unsigned>(colour));
    return text;
}

nlohmann::json describeLayer(const dk::Layer& l) {
    const dk::LayerSummary sum = dk::summariseLayer(l);
    const double low = sum.lowest, high = sum.highest;
    const std::size_t holes = sum.holes, invisible = sum.invisible;
    return {{"id", l.id},
            {"name", loaders::toUtf8(l.name)},
            {"type", dk::layerTypeName(l.type)},
            {"width", l.width},
            {"height", l.height},
            {"origin", {l.originX, l.originZ}},
            {"world_height", l.worldHeight},
            {"min_height", low},
            {"max_height", high},
            {"flags", l.flags},
            {"light_direction", l.lightDirection},
            {"light_ascension", l.lightAscension},
            {"light_colour", hexColour(l.lightColour)},
            {"ambient_colour", hexColour(l.ambientColour)},
            {"light_dropoff", l.lightDropoff},
            {"visible_layers", l.visibleLayers},
            {"hole_triangles", holes},
            {"invisible_triangles", invisible}};
}

nlohmann::json describeObject(const dk::LevelObject& o) {
    return {{"id", o.id},
            {"class", {{"id", o.classRef.id}, {"database", o.classRef.database}}},
            {"lighting_layer", o.lightingLayer},
            {"position", o.position},
            {"rotation", o.rotation},
            {"scale", o.scale},
            {"flags", o.flags},
            {"link_count", o.links.size()},
            {"field_count", o.fields.size()}};
}

nlohmann::json describeLevelFile(loaders::ByteSpan bytes, const std::string& path, Warnings& warnings) {
    // The level first, with its warnings (the container's among them); a level that does not read
    // is said, and its records are listed all the same, unless the container itself does not read.
    std::optional<dk::Level> level;
    std::string error;
    try {
        level = dk::readLevel(bytes, path, &warnings);
    } catch (const Error& e) {
        error = e.what();
    }
    const dk::SrscFile file = dk::readSrsc(bytes, path);
    nlohmann::json records = nlohmann::json::array();
    for (const dk::SrscRecord& r : file.records)
        records.push_back({{"type", r.type},
                           {"type_name", std::string(dk::srscRecordTypeName(r.type))},
                           {"id", r.id},
                           {"group", r.group},
                           {"size", r.body.size()}});
    nlohmann::json out = {{"format", "drakan-level"},
                          {"version", file.version},
                          {"record_count", file.records.size()},
                          {"records", std::move(records)}};
    if (!level) {
        out["error"] = error;
        return out;
    }
    nlohmann::json databases = nlohmann::json::array();
    for (const dk::LevelDatabase& d : level->info.databases)
        databases.push_back({{"index", d.index}, {"path", loaders::toUtf8(d.path)}});
    nlohmann::json layers = nlohmann::json::array();
    for (const dk::Layer& l : level->layers)
        layers.push_back(describeLayer(l));
    nlohmann::json groups = nlohmann::json::array();
    for (const dk::LayerGroup& g : level->groups)
        groups.push_back({{"name", loaders::toUtf8(g.name)}, {"layers", g.layers}});
    nlohmann::json objects = nlohmann::json::array();
    for (const dk::LevelObject& o : level->objects)
        objects.push_back(describeObject(o));
    out["name"] = loaders::toUtf8(level->info.name);
    out["max_width"] = level->info.maxWidth;
    out["max_height"] = level->info.maxHeight;
    out["databases"] = std::move(databases);
    out["layer_count"] = level->layers.size();
    out["layers"] = std::move(layers);
    out["groups"] = std::move(groups);
    out["object_count"] = level->objects.size();
    out["objects"] = std::move(objects);
    return out;
}

} // namespace

RGX_REGISTER_INFO_FORMAT("drakan-level", 9, detectLevel, describeLevelFile, "lvl");

} // namespace rgx::app
