// The software look's pixels for every rasterizer option, byte for byte: one indexed golden per
// perspective mode and dither setting (tests/renderer/golden/soft_options/, rewritten with
// RGX_UPDATE_GOLDEN=1), each drawn on 1 and 3 threads. How the renderer computes a picture may
// change for speed; the picture may not (docs/software.md "Speed").

#include "renderer/soft/indexed_png.h"
#include "renderer/soft/soft_renderer.h"
#include "renderer/world/prepared_world.h"
#include "scene/redguard/scene_builder.h"
#include "sim/scene_animation.h"
#include "tests/support/demo_dir.h"
#include "tests/support/frame_request.h"

#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <iostream>
#include <set>
#include <string>

namespace rgx::renderer::soft {
namespace {

bool updating() {
    const char* update = std::getenv("RGX_UPDATE_GOLDEN");
    return update && std::string(update) == "1";
}

// World 0 of the demo (terrain, sea with waves, statics, actors, flats, sky) from its default
// views 0 and 2 (the busiest place and the sky view), with the waves and actors at 1.5 s.
TEST(SoftOptionGoldens, EveryPerspectiveModeAndDitherMatchesExactly) {
    scene::GameFs fs(testing::smallDemoDir());
    const scene::Scene s = scene::buildWorldScene(fs, 0);
    const PreparedWorld world = prepareWorld(s);
    SoftRenderer renderer(world);
    sim::SceneAnimation animation(s, sim::animationSettings(s));
    animation.setTime(1.5);
    const std::filesystem::path dir =
        std::filesystem::path(RGX_SOURCE_DIR) / "tests/renderer/golden/soft_options";
    int compared = 0;
    for (int view : {0, 2}) {
        for (PerspectiveMode mode : {PerspectiveMode::Exact, PerspectiveMode::Span16, PerspectiveMode::Affine,
                                     PerspectiveMode::Extents})
            for (bool dither : {false, true}) {
                const std::string name = "world0_view" + std::to_string(view) + "_" +
                                         std::string(kPerspectiveNames.name(mode)) +
                                         (dither ? "_dither" : "");
                const std::filesystem::path golden = dir / (name + ".png");
                for (int threads : {1, 3}) {
                    FrameRequest request =
                        test::frameRequest(world.views[static_cast<std::size_t>(view)], 1.5, 200, 120,
                                           LookSettings{}, &animation.state());
                    request.settings.soft.perspective = mode;
                    request.settings.soft.dither = dither;
                    request.settings.soft.threads = threads;
                    IndexedFrame frame;
                    renderer.draw(frame, request);
                    if (updating()) {
                        if (threads == 1) {
                            std::filesystem::create_directories(dir);
                            writeIndexedPng(golden,
                                            {frame.width, frame.height, frame.index, renderer.palette()});
                            std::cerr << "wrote " << golden << "\n";
                        }
                        continue;
                    }
                    ASSERT_TRUE(std::filesystem::exists(golden))
                        << golden << " (RGX_UPDATE_GOLDEN=1 writes it)";
                    const IndexedImage expected = readIndexedPng(golden);
                    ASSERT_EQ(expected.width, frame.width) << name;
                    ASSERT_EQ(expected.height, frame.height) << name;
                    std::size_t differ = 0;
                    for (std::size_t i = 0; i < frame.index.size(); ++i)
                        differ += expected.index[i] != frame.index[i] ? 1 : 0;
                    EXPECT_EQ(differ, 0u)
                        << name << ", " << threads << " threads: " << differ << " pixels differ";
                    const std::set<std::uint8_t> distinct(frame.index.begin(), frame.index.end());
                    EXPECT_GE(distinct.size(), 8u) << name << " is not a picture";
                    ++compared;
                }
            }
    }
    if (!updating()) {
        EXPECT_EQ(compared, 2 * 4 * 2 * 2);
    }
}

} // namespace
} // namespace rgx::renderer::soft
