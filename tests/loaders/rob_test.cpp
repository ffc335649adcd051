// ROB archives: a hand-built fixture from the reference's header tables, round trips, Reject* and
// the mutation run.

#include "loaders/rob.h"
#include "tests/fuzz/fuzz_target.h"
#include "tests/support/mutate.h"

#include <gtest/gtest.h>

using namespace rgx::loaders;

RGX_DECLARE_FUZZ_TARGET(rob);

namespace {

// A v4.0 triangle (same layout as model3d_test's static fixture, without normals):
// 0x40 face (34) | 0x62 vertices (36) | 0x86 face normal | 0x92 frame record | 0xA2 end (162 bytes).
Bytes tinyModel() {
    ByteWriter w;
    w.tag("v4.0");
    for (std::uint32_t v : {3u, 1u, 256u, 1u, 0x92u, 3u, 0u, 0u, 0u, 0u, 0u, 0x62u, 0x86u, 3u, 0x40u})
        w.u32(v);
    w.u8(3);
    w.u8(0xFF);
    w.u32(0xFFF00700); // solid colour 7
    w.u32(0);
    for (std::uint32_t i = 0; i < 3; ++i) {
        w.u32(i);
        w.u32(0);
    }
    for (std::uint32_t v : {0u, 0u, 0u, 256u, 0u, 0u, 0u, 256u, 0u, 0u, 0u, 256u})
        w.u32(v);
    for (std::uint32_t v : {0x62u, 0x86u, 0u, 0u})
        w.u32(v);
    return w.take();
}

void segmentHeader(ByteWriter& w, std::uint32_t dataSize, const char* name, std::uint16_t type,
                   std::uint16_t flags, std::uint8_t attributes) {
    w.u32(dataSize + 80);
    w.fixedString(name, 8);
    w.u16(type);
    w.u16(flags);
    w.u8(attributes);
    w.u8(0);
    w.u8(0);
    w.u8(1);    // face count mod 256
    w.u32be(1); // unused_14
    w.u32(0);   // reserved_18
    w.u32(256); // bbox extent x
    w.u32(256);
    w.u32(0);
    w.zeros(12);
    w.u32(256); // positive
    w.u32(256);
    w.u32(0);
    w.zeros(12);     // negative
    w.u32(dataSize); // at +0x4C
}

// OARC, 2 segments: external CYRSA001 (type 512) then embedded TRI (type 0, flags 0x8C00,
// attributes 0x40). 20 + 80 + (80 + 162) + 4 = 346 bytes; payload_size 322.
Bytes fixtureRob() {
    Bytes model = tinyModel();
    ByteWriter w;
    w.tag("OARC");
    w.u32be(4);
    w.u32(2);
    w.tag("OARD");
    w.u32be(322);
    segmentHeader(w, 0, "CYRSA001", 512, 0, 0);
    segmentHeader(w, static_cast<std::uint32_t>(model.size()), "TRI", 0, 0x8C00, 0x40);
    w.bytes(model);
    w.tag("END ");
    return w.take();
}

std::string errorOf(const Bytes& b) {
    try {
        readRob(b, "x.rob");
    } catch (const rgx::Error& e) {
        return e.what();
    }
    return "";
}

Rob sampleRob(std::size_t segments) {
    Rob rob;
    for (std::size_t i = 0; i < segments; ++i) {
        ModelSpec spec;
        spec.version = i % 2 ? ModelVersion::V50 : ModelVersion::V40;
        std::int32_t s = static_cast<std::int32_t>(256 * (i + 1));
        spec.positions = {{0, 0, 0}, {s, 0, 0}, {s, s, 0}, {0, s, -s}};
        spec.faces.push_back({{0, 1, 2},
                              {{0, 0}, {256, 0}, {256, 256}},
                              std::nullopt,
                              300 + static_cast<std::uint32_t>(i),
                              1,
                              70});
        spec.faces.push_back({{0, 2, 3}, {}, 9, 0, 0, 0});
        rob.segments.push_back(robModelSegment("SEG" + std::to_string(i), buildModel(spec)));
    }
    rob.segments.push_back(robExternalSegment("CYRSA001"));
    return rob;
}

} // namespace

TEST(RobRead, HandFixture) {
    Bytes b = fixtureRob();
    ASSERT_EQ(b.size(), 346u);
    Rob rob = readRob(b, "f.rob");
    EXPECT_EQ(rob.unused04, 4u);
    ASSERT_EQ(rob.segments.size(), 2u);
    const RobSegment& ext = rob.segments[0];
    EXPECT_EQ(ext.name, "CYRSA001");
    EXPECT_TRUE(ext.isExternal());
    EXPECT_FALSE(ext.model.has_value());
    EXPECT_EQ(robRenderMode(ext), 0xFF); // flags 0: standard
    const RobSegment& tri = rob.segments[1];
    EXPECT_EQ(tri.name, "TRI");
    EXPECT_EQ(tri.type, 0);
    EXPECT_EQ(robRenderMode(tri), 0x8C);
    EXPECT_EQ(tri.attributes, 0x40);
    EXPECT_EQ(tri.faceCountLow[2], 1);
    EXPECT_EQ(tri.unused14, 1u);
    EXPECT_EQ(tri.bboxExtent[0], 256u);
    EXPECT_EQ(tri.bboxPositive[1], 256u);
    EXPECT_EQ(tri.data.size(), 162u);
    ASSERT_TRUE(tri.model.has_value());
    EXPECT_EQ(tri.model->vertices.size(), 3u);
    EXPECT_EQ(writeRob(rob), b);
}

