// Independent oracles for the Glide look (issue 13): hand-built scenes whose expected pixels are
// worked out here from the documented rules (renderer/glide/glide_environment.h, scene/redguard/terrain.h),
// not taken from a previous render. A textured quad under a known light (with its cut-out half and second
// animation frame), one flat (billboard), one quad at a known distance under a known FOG.INI ramp and fog
// colour, and a small terrain with an asymmetric texture at rotations 0-3. Validation is on (the test
// binary's listener fails any message).

#include "loaders/file_io.h"
#include "loaders/redguard/fog_ini.h"
#include "loaders/redguard/texbsi.h"
#include "renderer/glide/glide_environment.h"
#include "renderer/glide/glide_renderer.h"
#include "renderer/lighting/world_lighting.h"
#include "renderer/soft/soft_renderer.h"
#include "renderer/views/scene_views.h"
#include "renderer/world/prepared_world.h"
#include "scene/game_fs.h"
#include "scene/redguard/materials.h"
#include "scene/redguard/terrain.h"
#include "tests/renderer/glide_image.h"
#include "tests/renderer/vulkan_test_env.h"
#include "tests/support/hand_scene.h"
#include "tests/support/rain_camera.h"

#include <gtest/gtest.h>

#include <cmath>
#include <filesystem>
#include <memory>
#include <optional>
#include <string>

#include <unistd.h>

