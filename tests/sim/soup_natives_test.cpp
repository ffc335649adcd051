// The natives' units (docs/scripts.md "Units"): each test fails under the unit rgx used before
// (raw engine units for distances, a location index from the first RALC entry, a speed for
// MoveToLocation, a distance for WalkForward, ticks only, PlayAnimation's frame ignored), and
// the axes go where they are asked to.
#include "sim/soup_vm.h"
#include "tests/sim/soup_program_fixture.h"

#include <gtest/gtest.h>

#include <cmath>

using namespace rgx;
using namespace rgx::sim;
using soup_program::actor;
using soup_program::run;

namespace {

// One instance of `text` at `at` facing `yaw`, with RALC `locations` (engine units, stored x 256).
struct One {
    std::shared_ptr<const ScriptProgram> program;
    ScriptVm vm;
    One(const std::string& text, const Vec3& at = {}, int yaw = 0, std::vector<Vec3> locations = {},
        const ScriptConfig& config = {}, std::array<std::uint8_t, 256> attributes = {})
        : program(make(text, at, yaw, std::move(locations), config, attributes)), vm(program) {}
    static std::shared_ptr<const ScriptProgram> make(const std::string& text, const Vec3& at, int yaw,
                                                     std::vector<Vec3> locations, const ScriptConfig& config,
                                                     const std::array<std::uint8_t, 256>& attributes) {
        std::vector<loaders::SoupActorScript> scripts{actor("T", text)};
        for (const Vec3& l : locations)
            scripts[0].locations.push_back({static_cast<std::int32_t>(l.x * 256),
                                            static_cast<std::int32_t>(l.y * 256),
                                            static_cast<std::int32_t>(l.z * 256)});
        scripts[0].attributes = attributes;
        std::vector<ScriptInstanceInfo> in{soup_program::instance(scripts, 0, at, yaw)};
        return makeScriptProgram(std::move(scripts), std::move(in), nullptr, 1, "t.rgm", {}, config);
    }
    const ScriptObjectState& object() const { return vm.instance(0).object; }
    void ticks(int n, const ScriptPlayer& player = {}) {
        for (int t = 0; t < n; ++t)
            vm.tick(player);
    }
};

void expectNear(const Vec3& a, const Vec3& b) {
    EXPECT_NEAR(a.x, b.x, 1e-6);
    EXPECT_NEAR(a.y, b.y, 1e-6);
    EXPECT_NEAR(a.z, b.z, 1e-6);
}

} // namespace

TEST(SoupUnits, MoveByAxisMovesFineUnitsAlongTheAxisAsked) {
    // 2560 fine units are 10 engine units; each axis alone. (Raw units would move 2560.)
    for (const char* native : {"MoveByAxis", "MoveAlongAxis"}) {
        for (int axis = 0; axis < 3; ++axis) {
            One one("task " + std::string(native) + "(" + std::to_string(axis) + ", 2560, 5)\nEnd\n",
                    {100, 200, 300});
            one.ticks(6);
            Vec3 want{100, 200, 300};
            (axis == 0 ? want.x : axis == 1 ? want.y : want.z) += 10;
            SCOPED_TRACE(std::string(native) + " axis " + std::to_string(axis));
            expectNear(one.object().position, want);
        }
    }
}

TEST(SoupUnits, MoveByAxisTakesItsDurationInTicksOrTenths) {
    // 5 ticks, or 5 tenths of a second at 12 ticks a second: 6 ticks.
    One ticks("task MoveByAxis(0, 2560, 5)\nvar0 = 1\n");
    ticks.ticks(5);
    EXPECT_EQ(ticks.vm.instance(0).variables[0], 0);
    ticks.ticks(1);
    EXPECT_EQ(ticks.vm.instance(0).variables[0], 1);
    ScriptConfig tenths;
    tenths.time = ScriptTimeUnit::Tenths;
    One slow("task MoveByAxis(0, 2560, 5)\nvar0 = 1\n", {}, 0, {}, tenths);
    slow.ticks(6);
    EXPECT_EQ(slow.vm.instance(0).variables[0], 0);
    EXPECT_NEAR(slow.object().position.x, 10.0 * 5 / 6, 1e-9); // 5 of its 6 steps
    slow.ticks(1);
    EXPECT_EQ(slow.vm.instance(0).variables[0], 1);
    EXPECT_NEAR(slow.object().position.x, 10, 1e-9);
    EXPECT_EQ(scriptDurationTicks(tenths, 10), 12);
    EXPECT_EQ(scriptDurationTicks(tenths, 0), 0);
    EXPECT_EQ(scriptDurationTicks({}, 10), 10);
}

