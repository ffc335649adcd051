// Decoding rules for 3D / 3DC content: texture fields, UVs, packed normals, shading selection and
// animation frames. Each rule lives here once; readers and writers only move raw fields.

#include "loaders/redguard/model3d.h"
#include "loaders/redguard/model3d_internal.h"

#include <algorithm>
#include <cmath>
#include <cstring>

namespace rgx::loaders {

namespace {
[[noreturn]] void invalid(const std::string& field, const std::string& message) {
    throw Error("<memory>", Error::kNoOffset, field, message);
}
float bitsToFloat(std::uint32_t b) {
    float f;
    std::memcpy(&f, &b, 4);
    return f;
}
std::uint32_t floatToBits(float f) {
    std::uint32_t b;
    std::memcpy(&b, &f, 4);
    return b;
}
} // namespace

const char* modelVersionString(ModelVersion v) {
    switch (v) {
    case ModelVersion::V26:
        return "v2.6";
    case ModelVersion::V27:
        return "v2.7";
    case ModelVersion::V40:
        return "v4.0";
    case ModelVersion::V50:
        return "v5.0";
    }
    return "v4.0";
}

ModelHeader remappedHeader(const Model& m) {
    ModelHeader h = m.header;
    if (isV2(h.version)) {
        h.offsetVertexNormals = h.totalFaceVertices;
        h.totalFaceVertices = 0;
        h.offsetSection4 = 0;
    }
    return h;
}

bool isAnimatedModelFile(const Model& m) {
    if (m.frames.size() > 1) return true;
    if (isV2(m.header.version)) return m.header.offsetVertexNormals == 1;
    std::uint32_t t = m.frameType();
    return t == 2 || t == 4 || t == 8;
}

Vec3f BvhNode::extent() const {
    return {bitsToFloat(extentBits[0]), bitsToFloat(extentBits[1]), bitsToFloat(extentBits[2])};
}

Vec3f VertexNormal::value() const {
    return {bitsToFloat(bits[0]), bitsToFloat(bits[1]), bitsToFloat(bits[2])};
}
bool VertexNormal::valid() const {
    Vec3f v = value();
    return !std::isnan(v.x) && !std::isnan(v.y) && !std::isnan(v.z);
}
VertexNormal VertexNormal::fromFloat(Vec3f n) {
    return VertexNormal{{floatToBits(n.x), floatToBits(n.y), floatToBits(n.z)}};
}
VertexNormal VertexNormal::none() {
    return VertexNormal{{0xFFC00000u, 0xFFC00000u, 0xFFC00000u}};
}

FaceTexture decodeFaceTexture(ModelVersion version, std::uint32_t raw) {
    FaceTexture t;
    if (isV2(version)) {
        if ((raw >> 7) < 2) {
            t.solid = true;
            t.colorIndex = static_cast<std::uint8_t>(raw & 0xFF);
        } else {
            t.textureId = raw >> 7;
            t.imageId = raw & 0x7F;
        }
        return t;
    }
    if ((raw >> 20) == 0xFFF) {
        t.solid = true;
        t.colorIndex = static_cast<std::uint8_t>((raw >> 8) & 0xFF);
        return t;
    }
    // The BCD-like packing: (raw >> 8) - 4000000 = hundreds*4000 + tens*1000 + ones*250, where
    // texture_id = hundreds + tens + ones (hundreds a multiple of 100, tens of 10).
    std::int64_t tmp = static_cast<std::int64_t>(raw >> 8) - 4000000;
    std::int64_t ones = (tmp / 250) % 40;
    std::int64_t tens = ((tmp - ones * 250) / 1000) % 100;
    std::int64_t hundreds = (tmp - ones * 250 - tens * 1000) / 4000;
    std::int64_t id = ones + tens + hundreds;
    t.textureId = id < 0 ? 0 : static_cast<std::uint32_t>(id); // below 4000000: not a valid packing
    std::uint32_t low = raw & 0xFF;
    t.imageId = low % 10 + (low / 40) * 10;
    return t;
}

std::uint32_t encodeFaceTexture(ModelVersion version, std::uint32_t textureId, std::uint32_t imageId) {
    if (isV2(version)) {
        if (textureId < 2 || textureId >= 512 || imageId >= 128) {
            invalid("face.texture", "v2.x textures need 2 <= id < 512 and image < 128");
        }
        return (textureId << 7) | imageId;
    }
    if (textureId >= 1000 || imageId >= 70)
        invalid("face.texture", "v4+ textures need id < 1000 and image < 70");
    std::uint32_t hundreds = textureId / 100 * 100, tens = textureId / 10 % 10 * 10, ones = textureId % 10;
    std::uint32_t packed = 4000000 + hundreds * 4000 + tens * 1000 + ones * 250;
    std::uint32_t low = imageId / 10 * 40 + imageId % 10;
    return (packed << 8) | low;
}

std::uint32_t encodeSolidColor(ModelVersion version, std::uint8_t colorIndex) {
    if (isV2(version)) return colorIndex; // (raw >> 7) < 2 for every byte value
    return 0xFFF00000u | (std::uint32_t{colorIndex} << 8);
}

std::vector<std::array<std::int32_t, 2>> faceUvs(const Model& m, std::size_t faceIndex) {
    const ModelFace& f = m.faces.at(faceIndex);
    std::vector<std::array<std::int32_t, 2>> out(f.vertexCount);
    std::int32_t u = 0, v = 0;
    for (std::size_t i = 0; i < f.vertexCount; ++i) {
        const FaceVertex& c = m.faceVertices.at(f.firstVertex + i);
        u += c.uDelta;
        v += c.vDelta;
        out[i] = {u, v};
    }
    return out;
}

Vec3f unpackNormal(std::uint32_t packed) {
    auto comp = [](std::uint32_t bits) {
        std::int32_t c = static_cast<std::int32_t>(bits & 0x3FF);
        if (c >= 512) c -= 1024;
        return static_cast<float>(c) / 256.0f;
    };
    return {comp(packed), comp(packed >> 10), comp(packed >> 20)};
}

std::uint32_t packNormal(Vec3f n) {
    auto comp = [](float c) {
        float s = std::round(c * 256.0f);
        std::int32_t i = std::isnan(s) ? 0 : static_cast<std::int32_t>(std::clamp(s, -512.0f, 511.0f));
        return static_cast<std::uint32_t>(i) & 0x3FF;
    };
    return comp(n.x) | (comp(n.y) << 10) | (comp(n.z) << 20);
}

VertexShading faceVertexShading(const Model& m, std::size_t faceIndex, std::size_t corner) {
    const ModelFace& f = m.faces.at(faceIndex);
    const std::size_t fv = std::size_t{f.firstVertex} + corner;
    VertexShading out;
    if (corner < f.vertexCount && fv < m.faceVertices.size()) {
        std::size_t normal = m.normalIndices.empty()
                                 ? m.faceVertices[fv].vertex
                                 : (fv < m.normalIndices.size() ? m.normalIndices[fv] : SIZE_MAX);
        if (normal < m.vertexNormals.size() && m.vertexNormals[normal].valid()) {
            out.shading = Shading::Smooth;
            out.normal = m.vertexNormals[normal].value();
            return out;
        }
    }
    if (faceIndex < m.faceNormals.size()) {
        const Vec3i& n = m.faceNormals[faceIndex];
        out.normal = {static_cast<float>(n.x) / 256.0f, static_cast<float>(n.y) / 256.0f,
                      static_cast<float>(n.z) / 256.0f};
    }
    return out;
}

std::uint32_t decodableFrameCount(const Model& m) {
    return 1 + static_cast<std::uint32_t>(m.animFrames.size() + m.wholeFrames.size());
}

namespace {
std::vector<Vec3f> fixedNormals(const std::vector<Vec3i>& normals) {
    std::vector<Vec3f> out;
    out.reserve(normals.size());
    for (const Vec3i& n : normals) {
        out.push_back({static_cast<float>(n.x) / 256.0f, static_cast<float>(n.y) / 256.0f,
                       static_cast<float>(n.z) / 256.0f});
    }
    return out;
}
} // namespace

ModelFrame modelFrame(const Model& m, std::uint32_t k) {
    ModelFrame out;
    if (k >= std::max<std::size_t>(m.frames.size(), 1) || k >= decodableFrameCount(m)) {
        invalid("frame", "frame " + std::to_string(k) + " is not decodable (" +
                             std::to_string(decodableFrameCount(m)) + " of " +
                             std::to_string(m.frames.size()) + " frames are)");
    }
    if (k == 0) {
        out.positions = m.vertices;
        out.faceNormals = fixedNormals(m.faceNormals);
        return out;
    }
    if (!m.wholeFrames.empty()) {
        const ModelWholeFrame& w = m.wholeFrames[k - 1];
        out.positions = w.positions;
        out.faceNormals = fixedNormals(w.faceNormals);
        return out;
    }
    const ModelAnimFrame& a = m.animFrames[k - 1];
    out.positions.resize(m.vertices.size());
    for (std::size_t i = 0; i < m.vertices.size() && i < a.deltas.size(); ++i) {
        // pos_k = base - d_k (notes.md); wrap like the 32-bit engine instead of overflowing.
        auto sub = [](std::int32_t b, std::int32_t d) {
            return static_cast<std::int32_t>(static_cast<std::uint32_t>(b) - static_cast<std::uint32_t>(d));
        };
        out.positions[i] = {sub(m.vertices[i].x, a.deltas[i].x), sub(m.vertices[i].y, a.deltas[i].y),
                            sub(m.vertices[i].z, a.deltas[i].z)};
    }
    out.faceNormals.reserve(a.packedNormals.size());
    for (std::uint32_t p : a.packedNormals)
        out.faceNormals.push_back(unpackNormal(p));
    return out;
}

namespace model_internal {

std::vector<Vec3i> decodeTriples(ByteSpan b, std::size_t count, std::size_t tripleBytes) {
    std::vector<Vec3i> out(count);
    if (tripleBytes == 12) {
        for (std::size_t i = 0; i < count; ++i) {
            const std::uint8_t* p = b.data() + i * 12;
            out[i] = {static_cast<std::int32_t>(le32(p)), static_cast<std::int32_t>(le32(p + 4)),
                      static_cast<std::int32_t>(le32(p + 8))};
        }
    } else {
        for (std::size_t i = 0; i < count; ++i) {
            const std::uint8_t* p = b.data() + i * 6;
            out[i] = {static_cast<std::int16_t>(le16(p)), static_cast<std::int16_t>(le16(p + 2)),
                      static_cast<std::int16_t>(le16(p + 4))};
        }
    }
    return out;
}

void encodeTriples(ByteWriter& w, const std::vector<Vec3i>& values, std::size_t tripleBytes) {
    for (const Vec3i& d : values) {
        for (std::int32_t c : {d.x, d.y, d.z}) {
            if (tripleBytes == 12) {
                w.i32(c);
            } else {
                if (c < -32768 || c > 32767)
                    invalid("frame.delta", "type 2 delta " + std::to_string(c) + " outside i16");
                w.i16(static_cast<std::int16_t>(c));
            }
        }
    }
}

} // namespace model_internal

} // namespace rgx::loaders
