// ROB parse throughput against a plain memory pass over the same bytes. The archive is built in
// memory with the writers: 300 embedded v5.0 segments of a 15 x 20 vertex grid (300 vertices, 532
// textured triangles, vertex normals, indirection table, a Section4 node) plus external references.
// Aim (issue 3): readRob costs no more than 3x the plain pass.

#include "loaders/redguard/model3d.h"
#include "loaders/redguard/rob.h"

#include <benchmark/benchmark.h>

#include <cstring>
#include <numeric>

namespace {

using namespace rgx::loaders;

Model gridModel(int seed) {
    constexpr int kW = 15, kH = 20;
    ModelSpec spec;
    spec.version = ModelVersion::V50;
    for (int y = 0; y < kH; ++y) {
        for (int x = 0; x < kW; ++x) {
            spec.positions.push_back({x * 512, ((x * 7 + y * 13 + seed) % 17) * 64, y * 512});
        }
    }
    for (int y = 0; y + 1 < kH; ++y) {
        for (int x = 0; x + 1 < kW; ++x) {
            std::uint32_t a = static_cast<std::uint32_t>(y * kW + x), b = a + 1, c = a + kW, d = c + 1;
            std::uint32_t tex = static_cast<std::uint32_t>(100 + (seed + x) % 300);
            spec.faces.push_back({{a, c, b}, {{0, 0}, {0, 1024}, {1024, 0}}, std::nullopt, tex, 1, 70});
            spec.faces.push_back({{b, c, d}, {{1024, 0}, {0, 1024}, {1024, 1024}}, std::nullopt, tex, 2, 70});
        }
    }
    Model m = buildModel(spec);
    BvhNode node{{3584, 512, 4864}, 6000, {0x45000000, 0x44000000, 0x45000000}, {}};
    for (std::uint16_t f = 0; f < 64; ++f)
        node.faces.push_back({0, static_cast<std::uint16_t>(f * 4)});
    m.bvh.push_back(node);
    layoutModel(m);
    return m;
}

const Bytes& archive() {
    static const Bytes bytes = [] {
        Rob rob;
        for (int i = 0; i < 300; ++i) {
            rob.segments.push_back(robModelSegment("SEG" + std::to_string(i), gridModel(i)));
            if (i % 30 == 0) rob.segments.push_back(robExternalSegment("EXT" + std::to_string(i)));
        }
        return writeRob(rob);
    }();
    return bytes;
}

void BM_ReadRob(benchmark::State& state) {
    const Bytes& b = archive();
    for (auto _ : state) {
        Rob rob = readRob(b, "bench.rob");
        benchmark::DoNotOptimize(rob.segments.data());
    }
    state.SetBytesProcessed(static_cast<std::int64_t>(state.iterations()) *
                            static_cast<std::int64_t>(b.size()));
    state.counters["file_bytes"] = static_cast<double>(b.size());
}
BENCHMARK(BM_ReadRob)->Unit(benchmark::kMillisecond);

// The plain memory pass: every byte read once.
void BM_SumBytes(benchmark::State& state) {
    const Bytes& b = archive();
    for (auto _ : state) {
        std::uint64_t sum = std::accumulate(b.begin(), b.end(), std::uint64_t{0});
        benchmark::DoNotOptimize(sum);
    }
    state.SetBytesProcessed(static_cast<std::int64_t>(state.iterations()) *
                            static_cast<std::int64_t>(b.size()));
}
BENCHMARK(BM_SumBytes)->Unit(benchmark::kMillisecond);

// A plain copy into a fresh buffer (what keeping the raw payloads costs at least).
void BM_CopyBytes(benchmark::State& state) {
    const Bytes& b = archive();
    for (auto _ : state) {
        Bytes copy(b.size());
        std::memcpy(copy.data(), b.data(), b.size());
        benchmark::DoNotOptimize(copy.data());
    }
    state.SetBytesProcessed(static_cast<std::int64_t>(state.iterations()) *
                            static_cast<std::int64_t>(b.size()));
}
BENCHMARK(BM_CopyBytes)->Unit(benchmark::kMillisecond);

} // namespace

BENCHMARK_MAIN();