TEST(RobRoundTrip, BuiltArchive) {
    Rob rob = sampleRob(5);
    rob.segments[1].flags = 0xC800;
    rob.segments[2].attributes = 0x02;
    rob.segments[3].type = kRobMenuEmbedded;
    Bytes b = writeRob(rob);
    Rob back = readRob(b, "b.rob");
    EXPECT_EQ(back, rob);
    EXPECT_EQ(writeRob(back), b);
    EXPECT_EQ(robRenderMode(back.segments[1]), 0xC8);
    // Bounding box of segment 0 (s = 256): x in [0, 256], z in [-256, 0].
    EXPECT_EQ(back.segments[0].bboxPositive, (std::array<std::uint32_t, 3>{256, 256, 0}));
    EXPECT_EQ(back.segments[0].bboxNegative, (std::array<std::uint32_t, 3>{0, 0, 256}));
    EXPECT_EQ(back.segments[0].bboxExtent, (std::array<std::uint32_t, 3>{256, 256, 256}));
}

TEST(RobReject, EveryPrefixIsTruncated) {
    for (const Bytes& full : {fixtureRob(), writeRob(sampleRob(2))}) {
        for (std::size_t n = 0; n < full.size(); ++n) {
            Bytes prefix(full.begin(), full.begin() + static_cast<std::ptrdiff_t>(n));
            EXPECT_THROW(readRob(prefix, "t.rob"), rgx::Error) << "prefix " << n;
        }
    }
}

TEST(RobReject, TooManySegments) {
    Bytes b = fixtureRob();
    b[8] = b[9] = b[10] = b[11] = 0xFF;
    std::string e = errorOf(b);
    EXPECT_NE(e.find("offset 0x8: num_segments"), std::string::npos) << e;
}

TEST(RobReject, SegmentSizePastTheEnd) {
    Bytes b = fixtureRob();
    // Second segment header at 20 + 80 = 100; its data_size at 100 + 0x4C = 176, total_size at 100.
    b[176] = 0xFF;
    b[177] = 0xFF;
    b[100] = 0x4F; // total_size = 0xFFFF + 80 = 0x1004F
    b[101] = 0x00;
    b[102] = 0x01;
    std::string e = errorOf(b);
    EXPECT_NE(e.find("offset 0xb0: segment.data_size"), std::string::npos) << e;
    Bytes t = fixtureRob();
    t[100] += 1; // total_size no longer data_size + 80
    EXPECT_NE(errorOf(t).find("offset 0x64: segment.total_size"), std::string::npos) << errorOf(t);
}

TEST(RobReject, BadMagicTypeFooterAndPayloadSize) {
    Bytes m = fixtureRob();
    m[0] = 'X';
    EXPECT_NE(errorOf(m).find("magic"), std::string::npos);
    Bytes ty = fixtureRob();
    ty[100 + 0x0C] = 1; // type 1
    EXPECT_NE(errorOf(ty).find("offset 0x70: segment.type"), std::string::npos) << errorOf(ty);
    Bytes f = fixtureRob();
    f[f.size() - 1] = 'X';
    EXPECT_NE(errorOf(f).find("footer"), std::string::npos);
    Bytes p = fixtureRob();
    p[19] += 1;
    EXPECT_NE(errorOf(p).find("offset 0x10: payload_size"), std::string::npos) << errorOf(p);
    Bytes extra = fixtureRob();
    extra.push_back(0);
    EXPECT_THROW(readRob(extra, "x.rob"), rgx::Error);
}

TEST(RobReject, BadEmbeddedModelReportsAbsoluteOffset) {
    Bytes b = fixtureRob();
    // The model starts at 100 + 80 = 180; its third corner's vertex index sits at model + 0x5A.
    b[180 + 0x5A] = 9;
    std::string e = errorOf(b);
    EXPECT_NE(e.find("x.rob: offset 0x10e: face_vertex.vertex_index"), std::string::npos) << e;
}

TEST(RobFuzz, MutatedWriterOutputNeverCrashes) {
    std::vector<Bytes> seeds = {fixtureRob(), writeRob(sampleRob(3))};
    std::size_t n = rgx::testing::runMutations(seeds, rgxFuzz_rob, 3000);
    EXPECT_EQ(n, 3000u + seeds.size());
}
