#pragma once
// A small mesh toolkit for the demo's models: boxes, grids, prisms, cylinders, cones and quads with
// UVs in 1/16 texel, merged into one mesh and turned into a loaders::Model.
//
// Geometry is built in engine units with y UP (the catalog's convention: base at y = 0, a house's
// roof at y > 0) because those numbers read naturally. On output every vertex becomes the file's
// raw units: (x * 256, -y * 256, z * 256) — the file's y axis points DOWN like the engine's, so a
// model standing on the ground has its vertices at y <= 0 with its base at y = 0.
//
// Every face is given the direction it must face ("outward": away from a solid, into a room for
// interiors). The mesh winds the stored corners so that (v1 - v0) x (v2 - v0) in raw file
// coordinates points that way (notes.md: that is the stored normal's direction), whatever order
// the caller listed them in; the y flip, which mirrors handedness, is taken care of here.

#include "demo/demo_catalog.h"
#include "loaders/redguard/model3d.h"

#include <array>
#include <cstdint>
#include <optional>
#include <vector>

namespace rgx::demo {

struct P3 {
    double x = 0, y = 0, z = 0;
};
inline P3 operator+(P3 a, P3 b) {
    return {a.x + b.x, a.y + b.y, a.z + b.z};
}
inline P3 operator-(P3 a, P3 b) {
    return {a.x - b.x, a.y - b.y, a.z - b.z};
}
inline P3 operator*(P3 a, double s) {
    return {a.x * s, a.y * s, a.z * s};
}
double dot(P3 a, P3 b);
P3 cross(P3 a, P3 b);
double length(P3 a);
P3 normalized(P3 a); // zero stays zero

// What a face shows: a catalog material tiled every `repeat` engine units, or a solid palette colour.
struct Surface {
    std::optional<std::uint8_t> solid;
    Material material = Material::Stone;
    double repeat = 128; // engine units covered by one copy of the texture across (u)
    double repeatV = 0;  // ... and down (v); 0 = the same as repeat

    static Surface tex(Material m, double repeat = 128, double repeatV = 0) {
        return {std::nullopt, m, repeat, repeatV};
    }
    static Surface colour(Ramp ramp, int shade) {
        return {paletteIndex(ramp, shade), Material::Stone, 128, 0};
    }
};

// A rigid placement: rotation about y (radians, counter-clockwise seen from above: +x turns
// towards -z), then a translation. Enough for placing parts; characters use their own posing.
struct Place {
    P3 offset;
    double yaw = 0;
    P3 apply(P3 p) const;
    P3 rotate(P3 v) const;
};

class Mesh {
public:
    // Adds a vertex (engine units, y up) owned by `bone` (0 for statics) and returns its index.
    std::uint32_t vertex(P3 p, int bone = 0);
    // A convex planar polygon over existing vertices, wound to face `outward`. UVs are a planar
    // projection of the corners (horizontal faces: u = x, v = z; others: u along the face's
    // horizontal tangent, v = -y), shifted by whole texture repeats so they stay small.
    void face(std::vector<std::uint32_t> corners, const Surface& s, P3 outward);
    // The same with explicit UVs in texels of the surface's texture, one per corner (a texture
    // that must sit on the face a particular way: a frond, the beam's glow).
    void face(std::vector<std::uint32_t> corners, const Surface& s, P3 outward,
              std::vector<std::array<double, 2>> texelUvs);

    // A parallelogram origin + [0,1]u + [0,1]v split into nu x nv cells sharing their vertices
    // (smooth within the grid). `skip(i, j)` may drop cells (door openings).
    void grid(P3 origin, P3 u, P3 v, int nu, int nv, const Surface& s, P3 outward, int bone = 0,
              bool (*skip)(int, int, const void*) = nullptr, const void* skipData = nullptr);
    // Axis-aligned box [lo, hi], each side a grid of cells no larger than `cell` units; sides
    // face away from the centre (or into it with inward = true). `sides` masks -x,+x,-y,+y,-z,+z
    // (bits 0..5).
    void box(P3 lo, P3 hi, const Surface& s, double cell = 1e9, int bone = 0, bool inward = false,
             unsigned sides = 0x3F);
    // A frustum along +y from centre `base`: radius r0 at the bottom, r1 at height h, `sides`
    // around and `rings` bands (smooth sides), optional caps. r1 = 0 makes a cone (one apex).
    // inward = true turns every face towards the axis (the inside of a railing or a well).
    void cylinder(P3 base, double r0, double r1, double h, int sides, int rings, const Surface& s,
                  bool bottomCap = true, bool topCap = true, int bone = 0, bool inward = false);
    // A cone or frustum along any axis: from `a` (radius ra) to `b` (radius rb), open ends.
    void tube(P3 a, P3 b, double ra, double rb, int sides, const Surface& s, bool capA, bool capB,
              int bone = 0);
    // A closed prism: the convex polygon `outline` (counter-clockwise seen from +y, y ignored)
    // extruded from y0 to y1.
    void prism(const std::vector<P3>& outline, double y0, double y1, const Surface& s, int bone = 0);
    // A single-sided quad a-b-c-d (convex, planar) facing `outward`; doubleSided adds the back
    // with its own vertices (cut-out leaves, flags).
    void quad(P3 a, P3 b, P3 c, P3 d, const Surface& s, P3 outward, bool doubleSided = false, int bone = 0);
    // Appends another mesh moved by `place`.
    void merge(const Mesh& other, const Place& place = {});

    // Moves every point (same count and order): a posed copy of an animated mesh.
    void setPoints(std::vector<P3> points);

    std::size_t vertexCount() const { return points_.size(); }
    std::size_t faceCount() const { return faces_.size(); }
    const std::vector<P3>& points() const { return points_; }
    const std::vector<int>& bones() const { return bones_; }

    // The raw file position of a point (x * 256, -y * 256, z * 256), rounded.
    static loaders::Vec3i toRaw(P3 p);
    // A laid-out model: v4.0 / v5.0, vertex normals averaged per vertex, identity normal
    // indirection when `indirection` (the .3D / ROB habit; .3DC files have none).
    loaders::Model toModel(loaders::ModelVersion version, bool indirection) const;
    // Raw positions of the mesh's points after replacing them with `moved` (same count): the
    // frames of an animated model.
    static std::vector<loaders::Vec3i> rawPositions(const std::vector<P3>& moved);

private:
    struct Face {
        std::vector<std::uint32_t> corners;
        Surface surface;
        P3 outward;
        std::vector<std::array<double, 2>> texelUvs; // empty: planar projection
    };
    std::vector<P3> points_;
    std::vector<int> bones_;
    std::vector<Face> faces_;
};

} // namespace rgx::demo
