#version 460
// The Glide look, fragment stage: 32-bit texels from the texel buffer, bilinear filtering and
// wrapping done here (lavapipe has no descriptor indexing, so no sampler table), index 0 as
// cut-out, animated frames by time, the render mode's alpha, FOG.INI ramp towards world_fogrgb.
#include "shared.h"

layout(set = 0, binding = kGlideBindingFrame) uniform FrameBlock { GlideFrame frame; };
layout(std430, set = 0, binding = kGlideBindingMaterials) readonly buffer Materials { GlideMaterial materials[]; };
layout(std430, set = 0, binding = kGlideBindingTextures) readonly buffer Textures { GlideTexture textures[]; };
layout(std430, set = 0, binding = kGlideBindingTexels) readonly buffer Texels { uint texels[]; };

layout(location = 0) in vec2 inUv;
layout(location = 1) in vec3 inLight;
layout(location = 2) in float inDistance;
layout(location = 3) flat in uint inMaterial;
layout(location = 0) out vec4 outColor;

vec4 tap(uint base, int w, int h, ivec2 p) {
    int x = ((p.x % w) + w) % w;
    int y = ((p.y % h) + h) % h;
    return unpackUnorm4x8(texels[base + uint(y * w + x)]);
}

void main() {
    GlideMaterial m = materials[inMaterial];
    vec4 color = m.color;
    if (m.textureIndex >= 0) {
        GlideTexture t = textures[m.textureIndex];
        uint frameIndex = 0u;
        if (t.frames > 1u && t.frameSeconds > 0.0) frameIndex = uint(floor(frame.params.x / t.frameSeconds)) % t.frames;
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
        int band = clamp(int(inDistance / frame.params.z * 64.0), 0, 63);
        float fog = frame.fogTable[band / 4][band % 4];
        if (m.renderMode == kGlideModeBeam) rgb *= 1.0 - fog; // additive: fade out, not to the fog
        else rgb = mix(rgb, frame.fogColor.rgb, fog);
    }
    outColor = vec4(min(rgb, vec3(1.0)), alpha);
}
