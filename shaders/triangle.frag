#version 450
#include "shared.h"

layout(push_constant) uniform Push {
    TrianglePush push;
};

layout(location = 0) out vec4 outColor;

void main() {
    outColor = push.color;
}
