// The SOUP VM on hand-assembled scripts whose traces were worked out by hand (docs/scripts.md
// "The VM"): formulas with every operator, every comparison, and/or folded left to right, nested
// Gosub, one statement a tick (If, Goto, Gosub, Return, End included), a loop that only jumps,
// division by zero, tasks that block. Threads and activation: soup_vm_thread_test.cpp; the
// natives' units: soup_natives_test.cpp.
#include "sim/soup_vm.h"
#include "tests/sim/soup_program_fixture.h"

#include <gtest/gtest.h>

#include <string>

using namespace rgx;
using namespace rgx::sim;

namespace {

using soup_program::offsetOf;
using soup_program::run;

// One actor running `text` (thread 0 at label `start` when given, thread 1 then at 0) with
// `variables` local variables at 0, placed `instances` times.
std::shared_ptr<const ScriptProgram> program(const std::string& text, const std::string& start = "",
                                             std::size_t variables = 8, int instances = 1) {
    std::vector<loaders::SoupActorScript> scripts{soup_program::actor("T", text, start, variables)};
    std::vector<ScriptInstanceInfo> in;
    for (int i = 0; i < instances; ++i)
        in.push_back(soup_program::instance(scripts, 0));
    return makeScriptProgram(scripts, in, nullptr, 1, "t.rgm");
}

bool hasEvent(const ScriptVm& vm, const std::string& part) {
    for (const ScriptEvent& e : vm.events()) {
        if (e.text.find(part) != std::string::npos) return true;
    }
    return false;
}

} // namespace

TEST(SoupVm, FormulasFoldLeftToRightWithTheReferencesOperators) {
    ScriptVm vm(program("var0 = 7 + 5 - 2 * 3 / 4 << 2 >> 1 & 15 | 16 ^ 3\n"
                        "var1 = -8 / 2\n"
                        "var2 = -8 >> 1\n"
                        "var3 = 5 / 0\n"
                        "var4 = 6 ++\n"
                        "End\n"));
    const auto trace = run(vm, 6);
    // 7+5=12, -2=10, *3=30, /4=7, <<2=28, >>1=14, &15=14, |16=30, ^3=29.
    EXPECT_EQ(vm.instance(0).variables[0], 29);
    EXPECT_EQ(vm.instance(0).variables[1], 2147483644); // `/` is unsigned: 0xFFFFFFF8 / 2
    EXPECT_EQ(vm.instance(0).variables[2], -4);         // `>>` is arithmetic
    EXPECT_EQ(vm.instance(0).variables[3], 0);          // division by zero: 0 and an event
    EXPECT_EQ(vm.instance(0).variables[4], 7);
    EXPECT_TRUE(hasEvent(vm, "division by zero"));
    EXPECT_FALSE(vm.instance(0).stopped);
    ASSERT_EQ(trace[0].size(), 1u); // script_pc 0: no thread 1
    EXPECT_EQ(trace[0][0].writes.size(), 1u);
    EXPECT_EQ(trace[0][0].writes[0].kind, ScriptWrite::Variable);
    EXPECT_EQ(trace[0][0].writes[0].value, 29);
    EXPECT_EQ(trace[5][0].state, ScriptThreadTick::Ran); // End runs, then the thread has ended
    EXPECT_TRUE(vm.instance(0).threads[0].ended);
}

TEST(SoupVm, AndOrFoldLeftToRightWithoutPrecedence) {
    // (1 == 1 or 1 == 0) and 0 == 1 is false (with precedence it would be true);
    // (1 == 0 and 0 == 1) or 1 == 1 is true.
    ScriptVm vm(program("if 1 == 1 or 1 == 0 and 0 == 1 else skip\n"
                        "var0 = 1\n"
                        "skip:\n"
                        "if 1 == 0 and 0 == 1 or 1 == 1 else done\n"
                        "var1 = 1\n"
                        "done:\n"
                        "End\n"));
    const ScriptProgram& p = vm.program();
    const auto trace = run(vm, 4);
    EXPECT_EQ(vm.instance(0).variables[0], 0);
    EXPECT_EQ(vm.instance(0).variables[1], 1);
    // Each test is a tick: the first if jumps, the second falls through into `var1 = 1`.
    EXPECT_EQ(trace[0][0].pc, offsetOf(p, 0));
    EXPECT_EQ(trace[1][0].pc, offsetOf(p, 2));
    EXPECT_EQ(trace[2][0].pc, offsetOf(p, 3));
    EXPECT_EQ(trace[3][0].pc, offsetOf(p, 4));
}

