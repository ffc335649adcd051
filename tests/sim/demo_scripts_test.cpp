// The demo's scripts (demo/demo_scripts.h) pass the checks a real install gets
// (tests/support/game_scripts_check.h), and run to what docs/scripts.md says they do.

#include "demo/demo_actors_rgm.h"
#include "demo/demo_scripts.h"
#include "loaders/redguard/soup_asm.h"
#include "scene/redguard/scene_builder.h"
#include "sim/script_world.h"
#include "tests/sim/demo_island.h"
#include "tests/support/demo_dir.h"
#include "tests/support/game_scripts_check.h"

#include <gtest/gtest.h>

#include <algorithm>

using namespace rgx;

namespace {

const scene::Scene& island() {
    return test::demoIsland();
}

std::size_t instanceOf(const scene::Scene& s, std::string_view name) {
    for (std::size_t i = 0; i < s.redguard.scriptObjects.size(); ++i) {
        if (s.redguard.scriptObjects[i].name == name) return i;
    }
    return ~std::size_t{0};
}

} // namespace

TEST(DemoScripts, PassTheRealGameChecks) {
    const rgx::testing::GameScriptsReport r = rgx::testing::checkGameScripts(rgx::testing::smallDemoDir());
    for (const std::string& f : r.failures)
        ADD_FAILURE() << f;
    EXPECT_EQ(r.maps, 3u);
    EXPECT_GE(r.scripts, 8u);
    // The demo calls no id-0 function, and names its objects by their RANM names.
    EXPECT_TRUE(r.id0Readings.empty());
    EXPECT_EQ(r.id0Verdicts.size(), 1u);
    EXPECT_EQ(r.id0Verdicts.count("no id-0 call"), 1u);
    EXPECT_TRUE(r.nameFallbacks.empty()) << r.nameFallbacks.front();
    // In the first 10 s the island calls the families the demo shows.
    const auto& island = r.histogram.at("ISLAND.RGM");
    for (const char* f : {"MoveToLocation", "DrawSword", "SetGlobalFlag", "Light", "SyncWithGroup", "HideMe"})
        EXPECT_GT(island.count(f) ? island.at(f) : 0u, 0u) << f;
}

TEST(DemoScripts, EveryScriptedThingHappensByItsTime) {
    const scene::Scene& s = island();
    sim::ScriptWorld world(s, 12);
    const std::size_t door = instanceOf(s, demo::kDoorScript), statue = instanceOf(s, demo::kStatueScript),
                      guard = instanceOf(s, "GUARD"), gull = instanceOf(s, demo::kGullLeadScript),
                      hider = instanceOf(s, demo::kHiderScript), torch = instanceOf(s, demo::kTorchScript);
    ASSERT_LT(door, s.redguard.scriptObjects.size());
    ASSERT_LT(torch, s.redguard.scriptObjects.size());
    world.setTime(1);
    const double doorYaw = world.vm().instance(door).object.angles[1];
    EXPECT_FALSE(world.vm().instance(statue).object.staticLoaded);
    EXPECT_FALSE(world.vm().instance(guard).object.swordDrawn);
    EXPECT_TRUE(world.vm().instance(torch).object.light);
    const Vec3 gullAt = world.vm().instance(gull).object.position;
    world.setTime(demo::kGuardSwordDrawn);
    EXPECT_TRUE(world.vm().instance(guard).object.swordDrawn);
    EXPECT_TRUE(world.vm().instance(statue).object.staticLoaded);
    EXPECT_NEAR(world.vm().instance(door).object.angles[1], doorYaw + 512, 1e-6);
    EXPECT_FALSE(world.vm().instance(gull).object.position == gullAt);
    // The hider alternates: hidden at some tick of two seconds, shown at another.
    bool hidden = false, shown = false;
    for (int t = 0; t < 60; ++t) {
        world.step();
        (world.vm().instance(hider).object.hidden ? hidden : shown) = true;
    }
    EXPECT_TRUE(hidden && shown);
    EXPECT_TRUE(world.vm().events().empty()) << world.vm().events().front().text;
    // Scrubbing back gives the same state as a fresh run.
    world.setTime(5);
    sim::ScriptWorld fresh(s, 12);
    fresh.setTime(5);
    for (std::size_t i = 0; i < s.redguard.scriptObjects.size(); ++i)
        EXPECT_EQ(world.vm().instance(i).object.position, fresh.vm().instance(i).object.position) << i;
}

