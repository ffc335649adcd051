#version 460
// The Glide look, fragment stage: 32-bit texels from the texel buffer, bilinear filtering and
// wrapping done here (lavapipe has no descriptor indexing, so no sampler table), index 0 as
// cut-out, animated frames by time, the render mode's alpha, FOG.INI ramp towards world_fogrgb
// (Glide's fog table of w, anchored by the reference: fogTableIndex).
#include "shared.h"

layout(std430, set = 0, binding = kGlideBindingFrame) readonly buffer FrameBlock { GlideFrame frame; };
layout(std430, set = 0, binding = kGlideBindingMaterials) readonly buffer Materials { GlideMaterial materials[]; };
layout(std430, set = 0, binding = kGlideBindingTextures) readonly buffer Textures { GlideTexture textures[]; };
layout(std430, set = 0, binding = kGlideBindingTexels) readonly buffer Texels { uint texels[]; };

layout(location = 0) in vec2 inUv;
layout(location = 1) in vec3 inLight;
layout(location = 2) in float inDepth; // w (renderer::FogModel: the fog is indexed by it)
layout(location = 3) flat in uint inMaterial;
layout(location = 4) flat in uint inFlat;
layout(location = 0) out vec4 outColor;

vec4 tap(uint base, int w, int h, ivec2 p) {
    int x = ((p.x % w) + w) % w;
    int y = ((p.y % h) + h) % h;
    return unpackUnorm4x8(texels[base + uint(y * w + x)]);
}

// renderer::fogTableIndex: the fractional entry of Glide's fog table (entry i at
// w = 2^(3 + i/4) / (8 - i%4)) at a depth along the view axis, scaled by the reference's anchor
// (shared.h). renderer::FogModel is the same rule on the CPU, for the software look.
float fogTableIndex(float depth) {
    float anchorW = exp2(3.0 + float(kGlideFogAnchorIndex >> 2)) / float(8 - (kGlideFogAnchorIndex & 3));
    float w = depth * anchorW / kGlideFogAnchorDistance;
    if (!(w >= 1.0)) return 0.0;
    float k = floor(log2(w));
    float m = w / exp2(k);
    int j = clamp(int(floor(8.0 - 8.0 / m)), 0, 3);
    float lo = 8.0 / float(8 - j);
    float hi = j < 3 ? 8.0 / float(7 - j) : 2.0;
    return min(k * 4.0 + float(j) + clamp((m - lo) / (hi - lo), 0.0, 1.0), 63.0);
}

void main() {
    GlideMaterial m = materials[inMaterial];
    vec4 color = m.color;
    // A flat's world state may show another texture, or a fixed frame (GlideDrawInstance::flatState).
    uint flatTexture = inFlat & kGlideFlatTextureMask, flatFrame = inFlat >> kGlideFlatTextureBits;
    int textureIndex = flatTexture > 0u ? int(flatTexture) - 1 : m.textureIndex;
    if (textureIndex >= 0) {
        GlideTexture t = textures[textureIndex];
        uint frameIndex = 0u;
        if (flatFrame > 0u) frameIndex = (flatFrame - 1u) % max(t.frames, 1u);
        else if (t.frames > 1u && t.frameSeconds > 0.0) frameIndex = uint(floor(frame.params.x / t.frameSeconds)) % t.frames;
        uint base = t.offset + frameIndex * t.width * t.height;
        int w = int(t.width), h = int(t.height);
        vec2 st = inUv * vec2(w, h) - 0.5;
        ivec2 i0 = ivec2(floor(st));
        vec2 f = st - floor(st);
        vec4 a = tap(base, w, h, i0), b = tap(base, w, h, i0 + ivec2(1, 0));
        vec4 c = tap(base, w, h, i0 + ivec2(0, 1)), d = tap(base, w, h, i0 + ivec2(1, 1));
        color = mix(mix(a, b, f.x), mix(c, d, f.x), f.y);
        if (color.a < 0.5) discard;
        // Cut-out texels are stored as 0 (premultiplied): divide their weight back out so edges
        // keep the opaque neighbours' colour instead of darkening.
        color.rgb /= color.a;
        color.a = 1.0;
    }
    vec3 rgb = color.rgb * inLight;
    float alpha = 1.0;
    if (m.renderMode == kGlideModeTransparent) alpha = kGlideAlphaTransparent;
    else if (m.renderMode == kGlideModeWater) alpha = kGlideAlphaWater;
    if (frame.fogColor.w > 0.0) {
        float index = fogTableIndex(inDepth);
        int i0 = int(index), i1 = min(i0 + 1, 63);
        float fog = mix(frame.fogTable[i0 / 4][i0 % 4], frame.fogTable[i1 / 4][i1 % 4], index - float(i0));
        if (m.renderMode == kGlideModeBeam) rgb *= 1.0 - fog; // additive: fade out, not to the fog
        else rgb = mix(rgb, frame.fogColor.rgb, fog);
    }
    outColor = vec4(min(rgb, vec3(1.0)), alpha);
}
