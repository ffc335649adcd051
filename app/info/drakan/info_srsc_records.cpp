#include "app/info/drakan/info_srsc_records.h"

#include "loaders/drakan/class_record.h"
#include "loaders/drakan/model.h"
#include "loaders/text.h"

namespace rgx::app {

namespace {

namespace dk = loaders::drakan;

nlohmann::json refJson(const dk::RecordRef& ref) {
    return {{"id", ref.id}, {"database", ref.database}};
}

nlohmann::json sphereJson(const dk::Sphere& s) {
    return {{"center", s.center}, {"radius", s.radius}};
}

nlohmann::json classJson(const dk::ClassRecord& c) {
    nlohmann::json fields = nlohmann::json::array();
    for (std::size_t i = 0; i < c.fields.size(); ++i) {
        const dk::FieldDefinition& f = c.fields[i];
        fields.push_back({{"name", loaders::toUtf8(f.name)},
                          {"type", f.type},
                          {"type_name", dk::fieldTypeName(f.type)},
                          {"value", loaders::toUtf8(dk::describeFieldValue(f, c.data, i))}});
    }
    return {{"name", loaders::toUtf8(c.name)}, {"group", c.group}, {"model", refJson(c.model)},
            {"rfl_class_id", c.rflClassId},    {"icon", c.icon},   {"dwords", c.data.size()},
            {"fields", std::move(fields)}};
}

nlohmann::json boundsJson(const dk::ModelBounds& b) {
    nlohmann::json shapes = nlohmann::json::array();
    for (std::size_t i = 0; i < b.hierarchy.size(); ++i) {
        nlohmann::json s = {{"first_child", b.hierarchy[i][0]}, {"first_sibling", b.hierarchy[i][1]}};
        if (b.boxes && i < b.boxShapes.size()) {
            s["center"] = b.boxShapes[i].box.center;
            s["polygons"] = b.boxShapes[i].polygons.size();
        } else if (!b.boxes && i < b.spheres.size()) {
            s["center"] = b.spheres[i].center;
            s["radius"] = b.spheres[i].radius;
        }
        shapes.push_back(std::move(s));
    }
    return {{"sphere", sphereJson(b.info.sphere)},
            {"box_center", b.info.box.center},
            {"kind", b.boxes ? "boxes" : "spheres"},
            {"shapes", std::move(shapes)}};
}

nlohmann::json characterJson(const dk::CharacterData& c) {
    // A LOD: its name (LOD 0's is the model's, 0x0200), its meshes and their distances, its
    // bounding spheres.
    nlohmann::json lods = nlohmann::json::array();
    for (std::size_t i = 0; i < c.lodCount(); ++i) {
        nlohmann::json lod = nlohmann::json::object();
        if (i > 0) lod["name"] = loaders::toUtf8(c.lodNames[i - 1]);
        nlohmann::json meshes = nlohmann::json::array();
        for (const dk::LodMesh& m : c.lodMeshes[i])
            meshes.push_back({{"distance", m.distance},
                              {"node", m.node},
                              {"first_vertex", m.firstVertex},
                              {"vertices", m.vertexCount},
                              {"first_polygon", m.firstPolygon},
                              {"polygons", m.polygonCount}});
        lod["meshes"] = std::move(meshes);
        if (i < c.lodSpheres.size()) lod["spheres"] = c.lodSpheres[i].size();
        lods.push_back(std::move(lod));
    }
    nlohmann::json nodes = nlohmann::json::array();
    for (const dk::CharacterNode& n : c.nodes)
        nodes.push_back({{"name", loaders::toUtf8(n.name)}, {"joint", n.joint}});
    nlohmann::json joints = nlohmann::json::array();
    for (const dk::CharacterJoint& j : c.joints) {
        std::size_t weights = 0;
        for (const std::vector<dk::VertexWeight>& w : j.weightsPerLod)
            weights += w.size();
        joints.push_back({{"mesh", j.mesh},
                          {"first_child", j.firstChild},
                          {"next_sibling", j.nextSibling},
                          {"weights", weights}});
    }
    nlohmann::json animations = nlohmann::json::array();
    for (const dk::RecordRef& a : c.animations)
        animations.push_back(refJson(a));
    nlohmann::json channels = nlohmann::json::array();
    for (const dk::CharacterChannel& ch : c.channels)
        channels.push_back({{"node", ch.node}, {"caps", ch.caps.size()}});
    return {{"sphere", sphereJson(c.bounds.sphere)},
            {"lods", std::move(lods)},
            {"nodes", std::move(nodes)},
            {"joints", std::move(joints)},
            {"animations", std::move(animations)},
            {"channels", std::move(channels)}};
}

} // namespace

bool describeClassOrModelRecord(nlohmann::json& rec, const dk::SrscRecord& r, const std::string& path) {
    switch (r.type) {
    case dk::kRflReferenceRecord: {
        const dk::RflReference ref = dk::readRflReference(r.body, path);
        rec["rfl"] = {{"path", loaders::toUtf8(ref.path)}, {"unknown", ref.unknown}};
        return true;
    }
    case dk::kClassGroupRecord:
    case dk::kModelGroupRecord:
    case 0x0301: // sound group
    case 0x0312: // sequence group (the text names 0x0312 and 0x0313 both)
    case 0x0313:
        rec["group_name"] = loaders::toUtf8(dk::readGroupName(r.body, path));
        return true;
    case dk::kClassRecord:
        rec["class"] = classJson(dk::readClassRecord(r.body, path));
        return true;
    case dk::kModelGroupCountRecord: {
        const dk::ModelGroupCount g = dk::readModelGroupCount(r.body, path);
        rec["group_count"] = {{"groups", g.groups}, {"last_group", g.lastGroup}, {"last_model", g.lastModel}};
        return true;
    }
    case dk::kBoundsRecord:
        rec["bounds"] = boundsJson(dk::readModelBounds(r.body, path));
        return true;
    case dk::kCharacterRecord:
        rec["character"] = characterJson(dk::readCharacterData(r.body, path));
        return true;
    case dk::kLodRecord: {
        const dk::ModelLod lod = dk::readModelLod(r.body, path);
        rec["lod"] = {{"model", lod.model}, {"distance", lod.distance}};
        return true;
    }
    default:
        return false;
    }
}

} // namespace rgx::app
