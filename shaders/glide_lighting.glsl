// Gouraud lighting of the Glide look (renderer/glide/glide_environment.h has the formula): included by
// the vertex shaders after the FrameBlock declaration.
// pointLights false: the sun and the ambient light only (the terrain: no MPSL light reaches it).
vec3 gouraud(vec3 p, vec3 n, bool pointLights) {
    vec3 light = frame.ambient.rgb + frame.sunColor.rgb * max(dot(n, frame.sunDirection.xyz), 0.0);
    int count = pointLights ? int(frame.params.w) : 0;
    for (int i = 0; i < count; ++i) {
        vec3 d = frame.lights[i].positionRadius.xyz - p;
        float dist = length(d);
        float falloff = clamp(1.0 - dist / frame.lights[i].positionRadius.w, 0.0, 1.0);
        // renderer::LightKind: a point light faces the surface towards it, an ambient one lights
        // every side, a directional one along its direction vector.
        float kind = frame.lights[i].toLight.w;
        float lambert = 1.0;
        if (kind == kGlideLightPoint) lambert = dist > 0.0 ? max(dot(n, d / dist), 0.0) : 1.0;
        else if (kind == kGlideLightDirectional) lambert = max(dot(n, frame.lights[i].toLight.xyz), 0.0);
        light += frame.lights[i].color.rgb * falloff * lambert;
    }
    // Clamped before it multiplies the texel: the reference's per-vertex RGB "clamped to [0, 255]".
    return clamp(light, 0.0, 1.0);
}
