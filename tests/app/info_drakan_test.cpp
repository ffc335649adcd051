// `rgx info --json` for the Riot Engine's files (docs/formats/drakan_srsc.md): an SRSC container's
// records with their type names and sizes (an unknown type listed, not an error), and a .db
// definition's dependencies.
#include "app/info/info_registry.h"
#include "loaders/drakan/db_definition.h"
#include "loaders/drakan/srsc.h"

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
    EXPECT_EQ(
        info["records"][1],
        (nlohmann::json{{"type", 0x40}, {"type_name", "texture"}, {"id", 3}, {"group", 0}, {"size", 20}}));
    EXPECT_EQ(info["records"][3]["type_name"], "unknown");
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
