#pragma once
// Near-plane clipping in homogeneous space and the viewport transform for the software renderer
// (docs/software.md "Rasterization"). A triangle in clip space (Vulkan: x, y in -w..w, depth z in
// 0..w) is clipped against z >= 0 only: the rasterizer clamps its box to the target, so the other
// planes need no geometry (x and y are bounded by the far plane's extent). Clipping at z = 0 also
// keeps w > 0 for every vertex that reaches the divide.

#include "renderer/soft/raster.h"

#include <array>
#include <cstddef>

namespace rgx::renderer::soft {

struct ClipVertex {
    float x = 0, y = 0, z = 0, w = 1;        // clip space
    float u = 0, v = 0, light = 0, dist = 0; // dist: distance from the eye (haze)
};

// Up to 4 vertices: a triangle cut by one plane.
struct ClippedPolygon {
    std::array<ClipVertex, 4> vertices{};
    std::size_t count = 0;
};

// The part of triangle abc with z >= 0 (attributes interpolated linearly in clip space, which is
// perspective-correct); count 0 when nothing is in front.
ClippedPolygon clipNear(const ClipVertex& a, const ClipVertex& b, const ClipVertex& c);

// Perspective divide and viewport: x, y to pixels as Vulkan maps them (clip -y is the top row:
// sim::projectionMatrix already points clip y down), z / w to depth,
// invW = 1 / w.
RasterVertex toScreen(const ClipVertex& v, int width, int height);

} // namespace rgx::renderer::soft
