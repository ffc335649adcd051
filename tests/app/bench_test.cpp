// `rgx bench` (issue 18): the JSON report names every pass, its figures are times (never
// negative), its counts are `rgx render`'s for the same camera, validation stays quiet, and
// --compare reads two reports back. The camera path files it flies are checked here too.

#include "app/commands.h"
#include "app/commands/bench_report.h"
#include "app/commands/camera_path_json.h"
#include "app/explore/path_recorder.h"
#include "base/error.h"
#include "loaders/file_io.h"
#include "tests/support/demo_dir.h"
#include "tests/support/scratch_dir.h"

#include <gtest/gtest.h>

#include <cctype>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <string>

namespace rgx::app {
namespace {

namespace fs = std::filesystem;
using Json = nlohmann::ordered_json;

const view::Camera kCamera = view::parseCamera("32768,900,57000,-30,-10");

fs::path scratch(const std::string& name) {
    const fs::path dir = rgx::testing::scratchDir("rgx_bench_test");
    fs::create_directories(dir);
    return dir / name;
}

// One key: every frame at time 0 from kCamera, as `rgx render --camera` draws it.
fs::path oneKeyPath() {
    const fs::path file = scratch("one_key.json");
    writeCameraPath(file, view::CameraPath{{{0.0, kCamera}}, std::nullopt});
    return file;
}

BenchOptions smallBench(const std::string& renderer, const fs::path& json) {
    BenchOptions o;
    o.game.game = rgx::testing::smallDemoDir().string();
    o.game.world = 0;
    o.renderer = renderer;
    o.path = oneKeyPath().string();
    o.frames = 3;
    o.size = {96, 54};
    o.json = json.string();
    return o;
}

Json readJson(const fs::path& file) {
    return readBenchReport(file.string());
}

// The number written just before `label` in `text` (after `from`), or -1.
long numberBefore(const std::string& text, const std::string& label, std::size_t from = 0) {
    const std::size_t at = text.find(label, from);
    if (at == std::string::npos || at == 0) return -1;
    std::size_t start = at;
    while (start > 0 && std::isdigit(static_cast<unsigned char>(text[start - 1])))
        --start;
    return start == at ? -1 : std::stol(text.substr(start, at - start));
}

// `rgx render`'s counts for kCamera at 96x54, time 0, by name (what its line prints; -1 missing).
std::map<std::string, long> renderCounts(const std::string& renderer, std::string& out) {
    RenderOptions r;
    r.game.game = rgx::testing::smallDemoDir().string();
    r.game.world = 0;
    r.camera = kCamera;
    r.size = {96, 54};
    r.output = scratch("render_" + renderer + ".png").string();
    r.software.renderer = renderer;
    r.software.rendererGiven = true;
    ::testing::internal::CaptureStdout();
    runRender(r);
    out = ::testing::internal::GetCapturedStdout();
    // "...: D draws, T triangles[ (C after clipping), P pixels written], objects A total, B after
    // PVO[ (no PVO here)], O after frustum; ..."
    std::map<std::string, long> counts{{"draws", numberBefore(out, " draws, ")},
                                       {"triangles", numberBefore(out, " triangles")},
                                       {"objects_total", numberBefore(out, " total, ")},
                                       {"objects_after_pvo", numberBefore(out, " after PVO")},
                                       {"objects_after_frustum", numberBefore(out, " after frustum")}};
    if (renderer == "soft") counts["pixels_written"] = numberBefore(out, " pixels written");
    return counts;
}

TEST(Bench, JsonNamesEveryPassAndCountsAsRenderDoes) {
    ::setenv("RGX_VALIDATION", "1", 1);
    const fs::path json = scratch("both.json");
    ::testing::internal::CaptureStderr();
    ::testing::internal::CaptureStdout();
    const int rc = runBench(smallBench("both", json));
    const std::string table = ::testing::internal::GetCapturedStdout();
    const std::string err = ::testing::internal::GetCapturedStderr();
    ::unsetenv("RGX_VALIDATION");
    ASSERT_EQ(rc, 0);
    EXPECT_EQ(err.find("[vulkan]"), std::string::npos) << "validation reported:\n" << err;
    EXPECT_NE(table.find("gpu.opaque"), std::string::npos) << table;

    const Json report = readJson(json);
    EXPECT_EQ(report["frames"], 3);
    EXPECT_EQ(report["size"], Json::array({96, 54}));
    ASSERT_TRUE(report["device"].is_object());
    EXPECT_FALSE(report["device"]["name"].get<std::string>().empty());
    for (const char* phase : {"files_ms", "parse_ms", "scene_ms", "total_ms"})
        EXPECT_GE(report["load"][phase].get<double>(), 0.0) << phase;
    EXPECT_GT(report["load"]["files_read"].get<int>(), 0);
    // What the pipeline cache started from: bytes of a file, or null without one (issue 33).
    ASSERT_TRUE(report["load"].contains("pipeline_cache_bytes"));
    EXPECT_TRUE(report["load"]["pipeline_cache_bytes"].is_null() ||
                report["load"]["pipeline_cache_bytes"].is_number_unsigned());
    EXPECT_NE(table.find("(pipeline cache: "), std::string::npos) << table;
    ASSERT_EQ(report["runs"].size(), 2u);

    const Json& glide = report["runs"][0];
    EXPECT_EQ(glide["renderer"], "glide");
    EXPECT_TRUE(glide["multi_draw"].is_boolean());
    // The island draws terrain, sky and its three blend classes: at least five pipelines made
    // up front; the aim of a Redguard world is 150 ms.
    EXPECT_GE(glide["load"]["pipelines_made"].get<int>(), 5);
    EXPECT_EQ(glide["load"]["aim_ms"], 150);
    std::vector<std::string> expected = {"cpu.pvo",    "cpu.frustum",    "cpu.drawList",
                                         "cpu.record", "cpu.submitWait", "cpu.frame"};
    if (report["device"]["timestamps"].get<bool>())
        for (const char* pass : {"compute", "terrain", "opaque", "sky", "blended", "additive", "frame"})
            expected.push_back(std::string("gpu.") + pass);
    for (const std::string& name : expected) {
        ASSERT_TRUE(glide["figures"].contains(name)) << name;
        const Json& s = glide["figures"][name];
        EXPECT_EQ(s["samples"], 3) << name;
        EXPECT_GE(s["min"].get<double>(), 0.0) << name;
        EXPECT_LE(s["min"].get<double>(), s["median"].get<double>()) << name;
        EXPECT_LE(s["median"].get<double>(), s["p95"].get<double>()) << name;
        EXPECT_LE(s["p95"].get<double>(), s["max"].get<double>()) << name;
    }
    ASSERT_EQ(glide["frames"].size(), 3u);
    for (const Json& frame : glide["frames"])
        for (const auto& [name, ms] : frame["ms"].items())
            EXPECT_GE(ms.get<double>(), 0.0) << name;
    for (const char* phase : {"upload_ms", "first_frame_ms", "world_to_first_frame_ms", "to_first_frame_ms"})
        EXPECT_GE(glide["load"][phase].get<double>(), 0.0) << phase;
    // The world's load to its first frame (the aim's figure) is the scene's load, the upload and the
    // first frame; from the process's start adds the Vulkan context.
    const Json& gl = glide["load"];
    EXPECT_NEAR(gl["world_to_first_frame_ms"].get<double>(),
                report["load"]["total_ms"].get<double>() + gl["upload_ms"].get<double>() +
                    gl["first_frame_ms"].get<double>(),
                1e-6);
    EXPECT_NEAR(gl["to_first_frame_ms"].get<double>(),
                gl["world_to_first_frame_ms"].get<double>() +
                    report["load"]["vulkan_context_ms"].get<double>(),
                1e-6);
    EXPECT_GT(report["load"]["vulkan_context_ms"].get<double>(), 0.0);
    EXPECT_GT(glide["load"]["peak_rss_kib"].get<long>(), 0);
    // RSS at the first and last frame, and the growth over the last 60% of the frames (frame 1 of 3
    // on: floor(3 * 0.4)). The soak tests (tests/soak) hold the growth to a bound.
    for (const Json* run : {&glide, &report["runs"][1]}) {
        const Json& m = (*run)["memory"];
        EXPECT_GT(m["rss_start_kib"].get<long>(), 0);
        EXPECT_GT(m["rss_end_kib"].get<long>(), 0);
        EXPECT_EQ(m["growth_from_frame"].get<long>(), 1);
        EXPECT_TRUE(m["growth_kib_per_1000_frames"].is_number());
        EXPECT_NE(m["text"].get<std::string>().find("KiB per 1000 frames over frames 1-3"), std::string::npos)
            << m["text"];
    }
    EXPECT_NE(table.find("memory: RSS "), std::string::npos) << table;

    std::string out;
    const std::map<std::string, long> g = renderCounts("glide", out);
    for (const auto& [name, value] : g)
        ASSERT_GE(value, 0) << name << " not found in:\n" << out;
    for (const Json& frame : glide["frames"])
        for (const auto& [name, value] : g)
            EXPECT_EQ(frame["counts"][name].get<long>(), value) << name << "\n" << out;
    ASSERT_GT(g.at("draws"), 0) << "the camera must see something for the counts to mean anything";

    const Json& soft = report["runs"][1];
    EXPECT_EQ(soft["renderer"], "soft");
    for (const char* name :
         {"soft.setup", "soft.raster", "soft.bandMedian", "soft.bandMax", "soft.resolve", "cpu.frame"})
        ASSERT_TRUE(soft["figures"].contains(name)) << name;
    const std::map<std::string, long> sc = renderCounts("soft", out);
    ASSERT_EQ(sc.size(), 6u);
    for (const auto& [name, value] : sc)
        ASSERT_GE(value, 0) << name << " not found in:\n" << out;
    for (const Json& frame : soft["frames"])
        for (const auto& [name, value] : sc)
            EXPECT_EQ(frame["counts"][name].get<long>(), value) << name << "\n" << out;
}

// A Daggerfall block alone (world 1003 of the demo) is benched against its own aim, 50 ms; the
// software look names its threads and no pipelines.
TEST(Bench, ABlockAloneHasTheBlocksAim) {
    const fs::path json = scratch("block.json");
    BenchOptions o = smallBench("soft", json);
    o.game.world = 1003;
    o.path.clear();
    ::testing::internal::CaptureStdout();
    const int rc = runBench(o);
    const std::string table = ::testing::internal::GetCapturedStdout();
    ASSERT_EQ(rc, 0);
    EXPECT_NE(table.find("(aim 50 ms)"), std::string::npos) << table;
    const Json report = readJson(json);
    ASSERT_EQ(report["runs"].size(), 1u);
    const Json& soft = report["runs"][0];
    EXPECT_EQ(soft["load"]["aim_ms"], 50);
    // No Vulkan context: from the process's start is the world's load to its first frame.
    EXPECT_EQ(soft["load"]["to_first_frame_ms"], soft["load"]["world_to_first_frame_ms"]);
    EXPECT_GT(soft["load"]["world_to_first_frame_ms"].get<double>(), 0.0);
    EXPECT_GE(soft["threads"].get<int>(), 1);
    EXPECT_FALSE(soft["load"].contains("pipelines_made"));
    EXPECT_FALSE(soft.contains("multi_draw"));
}

// The Drakan level (world 3000 of the demo, issue 44) in both looks: a level's aim is 150 ms (not
// a block's), its world's figure adds up as a Redguard world's does, and it draws what it placed.
TEST(Bench, ADrakanLevelHasTheWorldsAimAndItsFiguresAddUp) {
    const fs::path json = scratch("drakan.json");
    BenchOptions o = smallBench("both", json);
    o.game.world = 3000;
    o.path.clear();
    o.frames = 2;
    ::testing::internal::CaptureStdout();
    ::testing::internal::CaptureStderr();
    const int rc = runBench(o);
    const std::string table = ::testing::internal::GetCapturedStdout();
    const std::string err = ::testing::internal::GetCapturedStderr();
    ASSERT_EQ(rc, 0) << err;
    EXPECT_NE(table.find("(aim 150 ms)"), std::string::npos) << table;
    const Json report = readJson(json);
    EXPECT_NE(report["title"].get<std::string>().find("Drakan"), std::string::npos) << report["title"];
    EXPECT_GT(report["load"]["files_read"].get<int>(), 0);
    ASSERT_EQ(report["runs"].size(), 2u);
    for (const Json& run : report["runs"]) {
        const Json& l = run["load"];
        EXPECT_EQ(l["aim_ms"], 150) << run["renderer"];
        EXPECT_NEAR(l["world_to_first_frame_ms"].get<double>(),
                    report["load"]["total_ms"].get<double>() + l["upload_ms"].get<double>() +
                        l["first_frame_ms"].get<double>(),
                    1e-6)
            << run["renderer"];
        const double context =
            run["renderer"] == "glide" ? report["load"]["vulkan_context_ms"].get<double>() : 0.0;
        EXPECT_NEAR(l["to_first_frame_ms"].get<double>(),
                    l["world_to_first_frame_ms"].get<double>() + context, 1e-6)
            << run["renderer"];
        EXPECT_GT(run["counts"]["objects_total"]["max"].get<double>(), 0.0) << run["renderer"];
    }
}

TEST(Bench, CompareReadsTwoReportsAndPrintsTheirRatios) {
    const fs::path a = scratch("a.json"), b = scratch("b.json");
    BenchOptions o = smallBench("soft", a);
    ::testing::internal::CaptureStdout();
    ::testing::internal::CaptureStderr();
    ASSERT_EQ(runBench(o), 0);
    o.json = b.string();
    o.soft.options.threads = 1;
    ASSERT_EQ(runBench(o), 0);
    ::testing::internal::GetCapturedStderr();
    ::testing::internal::GetCapturedStdout();

    BenchOptions c;
    c.compare = {a.string(), b.string()};
    ::testing::internal::CaptureStdout();
    ASSERT_EQ(runBench(c), 0);
    const std::string out = ::testing::internal::GetCapturedStdout();
    EXPECT_NE(out.find("B/A"), std::string::npos) << out;
    EXPECT_NE(out.find("soft.raster"), std::string::npos) << out;
    EXPECT_EQ(out.find("counts differ"), std::string::npos) << "the same frames, whatever the threads:\n"
                                                            << out;

    // A file that is not a report, or a report lacking what the comparison reads, is refused,
    // naming the file and the field.
    const auto refused = [&](const std::string& text, const std::string& field) {
        const fs::path bad = scratch("bad_report.json");
        std::ofstream(bad) << text;
        c.compare = {a.string(), bad.string()};
        try {
            runBench(c);
            ADD_FAILURE() << "accepted: " << text;
        } catch (const Error& e) {
            EXPECT_NE(std::string(e.what()).find("bad_report.json"), std::string::npos) << e.what();
            EXPECT_NE(std::string(e.what()).find(field), std::string::npos) << e.what();
        }
    };
    refused("[1, 2]", "not a report");
    Json report = readJson(a);
    report["runs"][0]["figures"]["soft.raster"].erase("median");
    refused(report.dump(), "runs[0].figures.soft.raster.median");
    report = readJson(a);
    report["runs"][0].erase("counts");
    refused(report.dump(), "runs[0].counts");
    report = readJson(a);
    report["size"] = "96x54";
    refused(report.dump(), "size");
}

TEST(PathRecorder, KeysEveryTenthOfASecondAndTheLastOnStop) {
    PathRecorder recorder;
    const fs::path file = scratch("recorded.json");
    view::Camera camera = kCamera;
    EXPECT_FALSE(recorder.recording());
    recorder.add(0.0, camera); // not recording: nothing
    recorder.start(file, 10.0, camera, 2);
    EXPECT_TRUE(recorder.recording());
    for (int frame = 1; frame <= 9; ++frame) { // 30 frames a second
        camera.position.x += 100;
        recorder.add(10.0 + frame / 30.0, camera);
    }
    EXPECT_EQ(recorder.keys(), 3u); // at 0, 0.1, 0.2 s (not every frame)
    const std::string said = recorder.stop(10.0 + 9.5 / 30.0, camera);
    EXPECT_FALSE(recorder.recording());
    EXPECT_NE(said.find("rgx bench --world 2 --path"), std::string::npos) << said;
    const view::CameraPath path = readCameraPath(file);
    ASSERT_EQ(path.keys.size(), 4u);
    EXPECT_DOUBLE_EQ(path.keys.front().time, 0.0);
    EXPECT_NEAR(path.keys.back().time, 9.5 / 30.0, 1e-9);
    EXPECT_NEAR(path.keys.back().camera.position.x, camera.position.x, 1e-3);
    EXPECT_NEAR(path.keys.front().camera.position.x, kCamera.position.x, 1e-3);
    EXPECT_EQ(path.world, 2) << "the file says which world it was flown in";
    EXPECT_EQ(recorder.stop(11.0, camera), "not recording a camera path");
}

TEST(CameraPathFile, RoundTripsThroughItsText) {
    view::CameraPath path;
    path.keys = {{0.0, view::parseCamera("1,2,3,10,-5")}, {0.5, view::parseCamera("-4.5,6,7.25,350,20")}};
    path.keys[1].camera.fovYDeg = 75;
    const fs::path file = scratch("round.json");
    writeCameraPath(file, path);
    EXPECT_EQ(readCameraPath(file).keys, path.keys);
    EXPECT_FALSE(readCameraPath(file).world.has_value()) << "a bare array: no world";
    path.world = 7;
    writeCameraPath(file, path);
    const view::CameraPath back = readCameraPath(file);
    EXPECT_EQ(back.keys, path.keys);
    EXPECT_EQ(back.world, 7);
}

// A path recorded in one world is refused by a bench of another (issue 29: a recording mixed
// world 0 and world 2 coordinates), with the world to ask for.
TEST(CameraPathFile, BenchRefusesAPathOfAnotherWorld) {
    view::CameraPath path;
    path.keys = {{0.0, kCamera}, {1.0, kCamera}};
    path.world = 2;
    const fs::path file = scratch("world2_path.json");
    writeCameraPath(file, path);
    BenchOptions o = smallBench("soft", scratch("unused.json"));
    o.path = file.string();
    try {
        runBench(o);
        ADD_FAILURE() << "a world 2 path was flown in world " << o.game.world;
    } catch (const Error& e) {
        EXPECT_NE(std::string(e.what()).find("world2_path.json"), std::string::npos) << e.what();
        EXPECT_NE(std::string(e.what()).find("recorded in world 2"), std::string::npos) << e.what();
        EXPECT_NE(std::string(e.what()).find("--world 2"), std::string::npos) << e.what();
    }
}

TEST(CameraPathFile, RejectsWhatItCannotFly) {
    const auto rejects = [](const std::string& text, const std::string& part) {
        try {
            parseCameraPath(text, "keys.json");
            ADD_FAILURE() << "accepted: " << text;
        } catch (const Error& e) {
            EXPECT_NE(std::string(e.what()).find("keys.json"), std::string::npos) << e.what();
            EXPECT_NE(std::string(e.what()).find(part), std::string::npos) << e.what();
        }
    };
    rejects("{", "not JSON");
    rejects("{}", "expected {\"world\": ID, \"keys\": [...]} or an array");
    rejects(R"({"world": -1, "keys": []})", "world");
    rejects("[]", "no key");
    rejects(R"([{"time": 0}])", "keys[0]");
    rejects(R"([{"time": 0, "camera": "1,2,3"}])", "keys[0].camera");
    rejects(R"([{"time": 1, "camera": "0,0,0,0,0"}, {"time": 1, "camera": "0,0,0,0,0"}])", "keys[1]");
    rejects(R"([{"time": 0, "camera": "0,0,0,0,0", "fov": 0}])", "field of view");
    rejects(R"([{"time": 1e999, "camera": "0,0,0,0,0"}])", "");
}

} // namespace
} // namespace rgx::app
