// RAGR playback (sim/anim_player.h): each opcode as docs/animation.md writes it, the handle table
// over several RAAN entries, loops, group changes, the runaway guard, and time determinism.

#include "base/error.h"
#include "loaders/redguard/ragr.h"
#include "sim/anim_player.h"

#include <gtest/gtest.h>

#include <vector>

namespace rgx::sim {
namespace {

std::uint32_t cmd(std::uint8_t opcode, int a = 0, int b = 0, int c = 0) {
    return loaders::encodeRagrCommand(loaders::RagrCommand{opcode, {a, b, c}});
}
std::uint32_t show(int handle, int vertex = 0) {
    return cmd(0, handle, vertex);
}

// A clip over RAAN entries of `frames` frames each, with the given groups (group_index, commands).
struct Fixture {
    loaders::RgmAnimList list;
    AnimClip clip;
    Fixture(std::vector<int> frames, const std::vector<std::pair<int, std::vector<std::uint32_t>>>& groups) {
        for (const auto& [index, commands] : groups)
            loaders::addRgmAnimGroup(list, static_cast<std::uint16_t>(index), 1, 0, commands);
        clip.actor = "TESTER";
        clip.entryFrames = std::move(frames);
        for (std::size_t e = 0; e < clip.entryFrames.size(); ++e)
            clip.entryPaths.push_back("fxart\\FILE" + std::to_string(e) + ".3DC");
        clip.groups = &list;
    }
};

TEST(AnimHandles, EachEntryContributesItsFrameCount) {
    const std::vector<int> frames{8, 3, 5};
    EXPECT_EQ(resolveHandle(frames, 0).entry, 0);
    EXPECT_EQ(resolveHandle(frames, 7).localFrame, 7);
    EXPECT_EQ(resolveHandle(frames, 8).entry, 1);
    EXPECT_EQ(resolveHandle(frames, 8).localFrame, 0);
    EXPECT_EQ(resolveHandle(frames, 10).entry, 1);
    EXPECT_EQ(resolveHandle(frames, 10).localFrame, 2);
    EXPECT_EQ(resolveHandle(frames, 11).entry, 2);
    EXPECT_EQ(resolveHandle(frames, 15).localFrame, 4);
    EXPECT_EQ(resolveHandle(frames, 16).entry, -1); // past the table
    EXPECT_EQ(resolveHandle(frames, -1).entry, -1);
    EXPECT_EQ(resolveHandle({0, 2}, 0).entry, 1); // an entry of no frames holds no handle
}

TEST(AnimPlayer, ShowFrameEndsTheTickAndSetsHandleAndVertex) {
    Fixture f({4, 4}, {{0, {show(0, 1), show(5, -10), show(7)}}});
    AnimPlayer p(f.clip);
    TickRecord t = p.step();
    EXPECT_EQ(t.tick, 0);
    EXPECT_EQ(t.command, 0);
    EXPECT_EQ(t.handle, 0);
    EXPECT_EQ(t.trackedVertex, 1);
    t = p.step();
    EXPECT_EQ(t.handle, 5);
    EXPECT_EQ(t.ref.entry, 1); // the second file
    EXPECT_EQ(t.ref.localFrame, 1);
    EXPECT_EQ(t.trackedVertex, -10);
    t = p.step();
    EXPECT_EQ(t.trackedVertex, 0);
    EXPECT_EQ(p.lastAttachVertex(), -10); // 0 leaves the item where it was
}

TEST(AnimPlayer, EndAnimationEndsTheGroupAndStopHoldsIt) {
    Fixture f({4}, {{0, {show(1), cmd(1), show(2)}}});
    AnimPlayer p(f.clip, -1, {false, OnEnd::Stop});
    EXPECT_FALSE(p.step().ended);
    const TickRecord end = p.step();
    EXPECT_TRUE(end.ended);
    EXPECT_EQ(end.handle, 1); // the last frame stays shown
    ASSERT_EQ(end.events.size(), 1u);
    EXPECT_EQ(end.events[0].opcode, 1);
    EXPECT_TRUE(p.step().ended); // stays ended
    EXPECT_EQ(p.handle(), 1);
}

TEST(AnimPlayer, EndAnimationRestartsOrReturnsToIdleInTheSameTick) {
    // EndAnimation takes no time: the tick that meets it shows the restarted group's first frame.
    Fixture f({8}, {{0, {show(0), cmd(2, 0)}}, {5, {show(3), show(4), cmd(1)}}});
    AnimPlayer restart(f.clip, 5, {false, OnEnd::Restart});
    EXPECT_EQ(restart.step().handle, 3);
    EXPECT_EQ(restart.step().handle, 4);
    const TickRecord again = restart.step();
    EXPECT_FALSE(again.ended);
    EXPECT_EQ(again.handle, 3); // group 5 from its start
    EXPECT_EQ(again.group, 5);
    ASSERT_EQ(again.events.size(), 1u);
    EXPECT_NE(again.events[0].what.find("restarts"), std::string::npos);
    AnimPlayer idle(f.clip, 5, {false, OnEnd::Idle});
    idle.step();
    idle.step();
    const TickRecord back = idle.step();
    EXPECT_EQ(back.handle, 0); // the first group: the idle one
    EXPECT_EQ(back.group, 0);
    // A group of nothing but EndAnimation never reaches a frame: the runaway guard stops it.
    Fixture g({8}, {{0, {cmd(1)}}});
    AnimPlayer empty(g.clip, -1, {false, OnEnd::Restart});
    EXPECT_THROW(empty.step(), Error);
}

TEST(AnimPlayer, GoToPreviousLoops) {
    Fixture f({8}, {{0, {show(0), show(1), show(2), cmd(2, 1)}}});
    AnimPlayer p(f.clip);
    std::vector<int> handles;
    for (int i = 0; i < 7; ++i)
        handles.push_back(p.step().handle);
    EXPECT_EQ(handles, (std::vector<int>{0, 1, 2, 1, 2, 1, 2}));
}

TEST(AnimPlayer, GoToFutureIsTakenOnlyWhenAsked) {
    Fixture f({8}, {{0, {show(0), cmd(3, 3), show(1), show(2), cmd(1)}}});
    AnimPlayer notTaken(f.clip, -1, {false, OnEnd::Stop});
    notTaken.step();
    const TickRecord t = notTaken.step();
    EXPECT_EQ(t.handle, 1);
    ASSERT_EQ(t.events.size(), 1u);
    EXPECT_NE(t.events[0].what.find("not taken"), std::string::npos);
    AnimPlayer taken(f.clip, -1, {true, OnEnd::Stop});
    taken.step();
    EXPECT_EQ(taken.step().handle, 2);
}

TEST(AnimPlayer, SoundsBreakPointsRumbleAndTransitionAreEventsThatTakeNoTime) {
    Fixture f({8}, {{0, {show(0), cmd(4, 12, 2), cmd(5), cmd(11, 16), cmd(15, 3, 0, 0), show(1)}}});
    AnimPlayer p(f.clip);
    p.step();
    const TickRecord t = p.step();
    EXPECT_EQ(t.handle, 1);
    ASSERT_EQ(t.events.size(), 4u);
    EXPECT_EQ(t.events[0].opcode, 4);
    EXPECT_EQ(t.events[0].params[0], 12);
    EXPECT_EQ(t.events[0].params[1], 2);
    EXPECT_EQ(t.events[1].opcode, 5);
    EXPECT_EQ(t.events[2].opcode, 11);
    EXPECT_EQ(t.events[2].params[0], 16);
    EXPECT_EQ(t.events[3].opcode, 15);
    EXPECT_EQ(t.events[3].params[0], 3); // trigger mask
    EXPECT_EQ(t.group, 0);               // the transition is not taken
}

TEST(AnimPlayer, ChangeAnimGroupContinuesInTheOtherGroupAtItsIndex) {
    Fixture f({8}, {{0, {show(0), cmd(10, 7, 1)}}, {7, {show(5), show(6), cmd(1)}}});
    AnimPlayer p(f.clip);
    p.step();
    const TickRecord t = p.step();
    EXPECT_EQ(t.group, 7);
    EXPECT_EQ(t.command, 1);
    EXPECT_EQ(t.handle, 6);
    // A target group that does not exist ends the group with an event saying so.
    Fixture g({8}, {{0, {show(0), cmd(10, 99, 0)}}});
    AnimPlayer q(g.clip, -1, {false, OnEnd::Stop});
    q.step();
    const TickRecord end = q.step();
    EXPECT_TRUE(end.ended);
    ASSERT_FALSE(end.events.empty());
    EXPECT_NE(end.events.back().what.find("no such group"), std::string::npos);
}

TEST(AnimPlayer, DelayCounterHoldsTheFrameForNTicks) {
    for (std::uint8_t opcode : {12, 13}) { // ConditionalDelay plays as DelayCounter
        Fixture f({8}, {{0, {show(2), cmd(opcode, 3), show(4)}}});
        AnimPlayer p(f.clip);
        EXPECT_EQ(p.step().handle, 2);
        for (int i = 0; i < 3; ++i) {
            const TickRecord t = p.step();
            EXPECT_TRUE(t.held) << i;
            EXPECT_EQ(t.handle, 2) << i;
            EXPECT_EQ(t.command, 1) << "a held tick names its delay command";
        }
        EXPECT_EQ(p.step().handle, 4) << int(opcode);
    }
    // A delay of 0 or less takes no time.
    for (int n : {0, -5}) {
        Fixture f({8}, {{0, {show(2), cmd(12, n), show(4)}}});
        AnimPlayer p(f.clip);
        p.step();
        const TickRecord t = p.step();
        EXPECT_FALSE(t.held);
        EXPECT_EQ(t.handle, 4) << n;
    }
}

TEST(AnimPlayer, LoopControlRepeatsItsBodyThenFallsThrough) {
    // The counter starts at kLoopControlStart (2): the body plays twice.
    Fixture f({8}, {{0, {show(0), show(1), cmd(14, 0), show(7)}}});
    AnimPlayer p(f.clip);
    std::vector<int> handles;
    for (int i = 0; i < 5; ++i)
        handles.push_back(p.step().handle);
    EXPECT_EQ(handles, (std::vector<int>{0, 1, 0, 1, 7}));
}

TEST(AnimPlayer, RotationAndPositionOverridesAreKept) {
    Fixture f({8}, {{0, {cmd(6, 1, -2, 3), cmd(7, 1, 100), cmd(8, 4, 5, -6), cmd(9, 2, 77), show(0)}}});
    AnimPlayer p(f.clip);
    const TickRecord t = p.step();
    EXPECT_EQ(t.events.size(), 4u);
    const PoseOverride& o = p.poseOverride();
    EXPECT_TRUE(o.rotationSet);
    EXPECT_TRUE(o.positionSet);
    EXPECT_EQ(o.rotation, (std::array<std::int32_t, 3>{256, 100, 768})); // x256, then y = 100
    EXPECT_EQ(o.position, (std::array<std::int32_t, 3>{32, 40, 77}));    // x8, then z = 77
}

TEST(AnimPlayer, RunningPastTheLastCommandEndsTheGroup) {
    Fixture f({8}, {{0, {show(0)}}});
    AnimPlayer p(f.clip, -1, {false, OnEnd::Stop});
    p.step();
    const TickRecord t = p.step();
    EXPECT_TRUE(t.ended);
    ASSERT_EQ(t.events.size(), 1u);
    EXPECT_NE(t.events[0].what.find("past the group's last command"), std::string::npos);
}

TEST(AnimPlayer, RejectsARunawayTickNamingActorGroupAndCommand) {
    // GoToPrevious 0 with no ShowFrame: the tick never ends.
    Fixture f({8}, {{3, {cmd(5), cmd(2, 0)}}});
    AnimPlayer p(f.clip);
    try {
        p.step();
        FAIL() << "a runaway tick must throw";
    } catch (const Error& e) {
        const std::string what = e.what();
        EXPECT_NE(what.find("TESTER"), std::string::npos) << what;
        EXPECT_NE(what.find("group 3 command 1:"), std::string::npos) << what;
        EXPECT_NE(what.find("runaway"), std::string::npos) << what;
    }
    // Two groups jumping to each other without a ShowFrame: caught by the whole-actor guard.
    Fixture g({8}, {{0, {cmd(10, 1, 0)}}, {1, {cmd(10, 0, 0)}}});
    AnimPlayer q(g.clip);
    EXPECT_THROW(q.step(), Error);
}

// A tick's cost does not grow with the file: past kMaxTickCommands commands it is a runaway, and
// a TickRecord keeps kMaxTickEvents events and counts the rest.
TEST(AnimPlayer, ATicksCommandsAndKeptEventsAreBounded) {
    std::vector<std::uint32_t> sounds(100, cmd(4, 12, 2));
    sounds.push_back(show(1));
    Fixture f({8}, {{0, sounds}});
    AnimPlayer p(f.clip);
    const TickRecord r = p.step();
    EXPECT_EQ(r.handle, 1);
    EXPECT_EQ(r.events.size(), kMaxTickEvents);
    EXPECT_EQ(r.moreEvents, 100 - kMaxTickEvents);
    EXPECT_EQ(r.events.back().command, static_cast<int>(kMaxTickEvents) - 1);

    std::vector<std::uint32_t> many(kMaxTickCommands, cmd(4, 12, 2));
    many.push_back(show(1));
    Fixture g({8}, {{0, many}});
    AnimPlayer q(g.clip);
    try {
        q.step();
        FAIL() << "a tick of more than kMaxTickCommands commands must stop";
    } catch (const Error& e) {
        EXPECT_NE(std::string(e.what()).find("runaway"), std::string::npos) << e.what();
    }
}

TEST(AnimPlayer, RejectsAMissingStartGroup) {
    Fixture f({8}, {{0, {show(0)}}});
    EXPECT_THROW(AnimPlayer(f.clip, 42), Error);
    loaders::RgmAnimList empty;
    AnimClip none;
    none.groups = &empty;
    EXPECT_THROW(AnimPlayer{none}, Error);
}

TEST(AnimPlayer, AdvanceToDependsOnlyOnTheTime) {
    Fixture f({8, 8}, {{0, {show(0), show(9), cmd(4, 1, 1), show(3), cmd(12, 2), show(12), cmd(2, 0)}}});
    AnimPlayer a(f.clip);
    AnimPlayer b(f.clip);
    a.advanceTo(2.5, 12);
    b.advanceTo(0.7, 12);
    b.advanceTo(4.0, 12);
    b.advanceTo(2.5, 12); // backwards: replayed from the start
    EXPECT_EQ(a.ticksRun(), 31);
    EXPECT_EQ(a.ticksRun(), b.ticksRun());
    EXPECT_EQ(a.handle(), b.handle());
    EXPECT_EQ(a.command(), b.command());
    a.advanceTo(0, 12);
    EXPECT_EQ(a.ticksRun(), 1); // tick 0 runs at time 0
    EXPECT_EQ(a.handle(), 0);
}

TEST(AnimPlayer, PlaySwitchesGroupFromItsFirstCommand) {
    Fixture f({8}, {{0, {show(0), cmd(2, 0)}}, {4, {show(6), cmd(1)}}});
    AnimPlayer p(f.clip);
    p.step();
    EXPECT_TRUE(p.play(4));
    EXPECT_EQ(p.step().handle, 6);
    EXPECT_FALSE(p.play(99));
}

TEST(AnimPlayer, PlayStartsAtTheCommandAScriptGives) {
    // PlayAnimation(group, frame): the group from that command on (a negative one from its first).
    Fixture f({8}, {{0, {show(0), cmd(2, 0)}}, {4, {show(5), show(6), show(7), cmd(2, 0)}}});
    AnimPlayer p(f.clip);
    EXPECT_TRUE(p.play(4, 2));
    EXPECT_EQ(p.step().handle, 7);
    EXPECT_EQ(p.step().handle, 5); // the loop goes back to the group's first
    EXPECT_TRUE(p.play(4, -3));
    EXPECT_EQ(p.step().handle, 5);
}

TEST(AnimPlayer, TheFrameLimitHoldsTheFrameUntilAGroupStartsAgain) {
    // RAHD anim_speed: limit 5, step 2: the counter goes 0, 2, 4, 6; the fourth tick finds it
    // past the limit and holds, and so on until the group starts again.
    Fixture f({8}, {{0, {show(0), show(1), show(2), show(3), show(4), cmd(2, 0)}}});
    f.clip.frameLimit = 5;
    f.clip.frameStep = 2;
    AnimPlayer p(f.clip);
    EXPECT_EQ(p.step().handle, 0);
    EXPECT_EQ(p.step().handle, 1);
    EXPECT_EQ(p.step().handle, 2);
    for (int t = 0; t < 5; ++t) {
        const TickRecord held = p.step();
        EXPECT_TRUE(held.held && held.limited) << t;
        EXPECT_EQ(held.handle, 2);
    }
    EXPECT_EQ(p.frameCounter(), 6);
    EXPECT_TRUE(p.play(0));
    EXPECT_EQ(p.step().handle, 0); // a group started: the counter starts again
    EXPECT_EQ(p.frameCounter(), 2);
    // A group entered within a tick (ChangeAnimGroup) counts that tick as its own, as play() does:
    // both show two frames at limit 2, step 1.
    Fixture g({8}, {{0, {show(0), cmd(10, 4, 0)}}, {4, {show(5), show(6), show(7), cmd(2, 0)}}});
    g.clip.frameLimit = 2;
    g.clip.frameStep = 1;
    AnimPlayer changed(g.clip);
    EXPECT_EQ(changed.step().handle, 0);
    EXPECT_EQ(changed.step().handle, 5); // ChangeAnimGroup 4: a new group, counted from 0
    EXPECT_EQ(changed.step().handle, 6);
    EXPECT_TRUE(changed.step().limited);
    EXPECT_TRUE(changed.play(4));
    EXPECT_EQ(changed.step().handle, 5);
    EXPECT_EQ(changed.step().handle, 6);
    EXPECT_TRUE(changed.step().limited);
    // A zero in either byte: no limit, every frame plays as before.
    for (const auto& [limit, step] : {std::pair{0, 2}, std::pair{5, 0}}) {
        f.clip.frameLimit = static_cast<std::uint8_t>(limit);
        f.clip.frameStep = static_cast<std::uint8_t>(step);
        AnimPlayer free(f.clip);
        for (int t = 0; t < 12; ++t) {
            const TickRecord r = free.step();
            EXPECT_FALSE(r.held);
            EXPECT_EQ(r.handle, t % 5) << limit << " " << step;
        }
    }
}

// Any command stream, however broken (jumps anywhere, groups that do not exist, handles past
// the table, delays of any length), plays without a crash or a hang: every tick ends, or throws
// the runaway error. Deterministic pseudo-random streams, many seeds.
TEST(AnimPlayer, ArbitraryCommandStreamsNeverHang) {
    std::uint32_t state = 12345;
    const auto next = [&] {
        state = state * 1664525u + 1013904223u;
        return state >> 8;
    };
    for (int seed = 0; seed < 300; ++seed) {
        loaders::RgmAnimList list;
        const int groups = 1 + static_cast<int>(next() % 4);
        for (int g = 0; g < groups; ++g) {
            std::vector<std::uint32_t> commands;
            const int n = static_cast<int>(next() % 12);
            for (int c = 0; c < n; ++c) {
                std::uint32_t packed = next() & 0xFFFFFF;
                if (next() % 3 == 0) packed = (packed & ~0xFu); // plenty of ShowFrames
                commands.push_back(packed);
            }
            loaders::addRgmAnimGroup(list, static_cast<std::uint16_t>(next() % 6), 0, 0, commands);
        }
        AnimClip clip;
        clip.actor = "FUZZ";
        clip.entryFrames = {static_cast<int>(next() % 5), static_cast<int>(next() % 5)};
        clip.entryPaths = {"A.3DC", "B.3DC"};
        clip.groups = &list;
        for (OnEnd onEnd : {OnEnd::Stop, OnEnd::Restart, OnEnd::Idle}) {
            AnimPlayer p(clip, -1, {seed % 2 == 0, onEnd});
            try {
                for (int t = 0; t < 200; ++t) {
                    const TickRecord r = p.step();
                    ASSERT_EQ(r.tick, t);
                    ASSERT_LE(r.events.size(), 64u) << "a tick runs a bounded number of commands";
                }
            } catch (const Error& e) {
                EXPECT_NE(std::string(e.what()).find("runaway"), std::string::npos) << e.what();
            }
        }
    }
}

} // namespace
} // namespace rgx::sim
