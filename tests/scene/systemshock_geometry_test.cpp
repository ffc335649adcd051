// System Shock's tiles as geometry (scene/systemshock/tile_geometry.h), worked by hand on small
// maps: every one of the 18 tile types at known corner heights, a slope against a flat neighbour
// (the wall between them), a ridge beside a valley, the ceilings each slope control gives (the
// inverted ceiling among them), walls against solid tiles, and the faces' orientation.
//
// The maps: 3 x 3 (or wider) with solid tiles round the tile under test, z shift 3 (8 height
// units a tile width: a height unit is 256 / 8 = 32 scene units).

#include "scene/systemshock/tile_geometry.h"

#include <gtest/gtest.h>

#include <map>
#include <set>

namespace rgx::scene::systemshock {
namespace {

namespace lss = loaders::systemshock;
using lss::Tile;
using lss::TileMap;
using lss::TileType;

constexpr double kUnit = 32; // scene units a height unit at z shift 3

lss::LevelInfo info() {
    lss::LevelInfo i;
    i.zShift = 3;
    return i;
}

Tile open(std::uint8_t type, int floor, int ceiling, int steepness, int slopeControl = 0) {
    Tile t;
    t.type = type;
    t.floor = static_cast<std::uint8_t>(floor);
    t.ceiling = static_cast<std::uint8_t>(ceiling);
    t.steepness = static_cast<std::uint8_t>(steepness);
    t.flags = static_cast<std::uint32_t>(slopeControl) << 10;
    return t;
}

// A w x h map of solid tiles with `tiles` placed at their (x, y).
TileMap mapOf(int w, int h, const std::map<std::pair<int, int>, Tile>& tiles) {
    TileMap m;
    m.width = w;
    m.height = h;
    m.tiles.assign(static_cast<std::size_t>(w * h), Tile{});
    for (const auto& [at, t] : tiles)
        m.tiles[static_cast<std::size_t>(at.second * w + at.first)] = t;
    return m;
}

Vec3 normalOf(const TileGeometry& g, const TileTriangle& t) {
    const Vec3 a = g.vertices[t.vertex[0]].position, b = g.vertices[t.vertex[1]].position,
               c = g.vertices[t.vertex[2]].position;
    const Vec3 u = b - a, v = c - a;
    return {u.y * v.z - u.z * v.y, u.z * v.x - u.x * v.z, u.x * v.y - u.y * v.x};
}

std::vector<const TileTriangle*> of(const TileGeometry& g, Surface s, int x, int y) {
    std::vector<const TileTriangle*> out;
    for (const TileTriangle& t : g.triangles)
        if (t.surface == s && t.tileX == x && t.tileY == y) out.push_back(&t);
    return out;
}

// Whether every vertex of a triangle lies on the north-south line at scene x.
bool onEdgeX(const TileGeometry& g, const TileTriangle& t, double x) {
    for (const std::uint32_t v : t.vertex)
        if (g.vertices[v].position.x != x) return false;
    return true;
}

// The heights (in height units) of a set of triangles' vertices at a scene (x, z) point.
std::set<double> heightsAt(const TileGeometry& g, const std::vector<const TileTriangle*>& tris, double x,
                           double z) {
    std::set<double> out;
    for (const TileTriangle* t : tris)
        for (const std::uint32_t v : t->vertex) {
            const Vec3& p = g.vertices[v].position;
            if (std::abs(p.x - x) < 1e-9 && std::abs(p.z - z) < 1e-9) out.insert(p.y / kUnit);
        }
    return out;
}

// Every type at floor 4, ceiling 4 (its top at 32 - 4 = 28), steepness 8, slope control 0 (the
// ceiling parallel to the floor, lowered by the steepness): floor 4 + 8 x rise, ceiling
// 20 + 8 x rise; a flat type ignores its steepness (ceiling 28). Corners south-west, south-east,
// north-east, north-west.
TEST(SystemShockTiles, EachTypesCornersAtTheirHeights) {
    struct Expected {
        TileType type;
        std::array<int, 4> rise;
        int floorTriangles;
    };
    const std::vector<Expected> all = {
        {TileType::Solid, {0, 0, 0, 0}, 0},          {TileType::Open, {0, 0, 0, 0}, 2},
        {TileType::DiagonalOpenSE, {0, 0, 0, 0}, 1}, {TileType::DiagonalOpenSW, {0, 0, 0, 0}, 1},
        {TileType::DiagonalOpenNW, {0, 0, 0, 0}, 1}, {TileType::DiagonalOpenNE, {0, 0, 0, 0}, 1},
        {TileType::SlopeSN, {0, 0, 1, 1}, 2},        {TileType::SlopeWE, {0, 1, 1, 0}, 2},
        {TileType::SlopeNS, {1, 1, 0, 0}, 2},        {TileType::SlopeEW, {1, 0, 0, 1}, 2},
        {TileType::ValleySENW, {1, 0, 1, 1}, 2},     {TileType::ValleySWNE, {0, 1, 1, 1}, 2},
        {TileType::ValleyNWSE, {1, 1, 1, 0}, 2},     {TileType::ValleyNESW, {1, 1, 0, 1}, 2},
        {TileType::RidgeNWSE, {0, 1, 0, 0}, 2},      {TileType::RidgeNESW, {1, 0, 0, 0}, 2},
        {TileType::RidgeSENW, {0, 0, 0, 1}, 2},      {TileType::RidgeSWNE, {0, 0, 1, 0}, 2}};
    ASSERT_EQ(all.size(), 18u);
    // Scene (x, z) of the middle tile's corners: tile (1, 1) spans x 256..512, z -256..-512.
    const std::array<std::pair<double, double>, 4> at = {
        {{256, -256}, {512, -256}, {512, -512}, {256, -512}}};
    for (const Expected& e : all) {
        const auto type = static_cast<std::uint8_t>(e.type);
        const std::string what = std::string(lss::tileTypeName(type));
        EXPECT_EQ(slopeRise(type), e.rise) << what;
        const TileGeometry g = buildTileGeometry(mapOf(3, 3, {{{1, 1}, open(type, 4, 4, 8)}}), info());
        const auto floor = of(g, Surface::Floor, 1, 1), ceiling = of(g, Surface::Ceiling, 1, 1);
        EXPECT_EQ(floor.size(), static_cast<std::size_t>(e.floorTriangles)) << what;
        EXPECT_EQ(ceiling.size(), static_cast<std::size_t>(e.floorTriangles)) << what;
        const std::array<bool, 4> edges = openEdges(type);
        for (std::size_t k = 0; k < 4; ++k) {
            const std::set<double> f = heightsAt(g, floor, at[k].first, at[k].second);
            const std::set<double> c = heightsAt(g, ceiling, at[k].first, at[k].second);
            // A diagonal tile's closed corner has no floor; every other corner of an open tile has.
            const bool closedCorner = (e.type == TileType::DiagonalOpenSE && k == kNW) ||
                                      (e.type == TileType::DiagonalOpenSW && k == kNE) ||
                                      (e.type == TileType::DiagonalOpenNW && k == kSE) ||
                                      (e.type == TileType::DiagonalOpenNE && k == kSW);
            if (e.floorTriangles == 0 || closedCorner) {
                EXPECT_TRUE(f.empty()) << what << " corner " << k;
                continue;
            }
            EXPECT_EQ(f, std::set<double>{4.0 + 8 * e.rise[k]}) << what << " corner " << k;
            const bool sloped = e.rise != std::array<int, 4>{0, 0, 0, 0};
            EXPECT_EQ(c, std::set<double>{sloped ? 20.0 + 8 * e.rise[k] : 28.0}) << what << " corner " << k;
        }
        // Every triangle faces its open space: floors up, ceilings down.
        for (const TileTriangle* t : floor)
            EXPECT_GT(normalOf(g, *t).y, 0) << what;
        for (const TileTriangle* t : ceiling)
            EXPECT_LT(normalOf(g, *t).y, 0) << what;
        // The open tile against solid neighbours: a whole wall on each open edge (2 triangles),
        // and a diagonal tile's wall along its diagonal.
        const std::size_t openCount = static_cast<std::size_t>(std::count(edges.begin(), edges.end(), true));
        const bool diagonal = e.floorTriangles == 1;
        EXPECT_EQ(of(g, Surface::Wall, 1, 1).size(), 2 * openCount + (diagonal ? 2 : 0)) << what;
        // Each wall faces into its tile's open space: its normal points from the wall towards the
        // middle of the tile's floor (a diagonal tile's open half).
        Vec3 middle;
        for (const TileTriangle* t : floor)
            for (const std::uint32_t v : t->vertex)
                middle = middle + g.vertices[v].position;
        const double count = 3.0 * static_cast<double>(std::max<std::size_t>(floor.size(), 1));
        for (const TileTriangle* t : of(g, Surface::Wall, 1, 1)) {
            Vec3 centroid;
            for (const std::uint32_t v : t->vertex)
                centroid = centroid + g.vertices[v].position;
            const Vec3 n = normalOf(g, *t);
            const double toCentreX = middle.x / count - centroid.x / 3,
                         toCentreZ = middle.z / count - centroid.z / 3;
            EXPECT_GT(n.x * toCentreX + n.z * toCentreZ, 0) << what;
        }
    }
}

// Valleys and ridges are split along the diagonal from their odd corner: a valley se->nw along
// south-east to north-west, so no triangle holds both the south-west and the north-east corners.
TEST(SystemShockTiles, ValleysAndRidgesSplitAlongTheirOddCornersDiagonal) {
    for (const TileType type :
         {TileType::ValleySENW, TileType::RidgeNWSE, TileType::ValleySWNE, TileType::RidgeSWNE}) {
        const auto t = static_cast<std::uint8_t>(type);
        const bool seNw = type == TileType::ValleySENW || type == TileType::RidgeNWSE;
        EXPECT_EQ(splitsSouthEastToNorthWest(t), seNw);
        const TileGeometry g = buildTileGeometry(mapOf(3, 3, {{{1, 1}, open(t, 0, 0, 8)}}), info());
        // The corners a triangle must not join: those off the split diagonal.
        const std::pair<double, double> a = seNw ? std::pair{256.0, -256.0} : std::pair{512.0, -256.0};
        const std::pair<double, double> b = seNw ? std::pair{512.0, -512.0} : std::pair{256.0, -512.0};
        for (const TileTriangle* tri : of(g, Surface::Floor, 1, 1)) {
            bool hasA = false, hasB = false;
            for (const std::uint32_t v : tri->vertex) {
                const Vec3& p = g.vertices[v].position;
                hasA = hasA || (p.x == a.first && p.z == a.second);
                hasB = hasB || (p.x == b.first && p.z == b.second);
            }
            EXPECT_FALSE(hasA && hasB) << lss::tileTypeName(t);
        }
    }
}

// A slope w->e (its east side 8 units up) beside a flat open tile at floor 0 to its east, both
// ceilings at the top (32): the flat tile sees the slope's high edge as a step 8 units high along
// its west edge, x = 512 from z -256 to -512, facing east into it; the slope draws no wall there.
TEST(SystemShockTiles, ASlopeAgainstAFlatNeighbourLeavesAStep) {
    const TileGeometry g = buildTileGeometry(
        mapOf(4, 3, {{{1, 1}, open(0x07, 0, 0, 8, 2)}, {{2, 1}, open(0x01, 0, 0, 0)}}), info());
    const auto flatWalls = of(g, Surface::Wall, 2, 1);
    std::vector<const TileTriangle*> step;
    for (const TileTriangle* t : flatWalls) {
        bool west = true;
        for (const std::uint32_t v : t->vertex)
            west = west && g.vertices[v].position.x == 512;
        if (west) step.push_back(t);
    }
    ASSERT_EQ(step.size(), 2u);
    EXPECT_EQ(heightsAt(g, step, 512, -256), (std::set<double>{0, 8}));
    EXPECT_EQ(heightsAt(g, step, 512, -512), (std::set<double>{0, 8}));
    for (const TileTriangle* t : step)
        EXPECT_GT(normalOf(g, *t).x, 0) << "faces east, into the flat tile";
    for (const TileTriangle* t : of(g, Surface::Wall, 1, 1))
        EXPECT_FALSE(onEdgeX(g, *t, 512)) << "the slope has no wall on its east edge";
}

// A ridge sw->ne (its north-east corner 8 up) beside a valley sw->ne to its east (its south-west
// corner down, the rest 8 up): on their shared edge the ridge's south-east (0) meets the valley's
// south-west (0) and the ridge's north-east (8) the valley's north-west (8): no wall on either side.
// Beside a flat tile instead, the ridge leaves a triangle: 0 high at the south end, 8 at the north.
TEST(SystemShockTiles, ARidgeBesideAValley) {
    const TileGeometry g = buildTileGeometry(
        mapOf(4, 3, {{{1, 1}, open(0x11, 0, 0, 8, 2)}, {{2, 1}, open(0x0B, 0, 0, 8, 2)}}), info());
    for (const auto& [x, y] : {std::pair{1, 1}, std::pair{2, 1}})
        for (const TileTriangle* t : of(g, Surface::Wall, x, y)) {
            bool onEdge = true;
            for (const std::uint32_t v : t->vertex)
                onEdge = onEdge && g.vertices[v].position.x == 512;
            EXPECT_FALSE(onEdge) << "a wall on the shared edge, drawn by tile " << x;
        }
    const TileGeometry flat = buildTileGeometry(
        mapOf(4, 3, {{{1, 1}, open(0x11, 0, 0, 8, 2)}, {{2, 1}, open(0x01, 0, 0, 0)}}), info());
    std::vector<const TileTriangle*> step;
    for (const TileTriangle* t : of(flat, Surface::Wall, 2, 1)) {
        bool west = true;
        for (const std::uint32_t v : t->vertex)
            west = west && flat.vertices[v].position.x == 512;
        if (west) step.push_back(t);
    }
    ASSERT_EQ(step.size(), 1u) << "a triangle where the step closes to nothing";
    EXPECT_EQ(heightsAt(flat, step, 512, -256), (std::set<double>{0}));
    EXPECT_EQ(heightsAt(flat, step, 512, -512), (std::set<double>{0, 8}));
}

// The ceilings of a valley se->nw (floor 0, ceiling at the top, steepness 8; floor corners
// 8, 0, 8, 8) by slope control: 0 the inverted ceiling, parallel and 8 down (24 + rise x 8:
// 32, 24, 32, 32, a valley too); 1 mirroring the floor (32 - rise x 8: 24, 32, 24, 24, a ridge);
// 2 flat at 32 over the sloped floor; 3 like 0 over a flat floor at 0.
TEST(SystemShockTiles, CeilingsBySlopeControlIncludingTheInvertedOne) {
    Tile t = open(0x0A, 0, 0, 8);
    using A = std::array<double, 4>;
    TileCorners c = tileCorners(t);
    EXPECT_EQ(c.floor, (A{8, 0, 8, 8}));
    EXPECT_EQ(c.ceiling, (A{32, 24, 32, 32})) << "inverted: a valley over a valley";
    t.flags = 1u << 10;
    c = tileCorners(t);
    EXPECT_EQ(c.floor, (A{8, 0, 8, 8}));
    EXPECT_EQ(c.ceiling, (A{24, 32, 24, 24})) << "mirrored: a ridge over the valley";
    t.flags = 2u << 10;
    c = tileCorners(t);
    EXPECT_EQ(c.floor, (A{8, 0, 8, 8}));
    EXPECT_EQ(c.ceiling, (A{32, 32, 32, 32}));
    t.flags = 3u << 10;
    c = tileCorners(t);
    EXPECT_EQ(c.floor, (A{0, 0, 0, 0}));
    EXPECT_EQ(c.ceiling, (A{32, 24, 32, 32}));
    // A flat tile ignores its steepness.
    c = tileCorners(open(0x01, 2, 3, 9));
    EXPECT_EQ(c.floor, (A{2, 2, 2, 2}));
    EXPECT_EQ(c.ceiling, (A{29, 29, 29, 29}));
}

// Two open tiles side by side, the east one's floor 4 higher and its ceiling 4 lower: the west
// tile draws a step 0..4 and a lintel 28..32 on its east edge; the east tile draws nothing there.
TEST(SystemShockTiles, HeightsThatDifferLeaveAStepAndALintel) {
    const TileGeometry g = buildTileGeometry(
        mapOf(4, 3, {{{1, 1}, open(0x01, 0, 0, 0)}, {{2, 1}, open(0x01, 4, 4, 0)}}), info());
    std::vector<const TileTriangle*> east;
    for (const TileTriangle* t : of(g, Surface::Wall, 1, 1)) {
        bool onEdge = true;
        for (const std::uint32_t v : t->vertex)
            onEdge = onEdge && g.vertices[v].position.x == 512;
        if (onEdge) east.push_back(t);
    }
    ASSERT_EQ(east.size(), 4u);
    EXPECT_EQ(heightsAt(g, east, 512, -256), (std::set<double>{0, 4, 28, 32}));
    for (const TileTriangle* t : east)
        EXPECT_LT(normalOf(g, *t).x, 0) << "faces west, into the lower tile";
    for (const TileTriangle* t : of(g, Surface::Wall, 2, 1))
        EXPECT_FALSE(onEdgeX(g, *t, 512)) << "the higher tile has no wall on its west edge";
}

// Textures: the floor's, ceiling's and wall's list indices from the texture bits; a floor
// turned a quarter clockwise puts the texture's top-left at the north-east corner; the shadow of
// a tile darkens its south-west grid point (light 1 - 8 / 16).
TEST(SystemShockTiles, TexturesOrientationAndShadow) {
    Tile t = open(0x01, 0, 0, 0);
    t.textures = static_cast<std::uint16_t>((21 << 11) | (6 << 6) | 7);
    t.floor = 1 << 5;   // orientation 1
    t.flags = 8u << 16; // floor shadow 8
    const TileGeometry g = buildTileGeometry(mapOf(3, 3, {{{1, 1}, t}}), info());
    for (const TileTriangle* tri : of(g, Surface::Floor, 1, 1)) {
        EXPECT_EQ(tri->texture, 21);
        for (const std::uint32_t v : tri->vertex) {
            const TileVertex& p = g.vertices[v];
            if (p.position.x == 512 && p.position.z == -512) {
                EXPECT_EQ(p.u, 0.0f);
                EXPECT_EQ(p.v, 0.0f);
            }
            if (p.position.x == 256 && p.position.z == -256) {
                EXPECT_EQ(p.light, 0.5f) << "its south-west";
            }
            if (p.position.x == 512 && p.position.z == -256) {
                EXPECT_EQ(p.light, 1.0f) << "a solid tile's";
            }
        }
    }
    for (const TileTriangle* tri : of(g, Surface::Ceiling, 1, 1))
        EXPECT_EQ(tri->texture, 6);
    for (const TileTriangle* tri : of(g, Surface::Wall, 1, 1))
        EXPECT_EQ(tri->texture, 7);
}

} // namespace
} // namespace rgx::scene::systemshock
