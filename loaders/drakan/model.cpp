#include "loaders/drakan/model.h"

#include "loaders/drakan/riot_io.h"

#include <algorithm>

namespace rgx::loaders::drakan {

ModelName readModelName(ByteSpan body, const std::string& path, Warnings* warnings) {
    ByteReader r(body, path, 0, warnings);
    ModelName m;
    m.name = readRiotString(r, "model name");
    m.shading = r.u32("model shading");
    warnTrailing(r, "model name trailing");
    return m;
}

Bytes writeModelName(const ModelName& m) {
    ByteWriter w;
    writeRiotString(w, m.name);
    w.u32(m.shading);
    return w.take();
}

Vertices readVertices(ByteSpan body, const std::string& path, Warnings* warnings) {
    ByteReader r(body, path, 0, warnings);
    const std::uint16_t count = r.u16("vertex count");
    r.checkCount(count, 12, "vertex count");
    Vertices v(count);
    for (std::array<float, 3>& p : v)
        for (float& c : p)
            c = r.f32("vertex");
    warnTrailing(r, "vertices trailing");
    return v;
}

Bytes writeVertices(const Vertices& vertices) {
    ByteWriter w;
    w.u16(static_cast<std::uint16_t>(vertices.size()));
    for (const std::array<float, 3>& p : vertices)
        for (const float c : p)
            w.f32(c);
    return w.take();
}

std::vector<Polygon> readPolygons(ByteSpan body, const std::string& path, Warnings* warnings,
                                  std::size_t vertexCount) {
    ByteReader r(body, path, 0, warnings);
    const std::uint16_t count = r.u16("polygon count");
    r.checkCount(count, 6, "polygon count"); // each at least its 6 bytes of fields
    std::vector<Polygon> polygons(count);
    for (std::size_t i = 0; i < polygons.size(); ++i) {
        Polygon& p = polygons[i];
        const std::size_t at = r.pos();
        p.flags = r.u16("polygon flags");
        const std::uint16_t corners = r.u16("polygon vertex count");
        p.texture = r.u16("polygon texture index");
        r.checkCount(corners, 10, "polygon vertex count");
        if (corners != 3 && corners != 4)
            r.warnAt(at + 2, "polygon vertex count",
                     "polygon " + std::to_string(i) + " has " + std::to_string(corners) +
                         " corners, not 3 or 4");
        p.corners.resize(corners);
        for (PolygonCorner& c : p.corners) {
            c.vertex = r.u16("polygon vertex index");
            c.u = r.f32("polygon u");
            c.v = r.f32("polygon v");
            if (vertexCount != 0 && c.vertex >= vertexCount)
                r.warnAt(r.pos() - 10, "polygon vertex index",
                         "polygon " + std::to_string(i) + " names vertex " + std::to_string(c.vertex) +
                             " of " + std::to_string(vertexCount));
        }
    }
    warnTrailing(r, "polygons trailing");
    return polygons;
}

Bytes writePolygons(const std::vector<Polygon>& polygons) {
    ByteWriter w;
    w.u16(static_cast<std::uint16_t>(polygons.size()));
    for (const Polygon& p : polygons) {
        w.u16(p.flags);
        w.u16(static_cast<std::uint16_t>(p.corners.size()));
        w.u16(p.texture);
        for (const PolygonCorner& c : p.corners) {
            w.u16(c.vertex);
            w.f32(c.u);
            w.f32(c.v);
        }
    }
    return w.take();
}

std::vector<RecordRef> readTextureList(ByteSpan body, const std::string& path, Warnings* warnings) {
    ByteReader r(body, path, 0, warnings);
    const std::uint32_t count = r.u32("texture list count");
    r.checkCount(count, 4, "texture list count");
    std::vector<RecordRef> refs(count);
    for (RecordRef& ref : refs) {
        ref = readRecordRef(r, "texture list entry");
    }
    warnTrailing(r, "texture list trailing");
    return refs;
}

Bytes writeTextureList(const std::vector<RecordRef>& textures) {
    ByteWriter w;
    w.u32(static_cast<std::uint32_t>(textures.size()));
    for (const RecordRef& ref : textures) {
        writeRecordRef(w, ref);
    }
    return w.take();
}

namespace {

// Sizes in bytes, for the counts' checks before anything is allocated.
constexpr std::size_t kSphereSize = 16, kBoxSize = 48, kMat3x4Size = 48, kWeightSize = 8, kLodMeshSize = 28,
                      kCharSphereSize = 16, kNodeSize = 36;

Vec3f readVec3(ByteReader& r, const char* field) {
    Vec3f v;
    for (float& c : v)
        c = r.f32(field);
    return v;
}

template <std::size_t N> std::array<float, N> readFloats(ByteReader& r, const char* field) {
    std::array<float, N> a;
    for (float& f : a)
        f = r.f32(field);
    return a;
}

template <std::size_t N> void writeFloats(ByteWriter& w, const std::array<float, N>& a) {
    for (const float f : a)
        w.f32(f);
}

Sphere readSphere(ByteReader& r, const char* field) {
    Sphere s;
    s.center = readVec3(r, field);
    s.radius = r.f32(field);
    return s;
}

void writeSphere(ByteWriter& w, const Sphere& s) {
    writeFloats(w, s.center);
    w.f32(s.radius);
}

OrientedBox readBox(ByteReader& r, const char* field) {
    OrientedBox b;
    b.center = readVec3(r, field);
    b.transform = readFloats<9>(r, field);
    return b;
}

void writeBox(ByteWriter& w, const OrientedBox& b) {
    writeFloats(w, b.center);
    writeFloats(w, b.transform);
}

BoundingInfo readBoundingInfo(ByteReader& r, const char* field) {
    BoundingInfo info;
    info.sphere = readSphere(r, field);
    info.box = readBox(r, field);
    return info;
}

void writeBoundingInfo(ByteWriter& w, const BoundingInfo& info) {
    writeSphere(w, info.sphere);
    writeBox(w, info.box);
}

// vertex_weight[uint16]
std::vector<VertexWeight> readWeights(ByteReader& r, const char* field) {
    const std::uint16_t count = r.u16(field);
    r.checkCount(count, kWeightSize, field);
    std::vector<VertexWeight> weights(count);
    for (VertexWeight& v : weights) {
        v.vertex = r.u32(field);
        v.weight = r.f32(field);
    }
    return weights;
}

void writeWeights(ByteWriter& w, const std::vector<VertexWeight>& weights) {
    w.u16(static_cast<std::uint16_t>(weights.size()));
    for (const VertexWeight& v : weights) {
        w.u32(v.vertex);
        w.f32(v.weight);
    }
}

[[noreturn]] void failWrite(const char* field, std::string message) {
    throw Error("<memory>", Error::kNoOffset, field, std::move(message));
}

} // namespace

ModelBounds readModelBounds(ByteSpan body, const std::string& path, Warnings* warnings) {
    ByteReader r(body, path, 0, warnings);
    ModelBounds b;
    b.info = readBoundingInfo(r, "bounds info");
    const std::uint16_t shapes = r.u16("bounds shape count");
    const std::size_t typeAt = r.pos();
    const std::uint16_t isBox = r.u16("bounds is obb");
    b.boxes = isBox != 0;
    if (isBox > 1)
        r.warnAt(typeAt, "bounds is obb", "is_obb " + std::to_string(isBox) + ", not 0 or 1 (read as boxes)");
    // Each shape: its hierarchy entry, then a box and its u16 polygon count, or a sphere.
    r.checkCount(shapes, 4 + (b.boxes ? kBoxSize + 2 : kSphereSize), "bounds shape count");
    b.hierarchy.resize(shapes);
    for (std::array<std::uint16_t, 2>& h : b.hierarchy) {
        h[0] = r.u16("bounds first child");
        h[1] = r.u16("bounds first sibling");
    }
    if (b.boxes) {
        b.boxShapes.resize(shapes);
        for (BoxShape& s : b.boxShapes) {
            s.box = readBox(r, "bounds box");
            const std::uint16_t count = r.u16("bounds box polygon count");
            r.checkCount(count, 2, "bounds box polygon count");
            s.polygons.resize(count);
            for (std::uint16_t& p : s.polygons)
                p = r.u16("bounds box polygon");
        }
    } else {
        b.spheres.resize(shapes);
        for (Sphere& s : b.spheres)
            s = readSphere(r, "bounds sphere");
    }
    warnTrailing(r, "bounds trailing");
    return b;
}

Bytes writeModelBounds(const ModelBounds& bounds) {
    const std::size_t shapes = bounds.boxes ? bounds.boxShapes.size() : bounds.spheres.size();
    if (bounds.hierarchy.size() != shapes)
        failWrite("bounds hierarchy", std::to_string(bounds.hierarchy.size()) + " hierarchy entries for " +
                                          std::to_string(shapes) + " shapes");
    ByteWriter w;
    writeBoundingInfo(w, bounds.info);
    w.u16(static_cast<std::uint16_t>(shapes));
    w.u16(bounds.boxes ? 1 : 0);
    for (const std::array<std::uint16_t, 2>& h : bounds.hierarchy) {
        w.u16(h[0]);
        w.u16(h[1]);
    }
    if (bounds.boxes) {
        for (const BoxShape& s : bounds.boxShapes) {
            writeBox(w, s.box);
            w.u16(static_cast<std::uint16_t>(s.polygons.size()));
            for (const std::uint16_t p : s.polygons)
                w.u16(p);
        }
    } else {
        for (const Sphere& s : bounds.spheres)
            writeSphere(w, s);
    }
    return w.take();
}

CharacterData readCharacterData(ByteSpan body, const std::string& path, Warnings* warnings) {
    ByteReader r(body, path, 0, warnings);
    CharacterData c;
    c.bounds = readBoundingInfo(r, "character bounds");
    const std::size_t lodsAt = r.pos();
    const std::uint16_t lods = r.u16("character lod count");
    if (lods == 0) r.failAt(lodsAt, "character lod count", "0 LODs (the text: always at least 1)");
    r.checkCount(lods - 1u, 2, "character lod count");
    c.lodNames.resize(lods - 1u);
    for (std::string& name : c.lodNames)
        name = readRiotString(r, "character lod name");

    const std::uint16_t nodes = r.u16("character node count");
    r.checkCount(nodes, kNodeSize, "character node count");
    c.nodes.resize(nodes);
    std::size_t dirtyNames = 0, firstDirty = 0;
    for (CharacterNode& n : c.nodes) {
        const std::size_t at = r.pos();
        const ByteSpan raw = r.bytes(32, "character node name");
        const auto nul = std::find(raw.begin(), raw.end(), std::uint8_t{0});
        n.name.assign(raw.begin(), nul);
        // What follows the NUL is not kept: a name is written back NUL-padded.
        if (std::any_of(nul, raw.end(), [](std::uint8_t b) { return b != 0; }) && dirtyNames++ == 0)
            firstDirty = at;
        n.joint = r.i32("character node joint");
    }
    if (dirtyNames != 0)
        r.warnAt(firstDirty, "character node name",
                 std::to_string(dirtyNames) + " node names have bytes after their NUL (dropped)");

    const std::uint16_t joints = r.u16("character joint count");
    r.checkCount(joints, kMat3x4Size + 12 + 2 * std::size_t{lods}, "character joint count");
    c.joints.resize(joints);
    for (CharacterJoint& j : c.joints) {
        j.inverseTransform = readFloats<12>(r, "character joint transform");
        j.mesh = r.i32("character joint mesh");
        j.firstChild = r.i32("character joint first child");
        j.nextSibling = r.i32("character joint next sibling");
        j.weightsPerLod.resize(lods);
        for (std::vector<VertexWeight>& weights : j.weightsPerLod)
            weights = readWeights(r, "character joint weights");
    }

    // The text's lod_mesh_info[uint16][num_lods]: num_lods lists, each with its own u16 count.
    r.checkCount(lods, 2, "character lod mesh lists");
    c.lodMeshes.resize(lods);
    for (std::vector<LodMesh>& meshes : c.lodMeshes) {
        const std::uint16_t count = r.u16("character lod mesh count");
        r.checkCount(count, kLodMeshSize, "character lod mesh count");
        meshes.resize(count);
        for (LodMesh& m : meshes) {
            m.distance = r.f32("character lod mesh distance");
            m.usage = r.u32("character lod mesh usage");
            m.node = r.u32("character lod mesh node");
            m.firstVertex = r.u32("character lod mesh first vertex");
            m.vertexCount = r.u32("character lod mesh vertex count");
            m.firstPolygon = r.u32("character lod mesh first polygon");
            m.polygonCount = r.u32("character lod mesh polygon count");
        }
    }

    const std::uint16_t animations = r.u16("character animation count");
    r.checkCount(animations, 4, "character animation count");
    c.animations.resize(animations);
    for (RecordRef& a : c.animations)
        a = readRecordRef(r, "character animation");

    const std::uint16_t channels = r.u16("character channel count");
    r.checkCount(channels, 4 + 2 * kMat3x4Size + 2, "character channel count");
    c.channels.resize(channels);
    for (CharacterChannel& ch : c.channels) {
        ch.node = r.i32("character channel node");
        ch.transformA = readFloats<12>(r, "character channel transform a");
        ch.transformB = readFloats<12>(r, "character channel transform b");
        const std::uint16_t caps = r.u16("character channel cap count");
        r.checkCount(caps, 22, "character channel cap count");
        ch.caps.resize(caps);
        for (LodCap& cap : ch.caps) {
            cap.firstCapPolygon = r.u32("character cap first cap polygon");
            cap.capPolygons = r.u32("character cap cap polygons");
            cap.firstPartPolygon = r.u32("character cap first part polygon");
            cap.partPolygons = r.u32("character cap part polygons");
            cap.unknown = r.u32("character cap unknown");
            cap.weights = readWeights(r, "character cap weights");
        }
    }

    // The text's char_bounds[uint16]: a u16 count of lists (one a LOD, "redundant with num_lods"),
    // each a u16 count of spheres.
    const std::size_t boundsAt = r.pos();
    const std::uint16_t lists = r.u16("character sphere list count");
    r.checkCount(lists, 2, "character sphere list count");
    if (lists != lods)
        r.warnAt(boundsAt, "character sphere list count",
                 std::to_string(lists) + " sphere lists for " + std::to_string(lods) +
                     " LODs (the text: one a LOD)");
    c.lodSpheres.resize(lists);
    for (std::vector<CharacterSphere>& spheres : c.lodSpheres) {
        const std::uint16_t count = r.u16("character sphere count");
        r.checkCount(count, kCharSphereSize, "character sphere count");
        spheres.resize(count);
        for (CharacterSphere& s : spheres) {
            s.firstChild = r.u16("character sphere first child");
            s.nextSibling = r.u16("character sphere next sibling");
            s.vertex = r.u32("character sphere vertex");
            s.radius = r.f32("character sphere radius");
            s.channel = r.u16("character sphere channel");
            s.unknown = r.u16("character sphere unknown");
        }
    }
    warnTrailing(r, "character trailing");
    return c;
}

Bytes writeCharacterData(const CharacterData& data) {
    const std::size_t lods = data.lodCount();
    if (data.lodMeshes.size() != lods)
        failWrite("character lod meshes", std::to_string(data.lodMeshes.size()) + " mesh lists for " +
                                              std::to_string(lods) + " LODs");
    for (const CharacterJoint& j : data.joints)
        if (j.weightsPerLod.size() != lods)
            failWrite("character joint weights", "a joint has " + std::to_string(j.weightsPerLod.size()) +
                                                     " weight lists for " + std::to_string(lods) + " LODs");
    ByteWriter w;
    writeBoundingInfo(w, data.bounds);
    w.u16(static_cast<std::uint16_t>(lods));
    for (const std::string& name : data.lodNames)
        writeRiotString(w, name);
    w.u16(static_cast<std::uint16_t>(data.nodes.size()));
    for (const CharacterNode& n : data.nodes) {
        w.fixedString(n.name, 32);
        w.i32(n.joint);
    }
    w.u16(static_cast<std::uint16_t>(data.joints.size()));
    for (const CharacterJoint& j : data.joints) {
        writeFloats(w, j.inverseTransform);
        w.i32(j.mesh);
        w.i32(j.firstChild);
        w.i32(j.nextSibling);
        for (const std::vector<VertexWeight>& weights : j.weightsPerLod)
            writeWeights(w, weights);
    }
    for (const std::vector<LodMesh>& meshes : data.lodMeshes) {
        w.u16(static_cast<std::uint16_t>(meshes.size()));
        for (const LodMesh& m : meshes) {
            w.f32(m.distance);
            for (const std::uint32_t v :
                 {m.usage, m.node, m.firstVertex, m.vertexCount, m.firstPolygon, m.polygonCount})
                w.u32(v);
        }
    }
    w.u16(static_cast<std::uint16_t>(data.animations.size()));
    for (const RecordRef& a : data.animations)
        writeRecordRef(w, a);
    w.u16(static_cast<std::uint16_t>(data.channels.size()));
    for (const CharacterChannel& ch : data.channels) {
        w.i32(ch.node);
        writeFloats(w, ch.transformA);
        writeFloats(w, ch.transformB);
        w.u16(static_cast<std::uint16_t>(ch.caps.size()));
        for (const LodCap& cap : ch.caps) {
            for (const std::uint32_t v :
                 {cap.firstCapPolygon, cap.capPolygons, cap.firstPartPolygon, cap.partPolygons, cap.unknown})
                w.u32(v);
            writeWeights(w, cap.weights);
        }
    }
    w.u16(static_cast<std::uint16_t>(data.lodSpheres.size()));
    for (const std::vector<CharacterSphere>& spheres : data.lodSpheres) {
        w.u16(static_cast<std::uint16_t>(spheres.size()));
        for (const CharacterSphere& s : spheres) {
            w.u16(s.firstChild);
            w.u16(s.nextSibling);
            w.u32(s.vertex);
            w.f32(s.radius);
            w.u16(s.channel);
            w.u16(s.unknown);
        }
    }
    return w.take();
}

ModelLod readModelLod(ByteSpan body, const std::string& path, Warnings* warnings) {
    ByteReader r(body, path, 0, warnings);
    ModelLod lod;
    lod.model = r.u16("lod model");
    lod.distance = r.f32("lod distance");
    warnTrailing(r, "lod trailing");
    return lod;
}

Bytes writeModelLod(const ModelLod& lod) {
    ByteWriter w;
    w.u16(lod.model);
    w.f32(lod.distance);
    return w.take();
}

ModelGroupCount readModelGroupCount(ByteSpan body, const std::string& path, Warnings* warnings) {
    ByteReader r(body, path, 0, warnings);
    ModelGroupCount c;
    c.groups = r.u16("model group count");
    c.lastGroup = r.u16("model group count last group");
    c.lastModel = r.u16("model group count last model");
    warnTrailing(r, "model group count trailing");
    return c;
}

Bytes writeModelGroupCount(const ModelGroupCount& count) {
    ByteWriter w;
    w.u16(count.groups);
    w.u16(count.lastGroup);
    w.u16(count.lastModel);
    return w.take();
}

} // namespace rgx::loaders::drakan
