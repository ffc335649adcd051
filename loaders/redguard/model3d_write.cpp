// Writing 3D / 3DC models: layoutModel() derives every count and offset from the content, in the
// reference's section order, and writeModel() serialises exactly what readModel() reads back.

#include "loaders/redguard/model3d.h"
#include "loaders/redguard/model3d_internal.h"

namespace rgx::loaders {

namespace {

[[noreturn]] void invalid(const std::string& field, const std::string& message) {
    throw Error("<memory>", Error::kNoOffset, field, message);
}

std::uint32_t toU32(std::uint64_t v, const char* field) {
    if (v > 0xFFFFFFFFu) invalid(field, "model too large for 32-bit offsets");
    return static_cast<std::uint32_t>(v);
}

// Renumbers the corners so that faces own consecutive ranges in face order (as a file stores them).
void compactFaceVertices(Model& m) {
    bool ordered = true;
    std::size_t next = 0;
    for (const ModelFace& f : m.faces) {
        if (f.firstVertex != next) ordered = false;
        next += f.vertexCount;
    }
    if (ordered && next == m.faceVertices.size()) return;
    std::vector<FaceVertex> corners;
    corners.reserve(next);
    for (ModelFace& f : m.faces) {
        if (std::size_t{f.firstVertex} + f.vertexCount > m.faceVertices.size()) {
            invalid("face.first_vertex", "face corners lie outside faceVertices");
        }
        std::uint32_t first = static_cast<std::uint32_t>(corners.size());
        corners.insert(corners.end(), m.faceVertices.begin() + f.firstVertex,
                       m.faceVertices.begin() + f.firstVertex + f.vertexCount);
        f.firstVertex = first;
    }
    m.faceVertices = std::move(corners);
}

std::uint64_t faceBytes(const Model& m) {
    const std::uint64_t head = isV2(m.header.version) ? 8 : 10;
    return head * m.faces.size() + 8 * std::uint64_t{m.faceVertices.size()};
}

void validate(const Model& m) {
    const std::size_t nv = m.vertices.size(), nf = m.faces.size();
    if (m.faceNormals.size() != nf) invalid("face_normals", "need one face normal per face");
    // With an indirection table the block holds what the table addresses (readVertexNormalsV4).
    if (m.normalIndices.empty() && !m.vertexNormals.empty() && m.vertexNormals.size() != nv) {
        invalid("vertex_normals", "need one vertex normal per vertex (or none) without an indirection table");
    }
    for (const ModelFace& f : m.faces) {
        if (isV2(m.header.version) && f.textureRaw > 0xFFFF)
            invalid("face.texture", "v2.x texture_data is a u16");
    }
    for (const FaceVertex& c : m.faceVertices) {
        if (c.vertex >= nv)
            invalid("face_vertex.vertex_index", "vertex " + std::to_string(c.vertex) + " out of range");
    }
    if (!m.normalIndices.empty()) {
        if (m.normalIndices.size() != m.faceVertices.size()) {
            invalid("normal_indices", "need one entry per face vertex (or none)");
        }
        for (std::uint32_t i : m.normalIndices) {
            if (i != kNoVertexNormal && i >= m.vertexNormals.size())
                invalid("normal_indices", "entry points past the vertex normals");
        }
    }
    for (const ModelAnimFrame& a : m.animFrames) {
        if (a.deltas.size() != nv || a.packedNormals.size() != nf) {
            invalid("animation_frame", "need one delta per vertex and one normal per face");
        }
    }
    for (const ModelWholeFrame& a : m.wholeFrames) {
        if (a.positions.size() != nv || a.faceNormals.size() != nf) {
            invalid("animation_frame", "need one position per vertex and one face normal per face");
        }
    }
    using Kind = model_internal::FrameLayout::Kind;
    const Kind kind = model_internal::frameLayout(m.frames[0].frameType).kind;
    if (!m.animFrames.empty() && kind != Kind::Offsets) {
        invalid("frame_type", "animation frames need frame 0's frame_type 2 or 4");
    }
    if (!m.wholeFrames.empty() && kind != Kind::Whole) {
        invalid("frame_type", "whole frames need frame 0's frame_type 0");
    }
    // Frames 1.. of a type the reader decodes must all be there: the reader would read the records.
    if (!isV2(m.header.version) && m.frames.size() > 1 &&
        ((kind == Kind::Offsets && m.frames.size() != m.animFrames.size() + 1) ||
         (kind == Kind::Whole && m.frames.size() != m.wholeFrames.size() + 1))) {
        invalid("animation_frame", "frame type " + std::to_string(m.frames[0].frameType) +
                                       " needs decoded data for every frame after frame 0");
    }
    if (isV2(m.header.version) &&
        (!m.bvh.empty() || !m.normalIndices.empty() || !m.animFrames.empty() || !m.wholeFrames.empty())) {
        invalid("version",
                "v2.x models have no Section4, normal indirection table or decoded animation frames");
    }
}

void layoutV2(Model& m) {
    ModelHeader& h = m.header;
    std::uint64_t pos = 64;
    h.offsetFrameData = 64;
    pos += 16 * std::uint64_t{m.frames.size()};
    h.offsetFaceData = toU32(pos, "offset_face_data");
    std::uint64_t fb = faceBytes(m);
    pos += fb;
    m.frames[0].normalOffset = toU32(fb, "frame.normal_offset");
    m.frames[0].reserved = toU32(m.v2Gap.size(), "frame.reserved");
    pos += m.v2Gap.size();
    // readV2 takes an animated file's vertices from its frame record and every v2.x file's face
    // normals from right after the vertices, so those header fields carry nothing the reader
    // uses: they keep their stored values (exact round trips), and only a static file's vertex
    // offset is derived.
    if (!isAnimatedModelFile(m)) h.offsetVertexCoords = toU32(pos, "offset_vertex_coords");
    pos += 12 * std::uint64_t{m.vertices.size()};
    pos += 12 * std::uint64_t{m.faces.size()};
    h.totalFaceVertices = m.vertexNormals.empty() ? 0 : toU32(pos, "offset_vertex_normals");
    pos += 12 * std::uint64_t{m.vertexNormals.size()};
    toU32(pos, "file size");
}

void layoutV4(Model& m) {
    ModelHeader& h = m.header;
    std::uint64_t pos = 64;
    h.offsetFaceData = 64;
    pos += faceBytes(m);
    h.offsetVertexCoords = toU32(pos, "offset_vertex_coords");
    pos += 12 * std::uint64_t{m.vertices.size()};
    h.offsetFaceNormals = toU32(pos, "offset_face_normals");
    pos += 12 * std::uint64_t{m.faces.size()};
    h.offsetFrameData = toU32(pos, "offset_frame_data");
    pos += 16 * std::uint64_t{m.frames.size()};
    h.offsetSection4 = m.bvh.empty() ? 0 : toU32(pos, "offset_section4");
    h.section4Count = static_cast<std::uint32_t>(m.bvh.size());
    for (const BvhNode& n : m.bvh)
        pos += 30 + 6 * std::uint64_t{n.faces.size()};
    const model_internal::FrameLayout layout = model_internal::frameLayout(m.frames[0].frameType);
    for (std::size_t k = 0; k < m.animFrames.size() + m.wholeFrames.size(); ++k) {
        m.frames[k + 1].vertexOffset = toU32(pos, "frame.vertex_offset");
        pos += layout.vertexBytes * m.vertices.size();
        m.frames[k + 1].normalOffset = toU32(pos, "frame.normal_offset");
        pos += layout.normalBytes * m.faces.size();
    }
    h.offsetNormalIndices = m.normalIndices.empty() ? 0 : toU32(pos, "offset_normal_indices");
    pos += 4 * std::uint64_t{m.normalIndices.size()};
    h.offsetVertexNormals = m.vertexNormals.empty() ? 0 : toU32(pos, "offset_vertex_normals");
    pos += 12 * std::uint64_t{m.vertexNormals.size()};
    toU32(pos, "file size");
    h.totalFaceVertices = toU32(m.faceVertices.size(), "total_face_vertices");
    h.totalFaceVerticesDup = h.totalFaceVertices;
    m.frames[0].vertexOffset = h.offsetVertexCoords;
    m.frames[0].normalOffset = h.offsetFaceNormals;
}

void writeVec3i(ByteWriter& w, const std::vector<Vec3i>& v) {
    for (const Vec3i& p : v) {
        w.i32(p.x);
        w.i32(p.y);
        w.i32(p.z);
    }
}

} // namespace

void layoutModel(Model& m) {
    compactFaceVertices(m);
    if (m.frames.empty()) m.frames.resize(1);
    // One record per decoded frame (a model holding both kinds is refused by validate, after).
    const std::size_t decoded = m.animFrames.size() + m.wholeFrames.size();
    if (decoded != 0) m.frames.resize(1 + decoded);
    ModelHeader& h = m.header;
    h.numVertices = toU32(m.vertices.size(), "num_vertices");
    h.numFaces = toU32(m.faces.size(), "num_faces");
    h.numFrames = toU32(m.frames.size(), "num_frames");
    if (isV2(h.version)) {
        layoutV2(m);
    } else {
        layoutV4(m);
    }
}

Bytes writeModel(const Model& model) {
    Model m = model;
    layoutModel(m);
    validate(m);
    const ModelHeader& h = m.header;
    const bool v2 = isV2(h.version);
    ByteWriter w;
    w.tag(modelVersionString(h.version));
    for (std::uint32_t v :
         {h.numVertices, h.numFaces, h.radius, h.numFrames, h.offsetFrameData, h.totalFaceVertices,
          h.offsetSection4, h.section4Count, h.unused24, h.offsetNormalIndices, h.offsetVertexNormals,
          h.offsetVertexCoords, h.offsetFaceNormals, h.totalFaceVerticesDup, h.offsetFaceData}) {
        w.u32(v);
    }
    auto writeFrames = [&] {
        for (const ModelFrameRecord& f : m.frames) {
            w.u32(f.vertexOffset);
            w.u32(f.normalOffset);
            w.u32(f.reserved);
            w.u32(f.frameType);
        }
    };
    if (v2) writeFrames();
    for (const ModelFace& f : m.faces) {
        w.u8(f.vertexCount);
        w.u8(f.texHi);
        if (v2) {
            w.u16(static_cast<std::uint16_t>(f.textureRaw));
        } else {
            w.u32(f.textureRaw);
        }
        w.u32(f.unused);
        for (std::size_t i = 0; i < f.vertexCount; ++i) {
            const FaceVertex& c = m.faceVertices[f.firstVertex + i];
            w.u32(v2 ? c.vertex * 12 : c.vertex);
            w.i16(c.uDelta);
            w.i16(c.vDelta);
        }
    }
    if (v2) w.bytes(m.v2Gap);
    writeVec3i(w, m.vertices);
    writeVec3i(w, m.faceNormals);
    if (!v2) {
        writeFrames();
        for (const BvhNode& n : m.bvh) {
            w.i32(n.center.x);
            w.i32(n.center.y);
            w.i32(n.center.z);
            w.u32(n.radius);
            if (n.faces.size() > 0xFFFF) invalid("section4.face_count", "more than 65535 face references");
            w.u16(static_cast<std::uint16_t>(n.faces.size()));
            for (std::uint32_t b : n.extentBits)
                w.u32(b);
            for (const BvhFaceRef& r : n.faces) {
                w.u32(r.offset);
                w.u16(r.index);
            }
        }
        const std::size_t vertexBytes = model_internal::frameLayout(m.frames[0].frameType).vertexBytes;
        for (const ModelAnimFrame& a : m.animFrames) {
            model_internal::encodeTriples(w, a.deltas, vertexBytes);
            for (std::uint32_t p : a.packedNormals)
                w.u32(p);
        }
        for (const ModelWholeFrame& a : m.wholeFrames) {
            writeVec3i(w, a.positions);
            writeVec3i(w, a.faceNormals);
        }
        for (std::uint32_t i : m.normalIndices)
            w.u32(i == kNoVertexNormal ? kNoVertexNormal : h.offsetVertexNormals + 12 * i);
    }
    for (const VertexNormal& n : m.vertexNormals) {
        for (std::uint32_t b : n.bits)
            w.u32(b);
    }
    return w.take();
}

} // namespace rgx::loaders
