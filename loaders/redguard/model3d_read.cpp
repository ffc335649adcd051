// Reading 3D / 3DC models. Sections are located from the header (v4+) or by the v2.x rules of
// redguard-3d-models.txt; bulk arrays are decoded from one bounds-checked span each, which keeps
// large ROB archives cheap to parse (see bench/bench_rob.cpp).

#include "loaders/redguard/model3d.h"
#include "loaders/redguard/model3d_internal.h"

#include <algorithm>
#include <cstring>

namespace rgx::loaders {

namespace {

using model_internal::le16;
using model_internal::le32;

// A reader positioned at `offset`, failing (with the header field's own position) when the offset
// is past the end.
ByteReader sectionAt(const ByteReader& r, std::size_t fieldPos, std::uint64_t offset, const char* field) {
    ByteReader s = r;
    if (offset > r.size()) {
        s.failAt(fieldPos, field,
                 "offset " + std::to_string(offset) + " is past the end (size " + std::to_string(r.size()) +
                     ")");
    }
    s.seek(static_cast<std::size_t>(offset), field);
    return s;
}

std::vector<Vec3i> readVec3i(ByteReader& s, std::uint64_t count, const char* countField, const char* field) {
    std::size_t n = s.checkCount(count, 12, countField);
    ByteSpan b = s.bytes(n * 12, field);
    std::vector<Vec3i> out;
    out.reserve(n);
    for (std::size_t i = 0; i < n; ++i) {
        const std::uint8_t* p = b.data() + i * 12;
        out.push_back({static_cast<std::int32_t>(le32(p)), static_cast<std::int32_t>(le32(p + 4)),
                       static_cast<std::int32_t>(le32(p + 8))});
    }
    return out;
}

ModelVersion parseVersion(ByteReader& r) {
    std::size_t at = r.pos();
    std::string v = r.fixedRaw(4, "version");
    if (v == "v2.6") return ModelVersion::V26;
    if (v == "v2.7") return ModelVersion::V27;
    if (v == "v4.0") return ModelVersion::V40;
    if (v == "v5.0") return ModelVersion::V50;
    std::string shown;
    for (char c : v)
        shown += (c >= 0x20 && c < 0x7F) ? c : '?';
    r.failAt(at, "version", "unknown model version \"" + shown + "\" (expected v2.6, v2.7, v4.0 or v5.0)");
}

ModelHeader readHeader(ByteReader& r) {
    r.require(64, "header");
    ModelHeader h;
    h.version = parseVersion(r);
    h.numVertices = r.u32("num_vertices");
    h.numFaces = r.u32("num_faces");
    h.radius = r.u32("radius");
    h.numFrames = r.u32("num_frames");
    h.offsetFrameData = r.u32("offset_frame_data");
    h.totalFaceVertices = r.u32("total_face_vertices");
    h.offsetSection4 = r.u32("offset_section4");
    h.section4Count = r.u32("section4_count");
    h.unused24 = r.u32("unused_24");
    h.offsetNormalIndices = r.u32("offset_normal_indices");
    h.offsetVertexNormals = r.u32("offset_vertex_normals");
    h.offsetVertexCoords = r.u32("offset_vertex_coords");
    h.offsetFaceNormals = r.u32("offset_face_normals");
    h.totalFaceVerticesDup = r.u32("total_face_vertices_dup");
    h.offsetFaceData = r.u32("offset_face_data");
    return h;
}

// Faces: v4+ records are u8 count, u8 tex_hi, u32 texture, u32 unused; v2.x u8 count, u8 u1,
// u16 texture, u32 unused. Corners are 8 bytes: u32 vertex (v2.x: byte offset), i16 u, i16 v.
// Two passes: the first hops from record to record checking bounds and counting corners, so the
// second can fill exactly sized arrays (this loop dominates ROB parse time). Templated on the
// version family to keep the per-corner loop free of version branches.
template <bool V2> void readFacesOf(ByteReader& s, Model& m) {
    constexpr std::size_t head = V2 ? 8 : 10;
    const std::size_t nf = s.checkCount(m.header.numFaces, head, "num_faces");
    const std::uint8_t* const data = s.data().data();
    const std::size_t size = s.size();
    const std::size_t start = s.pos();
    std::size_t pos = start;
    std::size_t corners = 0;
    for (std::size_t f = 0; f < nf; ++f) {
        if (size - pos < head) {
            s.seek(pos, "face");
            s.require(head, "face");
        }
        const std::size_t count = data[pos];
        if (count == 0) s.warnAt(pos, "face.vertex_count", "face " + std::to_string(f) + " has no vertices");
        if (size - pos - head < count * 8) {
            s.seek(pos + head, "face.vertices");
            s.require(count * 8, "face.vertices");
        }
        pos += head + count * 8;
        corners += count;
    }
    const std::uint32_t nv = m.header.numVertices;
    m.faces.reserve(nf);
    m.faceVertices.reserve(corners); // exact: no reallocation, no zero-fill before the writes
    pos = start;
    for (std::size_t f = 0; f < nf; ++f) {
        const std::uint8_t* h = data + pos;
        ModelFace& face = m.faces.emplace_back();
        face.vertexCount = h[0];
        face.texHi = h[1];
        face.textureRaw = V2 ? le16(h + 2) : le32(h + 2);
        face.unused = le32(h + (V2 ? 4 : 6));
        face.firstVertex = static_cast<std::uint32_t>(m.faceVertices.size());
        const std::size_t cornersPos = pos + head;
        for (std::size_t i = 0; i < face.vertexCount; ++i) {
            const std::uint8_t* p = data + cornersPos + i * 8;
            const std::uint32_t raw = le32(p);
            const std::uint32_t index = V2 ? raw / 12 : raw;
            if ((V2 && raw % 12 != 0) || index >= nv) {
                s.failAt(cornersPos + i * 8, "face_vertex.vertex_index",
                         V2 && raw % 12 != 0
                             ? "v2.x byte offset " + std::to_string(raw) + " is not a multiple of 12"
                             : "vertex " + std::to_string(index) + " out of range (num_vertices " +
                                   std::to_string(nv) + ")");
            }
            m.faceVertices.push_back(
                {index, static_cast<std::int16_t>(le16(p + 4)), static_cast<std::int16_t>(le16(p + 6))});
        }
        pos = cornersPos + std::size_t{face.vertexCount} * 8;
    }
    s.seek(pos, "face");
}

void readFaces(ByteReader& s, Model& m) {
    if (isV2(m.header.version)) {
        readFacesOf<true>(s, m);
    } else {
        readFacesOf<false>(s, m);
    }
}

std::vector<VertexNormal> readVertexNormals(ByteReader& s, std::uint64_t count) {
    std::size_t n = s.checkCount(count, 12, "vertex_normals");
    ByteSpan b = s.bytes(n * 12, "vertex_normals");
    std::vector<VertexNormal> out;
    out.reserve(n);
    for (std::size_t i = 0; i < n; ++i) {
        const std::uint8_t* p = b.data() + i * 12;
        out.push_back(VertexNormal{{le32(p), le32(p + 4), le32(p + 8)}});
    }
    return out;
}

// Runs read() for a section that drawing does not need (the reading policy in docs/formats.md):
// when its bytes cannot be read, the failure becomes a warning, drop() empties what was
// partially filled, and the model is read without it. `what` says what is lost.
template <class Read, class Drop>
void optionalSection(const ByteReader& r, const char* what, Read read, Drop drop) {
    try {
        read();
    } catch (const Error& e) {
        drop();
        if (r.warnings())
            r.warnings()->push_back({e.path(), e.offset(), e.field(), e.message() + "; " + what});
    }
}

// Frame records. A model with num_frames 0 has none, and its offset_frame_data is not used (a
// v2.7 static model in BELLTOWR.ROB holds a stale 9582 in a 7,480-byte model: notes.md).
void readFrameRecords(const ByteReader& r, Model& m) {
    if (m.header.numFrames == 0) return;
    ByteReader s = sectionAt(r, 0x14, m.header.offsetFrameData, "offset_frame_data");
    std::size_t n = s.checkCount(m.header.numFrames, 16, "num_frames");
    ByteSpan b = s.bytes(n * 16, "frame_data");
    m.frames.resize(n);
    for (std::size_t i = 0; i < n; ++i) {
        const std::uint8_t* p = b.data() + i * 16;
        m.frames[i] = {le32(p), le32(p + 4), le32(p + 8), le32(p + 12)};
    }
}

// Section4 is zeroed by the engine's header copier (the reference), so the engine never reads it.
void readBvh(const ByteReader& r, Model& m) {
    if (m.header.offsetSection4 == 0 || m.header.section4Count == 0) return;
    ByteReader s = sectionAt(r, 0x1C, m.header.offsetSection4, "offset_section4");
    std::size_t n = s.checkCount(m.header.section4Count, 30, "section4_count");
    m.bvh.resize(n);
    for (std::size_t i = 0; i < n; ++i) {
        ByteSpan h = s.bytes(30, "section4.node");
        BvhNode& node = m.bvh[i];
        node.center = {static_cast<std::int32_t>(le32(h.data())),
                       static_cast<std::int32_t>(le32(h.data() + 4)),
                       static_cast<std::int32_t>(le32(h.data() + 8))};
        node.radius = le32(h.data() + 12);
        std::uint16_t refs = le16(h.data() + 16);
        node.extentBits = {le32(h.data() + 18), le32(h.data() + 22), le32(h.data() + 26)};
        std::size_t nr = s.checkCount(refs, 6, "section4.face_count");
        ByteSpan fb = s.bytes(nr * 6, "section4.faces");
        node.faces.resize(nr);
        for (std::size_t k = 0; k < nr; ++k)
            node.faces[k] = {le32(fb.data() + k * 6), le16(fb.data() + k * 6 + 4)};
    }
}

// The vertex normals of a v4+ model and the indirection table that addresses them. With a table,
// the block holds as many entries as the table addresses, which can be more than num_vertices
// (notes.md: ISLAND.ROB's GR_COMP has 17 vertices and 25 normals), and at least one per vertex
// where the model has room for them (a builder gives unused vertices a normal too); without a
// table, one per vertex. An entry that does not point at a whole normal inside the model becomes
// kNoVertexNormal (that corner is lit flat) with a warning; a table sized other than the corners
// is fitted to them with a warning; a table that addresses no normal at all is dropped.
void readVertexNormalsV4(const ByteReader& r, Model& m) {
    const ModelHeader& h = m.header;
    if (h.offsetVertexNormals == 0) return;
    ByteReader vn = sectionAt(r, 0x2C, h.offsetVertexNormals, "offset_vertex_normals");
    if (h.offsetNormalIndices == 0) {
        m.vertexNormals = readVertexNormals(vn, h.numVertices);
        return;
    }
    ByteReader s = sectionAt(r, 0x28, h.offsetNormalIndices, "offset_normal_indices");
    const std::size_t n = s.checkCount(h.totalFaceVertices, 4, "total_face_vertices");
    const std::size_t at = s.pos();
    const ByteSpan b = s.bytes(n * 4, "normal_indices");
    const std::uint64_t base = h.offsetVertexNormals;
    const std::uint64_t available = (r.size() - base) / 12;
    if (n != m.faceVertices.size()) {
        r.warnAt(0x18, "total_face_vertices",
                 std::to_string(n) + " indirection entries for " + std::to_string(m.faceVertices.size()) +
                     " face corners; the table is fitted to the corners (missing entries are lit flat)");
    }
    // One entry per corner: extra entries are not read, missing ones point at no normal.
    m.normalIndices.assign(m.faceVertices.size(), kNoVertexNormal);
    const std::size_t used = std::min(n, m.normalIndices.size());
    std::uint64_t count = 0;
    std::size_t bad = 0, firstBad = 0;
    for (std::size_t i = 0; i < used; ++i) {
        const std::uint32_t off = le32(b.data() + i * 4);
        const std::uint64_t rel = off >= base ? std::uint64_t{off - base} : ~std::uint64_t{0};
        if (rel % 12 != 0 || rel / 12 >= available) {
            if (bad++ == 0) firstBad = i;
            continue;
        }
        m.normalIndices[i] = static_cast<std::uint32_t>(rel / 12);
        count = std::max(count, rel / 12 + 1);
    }
    if (count == 0) { // nothing to index: the model is lit flat, as without a table
        if (used != 0) {
            s.warnAt(
                at, "normal_indices",
                "none of the " + std::to_string(used) +
                    " entries points at a vertex normal inside the model; the table is dropped (lit flat)");
        }
        m.normalIndices.clear();
        return;
    }
    if (bad != 0) {
        s.warnAt(at + firstBad * 4, "normal_indices",
                 std::to_string(bad) + " of " + std::to_string(used) + " entries (the first: entry " +
                     std::to_string(firstBad) +
                     ") point at no vertex normal inside the model; those corners are lit flat");
    }
    count = std::max<std::uint64_t>(count, std::min<std::uint64_t>(h.numVertices, available));
    m.vertexNormals = readVertexNormals(vn, count);
}

// Frames 1.. of a multi-frame v4+ model, in the layout frame 0's frame_type gives
// (model_internal::frameLayout): offsets of a type 2 / 4 .3DC, or whole frames of a type 0 model.
// Offsets come from each frame's record (vertex_offset and normal_offset, as the engine reads
// them); the reference's layout (consecutive frames, normals right after the vertices) is only
// checked for a warning. The decoded total may not exceed the model's size, so records pointing
// many frames at the same bytes cannot multiply memory.
void readAnimFrames(const ByteReader& r, Model& m) {
    using Kind = model_internal::FrameLayout::Kind;
    if (m.frames.size() < 2) return;
    const model_internal::FrameLayout layout = model_internal::frameLayout(m.frames[0].frameType);
    if (layout.kind == Kind::Undecoded) {
        r.warnAt(0x10, "num_frames",
                 std::to_string(m.frames.size()) + " frames with frame_type " +
                     std::to_string(m.frames[0].frameType) +
                     ": frames 1.. are not decoded (no layout known for this type); drawn as frame 0");
        return;
    }
    const std::uint64_t nv = m.header.numVertices, nf = m.header.numFaces;
    const std::uint64_t perFrame = nv * layout.vertexBytes + nf * layout.normalBytes;
    const std::size_t recordsPos = m.header.offsetFrameData;
    if (perFrame != 0 && m.frames.size() - 1 > r.size() / perFrame) {
        r.failAt(0x10, "num_frames",
                 std::to_string(m.frames.size() - 1) + " animation frames of " + std::to_string(perFrame) +
                     " bytes each exceed the model's " + std::to_string(r.size()) + " bytes");
    }
    std::uint64_t prevEnd = 0;
    bool warnedLayout = false;
    if (layout.kind == Kind::Whole) {
        m.wholeFrames.resize(m.frames.size() - 1);
    } else {
        m.animFrames.resize(m.frames.size() - 1);
    }
    for (std::size_t k = 1; k < m.frames.size(); ++k) {
        const ModelFrameRecord& rec = m.frames[k];
        const std::size_t recPos = recordsPos + k * 16;
        const bool consecutive =
            rec.vertexOffset >= prevEnd &&
            std::uint64_t{rec.normalOffset} == rec.vertexOffset + nv * layout.vertexBytes;
        if (!consecutive && !warnedLayout) {
            warnedLayout = true;
            r.warnAt(
                recPos, "frame.vertex_offset",
                "frame " + std::to_string(k) +
                    ": not laid out as the reference says (after the previous frame, normals right after "
                    "the vertices); read where the record points");
        }
        ByteReader s = sectionAt(r, recPos, rec.vertexOffset, "frame.vertex_offset");
        std::size_t n = s.checkCount(nv, layout.vertexBytes, "num_vertices");
        ByteSpan vb = s.bytes(n * layout.vertexBytes, "frame.vertices");
        std::vector<Vec3i> vertices = model_internal::decodeTriples(vb, n, layout.vertexBytes);
        ByteReader ns = sectionAt(r, recPos + 4, rec.normalOffset, "frame.normal_offset");
        std::size_t fn = ns.checkCount(nf, layout.normalBytes, "num_faces");
        ByteSpan nb = ns.bytes(fn * layout.normalBytes, "frame.normals");
        if (layout.kind == Kind::Whole) {
            m.wholeFrames[k - 1] = {std::move(vertices),
                                    model_internal::decodeTriples(nb, fn, layout.normalBytes)};
        } else {
            ModelAnimFrame& out = m.animFrames[k - 1];
            out.deltas = std::move(vertices);
            out.packedNormals.resize(fn);
            for (std::size_t i = 0; i < fn; ++i)
                out.packedNormals[i] = le32(nb.data() + i * 4);
        }
        prevEnd = std::max(s.pos(), ns.pos());
    }
}

// A coordinate beyond this marks a misplaced v2.x vertex block (redguard-3d-models.txt).
constexpr std::int64_t kV2CoordLimit = 1090519040;

bool plausibleV2Vertices(const ByteReader& r, std::uint64_t offset, std::uint64_t nv) {
    if (offset > r.size() || nv > (r.size() - offset) / 12) return false;
    const std::uint8_t* p = r.data().data() + offset;
    for (std::uint64_t i = 0; i < nv * 3; ++i) {
        std::int64_t c = static_cast<std::int32_t>(le32(p + i * 4));
        if (c > kV2CoordLimit || c < -kV2CoordLimit) return false;
    }
    return true;
}

void readV2(const ByteReader& r, Model& m, std::size_t facesEnd) {
    const ModelHeader& h = m.header;
    std::uint64_t faceDataEnd = facesEnd;
    if (!m.frames.empty()) faceDataEnd = std::uint64_t{h.offsetFaceData} + m.frames[0].normalOffset;
    std::uint64_t vertexOffset = h.offsetVertexCoords;
    std::size_t vertexField = 0x30;
    if (isAnimatedModelFile(m) && !m.frames.empty()) {
        std::uint64_t primary = faceDataEnd + m.frames[0].reserved;
        vertexOffset = plausibleV2Vertices(r, primary, h.numVertices) ? primary : faceDataEnd;
        vertexField = static_cast<std::size_t>(h.offsetFrameData) + 4;
    }
    if (faceDataEnd <= vertexOffset && vertexOffset <= r.size()) {
        ByteSpan gap = r.data().subspan(static_cast<std::size_t>(faceDataEnd),
                                        static_cast<std::size_t>(vertexOffset - faceDataEnd));
        m.v2Gap.assign(gap.begin(), gap.end());
    }
    ByteReader s = sectionAt(r, vertexField, vertexOffset, "offset_vertex_coords");
    m.vertices = readVec3i(s, h.numVertices, "num_vertices", "vertex_coords");
    // The engine rebuilds v2.x sections sequentially: face normals follow the vertices.
    m.faceNormals = readVec3i(s, h.numFaces, "num_faces", "face_normals");
    if (h.totalFaceVertices != 0) { // 0x18 holds the vertex-normal offset in v2.x
        optionalSection(
            r, "the model is lit with face normals",
            [&] {
                ByteReader vn = sectionAt(r, 0x18, h.totalFaceVertices, "offset_vertex_normals(0x18)");
                m.vertexNormals = readVertexNormals(vn, h.numVertices);
            },
            [&] { m.vertexNormals.clear(); });
    }
}

} // namespace

Model readModel(const ByteReader& reader) {
    ByteReader r(reader.data(), reader.path(), reader.base(), reader.warnings());
    Model m;
    m.header = readHeader(r);
    const ModelHeader& h = m.header;
    ByteReader faces = sectionAt(r, 0x3C, h.offsetFaceData, "offset_face_data");
    readFaces(faces, m);
    // Without its frame records a model is drawn as a static one (frame 0 = the base geometry).
    optionalSection(
        r, "the model is read as a static one", [&] { readFrameRecords(r, m); }, [&] { m.frames.clear(); });
    if (isV2(h.version)) {
        readV2(r, m, faces.pos());
        return m;
    }
    ByteReader vs = sectionAt(r, 0x30, h.offsetVertexCoords, "offset_vertex_coords");
    m.vertices = readVec3i(vs, h.numVertices, "num_vertices", "vertex_coords");
    ByteReader fn = sectionAt(r, 0x34, h.offsetFaceNormals, "offset_face_normals");
    m.faceNormals = readVec3i(fn, h.numFaces, "num_faces", "face_normals");
    optionalSection(
        r, "Section4 is not read (the engine does not use it)", [&] { readBvh(r, m); },
        [&] { m.bvh.clear(); });
    readAnimFrames(r, m);
    optionalSection(
        r, "the model is lit with face normals", [&] { readVertexNormalsV4(r, m); },
        [&] {
            m.vertexNormals.clear();
            m.normalIndices.clear();
        });
    return m;
}

Model readModel(ByteSpan bytes, const std::string& path, Warnings* warnings) {
    return readModel(ByteReader(bytes, path, 0, warnings));
}

} // namespace rgx::loaders