TEST(SoupVm, NestedGosubReturnsInOrder) {
    ScriptVm vm(program("Gosub a\n"
                        "var0 = var0 + 1\n"
                        "End\n"
                        "a:\n"
                        "Gosub b\n"
                        "var2 = 7\n"
                        "Return\n"
                        "b:\n"
                        "var1 = 5\n"
                        "Return\n"));
    const ScriptProgram& p = vm.program();
    const auto trace = run(vm, 8);
    // Gosub, Gosub, var1 = 5 (two calls deep), Return, var2 = 7, Return, var0 + 1, End: a tick each.
    const std::size_t order[] = {0, 3, 6, 7, 4, 5, 1, 2};
    for (std::size_t t = 0; t < std::size(order); ++t)
        EXPECT_EQ(trace[t][0].pc, offsetOf(p, order[t])) << "tick " << t;
    EXPECT_EQ(vm.instance(0).variables[0], 1);
    EXPECT_EQ(vm.instance(0).variables[1], 5);
    EXPECT_EQ(vm.instance(0).variables[2], 7);
    EXPECT_TRUE(vm.instance(0).threads[0].stack.empty());
}

TEST(SoupVm, EveryStatementCostsOneTickControlFlowIncluded) {
    // Worked by hand: Gosub (tick 0), var1 = 1 (1), Return (2), the if's test (3), Goto (4),
    // End (5); from tick 6 the thread has ended. var0 = 99 never runs.
    ScriptVm vm(program("Gosub sub\n"
                        "if 1 == 1 else out\n"
                        "Goto out\n"
                        "var0 = 99\n"
                        "out:\n"
                        "End\n"
                        "sub:\n"
                        "var1 = 1\n"
                        "Return\n"));
    const ScriptProgram& p = vm.program();
    const auto trace = run(vm, 8);
    const std::size_t order[] = {0, 5, 6, 1, 2, 4};
    for (std::size_t t = 0; t < std::size(order); ++t) {
        EXPECT_EQ(trace[t][0].state, ScriptThreadTick::Ran) << "tick " << t;
        EXPECT_EQ(trace[t][0].pc, offsetOf(p, order[t])) << "tick " << t;
    }
    EXPECT_EQ(trace[6][0].state, ScriptThreadTick::Ended);
    EXPECT_EQ(vm.instance(0).variables[0], 0);
    EXPECT_EQ(vm.instance(0).variables[1], 1);
    EXPECT_TRUE(vm.instance(0).threads[0].ended);
    EXPECT_EQ(vm.instance(0).threads[0].pc, 0u); // End's target
}

TEST(SoupVm, EndKeepsItsTargetAsThePc) {
    ScriptVm vm(program("var0 = 1\nEnd there\nthere:\nvar0 = 2\n"));
    run(vm, 4);
    EXPECT_TRUE(vm.instance(0).threads[0].ended);
    EXPECT_EQ(vm.instance(0).threads[0].pc, offsetOf(vm.program(), 2));
    EXPECT_EQ(vm.instance(0).variables[0], 1); // ended: the target does not run
}

TEST(SoupVm, ALoopThatOnlyJumpsRunsForEverOneGotoATick) {
    // The reference's 1024-step guard belongs to runScript, not to the tick: a loop of jumps is a
    // statement a tick, for ever, with no event.
    ScriptVm vm(program("loop:\nGoto loop\n"));
    const auto trace = run(vm, 2);
    EXPECT_EQ(trace[0][0].state, ScriptThreadTick::Ran);
    EXPECT_EQ(trace[1][0].state, ScriptThreadTick::Ran);
    for (int t = 0; t < 10000; ++t)
        vm.tick({});
    EXPECT_FALSE(vm.instance(0).threads[0].ended);
    EXPECT_TRUE(vm.events().empty());
}

TEST(SoupVm, EveryComparisonBelowEqualAndAbove) {
    // Each comparison of 4 with 3, 4 and 5: the `if` falls through (var0 = 1) or jumps (var0 = 2).
    struct Case {
        const char* cmp;
        bool below, equal, above; // 4 cmp 5, 4 cmp 4, 4 cmp 3
    };
    const Case cases[] = {{"==", false, true, false}, {"!=", true, false, true}, {"<", true, false, false},
                          {">", false, false, true},  {"<=", true, true, false}, {">=", false, true, true}};
    for (const Case& c : cases) {
        for (const auto& [rhs, want] :
             {std::pair{5, c.below}, std::pair{4, c.equal}, std::pair{3, c.above}}) {
            ScriptVm vm(program("var1 = 4\nif var1 " + std::string(c.cmp) + " " + std::to_string(rhs) +
                                " else no\nvar0 = 1\nEnd\nno:\nvar0 = 2\nEnd\n"));
            run(vm, 3);
            EXPECT_EQ(vm.instance(0).variables[0], want ? 1 : 2) << "4 " << c.cmp << " " << rhs;
        }
    }
}

