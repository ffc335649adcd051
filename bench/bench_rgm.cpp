// readRgm throughput on an island-sized scene built with the writer (counts from notes.md:
// ISLAND.RGM has 1,691 MPSO, 510 MPOB, 576 MPSF), against plain passes over the same bytes.

#include "loaders/redguard/rgm.h"

#include <benchmark/benchmark.h>

#include <cstring>
#include <numeric>

using namespace rgx::loaders;

namespace {

const Bytes& islandRgm() {
    static const Bytes bytes = [] {
        Rgm x;
        x.rgmd = Bytes(48, 0);
        constexpr int kActors = 40;
        for (int i = 0; i < 510; ++i) {
            RgmMpob o;
            o.id = static_cast<std::uint32_t>(i);
            o.scriptName = i < kActors ? "ACTOR" + std::to_string(i) : "OBJ" + std::to_string(i);
            o.modelName = i < kActors ? "" : "MODEL" + std::to_string(i % 97);
            o.pos = {i * 37 - 9000, -i * 11, 0xFF0000 + i, {0, 0, 0}};
            o.angles = {static_cast<std::uint32_t>(i * 7), 512, 0};
            x.mpob.push_back(o);
        }
        for (int i = 0; i < 1691; ++i) {
            RgmMpso s;
            s.id = static_cast<std::uint32_t>(i);
            s.modelName = "STATIC" + std::to_string(i % 300);
            s.pos = {i * 13, -i * 3, 0xFF0000 - i, {0, 0, 0}};
            s.matrix = {1 << 28, 0, 0, 0, 1 << 28, 0, 0, 0, 1 << 28};
            x.mpso.push_back(s);
        }
        for (int i = 0; i < 576; ++i) {
            x.mpsf.push_back(RgmMpsf{static_cast<std::uint32_t>(i),
                                     0,
                                     {i, i, i, {0, 0, 0}},
                                     static_cast<std::uint16_t>((i % 400) << 7 | (i % 20)),
                                     0});
        }
        x.mpsl.resize(64);
        x.mpmk.resize(300);
        x.mprp.resize(12);
        std::uint32_t raanOffset = 0;
        std::uint32_t ragrOffset = 0;
        for (int a = 0; a < kActors; ++a) {
            RgmActor actor;
            actor.scriptName = "ACTOR" + std::to_string(a);
            actor.raanCount = 5;
            actor.raanOffset = static_cast<std::int32_t>(raanOffset);
            actor.ragrOffset = ragrOffset;
            x.rahd.actors.push_back(actor);
            for (int k = 0; k < 5; ++k) {
                RgmRaanEntry e{0, 30, 'c',
                               "3dart\\ACT" + std::to_string(a) + "_" + std::to_string(k) + ".3dc"};
                raanOffset += static_cast<std::uint32_t>(6 + e.path.size() + 1);
                x.raan.push_back(e);
            }
            RgmAnimList list;
            for (int g = 0; g < 60; ++g) {
                std::vector<std::uint32_t> commands;
                for (int c = 0; c < 12; ++c)
                    commands.push_back(encodeRagrCommand({0, {c, 1, 0}}));
                commands.push_back(encodeRagrCommand({2, {0, 0, 0}}));
                ragrOffset += static_cast<std::uint32_t>(2 + 8 + commands.size() * 3);
                addRgmAnimGroup(list, static_cast<std::uint16_t>(g), 0, 0, commands);
            }
            ragrOffset += 2;
            x.ragr.push_back(list);
            x.raat.emplace_back();
            x.raex.emplace_back();
        }
        x.rasc = Bytes(60000, 0x05);
        x.rast = Bytes(8000, 'a');
        x.rava.resize(2000);
        x.rasb.resize(800);
        return writeRgm(x);
    }();
    return bytes;
}

void BM_RgmRead(benchmark::State& state) {
    const Bytes& bytes = islandRgm();
    for (auto _ : state) {
        Rgm rgm = readRgm(bytes, "ISLAND.RGM");
        benchmark::DoNotOptimize(rgm);
    }
    state.SetBytesProcessed(static_cast<std::int64_t>(state.iterations()) *
                            static_cast<std::int64_t>(bytes.size()));
    state.counters["file_bytes"] = static_cast<double>(bytes.size());
}
BENCHMARK(BM_RgmRead);

// Baseline 1: what loading the file costs at least: a fresh buffer holding a copy of the bytes.
void BM_RgmPlainCopy(benchmark::State& state) {
    const Bytes& bytes = islandRgm();
    for (auto _ : state) {
        Bytes copy(bytes.size());
        std::memcpy(copy.data(), bytes.data(), bytes.size());
        benchmark::DoNotOptimize(copy.data());
        benchmark::ClobberMemory();
    }
    state.SetBytesProcessed(static_cast<std::int64_t>(state.iterations()) *
                            static_cast<std::int64_t>(bytes.size()));
}
BENCHMARK(BM_RgmPlainCopy);

// Baseline 2: one read of every byte (a byte sum the compiler vectorises).
void BM_RgmPlainSum(benchmark::State& state) {
    const Bytes& bytes = islandRgm();
    for (auto _ : state) {
        std::uint64_t sum = std::accumulate(bytes.begin(), bytes.end(), std::uint64_t{0});
        benchmark::DoNotOptimize(sum);
    }
    state.SetBytesProcessed(static_cast<std::int64_t>(state.iterations()) *
                            static_cast<std::int64_t>(bytes.size()));
}
BENCHMARK(BM_RgmPlainSum);

} // namespace

BENCHMARK_MAIN();
