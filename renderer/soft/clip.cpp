#include "renderer/soft/clip.h"

namespace rgx::renderer::soft {

namespace {

ClipVertex lerp(const ClipVertex& p, const ClipVertex& q, float t) {
    const auto mix = [t](float a, float b) { return a + (b - a) * t; };
    return {mix(p.x, q.x), mix(p.y, q.y), mix(p.z, q.z),         mix(p.w, q.w),
            mix(p.u, q.u), mix(p.v, q.v), mix(p.light, q.light), mix(p.dist, q.dist)};
}

} // namespace

ClippedPolygon clipNear(const ClipVertex& a, const ClipVertex& b, const ClipVertex& c) {
    const ClipVertex in[3] = {a, b, c};
    ClippedPolygon out;
    for (int i = 0; i < 3; ++i) {
        const ClipVertex& p = in[i];
        const ClipVertex& q = in[(i + 1) % 3];
        const bool pIn = p.z >= 0, qIn = q.z >= 0;
        if (pIn) out.vertices[out.count++] = p;
        if (pIn != qIn) out.vertices[out.count++] = lerp(p, q, p.z / (p.z - q.z));
    }
    if (out.count < 3) out.count = 0;
    return out;
}

RasterVertex toScreen(const ClipVertex& v, int width, int height) {
    const float invW = v.w != 0 ? 1.0f / v.w : 0.0f;
    RasterVertex r;
    r.x = (v.x * invW * 0.5f + 0.5f) * static_cast<float>(width);
    r.y = (v.y * invW * 0.5f + 0.5f) * static_cast<float>(height);
    r.z = v.z * invW;
    r.invW = invW;
    r.u = v.u;
    r.v = v.v;
    r.light = v.light;
    r.dist = v.dist;
    return r;
}

} // namespace rgx::renderer::soft
