#version 460
// The frame's rain (renderer/sky/rain.h): streak gl_VertexIndex / 6, two triangles of its four
// corners, unlit (light 1) and fogged by glide.frag like the other blended geometry, in the rain's
// material (GlidePush::material).
#include "shared.h"

layout(std430, set = 0, binding = kGlideBindingFrame) readonly buffer FrameBlock { GlideFrame frame; };
layout(std430, set = 0, binding = kGlideBindingRain) readonly buffer Rain { vec4 corners[]; };
layout(push_constant) uniform PushBlock { GlidePush push; };

layout(location = 0) out vec2 outUv;
layout(location = 1) out vec3 outLight;
layout(location = 2) out float outDepth; // w: the depth along the view axis, the fog's index
layout(location = 3) flat out uint outMaterial;
layout(location = 4) flat out uint outFlat;

const int kCorner[6] = int[6](0, 1, 2, 0, 2, 3);

void main() {
    int streak = gl_VertexIndex / 6;
    vec3 p = corners[streak * 4 + kCorner[gl_VertexIndex % 6]].xyz;
    gl_Position = frame.viewProj * vec4(p, 1.0);
    outUv = vec2(0.0);
    outLight = vec3(1.0);
    outDepth = gl_Position.w;
    outMaterial = push.material;
    outFlat = 0u;
}
