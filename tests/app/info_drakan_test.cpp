// `rgx info --json` for the Riot Engine's files (docs/formats/drakan_srsc.md): an SRSC container's
// records with their type names and sizes (an unknown type listed, not an error), what a class
// database and a model's bounds, character data and LOD hold, and a .db definition's dependencies.
#include "app/info/info_registry.h"
#include "loaders/drakan/class_record.h"
#include "loaders/drakan/db_definition.h"
#include "loaders/drakan/model.h"
#include "loaders/drakan/srsc.h"
#include "loaders/drakan/texture.h"

#include <gtest/gtest.h>

using namespace rgx::loaders;
namespace dk = rgx::loaders::drakan;

TEST(InfoDrakan, ListsEveryRecordWithItsTypeAndSize) {
    dk::SrscFile f;
    f.records.push_back({0x0030, 0, 0, Bytes(10, 1)});
    f.records.push_back({0x0040, 3, 0, Bytes(20, 2)});
    f.records.push_back({0x0040, 4, 0, Bytes(5, 3)});
    f.records.push_back({0x7777, 9, 1, Bytes(1, 4)});
    const nlohmann::json info = rgx::app::describeFile(dk::writeSrsc(f), "textures.txd");
    EXPECT_EQ(info["format"], "drakan-srsc");
    EXPECT_EQ(info["version"], 0x0100);
    EXPECT_EQ(info["record_count"], 4);
    EXPECT_EQ(info["record_types"], (nlohmann::json{{"palette", 1}, {"texture", 2}, {"unknown", 1}}));
    ASSERT_EQ(info["records"].size(), 4u);
    const nlohmann::json& texture = info["records"][1];
    EXPECT_EQ(texture["type"], 0x40);
    EXPECT_EQ(texture["type_name"], "texture");
    EXPECT_EQ(texture["id"], 3);
    EXPECT_EQ(texture["group"], 0);
    EXPECT_EQ(texture["size"], 20);
    // Its 20 bytes are no texture header (a width of 0x02020202): said, the others listed still.
    EXPECT_NE(texture["error"].get<std::string>().find("outside 1..4096"), std::string::npos);
    EXPECT_EQ(info["records"][3]["type_name"], "unknown");
    // A palette's colours and a texture's header, read from their bodies.
    dk::SrscFile g;
    g.records.push_back({dk::kPaletteRecord, 0, 0, dk::writePaletteRecord({{1, 2, 3, 0}, {4, 5, 6, 0}})});
    g.records.push_back(
        {dk::kTextureRecord, 1, 0, dk::writeTextureRecord(dk::makeTexture(2, 3, 4, 16, 0, 0, Bytes(12, 1)))});
    const nlohmann::json gi = rgx::app::describeFile(dk::writeSrsc(g), "t.txd");
    EXPECT_EQ(gi["records"][0]["colors"], 2);
    EXPECT_EQ(gi["records"][1]["texture"]["width"], 2);
    EXPECT_EQ(gi["records"][1]["texture"]["height"], 3);
    EXPECT_EQ(gi["records"][1]["texture"]["bits_per_pixel"], 16);
    // A model's records: its name, and what its vertices, polygons and texture list hold.
    dk::SrscFile m;
    m.records.push_back({dk::kModelNameRecord, 5, 0, dk::writeModelName({"Box", 0x8002})});
    m.records.push_back({dk::kVerticesRecord, 5, 0, dk::writeVertices({{0, 0, 0}, {1, 0, 0}, {0, 1, 0}})});
    m.records.push_back(
        {dk::kPolygonsRecord, 5, 0, dk::writePolygons({{0, 1, {{0, 0, 0}, {1, 1, 0}, {2, 0, 1}}}})});
    m.records.push_back({dk::kTextureListRecord, 5, 0, dk::writeTextureList({{4, 0}, {7, 2}})});
    const nlohmann::json mi = rgx::app::describeFile(dk::writeSrsc(m), "m.mod");
    EXPECT_EQ(mi["records"][0]["model"]["name"], "Box");
    EXPECT_EQ(mi["records"][1]["vertices"], 3);
    EXPECT_EQ(mi["records"][2]["polygons"], 1);
    EXPECT_EQ(mi["records"][3]["textures"][1], (nlohmann::json{{"id", 7}, {"database", 2}}));
    EXPECT_EQ(info["records"][3]["group"], 1);
}

TEST(InfoDrakan, DescribesADatabaseDefinition) {
    const std::string text = "version 1\r\ndependencies 1\r\n2 ..\\common\\textures\r\n";
    const nlohmann::json info = rgx::app::describeFile(Bytes(text.begin(), text.end()), "models.db");
    EXPECT_EQ(info["format"], "drakan-db");
    EXPECT_EQ(info["version"], 1);
    EXPECT_EQ(info["dependencies"],
              nlohmann::json::array({{{"index", 2}, {"path", "..\\common\\textures"}}}));
}

