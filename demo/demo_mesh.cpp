#include "demo/demo_mesh.h"

#include "base/error.h"

#include <algorithm>
#include <cmath>
#include <numbers>

namespace rgx::demo {

double dot(P3 a, P3 b) {
    return a.x * b.x + a.y * b.y + a.z * b.z;
}
P3 cross(P3 a, P3 b) {
    return {a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x};
}
double length(P3 a) {
    return std::sqrt(dot(a, a));
}
P3 normalized(P3 a) {
    double l = length(a);
    return l == 0 ? a : a * (1.0 / l);
}

P3 Place::rotate(P3 v) const {
    double c = std::cos(yaw), s = std::sin(yaw);
    return {c * v.x + s * v.z, v.y, -s * v.x + c * v.z};
}
P3 Place::apply(P3 p) const {
    return rotate(p) + offset;
}

std::uint32_t Mesh::vertex(P3 p, int bone) {
    points_.push_back(p);
    bones_.push_back(bone);
    return static_cast<std::uint32_t>(points_.size() - 1);
}

void Mesh::face(std::vector<std::uint32_t> corners, const Surface& s, P3 outward) {
    faces_.push_back({std::move(corners), s, outward, {}});
}

void Mesh::face(std::vector<std::uint32_t> corners, const Surface& s, P3 outward,
                std::vector<std::array<double, 2>> texelUvs) {
    if (texelUvs.size() != corners.size())
        throw Error("<memory>", Error::kNoOffset, "mesh.uvs", "need one UV per corner");
    faces_.push_back({std::move(corners), s, outward, std::move(texelUvs)});
}

void Mesh::grid(P3 origin, P3 u, P3 v, int nu, int nv, const Surface& s, P3 outward, int bone,
                bool (*skip)(int, int, const void*), const void* skipData) {
    nu = std::max(nu, 1);
    nv = std::max(nv, 1);
    std::vector<std::uint32_t> ids;
    ids.reserve(static_cast<std::size_t>((nu + 1) * (nv + 1)));
    // Only corners of kept cells become vertices, so openings leave no stray points.
    std::vector<bool> used(static_cast<std::size_t>((nu + 1) * (nv + 1)), false);
    auto kept = [&](int i, int j) { return !skip || !skip(i, j, skipData); };
    for (int j = 0; j < nv; ++j)
        for (int i = 0; i < nu; ++i)
            if (kept(i, j))
                for (int dj = 0; dj < 2; ++dj)
                    for (int di = 0; di < 2; ++di)
                        used[static_cast<std::size_t>((j + dj) * (nu + 1) + i + di)] = true;
    for (int j = 0; j <= nv; ++j) {
        for (int i = 0; i <= nu; ++i) {
            std::size_t k = static_cast<std::size_t>(j * (nu + 1) + i);
            ids.push_back(used[k] ? vertex(origin + u * (double(i) / nu) + v * (double(j) / nv), bone) : 0);
        }
    }
    for (int j = 0; j < nv; ++j) {
        for (int i = 0; i < nu; ++i) {
            if (!kept(i, j)) continue;
            auto at = [&](int a, int b) { return ids[static_cast<std::size_t>(b * (nu + 1) + a)]; };
            face({at(i, j), at(i + 1, j), at(i + 1, j + 1), at(i, j + 1)}, s, outward);
        }
    }
}

void Mesh::box(P3 lo, P3 hi, const Surface& s, double cell, int bone, bool inward, unsigned sides) {
    auto cells = [&](double len) { return std::max(1, static_cast<int>(std::ceil(len / cell - 1e-9))); };
    const double dx = hi.x - lo.x, dy = hi.y - lo.y, dz = hi.z - lo.z;
    const double sign = inward ? -1 : 1;
    if (sides & 1u) grid(lo, {0, 0, dz}, {0, dy, 0}, cells(dz), cells(dy), s, P3{-1, 0, 0} * sign, bone);
    if (sides & 2u)
        grid({hi.x, lo.y, lo.z}, {0, 0, dz}, {0, dy, 0}, cells(dz), cells(dy), s, P3{1, 0, 0} * sign, bone);
    if (sides & 4u) grid(lo, {dx, 0, 0}, {0, 0, dz}, cells(dx), cells(dz), s, P3{0, -1, 0} * sign, bone);
    if (sides & 8u)
        grid({lo.x, hi.y, lo.z}, {dx, 0, 0}, {0, 0, dz}, cells(dx), cells(dz), s, P3{0, 1, 0} * sign, bone);
    if (sides & 16u) grid(lo, {dx, 0, 0}, {0, dy, 0}, cells(dx), cells(dy), s, P3{0, 0, -1} * sign, bone);
    if (sides & 32u)
        grid({lo.x, lo.y, hi.z}, {dx, 0, 0}, {0, dy, 0}, cells(dx), cells(dy), s, P3{0, 0, 1} * sign, bone);
}

void Mesh::cylinder(P3 base, double r0, double r1, double h, int sides, int rings, const Surface& s,
                    bool bottomCap, bool topCap, int bone, bool inward) {
    const double step = 2 * std::numbers::pi / sides;
    const double facing = inward ? -1 : 1;
    std::vector<std::vector<std::uint32_t>> ring(static_cast<std::size_t>(rings + 1));
    for (int j = 0; j <= rings; ++j) {
        double t = double(j) / rings, r = r0 + (r1 - r0) * t;
        if (r <= 0) {
            ring[static_cast<std::size_t>(j)].assign(static_cast<std::size_t>(sides),
                                                     vertex(base + P3{0, h * t, 0}, bone));
            continue;
        }
        for (int i = 0; i < sides; ++i)
            ring[static_cast<std::size_t>(j)].push_back(
                vertex(base + P3{r * std::cos(i * step), h * t, r * std::sin(i * step)}, bone));
    }
    for (int j = 0; j < rings; ++j) {
        for (int i = 0; i < sides; ++i) {
            int n = (i + 1) % sides;
            double mid = (i + 0.5) * step;
            P3 out = P3{std::cos(mid), (r0 - r1) / h, std::sin(mid)} * facing;
            const auto& a = ring[static_cast<std::size_t>(j)];
            const auto& b = ring[static_cast<std::size_t>(j + 1)];
            if (a[0] == a[1]) // apex below: triangle whose first three corners are distinct
                face({b[static_cast<std::size_t>(i)], b[static_cast<std::size_t>(n)], a[0]}, s, out);
            else if (b[0] == b[1])
                face({a[static_cast<std::size_t>(i)], a[static_cast<std::size_t>(n)], b[0]}, s, out);
            else
                face({a[static_cast<std::size_t>(i)], a[static_cast<std::size_t>(n)],
                      b[static_cast<std::size_t>(n)], b[static_cast<std::size_t>(i)]},
                     s, out);
        }
    }
    // Caps get their own vertices so the rim stays sharp.
    auto cap = [&](double y, double r, P3 out) {
        std::vector<std::uint32_t> c;
        for (int i = 0; i < sides; ++i)
            c.push_back(vertex(base + P3{r * std::cos(i * step), y, r * std::sin(i * step)}, bone));
        face(c, s, out);
    };
    if (bottomCap && r0 > 0) cap(0, r0, P3{0, -1, 0} * facing);
    if (topCap && r1 > 0) cap(h, r1, P3{0, 1, 0} * facing);
}

void Mesh::tube(P3 a, P3 b, double ra, double rb, int sides, const Surface& s, bool capA, bool capB,
                int bone) {
    P3 axis = normalized(b - a);
    P3 helper = std::abs(axis.y) < 0.9 ? P3{0, 1, 0} : P3{1, 0, 0};
    P3 e1 = normalized(cross(axis, helper)), e2 = cross(axis, e1);
    const double step = 2 * std::numbers::pi / sides;
    auto around = [&](int i) { return e1 * std::cos(i * step) + e2 * std::sin(i * step); };
    std::vector<std::uint32_t> ia, ib;
    for (int i = 0; i < sides; ++i) {
        ia.push_back(ra > 0 ? vertex(a + around(i) * ra, bone) : (i == 0 ? vertex(a, bone) : ia[0]));
        ib.push_back(rb > 0 ? vertex(b + around(i) * rb, bone) : (i == 0 ? vertex(b, bone) : ib[0]));
    }
    for (int i = 0; i < sides; ++i) {
        std::size_t k = static_cast<std::size_t>(i), n = static_cast<std::size_t>((i + 1) % sides);
        P3 out = normalized(around(i) + around((i + 1) % sides));
        if (ra <= 0)
            face({ib[k], ib[n], ia[0]}, s, out);
        else if (rb <= 0)
            face({ia[k], ia[n], ib[0]}, s, out);
        else
            face({ia[k], ia[n], ib[n], ib[k]}, s, out);
    }
    auto cap = [&](P3 c, double r, P3 out) {
        std::vector<std::uint32_t> ids;
        for (int i = 0; i < sides; ++i)
            ids.push_back(vertex(c + around(i) * r, bone));
        face(ids, s, out);
    };
    if (capA && ra > 0) cap(a, ra, axis * -1);
    if (capB && rb > 0) cap(b, rb, axis);
}

void Mesh::prism(const std::vector<P3>& outline, double y0, double y1, const Surface& s, int bone) {
    const std::size_t n = outline.size();
    std::vector<std::uint32_t> bottom, top;
    P3 centre;
    for (const P3& p : outline)
        centre = centre + P3{p.x, 0, p.z} * (1.0 / double(n));
    for (std::size_t i = 0; i < n; ++i) {
        P3 a{outline[i].x, y0, outline[i].z}, b{outline[(i + 1) % n].x, y0, outline[(i + 1) % n].z};
        P3 mid = (a + b) * 0.5;
        quad(a, b, b + P3{0, y1 - y0, 0}, a + P3{0, y1 - y0, 0}, s, P3{mid.x - centre.x, 0, mid.z - centre.z},
             false, bone);
        bottom.push_back(vertex(a, bone));
        top.push_back(vertex({a.x, y1, a.z}, bone));
    }
    face(bottom, s, {0, -1, 0});
    face(top, s, {0, 1, 0});
}

void Mesh::quad(P3 a, P3 b, P3 c, P3 d, const Surface& s, P3 outward, bool doubleSided, int bone) {
    face({vertex(a, bone), vertex(b, bone), vertex(c, bone), vertex(d, bone)}, s, outward);
    if (doubleSided)
        face({vertex(a, bone), vertex(b, bone), vertex(c, bone), vertex(d, bone)}, s, outward * -1);
}

void Mesh::merge(const Mesh& other, const Place& place) {
    const auto base = static_cast<std::uint32_t>(points_.size());
    for (std::size_t i = 0; i < other.points_.size(); ++i) {
        points_.push_back(place.apply(other.points_[i]));
        bones_.push_back(other.bones_[i]);
    }
    for (const Face& f : other.faces_) {
        Face g = f;
        for (std::uint32_t& c : g.corners)
            c += base;
        g.outward = place.rotate(f.outward);
        faces_.push_back(std::move(g));
    }
}

void Mesh::setPoints(std::vector<P3> points) {
    if (points.size() != points_.size())
        throw Error("<memory>", Error::kNoOffset, "mesh.points", "a posed mesh needs one point per vertex");
    points_ = std::move(points);
}

loaders::Vec3i Mesh::toRaw(P3 p) {
    auto r = [](double c) { return static_cast<std::int32_t>(std::lround(c * 256.0)); };
    return {r(p.x), r(-p.y), r(p.z)};
}

std::vector<loaders::Vec3i> Mesh::rawPositions(const std::vector<P3>& moved) {
    std::vector<loaders::Vec3i> out;
    out.reserve(moved.size());
    for (const P3& p : moved)
        out.push_back(toRaw(p));
    return out;
}

loaders::Model Mesh::toModel(loaders::ModelVersion version, bool indirection) const {
    loaders::ModelSpec spec;
    spec.version = version;
    spec.positions = rawPositions(points_);
    spec.normalIndirection = indirection;
    spec.faces.reserve(faces_.size());
    for (const Face& f : faces_) {
        loaders::ModelFaceSpec fs;
        fs.vertices = f.corners;
        // Winding: the stored normal is (v1 - v0) x (v2 - v0) in raw coordinates (y down).
        const loaders::Vec3i &r0 = spec.positions[f.corners[0]], &r1 = spec.positions[f.corners[1]],
                             &r2 = spec.positions[f.corners[2]];
        P3 e1{double(r1.x - r0.x), double(r1.y - r0.y), double(r1.z - r0.z)};
        P3 e2{double(r2.x - r0.x), double(r2.y - r0.y), double(r2.z - r0.z)};
        P3 want{f.outward.x, -f.outward.y, f.outward.z};
        const bool flip = dot(cross(e1, e2), want) < 0;
        if (flip) std::reverse(fs.vertices.begin(), fs.vertices.end());
        if (f.surface.solid) {
            fs.solidColor = f.surface.solid;
        } else {
            TextureRef t = materialTexture(f.surface.material);
            fs.textureId = static_cast<std::uint32_t>(t.textureId);
            fs.imageId = static_cast<std::uint32_t>(t.imageId);
            if (!f.texelUvs.empty()) {
                for (const auto& uv : f.texelUvs)
                    fs.uvs.push_back({static_cast<std::int32_t>(std::lround(uv[0] * 16)),
                                      static_cast<std::int32_t>(std::lround(uv[1] * 16))});
                if (flip) std::reverse(fs.uvs.begin(), fs.uvs.end());
                spec.faces.push_back(std::move(fs));
                continue;
            }
            P3 n = normalized(f.outward);
            bool flat = std::abs(n.y) > 0.7;
            P3 tangent = normalized(P3{n.z, 0, -n.x});
            double su = t.width * 16.0 / f.surface.repeat,
                   sv = t.height * 16.0 / (f.surface.repeatV > 0 ? f.surface.repeatV : f.surface.repeat);
            std::vector<std::array<double, 2>> uv;
            double minU = 1e300, minV = 1e300;
            for (std::uint32_t c : fs.vertices) {
                P3 p = points_[c];
                double u = flat ? p.x : dot(p, tangent), v = flat ? p.z : -p.y;
                uv.push_back({u * su, v * sv});
                minU = std::min(minU, u * su);
                minV = std::min(minV, v * sv);
            }
            // Whole repeats keep the tiling continuous across neighbouring faces.
            double shiftU = std::floor(minU / (t.width * 16.0)) * t.width * 16.0;
            double shiftV = std::floor(minV / (t.height * 16.0)) * t.height * 16.0;
            for (const auto& c : uv)
                fs.uvs.push_back({static_cast<std::int32_t>(std::lround(c[0] - shiftU)),
                                  static_cast<std::int32_t>(std::lround(c[1] - shiftV))});
        }
        spec.faces.push_back(std::move(fs));
    }
    return loaders::buildModel(spec);
}

} // namespace rgx::demo
