#pragma once
// Clipping in homogeneous space and the viewport transform for the software renderer
// (docs/software.md "Rasterization"). A triangle in clip space (Vulkan: x, y in -w..w, depth z in
// 0..w) is clipped against z >= 0, which keeps w > 0 for every vertex that reaches the divide, and
// against a wide guard band around the view: the rasterizer clamps its box to the target, so the
// side planes themselves need no geometry.

#include "renderer/soft/raster.h"

#include <array>
#include <cstddef>

namespace rgx::renderer::soft {

struct ClipVertex {
    float x = 0, y = 0, z = 0, w = 1;        // clip space
    float u = 0, v = 0, light = 0, dist = 0; // dist: the depth w along the view axis (haze, draw order)
};

// Up to 8 vertices: a triangle cut by the near plane and the four guard-band planes.
struct ClippedPolygon {
    std::array<ClipVertex, 8> vertices{};
    std::size_t count = 0;
};

// The part of triangle abc with z >= 0 (attributes interpolated linearly in clip space, which is
// perspective-correct); count 0 when nothing is in front.
ClippedPolygon clipNear(const ClipVertex& a, const ClipVertex& b, const ClipVertex& c);

// The guard band: |x| and |y| up to kGuardBand * w. Inside it a vertex lands within
// (kGuardBand + 1) / 2 target sizes of the target (at most 139,264 pixels at 16384), far inside
// the rasterizer's exact range, so the box clamp needs no side planes; a triangle reaching past it
// (a long face cut close to the eye) is clipped to it first.
inline constexpr float kGuardBand = 16.0f;
inline bool insideGuardBand(const ClipVertex& v) {
    const float band = kGuardBand * v.w;
    return v.x <= band && v.x >= -band && v.y <= band && v.y >= -band;
}

// The part of triangle abc in front of the near plane and inside the guard band.
ClippedPolygon clipTriangle(const ClipVertex& a, const ClipVertex& b, const ClipVertex& c);

// Perspective divide and viewport: x, y to pixels as Vulkan maps them (clip -y is the top row:
// view::projectionMatrix already points clip y down), z / w to depth,
// invW = 1 / w.
inline RasterVertex toScreen(const ClipVertex& v, int width, int height) {
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