namespace rgx::renderer {
namespace {

constexpr VkExtent2D kSize{128, 72};

Rgba8Image render(const scene::Scene& s, const view::Camera& camera, double time = 0.0) {
    const PreparedWorld rendererWorld = prepareWorld(s);
    GlideRenderer renderer(test::vulkan(), rendererWorld);
    return test::renderToImage(renderer, kSize, camera, time, {}, nullptr);
}

void expectPixel(const Rgba8Image& image, int x, int y, double r, double g, double b,
                 const std::string& what) {
    const auto p = image.at(static_cast<std::uint32_t>(x), static_cast<std::uint32_t>(y));
    EXPECT_NEAR(p[0], r, 1.0) << what << " at " << x << "," << y;
    EXPECT_NEAR(p[1], g, 1.0) << what << " at " << x << "," << y;
    EXPECT_NEAR(p[2], b, 1.0) << what << " at " << x << "," << y;
}

// A game directory of its own for a test (removed at exit of the test).
struct TempGame {
    std::filesystem::path dir;
    explicit TempGame(const std::string& name)
        : dir(std::filesystem::temp_directory_path() /
              ("rgx_hand_" + name + "_" + std::to_string(::getpid()))) {
        std::filesystem::remove_all(dir);
        std::filesystem::create_directories(dir / "fxart");
    }
    ~TempGame() { std::filesystem::remove_all(dir); }
};

// An 8x8 texture of four 4x4 quadrants: top-left `tl`, top-right `tr`, bottom-right `br`,
// bottom-left `bl` (rows top to bottom).
loaders::Bytes quadrants(std::uint8_t tl, std::uint8_t tr, std::uint8_t br, std::uint8_t bl) {
    loaders::Bytes f(64);
    for (int y = 0; y < 8; ++y)
        for (int x = 0; x < 8; ++x)
            f[static_cast<std::size_t>(y * 8 + x)] = y < 4 ? (x < 4 ? tl : tr) : (x < 4 ? bl : br);
    return f;
}

using test::fullAmbient;
using test::HandScene;
using test::sunAlongZ;
using test::texturedQuadScene;

// ---- A textured quad facing the camera: palette, light and animation -----------------------------

constexpr std::uint8_t kIndexA = 7, kIndexB = 9;

// An 8x8 texture, columns 0-3 palette index `left[frame]`, columns 4-7 index 0 (cut out); two
// frames 100 ms apart. The quad spans x, y in [-40, 40] at z = -100, normal +z (towards a camera
// at the origin looking north), uv (0,0) top-left to (1,1) bottom-right.
std::unique_ptr<HandScene> quadScene() {
    std::vector<loaders::Bytes> frames;
    for (std::uint8_t index : {kIndexA, kIndexB}) {
        loaders::Bytes f(64, 0);
        for (int y = 0; y < 8; ++y)
            for (int x = 0; x < 4; ++x)
                f[static_cast<std::size_t>(y * 8 + x)] = index;
        frames.push_back(f);
    }
    const float corners[4][4] = {{-40, 40, 0, 0}, {40, 40, 1, 0}, {40, -40, 1, 1}, {-40, -40, 0, 1}};
    auto q = texturedQuadScene(frames, 100, corners, -100.0f, {0, 3, 2, 0, 2, 1});
    scene::Scene& s = q->scene;
    s.title = "quad";
    s.palette[kIndexA] = {200, 100, 50};
    s.palette[kIndexB] = {20, 240, 160};
    scene::SceneNode node;
    node.name = "S000_QUAD";
    node.kind = scene::NodeKind::Static;
    node.mesh = 0;
    s.nodes.push_back(node);
    s.redguard.world = sunAlongZ(); // lambert 1 on the quad
    return q;
}

TEST(HandScenes, TexturedQuadPixelFollowsPaletteAndLighting) {
    auto q = quadScene();
    const view::Camera camera; // origin, looking north (-z)
    const Rgba8Image t0 = render(q->scene, camera, 0.0);
    const Rgba8Image t1 = render(q->scene, camera, 0.15);

    // light = ambient 32/128 * white + sun 102/255 * white * max(n . toSun, 1) = 0.25 + 0.4 = 0.65
    const double light = 32.0 / 128.0 + 102.0 / 255.0;
    const auto expect = [&](const Rgba8Image& image, int x, int y, loaders::ColorRgb c) {
        const auto p = image.at(static_cast<std::uint32_t>(x), static_cast<std::uint32_t>(y));
        EXPECT_NEAR(p[0], c.r * light, 1.0) << x << "," << y;
        EXPECT_NEAR(p[1], c.g * light, 1.0) << x << "," << y;
        EXPECT_NEAR(p[2], c.b * light, 1.0) << x << "," << y;
        EXPECT_EQ(p[3], 255);
    };
    // The quad covers about x 39..89, y 11..61 of 128x72 (fov 60, 80 units wide at distance 100).
    // u = 0.25 (the coloured half's middle) is near x 51, u = 0.75 (cut out) near x 77.
    for (int y : {20, 36, 52}) {
        expect(t0, 48, y, q->scene.palette[kIndexA]);
        expect(t0, 54, y, q->scene.palette[kIndexA]);
        expect(t1, 51, y, q->scene.palette[kIndexB]); // the second frame: 100 ms is 2 PIT ticks, 0.11 s
        EXPECT_EQ(t0.at(77, static_cast<std::uint32_t>(y)), (std::array<std::uint8_t, 4>{0, 0, 0, 255}));
    }
    EXPECT_EQ(t0.at(5, 5), (std::array<std::uint8_t, 4>{0, 0, 0, 255})); // outside the quad
}

// The vertex light is clamped to [0, 1] before it multiplies the texel (the reference: per-vertex
// RGB "clamped to [0, 255]"): under ambient 255/128 plus the sun the quad shows its texels' own
// colour, no brighter.
TEST(HandScenes, VertexLightIsClampedBeforeItMultipliesTheTexel) {
    auto q = quadScene();
    q->scene.redguard.world->ambient = 255; // 1.99 + 0.4 before the clamp
    const Rgba8Image image = render(q->scene, view::Camera{});
    const loaders::ColorRgb c = q->scene.palette[kIndexA];
    for (int y : {20, 36, 52})
        expectPixel(image, 51, y, c.r, c.g, c.b, "lit past 1");
}

// The background fill follows world_background: 0 black (even with a fog colour), 2 the sky
// colour (world_fogrgb without a GXA panorama), another value that palette index.
TEST(HandScenes, BackgroundFillFollowsWorldBackground) {
    auto q = quadScene();
    scene::Scene& s = q->scene;
    s.palette[77] = {10, 120, 230};
    s.redguard.world->fogRgb = std::array<std::int64_t, 3>{90, 60, 30};
    const struct {
        std::optional<std::int64_t> background;
        std::array<double, 3> rgb;
    } cases[] = {{std::nullopt, {0, 0, 0}}, {0, {0, 0, 0}}, {2, {90, 60, 30}}, {77, {10, 120, 230}}};
    for (const auto& c : cases) {
        s.redguard.world->background = c.background;
        const Rgba8Image image = render(s, view::Camera{});
        const std::string what =
            "world_background " + (c.background ? std::to_string(*c.background) : "none");
        expectPixel(image, 5, 5, c.rgb[0], c.rgb[1], c.rgb[2], what);
        expectPixel(image, 120, 66, c.rgb[0], c.rgb[1], c.rgb[2], what);
    }
}

// ---- The sky (renderer/sky/sky.h) -------------------------------------------------------------

// test::skyScene's layers, each one colour: above the horizon the panorama, below it the fill
// (black); overhead the cloud square; towards the sun its disc, tinted. Switched off, each layer
// lets the one under it show.
TEST(HandScenes, SkyLayersDrawOverTheBackgroundFill) {
    const scene::Scene s = test::skyScene();
    const PreparedWorld rendererWorld = prepareWorld(s);
    GlideRenderer renderer(test::vulkan(), rendererWorld);
    const auto draw = [&](const view::Camera& camera, const LayerToggles& layers) {
        LookSettings settings;
        settings.layers = layers;
        return test::renderToImage(renderer, kSize, camera, 0.0, settings, nullptr);
    };
    const loaders::ColorRgb blue = s.palette[test::kSkyBlue], cloud = s.palette[test::kSkyCloud],
                            tinted = s.palette[test::kSkySunTinted];
    LayerToggles panoramaOnly;
    panoramaOnly.clouds = panoramaOnly.sun = false;
    const Rgba8Image level = draw(view::Camera{}, panoramaOnly); // looking north, level
    expectPixel(level, 64, 4, blue.r, blue.g, blue.b, "panorama above the horizon");
    expectPixel(level, 64, 67, 0, 0, 0, "the fill below the horizon");
    LayerToggles none = panoramaOnly;
    none.sky = false;
    expectPixel(draw(view::Camera{}, none), 64, 4, 0, 0, 0, "no layer: the fill");

    view::Camera up;
    up.pitchDeg = 89;
    expectPixel(draw(up, LayerToggles{}), 64, 36, cloud.r, cloud.g, cloud.b, "the clouds overhead");
    view::Camera atSun;
    atSun.yawDeg = 180;
    atSun.pitchDeg = 45;
    expectPixel(draw(atSun, LayerToggles{}), 64, 36, tinted.r, tinted.g, tinted.b, "the sun, tinted");
    LayerToggles noSun;
    noSun.sun = false;
    expectPixel(draw(atSun, noSun), 64, 36, cloud.r, cloud.g, cloud.b, "the clouds behind the sun");
}

// Directions in the sky are the documented ones, in both looks (SoftScene.SkyDirectionsAreTheDocumentedOnes):
// east is the panorama's left half and west its right half (heading 0 at the image's left edge,
// east a quarter across), the cloud square's north half is its image's top half.
TEST(HandScenes, SkyDirectionsAreTheDocumentedOnes) {
    const scene::Scene s = test::skyHalvesScene();
    const PreparedWorld rendererWorld = prepareWorld(s);
    GlideRenderer renderer(test::vulkan(), rendererWorld);
    const auto centre = [&](double yaw, double pitch, const LayerToggles& layers) {
        view::Camera camera;
        camera.yawDeg = yaw;
        camera.pitchDeg = pitch;
        LookSettings settings;
        settings.layers = layers;
        return test::renderToImage(renderer, kSize, camera, 0.0, settings, nullptr);
    };
    LayerToggles panorama;
    panorama.clouds = panorama.sun = false;
    LayerToggles clouds;
    clouds.sky = clouds.sun = false;
    const loaders::ColorRgb blue = s.palette[test::kSkyBlue], white = s.palette[test::kSkyCloud],
                            sun = s.palette[test::kSkySun];
    expectPixel(centre(90, 10, panorama), 64, 36, blue.r, blue.g, blue.b, "east: the left half");
    expectPixel(centre(-90, 10, panorama), 64, 36, white.r, white.g, white.b, "west: the right half");
    expectPixel(centre(0, 60, clouds), 64, 36, white.r, white.g, white.b, "clouds to the north: the top");
    expectPixel(centre(180, 60, clouds), 64, 36, sun.r, sun.g, sun.b, "clouds to the south: the bottom");
}

// The clouds scroll east at t > 0 (issue 30's planted bug: the Glide sky shader's scroll sign
// flipped passed, every sky scene rendering at time 0): straight up, a cloud image varying along
// x shows the middle of its left half at 1.34 s and, wrapped, of its right half at 4.01 s
// (test::skyStripesScene); the software look the same (SoftScene.CloudsScrollEastOverTime).
TEST(HandScenes, CloudsScrollEastOverTime) {
    const scene::Scene s = test::skyStripesScene();
    const SkyLook look = skyLook(s);
    ASSERT_TRUE(look.moving);
    ASSERT_EQ(look.ticksPerSecond, 12);
    ASSERT_EQ(look.cloudSpeed, 100);
    const PreparedWorld rendererWorld = prepareWorld(s);
    GlideRenderer renderer(test::vulkan(), rendererWorld);
    view::Camera up;
    up.pitchDeg = 89;
    LookSettings settings;
    settings.layers.sky = settings.layers.sun = false;
    const loaders::ColorRgb cloud = s.palette[test::kSkyCloud], sun = s.palette[test::kSkySun];
    expectPixel(test::renderToImage(renderer, kSize, up, 1.34, settings, nullptr), 64, 36, cloud.r, cloud.g,
                cloud.b, "1.34 s: 1600 units east, the image's left half overhead");
    expectPixel(test::renderToImage(renderer, kSize, up, 4.01, settings, nullptr), 64, 36, sun.r, sun.g,
                sun.b, "4.01 s: 4800 units east, wrapped: the right half");
}

// The clouds fade out towards their square's edge (renderer::cloudFade): at the centre pixel the
// cloud colour blended by the fade of that pixel's own ray, over the black fill without the
// panorama and over the panorama's blue with it. The camera looks north 22.6 degrees up, where
// the ray meets the plane about 2400 units out: a fade of about a half.
TEST(HandScenes, CloudsFadeOverWhatIsBehindThem) {
    const scene::Scene s = test::skyScene();
    const PreparedWorld rendererWorld = prepareWorld(s);
    GlideRenderer renderer(test::vulkan(), rendererWorld);
    view::Camera camera;
    camera.pitchDeg = std::atan2(1000.0, 2400.0) * 180 / 3.14159265358979323846;
    const view::ViewRays rays = view::viewRays(camera, double(kSize.width) / kSize.height);
    const rgx::Vec3 r = rays.at((64.5 / kSize.width) * 2 - 1, (36.5 / kSize.height) * 2 - 1);
    const double fade = cloudFade(skyLook(s), {r.x, r.y, r.z});
    ASSERT_GT(fade, 0.4);
    ASSERT_LT(fade, 0.6);
    const loaders::ColorRgb blue = s.palette[test::kSkyBlue], cloud = s.palette[test::kSkyCloud];
    LookSettings settings;
    settings.layers.sun = false;
    settings.layers.sky = false;
    const Rgba8Image overFill = test::renderToImage(renderer, kSize, camera, 0.0, settings, nullptr);
    expectPixel(overFill, 64, 36, cloud.r * fade, cloud.g * fade, cloud.b * fade,
                "clouds faded over the fill");
    settings.layers.sky = true;
    const Rgba8Image overSky = test::renderToImage(renderer, kSize, camera, 0.0, settings, nullptr);
    expectPixel(overSky, 64, 36, blue.r + (cloud.r - blue.r) * fade, blue.g + (cloud.g - blue.g) * fade,
                blue.b + (cloud.b - blue.b) * fade, "clouds faded over the panorama");
}

// A rain streak straight ahead: the rain's colour at the transparent mode's alpha (0.5) over the
// black fill; none with the rain layer off.
TEST(HandScenes, RainStreakBlendsOverTheFill) {
    const scene::Scene s = test::rainScene();
    const view::Camera camera = test::cameraOnARainDrop(s);
    const PreparedWorld rendererWorld = prepareWorld(s);
    GlideRenderer renderer(test::vulkan(), rendererWorld);
    FrameStats stats;
    const Rgba8Image image = test::renderToImage(renderer, kSize, camera, 0.0, {}, &stats);
    expectPixel(image, 64, 36, 85, 90, 100, "the streak");
    EXPECT_EQ(stats.draws, 1u);
    EXPECT_GT(stats.triangles, 0u);
    LookSettings noRain;
    noRain.layers.rain = false;
    expectPixel(test::renderToImage(renderer, kSize, camera, 0.0, noRain, nullptr), 64, 36, 0, 0, 0,
                "rain off");
}

// ---- One flat: a billboard that turns to face the camera ---------------------------------------

// A scene with one texture (8x8, `pixels`) and one mesh: a unit quad from (-40, 0) to (40, 80) in
// the mesh's x/y plane, normal +z, uv (0,1) bottom-left to (1,0) top-right (as scene::flatMesh).
std::unique_ptr<HandScene> oneTextureScene(const loaders::Bytes& pixels) {
    const float corners[4][4] = {{-40, 0, 0, 1}, {40, 0, 1, 1}, {40, 80, 1, 0}, {-40, 80, 0, 0}};
    return texturedQuadScene({pixels}, 0, corners, 0.0f, {0, 1, 2, 0, 2, 3});
}

TEST(HandScenes, FlatFacesTheCameraFromEitherSide) {
    constexpr std::uint8_t kLeft = 10, kRight = 11;
    auto q = oneTextureScene(quadrants(kLeft, kRight, kRight, kLeft));
    scene::Scene& s = q->scene;
    s.palette[kLeft] = {200, 40, 40};
    s.palette[kRight] = {40, 40, 200};
    scene::SceneNode flat;
    flat.name = "F000_HAND";
    flat.kind = scene::NodeKind::Flat;
    flat.mesh = 0;
    flat.world = rgx::Mat4::translation({0, -40, -100}); // spans y -40..40 at z -100
    s.nodes.push_back(flat);
    // The flat faces +z towards a camera looking north: light 0.65; seen from the west (looking
    // east) it turns to face -x, away from the sun: ambient only, 0.25.
    s.redguard.world = sunAlongZ();

    struct View {
        view::Camera camera;
        double light;
    };
    view::Camera west;
    west.position = {-100, 0, -100};
    west.yawDeg = 90; // looking east, at the flat 100 units ahead
    for (const View& v : {View{view::Camera{}, 32.0 / 128.0 + 102.0 / 255.0}, View{west, 32.0 / 128.0}}) {
        const Rgba8Image image = render(s, v.camera);
        // 80 units wide at distance 100 with fov 60 on 128x72: about x 39..89, y 11..61. The
        // texture's left half (u < 0.5) stays on the viewer's left from both sides.
        for (int y : {20, 36, 52}) {
            const loaders::ColorRgb l = s.palette[kLeft], r = s.palette[kRight];
            expectPixel(image, 48, y, l.r * v.light, l.g * v.light, l.b * v.light, "left half");
            expectPixel(image, 80, y, r.r * v.light, r.g * v.light, r.b * v.light, "right half");
        }
        expectPixel(image, 5, 5, 0, 0, 0, "background");
    }
}

// ---- Fog: a quad at a known distance under a known ramp ----------------------------------------

// FOG.INI 0,0 and 63,252: the table is 4 x entry (integer interpolation, loaders/redguard/fog_ini.h). The
// quad faces the camera 1,425 units down the view axis (half-size 570): its depth w is 1,425
// everywhere on it (its corners are 1,637.2 away, but Glide indexes its fog table by w, not by
// distance). 3800 units are entry 46 (renderer::fogTableIndex): the pixel is
// mix(texel x light, world_fogrgb, fog).
TEST(HandScenes, QuadAtAKnownDistanceTakesItsFogTableEntry) {
    loaders::FogIni fog;
    fog.points = {{0, 0}, {63, 252}, {63, std::nullopt}};
    ASSERT_EQ(loaders::fogTable(fog)[40], 160);

    constexpr std::uint8_t kIndex = 10;
    auto q = oneTextureScene(quadrants(kIndex, kIndex, kIndex, kIndex));
    scene::Scene& s = q->scene;
    s.palette[kIndex] = {200, 100, 50};
    // The unit quad scaled to 1,140 x 1,140 (x -570..570, y 0..1,140) and moved so it is centred
    // in front of the camera.
    scene::Mesh& mesh = s.meshes[0];
    mesh.bounds = {};
    for (scene::MeshVertex& v : mesh.vertices) {
        v.position[0] *= 14.25f;
        v.position[1] = v.position[1] * 14.25f - 570.0f;
        v.position[2] = -1425.0f;
        mesh.bounds.add(rgx::Vec3{v.position[0], v.position[1], v.position[2]});
    }
    scene::SceneNode node;
    node.name = "S000_FOGQUAD";
    node.kind = scene::NodeKind::Static;
    node.mesh = 0;
    s.nodes.push_back(node);
    loaders::WorldEntry w = fullAmbient();
    w.fogRgb = std::array<std::int64_t, 3>{0, 0, 255};
    s.redguard.world = w;
    // FOG.INI as the scene layer reads it (scene::WorldEnvironment), through the file's bytes.
    s.redguard.environment.fog =
        loaders::fogTable(loaders::readFogIni(loaders::writeFogIni(fog), "fxart/FOG.INI"));

    // Glide's w = 1425 x (2^14 / 6) / 3800 = 1024 = 2^10 exactly: entry 40, where the table is
    // 160: fog 160 / 255 = 0.6275. (By the corners' distance it would be entry 41.03, fog 0.6436.)
    ASSERT_NEAR(fogTableIndex(1425.0), 40.0, 1e-9);
    const double f = 160.0 / 255.0;
    const Rgba8Image image = render(s, view::Camera{});
    for (auto [x, y] : {std::pair{52, 24}, std::pair{64, 36}, std::pair{76, 48}}) {
        expectPixel(image, x, y, 200 * (1 - f), 100 * (1 - f), 50 * (1 - f) + 255 * f, "fogged quad");
    }
}

// ---- Terrain: an asymmetric texture at rotations 0-3 -------------------------------------------

// The game directory's TEXBSI.302 with one 8x8 image, index 7 (TER007): the terrain's texture.
scene::GameFs terrainBank(const TempGame& game, const loaders::Bytes& pixels) {
    loaders::TexbsiFile bank;
    bank.images.push_back(loaders::makeTexbsiImage("TER007", 8, 8, {pixels}, std::nullopt));
    loaders::writeFile(game.dir / "fxart" / "TEXBSI.302", loaders::writeTexbsi(bank));
    return scene::GameFs(game.dir);
}

// A flat terrain at height 0 whose every cell uses texture index 7 of TEXBSI.302 at `rotation`,
// as the scene's first mesh and node.
void addFlatTerrain(scene::Scene& s, const scene::GameFs& fs, std::uint8_t rotation) {
    scene::TerrainGrid g;
    const std::size_t vertices = scene::TerrainGrid::kSize * scene::TerrainGrid::kSize;
    g.height.assign(vertices, 0.0f);
    g.textureIndex.assign(vertices, 7);
    g.rotation.assign(vertices, rotation);
    g.water.assign(255 * 255, 0);
    scene::MaterialLibrary materials(&fs, s);
    s.meshes.push_back(scene::terrainMesh(g, materials));
    scene::SceneNode node;
    node.name = "terrain";
    node.kind = scene::NodeKind::Terrain;
    node.mesh = static_cast<int>(s.meshes.size()) - 1;
    s.nodes.push_back(node);
    s.terrain = g;
}

// Every cell of a flat terrain uses texture index 7 of TEXBSI.302, an 8x8 image whose quadrants
// are four colours, turned by the rotation under test. scene/redguard/terrain.h: corner j (TL, TR, BR, BL)
// takes the UV of corner j + rotation, so the quadrant of the texture seen at each corner of a
// cell is, by hand:
//   rotation 0: TL a, TR b, BR c, BL d      rotation 2: TL c, TR d, BR a, BL b
//   rotation 1: TL b, TR c, BR d, BL a      rotation 3: TL d, TR a, BR b, BL c
// seen from straight above a cell (north up on screen, so the cell's TL corner is top-left).
TEST(HandScenes, TerrainTextureTurnsByItsRotation) {
    constexpr std::uint8_t kA = 20, kB = 21, kC = 22, kD = 23;
    TempGame game("terrain");
    const scene::GameFs fs = terrainBank(game, quadrants(kA, kB, kC, kD));

    const std::uint8_t expected[4][4] = {
        {kA, kB, kC, kD}, // rotation 0: TL, TR, BR, BL
        {kB, kC, kD, kA}, // rotation 1
        {kC, kD, kA, kB}, // rotation 2
        {kD, kA, kB, kC}, // rotation 3
    };
    for (std::uint8_t rotation = 0; rotation < 4; ++rotation) {
        SCOPED_TRACE("rotation " + std::to_string(rotation));
        scene::Scene s;
        s.palette[kA] = {220, 30, 30};
        s.palette[kB] = {30, 220, 30};
        s.palette[kC] = {30, 30, 220};
        s.palette[kD] = {220, 220, 220};
        s.redguard.world = fullAmbient();
        addFlatTerrain(s, fs, rotation);
        ASSERT_TRUE(s.warnings.empty()) << s.warnings.front();

        // Above the middle of cell (100, 100), 320 units up, looking (almost) straight down: the
        // cell spans about 50 pixels, its quadrant centres about 12 pixels from the image centre.
        view::Camera camera;
        camera.position = {100 * 256.0 + 128, 320, 100 * 256.0 + 128};
        camera.pitchDeg = -89; // the camera clamps at 89
        const Rgba8Image image = render(s, camera);
        const std::pair<int, int> at[4] = {{52, 24}, {76, 24}, {76, 48}, {52, 48}}; // TL TR BR BL
        const char* corner[4] = {"TL", "TR", "BR", "BL"};
        for (int k = 0; k < 4; ++k) {
            const loaders::ColorRgb c = s.palette[expected[rotation][k]];
            expectPixel(image, at[k].first, at[k].second, c.r, c.g, c.b, corner[k]);
        }
    }
}

// The terrain is lit by the sun and the ambient light only: a white MPSL light 60 units above it
// changes nothing, in either look (a static quad under the same light is lit by it).
TEST(HandScenes, TerrainIsLitBySunAndAmbientOnly) {
    constexpr std::uint8_t kIndex = 20;
    TempGame game("terrain_light");
    const scene::GameFs fs = terrainBank(game, quadrants(kIndex, kIndex, kIndex, kIndex));
    scene::Scene s;
    s.palette[kIndex] = {200, 160, 120};
    loaders::WorldEntry w;
    w.ambient = 64; // 0.5, no sun
    w.ambientRgb = std::array<std::int64_t, 3>{255, 255, 255};
    s.redguard.world = w;
    addFlatTerrain(s, fs, 0);
    const rgx::Vec3 centre{100 * 256.0 + 128, 0, 100 * 256.0 + 128};
    scene::SceneNode light;
    light.name = "L000";
    light.kind = scene::NodeKind::Light;
    light.light = scene::LightInfo{};
    light.light->color = {255, 255, 255};
    light.world = rgx::Mat4::translation({centre.x, 60, centre.z});
    s.nodes.push_back(light);
    ASSERT_EQ(worldLighting(s).lights.size(), 1u) << "the light is in the world";

    view::Camera camera;
    camera.position = {centre.x, 320, centre.z};
    camera.pitchDeg = -89;
    const Rgba8Image image = render(s, camera);
    const loaders::ColorRgb c = s.palette[kIndex];
    for (const auto& [x, y] : {std::pair{64, 36}, std::pair{40, 20}, std::pair{90, 50}})
        expectPixel(image, x, y, c.r * 0.5, c.g * 0.5, c.b * 0.5, "terrain under the light");

    // The software look: the same indices with and without the light.
    scene::Scene dark = s;
    dark.nodes.pop_back();
    soft::IndexedFrame lit, unlit;
    const PreparedWorld litWorld = prepareWorld(s), darkWorld = prepareWorld(dark);
    soft::SoftRenderer(litWorld).draw(lit, test::frameRequest(camera, 0.0, 128, 72));
    soft::SoftRenderer(darkWorld).draw(unlit, test::frameRequest(camera, 0.0, 128, 72));
    EXPECT_EQ(lit.index, unlit.index);

    // A static quad under a light is lit by it (the light reaches the objects).
    auto q = quadScene();
    q->scene.redguard.world = w;
    scene::SceneNode quadLight = light;
    quadLight.world = rgx::Mat4::translation({0, 0, -40}); // 60 units in front of the quad
    q->scene.nodes.push_back(quadLight);
    const auto p = render(q->scene, view::Camera{}).at(51, 36);
    EXPECT_GT(p[0], q->scene.palette[kIndexA].r * 0.5 + 20) << "the quad is lit past the ambient";
}

// Each MPSL kind lights the quad by its rule (renderer/lighting/world_lighting.h): a light on the
// quad's axis is equally far from its four corners (sqrt(40^2 + 40^2 + 60^2) = 82.46 at 60 units
// off the plane), so the light is the same at every vertex: ambient 0.5 + 0.2 (param0 51) x
// falloff (1 - 82.46 / 1000, param1 the range) x lambert.
TEST(HandScenes, MpslLightKindsFollowTheirRules) {
    const double distance = std::sqrt(40.0 * 40 + 40 * 40 + 60 * 60);
    const double lit = 0.2 * (1 - distance / 1000);
    const struct {
        const char* what;
        std::uint32_t param;
        double z;
        std::array<std::int16_t, 3> direction;
        double light;
    } cases[] = {
        {"ambient behind the quad", 0, -160, {0, 256, 0}, 0.5 + lit},
        {"point behind the quad", 5, -160, {0, 256, 0}, 0.5},
        {"point in front", 5, -40, {0, 256, 0}, 0.5 + lit * 60 / distance},
        {"directional shining at the quad", 28, -40, {0, 0, -256}, 0.5 + lit},
        {"directional shining away", 28, -40, {0, 0, 256}, 0.5},
    };
    for (const auto& c : cases) {
        auto q = quadScene();
        loaders::WorldEntry w;
        w.ambient = 64; // 0.5, no sun
        w.ambientRgb = std::array<std::int64_t, 3>{255, 255, 255};
        q->scene.redguard.world = w;
        scene::SceneNode light;
        light.name = "L000";
        light.kind = scene::NodeKind::Light;
        light.light = scene::LightInfo{};
        light.light->color = {255, 255, 255};
        light.light->param = c.param;
        light.light->param0 = 51;
        light.light->param1 = 1000;
        light.light->direction = c.direction;
        light.world = rgx::Mat4::translation({0, 0, c.z});
        q->scene.nodes.push_back(light);
        const Rgba8Image image = render(q->scene, view::Camera{});
        const loaders::ColorRgb p = q->scene.palette[kIndexA];
        for (int y : {20, 36, 52})
            expectPixel(image, 51, y, p.r * c.light, p.g * c.light, p.b * c.light, c.what);
    }
}

} // namespace
} // namespace rgx::renderer
