#version 460
// The Glide look, vertex stage: vertex pulling from the mesh pool, instance data by
// drawInstances[instanceBase + gl_InstanceIndex] (gl_InstanceIndex counts from the draw's
// firstInstance) with its material and pose (the 3DC frame an actor shows,
// a held item's place), Gouraud lighting (sun + ambient + MPSL lights).
#include "shared.h"

layout(std430, set = 0, binding = kGlideBindingFrame) readonly buffer FrameBlock { GlideFrame frame; };
layout(std430, set = 0, binding = kGlideBindingVertices) readonly buffer Vertices { float vertexData[]; };
layout(std430, set = 0, binding = kGlideBindingInstances) readonly buffer Instances { GlideInstance instances[]; };
layout(std430, set = 0, binding = kGlideBindingDrawInstances) readonly buffer DrawInstances { GlideDrawInstance drawInstances[]; };
layout(std430, set = 0, binding = kGlideBindingPoses) readonly buffer Poses { GlidePose poses[]; };
layout(push_constant) uniform PushBlock { GlidePush push; };

layout(location = 0) out vec2 outUv;
layout(location = 1) out vec3 outLight;
layout(location = 2) out float outDepth; // w: the depth along the view axis, the fog's index
layout(location = 3) flat out uint outMaterial;
layout(location = 4) flat out uint outFlat;

#include "glide_lighting.glsl"

void main() {
    GlideDrawInstance draw = drawInstances[push.instanceBase + uint(gl_InstanceIndex)];
    uint instance = draw.instance;
    mat4 world = instances[instance].world;
    int vertex = gl_VertexIndex;
    float blend = 0.0;
    int next = vertex;
    if (draw.pose != kGlideNoPose) {
        world = world * poses[draw.pose].local;
        next = vertex + poses[draw.pose].nextShift;
        vertex += poses[draw.pose].frameShift;
        blend = poses[draw.pose].blend;
    }
    uint base = uint(vertex) * kGlideVertexFloats;
    vec3 p = vec3(vertexData[base], vertexData[base + 1], vertexData[base + 2]);
    vec3 n = vec3(vertexData[base + 3], vertexData[base + 4], vertexData[base + 5]);
    outUv = vec2(vertexData[base + 6], vertexData[base + 7]);
    if (blend > 0.0) {
        uint nb = uint(next) * kGlideVertexFloats;
        p = mix(p, vec3(vertexData[nb], vertexData[nb + 1], vertexData[nb + 2]), blend);
        n = mix(n, vec3(vertexData[nb + 3], vertexData[nb + 4], vertexData[nb + 5]), blend);
    }

    vec3 wp;
    vec3 wn;
    if ((instances[instance].flags & kGlideInstanceBillboard) != 0u) {
        // Flats turn about the vertical axis to face the camera and stay upright (on a map they
        // lie on the ground, facing up: view::billboardUp).
        vec3 right = frame.cameraRight.xyz;
        vec3 up = frame.billboardUp.xyz;
        wp = world[3].xyz + right * p.x + up * p.y;
        wn = cross(right, up);
    } else {
        wp = (world * vec4(p, 1.0)).xyz;
        vec3 t = mat3(world) * n;
        wn = dot(t, t) > 0.0 ? normalize(t) : vec3(0.0, 1.0, 0.0);
    }
    gl_Position = frame.viewProj * vec4(wp, 1.0);
    // The engine's own shade of the vertex (scene::MeshVertex::light) scales the light.
    outLight = gouraud(wp, wn, true) * vertexData[base + 8u];
    outDepth = gl_Position.w;
    outMaterial = draw.material;
    outFlat = draw.flatState;
}
