// `rgx info --json` for the Riot Engine's files (docs/formats/drakan_srsc.md): an SRSC container's
// records with their type names and sizes (an unknown type listed, not an error), and a .db
// definition's dependencies.
#include "app/info/info_registry.h"
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
