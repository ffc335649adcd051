#pragma once
// Triangle rasterization for the software renderer (docs/software.md "Rasterization"): vertices
// snapped to 1/16 pixel, integer edge functions, the top-left fill rule (a pixel whose centre lies
// exactly on an edge shared by two triangles is drawn by exactly one of them), a less-than depth
// test, both windings drawn (faces are two-sided, as the Glide path draws them), and attributes
// interpolated perspective-correct per pixel, every 16 pixels, or affinely.
//
// Vertices are in screen space after the perspective divide: x, y in pixels (y down, pixel
// centres at +0.5), z in 0..1, invW = 1/w of the clip-space vertex. Clipping against the near
// plane happens before (clip.h); x and y may lie outside the target (the box is clamped).

#include "renderer/soft/soft_frame.h"

#include <algorithm>
#include <climits>
#include <cmath>
#include <cstdint>

namespace rgx::renderer::soft {

inline constexpr int kSubpixelBits = 4; // 1/16 pixel
inline constexpr int kSubpixel = 1 << kSubpixelBits;
// Span length of Perspective::Span16: exact at multiples of it in x, affine in between.
inline constexpr int kPerspectiveSpan = 16;

enum class Perspective : std::uint8_t {
    Exact,  // perspective-correct per pixel
    Span16, // perspective-correct at every kPerspectiveSpan-th pixel, affine between (the default)
    Affine, // affine over the whole triangle
};

// Attributes: texture coordinates, light and the depth w along the view axis (haze), all interpolated
// the same way.
struct RasterVertex {
    float x = 0, y = 0, z = 0, invW = 1;
    float u = 0, v = 0, light = 0, dist = 0;
};

// The light reaches the fragment in fixed point: kLightFixedBits fraction bits (16.16), stepped
// along the span with an integer step (Span16, Affine) or rounded from the exact value (Exact).
inline constexpr int kLightFixedBits = 16;
inline constexpr double kLightFixedOne = 1 << kLightFixedBits;

struct Fragment {
    int x = 0, y = 0;
    float z = 0;
    float u = 0, v = 0, dist = 0;
    std::int64_t lightFixed = 0; // light * 2^kLightFixedBits
    float light = 0;             // lightFixed as a float (the same value, for convenience)
};

// What a covered pixel that passes the depth test does with depth: write it (opaque geometry) or
// only test against it (blended geometry, as the Glide path's blended pipelines do).
enum class DepthWrite : std::uint8_t { On, Off };

namespace detail {

struct Edge {
    std::int64_t a = 0, b = 0, c = 0; // E(px, py) = a * px + b * py + c, in 1/256 pixel^2 units
    bool topLeft = false;
};

// The edge from p to q, positive inside a triangle whose other vertex gives a positive value.
inline Edge makeEdge(std::int64_t px, std::int64_t py, std::int64_t qx, std::int64_t qy) {
    Edge e;
    e.a = -(qy - py);
    e.b = qx - px;
    e.c = (qy - py) * px - (qx - px) * py;
    // With this winding (y down) a top edge runs right along y = const and a left edge runs up.
    const std::int64_t dx = qx - px, dy = qy - py;
    e.topLeft = dy < 0 || (dy == 0 && dx > 0);
    return e;
}

// floor(n / d) and ceil(n / d) for d > 0.
inline std::int64_t floorDiv(std::int64_t n, std::int64_t d) {
    return n >= 0 ? n / d : -((-n + d - 1) / d);
}
inline std::int64_t ceilDiv(std::int64_t n, std::int64_t d) {
    return n >= 0 ? (n + d - 1) / d : -((-n) / d);
}

// Narrows [first, last] to the pixels x of row centre py (subpixels) that edge e lets in: with
// px = 16x + 8, E = 16a x + (8a + b py + c) must be >= 0 (top-left edges) or >= 1 (others).
inline void clampRun(const Edge& e, std::int64_t py, int& first, int& last) {
    const std::int64_t need = (e.topLeft ? 0 : 1) - (e.a * (kSubpixel / 2) + e.b * py + e.c); // 16a x >= need
    const std::int64_t step = e.a * kSubpixel;
    // Clamped in 64 bits before narrowing: a long, nearly horizontal edge can cross this row
    // billions of pixels away.
    if (step > 0) {
        first =
            static_cast<int>(std::clamp<std::int64_t>(ceilDiv(need, step), first, std::int64_t{last} + 1));
    } else if (step < 0) {
        last =
            static_cast<int>(std::clamp<std::int64_t>(floorDiv(-need, -step), std::int64_t{first} - 1, last));
    } else if (need > 0) {
        last = first - 1; // the edge is horizontal and this row is outside it
    }
}

// A coordinate in pixels to the nearest 1/16 pixel (halves round up). Clamped to +-1e6 pixels to
// keep the integer arithmetic bounded; the software renderer clips to its guard band first
// (clip.h), so its vertices never reach the clamp.
inline std::int64_t snap(float v) {
    // floor(x) as truncation of x + 2^25 (positive after the clamp; exact in double), without a
    // call into libm.
    constexpr double kOffset = 33554432.0;
    const double x = std::clamp(static_cast<double>(v), -1.0e6, 1.0e6) * kSubpixel + 0.5;
    return static_cast<std::int64_t>(x + kOffset) - static_cast<std::int64_t>(kOffset);
}

} // namespace detail

// A light value in fixed point (rounded; clamped to +-2^20 light, far past any shade level).
inline std::int64_t lightToFixed(double light) {
    if (!(light == light)) return 0;
    return static_cast<std::int64_t>(
        std::floor(std::clamp(light, -1048576.0, 1048576.0) * kLightFixedOne + 0.5));
}

// The pixels whose centres a triangle's snapped bounding box holds, within a width x height
// target (empty when minX > maxX or minY > maxY: the triangle can draw nothing there). What
// rasterTriangle scans, so a caller can drop triangles that draw nothing before setting them up.
struct PixelBox {
    int minX = 0, maxX = -1, minY = 0, maxY = -1;
    bool empty() const { return minX > maxX || minY > maxY; }
};

namespace detail {

// The pixel box of a triangle already snapped (sx, sy in subpixels).
inline PixelBox snappedBox(const std::int64_t (&sx)[3], const std::int64_t (&sy)[3], int width, int height) {
    PixelBox box;
    const std::int64_t lo[2] = {std::min({sx[0], sx[1], sx[2]}), std::min({sy[0], sy[1], sy[2]})};
    const std::int64_t hi[2] = {std::max({sx[0], sx[1], sx[2]}), std::max({sy[0], sy[1], sy[2]})};
    // Centres (p + 0.5) inside the snapped bounds.
    const auto first = [](std::int64_t v) {
        return static_cast<int>(
            std::max<std::int64_t>(-1, (v - kSubpixel / 2 + kSubpixel - 1) >> kSubpixelBits));
    };
    const auto last = [](std::int64_t v) {
        return static_cast<int>(std::min<std::int64_t>(1 << 24, (v - kSubpixel / 2) >> kSubpixelBits));
    };
    box.minX = std::max(0, first(lo[0]));
    box.maxX = std::min(width - 1, last(hi[0]));
    box.minY = std::max(0, first(lo[1]));
    box.maxY = std::min(height - 1, last(hi[1]));
    return box;
}

} // namespace detail

inline PixelBox pixelBox(const RasterVertex (&vertex)[3], int width, int height) {
    std::int64_t sx[3], sy[3];
    for (int i = 0; i < 3; ++i) {
        if (!std::isfinite(vertex[i].x) || !std::isfinite(vertex[i].y)) return {};
        sx[i] = detail::snap(vertex[i].x);
        sy[i] = detail::snap(vertex[i].y);
    }
    return detail::snappedBox(sx, sy, width, height);
}

// Rasterizes one triangle into rows [rowBegin, rowEnd) of frame (a band: bands never share a row,
// so any split of the rows into bands gives the same pixels). For every covered pixel that passes
// the depth test, shade(fragment) returns the palette index to write, or a negative value to
// write nothing (the colour key); depth is written with the index unless depthWrite is Off.
// Returns the pixels written.
template <typename Shade>
std::uint32_t rasterTriangle(IndexedFrame& frame, const RasterVertex (&vertex)[3], Perspective perspective,
                             int rowBegin, int rowEnd, Shade&& shade,
                             DepthWrite depthWrite = DepthWrite::On) {
    std::int64_t sx[3], sy[3];
    for (int i = 0; i < 3; ++i) {
        if (!std::isfinite(vertex[i].x) || !std::isfinite(vertex[i].y)) return 0;
        sx[i] = detail::snap(vertex[i].x);
        sy[i] = detail::snap(vertex[i].y);
    }
    int order[3] = {0, 1, 2};
    std::int64_t area = (sx[1] - sx[0]) * (sy[2] - sy[0]) - (sy[1] - sy[0]) * (sx[2] - sx[0]);
    if (area == 0) return 0;
    if (area < 0) { // the other winding: drawn the same (two-sided)
        std::swap(order[1], order[2]);
        area = -area;
    }
    const RasterVertex& v0 = vertex[order[0]];
    const RasterVertex& v1 = vertex[order[1]];
    const RasterVertex& v2 = vertex[order[2]];
    const std::int64_t x0 = sx[order[0]], y0 = sy[order[0]], x1 = sx[order[1]], y1 = sy[order[1]],
                       x2 = sx[order[2]], y2 = sy[order[2]];
    // Edge i is opposite vertex i: its value is vertex i's barycentric weight times the area.
    const detail::Edge e0 = detail::makeEdge(x1, y1, x2, y2);
    const detail::Edge e1 = detail::makeEdge(x2, y2, x0, y0);
    const detail::Edge e2 = detail::makeEdge(x0, y0, x1, y1);

    const PixelBox box = detail::snappedBox(sx, sy, frame.width, frame.height);
    const int minX = box.minX, maxX = box.maxX;
    const int minY = std::max(box.minY, rowBegin), maxY = std::min(box.maxY, rowEnd - 1);
    if (minX > maxX || minY > maxY) return 0;

    const double invArea = 1.0 / static_cast<double>(area);
    // Attribute planes over screen position: value(px, py) = ax * px + ay * py + c, from the
    // barycentric weights w_i(p) = E_i(p) / area, with p in subpixel units at pixel centres.
    struct Plane {
        double ax = 0, ay = 0, c = 0;
        double at(double px, double py) const { return ax * px + ay * py + c; }
    };
    const auto plane = [&](double a0, double a1, double a2) {
        Plane p;
        p.ax = (a0 * e0.a + a1 * e1.a + a2 * e2.a) * invArea;
        p.ay = (a0 * e0.b + a1 * e1.b + a2 * e2.b) * invArea;
        p.c = (a0 * e0.c + a1 * e1.c + a2 * e2.c) * invArea;
        return p;
    };
    const Plane z = plane(v0.z, v1.z, v2.z);
    const bool affine = perspective == Perspective::Affine;
    // Perspective: u/w, v/w, light/w and 1/w are affine in screen space.
    const Plane q = affine ? plane(1, 1, 1) : plane(v0.invW, v1.invW, v2.invW);
    const auto weight = [&](const RasterVertex& v) { return affine ? 1.0 : static_cast<double>(v.invW); };
    const Plane pu = plane(v0.u * weight(v0), v1.u * weight(v1), v2.u * weight(v2));
    const Plane pv = plane(v0.v * weight(v0), v1.v * weight(v1), v2.v * weight(v2));
    const Plane pl = plane(v0.light * weight(v0), v1.light * weight(v1), v2.light * weight(v2));
    const Plane pd = plane(v0.dist * weight(v0), v1.dist * weight(v1), v2.dist * weight(v2));
    struct Attributes {
        double u = 0, v = 0, light = 0, dist = 0;
    };
    const auto exactAt = [&](double px, double py) {
        const double w = q.at(px, py);
        const double r = w != 0 ? 1.0 / w : 0.0;
        return Attributes{pu.at(px, py) * r, pv.at(px, py) * r, pl.at(px, py) * r, pd.at(px, py) * r};
    };

    // The target's arrays as plain pointers, and the shading as a local copy: a byte store may
    // alias anything, so values reached through the frame or the caller's object would be
    // reloaded after every pixel written.
    std::uint8_t* const indexData = frame.index.data();
    float* const depthData = frame.depth.data();
    std::uint8_t* const coverageData = frame.coverage.empty() ? nullptr : frame.coverage.data();
    const std::size_t width = static_cast<std::size_t>(frame.width);
    auto shadeFragment = shade;
    std::uint32_t written = 0;
    // One pixel that passed the depth test: the shading, then the writes. Values are computed the
    // same way at every pixel whatever the row's extent, so bands and threads agree.
    const auto pixel = [&](int x, int y, std::size_t i, float depth, double u, double v, double dist,
                           std::int64_t light) {
        Fragment f;
        f.x = x;
        f.y = y;
        f.z = depth;
        f.u = static_cast<float>(u);
        f.v = static_cast<float>(v);
        f.lightFixed = light;
        f.light = static_cast<float>(static_cast<double>(light) / kLightFixedOne);
        f.dist = static_cast<float>(dist);
        const int index = shadeFragment(f);
        if (index < 0) return;
        indexData[i] = static_cast<std::uint8_t>(index);
        if (depthWrite == DepthWrite::On) depthData[i] = depth;
        ++written;
    };
    for (int y = minY; y <= maxY; ++y) {
        const std::int64_t py = static_cast<std::int64_t>(y) * kSubpixel + kSubpixel / 2;
        const double fy = static_cast<double>(py);
        // The row's covered pixels, first to last (a triangle is convex: one run per row), solved
        // exactly from the edge functions in integers: every pixel of the run is inside all three
        // edges under the fill rule, so no pixel tests them again.
        int first = minX, last = maxX;
        for (const detail::Edge* e : {&e0, &e1, &e2})
            detail::clampRun(*e, py, first, last);
        if (first > last) continue;
        const std::size_t rowStart = static_cast<std::size_t>(y) * width;
        if (coverageData)
            for (int x = first; x <= last; ++x)
                if (coverageData[rowStart + x] < 255) ++coverageData[rowStart + x];
        // z.at(fx, fy) with the row's part computed once (the same operations, so the same bits).
        const double zRow = z.ay * fy;
        const auto depthAt = [&](int x) {
            const double fx = static_cast<double>(x) * kSubpixel + kSubpixel / 2;
            return static_cast<float>(z.ax * fx + zRow + z.c);
        };
        // Affine light: the row's first covered pixel, then an integer step.
        std::int64_t rowLight = 0, rowLightStep = 0;
        if (affine) {
            rowLight = lightToFixed(pl.at(static_cast<double>(first) * kSubpixel + kSubpixel / 2, fy));
            rowLightStep = lightToFixed(pl.ax * kSubpixel);
        }
        // The row in spans of kPerspectiveSpan pixels aligned in absolute x (independent of the
        // triangle's box and of the band), cut to the covered run.
        for (int start = first - first % kPerspectiveSpan; start <= last; start += kPerspectiveSpan) {
            const int s0 = std::max(start, first);
            const int end = std::min(start + kPerspectiveSpan - 1, last);
            if (perspective == Perspective::Exact) {
                for (int x = s0; x <= end; ++x) {
                    const std::size_t i = rowStart + x;
                    const float depth = depthAt(x);
                    if (!(depth < depthData[i])) continue;
                    const Attributes at = exactAt(static_cast<double>(x) * kSubpixel + kSubpixel / 2, fy);
                    pixel(x, y, i, depth, at.u, at.v, at.dist, lightToFixed(at.light));
                }
            } else if (affine) {
                for (int x = s0; x <= end; ++x) {
                    const std::size_t i = rowStart + x;
                    const float depth = depthAt(x);
                    if (!(depth < depthData[i])) continue;
                    const double fx = static_cast<double>(x) * kSubpixel + kSubpixel / 2;
                    pixel(x, y, i, depth, pu.at(fx, fy), pv.at(fx, fy), pd.at(fx, fy),
                          rowLight + rowLightStep * (x - first));
                }
            } else {
                // Exact at the span's ends, linear between: 1/w is only meaningful inside the
                // triangle, so the ends are the covered run's. They are computed at the span's
                // first pixel that passes the depth test (none: never).
                bool ready = false;
                Attributes a0{}, da{}; // the span's first pixel and its step per pixel
                std::int64_t lightStart = 0, lightStep = 0;
                for (int x = s0; x <= end; ++x) {
                    const std::size_t i = rowStart + x;
                    const float depth = depthAt(x);
                    if (!(depth < depthData[i])) continue;
                    if (!ready) {
                        ready = true;
                        const int s1 = std::min(start + kPerspectiveSpan, last);
                        a0 = exactAt(static_cast<double>(s0) * kSubpixel + kSubpixel / 2.0, fy);
                        if (s1 > s0) { // a span of one pixel needs no second end
                            const Attributes a1 =
                                exactAt(static_cast<double>(s1) * kSubpixel + kSubpixel / 2.0, fy);
                            const double inv = 1.0 / (s1 - s0);
                            da = Attributes{(a1.u - a0.u) * inv, (a1.v - a0.v) * inv,
                                            (a1.light - a0.light) * inv, (a1.dist - a0.dist) * inv};
                        }
                        lightStart = lightToFixed(a0.light);
                        lightStep = lightToFixed(da.light);
                    }
                    const double t = static_cast<double>(x - s0);
                    pixel(x, y, i, depth, a0.u + da.u * t, a0.v + da.v * t, a0.dist + da.dist * t,
                          lightStart + lightStep * (x - s0));
                }
            }
        }
    }
    return written;
}

} // namespace rgx::renderer::soft
