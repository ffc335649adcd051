#pragma once
// A small deterministic mutation fuzzer for the test suite: it feeds a fuzz target thousands of
// variants of valid files (bit flips, byte sets to boundary values, truncations, inserted and
// deleted runs, overwritten u32 counts). The target must not crash and must throw nothing but
// rgx::Error; ASan/UBSan builds turn memory errors into failures.

#include "loaders/bytes.h"

#include <cstdint>
#include <functional>
#include <vector>

namespace rgx::testing {

using FuzzTarget = std::function<void(rgx::loaders::ByteSpan)>;

// Runs target on every seed unchanged, then on `iterations` mutated inputs derived from the seeds
// with a fixed random seed. Returns the number of inputs run.
std::size_t runMutations(const std::vector<rgx::loaders::Bytes>& seeds, const FuzzTarget& target,
                         std::size_t iterations, std::uint32_t randomSeed = 1);

} // namespace rgx::testing
