#include "renderer/soft/vertex_batch.h"

#include <cmath>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

namespace rgx::renderer::soft::detail {

void litVertex(const VertexStage& s, const scene::MeshVertex& v, Lit& out) {
    const auto& m = s.world->m;
    std::array<float, 3> wp, wn;
    for (int r = 0; r < 3; ++r) {
        wp[r] = static_cast<float>(m[r][0] * v.position[0] + m[r][1] * v.position[1] +
                                   m[r][2] * v.position[2] + m[r][3]);
        wn[r] = static_cast<float>(m[r][0] * v.normal[0] + m[r][1] * v.normal[1] + m[r][2] * v.normal[2]);
    }
    const float len = std::sqrt(wn[0] * wn[0] + wn[1] * wn[1] + wn[2] * wn[2]);
    wn =
        len > 0 ? std::array<float, 3>{wn[0] / len, wn[1] / len, wn[2] / len} : std::array<float, 3>{0, 1, 0};
    project(out, *s.viewProjection, wp, lightValue(gouraudLight(*s.lighting, *s.lights, wp, wn)) * v.light,
            s.width, s.height, s.orthoDepth);
}

#if defined(__SSE2__)

namespace {

// Lanes of `a` where mask is set, else of `b`.
inline __m128 select(__m128 mask, __m128 a, __m128 b) {
    return _mm_or_ps(_mm_and_ps(mask, a), _mm_andnot_ps(mask, b));
}
// std::max(x, 0.0f), (x < 0) ? 0 : x: maxps returns its second operand unless the first is greater,
// so NaN and -0 stay as the scalar code leaves them.
inline __m128 maxZero(__m128 x) {
    return _mm_max_ps(_mm_setzero_ps(), x);
}
// std::clamp(x, 0.0f, 1.0f): (x < 0) ? 0 : (1 < x) ? 1 : x.
inline __m128 clampUnit(__m128 x) {
    return _mm_min_ps(_mm_set1_ps(1.0f), maxZero(x));
}
// a0 * b0 + a1 * b1 + a2 * b2, left to right.
inline __m128 dot3(__m128 a0, __m128 a1, __m128 a2, float b0, float b1, float b2) {
    return _mm_add_ps(_mm_add_ps(_mm_mul_ps(a0, _mm_set1_ps(b0)), _mm_mul_ps(a1, _mm_set1_ps(b1))),
                      _mm_mul_ps(a2, _mm_set1_ps(b2)));
}
inline __m128d low(__m128 x) {
    return _mm_cvtps_pd(x);
}
inline __m128d high(__m128 x) {
    return _mm_cvtps_pd(_mm_movehl_ps(x, x));
}
inline __m128 narrow(__m128d a, __m128d b) {
    return _mm_movelh_ps(_mm_cvtpd_ps(a), _mm_cvtpd_ps(b));
}

} // namespace

void litVertices4(const VertexStage& s, const scene::MeshVertex* const (&v)[4], Lit* const (&out)[4]) {
    const auto& m = s.world->m;
    __m128 p[3], n[3];
    for (int c = 0; c < 3; ++c) {
        p[c] = _mm_setr_ps(v[0]->position[c], v[1]->position[c], v[2]->position[c], v[3]->position[c]);
        n[c] = _mm_setr_ps(v[0]->normal[c], v[1]->normal[c], v[2]->normal[c], v[3]->normal[c]);
    }
    // The world matrix in double, the results narrowed to float, as the scalar code.
    __m128 wp[3], wn[3];
    for (int r = 0; r < 3; ++r) {
        const __m128d m0 = _mm_set1_pd(m[r][0]), m1 = _mm_set1_pd(m[r][1]), m2 = _mm_set1_pd(m[r][2]),
                      m3 = _mm_set1_pd(m[r][3]);
        const auto dir = [&](__m128d a, __m128d b, __m128d c) {
            return _mm_add_pd(_mm_add_pd(_mm_mul_pd(m0, a), _mm_mul_pd(m1, b)), _mm_mul_pd(m2, c));
        };
        wp[r] = narrow(_mm_add_pd(dir(low(p[0]), low(p[1]), low(p[2])), m3),
                       _mm_add_pd(dir(high(p[0]), high(p[1]), high(p[2])), m3));
        wn[r] = narrow(dir(low(n[0]), low(n[1]), low(n[2])), dir(high(n[0]), high(n[1]), high(n[2])));
    }
    const __m128 len = _mm_sqrt_ps(
        _mm_add_ps(_mm_add_ps(_mm_mul_ps(wn[0], wn[0]), _mm_mul_ps(wn[1], wn[1])), _mm_mul_ps(wn[2], wn[2])));
    const __m128 positive = _mm_cmpgt_ps(len, _mm_setzero_ps());
    for (int c = 0; c < 3; ++c)
        wn[c] = select(positive, _mm_div_ps(wn[c], len), _mm_set1_ps(c == 1 ? 1.0f : 0.0f));

    // renderer::gouraudLight.
    const WorldLighting& env = *s.lighting;
    const __m128 sun =
        maxZero(dot3(wn[0], wn[1], wn[2], env.sunDirection[0], env.sunDirection[1], env.sunDirection[2]));
    __m128 light[3];
    for (int c = 0; c < 3; ++c)
        light[c] = _mm_add_ps(_mm_set1_ps(env.ambient[c]), _mm_mul_ps(_mm_set1_ps(env.sunColor[c]), sun));
    for (const PointLight& l : *s.lights) {
        const __m128 dx = _mm_sub_ps(_mm_set1_ps(l.position[0]), wp[0]);
        const __m128 dy = _mm_sub_ps(_mm_set1_ps(l.position[1]), wp[1]);
        const __m128 dz = _mm_sub_ps(_mm_set1_ps(l.position[2]), wp[2]);
        const __m128 distSq =
            _mm_add_ps(_mm_add_ps(_mm_mul_ps(dx, dx), _mm_mul_ps(dy, dy)), _mm_mul_ps(dz, dz));
        const __m128 reach = _mm_cmplt_ps(distSq, _mm_set1_ps(l.radius * l.radius));
        if (_mm_movemask_ps(reach) == 0) continue;
        const __m128 dist = _mm_sqrt_ps(distSq);
        const __m128 falloff =
            clampUnit(_mm_sub_ps(_mm_set1_ps(1.0f), _mm_div_ps(dist, _mm_set1_ps(l.radius))));
        // Skipped where falloff <= 0 (not where it is NaN, as the scalar test reads).
        const __m128 active = _mm_and_ps(reach, _mm_cmpnle_ps(falloff, _mm_setzero_ps()));
        __m128 lambert = _mm_set1_ps(1.0f); // LightKind::Ambient
        if (l.kind == LightKind::Point) {
            const __m128 along =
                _mm_add_ps(_mm_add_ps(_mm_mul_ps(wn[0], dx), _mm_mul_ps(wn[1], dy)), _mm_mul_ps(wn[2], dz));
            lambert = select(_mm_cmpgt_ps(dist, _mm_setzero_ps()), maxZero(_mm_div_ps(along, dist)), lambert);
        } else if (l.kind == LightKind::Directional) {
            lambert = maxZero(dot3(wn[0], wn[1], wn[2], l.toLight[0], l.toLight[1], l.toLight[2]));
        }
        for (int c = 0; c < 3; ++c) {
            const __m128 add = _mm_mul_ps(_mm_mul_ps(_mm_set1_ps(l.color[c]), falloff), lambert);
            light[c] = select(active, _mm_add_ps(light[c], add), light[c]);
        }
    }
    // lightValue of the clamped colour, times the vertex's own shade (scene::MeshVertex::light).
    const __m128 value =
        _mm_mul_ps(_mm_add_ps(_mm_add_ps(_mm_mul_ps(_mm_set1_ps(0.299f), clampUnit(light[0])),
                                         _mm_mul_ps(_mm_set1_ps(0.587f), clampUnit(light[1]))),
                              _mm_mul_ps(_mm_set1_ps(0.114f), clampUnit(light[2]))),
                   _mm_setr_ps(v[0]->light, v[1]->light, v[2]->light, v[3]->light));

    // project.
    const std::array<float, 16>& vp = *s.viewProjection;
    const auto row = [&](int r) {
        return _mm_add_ps(dot3(wp[0], wp[1], wp[2], vp[static_cast<std::size_t>(r)],
                               vp[static_cast<std::size_t>(r + 4)], vp[static_cast<std::size_t>(r + 8)]),
                          _mm_set1_ps(vp[static_cast<std::size_t>(r + 12)]));
    };
    const __m128 cx = row(0), cy = row(1), cz = row(2), cw = row(3);
    const __m128 dist = s.orthoDepth > 0 ? _mm_mul_ps(cz, _mm_set1_ps(s.orthoDepth)) : cw;
    const __m128 invW = _mm_and_ps(_mm_cmpneq_ps(cw, _mm_setzero_ps()), _mm_div_ps(_mm_set1_ps(1.0f), cw));
    const __m128 half = _mm_set1_ps(0.5f);
    const __m128 sx = _mm_mul_ps(_mm_add_ps(_mm_mul_ps(_mm_mul_ps(cx, invW), half), half),
                                 _mm_set1_ps(static_cast<float>(s.width)));
    const __m128 sy = _mm_mul_ps(_mm_add_ps(_mm_mul_ps(_mm_mul_ps(cy, invW), half), half),
                                 _mm_set1_ps(static_cast<float>(s.height)));
    const __m128 sz = _mm_mul_ps(cz, invW);
    const int front = _mm_movemask_ps(_mm_cmpge_ps(cz, _mm_setzero_ps())); // z >= 0: in front
    alignas(16) float lane[10][4];
    const __m128 all[10] = {cx, cy, cz, cw, value, dist, sx, sy, sz, invW};
    for (int k = 0; k < 10; ++k)
        _mm_store_ps(lane[k], all[k]);
    for (int i = 0; i < 4; ++i) {
        Lit& l = *out[i];
        l.clip = ClipVertex{lane[0][i], lane[1][i], lane[2][i], lane[3][i], 0, 0, lane[4][i], lane[5][i]};
        if ((front >> i) & 1)
            l.screen =
                RasterVertex{lane[6][i], lane[7][i], lane[8][i], lane[9][i], 0, 0, lane[4][i], lane[5][i]};
        else
            l.screen = {};
    }
}

#else

void litVertices4(const VertexStage& s, const scene::MeshVertex* const (&v)[4], Lit* const (&out)[4]) {
    for (int i = 0; i < 4; ++i)
        litVertex(s, *v[i], *out[i]);
}

#endif

} // namespace rgx::renderer::soft::detail
