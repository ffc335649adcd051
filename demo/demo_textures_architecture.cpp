// Architecture materials of TEXBSI.170: stone, walls, wood, plaster, roof tiles, glass, floor,
// door, rock.
#include "demo/demo_noise.h"
#include "demo/demo_textures_internal.h"

namespace rgx::demo::textures {

using noise::Canvas;
using noise::Field;
using noise::kOne;

namespace {

int clampv(int v) {
    return noise::clampi(v, 0, kOne - 1);
}

// Rough stones of uneven size set in dark mortar.
void roughStone(Canvas& c, std::uint32_t seed) {
    Field height(c.w, c.h);
    for (int y = 0; y < c.h; ++y)
        for (int x = 0; x < c.w; ++x) {
            const noise::Cell cell = noise::cellular(x, y, 16, c.w, c.h, seed, 170);
            // Stones bulge: highest in the middle, falling towards the mortar.
            height.at(x, y) = noise::clampi((cell.d2 - cell.d1) * 24, 0, kOne - 1) / 2 +
                              noise::fbm(x, y, 8, 3, c.w, c.h, seed ^ 0x51u) / 2;
        }
    for (int y = 0; y < c.h; ++y)
        for (int x = 0; x < c.w; ++x) {
            const noise::Cell cell = noise::cellular(x, y, 16, c.w, c.h, seed, 170);
            const int gap = cell.d2 - cell.d1;
            if (gap < 2 * 256) {
                c.put(x, y, Ramp::Stone, noise::ditherShade(gap * 32, 1, 4, x, y)); // mortar
                continue;
            }
            const int tone = static_cast<int>(cell.id % 7) * kOne / 20;
            c.put(x, y, Ramp::Stone,
                  noise::ditherShade(clampv(height.at(x, y) / 2 + tone + noise::emboss(height, x, y) * 4), 5,
                                     13, x, y));
        }
}

// Ashlar courses: 16-pixel rows of 32-pixel blocks, every other row offset by half a block.
void stoneWall(Canvas& c, std::uint32_t seed) {
    for (int y = 0; y < c.h; ++y)
        for (int x = 0; x < c.w; ++x) {
            const int row = y / 16, inRow = y % 16;
            const int shifted = x + (row % 2) * 16;
            const int block = noise::wrap(shifted, c.w) / 32, inBlock = noise::wrap(shifted, 32);
            if (inRow >= 14 || inBlock >= 30) {
                c.put(x, y, Ramp::Plaster,
                      noise::ditherShade(noise::fbm(x, y, 4, 2, c.w, c.h, seed), 3, 6, x, y));
                continue;
            }
            const int tone = static_cast<int>(noise::hash2(block, row, seed) % 6) * kOne / 16;
            int v = noise::fbm(x, y, 8, 4, c.w, c.h, seed ^ 0xA5u) / 2 + tone;
            // Chiselled edges: the top and left of each block catch the light, the bottom is in shade.
            if (inRow == 0 || inBlock == 0) v += kOne / 5;
            if (inRow == 13 || inBlock == 29) v -= kOne / 5;
            if (noise::hash2(x, y, seed ^ 0x77u) % 23 == 0) v -= kOne / 6; // pits
            c.put(x, y, Ramp::Stone, noise::ditherShade(clampv(v), 6, 13, x, y));
        }
}

// Long-grain wood: growth rings along x, bent by noise, with fine streaks along the grain (y).
int grain(int x, int y, int w, int h, std::uint32_t seed, int ringPx) {
    const int warp = noise::fbm(x, y, 16, 3, w, h, seed) * ringPx * 2 / kOne;
    const int ring = noise::triangle(x + warp, ringPx);
    const int streak = static_cast<int>(noise::hash2(x, y / 8, seed ^ 0x5Eu) & 0x3FFFu);
    return clampv(ring * 3 / 5 + streak + kOne / 8);
}

void wood(Canvas& c, std::uint32_t seed) {
    for (int y = 0; y < c.h; ++y)
        for (int x = 0; x < c.w; ++x) {
            int v = grain(x, y, c.w, c.h, seed, 8);
            // A knot: darker rings around one point.
            const int dx = noise::wrap(x - 40, c.w), dy = noise::wrap(y - 20, c.h);
            const int kx = dx > c.w / 2 ? dx - c.w : dx, ky = dy > c.h / 2 ? dy - c.h : dy;
            if (kx * kx * 4 + ky * ky < 40) v = v / 3;
            c.put(x, y, Ramp::Wood, noise::ditherShade(v, 4, 11, x, y));
        }
}

// Horizontal planks 8 pixels wide with grain along them, dark joints and nail heads.
void planks(Canvas& c, std::uint32_t seed) {
    for (int y = 0; y < c.h; ++y)
        for (int x = 0; x < c.w; ++x) {
            const int plank = y / 8, inPlank = y % 8;
            const int joint =
                static_cast<int>(noise::hash2(plank, 0, seed) % static_cast<std::uint32_t>(c.w));
            const int along = noise::wrap(x - joint, c.w);
            if (inPlank == 7 || along == 0) {
                c.put(x, y, Ramp::Wood, 1);
                continue;
            }
            if ((along == 3 || along == c.w - 3) && (inPlank == 2 || inPlank == 5)) {
                c.put(x, y, Ramp::Metal, 4); // nail
                continue;
            }
            const int tone = static_cast<int>(noise::hash2(plank, 1, seed) % 5) * kOne / 14;
            // Grain runs along x: sample the wood pattern with the axes swapped.
            const int v =
                grain(y * 2 + plank * 5, x, c.h * 2, c.w, seed ^ static_cast<std::uint32_t>(plank), 8);
            c.put(x, y, Ramp::Wood,
                  noise::ditherShade(clampv(v * 3 / 4 + tone - (inPlank == 0 ? 0 : kOne / 16)), 4, 11, x, y));
        }
}

void plaster(Canvas& c, std::uint32_t seed) {
    for (int y = 0; y < c.h; ++y)
        for (int x = 0; x < c.w; ++x) {
            const int base = noise::fbm(x, y, 32, 5, c.w, c.h, seed);
            const int chip = noise::fbm(x, y, 8, 3, c.w, c.h, seed ^ 0xC41Bu);
            if (chip > kOne * 80 / 100) {
                // Chipped plaster shows the stone behind it, with a dark lip.
                c.put(x, y, chip > kOne * 82 / 100 ? Ramp::Stone : Ramp::Plaster,
                      chip > kOne * 82 / 100 ? 8 : 7);
                continue;
            }
            int v = base * 2 / 3 + kOne / 4;
            if (noise::hash2(x, y, seed) % 9 == 0) v -= kOne / 10; // trowel grit
            c.put(x, y, Ramp::Plaster, noise::ditherShade(clampv(v), 9, 14, x, y));
        }
}

// Half-round clay tiles: 16-pixel rows of 16-pixel tiles, staggered, rounded by shading.
void roofTiles(Canvas& c, std::uint32_t seed) {
    for (int y = 0; y < c.h; ++y)
        for (int x = 0; x < c.w; ++x) {
            const int row = y / 16, inRow = y % 16;
            const int shifted = x + (row % 2) * 8;
            const int tile = noise::wrap(shifted, c.w) / 16, inTile = noise::wrap(shifted, 16);
            // Across a tile: bright crest in the middle, dark troughs at the sides.
            const int u = inTile * 2 - 15; // -15..15
            const int round = kOne - 1 - u * u * (kOne / 256);
            if (inRow >= 14) {
                c.put(x, y, Ramp::Roof, 1 + inRow - 14); // shadow under the next row's lip
                continue;
            }
            const int tone = static_cast<int>(noise::hash2(tile, row, seed) % 5) * kOne / 18;
            const int v =
                clampv(round * 2 / 3 + tone + noise::fbm(x, y, 8, 2, c.w, c.h, seed) / 8 - inRow * kOne / 90);
            c.put(x, y, Ramp::Roof, noise::ditherShade(v, 3, 13, x, y));
        }
}

// A leaded window: wooden frame, a cross of glazing bars, panes with a diagonal reflection.
void glass(Canvas& c, std::uint32_t seed) {
    for (int y = 0; y < c.h; ++y)
        for (int x = 0; x < c.w; ++x) {
            const bool frame = x < 2 || y < 2 || x >= c.w - 2 || y >= c.h - 2;
            const bool bar = (x == c.w / 2 || x == c.w / 2 - 1 || y == c.h / 2 || y == c.h / 2 - 1);
            if (frame) {
                c.put(x, y, Ramp::Wood, (x < 2 || y < 2) ? 7 : 4);
            } else if (bar) {
                c.put(x, y, Ramp::Metal, 5);
            } else {
                const int diag = noise::wrap(x + y, c.w / 2);
                int v = noise::fbm(x, y, 8, 2, c.w, c.h, seed) / 3 + kOne / 4 + y * kOne / (c.h * 3);
                if (diag >= 4 && diag <= 6) v += kOne / 2; // reflection streak
                c.put(x, y, Ramp::Glass, noise::ditherShade(clampv(v), 6, 14, x, y));
            }
        }
}

// Flagstones: big irregular slabs, some of warmer rock, with dark grout and worn centres.
void floorSlabs(Canvas& c, std::uint32_t seed) {
    for (int y = 0; y < c.h; ++y)
        for (int x = 0; x < c.w; ++x) {
            const noise::Cell cell = noise::cellular(x, y, 32, c.w, c.h, seed, 110);
            const int gap = cell.d2 - cell.d1;
            if (gap < 3 * 256 / 2) {
                c.put(x, y, Ramp::Stone, 2);
                continue;
            }
            const Ramp ramp = cell.id % 3 == 0 ? Ramp::Rock : Ramp::Stone;
            const int wear = noise::clampi(gap * 8, 0, kOne / 3);
            const int v = noise::fbm(x, y, 8, 3, c.w, c.h, seed ^ 0xF1u) / 2 + wear +
                          static_cast<int>(cell.id % 5) * kOne / 30;
            c.put(x, y, ramp, noise::ditherShade(clampv(v), 5, 12, x, y));
        }
}

// Planked door: vertical boards, two iron straps with rivets, a ring handle.
void door(Canvas& c, std::uint32_t seed) {
    const int strapA = c.h / 6, strapB = c.h - c.h / 6 - 4;
    for (int y = 0; y < c.h; ++y)
        for (int x = 0; x < c.w; ++x) {
            const int board = x / 8, inBoard = x % 8;
            const bool strap = (y >= strapA && y < strapA + 4) || (y >= strapB && y < strapB + 4);
            if (strap) {
                const bool rivet = inBoard == 4 && (y == strapA + 1 || y == strapB + 1);
                c.put(x, y, Ramp::Metal, rivet ? 12 : (y == strapA || y == strapB) ? 8 : 5);
                continue;
            }
            if (inBoard == 7) {
                c.put(x, y, Ramp::Wood, 1);
                continue;
            }
            const int tone = static_cast<int>(noise::hash2(board, 0, seed) % 4) * kOne / 12;
            const int v = grain(inBoard + board * 3, y, c.w, c.h, seed ^ 0xD0u, 4);
            c.put(x, y, Ramp::Wood, noise::ditherShade(clampv(v * 2 / 3 + tone), 3, 10, x, y));
        }
    // Ring handle on the right-hand board.
    const int cx = c.w * 3 / 4, cy = c.h / 2;
    for (int y = cy - 4; y <= cy + 4; ++y)
        for (int x = cx - 4; x <= cx + 4; ++x) {
            const int d2 = (x - cx) * (x - cx) + (y - cy) * (y - cy);
            if (d2 >= 6 && d2 <= 12) c.put(x, y, Ramp::Metal, y < cy ? 11 : 6);
        }
}

void rockFace(Canvas& c, std::uint32_t seed) {
    Field height(c.w, c.h);
    for (int y = 0; y < c.h; ++y)
        for (int x = 0; x < c.w; ++x)
            height.at(x, y) = noise::fbm(x, y, 32, 5, c.w, c.h, seed);
    for (int y = 0; y < c.h; ++y)
        for (int x = 0; x < c.w; ++x) {
            const noise::Cell cell = noise::cellular(x, y, 32, c.w, c.h, seed ^ 0x40u);
            if (cell.d2 - cell.d1 < 256) {
                c.put(x, y, Ramp::Rock, 2);
                continue;
            }
            const int v = height.at(x, y) / 2 + noise::emboss(height, x, y) * 8 + kOne / 4;
            c.put(x, y, Ramp::Rock, noise::ditherShade(clampv(v), 4, 13, x, y));
        }
}

} // namespace

Picture architecturePicture(Material material, std::uint32_t seed) {
    const TextureRef ref = materialTexture(material);
    Canvas c(ref.width, ref.height);
    switch (material) {
    case Material::Stone:
        roughStone(c, seed);
        break;
    case Material::StoneWall:
        stoneWall(c, seed);
        break;
    case Material::Wood:
        wood(c, seed);
        break;
    case Material::Plank:
        planks(c, seed);
        break;
    case Material::Plaster:
        plaster(c, seed);
        break;
    case Material::RoofTile:
        roofTiles(c, seed);
        break;
    case Material::Glass:
        glass(c, seed);
        break;
    case Material::Floor:
        floorSlabs(c, seed);
        break;
    case Material::Door:
        door(c, seed);
        break;
    default:
        rockFace(c, seed);
        break;
    }
    Picture p;
    p.width = c.w;
    p.height = c.h;
    p.frames.push_back(std::move(c.px));
    return p;
}

} // namespace rgx::demo::textures
