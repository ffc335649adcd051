// The command line parses once, with types (issue 14): values are typed and validated by CLI11
// while parsing, bad ones fail with CLI11's message naming the option (never a file offset), and
// one rule picks the game directory.

#include "app/cli.h"
#include "tests/scene/scene_fixture.h"

#include <gtest/gtest.h>

#include <cstdlib>
#include <string>
#include <vector>

namespace rgx::app {
namespace {

struct Parsed {
    CliOptions options;
    std::unique_ptr<CLI::App> cli = buildCli(options);
    std::string command;
};

// Parses `args` (after the program name); throws CLI::ParseError as main sees it.
std::unique_ptr<Parsed> parse(std::vector<std::string> args) {
    auto p = std::make_unique<Parsed>();
    args.insert(args.begin(), "rgx");
    std::vector<const char*> argv;
    for (const std::string& a : args)
        argv.push_back(a.c_str());
    p->command = parseCli(*p->cli, static_cast<int>(argv.size()), argv.data());
    return p;
}

// The message CLI11 gives for a refused command line (what `rgx` prints), "" when it parses.
std::string refusal(std::vector<std::string> args) {
    try {
        parse(std::move(args));
    } catch (const CLI::ParseError& e) {
        return std::string(e.get_name()) + ": " + e.what();
    }
    return {};
}

TEST(CliOptions, RenderValuesAreTyped) {
    const auto p = parse({"render", "--world", "2", "--camera", "1.5,2,-3,90,-12", "--size", "320x200",
                          "--wave", "24,16.5,-3", "--wave-centre", "10,-20", "--time", "2.25",
                          "--view-distance", "1.5", "--smooth-waves", "-o", "out.png"});
    EXPECT_EQ(p->command, "render");
    const RenderOptions& r = p->options.render;
    EXPECT_EQ(r.game.world, 2);
    ASSERT_TRUE(r.camera.has_value());
    EXPECT_EQ(r.camera->position.x, 1.5);
    EXPECT_EQ(r.camera->position.z, -3);
    EXPECT_EQ(r.camera->yawDeg, 90);
    EXPECT_EQ(r.camera->pitchDeg, -12);
    EXPECT_EQ(r.size, (std::array<std::uint32_t, 2>{320, 200}));
    ASSERT_TRUE(r.wave.has_value());
    EXPECT_EQ(r.wave->amplitude, 24.0f);
    EXPECT_EQ(r.wave->speed, 16.5f);
    EXPECT_EQ(r.wave->frequency, -3);
    EXPECT_EQ(r.waveCentre, (std::array<int, 2>{10, -20}));
    EXPECT_EQ(r.time, 2.25);
    EXPECT_EQ(r.viewDistance, 1.5);
    EXPECT_TRUE(r.smoothWaves);
    EXPECT_EQ(r.output, "out.png");
}

TEST(CliOptions, RenderDefaults) {
    const auto p = parse({"render", "--tour", "-o", "dir"});
    const RenderOptions& r = p->options.render;
    EXPECT_TRUE(r.tour);
    EXPECT_FALSE(r.camera.has_value());
    EXPECT_FALSE(r.wave.has_value());
    EXPECT_FALSE(r.waveCentre.has_value());
    EXPECT_FALSE(r.smoothWaves) << "whole-tick waves by default";
    EXPECT_EQ(r.size, (std::array<std::uint32_t, 2>{640, 360}));
    EXPECT_EQ(r.game.world, -1);
}

TEST(CliOptions, BadValuesFailWhileParsingNamingTheOption) {
    const std::vector<std::pair<std::vector<std::string>, std::string>> cases = {
        {{"render", "--world", "0", "--size", "640", "-o", "x.png"}, "--size"},
        {{"render", "--world", "0", "--size", "0x360", "-o", "x.png"}, "--size"},
        {{"render", "--world", "0", "--size", "640x99999", "-o", "x.png"}, "--size"},
        {{"render", "--world", "0", "--size", "axb", "-o", "x.png"}, "--size"},
        {{"render", "--world", "0", "--camera", "1,2,3,4", "-o", "x.png"}, "--camera"},
        {{"render", "--world", "0", "--camera", "1,2,3,4,nan", "-o", "x.png"}, "--camera"},
        {{"render", "--world", "0", "--wave", "24,16", "-o", "x.png"}, "--wave"},
        {{"render", "--world", "0", "--wave", "24,16,1.5", "-o", "x.png"}, "--wave"},
        {{"render", "--world", "0", "--wave-centre", "1", "-o", "x.png"}, "--wave-centre"},
        {{"render", "--world", "0", "--view-distance", "0", "-o", "x.png"}, "--view-distance"},
        {{"render", "--world", "0", "--time", "inf", "-o", "x.png"}, "--time"},
        {{"render", "--world", "-1", "-o", "x.png"}, "--world"},
        {{"render", "--world", "0"}, "--output"},
        {{"render", "--world", "0", "--model", "x.rob", "-o", "x.png"}, "--model"},
        {{"render", "-o", "x.png"}, "--world N, --model FILE or --tour"},
        {{"render", "--world", "0", "--frame", "2", "-o", "x.png"}, "--frame"},
        {{"scene"}, "--world N or --model FILE"},
        {{"explore", "--frames", "-1"}, "--frames"},
    };
    for (const auto& [args, option] : cases) {
        std::string joined;
        for (const std::string& a : args)
            joined += a + " ";
        const std::string message = refusal(args);
        EXPECT_NE(message, "") << joined;
        EXPECT_NE(message.find(option), std::string::npos) << joined << "-> " << message;
        EXPECT_EQ(message.find("offset"), std::string::npos) << joined << "-> " << message;
    }
}

// --fov (issue 30: the 60 degree field of view is a guess, so it is an option): render and
// compare take it, in 10..150 degrees.
TEST(CliOptions, FieldOfViewIsAnOption) {
    EXPECT_EQ(parse({"render", "--world", "0", "-o", "x.png"})->options.render.fovYDeg, 60);
    EXPECT_EQ(parse({"render", "--world", "0", "--fov", "75", "-o", "x.png"})->options.render.fovYDeg, 75);
    EXPECT_EQ(parse({"compare", "--world", "0", "--fov", "90", "-o", "d"})->options.compare.fovYDeg, 90);
    for (const char* bad : {"5", "170", "nan", "wide"}) {
        const std::string message = refusal({"render", "--world", "0", "--fov", bad, "-o", "x.png"});
        EXPECT_NE(message.find("--fov"), std::string::npos) << bad << " -> " << message;
    }
}

// Integer options state integer ranges (issue 29: CLI11's NonNegativeNumber printed "not in range
// 0.000000 to 1797693134862315..." for --world abc and --frames -1).
TEST(CliOptions, IntegerOptionsSayWholeNumbers) {
    const std::vector<std::vector<std::string>> cases = {
        {"render", "--world", "abc", "-o", "x.png"},
        {"explore", "--frames", "-1"},
        {"explore", "--world", "1.5"},
        {"render", "--model", "/dev/null", "--frame", "-2", "-o", "x.png"},
        {"anim-trace", "--world", "0", "--actor", "A", "--group", "x"},
    };
    for (const std::vector<std::string>& args : cases) {
        const std::string message = refusal(args);
        EXPECT_NE(message.find("expected a whole number 0 or more, got '"), std::string::npos)
            << args[1] << " " << args[2] << " -> " << message;
        EXPECT_EQ(message.find(".000000"), std::string::npos) << message;
    }
}

TEST(CliOptions, HelpListsOnlyWhatExists) {
    CliOptions options;
    const auto cli = buildCli(options);
    const std::string help = cli->help();
    for (const char* name : {"info", "pvo-query", "vkinfo", "make-demo", "worlds", "scene", "render",
                             "compare", "bench", "export", "explore", "anim-trace"})
        EXPECT_NE(help.find(name), std::string::npos) << name;
}

TEST(CliOptions, GameComesFromTheEnvironment) {
    const scene::test::Fixture fx("cli_env");
    ::setenv("RGX_GAME", fx.dir.c_str(), 1);
    const auto p = parse({"scene", "--world", "0"});
    ::unsetenv("RGX_GAME");
    EXPECT_EQ(p->options.scene.game.game, fx.dir.string());
    // The command line wins over the environment.
    ::setenv("RGX_GAME", "/no/such/dir", 1);
    const auto q = parse({"worlds", "--game", fx.dir.string()});
    ::unsetenv("RGX_GAME");
    EXPECT_EQ(q->options.worlds.game.game, fx.dir.string());
}

// One rule for every command: --game; else the game a --model lies in; else for a --model none;
// else the cached demo (not exercised here: it generates the demo).
TEST(GameDir, OneRule) {
    const scene::test::Fixture fx("cli_game_dir");
    const auto quiet = [](const std::string&) {};
    GameChoice explicitGame;
    explicitGame.game = fx.dir.string();
    explicitGame.model = (fx.dir / "fxart" / "TEST.ROB").string();
    EXPECT_EQ(resolveGameDir(explicitGame, quiet), fx.dir);

    GameChoice inGame;
    inGame.model = (fx.dir / "fxart" / "TEST.ROB").string();
    EXPECT_EQ(resolveGameDir(inGame, quiet), fx.dir);

    const std::filesystem::path loose = scene::test::freshTempDir("cli_loose") / "LOOSE.ROB";
    std::filesystem::copy_file(fx.dir / "fxart" / "TEST.ROB", loose);
    GameChoice alone;
    alone.model = loose.string();
    EXPECT_EQ(resolveGameDir(alone, quiet), std::filesystem::path());
    std::filesystem::remove_all(loose.parent_path());
}

} // namespace
} // namespace rgx::app
