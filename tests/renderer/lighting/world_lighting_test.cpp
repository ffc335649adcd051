// What both looks take from the world (renderer/lighting/world_lighting.h): which MPSL lights light.

#include "renderer/lighting/world_lighting.h"

#include <gtest/gtest.h>

namespace rgx::renderer {
namespace {

scene::SceneNode lightNode(double x, bool active) {
    scene::SceneNode n;
    n.kind = scene::NodeKind::Light;
    n.light = scene::LightInfo{};
    n.light->color = {255, 128, 0};
    n.light->active = active;
    n.world = rgx::Mat4::translation({x, 0, 0});
    return n;
}

// An MPSL record whose channel_map is all zero (scene::LightInfo::active false) lights nothing.
TEST(WorldLighting, InactiveLightsAreNotLights) {
    scene::Scene s;
    s.redguard.world = loaders::WorldEntry{};
    s.nodes.push_back(lightNode(10, true));
    s.nodes.push_back(lightNode(20, false));
    s.nodes.push_back(lightNode(30, true));
    const WorldLighting lighting = worldLighting(s);
    ASSERT_EQ(lighting.lights.size(), 2u);
    EXPECT_EQ(lighting.lights[0].position[0], 10.0f);
    EXPECT_EQ(lighting.lights[1].position[0], 30.0f);
    EXPECT_FLOAT_EQ(lighting.lights[0].color[1], 128.0f / 255.0f);
}

// The world state's lights (sim::LightState, by scene node): one turned off is not among the
// frame's lights, and its overrides replace the record's colour, intensity and radius.
TEST(WorldLighting, FrameLightsFollowTheWorldState) {
    scene::Scene s;
    s.redguard.world = loaders::WorldEntry{};
    s.nodes.push_back(lightNode(10, true));
    s.nodes.push_back(lightNode(20, true));
    s.nodes.push_back(lightNode(30, true));
    const WorldLighting lighting = worldLighting(s);
    sim::WorldState state = sim::restState(s);
    const std::vector<PointLight> rest = frameLights(lighting, {0, 0, 0}, {}, &state);
    ASSERT_EQ(rest.size(), 3u);
    EXPECT_EQ(rest[1].color, frameLights(lighting, {0, 0, 0}, {})[1].color) << "a rest state is no state";
    state.lights[1].on = false;
    state.lights[2].color = std::array<float, 3>{0, 0, 1};
    state.lights[2].intensity = 0.5f;
    state.lights[2].radius = 99;
    const std::vector<PointLight> lights = frameLights(lighting, {0, 0, 0}, {}, &state);
    ASSERT_EQ(lights.size(), 2u);
    EXPECT_EQ(lights[0].position[0], 10.0f);
    EXPECT_EQ(lights[1].position[0], 30.0f);
    EXPECT_EQ(lights[1].color, (std::array<float, 3>{0, 0, 0.5f}));
    EXPECT_EQ(lights[1].radius, 99.0f);
    EXPECT_EQ(lights[0].node, 0u);
    EXPECT_EQ(lights[1].node, 2u);
}

// An MPSL record's kind from light_param (0 ambient, 28 directional, else a point light), its
// intensity from param0 / 255 and range from param1 (0 or less: 1 and kLightRadius).
TEST(WorldLighting, MpslRecordsGiveTheirKindIntensityAndRange) {
    EXPECT_EQ(lightKind(0), LightKind::Ambient);
    EXPECT_EQ(lightKind(28), LightKind::Directional);
    EXPECT_EQ(lightKind(5), LightKind::Point);
    scene::LightInfo info;
    info.color = {255, 128, 0};
    info.param = 28;
    info.param0 = 51;
    info.param1 = 700;
    info.direction = {0, 512, 0}; // engine y down: shining down
    const PointLight l = mpslLight(info, {1, 2, 3});
    EXPECT_EQ(l.kind, LightKind::Directional);
    EXPECT_FLOAT_EQ(l.color[0], 0.2f);
    EXPECT_FLOAT_EQ(l.color[1], 128.0f / 255 * 0.2f);
    EXPECT_EQ(l.radius, 700);
    EXPECT_EQ(l.position, (std::array<float, 3>{1, 2, 3}));
    EXPECT_FLOAT_EQ(l.toLight[1], 1.0f); // lit surfaces face up, towards where it comes from
    info.param0 = 0;
    info.param1 = 0;
    const PointLight defaults = mpslLight(info, {});
    EXPECT_FLOAT_EQ(defaults.color[0], 1.0f);
    EXPECT_EQ(defaults.radius, static_cast<float>(kLightRadius));
}

// gouraudLight by kind, at 300 units from a light of range 600 (falloff 0.5), no ambient or sun.
TEST(WorldLighting, EachKindLightsByItsRule) {
    WorldLighting env;
    env.ambient = {0, 0, 0};
    PointLight l;
    l.position = {0, 300, 0};
    l.radius = 600;
    l.color = {1, 1, 1};
    const std::array<float, 3> p{0, 0, 0}, up{0, 1, 0}, side{1, 0, 0};
    const auto light = [&](LightKind kind, const std::array<float, 3>& n) {
        l.kind = kind;
        return gouraudLight(env, {l}, p, n)[0];
    };
    EXPECT_FLOAT_EQ(light(LightKind::Point, up), 0.5f);   // facing it
    EXPECT_FLOAT_EQ(light(LightKind::Point, side), 0.0f); // edge on
    EXPECT_FLOAT_EQ(light(LightKind::Ambient, side), 0.5f);
    l.toLight = {1, 0, 0}; // a directional light from +x, wherever it stands
    EXPECT_FLOAT_EQ(light(LightKind::Directional, side), 0.5f);
    EXPECT_FLOAT_EQ(light(LightKind::Directional, up), 0.0f);
}

} // namespace
} // namespace rgx::renderer
