#version 460
// The Glide look's terrain, drawn from the grid buffer: 255 x 255 cells, six vertices each (no
// vertex or index buffer): vertex v draws corner v % 6 of cell cells[v / 6] (the CPU picks runs of
// the cell list by visible chunk and pass: land opaque, water blended). Cell (r, c) is split along
// TL-BR like scene/redguard/terrain.h, its texture turned by the top-left vertex's quarter turns. Heights
// (water displaced) and normals come from this frame's terrain surface, written by the compute
// passes (renderer/glide/terrain_compute.h) before the draws.
#include "shared.h"

layout(std430, set = 0, binding = kGlideBindingFrame) readonly buffer FrameBlock { GlideFrame frame; };
layout(std430, set = 0, binding = kGlideBindingTerrainGrid) readonly buffer TerrainGrid { uvec2 grid[]; };
layout(std430, set = 0, binding = kGlideBindingTerrainCells) readonly buffer TerrainCells { uint cells[]; };
layout(std430, set = 0, binding = kGlideBindingTerrainSurface) readonly buffer TerrainSurface {
    float surfaceHeight[kTerrainVertexCount];
    vec4 surfaceNormal[kTerrainVertexCount];
};
layout(push_constant) uniform PushBlock { GlidePush push; };

layout(location = 0) out vec2 outUv;
layout(location = 1) out vec3 outLight;
layout(location = 2) out float outDepth; // w: the depth along the view axis, the fog's index
layout(location = 3) flat out uint outMaterial;
layout(location = 4) flat out uint outFlat;

#include "glide_lighting.glsl"

const int kSize = int(kGlideTerrainSize);
const ivec2 kCorner[4] = ivec2[4](ivec2(0, 0), ivec2(0, 1), ivec2(1, 1), ivec2(1, 0)); // TL TR BR BL (row, col)
const vec2 kUv[4] = vec2[4](vec2(0, 0), vec2(1, 0), vec2(1, 1), vec2(0, 1));
const int kOrder[6] = int[6](0, 3, 2, 0, 2, 1); // (TL, BL, BR), (TL, BR, TR)

void main() {
    int cell = int(cells[gl_VertexIndex / 6]);
    int j = kOrder[gl_VertexIndex % 6];
    int r = cell / (kSize - 1), c = cell % (kSize - 1);
    uint info = grid[r * kSize + c].y;
    outMaterial = info >> 16;
    outFlat = 0u;
    int vr = r + kCorner[j].x, vc = c + kCorner[j].y;
    int v = vr * kSize + vc;
    vec3 p = vec3(float(vc) * kGlideTerrainCell, surfaceHeight[v], float(vr) * kGlideTerrainCell);
    vec3 n = surfaceNormal[v].xyz;
    outUv = kUv[(j + int(info & 3u)) & 3];
    gl_Position = frame.viewProj * vec4(p, 1.0);
    outLight = gouraud(p, n, false);
    outDepth = gl_Position.w;
}
