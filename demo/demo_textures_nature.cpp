// Nature and people materials of TEXBSI.171: palm bark and leaves, cloth, skin, hair, metal,
// rope, the animated water surface and the lighthouse beam.
#include "demo/demo_noise.h"
#include "demo/demo_textures_internal.h"

namespace rgx::demo::textures {

using noise::Canvas;
using noise::kOne;

namespace {

int clampv(int v) {
    return noise::clampi(v, 0, kOne - 1);
}

// Light across a cylinder seen side on: 1 in the middle column, falling towards both edges.
int cylinder(int x, int w) {
    const int u = (2 * x + 1 - w) * 256 / w; // -255..255
    return clampv(kOne - 1 - u * u);
}

// Palm trunk: stacked rings of old leaf bases, rounded by light across the trunk.
void palmBark(Canvas& c, std::uint32_t seed) {
    for (int y = 0; y < c.h; ++y)
        for (int x = 0; x < c.w; ++x) {
            const int ring = y % 8;
            // Each ring is a scale that overhangs the next: lit on top, shadowed underneath.
            const int scale = ring == 0 ? -kOne / 3 : ring == 1 ? kOne / 5 : -ring * kOne / 60;
            const int fibre = static_cast<int>(noise::hash2(x, y / 3, seed) & 0x1FFFu);
            const int v = cylinder(x, c.w) / 2 + scale + fibre + noise::fbm(x, y, 16, 3, c.w, c.h, seed) / 6;
            c.put(x, y, Ramp::Wood, noise::ditherShade(clampv(v), 3, 10, x, y));
        }
}

// One palm frond: a rib up the middle, leaflets slanting up and out, index 0 between them.
void palmLeaves(Canvas& c, std::uint32_t seed) {
    const int mid = c.w / 2;
    for (int y = 0; y < c.h; ++y) {
        // Widest halfway, narrow at the tip (top) and the stem (bottom).
        const int along = c.h - 1 - y; // 0 at the stem
        const int half = 2 + along * (c.h - along) * 4 * (mid - 3) / (c.h * c.h);
        for (int x = 0; x < c.w; ++x) {
            const int ax = x < mid ? mid - 1 - x : x - mid;
            if (ax <= 0) {
                c.put(x, y, Ramp::Wood, 9); // rib
                continue;
            }
            const int slant = y + ax * 3 / 4; // leaflets rise towards their tips
            const int leaflet = slant / 5;
            const int ragged = static_cast<int>(noise::hash2(leaflet, x < mid ? 0 : 1, seed) % 7);
            if (slant % 5 == 4 || ax > half - ragged) continue; // gap: transparent
            // Lighter along each leaflet's midline, darker at its edges and towards its tip.
            const int edge = slant % 5 == 0 || slant % 5 == 3;
            const int v = kOne * 3 / 4 - (edge ? kOne / 4 : 0) - ax * kOne / (c.w * 2) +
                          static_cast<int>(noise::hash2(x, y, seed ^ 0x1Eu) & 0x1FFFu);
            c.put(x, y, Ramp::Foliage, noise::ditherShade(clampv(v), 3, 12, x, y));
        }
    }
}

// Woven cloth: a 2x2 basket weave with two darker stripes.
void cloth(Canvas& c, std::uint32_t seed) {
    for (int y = 0; y < c.h; ++y)
        for (int x = 0; x < c.w; ++x) {
            const bool over = ((x / 2) + (y / 2)) % 2 == 0;
            const bool stripe = (x % 16) >= 11 && (x % 16) <= 13;
            int v = kOne / 2 + (over ? kOne / 8 : -kOne / 8) + noise::fbm(x, y, 8, 3, c.w, c.h, seed) / 4 -
                    kOne / 8;
            if (stripe) v -= kOne / 4;
            c.put(x, y, Ramp::Cloth, noise::ditherShade(clampv(v), 4, 12, x, y));
        }
}

void skin(Canvas& c, std::uint32_t seed) {
    for (int y = 0; y < c.h; ++y)
        for (int x = 0; x < c.w; ++x) {
            const int v = noise::fbm(x, y, 16, 3, c.w, c.h, seed) / 3 + kOne / 3;
            c.put(x, y, Ramp::Skin, noise::ditherShade(v, 6, 12, x, y));
        }
}

// Dark hair: strands along y, a sheen band across the middle.
void hair(Canvas& c, std::uint32_t seed) {
    for (int y = 0; y < c.h; ++y)
        for (int x = 0; x < c.w; ++x) {
            const int strand = static_cast<int>(noise::hash2(x, y / 6, seed) & 0x7FFFu);
            const int sheen = y > c.h / 3 && y < c.h / 2 ? kOne / 5 : 0;
            const int v = strand + sheen + noise::fbm(x, y, 8, 2, c.w, c.h, seed ^ 0x4Au) / 4;
            c.put(x, y, Ramp::Wood, noise::ditherShade(clampv(v), 1, 6, x, y));
        }
}

// Brushed metal plate: horizontal streaks and four rivets.
void metal(Canvas& c, std::uint32_t seed) {
    for (int y = 0; y < c.h; ++y)
        for (int x = 0; x < c.w; ++x) {
            const int streak = static_cast<int>(noise::hash2(x / 8, y, seed) & 0x3FFFu) +
                               static_cast<int>(noise::hash2(x / 3, y, seed ^ 0x3u) & 0xFFFu);
            const int v = kOne / 3 + streak + noise::fbm(x, y, 16, 2, c.w, c.h, seed ^ 0x9u) / 4;
            c.put(x, y, Ramp::Metal, noise::ditherShade(clampv(v), 6, 11, x, y));
        }
    for (int cy : {4, c.h - 5})
        for (int cx : {4, c.w - 5}) {
            c.put(cx - 1, cy - 1, Ramp::Metal, 14);
            c.put(cx, cy - 1, Ramp::Metal, 12);
            c.put(cx - 1, cy, Ramp::Metal, 12);
            c.put(cx, cy, Ramp::Metal, 8);
            c.put(cx + 1, cy + 1, Ramp::Metal, 3);
            c.put(cx, cy + 1, Ramp::Metal, 4);
            c.put(cx + 1, cy, Ramp::Metal, 4);
        }
}

// Twisted rope: strands run diagonally, with dark grooves between them.
void rope(Canvas& c, std::uint32_t seed) {
    for (int y = 0; y < c.h; ++y)
        for (int x = 0; x < c.w; ++x) {
            // One strand every 16 px along the twist; 16 divides the 2 * 64 of a full image height, so the
            // twist meets itself where the rope repeats.
            const int twist = noise::wrap(x + y * 2, 16);
            const int strandLight = noise::triangle(twist * 2 + 1, 16 * 2);
            int v = cylinder(x, c.w) / 2 + strandLight / 2;
            if (twist == 0 || twist == 15) v = v / 4;
            v += static_cast<int>(noise::hash2(x, y, seed) & 0xFFFu);
            c.put(x, y, Ramp::Sand, noise::ditherShade(clampv(v), 3, 11, x, y));
        }
}

// A shaft of light: brightest along its axis and near the lamp (top), soft at the edges. Drawn
// translucent (render mode 0x5A), so the low Fire shades at the edges add almost nothing.
void beam(Canvas& c) {
    for (int y = 0; y < c.h; ++y)
        for (int x = 0; x < c.w; ++x) {
            const int across = cylinder(x, c.w);
            const int glow = static_cast<int>(static_cast<std::int64_t>(across) * across / kOne);
            const int fade = kOne - 1 - y * (kOne / 2) / c.h;
            c.put(x, y, Ramp::Fire,
                  noise::ditherShade(static_cast<int>(static_cast<std::int64_t>(glow) * fade / kOne), 9, 15,
                                     x, y));
        }
}

} // namespace

Picture naturePicture(Material material, std::uint32_t seed) {
    const TextureRef ref = materialTexture(material);
    if (material == Material::WaterSurface) {
        Picture p = waterPicture(ref.width, ref.height, 8, kOpenWater, seed, seed);
        p.texScale = 512; // the plane is large: repeat the ripples twice as often
        return p;
    }
    Canvas c(ref.width, ref.height);
    switch (material) {
    case Material::PalmBark:
        palmBark(c, seed);
        break;
    case Material::PalmLeaves:
        palmLeaves(c, seed);
        break;
    case Material::Cloth:
        cloth(c, seed);
        break;
    case Material::Skin:
        skin(c, seed);
        break;
    case Material::Hair:
        hair(c, seed);
        break;
    case Material::Metal:
        metal(c, seed);
        break;
    case Material::Rope:
        rope(c, seed);
        break;
    default:
        beam(c);
        break;
    }
    Picture p;
    p.width = c.w;
    p.height = c.h;
    p.frames.push_back(std::move(c.px));
    return p;
}

} // namespace rgx::demo::textures
