// One clock for every command that draws a world at a time (sim/world_clock.h): `rgx render
// --time` asks for one time, `rgx bench` for every frame's time in order, the explorer moves on by
// 1/30 s a frame. The same time must give the same world state, scripts on or off.

#include "demo/demo_scripts.h"
#include "scene/redguard/scene_builder.h"
#include "sim/world_clock.h"
#include "tests/sim/demo_island.h"
#include "tests/support/demo_dir.h"

#include <gtest/gtest.h>

#include <cmath>

using namespace rgx;

namespace {

const scene::Scene& island() {
    return test::demoIsland();
}

std::size_t nodeOf(const scene::Scene& s, std::string_view script) {
    for (const scene::ScriptObject& o : s.redguard.scriptObjects)
        if (o.name == script) return static_cast<std::size_t>(o.node);
    ADD_FAILURE() << "no scripted object " << script;
    return 0;
}

void expectNear(const Mat4& a, const Mat4& b, const std::string& what) {
    for (std::size_t r = 0; r < 4; ++r)
        for (std::size_t c = 0; c < 4; ++c)
            ASSERT_NEAR(a.m[r][c], b.m[r][c], 1e-6) << what << " element " << r << "," << c;
}

// Equal but for the last bits of a time summed frame by frame (the ropes swing by seconds).
void expectSameState(const sim::WorldState& a, const sim::WorldState& b) {
    ASSERT_EQ(a.nodes.size(), b.nodes.size());
    for (std::size_t i = 0; i < a.nodes.size(); ++i) {
        const sim::NodeState &x = a.nodes[i], &y = b.nodes[i];
        const std::string node = "node " + std::to_string(i);
        ASSERT_EQ(x.hidden, y.hidden) << node;
        ASSERT_EQ(x.mesh, y.mesh) << node;
        ASSERT_EQ(x.frame, y.frame) << node;
        ASSERT_EQ(x.nextFrame, y.nextFrame) << node;
        ASSERT_EQ(x.animated, y.animated) << node;
        ASSERT_EQ(x.moved, y.moved) << node;
        ASSERT_EQ(x.world.has_value(), y.world.has_value()) << node;
        if (x.world) expectNear(*x.world, *y.world, node + " world");
        expectNear(x.local, y.local, node + " local");
    }
    ASSERT_EQ(a.lights.size(), b.lights.size());
    for (std::size_t i = 0; i < a.lights.size(); ++i) {
        ASSERT_EQ(a.lights[i].on, b.lights[i].on) << "light " << i;
        ASSERT_EQ(a.lights[i].intensity, b.lights[i].intensity) << "light " << i;
    }
    ASSERT_EQ(a.flats.size(), b.flats.size());
    for (std::size_t i = 0; i < a.flats.size(); ++i) {
        ASSERT_EQ(a.flats[i].texture, b.flats[i].texture) << "flat " << i;
        ASSERT_EQ(a.flats[i].frame, b.flats[i].frame) << "flat " << i;
    }
    ASSERT_EQ(a.objectLights.size(), b.objectLights.size());
}

constexpr double kFrame = 1.0 / 30.0; // the explorer's step in a run of --frames N
// 391 frames: 13.0333 s, past the guard's sword (demo::kGuardSwordDrawn). At the demo's 12 ticks
// a second that is 156.4 ticks: 156 run, worked by hand, and no frame sum lands near a tick edge.
constexpr int kFrames = 391;
constexpr std::uint64_t kTicks = 156;

const sim::ScriptPlayer kPlayer = sim::scriptPlayer({100, -50, 200});

} // namespace

