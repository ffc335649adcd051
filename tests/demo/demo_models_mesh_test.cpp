// The demo's mesh toolkit (demo/demo_mesh.h): the y flip, winding from the requested direction,
// UVs shifted by whole texture repeats.

#include "demo/demo_mesh.h"
#include "tests/demo/demo_models_test_util.h"

#include <gtest/gtest.h>

#include <algorithm>

namespace rgx::demo {
namespace {

using loaders::Model;
using test::centroid;
using test::faceCross;

TEST(DemoMesh, RawCoordinatesPointYDown) {
    loaders::Vec3i r = Mesh::toRaw({1, 2, -3});
    EXPECT_EQ(r, (loaders::Vec3i{256, -512, -768}));
}

TEST(DemoMesh, BoxesFaceOutOrInAsAsked) {
    for (bool inward : {false, true}) {
        Mesh mesh;
        mesh.box({-10, 0, -20}, {10, 40, 20}, Surface::tex(Material::Stone), 8, 0, inward);
        Model m = mesh.toModel(loaders::ModelVersion::V50, true);
        ASSERT_EQ(m.faces.size(), 2u * (3 * 5 + 3 * 5 + 5 * 5)); // cells of at most 8 units
        for (std::size_t f = 0; f < m.faces.size(); ++f) {
            auto n = faceCross(m, f, m.vertices);
            auto c = centroid(m, f);
            double out = n[0] * c[0] + n[1] * (c[1] + 20) + n[2] * c[2];
            EXPECT_EQ(out > 0, !inward) << "face " << f;
        }
    }
}

TEST(DemoMesh, CylinderCapsAndSidesFaceTheRightWay) {
    Mesh mesh;
    mesh.cylinder({0, 0, 0}, 10, 5, 30, 6, 2, Surface::colour(Ramp::Stone, 8), true, true);
    mesh.cylinder({0, 0, 0}, 50, 50, 30, 6, 1, Surface::colour(Ramp::Stone, 8), false, false, 0, true);
    Model m = mesh.toModel(loaders::ModelVersion::V40, true);
    ASSERT_EQ(m.faces.size(), 6u * 2 + 2 + 6);
    for (std::size_t f = 0; f < m.faces.size(); ++f) {
        auto n = faceCross(m, f, m.vertices);
        auto c = centroid(m, f);
        double radial = n[0] * c[0] + n[2] * c[2];
        if (f < 12) {
            EXPECT_GT(radial, 0) << f; // frustum sides
        } else if (f == 12) {
            EXPECT_GT(n[1], 0.99); // bottom cap faces down: +y in the file
        } else if (f == 13) {
            EXPECT_LT(n[1], -0.99); // top cap faces up: -y in the file
        } else {
            EXPECT_LT(radial, 0) << f; // the inward band
        }
    }
}

TEST(DemoMesh, UvsTileContinuouslyAndStaySmall) {
    Mesh mesh;
    // Two neighbouring floor quads far from the origin, one texture copy per 64 units.
    mesh.grid({1000, 0, 2000}, {128, 0, 0}, {0, 0, 64}, 2, 1, Surface::tex(Material::Floor, 64), {0, 1, 0});
    Model m = mesh.toModel(loaders::ModelVersion::V40, false);
    ASSERT_EQ(m.faces.size(), 2u);
    TextureRef t = materialTexture(Material::Floor);
    for (std::size_t f = 0; f < 2; ++f) {
        auto uv = loaders::faceUvs(m, f);
        auto [umin, umax] = std::minmax({uv[0][0], uv[1][0], uv[2][0], uv[3][0]});
        EXPECT_EQ(umax - umin, t.width * 16); // 64 units = one copy
        EXPECT_GE(umin, 0);
        EXPECT_LT(umin, t.width * 16);
        // 1000 is not a multiple of 64: the texture is offset the same way in both quads.
        EXPECT_EQ(umin % (t.width * 16), (1000 * 16) % (t.width * 16));
    }
}

} // namespace
} // namespace rgx::demo
