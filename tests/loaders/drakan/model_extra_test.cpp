// The Riot Engine's model records past the mesh (loaders/drakan/model.h): bounds of boxes and of
// spheres, a character of two LODs, a lower LOD and the group count, laid out by hand from the
// text's 0x0202, 0x0207, 0x0208 and 0x0209; round trips, Reject* cases, warnings and a mutation
// run of the fuzz target over them.
#include "loaders/drakan/model.h"
#include "tests/fuzz/fuzz_target.h"
#include "tests/loaders/le_bytes.h"
#include "tests/loaders/warning_checks.h"
#include "tests/support/mutate.h"

#include <gtest/gtest.h>

#include <cstring>
#include <initializer_list>
#include <string_view>

using namespace rgx::loaders;
using namespace rgx::loaders::drakan;
using rgx::testing::put16;
using rgx::testing::put32;

RGX_DECLARE_FUZZ_TARGET(drakan_model);

namespace {

void putFloats(Bytes& b, std::initializer_list<float> fs) {
    for (const float f : fs) {
        std::uint32_t bits = 0;
        std::memcpy(&bits, &f, 4);
        put32(b, bits);
    }
}

constexpr std::initializer_list<float> kIdentity = {1, 0, 0, 0, 1, 0, 0, 0, 1};

// bounding_info, 64 bytes: the sphere (1, 2, 3) radius 4, the box at (0, 0, 0) with identity axes.
void putBoundingInfo(Bytes& b) {
    putFloats(b, {1, 2, 3, 4, 0, 0, 0});
    putFloats(b, kIdentity);
}

// 0x0207 with two boxes: shape 0 has child 1; box 0 lists polygons 0 and 1, box 1 none.
Bytes boxBounds() {
    Bytes b;
    putBoundingInfo(b); // 0..63
    put16(b, 2);        // 64: num_shapes
    put16(b, 1);        // 66: is_obb
    // 68: the hierarchy, (first child, first sibling) a shape
    for (const std::uint16_t v : {1, 0, 0, 0})
        put16(b, v);
    putFloats(b, {0, 0, 0}); // 76: box 0
    putFloats(b, kIdentity);
    put16(b, 2); // 124
    put16(b, 0);
    put16(b, 1);
    putFloats(b, {0, 1, 0}); // 130: box 1
    putFloats(b, {2, 0, 0, 0, 2, 0, 0, 0, 2});
    put16(b, 0); // 178
    return b;
}

// 0x0207 with one sphere.
Bytes sphereBounds() {
    Bytes b;
    putBoundingInfo(b);
    put16(b, 1);
    put16(b, 0);
    put16(b, 0);
    put16(b, 0);
    putFloats(b, {0.5f, 0.5f, 0.5f, 1.5f});
    return b;
}

void putName32(Bytes& b, std::string_view name) {
    b.insert(b.end(), name.begin(), name.end());
    b.insert(b.end(), 32 - name.size(), 0);
}

// 0x0208: two LODs ("Low" the second), nodes "root" (joint 0) and "effector" (no joint), one joint
// weighing vertices 0 and 1 in LOD 0 and vertex 0 in LOD 1, a mesh a LOD, animation 3, one channel
// with one cap, and a sphere list a LOD (one sphere in LOD 0, none in LOD 1). Offsets in comments.
Bytes character() {
    Bytes b;
    putBoundingInfo(b); // 0..63
    put16(b, 2);        // 64: num_lods
    put16(b, 4);        // 66: "Low", padded
    b.insert(b.end(), {'L', 'o', 'w', 0});
    put16(b, 2); // 72: nodes
    putName32(b, "root");
    put32(b, 0);
    putName32(b, "effector");
    put32(b, 0xFFFFFFFFu);
    put16(b, 1);                                         // 146: joints
    putFloats(b, {1, 0, 0, 0, 1, 0, 0, 0, 1, 0, -1, 0}); // 148: mat3x4f
    put32(b, 0);                                         // 196: mesh
    put32(b, 0);                                         // first child
    put32(b, 0);                                         // next sibling
    put16(b, 2);                                         // 208: LOD 0's weights
    put32(b, 0);
    putFloats(b, {1.0f});
    put32(b, 1);
    putFloats(b, {0.5f});
    put16(b, 1); // 226: LOD 1's
    put32(b, 0);
    putFloats(b, {1.0f});
    put16(b, 1); // 236: LOD 0's meshes
    putFloats(b, {0});
    for (const std::uint32_t v : {1, 0, 0, 3, 0, 1})
        put32(b, v);
    put16(b, 1); // 266: LOD 1's meshes
    putFloats(b, {50});
    for (const std::uint32_t v : {1, 0, 3, 2, 1, 1})
        put32(b, v);
    put16(b, 1); // 296: animations
    put16(b, 3);
    put16(b, 0);
    put16(b, 1); // 302: channels
    put32(b, 0); // node
    putFloats(b, {1, 0, 0, 0, 1, 0, 0, 0, 1, 0, 1, 0});
    putFloats(b, {1, 0, 0, 0, 1, 0, 0, 0, 1, 0, -1, 0});
    put16(b, 1); // 404: caps
    for (const std::uint32_t v : {4, 2, 6, 8, 0})
        put32(b, v);
    put16(b, 1); // 426
    put32(b, 2);
    putFloats(b, {0.25f});
    put16(b, 2); // 436: char_bounds, one a LOD
    put16(b, 1); // 438: LOD 0's spheres
    put16(b, 0);
    put16(b, 0);
    put32(b, 4);
    putFloats(b, {0.5f});
    put16(b, 0);
    put16(b, 0);
    put16(b, 0); // 456: LOD 1's
    return b;
}

TEST(DrakanModelBounds, BoxesAndSpheresByHand) {
    const ModelBounds boxes = rgx::testing::readQuietly(
        "boxes", [](rgx::Warnings* w) { return readModelBounds(boxBounds(), "m.mod", w); });
    EXPECT_EQ(boxes.info.sphere, (Sphere{{1, 2, 3}, 4}));
    EXPECT_EQ(boxes.info.box.transform[4], 1.0f);
    ASSERT_TRUE(boxes.boxes);
    ASSERT_EQ(boxes.hierarchy.size(), 2u);
    EXPECT_EQ(boxes.hierarchy[0], (std::array<std::uint16_t, 2>{1, 0}));
    ASSERT_EQ(boxes.boxShapes.size(), 2u);
    EXPECT_EQ(boxes.boxShapes[0].polygons, (std::vector<std::uint16_t>{0, 1}));
    EXPECT_EQ(boxes.boxShapes[1].box.center, (Vec3f{0, 1, 0}));
    EXPECT_EQ(boxes.boxShapes[1].box.transform[8], 2.0f);
    EXPECT_TRUE(boxes.boxShapes[1].polygons.empty());
    EXPECT_TRUE(boxes.spheres.empty());
    EXPECT_EQ(writeModelBounds(boxes), boxBounds());

    const ModelBounds spheres = readModelBounds(sphereBounds(), "m.mod");
    EXPECT_FALSE(spheres.boxes);
    ASSERT_EQ(spheres.spheres.size(), 1u);
    EXPECT_EQ(spheres.spheres[0], (Sphere{{0.5f, 0.5f, 0.5f}, 1.5f}));
    EXPECT_EQ(writeModelBounds(spheres), sphereBounds());
}

TEST(DrakanCharacter, TwoLodsByHand) {
    const CharacterData c = rgx::testing::readQuietly(
        "character", [](rgx::Warnings* w) { return readCharacterData(character(), "m.mod", w); });
    EXPECT_EQ(c.bounds.sphere.radius, 4.0f);
    EXPECT_EQ(c.lodCount(), 2u);
    EXPECT_EQ(c.lodNames, (std::vector<std::string>{"Low"}));
    ASSERT_EQ(c.nodes.size(), 2u);
    EXPECT_EQ(c.nodes[0], (CharacterNode{"root", 0}));
    EXPECT_EQ(c.nodes[1], (CharacterNode{"effector", -1}));
    ASSERT_EQ(c.joints.size(), 1u);
    EXPECT_EQ(c.joints[0].inverseTransform[10], -1.0f); // the translation's y
    EXPECT_EQ(c.joints[0].mesh, 0);
    ASSERT_EQ(c.joints[0].weightsPerLod.size(), 2u);
    EXPECT_EQ(c.joints[0].weightsPerLod[0], (std::vector<VertexWeight>{{0, 1.0f}, {1, 0.5f}}));
    EXPECT_EQ(c.joints[0].weightsPerLod[1], (std::vector<VertexWeight>{{0, 1.0f}}));
    ASSERT_EQ(c.lodMeshes.size(), 2u);
    ASSERT_EQ(c.lodMeshes[1].size(), 1u);
    EXPECT_EQ(c.lodMeshes[1][0], (LodMesh{50, 1, 0, 3, 2, 1, 1}));
    EXPECT_EQ(c.lodMeshes[0][0].vertexCount, 3u);
    EXPECT_EQ(c.animations, (std::vector<RecordRef>{{3, 0}}));
    ASSERT_EQ(c.channels.size(), 1u);
    EXPECT_EQ(c.channels[0].transformA[10], 1.0f);
    EXPECT_EQ(c.channels[0].transformB[10], -1.0f);
    ASSERT_EQ(c.channels[0].caps.size(), 1u);
    EXPECT_EQ(c.channels[0].caps[0].partPolygons, 8u);
    EXPECT_EQ(c.channels[0].caps[0].weights, (std::vector<VertexWeight>{{2, 0.25f}}));
    ASSERT_EQ(c.lodSpheres.size(), 2u);
    ASSERT_EQ(c.lodSpheres[0].size(), 1u);
    EXPECT_EQ(c.lodSpheres[0][0], (CharacterSphere{0, 0, 4, 0.5f, 0, 0}));
    EXPECT_TRUE(c.lodSpheres[1].empty());
    EXPECT_EQ(writeCharacterData(c), character());
}

TEST(DrakanModelLod, LodAndGroupCount) {
    Bytes lod;
    put16(lod, 12);
    putFloats(lod, {100});
    const ModelLod l = readModelLod(lod, "m.mod");
    EXPECT_EQ(l, (ModelLod{12, 100}));
    EXPECT_EQ(writeModelLod(l), lod);
    Bytes count;
    for (const std::uint16_t v : {3, 10, 42})
        put16(count, v);
    const ModelGroupCount g = readModelGroupCount(count, "m.mod");
    EXPECT_EQ(g, (ModelGroupCount{3, 10, 42}));
    EXPECT_EQ(writeModelGroupCount(g), count);
}

TEST(DrakanModelExtra, RejectWhatCannotBeRead) {
    using rgx::testing::throwsAt;
    Bytes noLods = character();
    noLods[64] = 0;
    noLods[65] = 0;
    EXPECT_TRUE(throwsAt([&] { readCharacterData(noLods, "m"); }, 64, "character lod count", "0 LODs"));
    Bytes nodes = character();
    nodes[72] = 0xFF;
    nodes[73] = 0xFF; // 65,535 nodes of 36 bytes
    EXPECT_TRUE(throwsAt([&] { readCharacterData(nodes, "m"); }, 74, "character node count", "exceeds"));
    Bytes lists = character();
    lists[436] = 0xFF; // 255 sphere lists in 20 bytes
    EXPECT_TRUE(
        throwsAt([&] { readCharacterData(lists, "m"); }, 438, "character sphere list count", "exceeds"));
    Bytes shapes = boxBounds();
    shapes[65] = 0x10; // 0x1002 shapes
    EXPECT_TRUE(throwsAt([&] { readModelBounds(shapes, "m"); }, 68, "bounds shape count", "exceeds"));
    Bytes polys = boxBounds();
    polys[124] = 0xFF;
    EXPECT_TRUE(throwsAt([&] { readModelBounds(polys, "m"); }, 126, "bounds box polygon count", "exceeds"));
    EXPECT_TRUE(throwsAt([] { readModelLod(Bytes{1, 0, 0}, "m"); }, 2, "lod distance", "truncated"));
    EXPECT_TRUE(throwsAt(
        [] {
            readModelGroupCount(Bytes{1, 0, 0, 0}, "m");
        },
        4, "model group count last model", "truncated"));
    // No prefix reads as a whole record.
    const Bytes whole = character();
    for (std::size_t n = 0; n < whole.size(); ++n)
        EXPECT_TRUE(rgx::testing::prefixIsNotWhole(
            [&](rgx::Warnings* w) { readCharacterData(ByteSpan(whole).first(n), "m", w); }, n));
    for (const Bytes& bounds : {boxBounds(), sphereBounds()})
        for (std::size_t n = 0; n < bounds.size(); ++n)
            EXPECT_TRUE(rgx::testing::prefixIsNotWhole(
                [&](rgx::Warnings* w) { readModelBounds(ByteSpan(bounds).first(n), "m", w); }, n));
    // A writer given LODs that do not match its lists refuses.
    CharacterData c = readCharacterData(character(), "m");
    c.lodNames.push_back("Lower");
    EXPECT_TRUE(
        throwsAt([&] { writeCharacterData(c); }, rgx::Error::kNoOffset, "character lod meshes", "3 LODs"));
}

TEST(DrakanModelExtra, DeparturesAreWarnings) {
    using rgx::testing::hasWarning;
    rgx::Warnings w;
    Bytes trailing = character();
    trailing.insert(trailing.end(), {1, 2});
    EXPECT_EQ(writeCharacterData(readCharacterData(trailing, "m", &w)), character());
    EXPECT_TRUE(rgx::testing::onlyWarning(w, 458, "character trailing", "2 bytes after"));
    // One sphere list for two LODs: said, and LOD 1's count is left over.
    w.clear();
    Bytes oneList = character();
    oneList[436] = 1;
    readCharacterData(oneList, "m", &w);
    EXPECT_TRUE(hasWarning(w, 436, "character sphere list count", "1 sphere lists for 2 LODs"));
    EXPECT_TRUE(hasWarning(w, 456, "character trailing", "2 bytes after"));
    // Bytes after a node name's NUL are dropped.
    w.clear();
    Bytes dirty = character();
    dirty[74 + 10] = 'x';
    EXPECT_EQ(writeCharacterData(readCharacterData(dirty, "m", &w)), character());
    EXPECT_TRUE(rgx::testing::onlyWarning(w, 74, "character node name", "1 node names"));
    // is_obb 2: read as boxes.
    w.clear();
    Bytes two = boxBounds();
    two[66] = 2;
    EXPECT_TRUE(readModelBounds(two, "m", &w).boxes);
    EXPECT_TRUE(rgx::testing::onlyWarning(w, 66, "bounds is obb", "not 0 or 1"));
    w.clear();
    readModelLod(Bytes{1, 0, 0, 0, 0, 0, 9}, "m", &w);
    EXPECT_TRUE(rgx::testing::onlyWarning(w, 6, "lod trailing", "1 bytes after"));
}

TEST(DrakanModelExtraFuzz, MutatedWriterOutputNeverCrashes) {
    Bytes lod;
    put16(lod, 12);
    putFloats(lod, {100});
    const std::vector<Bytes> seeds = {character(), boxBounds(), sphereBounds(), lod};
    const rgx::testing::MutationStats stats =
        rgx::testing::fuzzRun("drakan_model", seeds, rgxFuzz_drakan_model, 3000, 300);
    EXPECT_EQ(stats.runs, 3000u + seeds.size());
}

} // namespace
