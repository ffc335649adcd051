// The software look's vertex stage four lanes at a time (renderer/soft/vertex_batch.h) against
// one vertex at a time: the same bits in every field of every vertex, over random matrices,
// lights of every kind and vertices, and the edge cases (zero and NaN normals, vertices behind
// the eye, on a light, at a light's edge, an orthographic depth).

#include "renderer/soft/vertex_batch.h"

#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <limits>
#include <random>

namespace rgx::renderer::soft::detail {
namespace {

bool sameBits(const Lit& a, const Lit& b) {
    return std::memcmp(&a.clip, &b.clip, sizeof a.clip) == 0 &&
           std::memcmp(&a.screen, &b.screen, sizeof a.screen) == 0;
}

TEST(VertexBatch, FourLanesGiveTheScalarBits) {
    std::mt19937 rng(33);
    std::uniform_real_distribution<double> unit(-1.0, 1.0);
    const auto f = [&](double scale) { return static_cast<float>(unit(rng) * scale); };
    int compared = 0, inFront = 0, lit = 0;
    for (int trial = 0; trial < 3000; ++trial) {
        Mat4 world;
        for (int r = 0; r < 3; ++r) {
            for (int c = 0; c < 3; ++c)
                world.m[r][c] = unit(rng) * 2;
            world.m[r][3] = unit(rng) * 1000;
        }
        WorldLighting env;
        env.sunDirection = {f(1), f(1), f(1)};
        env.sunColor = {f(1) + 1, f(1) + 1, f(1) + 1};
        env.ambient = {f(0.5f) + 0.5f, f(0.5f) + 0.5f, f(0.5f) + 0.5f};
        std::vector<PointLight> lights(static_cast<std::size_t>(trial % 6));
        for (PointLight& l : lights) {
            l.position = {f(600), f(600), f(600)};
            l.radius = static_cast<float>(1 + std::abs(unit(rng)) * 800);
            l.color = {f(1) + 1, f(1) + 1, f(1) + 1};
            l.kind = static_cast<LightKind>(rng() % 3);
            l.toLight = {f(1), f(1), f(1)};
        }
        std::array<float, 16> vp{};
        for (float& v : vp)
            v = f(2);
        const VertexStage stage{&world,
                                &env,
                                &lights,
                                &vp,
                                1 + static_cast<int>(rng() % 4000),
                                1 + static_cast<int>(rng() % 3000),
                                trial % 5 == 0 ? f(1) + 2 : 0.0f};
        scene::MeshVertex v[4];
        for (int i = 0; i < 4; ++i) {
            for (int c = 0; c < 3; ++c) {
                v[i].position[c] = f(500);
                v[i].normal[c] = f(1);
            }
            switch (rng() % 12) {
            case 0: // no normal: lit as straight up
                v[i].normal[0] = v[i].normal[1] = v[i].normal[2] = 0;
                break;
            case 1:
                v[i].normal[1] = std::numeric_limits<float>::quiet_NaN();
                break;
            case 2: // on a light
                if (!lights.empty()) {
                    world = Mat4{};
                    for (int c = 0; c < 3; ++c)
                        v[i].position[c] = lights[0].position[static_cast<std::size_t>(c)];
                }
                break;
            default:
                break;
            }
        }
        Lit expected[4], actual[4];
        for (int i = 0; i < 4; ++i)
            litVertex(stage, v[i], expected[i]);
        const scene::MeshVertex* const in[4] = {&v[0], &v[1], &v[2], &v[3]};
        Lit* const out[4] = {&actual[0], &actual[1], &actual[2], &actual[3]};
        litVertices4(stage, in, out);
        for (int i = 0; i < 4; ++i) {
            EXPECT_TRUE(sameBits(expected[i], actual[i]))
                << "trial " << trial << " lane " << i << ": light " << expected[i].clip.light << " / "
                << actual[i].clip.light << ", x " << expected[i].clip.x << " / " << actual[i].clip.x
                << ", screen x " << expected[i].screen.x << " / " << actual[i].screen.x;
            ++compared;
            inFront += expected[i].clip.z >= 0 ? 1 : 0;
            lit += expected[i].clip.light > 0 ? 1 : 0;
        }
    }
    // The cases the test is for were met.
    EXPECT_EQ(compared, 12000);
    EXPECT_GT(inFront, 1000);
    EXPECT_LT(inFront, 11000);
    EXPECT_GT(lit, 1000);
}

} // namespace
} // namespace rgx::renderer::soft::detail
