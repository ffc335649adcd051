// A real install's scripts (issue 31, docs/scripts.md "Real games"), found through
// RGX_REAL_GAME=DIR (a Redguard directory; nothing of it is committed). Skipped, visibly, without
// it. Checks every map (tests/support/game_scripts_check.h) and prints how many scripts read the
// count after function id 0 each way, the named objects found by script name rather than RANM,
// and each world's histogram of the functions its scripts call in their first 10 s.

#include "tests/support/game_scripts_check.h"

#include <gtest/gtest.h>

#include <cstdlib>
#include <iostream>

TEST(RealGame, ScriptsDecodeRunAndFitTheDef) {
    const char* dir = std::getenv("RGX_REAL_GAME");
    if (!dir || !*dir)
        GTEST_SKIP() << "set RGX_REAL_GAME=DIR (a Redguard install) to check every map's scripts "
                        "(docs/scripts.md \"Real games\")";
    const rgx::testing::GameScriptsReport r = rgx::testing::checkGameScripts(dir);
    std::cout << r.maps << " maps, " << r.scripts << " scripts, " << r.instructions << " instructions, "
              << r.calls << " calls in the first 10 s\n";
    std::cout << "id-0 calls read with a count byte in "
              << (r.id0Readings.count("byte") ? r.id0Readings.at("byte") : 0) << " scripts, without in "
              << (r.id0Readings.count("none") ? r.id0Readings.at("none") : 0) << " (how chosen:";
    for (const auto& [verdict, n] : r.id0Verdicts)
        std::cout << " " << verdict << " " << n << ";";
    std::cout << ")\n";
    for (const std::string& w : r.id0Ambiguous)
        std::cout << "  " << w << "\n";
    std::cout << r.nameFallbacks.size() << " named objects found by script name, not RANM\n";
    for (const std::string& w : r.nameFallbacks)
        std::cout << "  " << w << "\n";
    for (const auto& [map, counts] : r.histogram) {
        std::cout << map << ":";
        for (const auto& [name, n] : counts)
            std::cout << " " << name << " " << n;
        std::cout << "\n";
    }
    for (const std::string& f : r.failures)
        ADD_FAILURE() << f;
    EXPECT_GT(r.maps, 0u);
}
