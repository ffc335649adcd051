// `rgx info --json` for WLD: the keys of issue 3 with values worked out by hand.
#include "app/commands.h"
#include "app/info/info_registry.h"
#include "base/error.h"
#include "loaders/file_io.h"
#include "loaders/redguard/wld.h"
#include "tests/support/capture_stdout.h"
#include "tests/support/scratch_dir.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <map>

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

// rgx info --cell (issue 32): a cell field by field, worked out by hand on a written WLD, through
// the command's runner; another format is refused.
TEST(InfoWld, CellFieldsByHand) {
    WldGrids g;
    g.heightIndex.assign(kWldGridCells, 7);
    g.textureIndex.assign(kWldGridCells, 1);
    g.rotation.assign(kWldGridCells, 0);
    const std::size_t v = 3 * 256 + 5; // cell (3, 5)'s top-left vertex
    g.heightIndex[v] = 20;
    g.textureIndex[v] = 30;
    g.rotation[v] = 3;
    for (const std::size_t w : {v + 1, v + 256, v + 257})
        g.textureIndex[w] = 5; // with 30: all four corners water
    const std::filesystem::path file = rgx::testing::scratchDir("rgx_info_cell") / "cell.wld";
    rgx::loaders::writeFile(file, writeWld(makeWld(g)));
    rgx::app::InfoOptions options;
    options.file = file.string();
    options.json = true;
    options.cell = std::array<int, 2>{3, 5};
    const nlohmann::json info =
        nlohmann::json::parse(rgx::testing::captureStdout([&] { rgx::app::runInfo(options); }));
    std::map<std::string, nlohmann::json> raw, decoded;
    for (const nlohmann::json& f : info.at("cell")) {
        raw[f.at("field")] = f.at("raw");
        decoded[f.at("field")] = f.at("decoded");
    }
    EXPECT_EQ(raw["row"], 3);
    EXPECT_EQ(raw["column"], 5);
    EXPECT_EQ(raw["height_index"], 20);
    EXPECT_EQ(decoded["height_index"], -kWldHeightTable[20]);
    EXPECT_EQ(decoded["height"], kWldHeightTable[20]);
    EXPECT_EQ(raw["texture_index"], 30);
    EXPECT_EQ(raw["rotation"], 3);
    EXPECT_EQ(decoded["rotation"], 270);
    EXPECT_EQ(decoded["water"], true);
    options.cell = std::array<int, 2>{3, 6}; // its top-right corner is not water
    const nlohmann::json next =
        nlohmann::json::parse(rgx::testing::captureStdout([&] { rgx::app::runInfo(options); }));
    EXPECT_EQ(next.at("cell").back().at("decoded"), false);
    const std::filesystem::path col = rgx::testing::scratchDir("rgx_info_cell") / "cell.col";
    rgx::loaders::writeFile(col, Bytes(776, 0));
    options.file = col.string();
    options.format = "col";
    try {
        rgx::testing::captureStdout([&] { rgx::app::runInfo(options); });
        ADD_FAILURE() << "--cell on a COL was not refused";
    } catch (const rgx::Error& e) {
        EXPECT_NE(std::string(e.what()).find("--cell is for WLD terrain files; this is read as col"),
                  std::string::npos)
            << e.what();
    }
}
