// scene::terrainVertexNormals: the engine's six-triangle vertex normals (TL-BR diagonal), checked
// on planes (exact), on which neighbours a vertex sees, and on the border.
#include "scene/redguard/terrain_normals.h"

#include <gtest/gtest.h>

#include <cmath>

namespace rgx::scene {
namespace {

constexpr int kN = 6;
constexpr double kCell = 256.0;

std::vector<float> plane(double perColumn, double perRow) {
    std::vector<float> h(kN * kN);
    for (int r = 0; r < kN; ++r) {
        for (int c = 0; c < kN; ++c)
            h[static_cast<std::size_t>(r * kN + c)] = static_cast<float>(perColumn * c + perRow * r);
    }
    return h;
}

void expectNear(const Vec3& a, const Vec3& b, double tolerance = 1e-9) {
    EXPECT_NEAR(a.x, b.x, tolerance);
    EXPECT_NEAR(a.y, b.y, tolerance);
    EXPECT_NEAR(a.z, b.z, tolerance);
}

TEST(TerrainNormals, FlatGridPointsUpEverywhere) {
    const std::vector<Vec3> n = terrainVertexNormals(plane(0, 0), kN, kCell);
    ASSERT_EQ(n.size(), static_cast<std::size_t>(kN * kN));
    for (const Vec3& v : n)
        expectNear(v, Vec3{0, 1, 0});
}

TEST(TerrainNormals, PlaneGivesItsNormalAtEveryVertexBorderIncluded) {
    // Rising 64 per column (east) and 32 per row (south): the plane's normal is
    // normalize(-64/256, 1, -32/256), whatever the triangles and however many touch a vertex.
    const std::vector<Vec3> n = terrainVertexNormals(plane(64, 32), kN, kCell);
    const double gx = -64.0 / kCell, gz = -32.0 / kCell, len = std::sqrt(gx * gx + 1 + gz * gz);
    for (const Vec3& v : n)
        expectNear(v, Vec3{gx / len, 1 / len, gz / len});
}

TEST(TerrainNormals, AVertexSeesExactlyItsSixTriangleNeighbours) {
    // With the TL-BR diagonal, vertex (2, 2) shares triangles with (1,1), (1,2), (2,1), (2,3),
    // (3,2), (3,3) but not with (1,3) or (3,1): raising those two leaves its normal alone.
    const std::vector<float> flat = plane(0, 0);
    for (auto [r, c, touches] :
         {std::tuple{1, 1, true}, std::tuple{1, 2, true}, std::tuple{2, 1, true}, std::tuple{2, 3, true},
          std::tuple{3, 2, true}, std::tuple{3, 3, true}, std::tuple{1, 3, false}, std::tuple{3, 1, false}}) {
        std::vector<float> h = flat;
        h[static_cast<std::size_t>(r * kN + c)] = 100;
        const Vec3 v = terrainVertexNormals(h, kN, kCell)[2 * kN + 2];
        if (touches)
            EXPECT_LT(v.y, 0.999) << r << "," << c;
        else
            expectNear(v, Vec3{0, 1, 0});
    }
}

TEST(TerrainNormals, SumsTheCrossProductsOfTheSixTriangles) {
    // One raised neighbour, worked by hand: vertex (2, 2) with (2, 3) at height 256 (one cell).
    // Cell (2,2) triangles: (TL,BL,BR) flat -> (0, 65536, 0); (TL,BR,TR) with TR raised.
    // Cell (1,2) [vertex is its BL]: (TL,BL,BR) with BR raised. Cell (2,1), (1,1): flat.
    std::vector<float> h = plane(0, 0);
    h[2 * kN + 3] = 256;
    const auto cross = [](Vec3 a, Vec3 b) {
        return Vec3{a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x};
    };
    const Vec3 up{0, kCell * kCell, 0};
    // (TL, BR, TR) of cell (2, 2): TL=(2,2) p0, BR=(3,3), TR=(2,3) raised.
    const Vec3 t1 = cross(Vec3{kCell, 0, kCell}, Vec3{kCell, 256, 0});
    // (TL, BL, BR) of cell (1, 2): TL=(1,2), BL=(2,2), BR=(2,3) raised.
    const Vec3 t2 = cross(Vec3{0, 0, kCell}, Vec3{kCell, 256, kCell});
    Vec3 sum = up + up + up + up + t1 + t2; // the other four triangles are flat
    const double len = std::sqrt(sum.x * sum.x + sum.y * sum.y + sum.z * sum.z);
    expectNear(terrainVertexNormals(h, kN, kCell)[2 * kN + 2], sum * (1 / len), 1e-12);
}

} // namespace
} // namespace rgx::scene

namespace rgx::scene {
namespace {

// One vertex at a time gives the grid's normals bit for bit (the software renderer computes only
// the vertices it draws).
TEST(TerrainNormals, OneVertexAgreesExactlyWithTheGrid) {
    constexpr int size = 11;
    std::vector<float> heights(size * size);
    std::uint32_t state = 12345;
    for (float& h : heights) {
        state = state * 1664525u + 1013904223u;
        h = static_cast<float>(state >> 20) / 7.0f - 200.0f;
    }
    const std::vector<Vec3> all = terrainVertexNormals(heights, size, 256.0);
    for (int r = 0; r < size; ++r)
        for (int c = 0; c < size; ++c) {
            const Vec3 one = terrainVertexNormal(heights, size, 256.0, r, c);
            const Vec3& expected = all[static_cast<std::size_t>(r) * size + c];
            EXPECT_EQ(one.x, expected.x) << r << "," << c;
            EXPECT_EQ(one.y, expected.y) << r << "," << c;
            EXPECT_EQ(one.z, expected.z) << r << "," << c;
        }
}

} // namespace
} // namespace rgx::scene
