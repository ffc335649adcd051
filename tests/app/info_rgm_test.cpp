#include "app/info/info_registry.h"
#include "loaders/redguard/rgm.h"
#include "tests/loaders/redguard/rgm_fixture.h"

#include <gtest/gtest.h>

using namespace rgx::loaders;

TEST(InfoRgm, DescribesHandBuiltFileWithTheIssueKeys) {
    nlohmann::json j = rgx::app::describeFile(rgm_fixture::handBuiltRgm(), "maps/TEST.RGM");
    EXPECT_EQ(j["format"], "rgm");
    EXPECT_EQ(j["sections"], nlohmann::json::parse(R"([["RGMD",4],["MPOB",70],["MPSO",70],["MPSF",28],
        ["RAHD",173],["RAAN",46],["RAGR",31],["ZZZZ",3]])"));
    EXPECT_EQ(j["objects"], 1);
    EXPECT_EQ(j["statics"], 1);
    EXPECT_EQ(j["ropes"], 0);
    EXPECT_EQ(j["flats"], 1);
    EXPECT_EQ(j["lights"], 0);
    EXPECT_EQ(j["markers"], 0);
    EXPECT_EQ(j["actors"], 1);
    EXPECT_EQ(j["animation_groups"], 2);
    EXPECT_EQ(j["animation_commands"], 3);
    EXPECT_EQ(j["commands_by_opcode"], nlohmann::json::parse(R"({"0":1,"1":1,"15":1})"));

    ASSERT_EQ(j["mpob"].size(), 1u);
    const auto& ob = j["mpob"][0];
    EXPECT_EQ(ob["script_name"], "FAVIS");
    EXPECT_EQ(ob["model_name"], "");
    EXPECT_EQ(ob["resolved_model"], "FVPRA001");
    EXPECT_EQ(ob["position"], nlohmann::json::parse("[5.0, -10.0, -0.0498046875]"));
    EXPECT_EQ(ob["angles_deg"], nlohmann::json::parse("[90.0, 180.0, 0.0]"));

    ASSERT_EQ(j["mpso"].size(), 1u);
    const auto& so = j["mpso"][0];
    EXPECT_EQ(so["model_name"], "TREE01");
    // x = -(10 * 256) / 5120 = -0.5; y = 0 (not -0.0); z = -(0xFFFFFF - 5 * 256) / 5120.
    EXPECT_EQ(so["position"].dump(), "[-0.5,0.0,-3276.5498046875]");
    EXPECT_EQ(so["matrix"], nlohmann::json::parse("[[0.0,-1.0,0.0],[1.0,0.0,0.0],[0.0,0.0,1.0]]"));

    ASSERT_EQ(j["rahd"].size(), 1u);
    EXPECT_EQ(j["rahd"][0]["script_name"], "FAVIS");
    EXPECT_EQ(j["rahd"][0]["always_visible"], false);
    EXPECT_EQ(j["rahd"][0]["lod_threshold"], "fixed");

    // The unknown section, kept raw: offset of its header, field = its tag.
    ASSERT_EQ(j["warnings"].size(), 1u) << j["warnings"].dump();
    EXPECT_EQ(j["warnings"][0]["offset"], 478);
    EXPECT_EQ(j["warnings"][0]["field"], "ZZZZ");
    EXPECT_EQ(j["warnings"][0]["message"], "unknown section kept raw");
    EXPECT_FALSE(j["warnings"][0].contains("tag"));
}

TEST(InfoRgm, DetectsByContentAndRejectsBrokenFiles) {
    Rgm x;
    x.mpso.resize(3);
    Bytes file = writeRgm(x);
    nlohmann::json j = rgx::app::describeFile(file, "noext");
    EXPECT_EQ(j["format"], "rgm");
    EXPECT_EQ(j["statics"], 3);
    EXPECT_TRUE(j["commands_by_opcode"].is_object());
    EXPECT_TRUE(j["commands_by_opcode"].empty());

    // Without END every section is still read: a warning where END should be.
    Bytes cut(file.begin(), file.end() - 8);
    const nlohmann::json noEnd = rgx::app::describeFile(cut, "CUT.RGM");
    ASSERT_EQ(noEnd["warnings"].size(), 1u) << noEnd["warnings"].dump();
    EXPECT_EQ(noEnd["warnings"][0]["offset"], cut.size());
    EXPECT_EQ(noEnd["warnings"][0]["field"], "END");
    // Cut inside a section header: an error at the cut.
    Bytes inside(file.begin(), file.end() - 12);
    try {
        rgx::app::describeFile(inside, "CUT.RGM");
        FAIL();
    } catch (const rgx::Error& e) {
        EXPECT_EQ(e.path(), "CUT.RGM");
        EXPECT_NE(e.offset(), rgx::Error::kNoOffset);
    }
}
