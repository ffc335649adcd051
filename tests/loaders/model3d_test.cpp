// 3D / 3DC models: hand-built fixtures laid out from the reference tables (offsets worked by hand
// in the comments), decode rules, round trips through the writer, Reject* and a mutation run.

#include "loaders/model3d.h"
#include "tests/fuzz/fuzz_target.h"
#include "tests/loaders/warning_checks.h"
#include "tests/support/fuzz_corpus.h"
#include "tests/support/mutate.h"

#include <gtest/gtest.h>

#include <cmath>
#include <initializer_list>

using namespace rgx::loaders;

RGX_DECLARE_FUZZ_TARGET(model3d);

namespace {

void u32s(ByteWriter& w, std::initializer_list<std::uint32_t> v) {
    for (std::uint32_t x : v)
        w.u32(x);
}
void corner(ByteWriter& w, std::uint32_t index, std::int16_t u, std::int16_t v) {
    w.u32(index);
    w.i16(u);
    w.i16(v);
}

// v4.0 .3D: one textured triangle (TEXBSI 302, image 5), indirection table and vertex normals.
// 0x00 header | 0x40 face (10 + 3*8 = 34) | 0x62 vertices (36) | 0x86 face normal (12)
// | 0x92 frame record (16) | 0xA2 normal indices (12) | 0xAE vertex normals (36) | 0xD2 end.
Bytes fixtureStatic() {
    ByteWriter w;
    w.tag("v4.0");
    u32s(w, {3, 1, 512, 1, 0x92, 3, 0, 0, 0, 0xA2, 0xAE, 0x62, 0x86, 3, 0x40});
    w.u8(3);
    w.u8(0x50);
    w.u32(0x4F5A7405); // (4000000 + 300*4000 + 2*250) << 8 | image byte 5
    w.u32(0);
    corner(w, 0, 0, 0);
    corner(w, 1, 1024, 0);
    corner(w, 2, -1024, 2048);
    u32s(w, {0, 0, 0, 256, 0, 0, 0, 512, 0}); // vertices
    u32s(w, {0, 0, 256});                     // face normal
    u32s(w, {0x62, 0x86, 0, 0});              // frame 0
    u32s(w, {0xAE, 0xBA, 0xC6});              // indirection: vertex normals 0, 1, 2
    u32s(w, {0, 0, 0x3F800000});              // (0, 0, 1)
    u32s(w, {0xFFC00000, 0xFFC00000, 0xFFC00000});
    u32s(w, {0, 0x3F800000, 0}); // (0, 1, 0)
    return w.take();
}

// v4.0 .3DC, frame type 2, 2 frames; the triangle's face is solid colour 0x2A.
// 0x40 face (34) | 0x62 vertices | 0x86 face normal | 0x92 2 frame records (32)
// | 0xB2 frame 1 i16 deltas (18) | 0xC4 frame 1 packed normal (4) | 0xC8 vertex normals | 0xEC end.
Bytes fixtureAnimated() {
    ByteWriter w;
    w.tag("v4.0");
    u32s(w, {3, 1, 300, 2, 0x92, 3, 0, 0, 0, 0, 0xC8, 0x62, 0x86, 3, 0x40});
    w.u8(3);
    w.u8(0xFF);
    w.u32(0xFFF02A00);
    w.u32(0);
    corner(w, 0, 0, 0);
    corner(w, 1, 0, 0);
    corner(w, 2, 0, 0);
    u32s(w, {0, 0, 0, 256, 0, 0, 0, 512, 0});
    u32s(w, {0, 0, 256});
    u32s(w, {0x62, 0x86, 0, 2});
    u32s(w, {0xB2, 0xC4, 0, 0});
    for (std::int16_t d : {0, 0, -256, 10, -20, 30, 0, 0, 0})
        w.i16(d);
    w.u32(0x30000100); // nx = 256, ny = 0, nz = 0x300 - 1024 = -256
    for (int i = 0; i < 3; ++i)
        u32s(w, {0, 0, 0x3F800000});
    return w.take();
}

// v5.0 with no geometry and one Section4 node with two face references.
// 0x40 frame record | 0x50 node (30 + 2*6) | 0x7A end.
Bytes fixtureBvh() {
    ByteWriter w;
    w.tag("v5.0");
    u32s(w, {0, 0, 0, 1, 0x40, 0, 0x50, 1, 0, 0, 0, 0x40, 0x40, 0, 0x40});
    u32s(w, {0x40, 0x40, 0, 0});
    w.i32(1);
    w.i32(-2);
    w.i32(3);
    w.u32(100);
    w.u16(2);
    u32s(w, {0x3FC00000, 0x40000000, 0x3F000000}); // 1.5, 2.0, 0.5
    w.u32(0x1234);
    w.u16(8);
    w.u32(0x5678);
    w.u16(12);
    return w.take();
}

// v2.7 .3DC (0x2C flag 1): frame records at 0x40, faces at 0x50 (8 + 3*8 = 32 bytes, vertex
// indices as byte offsets), frame0.normal_offset = 32 (face bytes), reserved = 4 (gap), so the
// vertices start at 0x50 + 32 + 4 = 0x74 whatever 0x30 says; face normals follow at 0x98; vertex
// normals at 0xA4 (header 0x18).
Bytes fixtureV2(std::uint32_t reserved = 4) {
    ByteWriter w;
    w.tag("v2.7");
    u32s(w, {3, 1, 99, 1, 0x40, 0xA4, 777, 0, 4490, 0, 1, 0x12345, 0, 99, 0x50});
    u32s(w, {88, 32, reserved, 0x2011});
    w.u8(3);
    w.u8(6);
    w.u16(0x9605); // (300 << 7) | 5
    w.u32(0);
    corner(w, 0, 0, 0);
    corner(w, 12, 16, 0);
    corner(w, 24, 0, 16);
    u32s(w, {0xEFBEADDE}); // the 4-byte gap
    u32s(w, {0, 0, 0, 256, 0, 0, 0, 256, 0});
    u32s(w, {0, 0, 256});
    for (int i = 0; i < 3; ++i)
        u32s(w, {0xFFC00000, 0xFFC00000, 0xFFC00000});
    return w.take();
}

// fixtureStatic (or its v5.0 twin) with a normal-index table that addresses more vertex normals
// than there are vertices, as ISLAND.ROB's GR_COMP (17 vertices, 25 normals): 3 vertices, corner
// 1 points at normal 4 (offset 0xAE + 4 * 12 = 0xDE), and the block holds 5 normals, running to
// the model's end at 0xEA. Normal 3 is (1, 0, 0), normal 4 (0.6, 0.8, 0).
Bytes fixtureMoreNormalsThanVertices(const char* version = "v4.0") {
    Bytes b = fixtureStatic();
    std::copy_n(version, 4, b.begin());
    ByteWriter w;
    u32s(w, {0x3F800000, 0, 0});
    u32s(w, {0x3F19999A, 0x3F4CCCCD, 0});
    const Bytes more = w.take();
    b.insert(b.end(), more.begin(), more.end());
    b[0xA6] = 0xDE; // table entry 1
    return b;
}

// A v2.7 static model (0x2C flag 0) with num_frames 0 and a stale offset_frame_data far past its
// end, as BELLTOWR.ROB's CYSWD1 (9582 in a 7,480-byte model).
Bytes fixtureV2StaleFrameOffset(Model* built = nullptr);

Model sampleModel(ModelVersion v) {
    ModelSpec spec;
    spec.version = v;
    spec.positions = {{0, 0, 0}, {512, 0, 0}, {512, 512, 0}, {0, 512, 0}, {0, 0, 512}, {9, 9, 9}};
    ModelFaceSpec quad;
    quad.vertices = {0, 1, 2, 3};
    quad.uvs = {{0, 0}, {1024, 0}, {1024, 1024}, {0, 1024}};
    quad.textureId = isV2(v) ? 45 : 145;
    quad.imageId = 3;
    ModelFaceSpec tri;
    tri.vertices = {0, 4, 1};
    tri.solidColor = 17;
    spec.faces = {quad, tri};
    return buildModel(spec);
}

std::string errorOf(const Bytes& b) {
    try {
        readModel(b, "m.3d");
    } catch (const rgx::Error& e) {
        return e.what();
    }
    return "";
}

Bytes fixtureV2StaleFrameOffset(Model* built) {
    Model m = sampleModel(ModelVersion::V27);
    Bytes b = writeModel(m);
    b[0x10] = 0;    // num_frames 0 (u32 at 0x10)
    b[0x14] = 0x6E; // offset_frame_data 9582 = 0x256E
    b[0x15] = 0x25;
    if (built) *built = m;
    return b;
}

// Every corner's shading of a against b.
void expectSameShading(const Model& a, const Model& b) {
    ASSERT_EQ(a.faces.size(), b.faces.size());
    for (std::size_t f = 0; f < a.faces.size(); ++f) {
        for (std::size_t c = 0; c < a.faces[f].vertexCount; ++c) {
            const VertexShading x = faceVertexShading(a, f, c), y = faceVertexShading(b, f, c);
            EXPECT_EQ(x.shading, y.shading) << "face " << f << " corner " << c;
            EXPECT_FLOAT_EQ(x.normal.x, y.normal.x) << "face " << f << " corner " << c;
            EXPECT_FLOAT_EQ(x.normal.y, y.normal.y) << "face " << f << " corner " << c;
            EXPECT_FLOAT_EQ(x.normal.z, y.normal.z) << "face " << f << " corner " << c;
        }
    }
}

using rgx::testing::hasWarning;
using rgx::testing::onlyWarning;
using rgx::testing::throwsAt;

} // namespace