TEST(WorldClock, RenderBenchAndExplorerGetTheSameStateAtTheSameTime) {
    const scene::Scene& s = island();
    const sim::AnimationSettings settings = sim::animationSettings(s);
    ASSERT_EQ(settings.ticksPerSecond, 12.0) << "the hand-worked ticks below assume the demo's rate";
    const double time = kFrames * kFrame;

    // rgx render --time: one time.
    sim::WorldClock render(s, settings, true);
    const sim::WorldState& rendered = render.at(time, kPlayer);
    ASSERT_NE(render.scripts(), nullptr);
    EXPECT_EQ(render.scripts()->vm().ticks(), kTicks);
    EXPECT_TRUE(render.scriptsShown());

    // rgx bench: every frame's time in order, the last one the same time.
    sim::WorldClock bench(s, settings, true);
    for (int k = 0; k < kFrames; ++k)
        bench.at(k * kFrame, kPlayer);
    const sim::WorldState& benched = bench.at(time, kPlayer);
    EXPECT_EQ(bench.scripts()->vm().ticks(), kTicks);

    // The explorer: 1/30 s a frame, the scripts through a debugger that runs the due ticks itself
    // (as app/explore/script_debugger.h does), or through ScriptWorld::update.
    sim::WorldClock explorer(s, settings, true);
    sim::WorldClock plain(s, settings, true);
    for (int k = 0; k < kFrames; ++k) {
        explorer.advance(kFrame, kPlayer, true, [](sim::ScriptWorld& w, double dt) {
            for (std::uint64_t n = w.dueTicks(dt); n > 0; --n)
                w.step(kPlayer);
        });
        plain.advance(kFrame, kPlayer, true);
    }
    EXPECT_EQ(explorer.scripts()->vm().ticks(), kTicks);
    EXPECT_EQ(plain.scripts()->vm().ticks(), kTicks);

    expectSameState(benched, rendered);
    expectSameState(explorer.state(), rendered);
    expectSameState(plain.state(), rendered);
    // What the scripts show by then (demo/demo_scripts.h): the statue loaded at 10 s, the door
    // turned by 9.5 s.
    EXPECT_FALSE(rendered.nodes[nodeOf(s, demo::kStatueScript)].hidden);
    EXPECT_TRUE(rendered.nodes[nodeOf(s, demo::kDoorScript)].world.has_value());
}

TEST(WorldClock, ScriptsOffDrawTheWorldAsPlaced) {
    const scene::Scene& s = island();
    const sim::AnimationSettings settings = sim::animationSettings(s);
    sim::WorldClock off(s, settings, false);
    EXPECT_EQ(off.scripts(), nullptr);
    sim::WorldClock on(s, settings, true);
    // At 1 s the statue is not loaded yet (STATUE's LoadStatic at 10 s): hidden while the scripts
    // run, shown as placed without them.
    EXPECT_TRUE(on.at(1, kPlayer).nodes[nodeOf(s, demo::kStatueScript)].hidden);
    const sim::WorldState& placed = off.at(1, kPlayer);
    EXPECT_FALSE(placed.nodes[nodeOf(s, demo::kStatueScript)].hidden);
    EXPECT_FALSE(off.scriptsShown());
    // Off is the actors' animation alone.
    sim::SceneAnimation animation(s, settings);
    animation.setTime(1);
    expectSameState(placed, animation.state());
}

TEST(WorldClock, TurningTheScriptsOffDropsWhatTheyAskedTheActorsFor) {
    const scene::Scene& s = island();
    const sim::AnimationSettings settings = sim::animationSettings(s);
    // The explorer with its scripts on past the guard's sword, then off for one frame ...
    sim::WorldClock turnedOff(s, settings, true);
    for (int k = 0; k < kFrames; ++k)
        turnedOff.advance(kFrame, kPlayer, true);
    EXPECT_TRUE(turnedOff.scriptsShown());
    turnedOff.advance(kFrame, kPlayer, false);
    EXPECT_FALSE(turnedOff.scriptsShown());
    // ... draws what a run that never had them on draws then.
    sim::WorldClock neverOn(s, settings, true);
    for (int k = 0; k <= kFrames; ++k)
        neverOn.advance(kFrame, kPlayer, false);
    expectSameState(turnedOff.state(), neverOn.state());
    EXPECT_FALSE(turnedOff.state().nodes[nodeOf(s, demo::kStatueScript)].hidden);
}
