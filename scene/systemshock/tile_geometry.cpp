#include "scene/systemshock/tile_geometry.h"

#include <algorithm>
#include <cmath>

namespace rgx::scene::systemshock {

namespace lss = loaders::systemshock;

namespace {

// Corner offsets inside a tile, in tiles: east, north.
constexpr std::array<std::array<int, 2>, 4> kCornerAt = {{{0, 0}, {1, 0}, {1, 1}, {0, 1}}};

// An edge walked with the tile's open space on the right (seen from above), so that a wall on it
// faces into the tile: its two corners, and the neighbour's corners that meet them.
struct EdgeCorners {
    int p, q;   // this tile's corners
    int bp, bq; // the neighbour's corners at p and q
    int dx, dy; // where the neighbour is
};
constexpr std::array<EdgeCorners, 4> kEdges = {{
    {kSE, kSW, kNE, kNW, 0, -1}, // south
    {kNE, kSE, kNW, kSW, 1, 0},  // east
    {kNW, kNE, kSW, kSE, 0, 1},  // north
    {kSW, kNW, kSE, kNE, -1, 0}, // west
}};

bool isSolid(std::uint8_t type) {
    return type == static_cast<std::uint8_t>(lss::TileType::Solid) || type >= lss::kTileTypeCount;
}

class Builder {
public:
    Builder(const lss::TileMap& map, const lss::LevelInfo& info)
        : map_(map), unit_(kTileUnits / std::ldexp(1.0, std::clamp(info.zShift, 0, 16))),
          unitsPerTile_(std::ldexp(1.0, std::clamp(info.zShift, 0, 16))) {
        corners_.reserve(map.tiles.size());
        for (const lss::Tile& t : map.tiles)
            corners_.push_back(tileCorners(t));
    }

    TileGeometry build() {
        for (int y = 0; y < map_.height; ++y)
            for (int x = 0; x < map_.width; ++x)
                addTile(x, y);
        return std::move(out_);
    }

private:
    const lss::Tile* tileAt(int x, int y) const {
        if (x < 0 || y < 0 || x >= map_.width || y >= map_.height) return nullptr;
        return &map_.at(x, y);
    }
    const TileCorners& cornersAt(int x, int y) const {
        return corners_[static_cast<std::size_t>(y) * static_cast<std::size_t>(map_.width) +
                        static_cast<std::size_t>(x)];
    }
    // The light of grid point (gx, gy): 1 - the shadow / 16 of the tile whose south-west corner it
    // is (inkyblackness: a tile's shadow is its south-west corner's); past the map's north or east
    // edge, the nearest tile's.
    float light(int gx, int gy, bool ceiling) const {
        const lss::Tile& t = map_.at(std::clamp(gx, 0, map_.width - 1), std::clamp(gy, 0, map_.height - 1));
        return 1.0f - static_cast<float>(ceiling ? t.ceilingShadow() : t.floorShadow()) / 16.0f;
    }
    Vec3 position(int x, int y, int corner, double height) const {
        return {(x + kCornerAt[static_cast<std::size_t>(corner)][0]) * kTileUnits, height * unit_,
                -(y + kCornerAt[static_cast<std::size_t>(corner)][1]) * kTileUnits};
    }
    std::uint32_t vertex(const Vec3& p, float u, float v, float lightValue) {
        out_.vertices.push_back({p, u, v, lightValue});
        return static_cast<std::uint32_t>(out_.vertices.size() - 1);
    }
    void triangle(std::uint32_t a, std::uint32_t b, std::uint32_t c, Surface s, int texture, int x, int y) {
        out_.triangles.push_back({{a, b, c}, s, texture, x, y});
    }