TEST(DemoScripts, TheWorldStateShowsWhatTheScriptsDo) {
    const scene::Scene& s = island();
    sim::SceneAnimation animation(s, sim::animationSettings(s));
    sim::ScriptWorld world(s, 12);
    sim::WorldState at1, at13;
    animation.setTime(1);
    world.setTime(1);
    world.apply(at1, &animation);
    animation.setTime(demo::kGuardSwordDrawn);
    world.setTime(demo::kGuardSwordDrawn);
    world.apply(at13, &animation);
    const scene::ScriptObject& statue = s.redguard.scriptObjects[instanceOf(s, demo::kStatueScript)];
    EXPECT_TRUE(at1.nodes[static_cast<std::size_t>(statue.node)].hidden);
    EXPECT_FALSE(at13.nodes[static_cast<std::size_t>(statue.node)].hidden);
    // A slave gull flies with its master: its own script never moves it.
    const scene::ScriptObject& slave = s.redguard.scriptObjects[instanceOf(s, demo::kGullScript)];
    ASSERT_TRUE(at13.nodes[static_cast<std::size_t>(slave.node)].world.has_value());
    const rgx::Vec3 slaveMoved = at13.nodes[static_cast<std::size_t>(slave.node)].world->translationPart() -
                                 s.nodes[static_cast<std::size_t>(slave.node)].world.translationPart();
    EXPECT_GT(dot(slaveMoved, slaveMoved), 100.0);
    EXPECT_EQ(world.vm().instance(instanceOf(s, demo::kGullScript)).object.position, slave.enginePosition);
    const scene::ScriptObject& lead = s.redguard.scriptObjects[instanceOf(s, demo::kGullLeadScript)];
    const rgx::Vec3 leadMoved = at13.nodes[static_cast<std::size_t>(lead.node)].world->translationPart() -
                                s.nodes[static_cast<std::size_t>(lead.node)].world.translationPart();
    EXPECT_GT(dot(leadMoved, leadMoved), 100.0);
    const scene::ScriptObject& door = s.redguard.scriptObjects[instanceOf(s, demo::kDoorScript)];
    EXPECT_FALSE(at1.nodes[static_cast<std::size_t>(door.node)].world.has_value());
    EXPECT_TRUE(at13.nodes[static_cast<std::size_t>(door.node)].world.has_value());
    EXPECT_FALSE(at1.objectLights.empty()); // the torches
    // The guard's item: the hand model at his hand vertex.
    const scene::ScriptObject& guard = s.redguard.scriptObjects[instanceOf(s, "GUARD")];
    const scene::SceneActor& actor =
        s.redguard.actors[static_cast<std::size_t>(s.nodes[static_cast<std::size_t>(guard.node)].actor)];
    const sim::NodeState& item = at13.nodes[static_cast<std::size_t>(actor.itemNode)];
    EXPECT_FALSE(item.hidden);
    // The item HandItem gave him, ITEM.INI's guard sword: its hand model while drawn.
    ASSERT_TRUE(s.redguard.items.count(demo::kGuardSwordItem));
    const scene::HeldItemModels& sword = s.redguard.items.at(demo::kGuardSwordItem);
    EXPECT_GE(sword.hand, 0);
    EXPECT_GE(sword.hilt, 0);
    EXPECT_NE(sword.hand, sword.hilt);
    EXPECT_EQ(item.mesh, sword.hand);
    // Every model it can show is among the item node's meshes (what the looks upload for it).
    const std::vector<int> meshes = scene::nodeMeshes(s, s.nodes[static_cast<std::size_t>(actor.itemNode)]);
    EXPECT_NE(std::find(meshes.begin(), meshes.end(), sword.hilt), meshes.end());
}

TEST(DemoScripts, PlayAnimationsFirstCommandReachesTheActor) {
    // The guards' script replaced by PlayAnimation(swing group, 2): the actor plays the group from
    // its command 2 from tick 0, as a player started there does (not from command 0).
    scene::Scene s = island();
    for (loaders::SoupActorScript& script : s.redguard.scripts) {
        if (script.name != "GUARD") continue;
        script.code = loaders::assembleSoup("PlayAnimation(" + std::to_string(demo::kSwingGroup) +
                                                ", 2)\nloop:\ntask Wait(100)\nGoto loop\n",
                                            &loaders::gameSoupDef(), "guard");
        script.scriptPc = 0;
    }
    const scene::ScriptObject& guard = s.redguard.scriptObjects[instanceOf(s, "GUARD")];
    const std::size_t actor = static_cast<std::size_t>(s.nodes[static_cast<std::size_t>(guard.node)].actor);
    sim::SceneAnimation animation(s, sim::animationSettings(s));
    sim::ScriptWorld world(s, 12);
    const double t = 5.0 / 12; // ticks 0..5 run
    animation.setTime(t);
    world.setTime(t);
    sim::WorldState out;
    world.apply(out, &animation);
    sim::AnimPlayer from2(animation.player(actor).clip()), from0(animation.player(actor).clip());
    ASSERT_TRUE(from2.play(demo::kSwingGroup, 2));
    ASSERT_TRUE(from0.play(demo::kSwingGroup, 0));
    for (int k = 0; k < 6; ++k) {
        from2.step();
        from0.step();
    }
    ASSERT_NE(from2.handle(), from0.handle()) << "the two starts must show different frames here";
    EXPECT_EQ(animation.player(actor).group(), demo::kSwingGroup);
    EXPECT_EQ(animation.player(actor).handle(), from2.handle());
}
