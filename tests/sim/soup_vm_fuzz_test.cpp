// The VM's fuzz body (tests/sim/fuzz_soup_vm.cpp) over mutated scripts: the demo-like scripts and
// the hand-built every-opcode fixture, changed a few bytes at a time.
#include "loaders/redguard/soup_asm.h"
#include "tests/fuzz/fuzz_target.h"
#include "tests/loaders/redguard/soup_fixture.h"
#include "tests/support/mutate.h"

#include <gtest/gtest.h>

RGX_DECLARE_FUZZ_TARGET(soup_vm);

TEST(SoupVmFuzz, MutatedScriptsNeverCrashTheVm) {
    using namespace rgx::loaders;
    const SoupDef& def = gameSoupDef();
    auto seed = [&](std::uint8_t pc, const std::string& text) {
        Bytes b{pc};
        const Bytes code = assembleSoup(text, &def, "seed");
        b.insert(b.end(), code.begin(), code.end());
        return b;
    };
    std::vector<Bytes> seeds = {
        seed(0, "loop:\n task MoveToLocation(0, 12)\n DrawSword()\n task Wait(3)\n Goto loop\n"),
        seed(1, "var0 = Rnd(9) / var1\n Endint\n task SyncWithGroup(0)\n @Wait(2)\n taskpause L_0000\n"),
        seed(0, "if str[1].x > 5 or var2 == 1 else L_0000\n task str[1].RotateByAxis(1, 64, 2)\n "
                "Gosub L_0000\n Return\n"),
    };
    const auto fixture =
        soup_fixture::everyOpcode(*findSoupFunction(def, "RTX"), *findSoupFunction(def, "HandItem"));
    Bytes f{3};
    f.insert(f.end(), fixture.bytes.begin(), fixture.bytes.end());
    seeds.push_back(f);
    // The body never rejects: bad bytecode is an event, not an error.
    const rgx::testing::MutationStats stats =
        rgx::testing::fuzzRun("soup_vm", seeds, rgxFuzz_soup_vm, 1500, 1500);
    EXPECT_EQ(stats.runs, 1500u + seeds.size());
}
