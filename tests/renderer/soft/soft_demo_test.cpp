// The software renderer on the demo worlds (docs/software.md): identical bytes for any thread
// count, the indexed PNG and its palette, the resolve into RGBA and into the caller's memory, the
// indexed goldens of every engine's demo world, the ceilings layer, dithering, and actors posed at
// two times.

#include "loaders/palette.h"
#include "renderer/soft/indexed_png.h"
#include "renderer/soft/soft_renderer.h"
#include "renderer/world/prepared_world.h"
#include "scene/engine.h"
#include "sim/scene_animation.h"
#include "tests/support/actor_screen.h"
#include "tests/support/demo_dir.h"
#include "tests/support/frame_request.h"

#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <iostream>
#include <set>

namespace rgx::renderer::soft {
namespace {

scene::Scene demoWorld(std::int64_t id) {
    scene::GameFs fs(testing::smallDemoDir());
    return scene::buildGameWorld(fs, id);
}

view::Camera worldCamera(const PreparedWorld& world, int view = 0) {
    return world.views[static_cast<std::size_t>(view)];
}

// The frame against tests/renderer/golden/NAME.png byte for byte (RGX_UPDATE_GOLDEN=1 rewrites it),
// and a picture: at least 8 distinct indices.
void expectIndexedGolden(const IndexedFrame& frame, const loaders::Palette256& palette,
                         const std::string& name) {
    const std::filesystem::path golden =
        std::filesystem::path(RGX_SOURCE_DIR) / "tests/renderer/golden" / (name + ".png");
    if (const char* update = std::getenv("RGX_UPDATE_GOLDEN"); update && std::string(update) == "1") {
        writeIndexedPng(golden, {frame.width, frame.height, frame.index, palette});
        std::cerr << "wrote " << golden << "\n";
        return;
    }
    ASSERT_TRUE(std::filesystem::exists(golden)) << golden << " (RGX_UPDATE_GOLDEN=1 writes it)";
    const IndexedImage expected = readIndexedPng(golden);
    ASSERT_EQ(expected.width, frame.width);
    ASSERT_EQ(expected.height, frame.height);
    EXPECT_EQ(expected.palette, palette) << name;
    std::size_t differ = 0;
    for (std::size_t i = 0; i < frame.index.size(); ++i)
        differ += expected.index[i] != frame.index[i] ? 1 : 0;
    EXPECT_EQ(differ, 0u) << name << ": " << differ << " pixels differ";
    std::set<std::uint8_t> distinct(frame.index.begin(), frame.index.end());
    EXPECT_GE(distinct.size(), 8u) << name;
}

// Identical bytes (indices and depth) for 1, 2, 3 and 7 threads and for a repeated run, on each
// demo world at its default view with the waves moving.
TEST(SoftDemo, IdenticalBytesForAnyThreadCount) {
    for (std::int64_t id : {0, 1, 2}) {
        const scene::Scene s = demoWorld(id);
        const PreparedWorld rendererWorld = prepareWorld(s);
        SoftRenderer renderer(rendererWorld);
        const view::Camera camera = worldCamera(rendererWorld);
        const auto render = [&](int threads) {
            SoftSettings options;
            options.threads = threads;
            IndexedFrame frame;
            const SoftFrameStats stats = renderer.draw(
                frame, test::withSoft(test::frameRequest(camera, 2.5, 160, 100, LookSettings{}), options));
            EXPECT_EQ(stats.threads, threads);
            return frame;
        };
        const IndexedFrame one = render(1);
        std::set<std::uint8_t> distinct(one.index.begin(), one.index.end());
        EXPECT_GE(distinct.size(), 8u) << "world " << id << " is not a picture";
        for (int threads : {2, 3, 7, 1}) {
            const IndexedFrame other = render(threads);
            EXPECT_EQ(other.index, one.index) << "world " << id << ", " << threads << " threads";
            EXPECT_EQ(other.depth, one.depth) << "world " << id << ", " << threads << " threads";
        }
    }
}

// The PNG is indexed, its palette is the world palette, and its pixels are the frame's indices (so
// every pixel is one of the palette's colours).
TEST(SoftDemo, IndexedPngCarriesTheWorldPalette) {
    const scene::Scene s = demoWorld(0);
    const PreparedWorld rendererWorld = prepareWorld(s);
    SoftRenderer renderer(rendererWorld);
    IndexedFrame frame;
    renderer.draw(frame, test::frameRequest(worldCamera(rendererWorld), 0.0, 80, 50, LookSettings{}));
    const std::filesystem::path path =
        std::filesystem::temp_directory_path() / ("rgx_soft_png_" + std::to_string(::getpid()) + ".png");
    writeIndexedPng(path, {frame.width, frame.height, frame.index, renderer.palette()});
    const IndexedImage back = readIndexedPng(path);
    std::filesystem::remove(path);
    EXPECT_EQ(back.width, 80);
    EXPECT_EQ(back.height, 50);
    EXPECT_EQ(back.palette, s.palette);
    EXPECT_EQ(back.index, frame.index);
    // All 256 entries are written, so every index the frame holds names a world palette colour.
    EXPECT_EQ(back.paletteEntries, 256);
}

// The colours of a frame: each index's palette colour, opaque, in the frame's own layout.
TEST(SoftDemo, ResolveGivesEveryPixelItsPaletteColour) {
    IndexedFrame f(3, 2, 0);
    for (std::size_t i = 0; i < f.index.size(); ++i)
        f.index[i] = static_cast<std::uint8_t>(i + 1);
    std::vector<std::uint8_t> rgba(7, 9); // resized, every byte written
    resolveRgba(f, loaders::greyPalette(), rgba);
    ASSERT_EQ(rgba.size(), 6u * 4u);
    for (std::size_t i = 0; i < f.index.size(); ++i) {
        EXPECT_EQ(rgba[i * 4], f.index[i]); // grey ramp: index i is grey i
        EXPECT_EQ(rgba[i * 4 + 2], f.index[i]);
        EXPECT_EQ(rgba[i * 4 + 3], 255);
    }
    EXPECT_EQ(rgba[(1 * 3 + 2) * 4], f.index[5]); // (2, 1)
}

// render() into the caller's memory (the explorer's upload buffer) gives the picture's colours, in
// either byte order, and writes every byte of it; the picture then carries no colours or indices.
TEST(SoftDemo, RenderIntoCallersMemoryGivesThePicturesColoursInEitherOrder) {
    const scene::Scene s = demoWorld(0);
    const PreparedWorld rendererWorld = prepareWorld(s);
    SoftRenderer renderer(rendererWorld);
    const FrameRequest request = test::frameRequest(worldCamera(rendererWorld), 2.5, 96, 60, LookSettings{});
    const LookFrame picture = renderer.render(request);
    ASSERT_EQ(picture.picture.rgba.size(), 96u * 60u * 4u);
    for (PixelOrder order : {PixelOrder::Rgba, PixelOrder::Bgra}) {
        std::vector<std::uint8_t> memory(96u * 60u * 4u, 7); // 7: no pixel of the picture has alpha 7
        FrameRequest into = request;
        into.into = PictureTarget{memory.data(), order};
        const LookFrame drawn = renderer.render(into);
        EXPECT_TRUE(drawn.picture.rgba.empty());
        EXPECT_TRUE(drawn.picture.indices.empty());
        EXPECT_EQ(drawn.picture.width, 96);
        std::vector<std::uint8_t> back(memory.size());
        storePixels(memory.data(), memory.size() / 4, back.data(), order); // the swap undoes itself
        EXPECT_EQ(back, picture.picture.rgba) << (order == PixelOrder::Bgra ? "BGRA" : "RGBA");
        if (order == PixelOrder::Bgra) {
            EXPECT_EQ(memory[0], picture.picture.rgba[2]);
            EXPECT_EQ(memory[2], picture.picture.rgba[0]);
        }
    }
}

TEST(SoftDemo, StorePixelsSwapsRedAndBlueInPlaceToo) {
    const std::vector<std::uint8_t> rgba{1, 2, 3, 4, 5, 6, 7, 8};
    std::vector<std::uint8_t> out(8, 0);
    storePixels(rgba.data(), 2, out.data(), PixelOrder::Bgra);
    EXPECT_EQ(out, (std::vector<std::uint8_t>{3, 2, 1, 4, 7, 6, 5, 8}));
    storePixels(out.data(), 2, out.data(), PixelOrder::Bgra);
    EXPECT_EQ(out, rgba);
    storePixels(out.data(), 2, out.data(), PixelOrder::Rgba);
    EXPECT_EQ(out, rgba);
}

// Indexed goldens of the three Redguard demo worlds, the Daggerfall demo's town (1000) and
// dungeon (1002), the System Shock demo's deck (2001, its gallery) and the Drakan demo's valley
// (3000: true-colour textures quantised to the database palette)
// (tests/renderer/golden/soft_worldN.png, rewritten with RGX_UPDATE_GOLDEN=1): byte for byte (the renderer's
// arithmetic is IEEE single and double without contraction, the same on every x86-64 build of one compiler),
// and the palette must be the world's.
TEST(SoftDemo, MatchesIndexedGoldens) {
    for (std::int64_t id : {0, 1, 2, 1000, 1002, 2001, 3000}) {
        const scene::Scene s = demoWorld(id);
        const PreparedWorld rendererWorld = prepareWorld(s);
        SoftRenderer renderer(rendererWorld);
        IndexedFrame frame;
        sim::SceneAnimation animation(s, sim::animationSettings(s)); // actors posed as `rgx render` does
        animation.setTime(1.0);
        // The Daggerfall worlds from the Glide goldens' views (scene_render_test.cpp).
        const view::Camera camera = id == 1000   ? view::parseCamera("1900,500,-1700,-45,-15")
                                    : id == 1002 ? view::parseCamera("1024,300,-300,0,-20")
                                    : id == 2001 ? view::parseCamera("10400,600,-5250,45,-20")
                                    : id == 3000 ? view::parseCamera("700,420,3400,45,-12")
                                                 : worldCamera(rendererWorld);
        renderer.draw(frame, test::frameRequest(camera, 1.0, 320, 200, LookSettings{}, &animation.state()));
        expectIndexedGolden(frame, renderer.palette(), "soft_world" + std::to_string(id));
    }
}

// Drakan's model database opened as a catalogue (issue 44): its five models in their grid from
// the default view, the true-colour textures quantised to the database's palette.
TEST(SoftDemo, DrakanCatalogueMatchesIndexedGolden) {
    const scene::Scene s =
        scene::buildModelFileScene(testing::smallDemoDir() / "Drakan" / "Common" / "Models.mod", nullptr);
    ASSERT_EQ(s.catalog.size(), 5u);
    const PreparedWorld rendererWorld = prepareWorld(s);
    SoftRenderer renderer(rendererWorld);
    IndexedFrame frame;
    renderer.draw(frame, test::frameRequest(worldCamera(rendererWorld), 0.0, 320, 200));
    expectIndexedGolden(frame, renderer.palette(), "soft_drakan_models");
}

// The ceilings layer (maps turn it off) leaves out exactly the System Shock deck's ceiling nodes, and
// with them the pixels they covered: from inside the gallery the ceiling fills the top of the view.
TEST(SoftDemo, TheCeilingsLayerLeavesOutEveryCeiling) {
    const scene::Scene s = demoWorld(2001);
    std::uint32_t ceilings = 0;
    for (const scene::SceneNode& n : s.nodes)
        ceilings += n.kind == scene::NodeKind::Ceiling;
    ASSERT_GT(ceilings, 100u);
    const PreparedWorld rendererWorld = prepareWorld(s);
    SoftRenderer renderer(rendererWorld);
    const view::Camera camera = view::parseCamera("10400,600,-5250,45,-20");
    IndexedFrame with, without;
    const SoftFrameStats on = renderer.draw(with, test::frameRequest(camera, 0.0, 160, 100, LookSettings{}));
    LookSettings noCeilings;
    noCeilings.layers.ceilings = false;
    const SoftFrameStats off = renderer.draw(without, test::frameRequest(camera, 0.0, 160, 100, noCeilings));
    EXPECT_EQ(on.counts.objectsTotal - off.counts.objectsTotal, ceilings);
    std::size_t differ = 0;
    for (std::size_t i = 0; i < with.index.size(); ++i)
        differ += with.index[i] != without.index[i];
    EXPECT_GT(differ, with.index.size() / 10) << "the ceiling covered part of the view";
}

// Ordered dithering changes the light level of some pixels (not all), and is as deterministic as
// the rest: the same bytes for 1 and 2 threads.
TEST(SoftDemo, DitherChangesSomePixelsDeterministically) {
    const scene::Scene s = demoWorld(0);
    const PreparedWorld rendererWorld = prepareWorld(s);
    SoftRenderer renderer(rendererWorld);
    // Over the village (land and houses, lit, little sky): the default view may look over the sea,
    // where the flat water and sky leave few pixels between two light levels.
    const view::Camera camera = view::parseCamera("37394,400,53600,0,-10");
    const auto render = [&](bool dither, int threads) {
        SoftSettings options;
        options.dither = dither;
        options.threads = threads;
        IndexedFrame frame;
        renderer.draw(frame,
                      test::withSoft(test::frameRequest(camera, 0.0, 160, 100, LookSettings{}), options));
        return frame.index;
    };
    const auto plain = render(false, 1), dithered = render(true, 1);
    std::size_t differ = 0;
    for (std::size_t i = 0; i < plain.size(); ++i)
        differ += plain[i] != dithered[i] ? 1 : 0;
    EXPECT_GT(differ, plain.size() / 50) << "dithering changed too few pixels";
    EXPECT_LT(differ, plain.size()) << "dithering changed every pixel";
    EXPECT_EQ(render(true, 2), dithered);
}

// The software renderer draws the same poses as the Glide path: actors posed at two times (the
// frame's own time fixed) change pixels, and only where actors are.
TEST(SoftDemo, ActorsAtTwoTimesDifferOnlyWhereActorsAre) {
    const scene::Scene s = demoWorld(0);
    std::size_t guard = s.redguard.actors.size();
    for (std::size_t i = 0; i < s.redguard.actors.size(); ++i)
        if (s.redguard.actors[i].itemNode >= 0) guard = i;
    ASSERT_LT(guard, s.redguard.actors.size());
    const view::Camera camera = rgx::testing::cameraOnActor(s, guard, 320);
    const PreparedWorld rendererWorld = prepareWorld(s);
    SoftRenderer renderer(rendererWorld);
    sim::SceneAnimation at0(s, sim::animationSettings(s)), at1(s, sim::animationSettings(s));
    at0.setTime(0);
    at1.setTime(0.75);
    IndexedFrame a, b;
    renderer.draw(a, test::frameRequest(camera, 1.0, 160, 120, LookSettings{}, &at0.state()));
    renderer.draw(b, test::frameRequest(camera, 1.0, 160, 120, LookSettings{}, &at1.state()));
    const WorldLighting lighting = worldLighting(s);
    // Where the actors are at either time.
    auto boxes = rgx::testing::actorScreenBoxes(s, at0.state(), camera, 160, 120, lighting.nearPlane,
                                                rendererWorld.farPlane);
    for (const auto& box : rgx::testing::actorScreenBoxes(s, at1.state(), camera, 160, 120,
                                                          lighting.nearPlane, rendererWorld.farPlane))
        boxes.push_back(box);
    EXPECT_LT(rgx::testing::coveredPixels(boxes, 160, 120), 160u * 120u / 2);
    std::size_t differ = 0, outside = 0;
    for (int y = 0; y < 120; ++y)
        for (int x = 0; x < 160; ++x) {
            const std::size_t i = static_cast<std::size_t>(y) * 160 + static_cast<std::size_t>(x);
            if (a.index[i] == b.index[i]) continue;
            ++differ;
            outside += std::any_of(boxes.begin(), boxes.end(),
                                   [&](const rgx::testing::ScreenBox& box) { return box.contains(x, y); })
                           ? 0
                           : 1;
        }
    EXPECT_GT(differ, 40u);
    EXPECT_EQ(outside, 0u) << differ << " pixels differ, " << outside << " away from every actor";
    // Without poses the held item is not drawn and every actor stands in frame 0.
    IndexedFrame rest;
    renderer.draw(rest, test::frameRequest(camera, 1.0, 160, 120, LookSettings{}, nullptr));
    EXPECT_NE(rest.index, a.index);
}

} // namespace
} // namespace rgx::renderer::soft
