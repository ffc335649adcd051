// `rgx info --json` and `rgx pvo-query` for PVO, with values worked out by hand.
#include "app/commands.h"
#include "app/info/info_registry.h"
#include "loaders/file_io.h"
#include "loaders/redguard/pvo.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <unistd.h>

using namespace rgx::loaders;

namespace {

// Root (center 512,-256,1024, half 2048) with a leaf {4, 9, 1} and children in octants 0 and 6;
// the octant-6 child (x+, y+, z-) has leaf {7}, the octant-0 child has no leaf data.
PvoTree sampleTree() {
    PvoTree t;
    t.depth = 10;
    t.cellSize = 2048;
    t.center = {512, -256, 1024};
    t.nodes.resize(3);
    t.nodes[0].leaf = 0;
    t.nodes[0].children[0] = 1;
    t.nodes[0].children[6] = 2;
    t.nodes[2].leaf = 1;
    t.leafIds = {{4, 9, 1}, {7}};
    return t;
}

} // namespace

TEST(InfoPvo, DescribesWriterOutput) {
    nlohmann::json info = rgx::app::describeFile(writePvo(buildPvo(sampleTree())), "maps/TEST.PVO");
    EXPECT_EQ(info["format"], "pvo");
    EXPECT_EQ(info["depth"], 10);
    EXPECT_EQ(info["total_nodes"], 3);
    EXPECT_EQ(info["leaf_nodes"], 2);
    EXPECT_EQ(info["mlst_entries"], 4);
    EXPECT_EQ(info["cell_size"], 2048);
    EXPECT_EQ(info["center"], nlohmann::json({512, -256, 1024}));
}

// Cut inside the END section: nothing after MLST is read, so the tree is described with a
// warning where END should be.
TEST(InfoPvo, CutEndIsAWarning) {
    Bytes bytes = writePvo(buildPvo(sampleTree()));
    const std::size_t endAt = bytes.size() - 8;
    bytes.pop_back();
    nlohmann::json info = rgx::app::describeFile(bytes, "cut.pvo");
    EXPECT_EQ(info["format"], "pvo");
    EXPECT_EQ(info["total_nodes"], 3);
    ASSERT_EQ(info["warnings"].size(), 1u) << info["warnings"].dump();
    EXPECT_EQ(info["warnings"][0]["offset"], endAt);
    EXPECT_EQ(info["warnings"][0]["field"], "section tag");
    EXPECT_EQ(info["warnings"][0]["message"], "no END section after MLST");
}

// Cut inside MLST (the ids a query returns): an error naming the path and MLST's length.
TEST(InfoPvo, RejectsABrokenFile) {
    Bytes bytes = writePvo(buildPvo(sampleTree()));
    const std::size_t mlstAt = bytes.size() - 8 - 8 - 8; // END frame, 4 ids, MLST frame
    ASSERT_EQ(bytes[mlstAt], 'M');
    bytes.resize(bytes.size() - 8 - 3);
    try {
        rgx::app::describeFile(bytes, "cut.pvo");
        FAIL() << "expected an error";
    } catch (const rgx::Error& e) {
        EXPECT_EQ(e.path(), "cut.pvo");
        EXPECT_EQ(e.offset(), mlstAt + 4);
        EXPECT_EQ(e.field(), "MLST data_length");
        EXPECT_NE(e.message().find("past the end"), std::string::npos) << e.what();
    }
}

TEST(InfoPvo, PvoQueryPrintsSortedIdsAsJson) {
    const std::filesystem::path file =
        std::filesystem::temp_directory_path() / ("rgx_info_pvo_test_" + std::to_string(::getpid()) + ".pvo");
    writeFile(file, writePvo(buildPvo(sampleTree())));
    auto query = [&](double x, double y, double z) {
        ::testing::internal::CaptureStdout();
        int rc = rgx::app::runPvoQuery(file.string(), {x, y, z});
        std::string out = ::testing::internal::GetCapturedStdout();
        EXPECT_EQ(rc, 0);
        return out;
    };
    EXPECT_EQ(query(1000, 0, 0), "[7]\n");        // octant 6 child
    EXPECT_EQ(query(1000, 0, 2000), "[1,4,9]\n"); // octant 7: no child, root leaf
    EXPECT_EQ(query(0, -1000, 0), "[]\n");        // octant 0 child without leaf data
    EXPECT_EQ(query(512 + 2049, 0, 0), "[7]\n");  // outside the root cell: octant 6, as the reference walks
    std::filesystem::remove(file);
    EXPECT_THROW(rgx::app::runPvoQuery(file.string(), {0, 0, 0}), rgx::Error);
}
