#pragma once
// What the benchmarks that build scenes from files share: a game directory written once per process
// into the temp directory (removed at exit), and the loop that builds one of its worlds from a fresh
// GameFs each iteration, counting what it built.

#include "scene/engine.h"
#include "scene/game_fs.h"

#include <benchmark/benchmark.h>

#include <cstdlib>
#include <filesystem>
#include <functional>
#include <string>
#include <unistd.h>

namespace rgx::bench {

// <temp>/rgx_bench_<name>_<pid>, made empty and filled by `fill` the first time; never destroyed, so
// the exit handler can still read it. One directory a process.
inline const std::filesystem::path&
benchGameDir(const std::string& name, const std::function<void(const std::filesystem::path&)>& fill) {
    static const std::filesystem::path* dir = nullptr;
    if (!dir) {
        dir = new std::filesystem::path(std::filesystem::temp_directory_path() /
                                        ("rgx_bench_" + name + "_" + std::to_string(::getpid())));
        std::filesystem::remove_all(*dir);
        std::filesystem::create_directories(*dir);
        fill(*dir);
        std::atexit([] {
            std::error_code ec;
            std::filesystem::remove_all(*dir, ec);
        });
    }
    return *dir;
}

// Builds `world` of `dir` every iteration (a fresh GameFs: every file read again); counters: the
// scene's nodes, mesh triangles and warnings.
inline void buildWorldEachIteration(benchmark::State& state, const std::filesystem::path& dir,
                                    std::int64_t world) {
    std::size_t nodes = 0, triangles = 0, warnings = 0;
    for (auto _ : state) {
        const scene::GameFs fs(dir);
        const scene::Scene scene = scene::buildGameWorld(fs, world);
        nodes = scene.nodes.size();
        triangles = scene.totalTriangles();
        warnings = scene.warnings.size();
        benchmark::DoNotOptimize(scene.nodes.data());
    }
    state.counters["nodes"] = static_cast<double>(nodes);
    state.counters["mesh_triangles"] = static_cast<double>(triangles);
    state.counters["warnings"] = static_cast<double>(warnings);
}

} // namespace rgx::bench