TEST(Model3dRead, StaticFixtureDecodes) {
    Bytes b = fixtureStatic();
    ASSERT_EQ(b.size(), 0xD2u);
    Model m = readModel(b, "a.3d");
    EXPECT_EQ(m.version(), ModelVersion::V40);
    EXPECT_FALSE(isAnimatedModelFile(m));
    ASSERT_EQ(m.vertices.size(), 3u);
    EXPECT_EQ(m.vertices[2], (Vec3i{0, 512, 0}));
    ASSERT_EQ(m.faces.size(), 1u);
    EXPECT_EQ(m.faces[0].texHi, 0x50);
    FaceTexture t = decodeFaceTexture(m.version(), m.faces[0].textureRaw);
    EXPECT_FALSE(t.solid);
    EXPECT_EQ(t.textureId, 302u);
    EXPECT_EQ(t.imageId, 5u);
    auto uv = faceUvs(m, 0);
    ASSERT_EQ(uv.size(), 3u);
    EXPECT_EQ(uv[1], (std::array<std::int32_t, 2>{1024, 0}));
    EXPECT_EQ(uv[2], (std::array<std::int32_t, 2>{0, 2048}));
    EXPECT_EQ(m.normalIndices, (std::vector<std::uint32_t>{0, 1, 2}));
    EXPECT_FALSE(m.vertexNormals[1].valid());
    VertexShading s0 = faceVertexShading(m, 0, 0), s1 = faceVertexShading(m, 0, 1),
                  s2 = faceVertexShading(m, 0, 2);
    EXPECT_EQ(s0.shading, Shading::Smooth);
    EXPECT_FLOAT_EQ(s0.normal.z, 1.0f);
    EXPECT_EQ(s1.shading, Shading::Flat); // NaN vertex normal: the face normal (0, 0, 256) / 256
    EXPECT_FLOAT_EQ(s1.normal.z, 1.0f);
    EXPECT_EQ(s2.shading, Shading::Smooth);
    EXPECT_FLOAT_EQ(s2.normal.y, 1.0f);
    ModelFrame f0 = modelFrame(m, 0);
    EXPECT_EQ(f0.positions, m.vertices);
    EXPECT_FLOAT_EQ(f0.faceNormals[0].z, 1.0f);
    EXPECT_THROW(modelFrame(m, 1), rgx::Error);
}