    // A floor or ceiling over the given corners (counter-clockwise from above), each triangle of
    // `tris` three of them; a ceiling's triangles turned to face down.
    void addFlat(int x, int y, const lss::Tile& tile, bool ceiling,
                 const std::vector<std::array<int, 3>>& tris) {
        const TileCorners& c = cornersAt(x, y);
        const int orientation = ceiling ? tile.ceilingOrientation() : tile.floorOrientation();
        std::array<std::uint32_t, 4> v{};
        std::array<bool, 4> used{};
        for (const std::array<int, 3>& t : tris)
            for (const int k : t)
                used[static_cast<std::size_t>(k)] = true;
        for (int k = 0; k < 4; ++k) {
            if (!used[static_cast<std::size_t>(k)]) continue;
            // The texture's top-left at the north-west corner, turned a quarter clockwise (seen
            // from above) per orientation step: (u, v) -> (v, 1 - u).
            float u = static_cast<float>(kCornerAt[static_cast<std::size_t>(k)][0]);
            float tv = 1.0f - static_cast<float>(kCornerAt[static_cast<std::size_t>(k)][1]);
            for (int turn = 0; turn < orientation; ++turn) {
                const float nu = tv, nv = 1.0f - u;
                u = nu;
                tv = nv;
            }
            const double h =
                ceiling ? c.ceiling[static_cast<std::size_t>(k)] : c.floor[static_cast<std::size_t>(k)];
            v[static_cast<std::size_t>(k)] =
                vertex(position(x, y, k, h), u, tv,
                       light(x + kCornerAt[static_cast<std::size_t>(k)][0],
                             y + kCornerAt[static_cast<std::size_t>(k)][1], ceiling));
        }
        const int texture = ceiling ? tile.ceilingTexture() : tile.floorTexture();
        for (const std::array<int, 3>& t : tris) {
            const std::uint32_t a = v[static_cast<std::size_t>(t[0])], b = v[static_cast<std::size_t>(t[1])],
                                d = v[static_cast<std::size_t>(t[2])];
            if (ceiling)
                triangle(a, d, b, Surface::Ceiling, texture, x, y);
            else
                triangle(a, b, d, Surface::Floor, texture, x, y);
        }
    }

    // A wall on the segment from corner p to corner q of tile (x, y), between the bottom and top
    // heights given at each end (linear between them); nothing where top <= bottom, a triangle
    // where they cross. lightBottom / lightTop: whether each edge takes the ceiling's shadow.
    void addWall(int x, int y, int p, int q, std::array<double, 2> bottom, std::array<double, 2> top,
                 int texture, const lss::Tile& tile, bool bottomCeilingLight, bool topCeilingLight) {
        const double d0 = top[0] - bottom[0], d1 = top[1] - bottom[1];
        if (!(d0 > 0) && !(d1 > 0)) return;
        const Vec3 p0 = position(x, y, p, 0), q0 = position(x, y, q, 0);
        const double length = std::hypot(q0.x - p0.x, q0.z - p0.z) / kTileUnits;
        const double offset = tile.wallTextureOffset();
        const auto at = [&](double f, double h) {
            return Vec3{p0.x + (q0.x - p0.x) * f, h * unit_, p0.z + (q0.z - p0.z) * f};
        };
        // Wall textures hang from the level's top (32 units), one repeat a tile width, moved down by
        // the tile's vertical offset (flags bits 0-4, in height units).
        const auto texV = [&](double h) { return static_cast<float>((32.0 - h - offset) / unitsPerTile_); };
        const std::array<int, 2> gp = {x + kCornerAt[static_cast<std::size_t>(p)][0],
                                       y + kCornerAt[static_cast<std::size_t>(p)][1]};
        const std::array<int, 2> gq = {x + kCornerAt[static_cast<std::size_t>(q)][0],
                                       y + kCornerAt[static_cast<std::size_t>(q)][1]};
        const float lpB = light(gp[0], gp[1], bottomCeilingLight),
                    lqB = light(gq[0], gq[1], bottomCeilingLight);
        const float lpT = light(gp[0], gp[1], topCeilingLight), lqT = light(gq[0], gq[1], topCeilingLight);
        if (d0 > 0 && d1 > 0) {
            const std::uint32_t pb = vertex(at(0, bottom[0]), 0, texV(bottom[0]), lpB);
            const std::uint32_t qb =
                vertex(at(1, bottom[1]), static_cast<float>(length), texV(bottom[1]), lqB);
            const std::uint32_t qt = vertex(at(1, top[1]), static_cast<float>(length), texV(top[1]), lqT);
            const std::uint32_t pt = vertex(at(0, top[0]), 0, texV(top[0]), lpT);
            triangle(pb, qb, qt, Surface::Wall, texture, x, y);
            triangle(pb, qt, pt, Surface::Wall, texture, x, y);
            return;
        }
        // The ends cross: the wall is a triangle up to the crossing point.
        const double f = d0 / (d0 - d1);
        const double hx = bottom[0] + (bottom[1] - bottom[0]) * f;
        const float lx = lpB + (lqB - lpB) * static_cast<float>(f);
        const std::uint32_t xv = vertex(at(f, hx), static_cast<float>(length * f), texV(hx), lx);
        if (d0 > 0) {
            const std::uint32_t pb = vertex(at(0, bottom[0]), 0, texV(bottom[0]), lpB);
            const std::uint32_t pt = vertex(at(0, top[0]), 0, texV(top[0]), lpT);
            triangle(pb, xv, pt, Surface::Wall, texture, x, y);
        } else {
            const std::uint32_t qb =
                vertex(at(1, bottom[1]), static_cast<float>(length), texV(bottom[1]), lqB);
            const std::uint32_t qt = vertex(at(1, top[1]), static_cast<float>(length), texV(top[1]), lqT);
            triangle(xv, qb, qt, Surface::Wall, texture, x, y);
        }
    }

