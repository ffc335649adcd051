// `rgx info --json` for WLD: the keys of issue 3 with values worked out by hand.
#include "app/info/info_registry.h"
#include "loaders/wld.h"

#include <gtest/gtest.h>

using namespace rgx::loaders;

TEST(InfoWld, DescribesWriterOutput) {
    WldGrids g;
    g.heightIndex.assign(kWldGridCells, 7);
    g.textureIndex.assign(kWldGridCells, 1);
    g.rotation.assign(kWldGridCells, 2);
    g.heightIndex[1000] = 3;    // minimum
    g.heightIndex[65000] = 100; // maximum
    // One water cell: vertices (0,0), (0,1), (1,0), (1,1) with water indices 30, 0, 5, 31.
    g.textureIndex[0] = 30;
    g.textureIndex[1] = 0;
    g.textureIndex[256] = 5;
    g.textureIndex[257] = 31;
    g.textureIndex[65535] = 63;
    // Distinct texture indices: {0, 1, 5, 30, 31, 63} = 6.
    Bytes bytes = writeWld(makeWld(g));

    nlohmann::json info = rgx::app::describeFile(bytes, "maps/ISLAND.WLD");
    EXPECT_EQ(info["format"], "wld");
    EXPECT_EQ(info["size"], nlohmann::json({256, 256}));
    EXPECT_EQ(info["height_index_min"], 3);
    EXPECT_EQ(info["height_index_max"], 100);
    EXPECT_EQ(info["water_cells"], 1);
    EXPECT_EQ(info["distinct_texture_indices"], 6);
    EXPECT_EQ(info["section_texbsi"], nlohmann::json({302, 302, 302, 302}));
}

TEST(InfoWld, AllWaterGridCountsEveryCell) {
    WldGrids g;
    g.heightIndex.assign(kWldGridCells, 0);
    g.textureIndex.assign(kWldGridCells, 5);
    g.rotation.assign(kWldGridCells, 0);
    nlohmann::json info = rgx::app::describeFile(writeWld(makeWld(g)), "all.wld");
    EXPECT_EQ(info["water_cells"], 255 * 255);
    EXPECT_EQ(info["distinct_texture_indices"], 1);
    EXPECT_EQ(info["height_index_min"], 0);
    EXPECT_EQ(info["height_index_max"], 0);
}

TEST(InfoWld, RejectsATruncatedFile) {
    WldGrids g;
    g.heightIndex.assign(kWldGridCells, 0);
    g.textureIndex.assign(kWldGridCells, 0);
    g.rotation.assign(kWldGridCells, 0);
    Bytes bytes = writeWld(makeWld(g));
    bytes.resize(kWldHeaderSize + 3 * kWldSectionSize + 5);
    EXPECT_THROW(rgx::app::describeFile(bytes, "cut.wld"), rgx::Error);
}