TEST(Model3dRead, ShadingWithoutIndirectionUsesVertexIndex) {
    Model m = readModel(fixtureStatic(), "a.3d");
    m.normalIndices.clear();
    m.vertexNormals[0] = VertexNormal::none();
    EXPECT_EQ(faceVertexShading(m, 0, 0).shading, Shading::Flat);
    EXPECT_EQ(faceVertexShading(m, 0, 2).shading, Shading::Smooth);
    m.vertexNormals.clear();
    EXPECT_EQ(faceVertexShading(m, 0, 2).shading, Shading::Flat);
}

TEST(Model3dRead, AnimatedFixtureFramesSubtractDeltas) {
    Model m = readModel(fixtureAnimated(), "a.3dc");
    EXPECT_TRUE(isAnimatedModelFile(m));
    EXPECT_EQ(m.frameType(), 2u);
    FaceTexture t = decodeFaceTexture(m.version(), m.faces[0].textureRaw);
    EXPECT_TRUE(t.solid);
    EXPECT_EQ(t.colorIndex, 0x2A);
    ASSERT_EQ(decodableFrameCount(m), 2u);
    ModelFrame f1 = modelFrame(m, 1);
    EXPECT_EQ(f1.positions[0], (Vec3i{0, 0, 256}));
    EXPECT_EQ(f1.positions[1], (Vec3i{246, 20, -30}));
    EXPECT_EQ(f1.positions[2], (Vec3i{0, 512, 0}));
    EXPECT_FLOAT_EQ(f1.faceNormals[0].x, 1.0f);
    EXPECT_FLOAT_EQ(f1.faceNormals[0].y, 0.0f);
    EXPECT_FLOAT_EQ(f1.faceNormals[0].z, -1.0f);
    // No indirection table in a .3DC: direct vertex-index lookup.
    EXPECT_EQ(faceVertexShading(m, 0, 1).shading, Shading::Smooth);
}

TEST(Model3dRead, FrameType4UsesI32Deltas) {
    Model m = readModel(fixtureAnimated(), "a.3dc");
    m.frames[0].frameType = 4;
    m.animFrames[0].deltas[1] = {100000, -5, 7};
    Bytes b = writeModel(m);
    // Frame 1 now takes 3 * 12 bytes: records at 0x92, deltas at 0xB2, normal at 0xD6.
    Model back = readModel(b, "a.3dc");
    layoutModel(m);
    EXPECT_EQ(back.frames[1].vertexOffset, 0xB2u);
    EXPECT_EQ(back.frames[1].normalOffset, 0xD6u);
    EXPECT_EQ(modelFrame(back, 1).positions[1], (Vec3i{256 - 100000, 5, -7}));
    EXPECT_EQ(back, m);
}

TEST(Model3dRead, Section4Bvh) {
    Model m = readModel(fixtureBvh(), "b.3d");
    EXPECT_EQ(m.version(), ModelVersion::V50);
    ASSERT_EQ(m.bvh.size(), 1u);
    EXPECT_EQ(m.bvh[0].center, (Vec3i{1, -2, 3}));
    EXPECT_EQ(m.bvh[0].radius, 100u);
    EXPECT_FLOAT_EQ(m.bvh[0].extent().x, 1.5f);
    EXPECT_FLOAT_EQ(m.bvh[0].extent().z, 0.5f);
    ASSERT_EQ(m.bvh[0].faces.size(), 2u);
    EXPECT_EQ(m.bvh[0].faces[1].offset, 0x5678u);
    EXPECT_EQ(m.bvh[0].faces[1].index / 4, 3u);
}

TEST(Model3dRead, V2AnimatedUsesFaceEndPlusGap) {
    Model m = readModel(fixtureV2(), "old.3dc");
    EXPECT_EQ(m.version(), ModelVersion::V27);
    EXPECT_TRUE(isAnimatedModelFile(m));
    EXPECT_EQ(m.vertices[1], (Vec3i{256, 0, 0}));
    EXPECT_EQ(m.faceNormals[0], (Vec3i{0, 0, 256}));
    EXPECT_EQ(m.v2Gap, (Bytes{0xDE, 0xAD, 0xBE, 0xEF}));
    EXPECT_EQ(m.faceVertices[2].vertex, 2u); // byte offset 24 / 12
    FaceTexture t = decodeFaceTexture(m.version(), m.faces[0].textureRaw);
    EXPECT_EQ(t.textureId, 300u);
    EXPECT_EQ(t.imageId, 5u);
    EXPECT_EQ(m.faces[0].texHi, 6);
    EXPECT_EQ(m.vertexNormals.size(), 3u);
    EXPECT_EQ(faceVertexShading(m, 0, 0).shading, Shading::Flat);
    EXPECT_EQ(m.header.unused24, 4490u);
    EXPECT_EQ(m.header.offsetSection4, 777u); // not a Section4 in v2.x: kept raw, no BVH
    EXPECT_TRUE(m.bvh.empty());
    ModelHeader h = remappedHeader(m);
    EXPECT_EQ(h.offsetVertexNormals, 0xA4u);
    EXPECT_EQ(h.totalFaceVertices, 0u);
    EXPECT_EQ(h.offsetSection4, 0u);
    EXPECT_EQ(remappedHeader(readModel(fixtureStatic(), "a.3d")), readModel(fixtureStatic(), "a.3d").header);
}

