#pragma once
// 3D / 3DC models laid out byte by byte from the reference tables (offsets worked by hand in the
// comments), not by the writer under test, and the helpers the model tests share
// (model3d_test.cpp: decoding and round trips; model3d_reject_test.cpp: rejects, warnings and the
// mutation run).

#include "loaders/redguard/model3d.h"

#include <gtest/gtest.h>

#include <cmath>
#include <initializer_list>
#include <string>

namespace model3d_fixture {

using namespace rgx::loaders;

inline void u32s(ByteWriter& w, std::initializer_list<std::uint32_t> v) {
    for (std::uint32_t x : v)
        w.u32(x);
}
inline void corner(ByteWriter& w, std::uint32_t index, std::int16_t u, std::int16_t v) {
    w.u32(index);
    w.i16(u);
    w.i16(v);
}

// v4.0 .3D: one textured triangle (TEXBSI 302, image 5), indirection table and vertex normals.
// 0x00 header | 0x40 face (10 + 3*8 = 34) | 0x62 vertices (36) | 0x86 face normal (12)
// | 0x92 frame record (16) | 0xA2 normal indices (12) | 0xAE vertex normals (36) | 0xD2 end.
inline Bytes fixtureStatic() {
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
inline Bytes fixtureAnimated() {
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

// v4.0 with frame_type 0 and 3 frames, each a whole block as MENU.ROB's page models store them
// (docs/formats/models.md): i32 x 3 positions then i32 x 3 face normals at its record's offsets,
// right after the frame records. A solid triangle (colour 0x2A) turning like a page about the
// y axis: vertex 1 goes from +x (frame 0) to +z (frame 1) to -x (frame 2), so the face normal
// turns from +z to -x to -z.
// 0x40 face (34) | 0x62 vertices (36) | 0x86 face normal (12) | 0x92 3 frame records (48)
// | 0xC2 frame 1 vertices | 0xE6 its normal | 0xF2 frame 2 vertices | 0x116 its normal
// | 0x122 normal indices (12) | 0x12E vertex normals (36) | 0x152 end.
inline Bytes fixtureWholeFrames() {
    ByteWriter w;
    w.tag("v4.0");
    u32s(w, {3, 1, 512, 3, 0x92, 3, 0, 0, 0, 0x122, 0x12E, 0x62, 0x86, 3, 0x40});
    w.u8(3);
    w.u8(0xFF);
    w.u32(0xFFF02A00);
    w.u32(0);
    corner(w, 0, 0, 0);
    corner(w, 1, 0, 0);
    corner(w, 2, 0, 0);
    u32s(w, {0, 0, 0, 256, 0, 0, 0, 512, 0}); // frame 0
    u32s(w, {0, 0, 256});
    u32s(w, {0x62, 0x86, 0, 0});
    u32s(w, {0xC2, 0xE6, 0, 0});
    u32s(w, {0xF2, 0x116, 0, 0});
    u32s(w, {0, 0, 0, 0, 0, 256, 0, 512, 0}); // frame 1
    w.i32(-256);
    u32s(w, {0, 0});
    u32s(w, {0, 0, 0, 0xFFFFFF00, 0, 0, 0, 512, 0}); // frame 2: vertex 1 at x = -256
    u32s(w, {0, 0});
    w.i32(-256);
    u32s(w, {0x12E, 0x13A, 0x146});
    for (int i = 0; i < 3; ++i)
        u32s(w, {0, 0, 0x3F800000});
    return w.take();
}

// v5.0 with no geometry and one Section4 node with two face references.
// 0x40 frame record | 0x50 node (30 + 2*6) | 0x7A end.
inline Bytes fixtureBvh() {
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
inline Bytes fixtureV2(std::uint32_t reserved = 4) {
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
inline Bytes fixtureMoreNormalsThanVertices(const char* version = "v4.0") {
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
inline Bytes fixtureV2StaleFrameOffset(Model* built = nullptr);

inline Model sampleModel(ModelVersion v) {
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

inline std::string errorOf(const Bytes& b) {
    try {
        readModel(b, "m.3d");
    } catch (const rgx::Error& e) {
        return e.what();
    }
    return "";
}

inline Bytes fixtureV2StaleFrameOffset(Model* built) {
    Model m = sampleModel(ModelVersion::V27);
    Bytes b = writeModel(m);
    b[0x10] = 0;    // num_frames 0 (u32 at 0x10)
    b[0x14] = 0x6E; // offset_frame_data 9582 = 0x256E
    b[0x15] = 0x25;
    if (built) *built = m;
    return b;
}

// Every corner's shading of a against b.
inline void expectSameShading(const Model& a, const Model& b) {
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

} // namespace model3d_fixture
