// The SOUP VM's threads as the reference runs them (docs/scripts.md "Threads"): a polling loop
// that tests a flag for ever and falls through once another actor sets it; thread 1, the
// interrupt handler, idle until an activation, run from 0 to Endint and ready for the next;
// ACTIVATE answering inside an activation only.
#include "sim/soup_vm.h"
#include "tests/sim/soup_program_fixture.h"

#include <gtest/gtest.h>

using namespace rgx;
using namespace rgx::sim;
using soup_program::actor;
using soup_program::offsetOf;
using soup_program::run;

namespace {

// The polling loop: var0 counts the runs, then the flag is tested until it differs from
// var1 (0), then var1 = 7 and End.
const std::string kPoll = "L_0000: var0 = var0 + 1\n"
                          "L_000b: if flag:300 == var1 else L_001e\n"
                          "    Goto L_000b\n"
                          "L_001e: var1 = 7\n"
                          "    End L_0000\n";

// An actor that sets flag 300 in tick `tick` (a Wait(n) started in tick 0 lets the next statement
// run in tick n).
std::string setter(int tick) {
    return "task Wait(" + std::to_string(tick) + ")\nflag:300 = 1\nloop:\ntask Wait(1000)\nGoto loop\n";
}

int countIfs(const std::vector<std::vector<ScriptThreadTick>>& trace, std::uint32_t ifAt) {
    int n = 0;
    for (const auto& tick : trace)
        n += tick[0].state == ScriptThreadTick::Ran && tick[0].pc == ifAt ? 1 : 0;
    return n;
}

} // namespace

TEST(SoupThreads, APollingLoopTestsItsFlagForTenThousandTicks) {
    // Alone, the loop runs one statement a tick for ever: the test in every other tick (the
    // Goto takes the ticks between), no runaway, no event.
    const auto p = soup_program::program({actor("POLL", kPoll)});
    ASSERT_EQ(p->code[0].instructions.size(), 5u);
    EXPECT_EQ(offsetOf(*p, 1), 0x0bu); // the listing's offsets are the bytes'
    EXPECT_EQ(offsetOf(*p, 3), 0x1eu);
    ScriptVm vm(p);
    const auto trace = run(vm, 10000);
    for (int t = 1; t < 10000; ++t) {
        ASSERT_EQ(trace[static_cast<std::size_t>(t)][0].state, ScriptThreadTick::Ran) << "tick " << t;
        ASSERT_EQ(trace[static_cast<std::size_t>(t)][0].pc, t % 2 ? 0x0bu : offsetOf(*p, 2)) << "tick " << t;
    }
    EXPECT_EQ(countIfs(trace, 0x0b), 5000);
    EXPECT_EQ(vm.instance(0).variables[0], 1);
    EXPECT_EQ(vm.instance(0).variables[1], 0);
    EXPECT_FALSE(vm.instance(0).threads[0].ended);
    EXPECT_TRUE(vm.events().empty());
}

TEST(SoupThreads, APollingLoopFallsThroughWithinOneTickOfTheFlag) {
    // The setter runs first in each tick (instance 0), so the loop sees its write the same tick.
    // Set in tick 500 (the loop's Goto tick), the test in tick 501 falls through; set in tick 501
    // (a test tick), that very test does.
    for (const int set : {500, 501}) {
        const auto p = soup_program::program({actor("SETTER", setter(set)), actor("POLL", kPoll)});
        ScriptVm vm(p);
        const auto poll = run(vm, 600, 1);
        const auto writes = [&](int t) { return poll[static_cast<std::size_t>(t)][0].writes; };
        int fell = -1;
        for (int t = 0; t < 600 && fell < 0; ++t) {
            const ScriptThreadTick& th = poll[static_cast<std::size_t>(t)][0];
            // The fall: the test that jumps to L_001e, seen as var1 = 7 the tick after.
            if (th.pc == 0x1e) fell = t - 1;
        }
        ASSERT_TRUE(fell == 500 || fell == 501) << "set in tick " << set << ", fell through in tick " << fell;
        EXPECT_GE(fell, set);
        EXPECT_LE(fell, set + 1);
        EXPECT_EQ(poll[static_cast<std::size_t>(fell)][0].pc, 0x0bu);
        ASSERT_EQ(writes(fell + 1).size(), 1u);
        EXPECT_EQ(writes(fell + 1)[0].value, 7);
        EXPECT_EQ(vm.instance(1).variables[1], 7);
        EXPECT_TRUE(vm.instance(1).threads[0].ended); // End L_0000
        EXPECT_EQ(vm.instance(1).threads[0].pc, 0u);
    }
}

