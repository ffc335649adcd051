#pragma once
// A JSON golden file under tests/: compared element by element (the traces of `rgx anim-trace`
// and `rgx script-trace`), rewritten with RGX_UPDATE_GOLDEN=1 (the test then says so and skips).

#include <nlohmann/json.hpp>

#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>

namespace rgx::testing {

// `what(i)` names element i in a failure.
template <class Name>
void expectMatchesGoldenJson(const nlohmann::json& all, const std::filesystem::path& golden, Name what) {
    if (const char* update = std::getenv("RGX_UPDATE_GOLDEN"); update && std::string(update) == "1") {
        std::ofstream(golden) << all.dump(1) << "\n";
        GTEST_SKIP() << "golden written: " << golden;
    }
    ASSERT_TRUE(std::filesystem::exists(golden)) << golden << " (RGX_UPDATE_GOLDEN=1 writes it)";
    std::ifstream in(golden);
    const nlohmann::json expected = nlohmann::json::parse(in);
    ASSERT_EQ(expected.size(), all.size());
    for (std::size_t i = 0; i < all.size(); ++i)
        EXPECT_EQ(expected[i], all[i]) << what(i);
}

} // namespace rgx::testing