    void addTile(int x, int y) {
        const lss::Tile& tile = map_.at(x, y);
        if (isSolid(tile.type)) return;
        const TileCorners& c = cornersAt(x, y);
        const auto type = static_cast<lss::TileType>(tile.type);
        // Floor and ceiling: the open corners' triangles.
        std::vector<std::array<int, 3>> tris;
        switch (type) {
        case lss::TileType::DiagonalOpenSE:
            tris = {{kSW, kSE, kNE}};
            break;
        case lss::TileType::DiagonalOpenSW:
            tris = {{kSW, kSE, kNW}};
            break;
        case lss::TileType::DiagonalOpenNW:
            tris = {{kSW, kNE, kNW}};
            break;
        case lss::TileType::DiagonalOpenNE:
            tris = {{kSE, kNE, kNW}};
            break;
        default:
            if (splitsSouthEastToNorthWest(tile.type))
                tris = {{kSW, kSE, kNW}, {kSE, kNE, kNW}};
            else
                tris = {{kSW, kSE, kNE}, {kSW, kNE, kNW}};
        }
        addFlat(x, y, tile, false, tris);
        addFlat(x, y, tile, true, tris);

        // A diagonal tile's wall along its diagonal, floor to ceiling, facing its open half.
        int dp = -1, dq = -1;
        switch (type) {
        case lss::TileType::DiagonalOpenSE:
            dp = kSW, dq = kNE;
            break;
        case lss::TileType::DiagonalOpenSW:
            dp = kNW, dq = kSE;
            break;
        case lss::TileType::DiagonalOpenNW:
            dp = kNE, dq = kSW;
            break;
        case lss::TileType::DiagonalOpenNE:
            dp = kSE, dq = kNW;
            break;
        default:
            break;
        }
        if (dp >= 0)
            addWall(x, y, dp, dq,
                    {c.floor[static_cast<std::size_t>(dp)], c.floor[static_cast<std::size_t>(dq)]},
                    {c.ceiling[static_cast<std::size_t>(dp)], c.ceiling[static_cast<std::size_t>(dq)]},
                    tile.wallTexture(), tile, false, true);

        // Walls on the open edges, against each neighbour.
        const std::array<bool, 4> open = openEdges(tile.type);
        for (int e = 0; e < 4; ++e) {
            if (!open[static_cast<std::size_t>(e)]) continue;
            const EdgeCorners& ec = kEdges[static_cast<std::size_t>(e)];
            const auto p = static_cast<std::size_t>(ec.p), q = static_cast<std::size_t>(ec.q);
            const std::array<double, 2> floor = {c.floor[p], c.floor[q]},
                                        ceiling = {c.ceiling[p], c.ceiling[q]};
            const lss::Tile* n = tileAt(x + ec.dx, y + ec.dy);
            // The wall texture: the tile's own, or its neighbour's where the tile asks for the
            // adjacent texture (flag 0x100).
            const int texture = n && tile.useAdjacentWallTexture() ? n->wallTexture() : tile.wallTexture();
            const int facing = (e + 2) % 4; // the neighbour's edge that meets this one
            if (!n || !openEdges(n->type)[static_cast<std::size_t>(facing)]) {
                addWall(x, y, ec.p, ec.q, floor, ceiling, texture, tile, false, true);
                continue;
            }
            const TileCorners& nc = cornersAt(x + ec.dx, y + ec.dy);
            const auto bp = static_cast<std::size_t>(ec.bp), bq = static_cast<std::size_t>(ec.bq);
            // Below: where the neighbour's floor stands above this floor, up to it (or this ceiling).
            addWall(x, y, ec.p, ec.q, floor,
                    {std::min(nc.floor[bp], ceiling[0]), std::min(nc.floor[bq], ceiling[1])}, texture, tile,
                    false, false);
            // Above: where the neighbour's ceiling hangs below this ceiling, down to it (or this floor).
            addWall(x, y, ec.p, ec.q,
                    {std::max(nc.ceiling[bp], floor[0]), std::max(nc.ceiling[bq], floor[1])}, ceiling,
                    texture, tile, true, true);
        }
    }

