// Constants and buffer layouts shared by GLSL and C++: the one place where a push-constant or
// buffer layout is written down, so the two sides cannot drift apart. GLSL includes it with
// #include "shared.h" (glslc -I shaders); C++ with #include "shaders/shared.h".
#ifndef RGX_SHADERS_SHARED_H
#define RGX_SHADERS_SHARED_H

#ifdef __cplusplus
#include <cstddef>
#include <cstdint>

namespace rgx::shaders {

// GLSL-shaped types whose C++ size and alignment follow the std430 / push-constant rules, so a
// struct below has the same offsets on both sides (checked by the static_asserts at the end).
struct alignas(8) vec2 {
    float x, y;
};
struct alignas(16) vec4 {
    float x, y, z, w;
};
using uint = std::uint32_t;

#define RGX_CONST(type, name, value) inline constexpr type name = value

#else // GLSL

#define RGX_CONST(type, name, value) const type name = value

#endif

// Triangle pipeline (the smoke test and `rgx vkinfo`'s sanity draw): a triangle whose corners
// are the unit triangle of triangle.vert, scaled then offset in NDC, filled with a flat colour.
struct TrianglePush {
    vec4 color;  // linear RGBA written as is into the UNORM target
    vec2 offset; // NDC offset added after scaling
    vec2 scale;  // NDC scale of the unit triangle
};

// Depth written by the triangle (the offscreen target clears depth to 1.0).
RGX_CONST(float, kTriangleDepth, 0.5);

#ifdef __cplusplus
static_assert(sizeof(TrianglePush) == 32);
static_assert(offsetof(TrianglePush, offset) == 16);
static_assert(offsetof(TrianglePush, scale) == 24);

} // namespace rgx::shaders
#endif

#undef RGX_CONST
#endif // RGX_SHADERS_SHARED_H
