#pragma once
// Four of a placed mesh's vertices at once (soft_setup.cpp's instance loop): the transform to the
// scene frame, the normal, the Gouraud light (renderer::gouraudLight) and the projection, with
// SSE2 where the compiler targets it. Each lane does the scalar code's IEEE operations in the same
// order (no contraction, min and max with the scalar code's operand order), so the results are the
// same bits as one vertex at a time (docs/software.md "Speed"). Internal to renderer/soft/.

#include "renderer/soft/soft_internal.h"

#include <array>
#include <vector>

namespace rgx::renderer::soft::detail {

// What every vertex of one instance shares.
struct VertexStage {
    const Mat4* world = nullptr;
    const WorldLighting* lighting = nullptr;
    const std::vector<PointLight>* lights = nullptr; // those near the instance
    const std::array<float, 16>* viewProjection = nullptr;
    int width = 1, height = 1;
    float orthoDepth = 0;
};

// One vertex: its position and normal through the instance's world matrix, normalised, lit and
// projected into `out` (the scalar reference of litVertices4).
void litVertex(const VertexStage& stage, const scene::MeshVertex& v, Lit& out);

// Four vertices: litVertex of each, four lanes at a time where SSE2 is there.
void litVertices4(const VertexStage& stage, const scene::MeshVertex* const (&v)[4], Lit* const (&out)[4]);

// The vertex's clip position, light and, as its haze distance, its depth w along the view axis
// (what the fog is indexed by in both looks: renderer::FogModel).
// Written in place: a Lit returned by value was built on the stack in 4-byte stores and copied in
// 16-byte loads, which stall on every vertex (store forwarding fails).
[[gnu::always_inline]] inline void project(Lit& l, const std::array<float, 16>& m,
                                           const std::array<float, 3>& p, float light, int width, int height,
                                           float orthoDepth) {
    ClipVertex& c = l.clip;
    c.u = 0;
    c.v = 0;
    c.x = m[0] * p[0] + m[4] * p[1] + m[8] * p[2] + m[12];
    c.y = m[1] * p[0] + m[5] * p[1] + m[9] * p[2] + m[13];
    c.z = m[2] * p[0] + m[6] * p[1] + m[10] * p[2] + m[14];
    c.w = m[3] * p[0] + m[7] * p[1] + m[11] * p[2] + m[15];
    c.light = light;
    c.dist = c.w;
    // An orthographic camera has w = 1 everywhere: its depth along the view axis is z (0..1) over
    // the camera's depth range, for the draw order (a map has no fog).
    if (orthoDepth > 0) c.dist = c.z * orthoDepth;
    if (c.z >= 0)
        l.screen = toScreen(c, width, height); // in front: where toScreen puts it
    else
        l.screen = {};
}

} // namespace rgx::renderer::soft::detail
