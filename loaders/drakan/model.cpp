#include "loaders/drakan/model.h"

#include "loaders/drakan/riot_io.h"

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

} // namespace rgx::loaders::drakan
