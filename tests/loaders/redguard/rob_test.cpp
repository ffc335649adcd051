// ROB archives: a hand-built fixture from the reference's header tables, round trips, Reject* and
// the mutation run.

#include "loaders/redguard/rob.h"
#include "tests/fuzz/fuzz_target.h"
#include "tests/loaders/warning_checks.h"
#include "tests/support/fuzz_corpus.h"
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

using rgx::testing::hasWarning;
using rgx::testing::onlyWarning;
using rgx::testing::throwsAt;

// Offsets in fixtureRob: segment 1's header at 100 (its type at 0x70, data_size at 0xB0), its
// model at 180, the footer at 342.
constexpr std::size_t kSeg1 = 100;
constexpr std::size_t kSeg1Model = 180;
constexpr std::size_t kFooter = 342;

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

// Every prefix throws (naming an offset inside it) or reads with a warning. The ones that read
// are cut in or before the footer: every segment is whole, and the missing "END " and the
// payload_size that no longer matches are warnings.
TEST(RobReject, EveryPrefixThrowsOrWarns) {
    for (const Bytes& full : {fixtureRob(), writeRob(sampleRob(2))}) {
        const Rob whole = readRob(full, "t.rob");
        const std::size_t footer = full.size() - 4;
        std::vector<std::size_t> read;
        for (std::size_t n = 0; n < full.size(); ++n) {
            Bytes prefix(full.begin(), full.begin() + static_cast<std::ptrdiff_t>(n));
            EXPECT_TRUE(
                rgx::testing::prefixIsNotWhole([&](rgx::Warnings* w) { readRob(prefix, "t.rob", w); }, n));
            rgx::Warnings warnings;
            try {
                Rob rob = readRob(prefix, "t.rob", &warnings);
                read.push_back(n);
                EXPECT_EQ(rob, whole) << n;
                ASSERT_EQ(warnings.size(), 2u) << n << rgx::testing::listWarnings(warnings);
                EXPECT_TRUE(rgx::testing::warningMatches(warnings[0], footer, "footer",
                                                         "no \"END \" after the last segment"));
                EXPECT_TRUE(rgx::testing::warningMatches(warnings[1], 16, "payload_size",
                                                         "is not the file size - 24"));
            } catch (const rgx::Error&) {
            }
        }
        EXPECT_EQ(read, (std::vector<std::size_t>{footer, footer + 1, footer + 2, footer + 3}));
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
    EXPECT_TRUE(throwsAt([&] { readRob(b, "x.rob"); }, 0xB0, "segment.data_size", "bytes past the end"));
}

TEST(RobReject, BadMagic) {
    Bytes m = fixtureRob();
    m[0] = 'X';
    EXPECT_TRUE(throwsAt([&] { readRob(m, "x.rob"); }, 0, "magic", "not a ROB file"));
    Bytes d = fixtureRob();
    d[12] = 'X';
    EXPECT_TRUE(throwsAt([&] { readRob(d, "x.rob"); }, 12, "magic2", "expected \"OARD\""));
}

// Sizes that only repeat what data_size says, the footer and unknown segment types: the archive
// reads with one warning each.
TEST(RobRead, HeaderAndFooterDeparturesReadWithAWarning) {
    const Rob whole = readRob(fixtureRob(), "x.rob");
    auto expectOne = [&](const Bytes& b, std::uint64_t offset, const char* field, const char* phrase) {
        rgx::Warnings warnings;
        Rob rob = readRob(b, "x.rob", &warnings);
        EXPECT_TRUE(onlyWarning(warnings, offset, field, phrase));
        for (const rgx::Warning& w : warnings)
            EXPECT_EQ(w.path, "x.rob");
        EXPECT_EQ(readRob(writeRob(rob), "x.rob"), rob) << field;
        return rob;
    };
    Bytes t = fixtureRob();
    t[kSeg1] += 1; // total_size no longer data_size + 80
    EXPECT_EQ(expectOne(t, kSeg1, "segment.total_size",
                        "total_size 243 is not data_size 162 + 80; data_size is used"),
              whole);

    Bytes f = fixtureRob();
    f[f.size() - 1] = 'X';
    EXPECT_EQ(expectOne(f, kFooter, "footer", "no \"END \" after the last segment"), whole);

    Bytes p = fixtureRob();
    p[19] += 1;
    EXPECT_EQ(expectOne(p, 16, "payload_size", "payload_size 323 is not the file size - 24 (322)"), whole);

    // Type 1 is none of 0, 512, 2048: kept raw, without a model.
    Bytes ty = fixtureRob();
    ty[kSeg1 + 0x0C] = 1;
    Rob raw = expectOne(ty, 0x70, "segment.type", "segment 1 (TRI): unknown type 1; the payload is kept raw");
    EXPECT_EQ(raw.segments[1].type, 1);
    EXPECT_FALSE(raw.segments[1].model.has_value());
    EXPECT_EQ(raw.segments[1].data, whole.segments[1].data);
    EXPECT_EQ(writeRob(raw), ty);

    // A byte after the footer: ignored, and payload_size no longer matches the file either.
    Bytes extra = fixtureRob();
    extra.push_back(0);
    rgx::Warnings warnings;
    EXPECT_EQ(readRob(extra, "x.rob", &warnings), whole);
    ASSERT_EQ(warnings.size(), 2u) << rgx::testing::listWarnings(warnings);
    EXPECT_TRUE(rgx::testing::warningMatches(warnings[0], kFooter + 4, "footer",
                                             "1 unexpected bytes after \"END \" (ignored)"));
    EXPECT_TRUE(
        rgx::testing::warningMatches(warnings[1], 16, "payload_size", "is not the file size - 24 (323)"));
    EXPECT_EQ(writeRob(readRob(extra, "x.rob")), fixtureRob());
}

// One embedded model that cannot be read must not cost the archive (a whole level): the segment
// is kept raw without a model, and the warning names the absolute offset inside the ROB.
TEST(RobRead, BrokenEmbeddedModelIsKeptRawWithAWarning) {
    Bytes b = fixtureRob();
    // The model starts at 100 + 80 = 180; its third corner's vertex index sits at model + 0x5A.
    b[kSeg1Model + 0x5A] = 9;
    rgx::Warnings warnings;
    Rob rob = readRob(b, "x.rob", &warnings);
    EXPECT_TRUE(onlyWarning(warnings, kSeg1Model + 0x5A, "face_vertex.vertex_index", "segment 1 (TRI): "));
    EXPECT_EQ(warnings[0].path, "x.rob");
    EXPECT_NE(warnings[0].message.find("vertex 9 out of range"), std::string::npos) << warnings[0].message;
    EXPECT_NE(warnings[0].message.find("; the segment has no model"), std::string::npos)
        << warnings[0].message;
    EXPECT_EQ(warnings[0].text().rfind("x.rob: offset 0x10e: face_vertex.vertex_index: segment 1 (TRI)", 0),
              0u)
        << warnings[0].text();
    ASSERT_EQ(rob.segments.size(), 2u);
    EXPECT_FALSE(rob.segments[1].model.has_value());
    EXPECT_EQ(rob.segments[1].data, Bytes(b.begin() + kSeg1Model, b.begin() + kFooter));
    EXPECT_EQ(rob.segments[1].name, "TRI");
    EXPECT_EQ(writeRob(rob), b); // kept raw: written back as it was
    // The model on its own still throws at the same place, relative to itself.
    EXPECT_TRUE(throwsAt([&] { readModel(rob.segments[1].data, "TRI.3D"); }, 0x5A, "face_vertex.vertex_index",
                         "vertex 9 out of range"));

    // The other segments are unaffected: a built archive with its middle segment broken.
    Rob built = sampleRob(3);
    Bytes c = writeRob(built);
    const std::size_t seg1Model = 20 + 80 + built.segments[0].data.size() + 80;
    c[seg1Model] = 'x'; // version "x4.0"/"x5.0": unknown
    warnings.clear();
    Rob partial = readRob(c, "LEVEL.ROB", &warnings);
    EXPECT_TRUE(onlyWarning(warnings, seg1Model, "version", "segment 1 (SEG1): unknown model version"));
    EXPECT_EQ(partial.segments[0], built.segments[0]);
    EXPECT_FALSE(partial.segments[1].model.has_value());
    EXPECT_EQ(partial.segments[2], built.segments[2]);
    EXPECT_EQ(partial.segments[3], built.segments[3]);
}

// How many of the 3,000 mutated inputs the reader must accept, so the checks after parsing
// (writers, round trips) really run: about a third of the lowest count seen over several seeds.
constexpr std::size_t kMinAccepted_rob = 350;

TEST(RobFuzz, MutatedWriterOutputNeverCrashes) {
    std::vector<Bytes> seeds = {fixtureRob(), writeRob(sampleRob(3))};
    // Plus the demo's files and, with RGX_REAL_SAMPLES, the real ones (tests/support/fuzz_corpus.h).
    for (Bytes& b : rgx::testing::corpusSeeds({".rob"}))
        seeds.push_back(std::move(b));
    const rgx::testing::MutationStats stats =
        rgx::testing::fuzzRun("rob", seeds, rgxFuzz_rob, 3000, kMinAccepted_rob);
    EXPECT_EQ(stats.runs, 3000u + seeds.size());
}
