// ITEM.INI (the reference's "ITEM.INI"): the fields rgx reads to draw held items, in the shipped
// file's style, and the canonical writer.
#include "loaders/redguard/item_ini.h"

#include <gtest/gtest.h>

#include <string>

using namespace rgx::loaders;

namespace {

IniFile ini(const std::string& text) {
    return readIni(ByteSpan(reinterpret_cast<const std::uint8_t*>(text.data()), text.size()), "ITEM.INI");
}

} // namespace

TEST(ItemIni, ReadsTheFieldsOfEachItem) {
    std::vector<IniIssue> issues;
    const ItemIni items = parseItemIni(ini("[items]\r\n"
                                           "bitmap_file = SYSTEM\\PICKUPS.GXA\r\n"
                                           "; sabre\r\n"
                                           "type[1] = 1\r\n"
                                           "name[1] = ?xsw\r\n"
                                           "hand_object_file[1] = 3DART\\CYSWORD.3D\r\n"
                                           "HILT_OBJECT_FILE[1] = 3DART\\CYHILT.3D\r\n"
                                           "game_object_file[2] = 3DART\\GOLD.3D\r\n"
                                           "inventory_object_file[2] = 3DART\\GOLDI.3D\r\n"
                                           "type[3] = sword\r\n"
                                           "[other]\r\n"
                                           "type[9] = 1\r\n"),
                                       &issues);
    ASSERT_EQ(items.items.size(), 3u);
    const ItemEntry& sabre = items.items.at(1);
    EXPECT_EQ(sabre.type, 1);
    EXPECT_EQ(sabre.name, "?xsw");
    EXPECT_EQ(sabre.handObjectFile, "3DART\\CYSWORD.3D");
    EXPECT_EQ(sabre.hiltObjectFile, "3DART\\CYHILT.3D"); // field names in any case
    EXPECT_EQ(items.items.at(2).gameObjectFile, "3DART\\GOLD.3D");
    EXPECT_EQ(items.items.at(2).inventoryObjectFile, "3DART\\GOLDI.3D");
    EXPECT_EQ(items.items.at(3).type, 0);
    ASSERT_EQ(issues.size(), 1u); // the type that does not parse, named with its line
    EXPECT_EQ(issues[0].line, 10u);
    EXPECT_FALSE(items.items.count(9)); // only [items]
}

TEST(ItemIni, CanonicalFileReadsBackToTheSameItems) {
    ItemIni items;
    ItemEntry e;
    e.type = 1;
    e.name = "?gsw";
    e.handObjectFile = "3DART\\SWORD001.3D";
    e.hiltObjectFile = "3DART\\SWORDH01.3D";
    items.items.emplace(7, e);
    items.items.emplace(0, ItemEntry{});
    const Bytes bytes = writeIni(buildItemIni(items));
    std::vector<IniIssue> issues;
    EXPECT_EQ(parseItemIni(readIni(bytes, "ITEM.INI"), &issues), items);
    EXPECT_TRUE(issues.empty());
}