TEST(Model3dRead, V2AnimatedFallsBackWhenGapIsImplausible) {
    // reserved = 1000 puts the primary vertex block past the end: the vertices are at face end,
    // which here holds the gap's bytes followed by the real vertices shifted by 4.
    Bytes b = fixtureV2(1000);
    Model m = readModel(b, "old.3dc");
    EXPECT_EQ(m.vertices[0], (Vec3i{static_cast<std::int32_t>(0xEFBEADDE), 0, 0}));
    EXPECT_TRUE(m.v2Gap.empty());
}

TEST(Model3dDecode, TextureEncodingsInvert) {
    for (std::uint32_t id : {0u, 7u, 42u, 302u, 999u}) {
        for (std::uint32_t image : {0u, 5u, 25u, 69u}) {
            FaceTexture t =
                decodeFaceTexture(ModelVersion::V40, encodeFaceTexture(ModelVersion::V40, id, image));
            EXPECT_EQ(t, (FaceTexture{false, 0, id, image}));
        }
    }
    EXPECT_EQ(encodeFaceTexture(ModelVersion::V40, 302, 5), 0x4F5A7405u);
    EXPECT_EQ(decodeFaceTexture(ModelVersion::V50, 0xFFF0FF00), (FaceTexture{true, 0xFF, 0, 0}));
    EXPECT_EQ(decodeFaceTexture(ModelVersion::V26, 0x00C8), (FaceTexture{true, 0xC8, 0, 0}));
    EXPECT_EQ(decodeFaceTexture(ModelVersion::V26, (2u << 7) | 0x7F), (FaceTexture{false, 0, 2, 0x7F}));
    EXPECT_THROW(encodeFaceTexture(ModelVersion::V40, 1000, 0), rgx::Error);
    EXPECT_THROW(encodeFaceTexture(ModelVersion::V27, 1, 0), rgx::Error);
}

TEST(Model3dDecode, PackedNormals) {
    Vec3f n = unpackNormal(0xC0000000u | (0x3FFu << 10) | 0x200u); // bits 30-31 ignored
    EXPECT_FLOAT_EQ(n.x, -512.0f / 256.0f);
    EXPECT_FLOAT_EQ(n.y, -1.0f / 256.0f);
    EXPECT_FLOAT_EQ(n.z, 0.0f);
    EXPECT_EQ(packNormal({1.0f, 0.0f, -1.0f}), 0x30000100u);
}

TEST(Model3dRoundTrip, WriterReproducesHandFixtures) {
    for (const Bytes& b : {fixtureStatic(), fixtureAnimated(), fixtureBvh()}) {
        EXPECT_EQ(writeModel(readModel(b, "f.3d")), b);
    }
}

TEST(Model3dRoundTrip, V2ReadWriteRead) {
    Model m = readModel(fixtureV2(), "old.3dc");
    Model back = readModel(writeModel(m), "old.3dc");
    EXPECT_EQ(back.faces, m.faces);
    EXPECT_EQ(back.faceVertices, m.faceVertices);
    EXPECT_EQ(back.vertices, m.vertices);
    EXPECT_EQ(back.v2Gap, m.v2Gap);
    EXPECT_EQ(back.header.offsetSection4, 777u);
    Bytes again = writeModel(back);
    EXPECT_EQ(writeModel(readModel(again, "x")), again);
}

TEST(Model3dRoundTrip, BuiltModelsAllVersions) {
    for (ModelVersion v : {ModelVersion::V26, ModelVersion::V27, ModelVersion::V40, ModelVersion::V50}) {
        Model m = sampleModel(v);
        Bytes b = writeModel(m);
        rgx::Warnings warnings;
        Model back = readModel(b, "built.3d", &warnings);
        EXPECT_TRUE(warnings.empty()) << modelVersionString(v) << rgx::testing::listWarnings(warnings);
        EXPECT_EQ(back, m) << modelVersionString(v);
        EXPECT_EQ(writeModel(back), b) << modelVersionString(v);
        expectSameShading(back, m);
        EXPECT_FALSE(isAnimatedModelFile(back));
        auto uv = faceUvs(back, 0);
        EXPECT_EQ(uv[2], (std::array<std::int32_t, 2>{1024, 1024}));
        EXPECT_EQ(decodeFaceTexture(v, back.faces[1].textureRaw), (FaceTexture{true, 17, 0, 0}));
    }
}

// buildModel gives every vertex a normal (NaN for a vertex on no face, vertex 5 here) though the
// table addresses only those on faces: the reader reads at least one normal per vertex where the
// model has room, so read(write(x)) == x holds (model3d.h).
TEST(Model3dRoundTrip, BuiltModelWithAnUnaddressedVertexNormal) {
    for (ModelVersion v : {ModelVersion::V40, ModelVersion::V50}) {
        Model m = sampleModel(v);
        Bytes b = writeModel(m);
        EXPECT_EQ(readModel(b, "built.3d"), m) << modelVersionString(v);
        EXPECT_EQ(writeModel(readModel(b, "built.3d")), b) << modelVersionString(v);
    }
}

