// ARCH3D.BSA records: a hand-built v2.7 quad and triangle (UVs of the fourth corner worked by
// hand), the UV rule on oblique and degenerate planes, round trips, Reject* cases, UESP's odd
// records as warnings, and the mutation run.
#include "loaders/daggerfall/arch3d.h"
#include "tests/fuzz/fuzz_target.h"
#include "tests/loaders/warning_checks.h"
#include "tests/support/mutate.h"

#include <gtest/gtest.h>

using namespace rgx::loaders;
using namespace rgx::loaders::daggerfall;

RGX_DECLARE_FUZZ_TARGET(df_arch3d);

namespace {

void vec(ByteWriter& w, std::int32_t x, std::int32_t y, std::int32_t z) {
    w.i32(x), w.i32(y), w.i32(z);
}
void corner(ByteWriter& w, std::uint32_t offset, std::int16_t u, std::int16_t v) {
    w.u32(offset), w.i16(u), w.i16(v);
}

// Laid out by hand from UESP's ARCH3D.BSA page and Daggerfall Unity's Arch3dFile.cs:
// 0x00 header | 64 points 4 x 12 | 112 plane 0 (8 + 4 x 8) | 152 plane 1 (8 + 3 x 8)
// | 184 normals 2 x 12 | 208 plane data 2 x 24 | 256 object data (16 + 2 + 2 x 6) | 286 end
Bytes arch3dFixture() {
    ByteWriter w;
    w.fixedString("v2.7", 4);
    w.i32(4);   // point_count
    w.i32(2);   // plane_count
    w.u32(600); // radius
    w.u64(0);
    w.u32(208); // plane_data_offset
    w.u32(256); // object_data_offset
    w.u32(1);   // object_data_count
    w.u32(0x24);
    w.u64(0);
    w.u32(64);  // point_list_offset
    w.u32(184); // normal_list_offset
    w.u32(0x38);
    w.u32(112); // plane_list_offset
    vec(w, 0, 0, 0), vec(w, 1024, 0, 0), vec(w, 1024, 512, 0), vec(w, 0, 512, 0);
    // Plane 0: a quad on TEXTURE.019 record 3; corner 0 absolute, 1 and 2 deltas, 3 ignored.
    w.u8(4), w.u8(0x11), w.u16((19 << 7) | 3), w.u32(0x22222222);
    corner(w, 0, 0, 0), corner(w, 12, 1024, 0), corner(w, 24, 0, 512), corner(w, 36, -777, 333);
    // Plane 1: a triangle on archive 1 record 5 (a solid colour, 133).
    w.u8(3), w.u8(0), w.u16((1 << 7) | 5), w.u32(0);
    corner(w, 0, 16, 32), corner(w, 24, 16, 0), corner(w, 36, 0, 16);
    vec(w, 0, 0, 256), vec(w, 0, 0, -256);
    for (int i = 0; i < 48; ++i)
        w.u8(std::uint8_t(0xA0 + i));
    w.i32(1), w.i32(2), w.i32(3), w.i32(4), w.i16(2);
    for (int i = 0; i < 12; ++i)
        w.u8(std::uint8_t(i + 1));
    return w.take();
}

using Uvs = std::vector<std::array<float, 2>>;

// A parallelogram P0, P0 + A, P0 + A + B, P0 + B (A = (600, 0, 800), |A| = 1000; B = (0, 500, 0))
// and a fifth corner P0 + A/2 + 3B/2, all in one plane. u grows 1000 raw per A, v 800 per B.
Arch3dObject obliqueObject(Arch3dVersion version) {
    Arch3dObject o;
    o.version = version;
    o.points = {{100, 200, 300}, {700, 200, 1100}, {700, 700, 1100}, {100, 700, 300}, {400, 950, 700}};
    Arch3dPlane p;
    p.texture = (300 << 7) | 1;
    p.corners = {{0, 160, 320}, {1, 1000, 0}, {2, 0, 800}, {3, 0, 0}, {4, 0, 0}};
    o.planes = {p};
    o.normals = {{0, 0, 0}};
    o.planeData.resize(1);
    return o;
}

} // namespace

