#version 460
// Pass 1 of the terrain compute (renderer/glide/terrain_compute.h): every grid vertex's height into the
// surface buffer; corners of water cells displaced by the waves with exactly sim/water.cpp's
// arithmetic (integer spatial phase wrapped to 11 bits, then the time phase, the sine table read
// linearly between entries).
#include "shared.h"

layout(local_size_x = RGX_TERRAIN_COMPUTE_GROUP, local_size_y = RGX_TERRAIN_COMPUTE_GROUP) in;

layout(std430, set = 0, binding = kTerrainBindingGrid) readonly buffer TerrainGrid { uvec2 grid[]; };
layout(std430, set = 0, binding = kTerrainBindingSine) readonly buffer SineTable { float sineTable[]; };
layout(std430, set = 0, binding = kTerrainBindingSurface) writeonly buffer TerrainSurface {
    float height[kTerrainVertexCount];
    vec4 normal[kTerrainVertexCount];
};
layout(push_constant) uniform PushBlock { TerrainWavePush wave; };

const int kSize = int(kGlideTerrainSize);

void main() {
    ivec2 v = ivec2(gl_GlobalInvocationID.xy); // (column, row)
    if (v.x >= kSize || v.y >= kSize) return;
    uint i = uint(v.y * kSize + v.x);
    uvec2 g = grid[i];
    precise float h = uintBitsToFloat(g.x);
    // sim::inWaveWindow: the engine's 33 x 33 window round the centre (windowHalf < 0: the grid),
    // in unsigned arithmetic (offset + half <= 2 half), which no centre can overflow.
    // Without short-circuits: a branch on push constants alone is one lavapipe would recompile the
    // shader for at every frame (shaders/shared.h, kGlideBindingFrame).
    uint span = uint(wave.windowHalf);
    bvec3 window = bvec3(wave.windowHalf < 0, uint(v.y) - uint(wave.centreRow) + span <= 2u * span,
                         uint(v.x) - uint(wave.centreColumn) + span <= 2u * span);
    bool inWindow = any(bvec2(window.x, all(window.yz)));
    if ((g.y & kTerrainInfoWaterVertex) != 0u && inWindow) {
        uint dr = uint(v.y) - uint(wave.centreRow), dc = uint(v.x) - uint(wave.centreColumn);
        uint spatial = ((dr * dr + dc * dc) * wave.frequency) & (kWaveTableSize - 1u);
        precise float phase = float(spatial) + wave.timePhase;
        if (phase >= float(kWaveTableSize)) phase -= float(kWaveTableSize);
        int k = clamp(int(phase), 0, int(kWaveTableSize) - 1);
        precise float f = phase - float(k);
        float a = sineTable[k], b = sineTable[(k + 1) & int(kWaveTableSize - 1u)];
        precise float s = a + (b - a) * f;
        precise float offset = wave.bias - s * wave.amplitude;
        h = h + offset;
    }
    height[i] = h;
}
