// 3D / 3DC models: hand-built fixtures (model3d_fixture.h), decode rules and round trips through
// the writer. Rejects, the reading policy's warnings and the mutation run: model3d_reject_test.cpp.

#include "loaders/redguard/model3d.h"
#include "tests/loaders/redguard/model3d_fixture.h"
#include "tests/loaders/warning_checks.h"

#include <gtest/gtest.h>

using namespace rgx::loaders;
using namespace model3d_fixture;

namespace {
using rgx::testing::hasWarning;
using rgx::testing::onlyWarning;
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

// MENU.ROB's layout (docs/formats/models.md): frame_type 0 with several frames, each record
// pointing at a whole i32 vertex block and i32 face normals, read without a warning.
TEST(Model3dRead, WholeFramesOfAType0ModelDecode) {
    const Bytes b = fixtureWholeFrames();
    ASSERT_EQ(b.size(), 0x152u);
    rgx::Warnings warnings;
    const Model m = readModel(b, "PAGE.3D", &warnings);
    EXPECT_TRUE(warnings.empty()) << rgx::testing::listWarnings(warnings);
    EXPECT_TRUE(isAnimatedModelFile(m));
    EXPECT_EQ(m.frameType(), 0u);
    EXPECT_TRUE(m.animFrames.empty());
    ASSERT_EQ(m.wholeFrames.size(), 2u);
    ASSERT_EQ(decodableFrameCount(m), 3u);
    EXPECT_EQ(modelFrame(m, 0).positions, m.vertices);
    const ModelFrame f1 = modelFrame(m, 1), f2 = modelFrame(m, 2);
    EXPECT_EQ(f1.positions, (std::vector<Vec3i>{{0, 0, 0}, {0, 0, 256}, {0, 512, 0}}));
    EXPECT_EQ(f2.positions, (std::vector<Vec3i>{{0, 0, 0}, {-256, 0, 0}, {0, 512, 0}}));
    // Face normals in the base block's units (256 = 1.0): the page faces -x, then -z.
    ASSERT_EQ(f1.faceNormals.size(), 1u);
    EXPECT_FLOAT_EQ(f1.faceNormals[0].x, -1.0f);
    EXPECT_FLOAT_EQ(f1.faceNormals[0].z, 0.0f);
    EXPECT_FLOAT_EQ(f2.faceNormals[0].z, -1.0f);
    EXPECT_THROW(modelFrame(m, 3), rgx::Error);
    // The writer lays such a model out as the file is: byte for byte.
    EXPECT_EQ(writeModel(m), b);
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
    for (const Bytes& b : {fixtureStatic(), fixtureAnimated(), fixtureBvh(), fixtureWholeFrames()}) {
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
    EXPECT_THROW(setAnimationFrames(m, 8, {m.vertices}), rgx::Error); // no layout for frames 1..
}

// Frame type 0 builds whole frames (MENU.ROB's page models): positions as given, any size, and
// i32 face normals recomputed from them; the indirection table and vertex normals stay frame 0's.
TEST(Model3dBuild, WholeFramesRoundTrip) {
    for (ModelVersion v : {ModelVersion::V40, ModelVersion::V50}) {
        Model m = sampleModel(v);
        std::vector<Vec3i> far = m.vertices;
        far[0].x = 40000; // past what a type 2 offset holds
        std::vector<Vec3i> flipped = m.vertices;
        flipped[4] = {0, 0, -512};
        setAnimationFrames(m, 0, {far, flipped});
        EXPECT_TRUE(m.animFrames.empty());
        ASSERT_EQ(m.wholeFrames.size(), 2u);
        EXPECT_EQ(m.wholeFrames[1].faceNormals[1], (Vec3i{0, -256, 0})); // triangle flipped
        const Bytes b = writeModel(m);
        rgx::Warnings warnings;
        const Model back = readModel(b, "page.3d", &warnings);
        EXPECT_TRUE(warnings.empty()) << rgx::testing::listWarnings(warnings);
        EXPECT_EQ(back, m) << modelVersionString(v);
        EXPECT_EQ(writeModel(back), b);
        ASSERT_EQ(back.header.numFrames, 3u);
        EXPECT_EQ(modelFrame(back, 1).positions, far);
        EXPECT_FLOAT_EQ(modelFrame(back, 2).faceNormals[1].y, -1.0f);
        expectSameShading(back, m);
        // Consecutive after the frame records: nv * 12 + nf * 12 bytes each.
        EXPECT_EQ(back.frames[1].vertexOffset, back.header.offsetFrameData + 3 * 16);
        EXPECT_EQ(back.frames[2].vertexOffset - back.frames[1].vertexOffset, 6u * 12 + 2 * 12);
        EXPECT_EQ(back.frames[1].normalOffset - back.frames[1].vertexOffset, 6u * 12);
    }
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
    // Whole frames: one position per vertex and one normal per face, every frame there, and only
    // with frame type 0 (the reader decodes frames 1.. of a type 0 model as whole frames).
    Model whole = sampleModel(ModelVersion::V40);
    setAnimationFrames(whole, 0, {whole.vertices, whole.vertices});
    Model shortFrame = whole;
    shortFrame.wholeFrames[1].positions.pop_back();
    EXPECT_NE(errorOfWrite(shortFrame).find("animation_frame"), std::string::npos);
    Model typed = whole;
    typed.frames[0].frameType = 2;
    EXPECT_NE(errorOfWrite(typed).find("frame_type"), std::string::npos);
    Model both = whole; // whole frames and offsets together: laid out safely, then refused
    both.animFrames.push_back({both.vertices, std::vector<std::uint32_t>(both.faces.size())});
    EXPECT_NE(errorOfWrite(both).find("frame_type"), std::string::npos);
    both.frames[0].frameType = 2;
    EXPECT_NE(errorOfWrite(both).find("frame_type"), std::string::npos);
    Model records = sampleModel(ModelVersion::V40);
    records.frames.resize(3); // frame type 0, but no whole frames to write
    EXPECT_NE(errorOfWrite(records).find("animation_frame"), std::string::npos);
}

// Every prefix throws (naming an offset inside it) or reads with a warning: a prefix cut inside a
// section drawing can do without (vertex normals, their table, Section4, frame records) reads
// without it, never as if it were whole.
