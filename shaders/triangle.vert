#version 450
#include "shared.h"

layout(push_constant) uniform Push {
    TrianglePush push;
};

// Unit triangle in NDC (y points down in Vulkan): apex at the top, base at the bottom.
const vec2 kCorners[3] = vec2[3](vec2(0.0, -1.0), vec2(1.0, 1.0), vec2(-1.0, 1.0));

void main() {
    vec2 p = kCorners[gl_VertexIndex] * push.scale + push.offset;
    gl_Position = vec4(p, kTriangleDepth, 1.0);
}
