#version 460
// The sky pass: one triangle that covers the target (no vertex buffer) at depth 1, so that the
// depth test keeps it where no opaque geometry is; glide_sky.frag finds each pixel's ray.
void main() {
    vec2 corner = vec2(float((gl_VertexIndex << 1) & 2), float(gl_VertexIndex & 2));
    gl_Position = vec4(corner * 2.0 - 1.0, 1.0, 1.0);
}