TEST(SoupUnits, WaitLastsItsDurationInTheUnitChosen) {
    One ticks("task Wait(10)\nvar0 = 1\n");
    ticks.ticks(10);
    EXPECT_EQ(ticks.vm.instance(0).variables[0], 0); // 10 ticks, then var0
    ticks.ticks(1);
    EXPECT_EQ(ticks.vm.instance(0).variables[0], 1);
    ScriptConfig tenths;
    tenths.time = ScriptTimeUnit::Tenths;
    One one("task Wait(10)\nvar0 = 1\n", {}, 0, {}, tenths);
    one.ticks(12);
    EXPECT_EQ(one.vm.instance(0).variables[0], 0); // 10 tenths: 12 ticks, then var0
    one.ticks(1);
    EXPECT_EQ(one.vm.instance(0).variables[0], 1);
}

TEST(SoupUnits, MoveObjectAxisMovesAlongTheObjectsOwnAxis) {
    // Facing a quarter turn (yaw 512): its own z (forward) is the world's x.
    One one("task MoveObjectAxis(2, 2560, 4)\nEnd\n", {0, 0, 0}, 512);
    one.ticks(5);
    expectNear(one.object().position, {10, 0, 0});
    One side("task MoveObjectAxis(0, 2560, 4)\nEnd\n", {0, 0, 0}, 512);
    side.ticks(5);
    expectNear(side.object().position, {0, 0, -10});
}

TEST(SoupUnits, MoveTakesFineUnits) {
    One one("task Move(2560, -512, 256, 4)\nEnd\n", {1, 1, 1});
    one.ticks(5);
    expectNear(one.object().position, {11, -1, 2});
}

TEST(SoupUnits, DistancesAreInFineUnits) {
    One one("var0 = PlayerDistance()\nvar1 = AcuratePlayerDistance()\ntask MoveByAxis(2, 2560, 1)\n"
            "var2 = DistanceFromStart(0)\nvar3 = DistanceToLocation(1)\nvar4 = DistanceFromLocation(0)\n",
            {}, 0, {{0, 0, 30}});
    one.ticks(7, {{0, 0, 100}});
    const auto& v = one.vm.instance(0).variables;
    EXPECT_EQ(v[0], 25600); // 100 engine units away
    EXPECT_EQ(v[1], 25600);
    EXPECT_EQ(v[2], 2560); // moved 10
    EXPECT_EQ(v[3], 5120); // 20 short of location 1
    EXPECT_EQ(v[4], 2560); // 10 from location 0, its start
}

TEST(SoupUnits, LocationZeroIsTheStartAndTheSecondParameterADuration) {
    // Location 1 is RALC entry 0 (40 engine units east); 6 ticks to get there whatever the
    // distance, then back to location 0, the start, in 3.
    One one("task MoveToLocation(1, 6)\nvar0 = 1\ntask MoveToLocation(0, 3)\nvar0 = 2\n", {10, 0, 10}, 0,
            {{40, 0, 0}, {0, 0, 99}});
    one.ticks(4);
    expectNear(one.object().position, {30, 0, 10}); // half way: 3 of its 6 steps
    EXPECT_NEAR(one.object().angles[1], 512, 1e-9); // facing its way
    one.ticks(3);
    expectNear(one.object().position, {50, 0, 10});
    EXPECT_EQ(one.vm.instance(0).variables[0], 1);
    one.ticks(4);
    expectNear(one.object().position, {10, 0, 10});
    EXPECT_EQ(one.vm.instance(0).variables[0], 2);
    // An index past the last location is no move.
    One none("task MoveToLocation(3, 6)\nvar0 = 1\n", {}, 0, {{40, 0, 0}, {0, 0, 99}});
    none.ticks(2);
    expectNear(none.object().position, {0, 0, 0});
    EXPECT_EQ(none.vm.instance(0).variables[0], 1);
}

