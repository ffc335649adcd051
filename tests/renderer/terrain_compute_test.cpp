// The terrain compute passes (renderer/glide/terrain_compute.h) read back and compared with the CPU
// reference (sim/water.h) over the whole demo island grid, for several times and wave settings:
// heights within 1e-3 engine units, normals with a dot product of at least 0.9999. Plus the
// timestamps, and GlideRenderer refusing a frame slot it does not have.

#include "renderer/glide/glide_renderer.h"
#include "renderer/glide/terrain_compute.h"
#include "renderer/vk/offscreen.h"
#include "renderer/world/prepared_world.h"
#include "scene/redguard/scene_builder.h"
#include "shaders/shared.h"
#include "tests/renderer/glide_image.h"
#include "tests/renderer/vulkan_test_env.h"

#include "tests/support/demo_dir.h"

#include <gtest/gtest.h>

#include <limits>

#include <cmath>
#include <cstring>
#include <stdexcept>
#include <string>

namespace rgx::renderer {
namespace {

const scene::Scene& island() {
    static const scene::Scene s = scene::buildWorldScene(scene::GameFs(rgx::testing::smallDemoDir()), 0);
    return s;
}

struct Readback {
    std::vector<float> height;
    std::vector<float> normal; // xyzw
};

Readback readSurface(const Buffer& surface) {
    constexpr std::size_t n = shaders::kTerrainVertexCount;
    const std::vector<std::byte> bytes = downloadBuffer(test::vulkan(), surface, 0, n * 5 * sizeof(float));
    Readback r;
    r.height.resize(n);
    r.normal.resize(n * 4);
    std::memcpy(r.height.data(), bytes.data(), n * sizeof(float));
    std::memcpy(r.normal.data(), bytes.data() + n * sizeof(float), n * 4 * sizeof(float));
    return r;
}

struct Case {
    std::string name;
    sim::WaveSettings settings;
    double time;
    rgx::Vec3 camera;
};

std::vector<Case> cases() {
    // The whole grid (window off) for most cases, so the comparison covers every water vertex.
    sim::WaveSettings world = sim::waveSettings(island().redguard.world->wave);
    std::vector<Case> c;
    c.push_back({"33 x 33 window over the sea", world, 4.2, {10, 0, 65000}});
    // A fixed centre at the edge of int32: its window holds no grid vertex (the shader's
    // arithmetic must not wrap row 0 into it).
    sim::WaveSettings farCentre = world;
    farCentre.followCamera = false;
    farCentre.centreRow = std::numeric_limits<std::int32_t>::min();
    farCentre.centreColumn = 100;
    c.push_back({"window round a centre far off the grid", farCentre, 4.2, {}});
    world.window = false;
    c.push_back({"world at 0 s", world, 0.0, {128 * 256, 800, 128 * 256}});
    c.push_back({"world at 7.3 s", world, 7.3, {40 * 256 + 17, 300, 200 * 256 + 90}});
    sim::WaveSettings big = world;
    big.amplitude = 96;
    big.speed = 37.5f;
    big.frequency = 29;
    big.centring = 0.5f;
    c.push_back({"large, biased", big, 123.456, {10, 0, 65000}});
    sim::WaveSettings negative = world;
    negative.amplitude = 40;
    negative.speed = -11;
    negative.frequency = -7;
    negative.followCamera = false;
    negative.centreRow = 250;
    negative.centreColumn = 3;
    c.push_back({"negative, fixed centre", negative, 2.0, {}});
    sim::WaveSettings stepped = world;
    stepped.amplitude = 64;
    stepped.speed = 5;
    stepped.frequency = 1000; // wraps the phase many times across the grid
    stepped.stepped = true;
    c.push_back({"stepped, high frequency", stepped, 55.55, {-3000, 0, -3000}});
    return c;
}

TEST(TerrainCompute, GpuMatchesTheCpuReference) {
    const scene::Scene& s = island();
    ASSERT_TRUE(s.terrain.has_value());
    GpuTerrain terrain = uploadTerrain(test::vulkan(), s);
    ASSERT_TRUE(terrain.present);
    const std::vector<std::uint8_t> water = sim::waterVertices(*s.terrain);
    {
        TerrainCompute compute(test::vulkan(), terrain, 1);
        for (const Case& c : cases()) {
            SCOPED_TRACE(c.name);
            const sim::WaveFrame frame = sim::waveFrame(c.settings, c.time, c.camera);
            submitOneShot(test::vulkan(), [&](VkCommandBuffer cmd) { compute.record(cmd, frame, 0); });
            const Readback gpu = readSurface(compute.surface(0));
            const sim::TerrainSurface cpu = sim::terrainSurface(*s.terrain, water, frame);
            ASSERT_EQ(cpu.height.size(), gpu.height.size());
            double worstHeight = 0, worstDot = 1;
            std::size_t moved = 0;
            for (std::size_t i = 0; i < cpu.height.size(); ++i) {
                worstHeight = std::max(worstHeight, std::abs(double{gpu.height[i]} - cpu.height[i]));
                const rgx::Vec3& n = cpu.normal[i];
                const double dot =
                    n.x * gpu.normal[i * 4] + n.y * gpu.normal[i * 4 + 1] + n.z * gpu.normal[i * 4 + 2];
                worstDot = std::min(worstDot, dot);
                moved += cpu.height[i] != s.terrain->height[i] ? 1 : 0;
            }
            EXPECT_LE(worstHeight, 1e-3);
            EXPECT_GE(worstDot, 0.9999);
            // The case displaces water somewhere, so the comparison covers the waves; with the
            // window, only inside it.
            if (c.settings.window && !c.settings.followCamera) {
                EXPECT_EQ(moved, 0u);
            } else if (c.settings.window) {
                EXPECT_GT(moved, 100u);
                EXPECT_LE(moved, 33u * 33u);
            } else {
                EXPECT_GT(moved, s.terrain->waterCells / 4);
            }
        }
    }
}

TEST(TerrainCompute, ReportsTheComputeTimeWhenTheQueueHasTimestamps) {
    // What the queue family itself reports, and what the device recorded of it.
    std::uint32_t count = 0;
    vkGetPhysicalDeviceQueueFamilyProperties(test::vulkan().device.physical, &count, nullptr);
    std::vector<VkQueueFamilyProperties> families(count);
    vkGetPhysicalDeviceQueueFamilyProperties(test::vulkan().device.physical, &count, families.data());
    const std::uint32_t validBits = families[test::vulkan().device.queueFamily].timestampValidBits;
    EXPECT_EQ(test::vulkan().device.timestampValidBits, validBits);
    const bool timestamps = validBits > 0;
    const PreparedWorld rendererWorld = prepareWorld(island());
    GlideRenderer renderer(test::vulkan(), rendererWorld);
    EXPECT_FALSE(renderer.computeMilliseconds(0).has_value()); // nothing recorded yet
    FrameStats stats;
    view::Camera camera;
    camera.position = {128 * 256, 2000, 128 * 256};
    test::renderToImage(renderer, {32, 32}, camera, 1.0, {}, &stats);
    EXPECT_EQ(stats.computeMs.has_value(), timestamps);
    if (stats.computeMs) {
        EXPECT_GT(*stats.computeMs, 0.0);
        EXPECT_LT(*stats.computeMs, 60'000.0);
    }
}

// A frame's compute pass and its draws are one call (beginFrame), so the draws can never read a
// surface computed for another frame; a slot the renderer does not have is refused before
// anything is recorded.
TEST(TerrainCompute, ASlotOutOfRangeIsRefused) {
    const PreparedWorld rendererWorld = prepareWorld(island());
    GlideRenderer renderer(test::vulkan(), rendererWorld);
    EXPECT_TRUE(renderer.terrainComputed());
    const FrameRequest request = test::frameRequest(view::Camera{}, 0.0, 16, 16);
    bool outOfRange = false, negative = false;
    submitOneShot(test::vulkan(), [&](VkCommandBuffer cmd) {
        try {
            renderer.beginFrame(cmd, request, GlideRenderer::kFramesInFlight);
        } catch (const std::out_of_range&) {
            outOfRange = true;
        }
        try {
            renderer.beginFrame(cmd, request, -1);
        } catch (const std::out_of_range&) {
            negative = true;
        }
        renderer.beginFrame(cmd, request, 1); // a slot it has: records the compute pass
    });
    EXPECT_TRUE(outOfRange);
    EXPECT_TRUE(negative);
}

} // namespace
} // namespace rgx::renderer