TEST(SoupVm, ATaskBlocksItsThreadAndAMultitaskDoesNot) {
    ScriptVm vm(program("task Wait(3)\n"
                        "var0 = 1\n"
                        "@Wait(5)\n"
                        "var1 = 1\n"
                        "End\n"));
    const auto trace = run(vm, 6);
    // Tick 0 starts the wait; ticks 1 and 2 wait; the task ends at the start of tick 3.
    EXPECT_EQ(trace[1][0].state, ScriptThreadTick::Waiting);
    EXPECT_EQ(trace[2][0].state, ScriptThreadTick::Waiting);
    EXPECT_EQ(trace[3][0].writes.size(), 1u);
    EXPECT_EQ(trace[4][0].calls.size(), 1u); // @Wait(5)
    EXPECT_EQ(trace[4][0].calls[0].function, "Wait");
    EXPECT_EQ(trace[5][0].writes.size(), 1u); // var1 = 1 the next tick: no wait
}

TEST(SoupVm, FlagsStartAtTheDefDefaultsAndNoOpsAreCounted) {
    const auto p = program("SetGlobalFlag(#3)\n"
                           "flag:TimeOfDay = flag:TimeOfDay + 1\n"
                           "var0 = TestGlobalFlag(#3)\n"
                           "lockoutPlayer(1)\n"
                           "End\n");
    ScriptVm vm(p);
    EXPECT_EQ(vm.flags()[0], 1); // TimeOfDay's default
    run(vm, 5);
    EXPECT_EQ(vm.flags()[3], 1);
    EXPECT_EQ(vm.flags()[0], 2);
    EXPECT_EQ(vm.instance(0).variables[0], 1);
    const auto lockout = loaders::findSoupFunction(p->def, "lockoutPlayer");
    ASSERT_TRUE(lockout);
    EXPECT_EQ(vm.noopCounts().at(*lockout), 1u);
}

TEST(SoupVm, BadBytecodeStopsThatActorOnlyWithAnEventNamingIt) {
    // A jump into the middle of an instruction: the actor's script stops; the run goes on.
    ScriptVm vm(program("var0 = 1\nGoto L_0001\n", "", 8, 2));
    run(vm, 3);
    EXPECT_TRUE(vm.instance(0).stopped);
    EXPECT_TRUE(vm.instance(1).stopped);
    EXPECT_TRUE(hasEvent(vm, "actor T offset 0x0001: no instruction starts here"));
    EXPECT_FALSE(vm.program().warnings.empty()); // the listing warned first
}

TEST(SoupVm, ReplayIsDeterministic) {
    const auto p = program("loop:\nvar0 = var0 + Rnd(100)\ntask Wait(2)\nGoto loop\n");
    ScriptVm a(p), b(p);
    for (int t = 0; t < 300; ++t)
        a.tick({});
    ScriptVm snapshot = a;
    for (int t = 0; t < 300; ++t)
        b.tick({});
    EXPECT_EQ(a.instance(0).variables, b.instance(0).variables);
    for (int t = 0; t < 50; ++t) {
        a.tick({});
        snapshot.tick({});
    }
    EXPECT_EQ(a.instance(0).variables, snapshot.instance(0).variables);
    EXPECT_NE(a.instance(0).variables[0], 0);
}

TEST(SoupVm, ANamedObjectIsFoundThroughRanmAndElseByScriptWithAWarning) {
    // str[0] "GATE01" is DOOR's RANM name (and a decoy's script name): DOOR moves. str[1] "SHED"
    // is no RANM name, only a script's: the fallback finds it, with a warning naming the actor.
    std::vector<loaders::SoupActorScript> scripts{
        soup_program::actor("DOOR", "End\n"), soup_program::actor("GATE01", "End\n"),
        soup_program::actor("SHED", "End\n"),
        soup_program::actor("KEEPER", "str[0].x = 77\nstr[1].x = 88\nEnd\n")};
    scripts[0].objectName = "GATE01";
    scripts[1].objectName = "DECOY";
    scripts[2].objectName = "SHED01";
    scripts[3].objectName = "KEEPER";
    scripts[3].strings = {"gate01", "SHED"};
    const auto p = soup_program::program(scripts);
    ScriptVm vm(p);
    run(vm, 3, 3);
    EXPECT_EQ(vm.instance(0).object.position.x, 77);
    EXPECT_EQ(vm.instance(1).object.position.x, 0);
    EXPECT_EQ(vm.instance(2).object.position.x, 88);
    EXPECT_EQ(p->stringObjects[3], (std::vector<int>{0, 2}));
    ASSERT_EQ(p->warnings.size(), 1u);
    EXPECT_EQ(p->warnings[0].field, "actor KEEPER");
    EXPECT_NE(p->warnings[0].message.find("str[1] \"SHED\" is no object's RANM name"), std::string::npos);
}
