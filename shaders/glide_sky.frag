#version 460
// The Glide look's sky (renderer/sky/sky.h has the rules and the CPU twin of every mapping here):
// the GXA panorama on a cylinder round the eye, the BSI cloud square overhead, the sun billboard,
// each filtered bilinearly like the Glide look's textures (index 0 cut out), layered in that order
// over the background fill; the clouds fade out towards their square's edge (renderer::cloudFade),
// blended over the fill by the pipeline. Pixels no layer covers are discarded: the fill shows.
#include "shared.h"

layout(std430, set = 0, binding = kGlideBindingFrame) readonly buffer FrameBlock { GlideFrame frame; };
layout(std430, set = 0, binding = kGlideBindingTextures) readonly buffer Textures { GlideTexture textures[]; };
layout(std430, set = 0, binding = kGlideBindingTexels) readonly buffer Texels { uint texels[]; };

layout(location = 0) out vec4 outColor;

const float kPi = 3.14159265358979;

// Every layer's coordinates are inside the image before filtering, so a tap is at most one texel
// outside: a wrap is one comparison (no integer division, which the CPU drivers run lane by lane).
int wrapOnce(int p, int n) {
    return p < 0 ? p + n : (p >= n ? p - n : p);
}

vec4 tap(GlideTexture t, ivec2 p, bool wrapX, bool wrapY) {
    int w = int(t.width), h = int(t.height);
    int x = wrapX ? clamp(wrapOnce(p.x, w), 0, w - 1) : clamp(p.x, 0, w - 1);
    int y = wrapY ? clamp(wrapOnce(p.y, h), 0, h - 1) : clamp(p.y, 0, h - 1);
    return unpackUnorm4x8(texels[t.offset + uint(y * w + x)]);
}

// The texel coordinates st (texels from the top-left corner) filtered, with index 0 cut out as in
// glide.frag: alpha 0 (transparent) or 1 with the opaque neighbours' colour.
vec4 sampleLayer(int index, vec2 st, bool wrapX, bool wrapY) {
    GlideTexture t = textures[index];
    vec2 p = st - 0.5;
    ivec2 i0 = ivec2(floor(p));
    vec2 f = p - floor(p);
    vec4 a = tap(t, i0, wrapX, wrapY), b = tap(t, i0 + ivec2(1, 0), wrapX, wrapY);
    vec4 c = tap(t, i0 + ivec2(0, 1), wrapX, wrapY), d = tap(t, i0 + ivec2(1, 1), wrapX, wrapY);
    vec4 color = mix(mix(a, b, f.x), mix(c, d, f.x), f.y);
    if (color.a < 0.5) return vec4(0.0);
    return vec4(color.rgb / color.a, 1.0);
}

void main() {
    GlideSky sky = frame.sky;
    vec2 ndc = gl_FragCoord.xy / vec2(sky.rayForward.w, sky.rayRight.w) * 2.0 - 1.0;
    vec3 ray = sky.rayForward.xyz + sky.rayRight.xyz * ndc.x + sky.rayDown.xyz * ndc.y;
    vec4 color = vec4(0.0);

    // renderer::panoramaTexel
    if (sky.panorama >= 0) {
        GlideTexture t = textures[sky.panorama];
        float horizontal = length(ray.xz);
        if (ray.y >= 0.0 && (horizontal > 0.0 || ray.y > 0.0)) {
            float u = atan(ray.x, -ray.z) / (2.0 * kPi);
            u -= floor(u);
            float rowsUp = atan(ray.y, horizontal) * float(t.width) / (2.0 * kPi);
            vec2 st = vec2(u * float(t.width), float(t.height) - rowsUp);
            vec4 c = sampleLayer(sky.panorama, st, true, false);
            if (c.a > 0.0) color = c;
        }
    }
    // renderer::cloudTexel
    if (sky.clouds >= 0 && ray.y > 0.0 && sky.cloud.y > 0.0 && sky.cloud.x > 0.0) {
        GlideTexture t = textures[sky.clouds];
        vec2 hit = ray.xz * (sky.cloud.y / ray.y);
        float half_ = sky.cloud.x * 0.5;
        if (abs(hit.x) <= half_ && abs(hit.y) <= half_) {
            float u = (hit.x + half_ - sky.cloud.z) / sky.cloud.x;
            u -= floor(u);
            float v = min((hit.y + half_) / sky.cloud.x, 1.0);
            // Stretched once across the square: x wraps (the scroll), y is clamped at its edges.
            vec4 c = sampleLayer(sky.clouds, vec2(u * float(t.width), v * float(t.height)), true, false);
            // renderer::cloudFade: blended over the panorama, or over the fill (the pipeline blends).
            float r = length(hit);
            float fade = r < half_ ? clamp((half_ - r) / (half_ * (1.0 - kSkyCloudFadeStart)), 0.0, 1.0) : 0.0;
            if (c.a > 0.0 && fade > 0.0)
                color = color.a > 0.0 ? vec4(mix(color.rgb, c.rgb, fade), 1.0) : vec4(c.rgb, fade);
        }
    }
    // renderer::sunTexel
    if (sky.sun >= 0 && sky.sunDirection.w > 0.0) {
        GlideTexture t = textures[sky.sun];
        float along = dot(ray, sky.sunDirection.xyz);
        if (along > 0.0) {
            vec2 st = vec2(dot(ray, sky.sunRight.xyz), -dot(ray, sky.sunUp.xyz)) / along / sky.sunDirection.w +
                      vec2(t.width, t.height) * 0.5;
            if (st.x >= 0.0 && st.x < float(t.width) && st.y >= 0.0 && st.y < float(t.height)) {
                vec4 c = sampleLayer(sky.sun, st, false, false);
                if (c.a > 0.0) color = vec4(c.rgb * sky.sunTint.rgb, 1.0);
            }
        }
    }
    if (color.a == 0.0) discard;
    outColor = vec4(min(color.rgb, vec3(1.0)), color.a);
}
