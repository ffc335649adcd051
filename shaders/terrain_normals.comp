#version 460
// Pass 2 of the terrain compute: every vertex's normal from the heights pass 1 wrote, as
// scene::terrainVertexNormals defines it: the normalized sum of the cross products of the six
// triangles around the vertex (cells split TL-BR into (TL, BL, BR) and (TL, BR, TR)), fewer on
// the border. Positions are taken relative to the vertex so that float keeps full precision.
#include "shared.h"

layout(local_size_x = RGX_TERRAIN_COMPUTE_GROUP, local_size_y = RGX_TERRAIN_COMPUTE_GROUP) in;

layout(std430, set = 0, binding = kTerrainBindingSurface) buffer TerrainSurface {
    float height[kTerrainVertexCount];
    vec4 normal[kTerrainVertexCount];
};

const int kSize = int(kGlideTerrainSize);
const float kCell = kGlideTerrainCell;

int row0, column0;
float height0;

vec3 at(int r, int c) {
    return vec3(float(c - column0) * kCell, height[r * kSize + c] - height0, float(r - row0) * kCell);
}

// The two triangles of cell (r, c).
vec3 lowerLeft(int r, int c) { // (TL, BL, BR)
    vec3 tl = at(r, c);
    return cross(at(r + 1, c) - tl, at(r + 1, c + 1) - tl);
}
vec3 upperRight(int r, int c) { // (TL, BR, TR)
    vec3 tl = at(r, c);
    return cross(at(r + 1, c + 1) - tl, at(r, c + 1) - tl);
}

void main() {
    ivec2 v = ivec2(gl_GlobalInvocationID.xy); // (column, row)
    if (v.x >= kSize || v.y >= kSize) return;
    int r = v.y, c = v.x;
    row0 = r;
    column0 = c;
    height0 = height[r * kSize + c];
    vec3 sum = vec3(0.0);
    if (r + 1 < kSize && c + 1 < kSize) sum += lowerLeft(r, c) + upperRight(r, c);     // vertex is TL
    if (r > 0 && c > 0) sum += lowerLeft(r - 1, c - 1) + upperRight(r - 1, c - 1);     // BR
    if (r > 0 && c + 1 < kSize) sum += lowerLeft(r - 1, c);                             // BL
    if (r + 1 < kSize && c > 0) sum += upperRight(r, c - 1);                            // TR
    float len = length(sum);
    normal[r * kSize + c] = vec4(len > 0.0 ? sum / len : vec3(0.0, 1.0, 0.0), 0.0);
}
