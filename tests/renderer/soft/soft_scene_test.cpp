// The software renderer's scene path against oracles worked out by hand (docs/software.md): one
// textured quad under a known light and haze, the sky and rain over the background fill, another
// engine's fog, a vertex's own light, a closed mesh with no cracks from many angles, the
// perspective modes. The demo worlds' guarantees are in soft_demo_test.cpp.

#include "loaders/palette.h"
#include "loaders/redguard/fog_ini.h"
#include "renderer/lighting/world_lighting.h"
#include "renderer/soft/soft_renderer.h"
#include "renderer/views/scene_views.h"
#include "renderer/world/prepared_world.h"
#include "tests/support/frame_request.h"
#include "tests/support/hand_scene.h"
#include "tests/support/rain_camera.h"

#include <gtest/gtest.h>

#include <cmath>
#include <filesystem>
#include <map>

namespace rgx::renderer::soft {
namespace {

// An 8x8 texture of one index.
loaders::Bytes uniform(std::uint8_t index) {
    return loaders::Bytes(64, index);
}

// A 400 x 400 quad of texel index 200 at z = 0 facing +z, lit by test::sunAlongZ() (light 0.65),
// hazed towards white by FOG.INI points 0,0 30,0 40,250 (entries 31 = 25, 32 = 50, 34 = 100,
// 35 = 125: linear, loaders/redguard/fog_ini.h), the far plane back_plane 800 (engine units).
std::unique_ptr<test::HandScene> hazedQuad() {
    const float corners[4][4] = {{-200, 200, 0, 0}, {200, 200, 1, 0}, {200, -200, 1, 1}, {-200, -200, 0, 1}};
    auto q = test::texturedQuadScene({uniform(200)}, 0, corners, 0.0f, {0, 3, 2, 0, 2, 1});
    scene::Scene& s = q->scene;
    s.palette = loaders::greyPalette();
    scene::SceneNode node;
    node.kind = scene::NodeKind::Static;
    node.mesh = 0;
    s.nodes.push_back(node);
    s.redguard.world = test::sunAlongZ();
    s.redguard.world->fogRgb = std::array<std::int64_t, 3>{255, 255, 255};
    loaders::FogIni fog;
    fog.points = {{0, 0}, {30, 0}, {40, 250}};
    s.redguard.environment.fog = loaders::fogTable(fog);
    s.redguard.environment.system.backPlane = 800;
    return q;
}

// The light is clamped to 1 before it shades the texel: under ambient 255/128 plus the sun
// (2.39) the quad's texel shows through shade row 32, its own colour, not a brighter row.
TEST(SoftScene, VertexLightIsClampedBeforeItShadesTheTexel) {
    auto q = hazedQuad();
    q->scene.redguard.world->ambient = 255;
    q->scene.redguard.world->fogRgb.reset();
    const PreparedWorld rendererWorld = prepareWorld(q->scene);
    SoftRenderer renderer(rendererWorld);
    view::Camera camera;
    camera.position = {0, 0, 500};
    IndexedFrame frame;
    renderer.draw(frame, test::frameRequest(camera, 0.0, 64, 48, LookSettings{}));
    EXPECT_EQ(frame.index[static_cast<std::size_t>(24) * 64 + 32], 200);
}

// The background is world_background's: 0 black's nearest index, 2 the sky colour (here
// world_fogrgb, white), another value that very index.
TEST(SoftScene, BackgroundFillFollowsWorldBackground) {
    auto q = hazedQuad();
    view::Camera camera;
    camera.position = {0, 0, 500};
    const struct {
        std::int64_t background;
        std::uint8_t index;
    } cases[] = {{0, 1}, {2, 255}, {77, 77}, {3, 3}};
    for (const auto& c : cases) {
        q->scene.redguard.world->background = c.background;
        const PreparedWorld rendererWorld = prepareWorld(q->scene);
        SoftRenderer renderer(rendererWorld);
        IndexedFrame frame;
        renderer.draw(frame, test::frameRequest(camera, 0.0, 64, 48, LookSettings{}));
        EXPECT_EQ(frame.index[0], c.index) << "world_background " << c.background;
        EXPECT_EQ(renderer.clearIndex(), c.index) << "world_background " << c.background;
    }
}

// test::skyScene's layers through the world palette (their indices as they are, the sun's tinted
// to the nearest colour), as the Glide look's HandScenes.SkyLayersDrawOverTheBackgroundFill.
TEST(SoftScene, SkyLayersFillTheBackground) {
    const scene::Scene s = test::skyScene();
    const PreparedWorld rendererWorld = prepareWorld(s);
    SoftRenderer renderer(rendererWorld);
    const auto pixel = [&](const view::Camera& camera, const LayerToggles& layers, int x, int y) {
        LookSettings settings;
        settings.layers = layers;
        IndexedFrame frame;
        renderer.draw(frame, test::frameRequest(camera, 0.0, 128, 72, settings));
        return frame.index[static_cast<std::size_t>(y) * 128 + static_cast<std::size_t>(x)];
    };
    LayerToggles panoramaOnly;
    panoramaOnly.clouds = panoramaOnly.sun = false;
    EXPECT_EQ(pixel(view::Camera{}, panoramaOnly, 64, 4), test::kSkyBlue);
    EXPECT_EQ(pixel(view::Camera{}, panoramaOnly, 64, 67), renderer.clearIndex());
    LayerToggles none = panoramaOnly;
    none.sky = false;
    EXPECT_EQ(pixel(view::Camera{}, none, 64, 4), renderer.clearIndex());
    view::Camera up;
    up.pitchDeg = 89;
    EXPECT_EQ(pixel(up, LayerToggles{}, 64, 36), test::kSkyCloud);
    view::Camera atSun;
    atSun.yawDeg = 180;
    atSun.pitchDeg = 45;
    EXPECT_EQ(pixel(atSun, LayerToggles{}, 64, 36), test::kSkySunTinted);
    LayerToggles noSun;
    noSun.sun = false;
    EXPECT_EQ(pixel(atSun, noSun, 64, 36), test::kSkyCloud);
}

// As HandScenes.SkyDirectionsAreTheDocumentedOnes, through the world palette.
TEST(SoftScene, SkyDirectionsAreTheDocumentedOnes) {
    const scene::Scene s = test::skyHalvesScene();
    const PreparedWorld rendererWorld = prepareWorld(s);
    SoftRenderer renderer(rendererWorld);
    const auto centre = [&](double yaw, double pitch, const LayerToggles& layers) {
        view::Camera camera;
        camera.yawDeg = yaw;
        camera.pitchDeg = pitch;
        LookSettings settings;
        settings.layers = layers;
        IndexedFrame frame;
        renderer.draw(frame, test::frameRequest(camera, 0.0, 128, 72, settings));
        return frame.index[static_cast<std::size_t>(36) * 128 + 64];
    };
    LayerToggles panorama;
    panorama.clouds = panorama.sun = false;
    LayerToggles clouds;
    clouds.sky = clouds.sun = false;
    EXPECT_EQ(centre(90, 10, panorama), test::kSkyBlue);
    EXPECT_EQ(centre(-90, 10, panorama), test::kSkyCloud);
    EXPECT_EQ(centre(0, 60, clouds), test::kSkyCloud);
    EXPECT_EQ(centre(180, 60, clouds), test::kSkySun);
}

// As HandScenes.CloudsScrollEastOverTime, through the world palette.
TEST(SoftScene, CloudsScrollEastOverTime) {
    const scene::Scene s = test::skyStripesScene();
    const PreparedWorld rendererWorld = prepareWorld(s);
    SoftRenderer renderer(rendererWorld);
    view::Camera up;
    up.pitchDeg = 89;
    LookSettings settings;
    settings.layers.sky = settings.layers.sun = false;
    const auto centreAt = [&](double time) {
        IndexedFrame frame;
        renderer.draw(frame, test::frameRequest(up, time, 128, 72, settings));
        return frame.index[static_cast<std::size_t>(36) * 128 + 64];
    };
    EXPECT_EQ(centreAt(1.34), test::kSkyCloud);
    EXPECT_EQ(centreAt(4.01), test::kSkySun);
}

// As HandScenes.CloudsFadeOverWhatIsBehindThem: the 8-bit look dithers the fade, so where it is
// about a half, about half the pixels of a 16 x 16 block show the clouds and the rest the fill;
// overhead every pixel does, and past the square none.
TEST(SoftScene, CloudsFadeAsAnOrderedDither) {
    const scene::Scene s = test::skyScene();
    const PreparedWorld rendererWorld = prepareWorld(s);
    SoftRenderer renderer(rendererWorld);
    LookSettings settings;
    settings.layers.sky = settings.layers.sun = false;
    const auto cloudShare = [&](double pitch) {
        view::Camera camera;
        camera.pitchDeg = pitch;
        IndexedFrame frame;
        renderer.draw(frame, test::frameRequest(camera, 0.0, 128, 72, settings));
        int clouds = 0;
        for (int y = 28; y < 44; ++y)
            for (int x = 56; x < 72; ++x)
                clouds += frame.index[static_cast<std::size_t>(y) * 128 + static_cast<std::size_t>(x)] ==
                          test::kSkyCloud;
        return clouds / 256.0;
    };
    EXPECT_EQ(cloudShare(89), 1.0);
    EXPECT_NEAR(cloudShare(std::atan2(1000.0, 2400.0) * 180 / 3.14159265358979323846), 0.5, 0.15);
    EXPECT_EQ(cloudShare(5), 0.0);
}

// A rain streak straight ahead, as HandScenes.RainStreakBlendsOverTheFill: the rain's index
// blended half over the fill's.
TEST(SoftScene, RainStreakBlendsOverTheFill) {
    const scene::Scene s = test::rainScene();
    const view::Camera camera = test::cameraOnARainDrop(s);
    const PreparedWorld rendererWorld = prepareWorld(s);
    SoftRenderer renderer(rendererWorld);
    IndexedFrame frame;
    const SoftFrameStats stats =
        renderer.draw(frame, test::frameRequest(camera, 0.0, 128, 72, LookSettings{}));
    EXPECT_EQ(frame.index[static_cast<std::size_t>(36) * 128 + 64], test::kRainOverBlack);
    EXPECT_EQ(stats.counts.draws, 1u);
    LookSettings noRain;
    noRain.layers.rain = false;
    renderer.draw(frame, test::frameRequest(camera, 0.0, 128, 72, noRain));
    EXPECT_EQ(frame.index[static_cast<std::size_t>(36) * 128 + 64], renderer.clearIndex());
}

// The sky fills only what no opaque triangle covered: a quad in front of it keeps its pixels.
TEST(SoftScene, SkyStaysBehindGeometry) {
    auto q = hazedQuad();
    const scene::Scene sky = test::skyScene();
    q->scene.redguard.world->world = sky.redguard.world->world;
    q->scene.redguard.environment.sky = sky.redguard.environment.sky;
    q->scene.palette[test::kSkyBlue] = sky.palette[test::kSkyBlue];
    const PreparedWorld rendererWorld = prepareWorld(q->scene);
    SoftRenderer renderer(rendererWorld);
    view::Camera camera;
    camera.position = {0, 0, 500};
    IndexedFrame frame;
    renderer.draw(frame, test::frameRequest(camera, 0.0, 64, 48, LookSettings{}));
    EXPECT_EQ(frame.index[static_cast<std::size_t>(24) * 64 + 32], 183); // the quad (the test below)
    EXPECT_EQ(frame.index[2 * 64 + 2], test::kSkyBlue);                  // the sky above it
}

TEST(SoftScene, HandComputedPixelOfATexturedQuadUnderLightAndHaze) {
    auto q = hazedQuad();
    const PreparedWorld rendererWorld = prepareWorld(q->scene);
    SoftRenderer renderer(rendererWorld);
    view::Camera camera;
    camera.position = {0, 0, 500}; // looking north (-z) at the quad 500 units away
    IndexedFrame frame;
    renderer.draw(frame, test::frameRequest(camera, 0.0, 64, 48, LookSettings{}));
    // light 0.25 + 0.4 = 0.65 -> level round(0.65 * 32) = 21: grey 200 * 21 / 32 = 131.25 -> 131.
    // haze: the fog of the depth w along the view axis (as the Glide look's): the quad faces the
    // eye 500 units down it. Glide's w = 500 x (2^14 / 6) / 3800 = 359.30, between entry 34
    // (2^8 x 8/6 = 341.33) and 35 (2^8 x 8/5 = 409.6): index 34.263, density
    // (100 + 25 x 0.263) / 255 = 0.41796 -> level round(12.96) = 13: 131 + (255 - 131) * 13 / 31
    // = 183.
    const std::size_t centre = static_cast<std::size_t>(24) * 64 + 32;
    EXPECT_EQ(frame.index[centre], 183);
    EXPECT_LT(frame.depth[centre], 1.0f);
    // Without the fog layer, no haze: the shaded texel itself.
    LookSettings noFog;
    noFog.layers.fog = false;
    renderer.draw(frame, test::frameRequest(camera, 0.0, 64, 48, noFog));
    EXPECT_EQ(frame.index[centre], 131);
    // Nearer: w = 300, Glide's w 215.58 between entry 31 (2^7 x 8/5 = 204.8) and 32 (256): index
    // 31.21, density (25 + 25 x 0.21) / 255 = 0.1187 -> level round(3.68) = 4: 131 + 124 * 4 / 31
    // = 147.
    camera.position = {0, 0, 300};
    renderer.draw(frame, test::frameRequest(camera, 0.0, 64, 48, LookSettings{}));
    EXPECT_EQ(frame.index[centre], 147);
}

// Another engine's world (Scene::look: a Daggerfall town) fogs through its game's own distance
// tables, not tables built from the fog colour. The same 400 x 400 quad, no WORLD.INI entry, a
// linear fog from 0 to 1000 units and tables where the game's level k sends index i to
// i / 2 + k + 1. Seen from 400 units the fog is 0.4 (linear at the fog table's entries, and w is
// linear in depth between them) -> haze level round(0.4 x 31) = 12 -> the game's level
// 63 - round(12 x 63 / 31 = 24.39) = 39: the shaded texel p goes to p / 2 + 40.
TEST(SoftScene, AnotherEnginesFogGoesThroughItsGamesTables) {
    auto q = hazedQuad();
    scene::Scene& s = q->scene;
    s.redguard = {}; // no WORLD.INI entry, no FOG.INI: not a Redguard world
    scene::LookEnvironment look;
    look.fog = {0, 1000, {255, 255, 255}};
    look.clear = {0, 0, 0};
    scene::DistanceTables tables;
    tables.entries.resize(scene::kDistanceTableLevels * 256);
    for (std::size_t k = 0; k < scene::kDistanceTableLevels; ++k)
        for (std::size_t i = 1; i < 256; ++i)
            tables.entries[k * 256 + i] = static_cast<std::uint8_t>(i / 2 + k + 1);
    look.distanceTables = tables;
    s.look = look;
    const PreparedWorld world = prepareWorld(s);
    SoftRenderer renderer(world);
    view::Camera camera;
    camera.position = {0, 0, 400};
    IndexedFrame frame;
    const std::size_t centre = static_cast<std::size_t>(24) * 64 + 32;
    LookSettings noFog;
    noFog.layers.fog = false;
    renderer.draw(frame, test::frameRequest(camera, 0.0, 64, 48, noFog));
    const std::uint8_t shaded = frame.index[centre];
    ASSERT_GT(shaded, 100) << "the quad is drawn, lit";
    renderer.draw(frame, test::frameRequest(camera, 0.0, 64, 48, LookSettings{}));
    EXPECT_EQ(frame.index[centre], shaded / 2 + 40);
}

// A vertex's own light (scene::MeshVertex::light, System Shock's tile shadows) scales the light the
// look computes: the hazed quad's 0.65, times 0.75, is 0.4875 -> level round(15.6) = 16: grey
// 200 x 16 / 32 = 100 (fog off); at 1 it is 131 as above.
TEST(SoftScene, AVertexsOwnLightScalesItsShade) {
    auto q = hazedQuad();
    for (scene::MeshVertex& v : q->scene.meshes[0].vertices)
        v.light = 0.75f;
    const PreparedWorld rendererWorld = prepareWorld(q->scene);
    SoftRenderer renderer(rendererWorld);
    view::Camera camera;
    camera.position = {0, 0, 500};
    IndexedFrame frame;
    LookSettings noFog;
    noFog.layers.fog = false;
    renderer.draw(frame, test::frameRequest(camera, 0.0, 64, 48, noFog));
    EXPECT_EQ(frame.index[static_cast<std::size_t>(24) * 64 + 32], 100);
}

// An octahedron subdivided twice and pushed onto a sphere of radius 100: closed and convex.
scene::Scene closedSphere() {
    std::vector<std::array<double, 3>> v = {{1, 0, 0},  {-1, 0, 0}, {0, 1, 0},
                                            {0, -1, 0}, {0, 0, 1},  {0, 0, -1}};
    std::vector<std::array<std::uint32_t, 3>> t = {{0, 2, 4}, {2, 1, 4}, {1, 3, 4}, {3, 0, 4},
                                                   {2, 0, 5}, {1, 2, 5}, {3, 1, 5}, {0, 3, 5}};
    for (int level = 0; level < 2; ++level) {
        std::vector<std::array<std::uint32_t, 3>> next;
        std::map<std::pair<std::uint32_t, std::uint32_t>, std::uint32_t> middle;
        const auto mid = [&](std::uint32_t a, std::uint32_t b) {
            const auto key = std::minmax(a, b);
            if (auto it = middle.find(key); it != middle.end()) return it->second;
            std::array<double, 3> m{};
            for (int k = 0; k < 3; ++k)
                m[k] = (v[a][k] + v[b][k]) / 2;
            const double len = std::sqrt(m[0] * m[0] + m[1] * m[1] + m[2] * m[2]);
            for (double& c : m)
                c /= len;
            v.push_back(m);
            return middle[key] = static_cast<std::uint32_t>(v.size() - 1);
        };
        for (const auto& f : t) {
            const std::uint32_t ab = mid(f[0], f[1]), bc = mid(f[1], f[2]), ca = mid(f[2], f[0]);
            next.push_back({f[0], ab, ca});
            next.push_back({ab, f[1], bc});
            next.push_back({ca, bc, f[2]});
            next.push_back({ab, bc, ca});
        }
        t = next;
    }
    scene::Scene s;
    s.palette = loaders::greyPalette();
    scene::Material m;
    m.colorIndex = 180;
    s.materials.push_back(m);
    scene::Mesh mesh;
    for (const auto& p : v) {
        const float x = static_cast<float>(p[0] * 100), y = static_cast<float>(p[1] * 100),
                    z = static_cast<float>(p[2] * 100);
        mesh.vertices.push_back(
            {{x, y, z},
             {static_cast<float>(p[0]), static_cast<float>(p[1]), static_cast<float>(p[2])},
             {0, 0}});
        mesh.bounds.add(rgx::Vec3{x, y, z});
    }
    for (const auto& f : t)
        mesh.indices.insert(mesh.indices.end(), f.begin(), f.end());
    mesh.submeshes.push_back({0, 0, static_cast<std::uint32_t>(mesh.indices.size())});
    s.meshes.push_back(mesh);
    scene::SceneNode node;
    node.kind = scene::NodeKind::Model;
    node.mesh = 0;
    s.nodes.push_back(node);
    return s;
}

// Every pixel of a closed convex mesh is covered by exactly one front and one back triangle, or
// by none: a crack shows as a pixel covered once, a pixel written twice by one side as 3 or more.
// Inside the silhouette the mesh is drawn (no background shows through).
TEST(SoftScene, ClosedMeshHasNoCracksFromManyAngles) {
    const scene::Scene s = closedSphere();
    const PreparedWorld rendererWorld = prepareWorld(s);
    SoftRenderer renderer(rendererWorld);
    int views = 0;
    for (double yaw = 0; yaw < 360; yaw += 37) {
        for (double pitch : {-70.0, -31.0, 0.0, 23.0, 61.0}) {
            view::Camera camera;
            camera.yawDeg = yaw;
            camera.pitchDeg = pitch;
            const rgx::Vec3 f = view::cameraForward(camera);
            camera.position = rgx::Vec3{0, 0, 0} - f * (260 + yaw);
            IndexedFrame frame(1, 1, 0, true);
            renderer.draw(frame, test::frameRequest(camera, 0.0, 97, 61, LookSettings{}));
            std::size_t covered = 0;
            for (std::size_t i = 0; i < frame.coverage.size(); ++i) {
                const int c = frame.coverage[i];
                ASSERT_TRUE(c == 0 || c == 2) << "yaw " << yaw << " pitch " << pitch << " pixel " << i % 97
                                              << "," << i / 97 << " covered " << c << " times";
                if (c == 2) {
                    ++covered;
                    EXPECT_NE(frame.index[i], renderer.clearIndex())
                        << "depth " << frame.depth[i] << " at " << i % 97 << "," << i / 97 << " yaw " << yaw
                        << " pitch " << pitch;
                    EXPECT_LT(frame.depth[i], 1.0f);
                }
            }
            EXPECT_GT(covered, 200u) << "yaw " << yaw << " pitch " << pitch;
            ++views;
        }
    }
    EXPECT_EQ(views, 50);
}

// Extents corrects the triangles with a vertex within perspective_<game_detail>_x * 8 of the eye
// (as span16 does) and draws the others affine.
TEST(SoftScene, PerspectiveExtentsFollowsSystemIni) {
    const float corners[4][4] = {{-300, 0, 0, 0}, {300, 0, 8, 0}, {300, 0, 8, 8}, {-300, 0, 0, 8}};
    const auto frames = [] {
        loaders::Bytes f(64);
        for (int i = 0; i < 64; ++i)
            f[static_cast<std::size_t>(i)] = static_cast<std::uint8_t>((i % 8 + i / 8) % 2 ? 60 : 220);
        return std::vector<loaders::Bytes>{f};
    }();
    const auto render = [&](PerspectiveMode mode, std::int64_t detail, std::int64_t extent) {
        auto q = test::texturedQuadScene(frames, 0, corners, 0.0f, {0, 3, 2, 0, 2, 1});
        // A floor: the quad's y and z swapped (it lies in y = 0, from z = 0 to z = -300).
        for (scene::MeshVertex& v : q->scene.meshes[0].vertices) {
            v.position[2] = v.position[1] == 0 && v.uv[1] == 0 ? 0.0f : -300.0f;
            v.position[1] = 0;
        }
        q->scene.meshes[0].bounds = {};
        for (const scene::MeshVertex& v : q->scene.meshes[0].vertices)
            q->scene.meshes[0].bounds.add(rgx::Vec3{v.position[0], v.position[1], v.position[2]});
        q->scene.palette = loaders::greyPalette();
        scene::SceneNode node;
        node.kind = scene::NodeKind::Static;
        node.mesh = 0;
        q->scene.nodes.push_back(node);
        q->scene.redguard.world = test::fullAmbient();
        q->scene.redguard.environment.system.gameDetail = detail;
        q->scene.redguard.environment.system.perspectiveHighX = detail == 2 ? extent : 0;
        q->scene.redguard.environment.system.perspectiveLowX = detail == 0 ? extent : 0;
        const PreparedWorld rendererWorld = prepareWorld(q->scene);
        SoftRenderer renderer(rendererWorld);
        view::Camera camera;
        camera.position = {0, 40, 30};
        camera.pitchDeg = -20;
        SoftSettings options;
        options.perspective = mode;
        IndexedFrame frame;
        renderer.draw(frame,
                      test::withSoft(test::frameRequest(camera, 0.0, 96, 64, LookSettings{}), options));
        return frame.index;
    };
    // Both triangles have a corner on the floor's near edge, z = 0: 41.87 units down the view axis
    // (its depth w = 40 sin 20 + 30 cos 20; the extent counts in engine units of depth, like the
    // planes and the fog): 400 corrects both triangles, 40 neither.
    const auto span16 = render(PerspectiveMode::Span16, 2, 0), affine = render(PerspectiveMode::Affine, 2, 0);
    EXPECT_NE(span16, affine); // the modes differ on a receding floor
    EXPECT_EQ(render(PerspectiveMode::Extents, 2, 400), span16);
    EXPECT_EQ(render(PerspectiveMode::Extents, 2, 40), affine);
    EXPECT_EQ(render(PerspectiveMode::Extents, 0, 400), span16); // game_detail 0 reads perspective_low_x
    EXPECT_NE(render(PerspectiveMode::Exact, 2, 0), affine);
}

TEST(SoftScene, PerspectiveExtentFollowsTheDetailLevel) {
    loaders::SystemIni s;
    s.perspectiveLowX = 1;
    s.perspectiveMedX = 2;
    s.perspectiveHighX = 3;
    s.perspectiveUltraX = 4;
    const std::int64_t expected[] = {1, 2, 3, 4, 3, 3};
    const std::int64_t details[] = {0, 1, 2, 3, 7, -1};
    for (int i = 0; i < 6; ++i) {
        s.gameDetail = details[i];
        EXPECT_EQ(perspectiveExtent(s), expected[i]) << "game_detail " << details[i];
    }
}

} // namespace
} // namespace rgx::renderer::soft
