// PVO culling in the scene renderer, offscreen with validation on: the demo's baked octrees are
// conservative, so views rendered with PVO on and off are identical images, while inside the
// dungeon the PVO leaves out a large share of the objects before the frustum test.

#include "renderer/glide/glide_environment.h"
#include "renderer/glide/glide_renderer.h"
#include "renderer/views/scene_views.h"
#include "renderer/world/prepared_world.h"
#include "scene/redguard/scene_builder.h"
#include "tests/renderer/glide_image.h"
#include "tests/renderer/vulkan_test_env.h"

#include "tests/support/demo_dir.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <iostream>
#include <string>

namespace rgx::renderer {
namespace {

const std::filesystem::path& demoDir() {
    return rgx::testing::smallDemoDir();
}

constexpr VkExtent2D kSize{160, 90};

struct Views {
    int world;
    std::vector<std::string> cameras;
};

// Views over the whole demo: the island's default view and views looking far across it (the
// octree must know everything within reach of the far plane, frustum corners included), and in
// the dungeon views along rows and columns of aligned doorways, from rooms and from a corridor
// (the baker's rooms see their whole row and column).
std::vector<Views> demoViews() {
    return {{0,
             {"", "20000,900,20000,45,-5", "32768,1500,32768,200,-60", "40000,2000,30000,90,-70",
              "8000,1200,8000,135,-3", "60000,1500,60000,-45,-2", "5000,3000,60000,45,-4"}},
            {2,
             {"", "1024,160,1024,90,0", "1024,160,1024,180,0", "3072,160,3072,0,0", "3072,160,3072,270,-10",
              "3072,160,3072,45,-20", "1024,160,5120,0,0", "5120,160,3072,270,0", "2048,160,1024,90,0",
              "5120,160,1024,180,5"}}};
}

TEST(PvoRender, OnAndOffGiveIdenticalImages) {
    for (const Views& v : demoViews()) {
        const scene::Scene s = scene::buildWorldScene(scene::GameFs(demoDir()), v.world);
        const PreparedWorld rendererWorld = prepareWorld(s);
        GlideRenderer renderer(test::vulkan(), rendererWorld);
        ASSERT_TRUE(rendererWorld.pvo.hasPvo()) << v.world;
        for (const std::string& text : v.cameras) {
            LookSettings on, off;
            off.pvo = false;
            const view::Camera camera = text.empty() ? rendererWorld.views[0] : view::parseCamera(text);
            FrameStats a, b;
            const Rgba8Image withPvo = test::renderToImage(renderer, kSize, camera, 0.0, on, &a);
            const Rgba8Image without = test::renderToImage(renderer, kSize, camera, 0.0, off, &b);
            EXPECT_TRUE(withPvo == without)
                << "world " << v.world << " camera " << view::formatCamera(camera);
            EXPECT_FALSE(b.pvoApplied);
            EXPECT_EQ(b.objectsAfterPvo, b.objectsTotal);
            EXPECT_EQ(a.objectsTotal, b.objectsTotal);
            EXPECT_LE(a.objectsAfterPvo, a.objectsTotal);
            EXPECT_LE(a.objects, a.objectsAfterPvo);
            EXPECT_EQ(a.objects <= b.objects, true);
        }
    }
}

TEST(PvoRender, RemovesALargeShareOfObjectsInsideTheDungeon) {
    const scene::Scene s = scene::buildWorldScene(scene::GameFs(demoDir()), 2);
    const PreparedWorld rendererWorld = prepareWorld(s);
    GlideRenderer renderer(test::vulkan(), rendererWorld);
    double removed = 0;
    int views = 0;
    for (int i = 0; i < 3; ++i)
        for (int j = 0; j < 3; ++j) {
            const view::Camera camera = view::parseCamera(std::to_string(1024 + 2048 * i) + ",160," +
                                                          std::to_string(1024 + 2048 * j) + ",30,0");
            FrameStats stats;
            test::renderToImage(renderer, kSize, camera, 0.0, LookSettings{}, &stats);
            ASSERT_TRUE(stats.pvoApplied);
            ASSERT_GT(stats.objectsTotal, 0u);
            removed += 1.0 - static_cast<double>(stats.objectsAfterPvo) / stats.objectsTotal;
            ++views;
        }
    removed /= views;
    std::cout << "dungeon rooms: PVO removes " << static_cast<int>(removed * 100 + 0.5)
              << " % of the objects\n";
    EXPECT_GT(removed, 0.4);
}

} // namespace
} // namespace rgx::renderer
