#pragma once
// The small demo's island (world 0), built once per test binary: the world the sim tests run.

#include "scene/redguard/scene_builder.h"
#include "tests/support/demo_dir.h"

namespace rgx::test {

inline const scene::Scene& demoIsland() {
    static const scene::Scene s = [] {
        const scene::GameFs fs(rgx::testing::smallDemoDir());
        return scene::buildWorldScene(fs, 0);
    }();
    return s;
}

} // namespace rgx::test