TEST(DaggerfallArch3d, ReadsHandBuiltQuadAndTriangle) {
    rgx::Warnings warnings;
    const Arch3dObject o = readArch3d(arch3dFixture(), "ARCH3D-1.bin", &warnings);
    EXPECT_TRUE(warnings.empty()) << rgx::testing::listWarnings(warnings);
    EXPECT_EQ(o.version, Arch3dVersion::V27);
    EXPECT_EQ(o.radius, 600u);
    EXPECT_EQ(o.unknown24, 0x24u);
    EXPECT_EQ(o.unknown38, 0x38u);
    ASSERT_EQ(o.points.size(), 4u);
    EXPECT_EQ(o.points[2], (Vec3i{1024, 512, 0}));
    ASSERT_EQ(o.planes.size(), 2u);
    EXPECT_EQ(o.planes[0].unknown1, 0x11);
    EXPECT_EQ(o.planes[0].unknown2, 0x22222222u);
    EXPECT_EQ(o.planes[0].textureArchive(), 19u);
    EXPECT_EQ(o.planes[0].textureRecord(), 3u);
    EXPECT_EQ(o.planes[0].corners[3], (Arch3dPlanePoint{3, -777, 333})); // offset 36 / 12
    EXPECT_EQ(o.normals[1], (Vec3i{0, 0, -256}));
    EXPECT_EQ(o.planeData[1][0], 0xA0 + 24);
    ASSERT_EQ(o.objectData.size(), 1u);
    EXPECT_EQ(o.objectData[0].values, (std::array<std::int32_t, 4>{1, 2, 3, 4}));
    ASSERT_EQ(o.objectData[0].subrecords.size(), 2u);
    EXPECT_EQ(o.objectData[0].subrecords[1][5], 12);
    EXPECT_FALSE(o.rawObjectData.has_value());
}

// The fourth corner's stored UV (-777, 333) is ignored: it follows the map fitted to corners
// 0..2, u = 64 * x / 1024 and v = 32 * y / 512 texels, so (0, 512) maps to (0, 32).
TEST(DaggerfallArch3d, QuadUvsIncludeTheFourthCorner) {
    const Arch3dObject o = readArch3d(arch3dFixture(), "x");
    EXPECT_EQ(arch3dPlaneUvs(o, 0, kArch3dUnknownId), (Uvs{{0, 0}, {64, 0}, {64, 32}, {0, 32}}));
    EXPECT_EQ(arch3dPlaneUvs(o, 1, kArch3dUnknownId), (Uvs{{1, 2}, {2, 2}, {2, 3}}));
}

TEST(DaggerfallArch3d, ObliquePlaneUvsFollowThePlaneMap) {
    const Arch3dObject o = obliqueObject(Arch3dVersion::V26);
    const Uvs uvs = arch3dPlaneUvs(o, 0, kArch3dUnknownId);
    ASSERT_EQ(uvs.size(), 5u);
    const Uvs expected = {{10, 20}, {72.5f, 20}, {72.5f, 70}, {10, 70}, {41.25f, 95}};
    for (std::size_t i = 0; i < 5; ++i) {
        EXPECT_NEAR(uvs[i][0], expected[i][0], 1e-3) << i;
        EXPECT_NEAR(uvs[i][1], expected[i][1], 1e-3) << i;
    }
}

// Corners 0..2 in a line span no plane: later corners take their stored UV as absolute (UESP).
TEST(DaggerfallArch3d, DegeneratePlaneKeepsStoredUvs) {
    Arch3dObject o = obliqueObject(Arch3dVersion::V27);
    o.points[2] = {1300, 200, 1900}; // on the line through corners 0 and 1
    o.planes[0].corners[3] = {3, 48, -32};
    const Uvs uvs = arch3dPlaneUvs(o, 0, kArch3dUnknownId);
    EXPECT_EQ(uvs[3], (std::array<float, 2>{3, -2}));
    EXPECT_EQ(uvs[4], (std::array<float, 2>{0, 0}));
}

TEST(DaggerfallArch3d, PackedUvsUnpackBelowId905) {
    EXPECT_EQ(unpackArch3dUv(100), 100);
    EXPECT_EQ(unpackArch3dUv(14335), 14335);
    EXPECT_EQ(unpackArch3dUv(8192 + 160 + 8192), 160);
    EXPECT_EQ(unpackArch3dUv(14336), -2048);
    EXPECT_EQ(unpackArch3dUv(-14336), 2048);
    EXPECT_EQ(unpackArch3dUv(-7168), 1024);
    EXPECT_EQ(unpackArch3dUv(-20000), -3616); // nearest multiple -16384
    Arch3dObject o = obliqueObject(Arch3dVersion::V27);
    o.planes[0].corners[0].u = 160 + 16384;
    EXPECT_EQ(arch3dPlaneUvs(o, 0, 904)[0][0], 10.0f);
    EXPECT_EQ(arch3dPlaneUvs(o, 0, 905)[0][0], (160 + 16384) / 16.0f);
    EXPECT_EQ(arch3dPlaneUvs(o, 0, kArch3dUnknownId)[0][0], (160 + 16384) / 16.0f);
}

