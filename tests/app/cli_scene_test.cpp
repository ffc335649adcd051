// `rgx worlds` and `rgx scene` on the fixture game directory, through the same functions main calls.
#include "app/commands.h"
#include "app/commands/game_options.h"
#include "tests/scene/scene_fixture.h"
#include "tests/support/capture_stdout.h"

#include <nlohmann/json.hpp>

#include <gtest/gtest.h>

#include <iostream>
#include <sstream>

namespace rgx::scene {
namespace {

using rgx::testing::captureStderr;
using rgx::testing::captureStdout;

app::WorldsOptions worldsOf(const std::filesystem::path& dir, bool json) {
    app::WorldsOptions o;
    o.game.game = dir.string();
    o.json = json;
    return o;
}

TEST(CliWorlds, JsonListsEveryWorld) {
    const test::Fixture fx("cli_worlds");
    const std::string text = captureStdout([&] { EXPECT_EQ(app::runWorlds(worldsOf(fx.dir, true)), 0); });
    const auto j = nlohmann::json::parse(text);
    ASSERT_EQ(j["worlds"].size(), 2u);
    EXPECT_EQ(j["worlds"][0]["id"], 0);
    EXPECT_EQ(j["worlds"][0]["map"], "MAPS\\Test.RGM");
    EXPECT_EQ(j["worlds"][0]["palette_found"], true);
    EXPECT_EQ(j["worlds"][0]["sun"], nlohmann::json::array({1, 2, 3, 4}));
    EXPECT_EQ(j["worlds"][1]["terrain"], "");
    EXPECT_EQ(j["worlds"][0]["keys"]["wave"], nlohmann::json::array({5, 6, 7}));
    EXPECT_TRUE(j["worlds"][0]["keys"]["rain_delay"].is_null());
    EXPECT_EQ(j["worlds"][0]["keys"]["world"], "MAPS\\TEST.wld");
    const std::string plain = captureStdout([&] { EXPECT_EQ(app::runWorlds(worldsOf(fx.dir, false)), 0); });
    EXPECT_NE(plain.find("world 1: map maps\\inside.rgm"), std::string::npos) << plain;
}

TEST(CliScene, JsonHasCountsAndEveryNode) {
    const test::Fixture fx("cli_scene");
    app::SceneOptions o;
    o.game.game = fx.dir.string();
    o.game.world = 0;
    o.json = true;
    const auto j = nlohmann::json::parse(captureStdout([&] { EXPECT_EQ(app::runScene(o), 0); }));
    EXPECT_EQ(j["node_counts"]["static"], 1);
    EXPECT_EQ(j["node_counts"]["rope_link"], 3);
    EXPECT_EQ(j["warnings"].size(), 0u);
    bool crate = false;
    for (const auto& n : j["nodes"]) {
        if (n["name"] == "B_000_CRATE") {
            crate = true;
            EXPECT_EQ(n["kind"], "object");
            EXPECT_EQ(n["model"], "BOX");
            EXPECT_EQ(n["world"][1][3], 200.0); // engine y -200 is 200 up
        }
    }
    EXPECT_TRUE(crate);
}

TEST(CliScene, ModelFileInsideAGameTakesItsTextures) {
    const test::Fixture fx("cli_model");
    app::SceneOptions o;
    o.game.model = (fx.dir / "fxart" / "TEST.ROB").string(); // no --game: fx.dir holds WORLD.INI
    o.game.segment = "BOX";
    const std::string text = captureStdout([&] { EXPECT_EQ(app::runScene(o), 0); });
    EXPECT_NE(text.find("model: 1"), std::string::npos) << text;
    EXPECT_NE(text.find("warnings: 0"), std::string::npos) << text;
}

// The commands that load a scene without listing it (render, compare, bench, export) say its load
// warnings on stderr: a missing model is not silently a magenta box.
TEST(CliSceneWarnings, ExportSaysTheScenesLoadWarnings) {
    const test::Fixture fx("cli_export_warnings");
    std::filesystem::remove(fx.dir / "fxart" / "Direct.3d");
    app::ExportCommandOptions o;
    o.game.game = fx.dir.string();
    o.game.world = 0;
    o.output = (fx.dir / "out.glb").string();
    const std::string err = captureStderr([&] { EXPECT_EQ(app::runExport(o), 0); });
    EXPECT_NE(err.find("warning: world 0 (MAPS\\Test.RGM): model DIRECT"), std::string::npos) << err;
}

TEST(CliSceneWarnings, LongListsAreCutWithACount) {
    Scene s;
    s.warnings.push_back("bad \x01 byte\nand a line break");
    for (int i = 0; i < 25; ++i)
        s.warnings.push_back("model M" + std::to_string(i) + " not found");
    const std::string err = captureStderr([&] { app::printSceneWarnings(s, "world 9"); });
    EXPECT_NE(err.find("warning: world 9: bad \\x01 byte\\x0Aand a line break\n"), std::string::npos) << err;
    EXPECT_NE(err.find("warning: world 9: model M0 not found\n"), std::string::npos) << err;
    EXPECT_NE(err.find("model M18 not found"), std::string::npos) << err;
    EXPECT_EQ(err.find("model M19 not found"), std::string::npos) << err;
    EXPECT_NE(err.find("warning: world 9: 6 more load warnings (rgx scene lists them all)"),
              std::string::npos)
        << err;
}

} // namespace
} // namespace rgx::scene
