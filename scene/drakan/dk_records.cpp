#include "scene/drakan/dk_records.h"

#include <cstdio>

namespace rgx::scene::drakan {

namespace dk = loaders::drakan;

namespace {

std::string hex(std::uint32_t v, int digits) {
    char buf[16];
    std::snprintf(buf, sizeof buf, "0x%0*X", digits, v);
    return buf;
}

std::string number(double v) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%g", v);
    return buf;
}

std::string ref(const dk::RecordRef& r) {
    return std::to_string(r.id) + " in database " + std::to_string(r.database);
}

std::string triple(double a, double b, double c) {
    return number(a) + ", " + number(b) + ", " + number(c);
}

} // namespace

Fields layerFields(const dk::Layer& l) {
    const dk::LayerSummary sum = dk::summariseLayer(l);
    std::string visible;
    for (const std::uint32_t v : l.visibleLayers)
        visible += (visible.empty() ? "" : ", ") + std::to_string(v);
    return {
        {"id", std::to_string(l.id)},
        {"name", l.name},
        {"type", std::to_string(static_cast<std::uint32_t>(l.type)) + " (" + dk::layerTypeName(l.type) + ")"},
        {"size", std::to_string(l.width) + " x " + std::to_string(l.height) + " cells"},
        {"origin", std::to_string(l.originX) + ", " + std::to_string(l.originZ) + " (cells)"},
        {"world height", number(l.worldHeight) + " (world units)"},
        {"heights", number(sum.lowest) + " .. " + number(sum.highest) + " (world units)"},
        {"flags", hex(l.flags, 8)},
        {"light colour", hex(l.lightColour, 6)},
        {"ambient colour", hex(l.ambientColour, 6)},
        {"light direction",
         number(l.lightDirection) + " rad, ascension " + number(l.lightAscension) + " rad"},
        {"light dropoff", std::to_string(l.lightDropoff)},
        {"visible layers", visible.empty() ? "none" : visible},
        {"holes", std::to_string(sum.holes) + " triangles"},
        {"invisible", std::to_string(sum.invisible) + " triangles"}};
}

Fields objectFields(const dk::LevelObject& o, const dk::ClassRecord* cls, const ObjectContext& context) {
    std::string links;
    for (const std::uint16_t l : o.links)
        links += (links.empty() ? "" : ", ") + std::to_string(l);
    Fields f{{"id", std::to_string(o.id)},
             {"class", (context.className.empty() ? std::string("(not found)") : context.className) +
                           " (class " + ref(o.classRef) +
                           (context.classFile.empty() ? "" : ", " + context.classFile) + ")"},
             {"model", cls && cls->model.id == 0
                           ? std::string("none (the class names no model)")
                           : (context.modelName.empty() ? std::string("(not found)") : context.modelName) +
                                 (cls ? " (model " + ref(cls->model) +
                                            (context.modelFile.empty() ? "" : ", " + context.modelFile) + ")"
                                      : std::string())},
             {"position", triple(o.position[0], o.position[1], o.position[2]) + " (world units)"},
             {"rotation", triple(o.rotation[0], o.rotation[1], o.rotation[2]) + " (degrees)"},
             {"scale",
              o.flags & dk::kObjectScaled ? triple(o.scale[0], o.scale[1], o.scale[2]) : "1 (not scaled)"},
             {"flags", hex(o.flags, 8) + ((o.flags & dk::kObjectVisible) ? " (visible)" : " (hidden)")},
             {"lighting layer", std::to_string(o.lightingLayer)},
             {"links", links.empty() ? "none" : links},
             {"initial events", std::to_string(o.initialEvents)}};
    if (!cls) return f;
    // Every field of the class; the object's own value where it changes it.
    for (std::size_t i = 0; i < cls->fields.size(); ++i) {
        std::string value = dk::describeFieldValue(cls->fields[i], cls->data, i);
        for (std::size_t k = 0; k < o.fieldIndices.size() && k < o.fields.size(); ++k)
            if (o.fieldIndices[k] == i)
                value = dk::describeFieldValue(o.fields[k], o.data, k) + " (this object)";
        f.push_back(
            {"field " + cls->fields[i].name, value + " [" + dk::fieldTypeName(cls->fields[i].type) + "]"});
    }
    return f;
}

Fields modelFields(const ModelSummary& m) {
    std::string textures;
    for (const dk::RecordRef& t : m.textures)
        textures += (textures.empty() ? "" : "; ") + ref(t);
    Fields f{{"id", std::to_string(m.id)},
             {"name", m.name.name},
             {"group", std::to_string(m.group)},
             {"shading", hex(m.name.shading, 4)},
             {"vertices", std::to_string(m.vertices)},
             {"polygons", std::to_string(m.polygons)},
             {"textures", textures.empty() ? "none" : textures}};
    if (m.lod)
        f.push_back({"lower LOD", "model " + std::to_string(m.lod->model) +
                                      (m.lodName.empty() ? "" : " " + m.lodName) + " past " +
                                      number(m.lod->distance)});
    if (m.bounds)
        f.push_back({"bounds", "sphere at " +
                                   triple(m.bounds->info.sphere.center[0], m.bounds->info.sphere.center[1],
                                          m.bounds->info.sphere.center[2]) +
                                   " radius " + number(m.bounds->info.sphere.radius) + ", " +
                                   std::to_string(m.bounds->boxes ? m.bounds->boxShapes.size()
                                                                  : m.bounds->spheres.size()) +
                                   (m.bounds->boxes ? " boxes" : " spheres")});
    if (m.character) f.push_back({"character", "yes (LOD 0 drawn; bones not animated)"});
    return f;
}

} // namespace rgx::scene::drakan
