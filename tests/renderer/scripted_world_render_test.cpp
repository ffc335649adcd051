// The demo's scripted objects (demo/demo_scripts.h, docs/scripts.md) at two times, in both looks,
// through the look contract: each one's view changes between the times the docs give, because
// the scripts moved, turned, hid, loaded or lit it; with the scripts off the objects only scripts
// act on (the door, the statue, the hider) stand as placed at both times.

#include "demo/demo_scripts.h"
#include "renderer/looks.h"
#include "renderer/world/prepared_world.h"
#include "scene/redguard/scene_builder.h"
#include "sim/script_world.h"
#include "tests/renderer/vulkan_test_env.h"
#include "tests/support/demo_dir.h"
#include "tests/support/frame_request.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <string>

namespace rgx::renderer {
namespace {

constexpr int kWidth = 200, kHeight = 120;

struct Case {
    const char* script;
    double t1, t2;
    double distance, height;
    bool scriptsOnly; // only its script changes it
};

// The times: the door opens by 9 s, the statue loads at 10 s, the hider is hidden at 3 s, the
// torch is out at 19.9 s, the guard walks and draws, the gulls circle.
constexpr Case kCases[] = {
    {"DOOR", 1, 10, 500, 120, true},     {"STATUE", 5, 12, 700, 150, true},  {"HIDER", 1, 3, 400, 100, true},
    {"TORCH", 5, 19.9, 500, 150, false}, {"GUARD", 1, 13, 1400, 300, false}, {"GULL", 1, 8, 1400, 100, false},
};

const scene::Scene& island() {
    static const scene::Scene s = scene::buildWorldScene(scene::GameFs(rgx::testing::smallDemoDir()), 0);
    return s;
}

sim::WorldState stateAt(const scene::Scene& s, double t, bool scripts) {
    sim::SceneAnimation animation(s, sim::animationSettings(s));
    animation.setTime(t);
    if (!scripts) return animation.state();
    sim::ScriptWorld world(s, sim::animationSettings(s).ticksPerSecond);
    world.setTime(t);
    sim::WorldState out;
    world.apply(out, &animation);
    return out;
}

std::size_t differing(const LookFrame& a, const LookFrame& b) {
    std::size_t n = 0;
    for (std::size_t i = 0; i + 3 < a.picture.rgba.size(); i += 4)
        n += std::equal(a.picture.rgba.begin() + static_cast<long>(i),
                        a.picture.rgba.begin() + static_cast<long>(i) + 3,
                        b.picture.rgba.begin() + static_cast<long>(i))
                 ? 0
                 : 1;
    return n;
}

class ScriptedWorldLooks : public ::testing::TestWithParam<Look> {};

TEST_P(ScriptedWorldLooks, EveryScriptedObjectChangesItsViewBetweenTwoTimes) {
    const scene::Scene& s = island();
    const PreparedWorld world = prepareWorld(s);
    LookOptions options;
    options.vulkan = &test::vulkan();
    const std::unique_ptr<LookRenderer> look = makeLookRenderer(GetParam(), world, options);
    for (const Case& c : kCases) {
        const auto it = std::find_if(s.redguard.scriptObjects.begin(), s.redguard.scriptObjects.end(),
                                     [&](const scene::ScriptObject& o) { return o.name == c.script; });
        ASSERT_NE(it, s.redguard.scriptObjects.end()) << c.script;
        const rgx::Vec3 at = s.nodes[static_cast<std::size_t>(it->node)].world.translationPart();
        view::Camera camera;
        camera.position = {at.x, at.y + c.height, at.z + c.distance};
        camera.pitchDeg = -8;
        // One scene time for both pictures (water, sky, texture animation), the state of each time.
        const double frameTime = c.t1;
        const sim::WorldState a = stateAt(s, c.t1, true), b = stateAt(s, c.t2, true);
        const LookFrame fa = look->render(test::frameRequest(camera, frameTime, kWidth, kHeight, {}, &a));
        const LookFrame fb = look->render(test::frameRequest(camera, frameTime, kWidth, kHeight, {}, &b));
        EXPECT_GT(differing(fa, fb), 30u)
            << lookName(GetParam()) << ": " << c.script << " at " << c.t1 << " s and " << c.t2 << " s";
        if (c.scriptsOnly) {
            // With the scripts off the object stands as placed, shown, at both times.
            for (double t : {c.t1, c.t2}) {
                const sim::WorldState off = stateAt(s, t, false);
                const sim::NodeState& n = off.nodes[static_cast<std::size_t>(it->node)];
                EXPECT_FALSE(n.hidden || n.world) << c.script << " with the scripts off at " << t << " s";
            }
        }
    }
}

INSTANTIATE_TEST_SUITE_P(BothLooks, ScriptedWorldLooks, ::testing::Values(Look::Glide, Look::Software),
                         [](const ::testing::TestParamInfo<Look>& info) {
                             return std::string(info.param == Look::Glide ? "Glide" : "Software");
                         });

} // namespace
} // namespace rgx::renderer