TEST(Model3dBuild, NormalsAndRadius) {
    Model m = sampleModel(ModelVersion::V40);
    // Quad 0,1,2: (512,0,0) x (512,512,0) points +z.
    EXPECT_EQ(m.faceNormals[0], (Vec3i{0, 0, 256}));
    // Triangle 0,4,1: (0,0,512) x (512,0,0) = (0, 512*512, 0): +y.
    EXPECT_EQ(m.faceNormals[1], (Vec3i{0, 256, 0}));
    EXPECT_FALSE(m.vertexNormals[5].valid()); // vertex 5 belongs to no face
    EXPECT_TRUE(m.vertexNormals[2].valid());
    EXPECT_EQ(m.header.radius, 725u); // ceil(sqrt(512^2 + 512^2))
    EXPECT_EQ(m.normalIndices.size(), 7u);
    EXPECT_EQ(m.header.totalFaceVertices, 7u);
}

TEST(Model3dBuild, AnimationFramesRoundTrip) {
    for (std::uint32_t type : {2u, 4u}) {
        Model m = sampleModel(ModelVersion::V40);
        m.normalIndices.clear();
        std::vector<Vec3i> moved = m.vertices;
        for (Vec3i& p : moved)
            p.z += 100;
        std::vector<Vec3i> swapped = m.vertices;
        swapped[4] = {0, 0, -512};
        setAnimationFrames(m, type, {moved, swapped, m.vertices});
        Bytes b = writeModel(m);
        Model back = readModel(b, "anim.3dc");
        EXPECT_EQ(back, m);
        EXPECT_EQ(writeModel(back), b);
        ASSERT_EQ(back.header.numFrames, 4u);
        EXPECT_EQ(modelFrame(back, 1).positions, moved);
        EXPECT_EQ(modelFrame(back, 2).positions, swapped);
        EXPECT_FLOAT_EQ(modelFrame(back, 2).faceNormals[1].y, -1.0f); // triangle flipped
        EXPECT_EQ(modelFrame(back, 3).positions, m.vertices);
        // Frames are consecutive, nv*6 + nf*4 (type 2) apart.
        if (type == 2) {
            EXPECT_EQ(back.frames[2].vertexOffset - back.frames[1].vertexOffset, 6u * 6 + 2 * 4);
        }
    }
    Model m = sampleModel(ModelVersion::V40);
    std::vector<Vec3i> far = m.vertices;
    far[0].x = 40000;
    EXPECT_THROW(setAnimationFrames(m, 2, {far}), rgx::Error);
}

TEST(Model3dWrite, RejectsInconsistentModels) {
    auto errorOfWrite = [](const Model& m) {
        try {
            writeModel(m);
        } catch (const rgx::Error& e) {
            return std::string(e.what());
        }
        return std::string();
    };
    Model bad = sampleModel(ModelVersion::V40);
    bad.faceVertices[0].vertex = 99;
    EXPECT_NE(errorOfWrite(bad).find("face_vertex.vertex_index"), std::string::npos);
    Model normals = sampleModel(ModelVersion::V40);
    normals.faceNormals.pop_back();
    EXPECT_NE(errorOfWrite(normals).find("face_normals"), std::string::npos);
    Model frames = sampleModel(ModelVersion::V40);
    frames.frames.resize(3);
    frames.frames[0].frameType = 2; // animated, but no decoded frames to write
    EXPECT_NE(errorOfWrite(frames).find("animation_frame"), std::string::npos);
    Model deltas = sampleModel(ModelVersion::V40);
    deltas.normalIndices.clear();
    setAnimationFrames(deltas, 4, {deltas.vertices});
    deltas.frames[0].frameType = 2;
    deltas.animFrames[0].deltas[0].x = 70000; // does not fit i16
    EXPECT_NE(errorOfWrite(deltas).find("frame.delta"), std::string::npos);
    Model v2 = sampleModel(ModelVersion::V26);
    v2.bvh.resize(1);
    EXPECT_NE(errorOfWrite(v2).find("version"), std::string::npos);
}

// Every prefix throws (naming an offset inside it) or reads with a warning: a prefix cut inside a
// section drawing can do without (vertex normals, their table, Section4, frame records) reads
// without it, never as if it were whole.
TEST(Model3dReject, EveryPrefixThrowsOrWarns) {
    for (const Bytes& full : {fixtureStatic(), fixtureAnimated(), fixtureBvh(), fixtureV2(),
                              writeModel(sampleModel(ModelVersion::V26)), fixtureMoreNormalsThanVertices()}) {
        std::size_t read = 0;
        for (std::size_t n = 0; n < full.size(); ++n) {
            Bytes prefix(full.begin(), full.begin() + static_cast<std::ptrdiff_t>(n));
            EXPECT_TRUE(
                rgx::testing::prefixIsNotWhole([&](rgx::Warnings* w) { readModel(prefix, "t.3d", w); }, n))
                << "of " << full.size();
            try {
                readModel(prefix, "t.3d");
                ++read;
            } catch (const rgx::Error&) {
            }
        }
        // The geometry comes first in every fixture: the short prefixes all throw.
        EXPECT_LT(read, full.size() / 2) << full.size();
    }
    // Cut inside the vertex normals of the static fixture: the table's entries past the cut point
    // at no normal (flat), with a warning at the table.
    const Bytes full = fixtureStatic();
    const Bytes cut(full.begin(), full.begin() + 0xCC); // half of normal 2
    rgx::Warnings warnings;
    Model m = readModel(cut, "t.3d", &warnings);
    EXPECT_TRUE(hasWarning(warnings, 0xA2 + 8, "normal_indices",
                           "1 of 3 entries (the first: entry 2) point at no vertex normal inside the model"));
    EXPECT_EQ(m.normalIndices, (std::vector<std::uint32_t>{0, 1, kNoVertexNormal}));
    EXPECT_EQ(m.vertexNormals.size(), 2u);
    EXPECT_EQ(faceVertexShading(m, 0, 2).shading, Shading::Flat);
}

