// `rgx anim-trace` on the demo world's actors (tests/app/golden/anim_trace_demo.json, rewritten
// with RGX_UPDATE_GOLDEN=1), on a bare RGM file, and its errors.
#include "app/commands.h"
#include "base/error.h"
#include "demo/demo_actors_rgm.h"
#include "demo/demo_catalog.h"
#include "loaders/file_io.h"
#include "loaders/redguard/ragr.h"
#include "loaders/redguard/rgm.h"
#include "tests/support/capture_stdout.h"
#include "tests/support/demo_dir.h"
#include "tests/support/golden_json.h"
#include "tests/support/scratch_dir.h"

#include <nlohmann/json.hpp>

#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <sstream>

namespace rgx::app {
namespace {

using rgx::testing::captureStdout;

AnimTraceOptions demoTrace(std::string actor, int group, bool takeFuture = false, int ticks = 40) {
    AnimTraceOptions o;
    o.game.game = rgx::testing::smallDemoDir().string();
    o.game.world = 0;
    o.actor = std::move(actor);
    o.group = group;
    o.ticks = ticks;
    o.takeFuture = takeFuture;
    o.json = true;
    return o;
}

nlohmann::json trace(const AnimTraceOptions& o, int expectCode = 0) {
    const std::string text = captureStdout([&] { EXPECT_EQ(runAnimTrace(o), expectCode); });
    return nlohmann::json::parse(text);
}

TEST(AnimTrace, DemoActorsMatchTheGolden) {
    nlohmann::json all = nlohmann::json::array();
    for (const auto& [actor, group, future] :
         std::vector<std::tuple<std::string, int, bool>>{{"WALKER", demo::kWalkGroup, false},
                                                         {"WALKER", demo::kStopGroup, false},
                                                         {"WALKER", demo::kStopGroup, true},
                                                         {"GUARD", demo::kPatrolGroup, false},
                                                         {"GUARD", demo::kSwingGroup, false},
                                                         {"GUARD", demo::kSwingGroup, true}})
        all.push_back(trace(demoTrace(actor, group, future)));
    rgx::testing::expectMatchesGoldenJson(
        all, std::filesystem::path(RGX_SOURCE_DIR) / "tests/app/golden/anim_trace_demo.json",
        [&](std::size_t i) { return "trace " + std::to_string(i) + ":\n" + all[i].dump(1); });
}

TEST(AnimTrace, WalkerLoopsAcrossBothFilesAndTheStopGroupEnds) {
    const nlohmann::json walk = trace(demoTrace("WALKER", demo::kWalkGroup, false, 20));
    ASSERT_EQ(walk["ticks"].size(), 20u);
    EXPECT_FALSE(walk["ended"]);
    EXPECT_EQ(walk["ticks_per_second"], 12.0);
    EXPECT_EQ(walk["ticks"][8]["raan_entry"], 1);
    EXPECT_EQ(walk["ticks"][8]["local_frame"], 0);
    EXPECT_EQ(walk["ticks"][16]["handle"], 0); // looped
    EXPECT_EQ(walk["ticks"][16]["events"][0]["opcode"], 2);
    const nlohmann::json stop = trace(demoTrace("WALKER", demo::kStopGroup));
    EXPECT_TRUE(stop["ended"]);
    EXPECT_EQ(stop["ticks"].size(), 5u); // four ShowFrames, then EndAnimation
    const nlohmann::json taken = trace(demoTrace("WALKER", demo::kStopGroup, true));
    EXPECT_EQ(taken["ticks"].size(), 4u); // GoToFuture skips one ShowFrame
}

// The demo's actors alone in an RGM of their own (`edit` may change them first), traced.
template <typename Edit> nlohmann::json bareTrace(const std::string& actor, int group, int ticks, Edit edit) {
    const std::filesystem::path dir = rgx::testing::scratchDir("rgx_anim_trace_bare");
    std::filesystem::create_directories(dir);
    loaders::Rgm rgm;
    demo::addDemoActors(rgm, 1, 1);
    edit(rgm);
    loaders::writeFile(dir / "BARE.RGM", loaders::writeRgm(rgm));
    AnimTraceOptions o;
    o.file = (dir / "BARE.RGM").string();
    o.actor = actor;
    o.group = group;
    o.ticks = ticks;
    o.json = true;
    const nlohmann::json j = trace(o);
    std::filesystem::remove_all(dir);
    return j;
}

TEST(AnimTrace, WorksOnABareRgmFile) {
    const nlohmann::json j = bareTrace("GUARD", demo::kPatrolGroup, 3, [](loaders::Rgm&) {});
    EXPECT_EQ(j["ticks"].size(), 3u);
    EXPECT_EQ(j["ticks"][0]["tracked_vertex"], demo::kGuardScabbardVertex);
    EXPECT_EQ(j["handle_table"].size(), 3u); // the guard's file, its sword drawn and sheathed
}

TEST(AnimTrace, TheFrameLimitOfRahdHoldsTheFrame) {
    // RAHD anim_speed: frame limit 3, one a tick: three frames play, then the frame holds.
    const nlohmann::json j = bareTrace("WALKER", demo::kWalkGroup, 6, [](loaders::Rgm& rgm) {
        for (loaders::RgmActor& a : rgm.rahd.actors)
            if (loaders::rgmName(a.scriptName) == "WALKER") a.animSpeed = {3, 1, 0, 0};
    });
    ASSERT_EQ(j["ticks"].size(), 6u);
    for (int t = 0; t < 6; ++t) {
        const nlohmann::json& tick = j["ticks"][static_cast<std::size_t>(t)];
        EXPECT_EQ(tick["held"], t >= 3) << t;
        EXPECT_EQ(tick.contains("frame_limited"), t >= 3) << t;
        EXPECT_EQ(tick["handle"], std::min(t, 2)) << t;
    }
}

TEST(AnimTrace, RejectsAnUnknownActorListingTheActors) {
    try {
        runAnimTrace(demoTrace("NOBODY", -1));
        FAIL() << "an unknown actor must throw";
    } catch (const Error& e) {
        const std::string what = e.what();
        EXPECT_NE(what.find("NOBODY"), std::string::npos) << what;
        EXPECT_NE(what.find("WALKER"), std::string::npos) << what;
    }
}

TEST(AnimTrace, ARunawayGroupIsReportedWithActorGroupAndCommand) {
    const std::filesystem::path dir = rgx::testing::scratchDir("rgx_anim_trace_runaway");
    std::filesystem::create_directories(dir);
    loaders::Rgm rgm;
    demo::addDemoActors(rgm, 1, 1);
    // The walker's first group becomes BreakPoint, GoToPrevious 0: no ShowFrame ever.
    loaders::RgmAnimList& list = rgm.ragr[0];
    const std::uint32_t first = list.groups[0].firstCommand;
    list.commands[first] = loaders::encodeRagrCommand({5, {0, 0, 0}});
    list.commands[first + 1] = loaders::encodeRagrCommand({2, {0, 0, 0}});
    loaders::writeFile(dir / "LOOP.RGM", loaders::writeRgm(rgm));
    AnimTraceOptions o;
    o.file = (dir / "LOOP.RGM").string();
    o.actor = "WALKER";
    o.json = true;
    const nlohmann::json j = trace(o, 1);
    ASSERT_TRUE(j.contains("error"));
    const std::string error = j["error"];
    EXPECT_NE(error.find("LOOP.RGM"), std::string::npos) << error;
    // BreakPoint, GoToPrevious 0, ... : the guard stops at its 19th command, BreakPoint at index 0.
    EXPECT_NE(error.find("actor WALKER group 0 command 0:"), std::string::npos) << error;
    std::filesystem::remove_all(dir);
}

} // namespace
} // namespace rgx::app
