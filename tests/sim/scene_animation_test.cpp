// The demo world's actors playing (sim/scene_animation.h): which mesh and frame each shows at a
// time, the walker crossing from its first 3DC file to its second, the guard's sword between
// scabbard and hand, interpolation, and time determinism.

#include "demo/demo_actors_rgm.h"
#include "demo/demo_catalog.h"
#include "scene/game_fs.h"
#include "scene/redguard/scene_builder.h"
#include "sim/rope_swing.h"
#include "sim/scene_animation.h"
#include "tests/support/demo_dir.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <numbers>
#include <optional>

namespace rgx::sim {
namespace {

const scene::Scene& demoIsland() {
    static const scene::Scene s = scene::buildWorldScene(scene::GameFs(rgx::testing::smallDemoDir()), 0);
    return s;
}

// The first actor running `script`.
std::size_t actorOf(const scene::Scene& s, std::string_view script) {
    for (std::size_t i = 0; i < s.redguard.actors.size(); ++i)
        if (s.redguard.animations[static_cast<std::size_t>(s.redguard.actors[i].animation)].script == script)
            return i;
    ADD_FAILURE() << "no actor " << script;
    return 0;
}

rgx::Vec3 vertexAt(const scene::Mesh& mesh, std::uint32_t frame, int vertex) {
    const std::optional<rgx::Vec3> p =
        scene::modelVertexPosition(mesh, frame, static_cast<std::uint32_t>(vertex));
    EXPECT_TRUE(p) << "vertex " << vertex;
    return p.value_or(rgx::Vec3{});
}

TEST(SceneAnimation, DemoActorsAreBuiltWithTheirFilesAndItem) {
    const scene::Scene& s = demoIsland();
    ASSERT_EQ(s.redguard.animations.size(), 2u);
    ASSERT_FALSE(s.redguard.actors.empty());
    const scene::ActorAnimation& walker = s.redguard.animations[static_cast<std::size_t>(
        s.redguard.actors[actorOf(s, demo::kWalkerScript)].animation)];
    ASSERT_EQ(walker.files.size(), 2u);
    EXPECT_GE(walker.files[0].mesh, 0);
    EXPECT_GE(walker.files[1].mesh, 0);
    EXPECT_NE(walker.files[0].mesh, walker.files[1].mesh);
    EXPECT_EQ(s.meshes[static_cast<std::size_t>(walker.files[1].mesh)].frameCount, 8u);
    EXPECT_EQ(walker.itemMesh, -1);
    const scene::SceneActor& guard = s.redguard.actors[actorOf(s, demo::kGuardScript)];
    const scene::ActorAnimation& ga = s.redguard.animations[static_cast<std::size_t>(guard.animation)];
    ASSERT_GE(ga.itemMesh, 0);
    EXPECT_EQ(s.meshes[static_cast<std::size_t>(ga.itemMesh)].name, "SWORD001");
    ASSERT_GE(ga.sheathedMesh, 0);
    EXPECT_EQ(s.meshes[static_cast<std::size_t>(ga.sheathedMesh)].name, "SWORDH01");
    ASSERT_GE(guard.itemNode, 0);
    const scene::SceneNode& item = s.nodes[static_cast<std::size_t>(guard.itemNode)];
    EXPECT_EQ(item.kind, scene::NodeKind::HeldItem);
    EXPECT_EQ(item.parent, guard.node);
    EXPECT_EQ(s.nodes[static_cast<std::size_t>(guard.node)].actor, item.actor);
}

TEST(SceneAnimation, TheWalkerCrossesIntoItsSecondFile) {
    const scene::Scene& s = demoIsland();
    SceneAnimation anim(s, animationSettings(s));
    const std::size_t w = actorOf(s, demo::kWalkerScript);
    const scene::ActorAnimation& a =
        s.redguard.animations[static_cast<std::size_t>(s.redguard.actors[w].animation)];
    const auto node = static_cast<std::size_t>(s.redguard.actors[w].node);
    for (int tick = 0; tick < 20; ++tick) {
        anim.setTime((tick + 0.5) / 12.0);
        const NodeState& p = anim.state().nodes[node];
        const int handle = tick % 16; // ShowFrame 0..15, GoToPrevious 0
        EXPECT_EQ(p.mesh, a.files[static_cast<std::size_t>(handle / 8)].mesh) << tick;
        EXPECT_EQ(p.frame, static_cast<std::uint32_t>(handle % 8)) << tick;
        EXPECT_EQ(p.blend, 0.0f); // no interpolation by default
    }
}

TEST(SceneAnimation, TheGuardsSwordMovesFromScabbardToHand) {
    const scene::Scene& s = demoIsland();
    SceneAnimation anim(s, animationSettings(s));
    const std::size_t g = actorOf(s, demo::kGuardScript);
    const scene::SceneActor& guard = s.redguard.actors[g];
    const int bodyMesh = s.nodes[static_cast<std::size_t>(guard.node)].mesh;
    const scene::Mesh& body = s.meshes[static_cast<std::size_t>(bodyMesh)];
    for (int tick : {0, 3, 8, 13}) {
        anim.setTime(tick / 12.0);
        const NodeState& item = anim.state().nodes[static_cast<std::size_t>(guard.itemNode)];
        ASSERT_FALSE(item.hidden);
        // Ticks 0-7 sheathed (vertex -10: vertex 10), 8-15 drawn (vertex 1), frame tick % 8.
        const int vertex = tick < 8 ? -demo::kGuardScabbardVertex : demo::kGuardHandVertex;
        const rgx::Vec3 at = vertexAt(body, static_cast<std::uint32_t>(tick % 8), vertex);
        const rgx::Vec3 t = item.local.translationPart();
        // Sheathed: the sheathed model (the sword in its scabbard); drawn: the node's own.
        const int sheathed = s.redguard.animations[static_cast<std::size_t>(guard.animation)].sheathedMesh;
        EXPECT_EQ(item.mesh, tick < 8 ? sheathed : -1) << tick;
        EXPECT_NEAR(t.x, at.x, 1e-4) << tick;
        EXPECT_NEAR(t.y, at.y, 1e-4) << tick;
        EXPECT_NEAR(t.z, at.z, 1e-4) << tick;
    }
    // The hand is on the right (+x), the scabbard on the left.
    anim.setTime(0);
    EXPECT_LT(anim.state().nodes[static_cast<std::size_t>(guard.itemNode)].local.translationPart().x, 0);
    anim.setTime(9 / 12.0);
    EXPECT_GT(anim.state().nodes[static_cast<std::size_t>(guard.itemNode)].local.translationPart().x, 0);
}

TEST(SceneAnimation, PosesDependOnlyOnTheTime) {
    const scene::Scene& s = demoIsland();
    SceneAnimation a(s, animationSettings(s)), b(s, animationSettings(s));
    a.setTime(2.75);
    b.setTime(9.0);
    b.setTime(0.3);
    b.setTime(2.75);
    ASSERT_EQ(a.state().nodes.size(), s.nodes.size());
    for (std::size_t n = 0; n < s.nodes.size(); ++n) {
        EXPECT_EQ(a.state().nodes[n].mesh, b.state().nodes[n].mesh) << n;
        EXPECT_EQ(a.state().nodes[n].frame, b.state().nodes[n].frame) << n;
        EXPECT_EQ(a.state().nodes[n].local, b.state().nodes[n].local) << n;
        // Only actors, their items and the swinging ropes move.
        const bool rope =
            s.nodes[n].kind == scene::NodeKind::RopeLink || s.nodes[n].kind == scene::NodeKind::RopeEnd;
        EXPECT_EQ(a.state().nodes[n].animated, s.nodes[n].actor >= 0 || rope) << n;
    }
}

TEST(SceneAnimation, TheFrameLimitComesFromRahdAndHoldsTheActor) {
    // The demo writes its actors' RANM name length into RAHD 0x15 (the public interpreter's
    // reading), so byte 0x16 is 0: no limit.
    const scene::Scene& s = demoIsland();
    const std::size_t walker = actorOf(s, "WALKER");
    const scene::ActorAnimation& anim =
        s.redguard.animations[static_cast<std::size_t>(s.redguard.actors[walker].animation)];
    EXPECT_EQ(anim.frameLimit, 7); // "WALKER" and its NUL
    EXPECT_EQ(anim.frameStep, 0);
    // With a limit of 2, one a tick, the walker shows two frames and then holds.
    scene::Scene limited = s;
    for (scene::ActorAnimation& a : limited.redguard.animations) {
        a.frameLimit = 2;
        a.frameStep = 1;
    }
    SceneAnimation held(limited, animationSettings(limited)), free(s, animationSettings(s));
    held.setTime(2);
    free.setTime(2);
    EXPECT_EQ(held.player(walker).handle(), 1);
    EXPECT_NE(free.player(walker).handle(), 1);
    EXPECT_TRUE(held.recentTicks(walker).back().limited);
}

// The ropes swing as rigid pendulums about their bases (sim/rope_swing.h): at 2.75 s (33 ticks of
// 12) the demo's ropes (swing 64, speed 8) are at phase 264: 64 x 2 pi / 2048 x sin(2 pi 264 /
// 2048) = 0.1428 rad. Every link keeps its distance from the base and moves off the vertical by
// that angle, across the rope's heading; at time 0 nothing has moved.
TEST(SceneAnimation, RopesSwingAboutTheirBases) {
    const scene::Scene& s = demoIsland();
    SceneAnimation a(s, animationSettings(s));
    const double expected = 64 * 2 * std::numbers::pi / 2048 * std::sin(2 * std::numbers::pi * 264 / 2048);
    a.setTime(2.75);
    std::size_t links = 0;
    for (std::size_t n = 0; n < s.nodes.size(); ++n) {
        const scene::SceneNode& node = s.nodes[n];
        if (node.kind != scene::NodeKind::RopeLink) continue;
        const scene::SceneNode& rope = s.nodes[static_cast<std::size_t>(node.parent)];
        ASSERT_TRUE(rope.rope);
        EXPECT_EQ(rope.rope->swing, 64);
        EXPECT_EQ(rope.rope->speed, 8);
        EXPECT_NEAR(ropeSwingAngle(*rope.rope, 2.75, 12), expected, 1e-7); // the float sine table
        const rgx::Vec3 base = rope.world.translationPart();
        const rgx::Vec3 rest = node.world.translationPart() - base;
        const rgx::Vec3 moved = (node.world * a.state().nodes[n].local).translationPart() - base;
        const double length = std::sqrt(rgx::dot(rest, rest));
        EXPECT_NEAR(std::sqrt(rgx::dot(moved, moved)), length, 1e-6);
        EXPECT_NEAR(std::acos(std::clamp(rgx::dot(rest, moved) / (length * length), -1.0, 1.0)),
                    std::abs(expected), 1e-6);
        // Across the heading: the swing moves the link along the base frame's z axis only.
        const rgx::Vec3 across = rope.world.transformDirection({1, 0, 0});
        EXPECT_NEAR(rgx::dot(moved - rest, across), 0, 1e-6);
        ++links;
    }
    EXPECT_GT(links, 0u);
    // Any file values and times stay defined: the angle is never past the swing's.
    const scene::RopeInfo wild{std::numeric_limits<std::int32_t>::min(),
                               std::numeric_limits<std::int32_t>::max()};
    for (double t : {1e18, 4e8, 1.5, -3.0, std::numeric_limits<double>::infinity()})
        for (double rate : {12.0, 9.2e18, std::numeric_limits<double>::infinity(),
                            std::numeric_limits<double>::quiet_NaN()}) {
            const double angle = ropeSwingAngle(wild, t, rate);
            EXPECT_TRUE(std::isfinite(angle)) << t << " at " << rate;
            EXPECT_LE(std::abs(angle), 2147483648.0 * 2 * std::numbers::pi / 2048) << t << " at " << rate;
        }
    a.setTime(0);
    for (std::size_t n = 0; n < s.nodes.size(); ++n)
        if (s.nodes[n].kind == scene::NodeKind::RopeLink) {
            EXPECT_FALSE(a.state().nodes[n].animated) << n;
        }
}

TEST(SceneAnimation, InterpolationBlendsTowardsTheNextFrameOfTheSameFile) {
    const scene::Scene& s = demoIsland();
    AnimationSettings settings = animationSettings(s);
    settings.interpolate = true;
    SceneAnimation anim(s, settings);
    const std::size_t w = actorOf(s, demo::kWalkerScript);
    const auto node = static_cast<std::size_t>(s.redguard.actors[w].node);
    anim.setTime(2.25 / 12.0); // a quarter into tick 2: handle 2, next handle 3 (same file)
    EXPECT_EQ(anim.state().nodes[node].frame, 2u);
    EXPECT_EQ(anim.state().nodes[node].nextFrame, 3u);
    EXPECT_NEAR(anim.state().nodes[node].blend, 0.25f, 1e-4f);
    anim.setTime(7.5 / 12.0); // handle 7 -> 8 crosses into the second file: not blended
    EXPECT_EQ(anim.state().nodes[node].blend, 0.0f);
}

TEST(SceneAnimation, ExplorerClocksPauseStepAndRunAtTheirSpeed) {
    const scene::Scene& s = demoIsland();
    SceneAnimation anim(s, animationSettings(s));
    ASSERT_GE(anim.actorCount(), 2u);
    anim.clock(0).paused = true;
    anim.clock(1).speed = 2;
    anim.update(0.5);
    EXPECT_EQ(anim.player(0).ticksRun(), 1); // paused at tick 0
    EXPECT_DOUBLE_EQ(anim.clock(1).seconds, 1.0);
    EXPECT_EQ(anim.player(1).ticksRun(), 13);
    const TickRecord t = anim.stepActor(0);
    EXPECT_EQ(t.tick, 1);
    EXPECT_EQ(anim.player(0).ticksRun(), 2);
    EXPECT_FALSE(anim.recentTicks(0).empty());
    EXPECT_EQ(anim.recentTicks(0).back().tick, 1);
    EXPECT_TRUE(anim.problem(0).empty());
}

// A time past a day plays as a day (the same poses), instead of stepping for ever or overflowing.
TEST(SceneAnimation, HugeTimesAreClampedToADay) {
    const scene::Scene& s = demoIsland();
    SceneAnimation huge(s, animationSettings(s)), day(s, animationSettings(s));
    huge.setTime(1e300);
    day.setTime(kMaxAnimationSeconds);
    for (std::size_t i = 0; i < huge.actorCount(); ++i)
        EXPECT_EQ(huge.player(i).ticksRun(), day.player(i).ticksRun()) << i;
    for (std::size_t n = 0; n < s.nodes.size(); ++n)
        EXPECT_EQ(huge.state().nodes[n].frame, day.state().nodes[n].frame) << n;
}

// SYSTEM.INI's normal_frame_rate is an int64 as written: a hostile one must neither overflow the
// tick count (undefined behaviour) nor make one second of playback billions of ticks.
TEST(SceneAnimation, AHostileNormalFrameRateIsClampedToTheFastestTick) {
    EXPECT_EQ(gameTicksPerSecond(12), 12.0);
    EXPECT_EQ(gameTicksPerSecond(0), kDefaultTicksPerSecond);
    EXPECT_EQ(gameTicksPerSecond(-5), kDefaultTicksPerSecond);
    EXPECT_EQ(gameTicksPerSecond(std::numeric_limits<std::int64_t>::max()), kMaxTicksPerSecond);
    EXPECT_EQ(ticksAt(std::numeric_limits<double>::quiet_NaN(), 12), 1);
    EXPECT_EQ(ticksAt(2, std::numeric_limits<double>::quiet_NaN()), 1);
    EXPECT_EQ(ticksAt(std::numeric_limits<double>::infinity(), 12), ticksAt(kMaxAnimationSeconds, 12));
    EXPECT_EQ(playableTickRate(std::numeric_limits<double>::quiet_NaN()), 1e-6);
    EXPECT_EQ(playableTickRate(1e300), kMaxTicksPerSecond);
    EXPECT_EQ(playableTickRate(24), 24.0);
    EXPECT_EQ(ticksAt(1e300, 1e300),
              static_cast<std::int64_t>(kMaxAnimationSeconds * kMaxTicksPerSecond) + 1);

    scene::Scene s = demoIsland();
    s.redguard.environment.system.normalFrameRate = std::numeric_limits<std::int64_t>::max();
    const AnimationSettings settings = animationSettings(s);
    EXPECT_EQ(settings.ticksPerSecond, kMaxTicksPerSecond);
    SceneAnimation a(s, settings);
    a.setTime(2.0);
    for (std::size_t i = 0; i < a.actorCount(); ++i)
        EXPECT_EQ(a.player(i).ticksRun(), static_cast<std::int64_t>(2 * kMaxTicksPerSecond) + 1) << i;
}

} // namespace
} // namespace rgx::sim
