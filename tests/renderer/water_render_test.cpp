// Two renders of the demo island at different times differ in water pixels and are identical on
// land. The times are a whole number of periods of every animated texture apart, so only the
// waves can change a pixel. Which pixels are water: those that change when the water layer is
// switched off. Which are land: the rest, where the depth buffer puts the visible surface (at both
// times) at least two grid vertices from any vertex the waves move. That shoreline band is left
// out on purpose: its cells change too, as in the engine (they share displaced vertices, or have
// normals that average displaced heights).

#include "renderer/glide/glide_environment.h"
#include "renderer/glide/glide_renderer.h"
#include "renderer/vk/png.h"
#include "renderer/world/prepared_world.h"
#include "scene/redguard/scene_builder.h"
#include "tests/renderer/glide_image.h"
#include "tests/renderer/vulkan_test_env.h"

#include "tests/support/demo_dir.h"

#include <glm/glm.hpp>
#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <filesystem>
#include <numeric>

namespace rgx::renderer {
namespace {

constexpr VkExtent2D kSize{192, 108};

struct Frame {
    Rgba8Image color;
    std::vector<float> depth;
};

bool samePixel(const Rgba8Image& a, const Rgba8Image& b, std::size_t i) {
    return std::memcmp(&a.pixels[i * 4], &b.pixels[i * 4], 4) == 0;
}

// The least common multiple of every animated texture's period, in PIT ticks (each frame shows
// texbsiAnimTicks ticks: scene::SceneTexture::frameSeconds).
std::int64_t animationPeriodTicks(const scene::Scene& s) {
    std::int64_t period = 1;
    for (const scene::SceneTexture& t : s.textures) {
        if (t.frameCount() > 1)
            period = std::lcm(period, std::int64_t{t.frameCount()} *
                                          std::llround(t.frameSeconds() * loaders::kPitTicksPerSecond));
    }
    return period;
}

TEST(WaterRender, TwoTimesDifferInWaterPixelsAndAreIdenticalOnLand) {
    const std::filesystem::path& dir = rgx::testing::smallDemoDir();
    const scene::Scene s = scene::buildWorldScene(scene::GameFs(dir), 0);
    ASSERT_TRUE(s.terrain.has_value());
    const PreparedWorld rendererWorld = prepareWorld(s);
    GlideRenderer renderer(test::vulkan(), rendererWorld);
    ASSERT_GT(rendererWorld.worldWave.amplitude, 0);

    // The extended view (8 x back_plane) keeps the village and the hills behind the beach in the
    // picture: land enough to show that the waves leave it alone.
    LookSettings withWater;
    withWater.viewDistance = 8;
    LookSettings withoutWater = withWater;
    withoutWater.layers.water = false;
    // On the south beach, looking north-east over the pier: sea in front, village and hills behind.
    const view::Camera camera = view::parseCamera("32768,800,56000,20,-12");
    const std::int64_t periodTicks = animationPeriodTicks(s);
    ASSERT_LT(periodTicks, 10'000'000);
    const double t1 = 0.02, t2 = t1 + static_cast<double>(periodTicks) / loaders::kPitTicksPerSecond;

    const auto render = [&](double t, const LookSettings& look) {
        Frame f;
        f.color = test::renderToImage(renderer, kSize, camera, t, look, nullptr, &f.depth);
        return f;
    };
    const Frame a = render(t1, withWater), b = render(t2, withWater);
    const Frame a0 = render(t1, withoutWater), b0 = render(t2, withoutWater);

    // Scene positions from depth, through the matrix the shaders used.
    const shaders::GlideFrame frame = glideFrame(rendererWorld, camera, kSize, t1, withWater, nullptr);
    glm::mat4 viewProj;
    for (int c = 0; c < 4; ++c) {
        const shaders::vec4& column = frame.viewProj.columns[c];
        viewProj[c] = glm::vec4(column.x, column.y, column.z, column.w);
    }
    const glm::mat4 inverse = glm::inverse(viewProj);
    constexpr int n = scene::TerrainGrid::kSize;
    const std::vector<std::uint8_t> waterVertex = sim::waterVertices(*s.terrain);
    // Far from water: no displaced vertex within two vertices of the cell's corners.
    const auto farFromWater = [&](float depth, std::uint32_t x, std::uint32_t y) {
        if (depth >= 1.0f) return true; // nothing drawn: the sky
        const glm::vec4 ndc{(x + 0.5f) / kSize.width * 2 - 1, (y + 0.5f) / kSize.height * 2 - 1, depth, 1};
        const glm::vec4 p = inverse * ndc;
        const int c = static_cast<int>(std::floor(p.x / p.w / 256)),
                  r = static_cast<int>(std::floor(p.z / p.w / 256));
        for (int rr = r - 2; rr <= r + 3; ++rr) {
            for (int cc = c - 2; cc <= c + 3; ++cc) {
                if (rr >= 0 && cc >= 0 && rr < n && cc < n &&
                    waterVertex[static_cast<std::size_t>(rr) * n + cc])
                    return false;
            }
        }
        return true;
    };

    std::size_t water = 0, waterChanged = 0, land = 0, landSurface = 0, landChanged = 0;
    const std::size_t pixels = std::size_t{kSize.width} * kSize.height;
    for (std::size_t i = 0; i < pixels; ++i) {
        const auto x = static_cast<std::uint32_t>(i % kSize.width),
                   y = static_cast<std::uint32_t>(i / kSize.width);
        if (!samePixel(a.color, a0.color, i) || !samePixel(b.color, b0.color, i)) {
            ++water;
            waterChanged += samePixel(a.color, b.color, i) ? 0 : 1;
        } else if (farFromWater(a.depth[i], x, y) && farFromWater(b.depth[i], x, y)) {
            ++land;
            landSurface += a.depth[i] < 1.0f ? 1 : 0; // not the sky
            if (!samePixel(a.color, b.color, i)) {
                if (landChanged++ < 5) ADD_FAILURE() << "land pixel " << x << "," << y << " changed";
            }
        }
    }
    EXPECT_GT(water, pixels / 20);
    EXPECT_GT(waterChanged, water / 3);
    EXPECT_GT(landSurface, pixels / 5); // the check covers terrain and buildings, not only sky
    EXPECT_EQ(landChanged, 0u);
    if (HasFailure()) {
        const auto tmp = std::filesystem::temp_directory_path();
        writePng(tmp / "water_render_t1.png", a.color);
        writePng(tmp / "water_render_t2.png", b.color);
        ADD_FAILURE() << "images written to " << tmp / "water_render_t1.png"
                      << " and _t2.png (water " << water << ", changed " << waterChanged << "; land " << land
                      << ")";
    }
}

} // namespace
} // namespace rgx::renderer
