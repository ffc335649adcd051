#include "demo/daggerfall/mesh.h"

#include "base/error.h"

#include <algorithm>
#include <limits>

namespace rgx::demo::daggerfall {

namespace ld = rgx::loaders::daggerfall;

namespace {

constexpr int kPointScale = 256; // model points are units x 256

std::uint64_t isqrt(std::uint64_t v) {
    std::uint64_t lo = 0, hi = 1ull << 32;
    while (lo + 1 < hi) { // largest r with r * r <= v
        const std::uint64_t mid = lo + (hi - lo) / 2;
        (mid * mid <= v ? lo : hi) = mid;
    }
    return lo;
}

std::int16_t uv16(int v) {
    if (v < std::numeric_limits<std::int16_t>::min() || v > std::numeric_limits<std::int16_t>::max())
        throw Error("<demo>", Error::kNoOffset, "ARCH3D uv", "a UV passes 16 bits: " + std::to_string(v));
    return static_cast<std::int16_t>(v);
}

} // namespace

std::uint32_t MeshBuilder::point(P3 p) {
    const std::array<int, 3> key{p.x, p.y, p.z};
    const auto [it, added] = index_.emplace(key, static_cast<std::uint32_t>(points_.size()));
    if (added) points_.push_back({p.x * kPointScale, p.y * kPointScale, p.z * kPointScale});
    return it->second;
}

void MeshBuilder::plane(TexRef tex, const std::vector<P3>& corners,
                        const std::vector<std::array<int, 2>>& uvs) {
    ld::Arch3dPlane plane;
    plane.texture = static_cast<std::uint16_t>(tex.archive << 7 | tex.record);
    for (std::size_t i = 0; i < corners.size(); ++i) {
        // Corner 0 absolute, 1 and 2 deltas from the corner before, the rest absolute.
        const bool delta = i == 1 || i == 2;
        const int u = uvs[i][0] - (delta ? uvs[i - 1][0] : 0), v = uvs[i][1] - (delta ? uvs[i - 1][1] : 0);
        plane.corners.push_back({point(corners[i]), uv16(u), uv16(v)});
    }
    const std::int64_t ax = corners[1].x - corners[0].x, ay = corners[1].y - corners[0].y,
                       az = corners[1].z - corners[0].z;
    const std::int64_t bx = corners[2].x - corners[0].x, by = corners[2].y - corners[0].y,
                       bz = corners[2].z - corners[0].z;
    const std::int64_t nx = ay * bz - az * by, ny = az * bx - ax * bz, nz = ax * by - ay * bx;
    const auto len =
        static_cast<std::int64_t>(isqrt(static_cast<std::uint64_t>(nx * nx + ny * ny + nz * nz)));
    if (len == 0) throw Error("<demo>", Error::kNoOffset, "ARCH3D plane", "corners 0..2 span no plane");
    normals_.push_back({static_cast<std::int32_t>(nx * 256 / len), static_cast<std::int32_t>(ny * 256 / len),
                        static_cast<std::int32_t>(nz * 256 / len)});
    planes_.push_back(std::move(plane));
}

void MeshBuilder::quad(TexRef tex, P3 o, P3 u, P3 v, std::array<int, 2> uv0, std::array<int, 2> uv1) {
    const P3 ov{o.x + v.x, o.y + v.y, o.z + v.z};
    plane(tex, {o, ov, {ov.x + u.x, ov.y + u.y, ov.z + u.z}, {o.x + u.x, o.y + u.y, o.z + u.z}},
          {uv0, {uv0[0], uv1[1]}, uv1, {uv1[0], uv0[1]}});
}

void MeshBuilder::wall(TexRef tex, Facing facing, int plane, int a0, int a1, int yTop, int yBottom) {
    const int k = kUvPerUnit, h = yBottom - yTop;
    const std::array<int, 2> top{0, yTop * k};
    switch (facing) {
    case Facing::NegZ: // seen from -z: right is +x
        quad(tex, {a0, yTop, plane}, {a1 - a0, 0, 0}, {0, h, 0}, {a0 * k, top[1]}, {a1 * k, yBottom * k});
        break;
    case Facing::PosZ: // right is -x
        quad(tex, {a1, yTop, plane}, {a0 - a1, 0, 0}, {0, h, 0}, {-a1 * k, top[1]}, {-a0 * k, yBottom * k});
        break;
    case Facing::PosX: // right is +z
        quad(tex, {plane, yTop, a0}, {0, 0, a1 - a0}, {0, h, 0}, {a0 * k, top[1]}, {a1 * k, yBottom * k});
        break;
    case Facing::NegX: // right is -z
        quad(tex, {plane, yTop, a1}, {0, 0, a0 - a1}, {0, h, 0}, {-a1 * k, top[1]}, {-a0 * k, yBottom * k});
        break;
    }
}

void MeshBuilder::floor(TexRef tex, int y, int x0, int x1, int z0, int z1) {
    const int k = kUvPerUnit; // north is up in the image
    quad(tex, {x0, y, z1}, {x1 - x0, 0, 0}, {0, 0, z0 - z1}, {x0 * k, -z1 * k}, {x1 * k, -z0 * k});
}

void MeshBuilder::ceiling(TexRef tex, int y, int x0, int x1, int z0, int z1) {
    const int k = kUvPerUnit;
    quad(tex, {x0, y, z0}, {x1 - x0, 0, 0}, {0, 0, z1 - z0}, {x0 * k, z0 * k}, {x1 * k, z1 * k});
}

void MeshBuilder::triangle(TexRef tex, std::array<P3, 3> p, std::array<std::array<int, 2>, 3> uv) {
    plane(tex, {p[0], p[1], p[2]}, {uv[0], uv[1], uv[2]});
}

void MeshBuilder::box(int x0, int x1, int yTop, int yBottom, int z0, int z1, const BoxFaces& f, bool inward) {
    if (f.negZ) wall(*f.negZ, inward ? Facing::PosZ : Facing::NegZ, z0, x0, x1, yTop, yBottom);
    if (f.posZ) wall(*f.posZ, inward ? Facing::NegZ : Facing::PosZ, z1, x0, x1, yTop, yBottom);
    if (f.negX) wall(*f.negX, inward ? Facing::PosX : Facing::NegX, x0, z0, z1, yTop, yBottom);
    if (f.posX) wall(*f.posX, inward ? Facing::NegX : Facing::PosX, x1, z0, z1, yTop, yBottom);
    if (f.top) inward ? ceiling(*f.top, yTop, x0, x1, z0, z1) : floor(*f.top, yTop, x0, x1, z0, z1);
    if (f.bottom)
        inward ? floor(*f.bottom, yBottom, x0, x1, z0, z1) : ceiling(*f.bottom, yBottom, x0, x1, z0, z1);
}

void MeshBuilder::house(int sx, int sz, int wallHeight, int rise, const HouseFaces& f) {
    const int hx = sx / 2, hz = sz / 2;
    wall(f.front, Facing::NegZ, -hz, -hx, hx, -wallHeight, 0);
    wall(f.back, Facing::PosZ, hz, -hx, hx, -wallHeight, 0);
    wall(f.sides, Facing::NegX, -hx, -hz, hz, -wallHeight, 0);
    wall(f.sides, Facing::PosX, hx, -hz, hz, -wallHeight, 0);
    gableRoof(sx, sz, wallHeight, rise, f.gable, f.roof);
}

void MeshBuilder::gableRoof(int sx, int sz, int wallHeight, int rise, TexRef gable, TexRef roof) {
    const int hx = sx / 2, hz = sz / 2, k = kUvPerUnit;
    // Gables: apex, then the two eaves in front-facing order.
    const P3 apexE{hx, -wallHeight - rise, 0}, apexW{-hx, -wallHeight - rise, 0};
    triangle(gable, {apexE, P3{hx, -wallHeight, -hz}, P3{hx, -wallHeight, hz}},
             {{{0, apexE.y * k}, {-hz * k, -wallHeight * k}, {hz * k, -wallHeight * k}}});
    triangle(gable, {apexW, P3{-hx, -wallHeight, hz}, P3{-hx, -wallHeight, -hz}},
             {{{0, apexW.y * k}, {-hz * k, -wallHeight * k}, {hz * k, -wallHeight * k}}});
    // Roof slopes from the ridge down past the walls by an overhang.
    const int overhang = 24, ridgeY = -wallHeight - rise;
    const int eaveZ = hz + overhang, eaveY = -wallHeight + overhang * rise / hz;
    const int xa = -hx - overhang, xb = hx + overhang;
    const int slope = static_cast<int>(isqrt(static_cast<std::uint64_t>(eaveZ) * eaveZ +
                                             static_cast<std::uint64_t>(eaveY - ridgeY) * (eaveY - ridgeY)));
    quad(roof, {xa, ridgeY, 0}, {xb - xa, 0, 0}, {0, eaveY - ridgeY, -eaveZ}, {xa * k, 0},
         {xb * k, slope * k});
    quad(roof, {xb, ridgeY, 0}, {xa - xb, 0, 0}, {0, eaveY - ridgeY, eaveZ}, {-xb * k, 0},
         {-xa * k, slope * k});
}

ld::Arch3dObject MeshBuilder::finish() const {
    ld::Arch3dObject o;
    o.version = ld::Arch3dVersion::V27;
    o.points = points_;
    o.planes = planes_;
    o.normals = normals_;
    o.planeData.resize(planes_.size());
    std::uint64_t radius = 0;
    for (const auto& p : points_) {
        const auto x = static_cast<std::int64_t>(p.x), y = static_cast<std::int64_t>(p.y),
                   z = static_cast<std::int64_t>(p.z);
        radius = std::max(radius, isqrt(static_cast<std::uint64_t>(x * x + y * y + z * z)));
    }
    o.radius = static_cast<std::uint32_t>(radius);
    return o;
}

} // namespace rgx::demo::daggerfall
