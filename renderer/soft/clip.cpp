#include "renderer/soft/clip.h"

namespace rgx::renderer::soft {

namespace {

ClipVertex lerp(const ClipVertex& p, const ClipVertex& q, float t) {
    const auto mix = [t](float a, float b) { return a + (b - a) * t; };
    return {mix(p.x, q.x), mix(p.y, q.y), mix(p.z, q.z),         mix(p.w, q.w),
            mix(p.u, q.u), mix(p.v, q.v), mix(p.light, q.light), mix(p.dist, q.dist)};
}

// One Sutherland-Hodgman step: the part of polygon `in` where plane(v) >= 0.
template <typename Plane> ClippedPolygon clipBy(const ClippedPolygon& in, Plane plane) {
    ClippedPolygon out;
    for (std::size_t i = 0; i < in.count; ++i) {
        const ClipVertex& p = in.vertices[i];
        const ClipVertex& q = in.vertices[(i + 1) % in.count];
        const float dp = plane(p), dq = plane(q);
        if (dp >= 0) out.vertices[out.count++] = p;
        if ((dp >= 0) != (dq >= 0)) out.vertices[out.count++] = lerp(p, q, dp / (dp - dq));
    }
    if (out.count < 3) out.count = 0;
    return out;
}

} // namespace

ClippedPolygon clipTriangle(const ClipVertex& a, const ClipVertex& b, const ClipVertex& c) {
    ClippedPolygon poly = clipNear(a, b, c);
    if (poly.count == 0) return poly;
    bool inside = true;
    for (std::size_t i = 0; i < poly.count; ++i)
        inside = inside && insideGuardBand(poly.vertices[i]);
    if (inside) return poly;
    poly = clipBy(poly, [](const ClipVertex& v) { return kGuardBand * v.w - v.x; });
    poly = clipBy(poly, [](const ClipVertex& v) { return kGuardBand * v.w + v.x; });
    poly = clipBy(poly, [](const ClipVertex& v) { return kGuardBand * v.w - v.y; });
    return clipBy(poly, [](const ClipVertex& v) { return kGuardBand * v.w + v.y; });
}

ClippedPolygon clipNear(const ClipVertex& a, const ClipVertex& b, const ClipVertex& c) {
    ClippedPolygon triangle;
    triangle.vertices[0] = a;
    triangle.vertices[1] = b;
    triangle.vertices[2] = c;
    triangle.count = 3;
    return clipBy(triangle, [](const ClipVertex& v) { return v.z; });
}

} // namespace rgx::renderer::soft
