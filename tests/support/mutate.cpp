#include "tests/support/mutate.h"

#include <cstdlib>
#include <iostream>
#include <random>

namespace rgx::testing {

namespace {

void mutateOnce(rgx::loaders::Bytes& b, std::mt19937& rng) {
    auto pick = [&](std::size_t n) { return n == 0 ? std::size_t{0} : static_cast<std::size_t>(rng() % n); };
    switch (rng() % 7) {
    case 0: // bit flip
        if (!b.empty()) b[pick(b.size())] ^= static_cast<std::uint8_t>(1u << (rng() % 8));
        break;
    case 1: { // boundary byte
        static const std::uint8_t values[] = {0x00, 0x01, 0x7F, 0x80, 0xFE, 0xFF};
        if (!b.empty()) b[pick(b.size())] = values[rng() % 6];
        break;
    }
    case 2: // truncate
        b.resize(pick(b.size() + 1));
        break;
    case 3: { // delete a run
        if (b.empty()) break;
        std::size_t at = pick(b.size());
        std::size_t len = 1 + pick(std::min<std::size_t>(64, b.size() - at));
        b.erase(b.begin() + static_cast<std::ptrdiff_t>(at),
                b.begin() + static_cast<std::ptrdiff_t>(std::min(b.size(), at + len)));
        break;
    }
    case 4: { // insert a run
        std::size_t at = pick(b.size() + 1);
        std::size_t len = 1 + pick(32);
        b.insert(b.begin() + static_cast<std::ptrdiff_t>(at), len, static_cast<std::uint8_t>(rng()));
        break;
    }
    case 5: { // overwrite a 32-bit word (counts, offsets, lengths) with an interesting value
        if (b.size() < 4) break;
        static const std::uint32_t values[] = {0u,          1u,      0x7FFFFFFFu, 0x80000000u,
                                               0xFFFFFFFFu, 0xFFFFu, 0x10000u};
        std::uint32_t v = values[rng() % 7];
        std::size_t at = pick(b.size() - 3);
        for (int i = 0; i < 4; ++i)
            b[at + static_cast<std::size_t>(i)] = static_cast<std::uint8_t>(v >> (8 * i));
        break;
    }
    default: // random byte
        if (!b.empty()) b[pick(b.size())] = static_cast<std::uint8_t>(rng());
        break;
    }
}

} // namespace

std::uint32_t fuzzSeed() {
    if (const char* env = std::getenv("RGX_FUZZ_SEED"); env && *env) {
        return static_cast<std::uint32_t>(std::strtoul(env, nullptr, 10));
    }
    return std::random_device{}();
}

MutationStats runMutations(const std::vector<rgx::loaders::Bytes>& seeds, const FuzzTarget& target,
                           std::size_t iterations, std::uint32_t randomSeed) {
    MutationStats stats;
    stats.seed = randomSeed;
    for (const auto& s : seeds) {
        stats.accepted += target(s) ? 1 : 0;
        ++stats.runs;
    }
    if (seeds.empty()) return stats;
    std::mt19937 rng(randomSeed);
    for (std::size_t i = 0; i < iterations; ++i) {
        rgx::loaders::Bytes b = seeds[i % seeds.size()];
        int n = 1 + static_cast<int>(rng() % 4);
        for (int k = 0; k < n; ++k)
            mutateOnce(b, rng);
        stats.accepted += target(b) ? 1 : 0;
        ++stats.runs;
    }
    return stats;
}

MutationStats fuzzRun(const std::string& name, const std::vector<rgx::loaders::Bytes>& seeds,
                      const FuzzTarget& target, std::size_t iterations, std::size_t minAccepted) {
    const std::uint32_t seed = fuzzSeed();
    std::cout << "fuzz " << name << ": seed " << seed << " (RGX_FUZZ_SEED=" << seed << " reproduces this run)"
              << std::endl;
    ::testing::Test::RecordProperty("fuzz_seed", std::to_string(seed));
    const MutationStats stats = runMutations(seeds, target, iterations, seed);
    std::cout << "fuzz " << name << ": " << stats.runs << " inputs, " << stats.accepted << " accepted"
              << std::endl;
    ::testing::Test::RecordProperty("fuzz_accepted", static_cast<int>(stats.accepted));
    EXPECT_GE(stats.accepted, minAccepted)
        << "fuzz " << name << " (seed " << seed << "): too few inputs were accepted for the checks after "
        << "parsing to run";
    return stats;
}

} // namespace rgx::testing