TEST(Model3dReject, HugeVertexCountDoesNotAllocate) {
    Bytes b = fixtureStatic();
    b[4] = b[5] = b[6] = b[7] = 0xFF; // num_vertices = 0xFFFFFFFF
    std::string e = errorOf(b);
    EXPECT_NE(e.find("num_vertices"), std::string::npos) << e;
    Bytes f = fixtureStatic();
    f[8] = f[9] = f[10] = f[11] = 0xFF; // num_faces
    EXPECT_NE(errorOf(f).find("num_faces"), std::string::npos) << errorOf(f);
}

// num_frames 0xFFFFFFFF: the frame records cannot be read (and nothing is allocated from the
// count); they are dropped with a warning at the records, and the model reads as a static one.
TEST(Model3dRead, UnreadableFrameRecordsAreDroppedWithAWarning) {
    Bytes fr = fixtureAnimated();
    fr[0x10] = fr[0x11] = fr[0x12] = fr[0x13] = 0xFF; // num_frames
    rgx::Warnings warnings;
    Model m = readModel(fr, "a.3dc", &warnings);
    EXPECT_TRUE(onlyWarning(warnings, 0x92, "num_frames", "the model is read as a static one"));
    EXPECT_NE(warnings[0].message.find("count 4294967295 x 16 bytes exceeds"), std::string::npos)
        << warnings[0].message;
    EXPECT_TRUE(m.frames.empty());
    EXPECT_TRUE(m.animFrames.empty());
    EXPECT_EQ(decodableFrameCount(m), 1u);
    EXPECT_EQ(modelFrame(m, 0).positions, readModel(fixtureAnimated(), "a.3dc").vertices);
    Model canonical = m;
    layoutModel(canonical);
    EXPECT_EQ(readModel(writeModel(m), "a.3dc"), canonical);
}

TEST(Model3dReject, OffsetPastTheEnd) {
    Bytes b = fixtureStatic();
    b[0x30] = 0x00;
    b[0x31] = 0x10; // offset_vertex_coords = 0x1000
    EXPECT_TRUE(throwsAt([&] { readModel(b, "m.3d"); }, 0x30, "offset_vertex_coords", "past the end"));
    std::string e = errorOf(b);
    EXPECT_NE(e.find("offset 0x30: offset_vertex_coords"), std::string::npos) << e;
}

// Vertex normals that do not fit are dropped (flat shading) with a warning; the geometry reads.
TEST(Model3dRead, VertexNormalsPastTheEndAreDroppedWithAWarning) {
    // With the table: vertex normals at 0xD0, 2 bytes before the end, hold no normal, so every
    // entry points at none.
    Bytes n = fixtureStatic();
    n[0x2C] = 0xD0;
    rgx::Warnings warnings;
    Model m = readModel(n, "m.3d", &warnings);
    EXPECT_TRUE(onlyWarning(warnings, 0xA2, "normal_indices",
                            "none of the 3 entries points at a vertex normal inside the model; the table is dropped"));
    EXPECT_TRUE(m.normalIndices.empty());
    EXPECT_TRUE(m.vertexNormals.empty());
    EXPECT_EQ(m.vertices.size(), 3u);
    for (std::size_t c = 0; c < 3; ++c)
        EXPECT_EQ(faceVertexShading(m, 0, c).shading, Shading::Flat);

    // Without the table: one normal per vertex from 0xD0 does not fit; the block is dropped.
    Bytes d = fixtureStatic();
    d[0x28] = 0; // offset_normal_indices 0
    d[0x2C] = 0xD0;
    warnings.clear();
    m = readModel(d, "m.3d", &warnings);
    EXPECT_TRUE(onlyWarning(warnings, 0xD0, "vertex_normals", "the model is lit with face normals"));
    EXPECT_TRUE(m.vertexNormals.empty());
    EXPECT_TRUE(m.normalIndices.empty());
    Model canonical = m;
    layoutModel(canonical);
    EXPECT_EQ(readModel(writeModel(m), "m.3d"), canonical);
}

TEST(Model3dReject, FaceVertexIndexOutOfRange) {
    Bytes b = fixtureStatic();
    b[0x4A + 16] = 3; // third corner's vertex index (face at 0x40, corners from 0x4A) = 3
    std::string e = errorOf(b);
    EXPECT_NE(e.find("offset 0x5a: face_vertex.vertex_index"), std::string::npos) << e;
    Bytes v2 = fixtureV2();
    v2[0x58 + 8] = 13; // not a multiple of 12
    EXPECT_NE(errorOf(v2).find("multiple of 12"), std::string::npos) << errorOf(v2);
}

TEST(Model3dReject, BadVersion) {
    Bytes b = fixtureStatic();
    b[1] = '3';
    EXPECT_NE(errorOf(b).find("offset 0x0: version"), std::string::npos) << errorOf(b);
    EXPECT_TRUE(throwsAt([&] { readModel(b, "m.3d"); }, 0, "version", "unknown model version \"v3.0\""));
}

// A table entry that is not on a 12-byte boundary of the vertex normals: that corner is lit
// flat, with a warning at the entry; the other corners keep their normals.
TEST(Model3dRead, MisplacedTableEntryIsLitFlatWithAWarning) {
    Bytes ind = fixtureStatic();
    ind[0xA2] = 0xAF;
    rgx::Warnings warnings;
    Model m = readModel(ind, "m.3d", &warnings);
    EXPECT_TRUE(onlyWarning(warnings, 0xA2, "normal_indices",
                            "1 of 3 entries (the first: entry 0) point at no vertex normal"));
    EXPECT_EQ(m.normalIndices, (std::vector<std::uint32_t>{kNoVertexNormal, 1, 2}));
    EXPECT_EQ(m.vertexNormals.size(), 3u);
    EXPECT_EQ(faceVertexShading(m, 0, 0).shading, Shading::Flat);
    EXPECT_EQ(faceVertexShading(m, 0, 2).shading, Shading::Smooth);
    // Written back as 0xFFFFFFFF, which reads as "no normal" again.
    Bytes written = writeModel(m);
    EXPECT_EQ(written[0xA2], 0xFF);
    Model canonical = m;
    layoutModel(canonical);
    EXPECT_EQ(readModel(written, "m.3d"), canonical);
}

