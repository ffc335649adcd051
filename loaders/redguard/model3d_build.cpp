// Building models from plain data (the demo world, tests, benchmarks): everything a file derives
// (face normals, vertex normals, radius, texture packing, UV deltas, offsets) is computed here.

#include "loaders/redguard/model3d.h"
#include "loaders/redguard/model3d_internal.h"

#include <algorithm>
#include <cmath>

namespace rgx::loaders {

namespace {

[[noreturn]] void invalid(const std::string& field, const std::string& message) {
    throw Error("<memory>", Error::kNoOffset, field, message);
}

struct Vec3d {
    double x = 0, y = 0, z = 0;
};

// Unit normal of (v1 - v0) x (v2 - v0) over a face's first three corners (notes.md: this points the
// same way as the stored normal); zero for degenerate faces.
Vec3d faceNormal(const std::vector<Vec3i>& pos, const std::uint32_t* corners, std::size_t count) {
    if (count < 3) return {};
    const Vec3i &a = pos[corners[0]], &b = pos[corners[1]], &c = pos[corners[2]];
    double ux = double(b.x) - a.x, uy = double(b.y) - a.y, uz = double(b.z) - a.z;
    double vx = double(c.x) - a.x, vy = double(c.y) - a.y, vz = double(c.z) - a.z;
    Vec3d n{uy * vz - uz * vy, uz * vx - ux * vz, ux * vy - uy * vx};
    double len = std::sqrt(n.x * n.x + n.y * n.y + n.z * n.z);
    if (len == 0) return {};
    return {n.x / len, n.y / len, n.z / len};
}

std::vector<Vec3d> faceNormalsOf(const Model& m, const std::vector<Vec3i>& pos) {
    std::vector<Vec3d> out(m.faces.size());
    std::vector<std::uint32_t> corners;
    for (std::size_t f = 0; f < m.faces.size(); ++f) {
        const ModelFace& face = m.faces[f];
        corners.clear();
        for (std::size_t i = 0; i < face.vertexCount; ++i)
            corners.push_back(m.faceVertices[face.firstVertex + i].vertex);
        out[f] = faceNormal(pos, corners.data(), corners.size());
    }
    return out;
}

std::int32_t fixed256(double c) {
    return static_cast<std::int32_t>(std::lround(c * 256.0));
}

std::int16_t delta16(std::int64_t d) {
    if (d < -32768 || d > 32767) invalid("face.uv", "UV step " + std::to_string(d) + " does not fit in i16");
    return static_cast<std::int16_t>(d);
}

} // namespace

Model buildModel(const ModelSpec& spec) {
    Model m;
    m.header.version = spec.version;
    m.vertices = spec.positions;
    const std::size_t nv = spec.positions.size();
    for (const ModelFaceSpec& fs : spec.faces) {
        if (fs.vertices.empty() || fs.vertices.size() > 255)
            invalid("face.vertex_count", "a face needs 1..255 corners");
        if (!fs.uvs.empty() && fs.uvs.size() != fs.vertices.size())
            invalid("face.uv", "need one UV per corner (or none)");
        ModelFace face;
        face.vertexCount = static_cast<std::uint8_t>(fs.vertices.size());
        face.firstVertex = static_cast<std::uint32_t>(m.faceVertices.size());
        if (fs.solidColor) {
            face.textureRaw = encodeSolidColor(spec.version, *fs.solidColor);
            face.texHi = isV2(spec.version) ? fs.texHi : 0xFF;
        } else {
            face.textureRaw = encodeFaceTexture(spec.version, fs.textureId, fs.imageId);
            face.texHi = fs.texHi;
        }
        std::int64_t pu = 0, pv = 0;
        for (std::size_t i = 0; i < fs.vertices.size(); ++i) {
            if (fs.vertices[i] >= nv)
                invalid("face.vertices", "vertex " + std::to_string(fs.vertices[i]) + " out of range");
            std::int64_t u = fs.uvs.empty() ? 0 : fs.uvs[i][0], v = fs.uvs.empty() ? 0 : fs.uvs[i][1];
            m.faceVertices.push_back({fs.vertices[i], delta16(u - pu), delta16(v - pv)});
            pu = u;
            pv = v;
        }
        m.faces.push_back(face);
    }
    std::vector<Vec3d> normals = faceNormalsOf(m, m.vertices);
    for (const Vec3d& n : normals)
        m.faceNormals.push_back({fixed256(n.x), fixed256(n.y), fixed256(n.z)});
    if (spec.vertexNormals) {
        std::vector<Vec3d> sum(nv);
        std::vector<bool> used(nv, false);
        for (std::size_t f = 0; f < m.faces.size(); ++f) {
            for (std::size_t i = 0; i < m.faces[f].vertexCount; ++i) {
                std::uint32_t v = m.faceVertices[m.faces[f].firstVertex + i].vertex;
                sum[v].x += normals[f].x;
                sum[v].y += normals[f].y;
                sum[v].z += normals[f].z;
                used[v] = true;
            }
        }
        for (std::size_t v = 0; v < nv; ++v) {
            double len = std::sqrt(sum[v].x * sum[v].x + sum[v].y * sum[v].y + sum[v].z * sum[v].z);
            if (!used[v] || len == 0) {
                m.vertexNormals.push_back(VertexNormal::none());
            } else {
                m.vertexNormals.push_back(VertexNormal::fromFloat({static_cast<float>(sum[v].x / len),
                                                                   static_cast<float>(sum[v].y / len),
                                                                   static_cast<float>(sum[v].z / len)}));
            }
        }
        if (spec.normalIndirection && !isV2(spec.version)) {
            for (const FaceVertex& c : m.faceVertices)
                m.normalIndices.push_back(c.vertex);
        }
    }
    double radius = 0;
    for (const Vec3i& p : m.vertices) {
        radius = std::max(radius, std::sqrt(double(p.x) * p.x + double(p.y) * p.y + double(p.z) * p.z));
    }
    m.header.radius = static_cast<std::uint32_t>(std::ceil(radius));
    m.frames.resize(1);
    // v2.x frame 0's first field: the reference observes 88 in every file.
    if (isV2(spec.version)) m.frames[0].vertexOffset = 88;
    layoutModel(m);
    return m;
}

void setAnimationFrames(Model& m, std::uint32_t frameType,
                        const std::vector<std::vector<Vec3i>>& framePositions) {
    using Kind = model_internal::FrameLayout::Kind;
    if (isV2(m.header.version)) invalid("version", "v2.x animation frames are not supported");
    const Kind kind = model_internal::frameLayout(frameType).kind;
    if (kind == Kind::Undecoded)
        invalid("frame_type", "animation frame types are 2 and 4 (offsets) and 0 (whole frames)");
    if (m.frames.empty()) m.frames.resize(1);
    m.frames[0].frameType = frameType;
    m.animFrames.clear();
    m.wholeFrames.clear();
    for (const std::vector<Vec3i>& pos : framePositions) {
        if (pos.size() != m.vertices.size()) invalid("frame.positions", "need one position per vertex");
        const std::vector<Vec3d> normals = faceNormalsOf(m, pos);
        if (kind == Kind::Whole) {
            ModelWholeFrame w;
            w.positions = pos;
            for (const Vec3d& n : normals)
                w.faceNormals.push_back({fixed256(n.x), fixed256(n.y), fixed256(n.z)});
            m.wholeFrames.push_back(std::move(w));
            continue;
        }
        ModelAnimFrame a;
        a.deltas.resize(pos.size());
        for (std::size_t i = 0; i < pos.size(); ++i) {
            auto d = [](std::int32_t b, std::int32_t p) { return static_cast<std::int64_t>(b) - p; };
            std::int64_t dx = d(m.vertices[i].x, pos[i].x), dy = d(m.vertices[i].y, pos[i].y),
                         dz = d(m.vertices[i].z, pos[i].z);
            const std::int64_t lim = frameType == 2 ? 32767 : 0x7FFFFFFF;
            if (std::max({std::abs(dx), std::abs(dy), std::abs(dz)}) > lim) {
                invalid("frame.delta", "offset of vertex " + std::to_string(i) + " does not fit frame type " +
                                           std::to_string(frameType));
            }
            a.deltas[i] = {static_cast<std::int32_t>(dx), static_cast<std::int32_t>(dy),
                           static_cast<std::int32_t>(dz)};
        }
        for (const Vec3d& n : normals) {
            a.packedNormals.push_back(
                packNormal({static_cast<float>(n.x), static_cast<float>(n.y), static_cast<float>(n.z)}));
        }
        m.animFrames.push_back(std::move(a));
    }
    m.frames.resize(1);
    layoutModel(m);
}

} // namespace rgx::loaders
