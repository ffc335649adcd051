#pragma once
// The island-scale demo (`rgx make-demo --scale island`) written into a temporary directory once
// per benchmark process and built into a scene (world 0): what the render and animation
// benchmarks measure on.

#include "demo/demo.h"
#include "scene/redguard/scene_builder.h"

#include <filesystem>
#include <string>

#include <unistd.h>

namespace rgx::bench {

struct Island {
    std::filesystem::path dir;
    scene::Scene scene;
    Island() {
        dir = std::filesystem::temp_directory_path() / ("rgx_bench_island_" + std::to_string(::getpid()));
        demo::DemoOptions options;
        options.scale = demo::Scale::Island;
        demo::writeDemo(demo::buildDemo(options), dir);
        scene = scene::buildWorldScene(scene::GameFs(dir), 0);
    }
    ~Island() { std::filesystem::remove_all(dir); }
    Island(const Island&) = delete;
    Island& operator=(const Island&) = delete;
};

inline Island& island() {
    static Island i;
    return i;
}

} // namespace rgx::bench