TEST(SoupThreads, TheHandlerIdlesUntilActivatedRunsToEndintAndWaitsForTheNext) {
    // Thread 1 at 0: count the activation, ask ACTIVATE, Endint. Thread 0 waits in a loop.
    const auto p = soup_program::program({actor("NPC",
                                                "var0 = var0 + 1\n"
                                                "var2 = ACTIVATE('T001')\n"
                                                "Endint\n"
                                                "main:\n"
                                                "var3 = ACTIVATE('T001')\n"
                                                "loop:\n"
                                                "task Wait(1000)\n"
                                                "Goto loop\n",
                                                "main")});
    ScriptVm vm(p);
    auto before = run(vm, 100);
    ASSERT_EQ(before[0].size(), 2u);
    for (const auto& tick : before) {
        EXPECT_EQ(tick[1].thread, 1);
        EXPECT_EQ(tick[1].state, ScriptThreadTick::Idle); // nothing runs before an activation
    }
    EXPECT_EQ(vm.instance(0).variables[0], 0);
    EXPECT_EQ(vm.instance(0).variables[3], 0); // thread 0 asked: no activation there

    EXPECT_EQ(vm.activate(0), ActivateResult::Started); // at tick 100
    EXPECT_EQ(vm.activate(0), ActivateResult::Busy);    // the handler is taken
    const auto handler = run(vm, 4);
    // Tick 100: var0 = var0 + 1 at 0; 101: ACTIVATE answers 1; 102: Endint; 103: idle again.
    EXPECT_EQ(handler[0][1].state, ScriptThreadTick::Ran);
    EXPECT_EQ(handler[0][1].pc, 0u);
    EXPECT_TRUE(handler[0][1].activated);
    EXPECT_EQ(handler[1][1].pc, offsetOf(*p, 1));
    EXPECT_EQ(handler[2][1].pc, offsetOf(*p, 2));
    EXPECT_EQ(handler[3][1].state, ScriptThreadTick::Idle);
    EXPECT_EQ(vm.instance(0).variables[0], 1);
    EXPECT_EQ(vm.instance(0).variables[2], 1);
    const ScriptThread& t1 = vm.instance(0).threads[1];
    EXPECT_TRUE(t1.idle);
    EXPECT_FALSE(t1.ended);
    EXPECT_FALSE(t1.activated);
    EXPECT_EQ(t1.pc, 0u);
    // Thread 0 went on meanwhile, still waiting in its loop.
    EXPECT_EQ(handler[0][0].state, ScriptThreadTick::Waiting);

    // Ready for the next one.
    EXPECT_EQ(vm.activate(0), ActivateResult::Started);
    run(vm, 4);
    EXPECT_EQ(vm.instance(0).variables[0], 2);
    EXPECT_TRUE(vm.instance(0).threads[1].idle);
    int activated = 0;
    for (const ScriptEvent& e : vm.events())
        activated += e.text.find("activated") != std::string::npos ? 1 : 0;
    EXPECT_EQ(activated, 3); // two started, one dropped, each recorded
}

TEST(SoupThreads, AScriptWithoutAHandlerOrStoppedIsNotActivated) {
    const auto p = soup_program::program({actor("PLAIN", "loop:\ntask Wait(10)\nGoto loop\n"),
                                          actor("BAD", "Endint\nmain:\nGoto L_0002\n", "main")});
    ScriptVm vm(p);
    EXPECT_EQ(vm.activate(0), ActivateResult::NoHandler);
    run(vm, 3);
    EXPECT_TRUE(vm.instance(1).stopped); // a jump into an instruction
    EXPECT_EQ(vm.activate(1), ActivateResult::Stopped);
}

TEST(SoupThreads, AHandlerWaitingOnATaskIsStillInItsActivation) {
    const auto p = soup_program::program(
        {actor("NPC", "task Wait(3)\nEndint\nmain:\ntask Wait(100)\nGoto main\n", "main")});
    ScriptVm vm(p);
    run(vm, 2);
    vm.activate(0);
    const auto handler = run(vm, 5);
    EXPECT_EQ(handler[0][1].state, ScriptThreadTick::Ran); // the Wait starts
    for (int t = 1; t < 3; ++t) {
        EXPECT_EQ(handler[static_cast<std::size_t>(t)][1].state, ScriptThreadTick::Waiting) << t;
        EXPECT_TRUE(handler[static_cast<std::size_t>(t)][1].activated) << t;
    }
    EXPECT_EQ(handler[3][1].pc, offsetOf(*p, 1)); // Endint
    EXPECT_EQ(handler[4][1].state, ScriptThreadTick::Idle);
    EXPECT_FALSE(handler[4][1].activated);
}

TEST(SoupThreads, EndInTheHandlerEndsTheActivationNotTheHandler) {
    // The reference speaks of End for thread 0; rgx reads End in thread 1 as the end of the
    // activation, so the handler answers the next one too.
    const auto p = soup_program::program(
        {actor("NPC", "var0 = var0 + 1\nEnd\nmain:\ntask Wait(100)\nGoto main\n", "main")});
    ScriptVm vm(p);
    for (int k = 1; k <= 2; ++k) {
        EXPECT_EQ(vm.activate(0), ActivateResult::Started) << k;
        run(vm, 3);
        EXPECT_EQ(vm.instance(0).variables[0], k);
        EXPECT_TRUE(vm.instance(0).threads[1].idle);
        EXPECT_FALSE(vm.instance(0).threads[1].ended);
    }
    EXPECT_FALSE(vm.instance(0).threads[0].ended); // thread 0 never ran an End
}
