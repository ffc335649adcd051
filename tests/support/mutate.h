#pragma once
// A small mutation fuzzer for the test suite: it feeds a fuzz target thousands of variants of
// valid files (bit flips, byte sets to boundary values, truncations, inserted and deleted runs,
// overwritten u32 counts). The target must not crash and must throw nothing but rgx::Error;
// ASan/UBSan builds turn memory errors into failures.
//
// Each run draws a fresh random seed, so repeated test runs explore different inputs; the seed is
// printed and RGX_FUZZ_SEED=N reproduces a run. A run also counts the inputs the reader accepted,
// so a test can require that the checks after parsing (writers, round trips) ran often enough.

#include "loaders/bytes.h"

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include <gtest/gtest.h>

namespace rgx::testing {

// Returns true when the reader accepted the input (the checks after parsing ran), false when it
// rejected it with an rgx::Error. Anything else escapes (a finding).
using FuzzTarget = std::function<bool(rgx::loaders::ByteSpan)>;

struct MutationStats {
    std::size_t runs = 0;     // seeds + mutated inputs
    std::size_t accepted = 0; // of those, read without an rgx::Error
    std::uint32_t seed = 0;   // the random seed the mutations were drawn with
};

// RGX_FUZZ_SEED when set (to reproduce a run), else a fresh random seed.
std::uint32_t fuzzSeed();

// Runs target on every seed unchanged, then on `iterations` mutated inputs derived from the seeds
// with randomSeed.
MutationStats runMutations(const std::vector<rgx::loaders::Bytes>& seeds, const FuzzTarget& target,
                           std::size_t iterations, std::uint32_t randomSeed);

// runMutations with fuzzSeed(), announcing the seed (stdout and the test's XML properties); fails
// the test when fewer than minAccepted inputs were accepted. Returns the statistics.
MutationStats fuzzRun(const std::string& name, const std::vector<rgx::loaders::Bytes>& seeds,
                      const FuzzTarget& target, std::size_t iterations, std::size_t minAccepted);

} // namespace rgx::testing