    const lss::TileMap& map_;
    double unit_;         // scene units a height unit
    double unitsPerTile_; // height units a tile width
    std::vector<TileCorners> corners_;
    TileGeometry out_;
};

} // namespace

std::array<int, 4> slopeRise(std::uint8_t type) {
    using T = lss::TileType;
    switch (static_cast<T>(type)) {
    case T::SlopeSN:
        return {0, 0, 1, 1};
    case T::SlopeWE:
        return {0, 1, 1, 0};
    case T::SlopeNS:
        return {1, 1, 0, 0};
    case T::SlopeEW:
        return {1, 0, 0, 1};
    case T::ValleySENW:
        return {1, 0, 1, 1};
    case T::ValleySWNE:
        return {0, 1, 1, 1};
    case T::ValleyNWSE:
        return {1, 1, 1, 0};
    case T::ValleyNESW:
        return {1, 1, 0, 1};
    case T::RidgeNWSE:
        return {0, 1, 0, 0};
    case T::RidgeNESW:
        return {1, 0, 0, 0};
    case T::RidgeSENW:
        return {0, 0, 0, 1};
    case T::RidgeSWNE:
        return {0, 0, 1, 0};
    default:
        return {0, 0, 0, 0};
    }
}

bool splitsSouthEastToNorthWest(std::uint8_t type) {
    using T = lss::TileType;
    switch (static_cast<T>(type)) {
    case T::ValleySENW:
    case T::ValleyNWSE:
    case T::RidgeNWSE:
    case T::RidgeSENW:
        return true;
    default:
        return false;
    }
}

TileCorners tileCorners(const lss::Tile& tile) {
    TileCorners c;
    const std::array<int, 4> rise = slopeRise(tile.type);
    // The steepness counts for sloped types alone (inkyblackness: "valid for any non-flat tile").
    const bool sloped = rise != std::array<int, 4>{0, 0, 0, 0};
    const double s = sloped ? tile.steepness : 0.0;
    const double top = 32.0 - tile.ceilingHeight();
    const lss::SlopeControl control = tile.slopeControl();
    for (std::size_t k = 0; k < 4; ++k) {
        const double r = rise[k] * s;
        c.floor[k] = tile.floorHeight() + (control == lss::SlopeControl::CeilingOnly ? 0.0 : r);
        switch (control) {
        case lss::SlopeControl::Both:
        case lss::SlopeControl::CeilingOnly:
            c.ceiling[k] = top - s + r;
            break;
        case lss::SlopeControl::CeilingOpposite:
            c.ceiling[k] = top - r;
            break;
        case lss::SlopeControl::FloorOnly:
            c.ceiling[k] = top;
            break;
        }
    }
    return c;
}

std::array<bool, 4> openEdges(std::uint8_t type) {
    using T = lss::TileType;
    if (isSolid(type)) return {false, false, false, false};
    switch (static_cast<T>(type)) {
    case T::DiagonalOpenSE:
        return {true, true, false, false};
    case T::DiagonalOpenSW:
        return {true, false, false, true};
    case T::DiagonalOpenNW:
        return {false, false, true, true};
    case T::DiagonalOpenNE:
        return {false, true, true, false};
    default:
        return {true, true, true, true};
    }
}

TileGeometry buildTileGeometry(const lss::TileMap& map, const lss::LevelInfo& info) {
    return Builder(map, info).build();
}

} // namespace rgx::scene::systemshock
