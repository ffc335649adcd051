// The SOUP VM on hand-assembled scripts whose traces were worked out by hand (docs/scripts.md
// "The VM"): formulas with every operator, and/or folded left to right, nested Gosub, both
// threads, Endint, the runaway guard, division by zero, tasks that block.
#include "loaders/soup_asm.h"
#include "sim/soup_vm.h"

#include <gtest/gtest.h>

#include <string>

using namespace rgx;
using namespace rgx::sim;

namespace {

// One actor running `text` (thread 0 at label `start` when given, thread 1 then at 0) with
// `variables` local variables at 0.
std::shared_ptr<const ScriptProgram> program(const std::string& text, const std::string& start = "",
                                             std::size_t variables = 8, int instances = 1) {
    loaders::SoupActorScript s;
    s.name = "T";
    s.code = loaders::assembleSoup(text, &loaders::gameSoupDef(), "t.soup");
    if (!start.empty()) {
        const std::size_t at = text.find(start + ":");
        s.scriptPc = static_cast<std::uint32_t>(
            loaders::assembleSoup(text.substr(0, at) + "\n", &loaders::gameSoupDef(), "t.soup").size());
    }
    s.variables.assign(variables, 0);
    std::vector<ScriptInstanceInfo> in;
    for (int i = 0; i < instances; ++i) {
        ScriptInstanceInfo info;
        info.name = "T";
        in.push_back(info);
    }
    return makeScriptProgram({s}, in, nullptr, 1, "t.rgm");
}

// Runs ticks, recording instance 0's threads each tick.
std::vector<std::vector<ScriptThreadTick>> run(ScriptVm& vm, int ticks) {
    std::vector<std::vector<ScriptThreadTick>> out;
    ScriptTrace trace;
    trace.instance = 0;
    for (int t = 0; t < ticks; ++t) {
        vm.tick({}, &trace);
        out.push_back(trace.threads);
    }
    return out;
}

std::uint32_t offsetOf(const ScriptProgram& p, std::size_t instruction) {
    return p.code[0].instructions.at(instruction).offset;
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
    const auto trace = run(vm, 3);
    EXPECT_EQ(vm.instance(0).variables[0], 0);
    EXPECT_EQ(vm.instance(0).variables[1], 1);
    // The tests are jumps: tick 0 runs `var1 = 1` (the first if jumps, the second falls through).
    EXPECT_EQ(trace[0][0].pc, offsetOf(p, 3));
    EXPECT_EQ(trace[1][0].pc, offsetOf(p, 4));
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
    const auto trace = run(vm, 4);
    EXPECT_EQ(trace[0][0].pc, offsetOf(p, 6)); // var1 = 5, two calls deep
    EXPECT_EQ(trace[1][0].pc, offsetOf(p, 4)); // Return -> var2 = 7
    EXPECT_EQ(trace[2][0].pc, offsetOf(p, 1)); // Return -> var0 = var0 + 1
    EXPECT_EQ(trace[3][0].pc, offsetOf(p, 2)); // End
    EXPECT_EQ(vm.instance(0).variables[0], 1);
    EXPECT_EQ(vm.instance(0).variables[1], 5);
    EXPECT_EQ(vm.instance(0).variables[2], 7);
    EXPECT_TRUE(vm.instance(0).threads[0].stack.empty());
}

TEST(SoupVm, TwoThreadsEachRunOneInstructionATickAndEndintEndsThread1) {
    ScriptVm vm(program("var0 = var0 + 1\n"
                        "Endint\n"
                        "main:\n"
                        "var1 = var1 + 1\n"
                        "Goto main\n",
                        "main"));
    const ScriptProgram& p = vm.program();
    const auto trace = run(vm, 3);
    ASSERT_EQ(trace[0].size(), 2u);
    EXPECT_EQ(trace[0][0].thread, 0);
    EXPECT_EQ(trace[0][0].pc, offsetOf(p, 2));
    EXPECT_EQ(trace[0][1].thread, 1);
    EXPECT_EQ(trace[0][1].pc, 0u);
    EXPECT_EQ(trace[1][1].pc, offsetOf(p, 1)); // Endint
    EXPECT_EQ(trace[2][1].state, ScriptThreadTick::Ended);
    EXPECT_EQ(trace[2][0].pc, offsetOf(p, 2)); // thread 0 goes on: Goto, then var1 again
    EXPECT_EQ(vm.instance(0).variables[0], 1);
    EXPECT_EQ(vm.instance(0).variables[1], 3);
    EXPECT_TRUE(vm.instance(0).threads[1].ended);
    EXPECT_EQ(vm.instance(0).threads[1].pc, 0u);
}

TEST(SoupVm, RunawayGuardEndsAThreadThatOnlyJumps) {
    ScriptVm vm(program("loop:\nGoto loop\n"));
    const auto trace = run(vm, 2);
    EXPECT_TRUE(vm.instance(0).threads[0].ended);
    EXPECT_TRUE(hasEvent(vm, "runaway"));
    EXPECT_EQ(trace[0][0].state, ScriptThreadTick::Ended);
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
