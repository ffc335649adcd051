// `rgx info --json` for a Drakan level (docs/formats/drakan_level.md): a level written by
// writeLevel is told from other SRSC containers by its extension, its records listed, then its
// name, databases, layers (heights, colours, holes), groups and objects.
#include "app/info/info_registry.h"
#include "loaders/drakan/level.h"
#include "loaders/drakan/srsc.h"

#include <gtest/gtest.h>

using namespace rgx::loaders;
namespace dk = rgx::loaders::drakan;

namespace {

dk::Level writtenLevel() {
    dk::Level level;
    level.info = {"Island", 16, 12, {{1, 0, "..\\Common\\Classes"}}};
    dk::Layer l;
    l.id = 5;
    l.name = "Ground";
    l.width = 2;
    l.height = 1;
    l.originX = 3;
    l.originZ = 4;
    l.worldHeight = 100;
    l.flags = 2;
    l.lightColour = 0x00112233;
    l.ambientColour = 0x00445566;
    l.visibleLayers = {0};
    l.vertices.resize(6);
    l.vertices[0].height = 0x8003; // 106
    l.vertices[4].height = 0x7FF0; // 68
    l.cells = {{0, dk::kHoleTexture, {3, 1}, {}}, {1, dk::kInvisibleTexture, dk::kHoleTexture, {}}};
    level.layers = {l};
    level.groups = {{"All", {5}}};
    dk::LevelObject o;
    o.id = 9;
    o.classRef = {4, 1};
    o.position = {1, 2, 3};
    o.rotation = {0, 90, 0};
    o.flags = dk::kObjectVisible | dk::kObjectScaled;
    o.scale = {2, 2, 2};
    o.data = {7};
    o.fieldIndices = {2};
    o.fields = {{0x01, "Health"}};
    level.objects = {o};
    return level;
}

TEST(InfoDrakanLevel, DescribesAWrittenLevel) {
    const Bytes bytes = dk::writeLevel(writtenLevel());
    const nlohmann::json info = rgx::app::describeFile(bytes, "maps/Island.LVL");
    EXPECT_EQ(info["format"], "drakan-level");
    EXPECT_TRUE(info["warnings"].empty()) << info["warnings"].dump();
    EXPECT_EQ(info["record_count"], 4);
    ASSERT_EQ(info["records"].size(), 4u);
    EXPECT_EQ(info["records"][1]["type"], 1);
    EXPECT_EQ(info["records"][1]["type_name"], "level");
    EXPECT_EQ(info["records"][3]["type"], 0x20);
    EXPECT_EQ(info["name"], "Island");
    EXPECT_EQ(info["max_width"], 16);
    EXPECT_EQ(info["max_height"], 12);
    EXPECT_EQ(info["databases"], nlohmann::json::array({{{"index", 1}, {"path", "..\\Common\\Classes"}}}));
    ASSERT_EQ(info["layers"].size(), 1u);
    const nlohmann::json& layer = info["layers"][0];
    EXPECT_EQ(layer["id"], 5);
    EXPECT_EQ(layer["name"], "Ground");
    EXPECT_EQ(layer["type"], "floor");
    EXPECT_EQ(layer["width"], 2);
    EXPECT_EQ(layer["height"], 1);
    EXPECT_EQ(layer["origin"], nlohmann::json::array({3, 4}));
    EXPECT_EQ(layer["world_height"], 100.0);
    EXPECT_EQ(layer["min_height"], 68.0);
    EXPECT_EQ(layer["max_height"], 106.0);
    EXPECT_EQ(layer["flags"], 2);
    EXPECT_EQ(layer["light_colour"], "0x00112233");
    EXPECT_EQ(layer["ambient_colour"], "0x00445566");
    EXPECT_EQ(layer["visible_layers"], nlohmann::json::array({0}));
    EXPECT_EQ(layer["hole_triangles"], 2);
    EXPECT_EQ(layer["invisible_triangles"], 1);
    EXPECT_EQ(info["groups"], nlohmann::json::array({{{"name", "All"}, {"layers", {5}}}}));
    EXPECT_EQ(info["object_count"], 1);
    const nlohmann::json& object = info["objects"][0];
    EXPECT_EQ(object["id"], 9);
    EXPECT_EQ(object["class"], (nlohmann::json{{"id", 4}, {"database", 1}}));
    EXPECT_EQ(object["position"], nlohmann::json::array({1.0, 2.0, 3.0}));
    EXPECT_EQ(object["rotation"], nlohmann::json::array({0, 90, 0}));
    EXPECT_EQ(object["scale"], nlohmann::json::array({2.0, 2.0, 2.0}));
    EXPECT_EQ(object["flags"], 0x101);
    EXPECT_EQ(object["field_count"], 1);
    // Another extension: a plain SRSC container.
    EXPECT_EQ(rgx::app::describeFile(bytes, "maps/island.odb")["format"], "drakan-srsc");
}

TEST(InfoDrakanLevel, ALevelThatDoesNotReadStillListsItsRecords) {
    dk::SrscFile f;
    f.records.push_back({dk::kLevelNameRecord, 0, 0, dk::writeLevelInfo({"Half", 1, 1, {}})});
    const nlohmann::json info = rgx::app::describeFile(dk::writeSrsc(f), "half.lvl");
    EXPECT_EQ(info["format"], "drakan-level");
    EXPECT_EQ(info["record_count"], 1);
    EXPECT_NE(info["error"].get<std::string>().find("0x0001"), std::string::npos);
}

} // namespace
