// A Drakan level (loaders/drakan/level.h) laid out by hand (level_fixture.h): its name and
// databases, a 2 x 1-cell layer whose vertex heights, cells and texture references are known, its
// group, and two objects (one scaled) with their links and changed fields; then round trips.
// Rejections, warnings and the mutation run: level_reject_test.cpp.
#include "loaders/drakan/level.h"
#include "tests/loaders/drakan/level_fixture.h"
#include "tests/loaders/warning_checks.h"

#include <gtest/gtest.h>

#include <stdexcept>

using namespace rgx::loaders;
using namespace rgx::loaders::drakan;
namespace fx = rgx::testing::dk_level;

namespace {

Level readQuietly(const Bytes& bytes) {
    return rgx::testing::readQuietly("level", [&](rgx::Warnings* w) { return readLevel(bytes, "t.lvl", w); });
}

TEST(DrakanLevel, NameAndDatabases) {
    const Level level = readQuietly(fx::levelFile());
    EXPECT_EQ(level.info.name, "Test");
    EXPECT_EQ(level.info.maxWidth, 64u);
    EXPECT_EQ(level.info.maxHeight, 32u);
    ASSERT_EQ(level.info.databases.size(), 2u);
    // The odd path's padding byte is dropped.
    EXPECT_EQ(level.info.databases[0], (LevelDatabase{1, 0, "..\\Common\\Classes"}));
    EXPECT_EQ(level.info.databases[1], (LevelDatabase{3, 0, "Dragon"}));
}

TEST(DrakanLevel, ALayerItsVertexHeightsAndCells) {
    const Level level = readQuietly(fx::levelFile());
    EXPECT_EQ(level.layersMarker, 1u);
    ASSERT_EQ(level.layers.size(), 1u);
    const Layer& l = level.layers[0];
    EXPECT_EQ(l.id, 7u);
    EXPECT_EQ(l.width, 2u);
    EXPECT_EQ(l.height, 1u);
    EXPECT_EQ(l.type, LayerType::Floor);
    EXPECT_EQ(l.originX, 3u);
    EXPECT_EQ(l.originZ, 4u);
    EXPECT_EQ(l.worldHeight, 100.0f);
    EXPECT_EQ(l.name, "Floor");
    EXPECT_EQ(l.flags, 2u);
    EXPECT_EQ(l.lightDirection, 0.5f);
    EXPECT_EQ(l.lightAscension, 0.25f);
    // Stored as a u32 0x00RRGGBB (OpenDrakan's reading: red in bits 16-23).
    EXPECT_EQ(l.lightColour, 0x00112233u);
    EXPECT_EQ(l.ambientColour, 0x00445566u);
    EXPECT_EQ(l.lightDropoff, 3u);
    EXPECT_EQ(l.visibleLayers, (std::vector<std::uint32_t>{0}));

    // (width + 1) x (height + 1) vertices, row by row from the north-west corner.
    ASSERT_EQ(l.vertices.size(), 6u);
    EXPECT_EQ(l.vertices[0], (LayerVertex{5, 1, 0x8003}));
    // world height 100 + (stored - 0x8000) x 2
    EXPECT_EQ(layerVertexHeight(l, 0, 0), 106.0);
    EXPECT_EQ(layerVertexHeight(l, 1, 0), 100.0);
    EXPECT_EQ(layerVertexHeight(l, 2, 0), 98.0);
    EXPECT_EQ(layerVertexHeight(l, 0, 1), 132.0);
    EXPECT_EQ(layerVertexHeight(l, 2, 1), 100.0);
    EXPECT_THROW(layerVertexHeight(l, 3, 0), std::out_of_range);
    EXPECT_THROW(layerVertexHeight(l, 0, 2), std::out_of_range);

    // width x height cells.
    ASSERT_EQ(l.cells.size(), 2u);
    const LayerCell& c0 = l.cells[0];
    EXPECT_EQ(c0.flags & kCellBackslash, kCellBackslash);
    EXPECT_EQ(c0.left, (RecordRef{3, 1}));
    EXPECT_EQ(c0.right, kHoleTexture);
    EXPECT_EQ(c0.uv, (std::array<std::uint16_t, 8>{0, 0xFFFF, 0xFFFF, 0, 0xFFFF, 0xFFFF, 0, 0}));
    const LayerCell& c1 = l.cells[1];
    EXPECT_EQ(c1.flags, 0);
    EXPECT_EQ(c1.left, kInvisibleTexture);
    EXPECT_EQ(c1.right, (RecordRef{4, 2}));
    EXPECT_EQ(c1.uv, (std::array<std::uint16_t, 8>{1, 2, 3, 4, 5, 6, 7, 8}));
}

TEST(DrakanLevel, GroupsAndObjects) {
    const Level level = readQuietly(fx::levelFile());
    ASSERT_EQ(level.groups.size(), 1u);
    EXPECT_EQ(level.groups[0], (LayerGroup{"Group", {7}}));

    ASSERT_EQ(level.objects.size(), 2u);
    const LevelObject& a = level.objects[0];
    EXPECT_EQ(a.id, 10u);
    EXPECT_EQ(a.classRef, (RecordRef{5, 1}));
    EXPECT_EQ(a.lightingLayer, 7u);
    EXPECT_EQ(a.position, (std::array<float, 3>{1, 2, 3}));
    EXPECT_EQ(a.flags, kObjectVisible);
    EXPECT_EQ(a.initialEvents, 0);
    EXPECT_EQ(a.links, (std::vector<std::uint16_t>{1}));
    EXPECT_EQ(a.rotation, (std::array<std::uint16_t, 3>{0, 90, 180}));
    EXPECT_EQ(a.scale, (std::array<float, 3>{1, 1, 1})); // not stored without the flag
    EXPECT_EQ(a.data, (std::vector<std::uint32_t>{42, 0x3F800000, 7}));
    EXPECT_EQ(a.fieldIndices, (std::vector<std::uint16_t>{4, 9}));
    ASSERT_EQ(a.fields.size(), 2u);
    EXPECT_EQ(a.fields[0], (FieldDefinition{0x01, "Health"}));
    EXPECT_EQ(a.fields[1], (FieldDefinition{0x02, "Speed"}));

    const LevelObject& b = level.objects[1];
    EXPECT_EQ(b.id, 11u);
    EXPECT_EQ(b.classRef, (RecordRef{6, 1}));
    EXPECT_EQ(b.position, (std::array<float, 3>{-5, 0, 10}));
    EXPECT_EQ(b.flags, kObjectVisible | kObjectScaled);
    EXPECT_EQ(b.initialEvents, 2);
    EXPECT_TRUE(b.links.empty());
    EXPECT_EQ(b.rotation, (std::array<std::uint16_t, 3>{10, 20, 30}));
    EXPECT_EQ(b.scale, (std::array<float, 3>{2, 3, 4}));
    EXPECT_TRUE(b.data.empty());
    EXPECT_TRUE(b.fields.empty());
}

TEST(DrakanLevel, WithoutGroupsOrObjects) {
    const Level level = readQuietly(fx::container({{0x0000, fx::infoBody()}, {0x0001, fx::layersBody()}}));
    EXPECT_TRUE(level.groups.empty());
    EXPECT_TRUE(level.objects.empty());
    EXPECT_EQ(level.layers.size(), 1u);
}

TEST(DrakanLevel, BodiesWriteBackByteForByte) {
    EXPECT_EQ(writeLevelInfo(readLevelInfo(fx::infoBody(), "t")), fx::infoBody());
    std::uint32_t marker = 0;
    const std::vector<Layer> layers = readLayers(fx::layersBody(), "t", nullptr, &marker);
    EXPECT_EQ(marker, 1u);
    EXPECT_EQ(writeLayers(layers, marker), fx::layersBody());
    EXPECT_EQ(writeLayerGroups(readLayerGroups(fx::groupsBody(), "t")), fx::groupsBody());
    EXPECT_EQ(writeLevelObjects(readLevelObjects(fx::objectsBody(), "t")), fx::objectsBody());
    // The whole file, laid out as writeLevel lays it out (ids and groups 0, zlib level 6).
    EXPECT_EQ(writeLevel(readLevel(fx::levelFile(), "t.lvl")), fx::levelFile());
}

// A level built in code, with a ceiling layer of 1 x 2 cells and no groups.
Level builtLevel() {
    Level level;
    level.info = {"Built", 8, 8, {{2, 0, "..\\Common\\Textures"}}};
    Layer l;
    l.id = 3;
    l.width = 1;
    l.height = 2;
    l.type = LayerType::Ceiling;
    l.worldHeight = -512.5f;
    l.name = "Roof";
    l.lightColour = 0x00FF8000;
    l.visibleLayers = {0, 1};
    for (std::uint16_t i = 0; i < 6; ++i)
        l.vertices.push_back({static_cast<std::uint8_t>(i), 1, static_cast<std::uint16_t>(0x7FF0 + i * 8)});
    l.cells = {{1, {1, 2}, kHoleTexture, {1, 2, 3, 4, 5, 6, 7, 8}}, {0, kInvisibleTexture, {9, 0}, {}}};
    level.layers = {l, Layer{}}; // and an empty layer: 0 x 0 cells, one vertex
    level.layers[1].id = 4;
    level.layers[1].vertices = {LayerVertex{}};
    LevelObject o;
    o.id = 1;
    o.classRef = {12, 2};
    o.flags = kObjectVisible | kObjectScaled;
    o.scale = {0.5f, 0.5f, 2};
    o.links = {0, 0};
    o.data = {1, 2};
    o.fieldIndices = {3};
    o.fields = {{0x100a, "Names"}};
    level.objects = {o, LevelObject{}};
    return level;
}

TEST(DrakanLevel, RoundTrip) {
    const Level level = builtLevel();
    const Bytes once = writeLevel(level);
    const Level back = readQuietly(once);
    EXPECT_EQ(back, level);
    EXPECT_EQ(writeLevel(back), once);
    // Vertex (0, 2) of a 1-cell-wide layer is the fifth (index 4): 0x7FF0 + 32 = 0x8010, +16 x 2.
    EXPECT_EQ(layerVertexHeight(back.layers[0], 0, 2), -512.5 + 32);
    EXPECT_EQ(layerVertexHeight(back.layers[1], 0, 0), 0.0);
    // No groups: no 0x0002 record; the marker kept as read.
    Level other = level;
    other.layersMarker = 3;
    other.objects.clear();
    rgx::Warnings w;
    const Level read = readLevel(writeLevel(other), "t.lvl", &w);
    EXPECT_EQ(read, other);
    EXPECT_EQ(w.size(), 1u) << rgx::testing::listWarnings(w);
}

TEST(DrakanLevel, WriterRefusesALayerThatDoesNotMatchItsSize) {
    Level level = builtLevel();
    level.layers[0].cells.pop_back();
    const rgx::Error e = rgx::testing::expectError([&] { writeLevel(level); });
    EXPECT_EQ(e.path(), "<memory>");
    EXPECT_EQ(e.field(), "layer cells");
    level = builtLevel();
    level.layers[0].vertices.push_back({});
    EXPECT_EQ(rgx::testing::expectError([&] { writeLevel(level); }).field(), "layer vertices");
    level = builtLevel();
    level.objects[0].fields.clear();
    EXPECT_EQ(rgx::testing::expectError([&] { writeLevel(level); }).field(), "object field count");
}

} // namespace