TEST(SoupUnits, WalkForwardWalksForADurationAtItsWalkSpeed) {
    // forward_walk 12 (slot 12): 12 x 20 engine units a second, 20 a tick at 12 a second; for 6
    // ticks along yaw 0 (+z). Without the attribute: 24 a tick.
    std::array<std::uint8_t, 256> attributes{};
    attributes[12] = 12;
    One one("task WalkForward(6)\nvar0 = 1\n", {}, 0, {}, {}, attributes);
    one.ticks(6);
    expectNear(one.object().position, {0, 0, 100}); // 5 of its 6 steps
    EXPECT_EQ(one.vm.instance(0).variables[0], 0);
    one.ticks(1);
    expectNear(one.object().position, {0, 0, 120});
    EXPECT_EQ(one.vm.instance(0).variables[0], 1);
    One plain("task WalkBackward(2)\nEnd\n", {0, 0, 0}, 1024);
    plain.ticks(3);
    expectNear(plain.object().position, {0, 0, 48}); // facing -z, walking backwards
}

TEST(SoupUnits, PushAnimationLastsTheFramesFromItsFirstCommand) {
    // Group 2 shows frames at commands 0, 1, 3 and 5: from command 2 on, two of them.
    std::vector<loaders::SoupActorScript> scripts{actor("T", "task PushAnimation(2, 2)\nvar0 = 1\n"
                                                             "task PushAnimation(2, 0)\nvar0 = 2\n")};
    std::vector<ScriptInstanceInfo> in{soup_program::instance(scripts, 0)};
    const auto p = makeScriptProgram(std::move(scripts), std::move(in), nullptr, 1, "t.rgm",
                                     {GroupFrames{{2, {0, 1, 3, 5}}}});
    ScriptVm vm(p);
    run(vm, 2);
    EXPECT_EQ(vm.instance(0).variables[0], 0);
    run(vm, 1); // tick 2: two frames, then var0 = 1
    EXPECT_EQ(vm.instance(0).variables[0], 1);
    run(vm, 4); // ticks 3-6: PushAnimation from command 0 and its four frames
    EXPECT_EQ(vm.instance(0).variables[0], 1);
    run(vm, 1); // tick 7: var0 = 2
    EXPECT_EQ(vm.instance(0).variables[0], 2);
}

TEST(SoupUnits, CountingAndPositionsPastThirtyTwoBitsWrapOrClamp) {
    // Me.x++ at the largest i32 wraps as the formulas do; a position moved past it reads clamped.
    One one("Me.x = 2147483647\nvar0 = Me.x++\nMe.x = 2147483647\ntask Move(2147483647, 0, 0, 1)\n"
            "var1 = Me.x\n");
    one.ticks(6);
    EXPECT_EQ(one.vm.instance(0).variables[0], -2147483647 - 1);
    EXPECT_EQ(one.vm.instance(0).variables[1], 2147483647);
    EXPECT_GT(one.object().position.x, 2147483647.0);
}

TEST(SoupUnits, PlayAnimationStartsAtTheCommandGiven) {
    One one("PlayAnimation(2, 3)\nSetAction(4)\n");
    one.ticks(1);
    EXPECT_EQ(one.object().animGroup, 2);
    EXPECT_EQ(one.object().animCommand, 3);
    one.ticks(1);
    EXPECT_EQ(one.object().animGroup, 4);
    EXPECT_EQ(one.object().animCommand, 0);
}

TEST(SoupUnits, RotateToAxisTurnsToAnAngleAndRotateByAxisByOne) {
    // RotateToAxis is absolute (its name, against RotateByAxis): from yaw 100 to 300 is +200.
    One to("task RotateToAxis(1, 300, 4)\nEnd\n", {}, 100);
    to.ticks(5);
    EXPECT_NEAR(to.object().angles[1], 300, 1e-9);
    One by("task RotateByAxis(1, 300, 4)\nEnd\n", {}, 100);
    by.ticks(5);
    EXPECT_NEAR(by.object().angles[1], 400, 1e-9);
}