TEST(DaggerfallArch3d, FacesCarryTextureAndCorners) {
    const Arch3dObject o = readArch3d(arch3dFixture(), "x");
    const Arch3dFace quad = arch3dFace(o, 0, 4000);
    EXPECT_FALSE(quad.solid);
    EXPECT_EQ(quad.textureArchive, 19u);
    EXPECT_EQ(quad.textureRecord, 3u);
    EXPECT_EQ(quad.positions, (std::vector<Vec3i>{{0, 0, 0}, {1024, 0, 0}, {1024, 512, 0}, {0, 512, 0}}));
    EXPECT_EQ(quad.uvs[3], (std::array<float, 2>{0, 32}));
    EXPECT_EQ(quad.normal, (Vec3i{0, 0, 256}));
    const Arch3dFace tri = arch3dFace(o, 1, 4000);
    EXPECT_TRUE(tri.solid);
    EXPECT_EQ(tri.colorIndex, 133);
    EXPECT_EQ(tri.textureArchive, 1u);
    EXPECT_THROW(arch3dFace(o, 2, 0), rgx::Error);
}

TEST(DaggerfallArch3d, RoundTrips) {
    EXPECT_EQ(writeArch3d(readArch3d(arch3dFixture(), "x")), arch3dFixture());
    // v2.5 stores point index * 4.
    Arch3dObject o = obliqueObject(Arch3dVersion::V25);
    o.objectData.push_back({{-1, 0, 7, 9}, {}});
    const Bytes b = writeArch3d(o);
    EXPECT_EQ(b[64 + 5 * 12 + 8 + 8 * 4], 16); // corner 4's point offset: 4 x 4
    rgx::Warnings warnings;
    EXPECT_EQ(readArch3d(b, "x", &warnings), o);
    EXPECT_TRUE(warnings.empty()) << rgx::testing::listWarnings(warnings);
    // An empty object data list keeps its stored offset.
    o.objectData.clear();
    o.emptyObjectDataOffset = 0xDEAD;
    EXPECT_EQ(readArch3d(writeArch3d(o), "x"), o);
}

TEST(DaggerfallArch3d, DetectionSeparatesRedguardModels) {
    EXPECT_TRUE(looksLikeArch3d(arch3dFixture()));
    ModelSpec spec;
    spec.version = ModelVersion::V27;
    spec.positions = {{0, 0, 0}, {256, 0, 0}, {0, 256, 0}};
    ModelFaceSpec face;
    face.vertices = {0, 1, 2};
    face.textureId = 302;
    spec.faces = {face};
    EXPECT_FALSE(looksLikeArch3d(writeModel(buildModel(spec))));
}

TEST(DaggerfallArch3d, RejectHeaderAndCounts) {
    const Bytes full = arch3dFixture();
    EXPECT_TRUE(rgx::testing::throwsAt([&] { readArch3d(Bytes(full.begin(), full.begin() + 63), "A"); }, 0,
                                       "header", "truncated"));
    Bytes b = full;
    b[3] = '8';
    EXPECT_TRUE(rgx::testing::throwsAt([&] { readArch3d(b, "A"); }, 0, "version", "v2.8"));
    b = full;
    b[4] = 0xFF, b[5] = 0xFF, b[6] = 0xFF, b[7] = 0xFF; // point_count -1
    EXPECT_TRUE(rgx::testing::throwsAt([&] { readArch3d(b, "A"); }, 4, "point_count", "negative"));
    b = full;
    b[5] = 0x10; // 4100 points: past the end
    EXPECT_TRUE(rgx::testing::throwsAt([&] { readArch3d(b, "A"); }, 64, "points", "exceeds"));
    b = full;
    b[8] = 200; // 200 planes
    EXPECT_TRUE(rgx::testing::throwsAt([&] { readArch3d(b, "A"); }, 112, "plane_count", "exceeds"));
}

TEST(DaggerfallArch3d, RejectOffsetsAndCorners) {
    const Bytes full = arch3dFixture();
    Bytes b = full;
    b[0x3C + 1] = 0x10; // plane list at 4208: past the end
    EXPECT_TRUE(
        rgx::testing::throwsAt([&] { readArch3d(b, "A"); }, 0x3C, "plane_list_offset", "past the end"));
    b = full;
    b[0x34] = 0x10, b[0x35] = 0x01; // normals at 272: 24 bytes do not fit in 286
    EXPECT_TRUE(rgx::testing::throwsAt([&] { readArch3d(b, "A"); }, 272, "normals", "exceeds"));
    b = full;
    b[0x18] = 0x08, b[0x19] = 0x01; // plane data at 264
    EXPECT_TRUE(rgx::testing::throwsAt([&] { readArch3d(b, "A"); }, 264, "plane_data", "exceeds"));
    b = full;
    b[112 + 8 + 8] = 13; // corner 1's offset 13: not a multiple of 12
    EXPECT_TRUE(rgx::testing::throwsAt([&] { readArch3d(b, "A"); }, 128, "plane_point.point_offset",
                                       "multiple of 12"));
    b = full;
    b[112 + 8 + 8] = 48; // point 4 of 4
    EXPECT_TRUE(
        rgx::testing::throwsAt([&] { readArch3d(b, "A"); }, 128, "plane_point.point_offset", "out of range"));
    for (std::size_t n = 0; n < full.size(); ++n) {
        const Bytes cut(full.begin(), full.begin() + static_cast<std::ptrdiff_t>(n));
        EXPECT_TRUE(rgx::testing::prefixIsNotWhole([&](rgx::Warnings* w) { readArch3d(cut, "A", w); }, n));
    }
}