// 3DC frame 1 whose vertex_offset points into the faces (the normals stay at 0xC4): not laid out
// as the reference says, read where the record points, with one warning at the record.
TEST(Model3dRead, FramesNotLaidOutConsecutivelyReadWithAWarning) {
    Bytes a = fixtureAnimated();
    a[0xA2] = 0x40;
    rgx::Warnings warnings;
    Model m = readModel(a, "a.3dc", &warnings);
    EXPECT_TRUE(
        onlyWarning(warnings, 0xA2, "frame.vertex_offset", "frame 1: not laid out as the reference says"));
    ASSERT_EQ(m.animFrames.size(), 1u);
    // The deltas are the face bytes at 0x40: count 3 and tex_hi 0xFF make the i16 0xFF03.
    EXPECT_EQ(m.animFrames[0].deltas[0].x, -253);
    EXPECT_EQ(m.animFrames[0].packedNormals, (std::vector<std::uint32_t>{0x30000100}));
    Model canonical = m;
    layoutModel(canonical);
    EXPECT_EQ(readModel(writeModel(m), "a.3dc"), canonical);

    // Frame records pointing past the end still throw.
    Bytes past = fixtureAnimated();
    past[0xA3] = 0x10; // frame 1 vertex_offset 0x10B2
    EXPECT_TRUE(throwsAt([&] { readModel(past, "a.3dc"); }, 0xA2, "frame.vertex_offset", "past the end"));
}

// A face with no corners reads, with a warning at the face.
TEST(Model3dRead, FaceWithoutCornersReadsWithAWarning) {
    ModelSpec spec;
    spec.positions = {{0, 0, 0}, {256, 0, 0}, {0, 256, 0}};
    spec.faces = {{{0, 1, 2}, {}, 7, 0, 0, 0}};
    spec.normalIndirection = false;
    spec.vertexNormals = false;
    Bytes b = writeModel(buildModel(spec));
    ASSERT_EQ(b[0x40], 3);
    // Face 0 now claims no corners; its 3 corners (24 bytes) stay in the file, unread.
    b[0x40] = 0;
    rgx::Warnings warnings;
    Model m = readModel(b, "z.3d", &warnings);
    EXPECT_TRUE(onlyWarning(warnings, 0x40, "face.vertex_count", "face 0 has no vertices"));
    ASSERT_EQ(m.faces.size(), 1u);
    EXPECT_EQ(m.faces[0].vertexCount, 0u);
    EXPECT_TRUE(m.faceVertices.empty());
    EXPECT_TRUE(faceUvs(m, 0).empty());
    Model canonical = m;
    layoutModel(canonical);
    EXPECT_EQ(readModel(writeModel(m), "z.3d"), canonical);
}

// The static fixture with face 0 claiming no corners still has total_face_vertices 3: the reader
// fits the normal-index table to the corners it read, with a warning, so the model writes.
TEST(Model3dRead, TableSizedByTheHeaderNotTheCornersStillWrites) {
    Bytes z = fixtureStatic();
    z[0x40] = 0; // a face with no vertices; total_face_vertices still says 3
    rgx::Warnings warnings;
    Model m = readModel(z, "m.3d", &warnings);
    EXPECT_TRUE(hasWarning(warnings, 0x40, "face.vertex_count", "has no vertices"));
    EXPECT_EQ(warnings.size(), 2u) << "the table's count is a departure too"
                                   << rgx::testing::listWarnings(warnings);
    Model canonical = m;
    layoutModel(canonical);
    EXPECT_EQ(readModel(writeModel(m), "m.3d"), canonical);
}

// A table whose entries all point at no vertex normal addresses nothing: it is dropped with a
// warning (the model is lit flat, as without one), so the rewrite reads back the same.
TEST(Model3dRead, TableThatAddressesNoNormalSurvivesARewrite) {
    Bytes n = fixtureStatic();
    n[0x2C] = 0xD0; // every entry points past the model
    rgx::Warnings warnings;
    Model m = readModel(n, "m.3d", &warnings);
    EXPECT_TRUE(m.normalIndices.empty());
    EXPECT_TRUE(m.vertexNormals.empty());
    EXPECT_TRUE(hasWarning(warnings, m.header.offsetNormalIndices, "normal_indices", "the table is dropped"))
        << rgx::testing::listWarnings(warnings);
    for (std::size_t c = 0; c < m.faces[0].vertexCount; ++c)
        EXPECT_EQ(faceVertexShading(m, 0, c).shading, Shading::Flat);
    Model canonical = m;
    layoutModel(canonical);
    EXPECT_EQ(readModel(writeModel(m), "m.3d"), canonical);
}

