// The Riot Engine's model records (loaders/drakan/model.h): a model's name, vertices, polygons and
// texture list laid out by hand from the text, a polygon's texture reference followed into another
// database, round trips, Reject* cases, warnings and a mutation run of the fuzz target.
#include "loaders/drakan/db_definition.h"
#include "loaders/drakan/model.h"
#include "tests/fuzz/fuzz_target.h"
#include "tests/loaders/le_bytes.h"
#include "tests/loaders/warning_checks.h"
#include "tests/support/mutate.h"

#include <gtest/gtest.h>

#include <cstring>

using namespace rgx::loaders;
using namespace rgx::loaders::drakan;
using rgx::testing::put16;
using rgx::testing::put32;

RGX_DECLARE_FUZZ_TARGET(drakan_model);

namespace {

void putFloat(Bytes& b, float f) {
    std::uint32_t bits = 0;
    std::memcpy(&bits, &f, 4);
    put32(b, bits);
}

// Two polygons: a triangle (flags 2, double sided; texture 1; corners 0, 1, 2 with their UVs) and
// a quad (texture 0; corners 0, 2, 3, 1).
Bytes polygons() {
    Bytes b;
    put16(b, 2);
    put16(b, 0x0002);
    put16(b, 3);
    put16(b, 1);
    for (const auto& [v, u, t] :
         {std::tuple{0, 0.0f, 0.0f}, std::tuple{1, 1.0f, 0.0f}, std::tuple{2, 0.5f, 1.0f}}) {
        put16(b, static_cast<std::uint16_t>(v));
        putFloat(b, u);
        putFloat(b, t);
    }
    put16(b, 0);
    put16(b, 4);
    put16(b, 0);
    for (const int v : {0, 2, 3, 1}) {
        put16(b, static_cast<std::uint16_t>(v));
        putFloat(b, 0.25f);
        putFloat(b, 0.75f);
    }
    return b;
}

// The model's texture list: entry 0 a texture of this database (id 4, database 0), entry 1 one of
// the dependency listed as 2 (id 7).
Bytes textureList() {
    Bytes b;
    put32(b, 2);
    for (const std::uint16_t v : {4, 0, 7, 2})
        put16(b, v);
    return b;
}

TEST(DrakanModel, PolygonsAndTheirTextureReferences) {
    rgx::Warnings w;
    const std::vector<Polygon> polys = readPolygons(polygons(), "m.mod", &w, 4);
    EXPECT_TRUE(w.empty()) << rgx::testing::listWarnings(w);
    ASSERT_EQ(polys.size(), 2u);
    EXPECT_EQ(polys[0].flags, 2);
    EXPECT_EQ(polys[0].texture, 1);
    ASSERT_EQ(polys[0].corners.size(), 3u);
    EXPECT_EQ(polys[0].corners[2], (PolygonCorner{2, 0.5f, 1.0f}));
    ASSERT_EQ(polys[1].corners.size(), 4u);
    EXPECT_EQ(polys[1].corners[3].vertex, 1);
    EXPECT_EQ(polys[1].corners[3].v, 0.75f);
    EXPECT_EQ(writePolygons(polys), polygons());

    const std::vector<RecordRef> textures = readTextureList(textureList(), "m.mod");
    ASSERT_EQ(textures.size(), 2u);
    EXPECT_EQ(writeTextureList(textures), textureList());
    // The triangle's texture is entry 1: id 7 in the dependency listed as 2, ../common/textures.
    const std::string db = "version 1\r\ndependencies 1\r\n2 ..\\common\\textures\r\n";
    const DbDefinition def = readDbDefinition(Bytes(db.begin(), db.end()), "Dragon/models.db");
    const RecordRef triangle = textures[polys[0].texture];
    EXPECT_EQ(triangle, (RecordRef{7, 2}));
    EXPECT_EQ(recordFile(def, "Dragon/models.db", "Dragon/models", triangle, ".txd"),
              "Dragon/../common/textures.txd");
    EXPECT_EQ(recordFile(def, "Dragon/models.db", "Dragon/models", textures[polys[1].texture], ".txd"),
              "Dragon/models.txd");
}

TEST(DrakanModel, NameAndVertices) {
    Bytes name;
    put16(name, 4); // "Box" padded to 4
    for (const char c : {'B', 'o', 'x', '\0'})
        name.push_back(static_cast<std::uint8_t>(c));
    put32(name, 0x8002);
    const ModelName m = readModelName(name, "m");
    EXPECT_EQ(m.name, "Box");
    EXPECT_EQ(m.shading, 0x8002u);
    EXPECT_EQ(writeModelName(m), name);
    Bytes verts;
    put16(verts, 2);
    for (const float f : {1.0f, 2.0f, 3.0f, -4.0f, 5.5f, 0.0f})
        putFloat(verts, f);
    const Vertices v = readVertices(verts, "m");
    ASSERT_EQ(v.size(), 2u);
    EXPECT_EQ(v[1], (std::array<float, 3>{-4.0f, 5.5f, 0.0f}));
    EXPECT_EQ(writeVertices(v), verts);
}

TEST(DrakanModel, RejectWhatCannotBeRead) {
    using rgx::testing::throwsAt;
    Bytes cut = polygons();
    cut.resize(cut.size() - 5);
    EXPECT_TRUE(throwsAt([&] { readPolygons(cut, "m"); }, 44, "polygon vertex count", "exceeds"));
    Bytes many;
    put16(many, 1000); // 1,000 polygons in 2 bytes
    EXPECT_TRUE(throwsAt([&] { readPolygons(many, "m"); }, 2, "polygon count", "exceeds"));
    Bytes list;
    put32(list, 0x40000000);
    EXPECT_TRUE(throwsAt([&] { readTextureList(list, "m"); }, 4, "texture list count", "exceeds"));
    Bytes verts;
    put16(verts, 3);
    EXPECT_TRUE(throwsAt([&] { readVertices(verts, "m"); }, 2, "vertex count", "exceeds"));
}

TEST(DrakanModel, DeparturesAreWarnings) {
    rgx::Warnings w;
    // The quad names vertex 3 of 3: its third corner, at 2 + 36 (the triangle) + 6 + 2 x 10 = 64.
    readPolygons(polygons(), "m", &w, 3);
    EXPECT_TRUE(rgx::testing::onlyWarning(w, 64, "polygon vertex index", "names vertex 3 of 3"));
    w.clear();
    Bytes two = polygons();
    two[4] = 2; // the triangle has 2 corners (and 10 bytes left over at the end)
    readPolygons(two, "m", &w);
    EXPECT_TRUE(rgx::testing::hasWarning(w, 4, "polygon vertex count", "2 corners, not 3 or 4"));
}

constexpr std::size_t kMinAccepted_drakan_model = 300;

TEST(DrakanModelFuzz, MutatedWriterOutputNeverCrashes) {
    const std::vector<Bytes> seeds = {polygons(), textureList()};
    const rgx::testing::MutationStats stats =
        rgx::testing::fuzzRun("drakan_model", seeds, rgxFuzz_drakan_model, 3000, kMinAccepted_drakan_model);
    EXPECT_EQ(stats.runs, 3000u + seeds.size());
}

} // namespace
