// 3D / 3DC models: Reject* (what still throws, with offset and field), the reading policy's
// warnings (what reads with a departure named), and a mutation run of the fuzz target.

#include "loaders/redguard/model3d.h"
#include "tests/fuzz/fuzz_target.h"
#include "tests/loaders/redguard/model3d_fixture.h"
#include "tests/loaders/warning_checks.h"
#include "tests/support/fuzz_corpus.h"
#include "tests/support/mutate.h"

#include <gtest/gtest.h>

using namespace rgx::loaders;
using namespace model3d_fixture;

RGX_DECLARE_FUZZ_TARGET(model3d);

namespace {
using rgx::testing::hasWarning;
using rgx::testing::onlyWarning;
using rgx::testing::throwsAt;
} // namespace

TEST(Model3dReject, EveryPrefixThrowsOrWarns) {
    for (const Bytes& full : {fixtureStatic(), fixtureAnimated(), fixtureBvh(), fixtureV2(),
                              writeModel(sampleModel(ModelVersion::V26)), fixtureMoreNormalsThanVertices(),
                              fixtureWholeFrames()}) {
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
    EXPECT_TRUE(onlyWarning(
        warnings, 0xA2, "normal_indices",
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
                                writeModel(anim),
                                fixtureWholeFrames()};
    // Plus the demo's files and, with RGX_REAL_SAMPLES, the real ones (tests/support/fuzz_corpus.h).
    for (Bytes& b : rgx::testing::corpusSeeds({".3d", ".3dc"}))
        seeds.push_back(std::move(b));
    const rgx::testing::MutationStats stats =
        rgx::testing::fuzzRun("model3d", seeds, rgxFuzz_model3d, 3000, kMinAccepted_model3d);
    EXPECT_EQ(stats.runs, 3000u + seeds.size());
}

// Frames 1.. of a frame type with no known layout (8 is a one-frame .3DC) are kept as raw records
// with one warning, and the model draws frame 0.
TEST(Model3dRead, MultiFrameOfAnUndecodedTypeWarnsAndDrawsFrame0) {
    Model m = sampleModel(ModelVersion::V40);
    m.frames.resize(3);
    m.frames[0].frameType = 8;
    const Bytes b = writeModel(m);
    rgx::Warnings warnings;
    const Model back = readModel(b, "ONE.3DC", &warnings);
    EXPECT_TRUE(
        onlyWarning(warnings, 0x10, "num_frames", "3 frames with frame_type 8: frames 1.. are not decoded"));
    EXPECT_EQ(back.frames.size(), 3u);
    EXPECT_EQ(decodableFrameCount(back), 1u);
    EXPECT_EQ(modelFrame(back, 0).positions, back.vertices);
}

// Whole frames (frame type 0 with several frames, fixtureWholeFrames: records at 0x92, frame 1's
// at 0xA2, frame 2's at 0xB2) are read where their records point, under the same rules as a
// 3DC's frames: a block past the end is an error at the record (or at the block, when it starts
// inside the model and runs past its end); a record pointing elsewhere inside the model is read
// there with a warning; more frames than the model's bytes can hold is an error.
TEST(Model3dReject, WholeFramesPastTheEnd) {
    const auto patch32 = [](Bytes b, std::size_t at, std::uint32_t v) {
        for (int i = 0; i < 4; ++i)
            b[at + i] = static_cast<std::uint8_t>(v >> (8 * i));
        return b;
    };
    const Bytes full = fixtureWholeFrames();
    EXPECT_TRUE(throwsAt([&] { readModel(patch32(full, 0xB2, 0x1000), "p.3d"); }, 0xB2, "frame.vertex_offset",
                         "past the end"));
    EXPECT_TRUE(throwsAt([&] { readModel(patch32(full, 0xB6, 0x1000), "p.3d"); }, 0xB6, "frame.normal_offset",
                         "past the end"));
    // Frame 2's vertices start 20 bytes before the end: 36 bytes do not fit.
    EXPECT_TRUE(
        throwsAt([&] { readModel(patch32(full, 0xB2, 0x152 - 20), "p.3d"); }, 0x152 - 20, "num_vertices"));
    EXPECT_TRUE(throwsAt([&] { readModel(patch32(full, 0xB6, 0x152 - 8), "p.3d"); }, 0x152 - 8, "num_faces"));
    // Cut inside frame 2's block: its vertices run past the end.
    const Bytes cut(full.begin(), full.begin() + 0x100);
    EXPECT_TRUE(throwsAt([&] { readModel(cut, "p.3d"); }, 0xF2, "num_vertices"));

    // Frame 2's record pointing at frame 1's block: read there, one warning at the record.
    rgx::Warnings warnings;
    const Model again = readModel(patch32(patch32(full, 0xB2, 0xC2), 0xB6, 0xE6), "p.3d", &warnings);
    EXPECT_TRUE(
        onlyWarning(warnings, 0xB2, "frame.vertex_offset", "frame 2: not laid out as the reference says"));
    ASSERT_EQ(again.wholeFrames.size(), 2u);
    EXPECT_EQ(again.wholeFrames[1], again.wholeFrames[0]);
    Model canonical = again;
    layoutModel(canonical);
    EXPECT_EQ(readModel(writeModel(again), "p.3d"), canonical);

    // 30 frame records (appended after the vertex normals), every one pointing at frame 1's
    // 48-byte block: 29 frames cannot come out of an 818-byte model.
    Bytes many = patch32(patch32(full, 0x10, 30), 0x14, 0x152);
    ByteWriter records;
    u32s(records, {0x62, 0x86, 0, 0});
    for (int k = 1; k < 30; ++k)
        u32s(records, {0xC2, 0xE6, 0, 0});
    const Bytes r = records.take();
    many.insert(many.end(), r.begin(), r.end());
    EXPECT_TRUE(
        throwsAt([&] { readModel(many, "p.3d"); }, 0x10, "num_frames", "exceed the model's 818 bytes"));
}