// A v4 / v5 table addressing more vertex normals than vertices (ISLAND.ROB's GR_COMP: 17 vertices,
// 25 normals) is the format: the block holds what the table addresses, read without a warning.
TEST(Model3dRead, MoreVertexNormalsThanVertices) {
    for (const char* version : {"v4.0", "v5.0"}) {
        const Bytes b = fixtureMoreNormalsThanVertices(version);
        ASSERT_EQ(b.size(), 0xEAu);
        rgx::Warnings warnings;
        Model m = readModel(b, "GR_COMP.3D", &warnings);
        EXPECT_TRUE(warnings.empty()) << version << rgx::testing::listWarnings(warnings);
        EXPECT_EQ(m.vertices.size(), 3u);
        ASSERT_EQ(m.vertexNormals.size(), 5u) << version;
        EXPECT_EQ(m.normalIndices, (std::vector<std::uint32_t>{0, 4, 2}));
        const VertexShading s1 = faceVertexShading(m, 0, 1);
        EXPECT_EQ(s1.shading, Shading::Smooth);
        EXPECT_FLOAT_EQ(s1.normal.x, 0.6f);
        EXPECT_FLOAT_EQ(s1.normal.y, 0.8f);
        EXPECT_FLOAT_EQ(s1.normal.z, 0.0f);
        EXPECT_EQ(faceVertexShading(m, 0, 0).shading, Shading::Smooth);
        EXPECT_FLOAT_EQ(faceVertexShading(m, 0, 0).normal.z, 1.0f);
        // Laid out as the reference orders it, so the writer reproduces it; and the inverse holds.
        Model canonical = m;
        layoutModel(canonical);
        const Bytes written = writeModel(m);
        EXPECT_EQ(readModel(written, "GR_COMP.3D"), canonical) << version;
        EXPECT_EQ(written, b) << version;
    }
}

// A v2.7 static model whose num_frames is 0 keeps a stale offset_frame_data (BELLTOWR.ROB): the
// offset is not used, so it is not checked; the model reads without a warning.
TEST(Model3dRead, V2StaticWithoutFramesIgnoresItsFrameOffset) {
    Model built;
    const Bytes b = fixtureV2StaleFrameOffset(&built);
    ASSERT_GT(9582u, b.size());
    rgx::Warnings warnings;
    Model m = readModel(b, "CYSWD1.3D", &warnings);
    EXPECT_TRUE(warnings.empty()) << rgx::testing::listWarnings(warnings);
    EXPECT_EQ(m.header.numFrames, 0u);
    EXPECT_EQ(m.header.offsetFrameData, 9582u);
    EXPECT_TRUE(m.frames.empty());
    EXPECT_EQ(m.vertices, built.vertices);
    EXPECT_EQ(m.faces, built.faces);
    EXPECT_EQ(m.faceVertices, built.faceVertices);
    EXPECT_EQ(m.faceNormals, built.faceNormals);
    EXPECT_EQ(decodableFrameCount(m), 1u);
    EXPECT_EQ(modelFrame(m, 0).positions, built.vertices);
    // The writer gives it its frame 0 record back.
    Model canonical = m;
    layoutModel(canonical);
    EXPECT_EQ(canonical.frames.size(), 1u);
    EXPECT_EQ(readModel(writeModel(m), "CYSWD1.3D"), canonical);
    // Any num_frames other than 0 makes the offset count: past the end, the frame records are
    // dropped with a warning naming the header field.
    Bytes one = b;
    one[0x10] = 1;
    rgx::Warnings w;
    readModel(one, "CYSWD1.3D", &w);
    EXPECT_TRUE(onlyWarning(w, 0x14, "offset_frame_data", "past the end"));
}

TEST(Model3dReject, VersionFieldIsExactlyFourBytes) {
    // MENU.ROB's "v4.02": v4.0 followed by num_vertices' low byte 50 ('2').
    ModelSpec spec;
    for (int i = 0; i < 50; ++i)
        spec.positions.push_back({i, 0, 0});
    spec.faces.push_back({{0, 1, 2}, {}, 3, 0, 0, 0});
    Bytes b = writeModel(buildModel(spec));
    ASSERT_EQ(b[4], '2');
    Model m = readModel(b, "menu");
    EXPECT_EQ(m.version(), ModelVersion::V40);
    EXPECT_EQ(m.vertices.size(), 50u);
}

// How many of the 3,000 mutated inputs the reader must accept, so the checks after parsing
// (writers, round trips) really run: about a third of the lowest count seen over several seeds.
constexpr std::size_t kMinAccepted_model3d = 480;

TEST(Model3dFuzz, MutatedWriterOutputNeverCrashes) {
    Model anim = sampleModel(ModelVersion::V40);
    anim.normalIndices.clear();
    setAnimationFrames(anim, 2, {anim.vertices, anim.vertices});
    std::vector<Bytes> seeds = {fixtureStatic(),
                                fixtureAnimated(),
                                fixtureBvh(),
                                fixtureV2(),
                                writeModel(sampleModel(ModelVersion::V27)),
                                writeModel(anim)};
    // Plus the demo's files and, with RGX_REAL_SAMPLES, the real ones (tests/support/fuzz_corpus.h).
    for (Bytes& b : rgx::testing::corpusSeeds({".3d", ".3dc"})) seeds.push_back(std::move(b));
    const rgx::testing::MutationStats stats = rgx::testing::fuzzRun("model3d", seeds, rgxFuzz_model3d, 3000, kMinAccepted_model3d);
    EXPECT_EQ(stats.runs, 3000u + seeds.size());
}

// MENU.ROB's v4.0 page models have frame_type 0 and 9 frames (each a full vertex block): no layout
// the reference gives, so the records are kept raw with one warning and the model draws frame 0.
TEST(Model3dRead, MultiFrameType0WarnsAndDrawsFrame0) {
    Model m = sampleModel(ModelVersion::V40);
    m.frames.resize(3); // frame_type 0 in every record
    const Bytes b = writeModel(m);
    rgx::Warnings warnings;
    const Model back = readModel(b, "PAGE.3D", &warnings);
    EXPECT_TRUE(onlyWarning(warnings, 0x10, "num_frames", "3 frames with frame_type 0: frames 1.. are not decoded"));
    EXPECT_EQ(back.frames.size(), 3u);
    EXPECT_EQ(decodableFrameCount(back), 1u);
    EXPECT_EQ(modelFrame(back, 0).positions, back.vertices);
}
