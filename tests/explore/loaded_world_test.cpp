// The explorer's loaded world (app/explore/loaded_world.h): what the loader builds becomes one
// object, and a load replaces it whole, so nothing of the world before is left with the new one.

#include "app/explore/explore_loader.h"
#include "app/explore/loaded_world.h"
#include "scene/engine.h"
#include "tests/support/demo_dir.h"

#include <gtest/gtest.h>

#include <memory>
#include <utility>

namespace rgx::app {
namespace {

std::unique_ptr<LoadedWorld> load(SceneLoader& loader, std::int64_t world) {
    EXPECT_TRUE(loader.start(SceneRequest{world, {}, {}}));
    std::optional<LoadedScene> loaded = loader.wait();
    EXPECT_TRUE(loaded && loaded->scene) << (loaded ? loaded->error : "no load");
    return makeLoadedWorld(loaded->request, std::move(loaded->scene), {});
}

TEST(LoadedWorld, ALoadSwapsTheWholeWorld) {
    const scene::GameFs fs(rgx::testing::smallDemoDir());
    const scene::GameDirectory games(fs);
    SceneLoader loader(&fs, &games);

    std::unique_ptr<LoadedWorld> shown = load(loader, 0);
    ASSERT_TRUE(shown);
    // Every part belongs to the island: its clock's scripts read its scene, its looks are made.
    ASSERT_NE(shown->clock->scripts(), nullptr) << "the demo island runs scripts";
    EXPECT_EQ(&shown->clock->scripts()->scene(), shown->scene.get());
    EXPECT_EQ(shown->clock->state().nodes.size(), shown->scene->nodes.size());
    EXPECT_TRUE(shown->software.ready());
    EXPECT_EQ(shown->request.world, 0);
    // What the explorer works out about a world as it is shown: time run, records read, the
    // placed geometry of a "go to".
    for (int k = 0; k < 60; ++k)
        shown->clock->advance(1.0 / 30.0, {}, true);
    EXPECT_GT(shown->clock->scripts()->vm().ticks(), 0u);
    shown->filesRead = true;
    EXPECT_FALSE(shown->placedGeometry().empty());

    std::unique_ptr<LoadedWorld> next = load(loader, 2);
    ASSERT_TRUE(next);
    const scene::Scene* scene = next->scene.get();
    const renderer::PreparedWorld* prepared = next->prepared.get();
    const sim::WorldClock* clock = next->clock.get();
    shown = std::move(next); // the swap: one move

    EXPECT_EQ(shown->request.world, 2);
    EXPECT_EQ(shown->scene.get(), scene);
    EXPECT_EQ(shown->prepared.get(), prepared);
    EXPECT_EQ(shown->clock.get(), clock);
    EXPECT_EQ(shown->clock->state().nodes.size(), scene->nodes.size());
    if (const sim::ScriptWorld* scripts = shown->clock->scripts()) {
        EXPECT_EQ(&scripts->scene(), scene);
        EXPECT_EQ(scripts->vm().ticks(), 0u) << "a new world's clock starts at 0";
    }
    EXPECT_TRUE(shown->software.ready());
    // Nothing worked out for the island came along.
    EXPECT_FALSE(shown->filesRead);
    EXPECT_FALSE(shown->rgm || shown->wld || shown->resolver);
    EXPECT_FALSE(shown->triangles.has_value());
}

} // namespace
} // namespace rgx::app