// UESP: two real records hold repeated bytes after the header and an object data list of
// another layout. They read, with warnings; the list is kept raw and the rewrite reads back equal.
TEST(DaggerfallArch3d, OddRecordsReadWithWarnings) {
    const Bytes fixture = arch3dFixture();
    ByteWriter w;
    w.bytes(fixture.data(), 64);
    w.bytes(Bytes(32, 0x5A)); // the repeating bytes
    w.bytes(fixture.data() + 64, fixture.size() - 64 - 30);
    w.i32(9), w.i32(9), w.i32(9), w.i32(9), w.i16(500); // 500 subrecords: past the end
    Bytes b = w.take();
    for (std::size_t at : {0x18u, 0x1Cu, 0x30u, 0x34u, 0x3Cu}) { // every offset moves by 32
        b[at] = std::uint8_t(b[at] + 32);
        if (b[at] < 32) ++b[at + 1];
    }
    rgx::Warnings warnings;
    const Arch3dObject o = readArch3d(b, "ODD", &warnings);
    ASSERT_EQ(warnings.size(), 2u) << rgx::testing::listWarnings(warnings);
    EXPECT_TRUE(rgx::testing::hasWarning(warnings, 288 + 18, "object_data.subrecord_count", "kept unparsed"));
    EXPECT_TRUE(rgx::testing::hasWarning(warnings, 0x30, "layout",
                                         "points, planes, normals, plane data, object data"));
    ASSERT_TRUE(o.rawObjectData.has_value());
    EXPECT_EQ(o.rawObjectData->count, 1u);
    EXPECT_EQ(o.rawObjectData->bytes.size(), 18u);
    EXPECT_EQ(arch3dPlaneUvs(o, 0, kArch3dUnknownId)[3], (std::array<float, 2>{0, 32}));
    EXPECT_EQ(readArch3d(writeArch3d(o), "ODD"), o);
}

TEST(DaggerfallArch3d, WarningsForThinPlanesAndTrailingBytes) {
    Arch3dObject o = obliqueObject(Arch3dVersion::V27);
    o.planes[0].corners.resize(2);
    Bytes b = writeArch3d(o);
    b.push_back(0);
    rgx::Warnings warnings;
    EXPECT_EQ(readArch3d(b, "A", &warnings), o);
    ASSERT_EQ(warnings.size(), 2u) << rgx::testing::listWarnings(warnings);
    EXPECT_TRUE(rgx::testing::hasWarning(warnings, 64 + 60, "plane.corner_count", "fewer than three"));
    EXPECT_TRUE(rgx::testing::hasWarning(warnings, b.size() - 1, "record size", "dropped"));
}

TEST(DaggerfallArch3d, WriterRejectsInconsistentObjects) {
    Arch3dObject o = obliqueObject(Arch3dVersion::V27);
    o.normals.clear();
    EXPECT_THROW(writeArch3d(o), rgx::Error);
    o = obliqueObject(Arch3dVersion::V27);
    o.planes[0].corners[0].point = 5;
    EXPECT_THROW(writeArch3d(o), rgx::Error);
    EXPECT_THROW(arch3dPlaneUvs(o, 0, 0), rgx::Error);
}

constexpr std::size_t kMinAccepted_df_arch3d = 280;

TEST(DaggerfallArch3dFuzz, MutatedWriterOutputNeverCrashes) {
    Arch3dObject o = obliqueObject(Arch3dVersion::V25);
    o.objectData.push_back({{1, 2, 3, 4}, {{1, 2, 3, 4, 5, 6}}});
    const std::vector<Bytes> seeds = {arch3dFixture(), writeArch3d(o),
                                      writeArch3d(obliqueObject(Arch3dVersion::V26))};
    const rgx::testing::MutationStats stats =
        rgx::testing::fuzzRun("df_arch3d", seeds, rgxFuzz_df_arch3d, 3000, kMinAccepted_df_arch3d);
    EXPECT_EQ(stats.runs, 3000u + seeds.size());
}