TEST(InfoDrakan, DescribesAClassDatabase) {
    dk::ClassRecord door;
    door.name = "Door";
    door.group = 2;
    door.model = {7, 1};
    door.rflClassId = 0x10;
    door.icon = 3;
    // Health -5, Model 9 of database 2, Text "Hi" (dword 4), Values [4, 5] (dwords 5, 6).
    door.data = {0xFFFFFFFBu, 0x00020009u, 0x00010004u, 0x00020005u, 0x00006948u, 4, 5};
    door.fields = {{0x01, "Health"}, {0x04, "Model"}, {0x0a, "Text"}, {0x1001, "Values"}};
    dk::SrscFile f;
    f.records.push_back(
        {dk::kRflReferenceRecord, 0, 0, dk::writeRflReference({{1, 0, 0, 0, 0, 0, 0, 2}, "Dragon.rfl"})});
    f.records.push_back({dk::kClassGroupRecord, 2, 0, dk::writeGroupName("Doors")});
    f.records.push_back({dk::kClassRecord, 3, 2, dk::writeClassRecord(door)});
    const nlohmann::json info = rgx::app::describeFile(dk::writeSrsc(f), "objects.odb");
    ASSERT_EQ(info["records"].size(), 3u);
    EXPECT_EQ(info["records"][0]["rfl"]["path"], "Dragon.rfl");
    EXPECT_EQ(info["records"][0]["rfl"]["unknown"][7], 2);
    EXPECT_EQ(info["records"][1]["group_name"], "Doors");
    const nlohmann::json& c = info["records"][2]["class"];
    EXPECT_EQ(c["name"], "Door");
    EXPECT_EQ(c["model"], (nlohmann::json{{"id", 7}, {"database", 1}}));
    EXPECT_EQ(c["rfl_class_id"], 0x10);
    EXPECT_EQ(c["icon"], 3);
    EXPECT_EQ(c["dwords"], 7);
    ASSERT_EQ(c["fields"].size(), 4u);
    EXPECT_EQ(c["fields"][0],
              (nlohmann::json{{"name", "Health"}, {"type", 1}, {"type_name", "integer"}, {"value", "-5"}}));
    EXPECT_EQ(c["fields"][1]["value"], "9 in database 2");
    EXPECT_EQ(c["fields"][2]["type_name"], "string");
    EXPECT_EQ(c["fields"][2]["value"], "\"Hi\"");
    EXPECT_EQ(c["fields"][3]["type_name"], "integer array");
    EXPECT_EQ(c["fields"][3]["value"], "[2 items: 4, 5]");
}

TEST(InfoDrakan, DescribesAModelsBoundsCharacterAndLod) {
    dk::ModelBounds bounds;
    bounds.info.sphere = {{1, 2, 3}, 4};
    bounds.hierarchy = {{0, 0}};
    bounds.spheres = {{{0, 1, 0}, 0.5f}};
    dk::CharacterData character;
    character.lodNames = {"Low"};
    character.nodes = {{"root", 0}, {"tip", -1}};
    dk::CharacterJoint joint;
    joint.weightsPerLod = {{{0, 1.0f}, {1, 0.5f}}, {{0, 1.0f}}};
    character.joints = {joint};
    character.lodMeshes = {{{0, 1, 0, 0, 3, 0, 1}}, {{40, 1, 0, 3, 2, 1, 1}}};
    character.animations = {{5, 0}};
    character.channels = {{0, {}, {}, {dk::LodCap{}}}};
    character.lodSpheres = {{{0, 0, 1, 0.5f, 0, 0}}, {}};
    dk::SrscFile m;
    m.records.push_back({dk::kModelGroupCountRecord, 0, 0, dk::writeModelGroupCount({1, 2, 6})});
    m.records.push_back({dk::kBoundsRecord, 5, 0, dk::writeModelBounds(bounds)});
    m.records.push_back({dk::kCharacterRecord, 6, 0, dk::writeCharacterData(character)});
    m.records.push_back({dk::kLodRecord, 5, 0, dk::writeModelLod({6, 100})});
    const nlohmann::json info = rgx::app::describeFile(dk::writeSrsc(m), "m.mod");
    const nlohmann::json& r = info["records"];
    EXPECT_EQ(r[0]["group_count"], (nlohmann::json{{"groups", 1}, {"last_group", 2}, {"last_model", 6}}));
    EXPECT_EQ(r[1]["bounds"]["kind"], "spheres");
    EXPECT_EQ(r[1]["bounds"]["sphere"]["radius"], 4.0);
    ASSERT_EQ(r[1]["bounds"]["shapes"].size(), 1u);
    EXPECT_EQ(r[1]["bounds"]["shapes"][0]["radius"], 0.5);
    const nlohmann::json& c = r[2]["character"];
    ASSERT_EQ(c["lods"].size(), 2u);
    EXPECT_FALSE(c["lods"][0].contains("name")); // LOD 0's name is the model's
    EXPECT_EQ(c["lods"][1]["name"], "Low");
    EXPECT_EQ(c["lods"][1]["meshes"][0]["distance"], 40.0);
    EXPECT_EQ(c["lods"][1]["meshes"][0]["vertices"], 2);
    EXPECT_EQ(c["lods"][0]["spheres"], 1);
    EXPECT_EQ(c["nodes"][1], (nlohmann::json{{"name", "tip"}, {"joint", -1}}));
    EXPECT_EQ(c["joints"][0]["weights"], 3);
    EXPECT_EQ(c["animations"], nlohmann::json::array({{{"id", 5}, {"database", 0}}}));
    EXPECT_EQ(c["channels"][0]["caps"], 1);
    EXPECT_EQ(r[3]["lod"], (nlohmann::json{{"model", 6}, {"distance", 100.0}}));
}
