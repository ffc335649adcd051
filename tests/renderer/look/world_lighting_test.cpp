// What both looks take from the world (renderer/look/world_lighting.h): which MPSL lights light.

#include "renderer/look/world_lighting.h"

#include <gtest/gtest.h>

namespace rgx::renderer {
namespace {

scene::SceneNode lightNode(double x, bool active) {
    scene::SceneNode n;
    n.kind = scene::NodeKind::Light;
    n.light = scene::LightInfo{};
    n.light->color = {255, 128, 0};
    n.light->active = active;
    n.world = scene::Mat4::translation({x, 0, 0});
    return n;
}

// An MPSL record whose channel_map is all zero (scene::LightInfo::active false) lights nothing.
TEST(WorldLighting, InactiveLightsAreNotLights) {
    scene::Scene s;
    s.world = loaders::WorldEntry{};
    s.nodes.push_back(lightNode(10, true));
    s.nodes.push_back(lightNode(20, false));
    s.nodes.push_back(lightNode(30, true));
    const WorldLighting lighting = worldLighting(s);
    ASSERT_EQ(lighting.lights.size(), 2u);
    EXPECT_EQ(lighting.lights[0].position[0], 10.0f);
    EXPECT_EQ(lighting.lights[1].position[0], 30.0f);
    EXPECT_FLOAT_EQ(lighting.lights[0].color[1], 128.0f / 255.0f);
}

} // namespace
} // namespace rgx::renderer
