// Surfaces of the ARCH3D models (walls, roofs, doors, floors, dungeon stone) and the ground set
// TEXTURE.302: 64 x 64, tileable, every texel visible.
#include "demo/daggerfall/catalog.h"
#include "demo/daggerfall/paint.h"
#include "demo/daggerfall/parts.h"

#include <algorithm>

namespace rgx::demo::daggerfall {

using namespace paint;

namespace {

constexpr int kSide = 64;

// Plaster between dark timber beams: a frame, a post in the middle and two braces.
void timberFrame(Canvas& c, std::uint32_t seed) {
    fillNoise(c, 0, 0, kSide, kSide, Ramp::Plaster, 9, 13, 16, seed);
    auto beam = [&](int x, int y) {
        plot(c, x, y, Ramp::Wood, 3 + static_cast<int>(noise::hash2(x, y, seed) % 3));
    };
    for (int i = 0; i < kSide; ++i)
        for (int t = 0; t < 4; ++t) {
            beam(i, t), beam(i, kSide - 1 - t); // top and bottom rails
            beam(t, i), beam(kSide / 2 - 2 + t, i);
        }
    for (int i = 4; i < kSide - 4; ++i) // braces from the bottom corners to the middle post
        for (int t = 0; t < 3; ++t) {
            beam(4 + (i - 4) * (kSide / 2 - 6) / (kSide - 8) + t, kSide - 1 - i);
            beam(kSide - 5 - (i - 4) * (kSide / 2 - 6) / (kSide - 8) - t, kSide - 1 - i);
        }
}

void timberWindows(Canvas& c, std::uint32_t seed) {
    fillNoise(c, 0, 0, kSide, kSide, Ramp::Plaster, 9, 13, 16, seed);
    for (int i = 0; i < kSide; ++i)
        for (int t = 0; t < 4; ++t) {
            plot(c, i, t, Ramp::Wood, 4), plot(c, i, kSide - 1 - t, Ramp::Wood, 4);
            plot(c, t, i, Ramp::Wood, 4), plot(c, kSide - 1 - t, i, Ramp::Wood, 3);
        }
    window(c, 12, 16, 28, 44);
    window(c, 36, 16, 52, 44);
}

void roofTiles(Canvas& c, std::uint32_t seed) {
    for (int y = 0; y < kSide; ++y) {
        const int row = y / 8, inRow = y % 8;
        for (int x = 0; x < kSide; ++x) {
            const int shift = (row % 2) * 4, tile = (x + shift) / 8, inTile = (x + shift) % 8;
            // Each tile is rounded: darker at its sides and towards its lower edge.
            const int curve = std::abs(inTile * 2 - 7) * kOne / 20;
            const int tone = static_cast<int>(noise::hash2(tile, row, seed) % 4) * kOne / 12;
            int v = kOne * 3 / 4 - curve - inRow * kOne / 24 + tone;
            if (inRow == 7) v = kOne / 10;
            plot(c, x, y, Ramp::Roof, noise::ditherShade(clampv(v), 2, 12, x, y));
        }
    }
}

void shingles(Canvas& c, std::uint32_t seed) {
    for (int y = 0; y < kSide; ++y) {
        const int row = y / 8, inRow = y % 8;
        for (int x = 0; x < kSide; ++x) {
            const int width = 6 + static_cast<int>(noise::hash2(row, 1, seed) % 4);
            const int shingle = (x + row * 3) / width, inShingle = (x + row * 3) % width;
            const int tone = static_cast<int>(noise::hash2(shingle, row, seed) % 5) * kOne / 10;
            int v = kOne / 3 + tone - inRow * kOne / 30;
            if (inRow == 7 || inShingle == 0) v = 0;
            plot(c, x, y, Ramp::Wood, noise::ditherShade(clampv(v), 2, 9, x, y));
        }
    }
}

void door(Canvas& c, bool banded, std::uint32_t seed) {
    planks(c, 0, 0, kSide, kSide, 8, false, 4, 9, seed);
    if (banded)
        for (int band : {12, 48})
            for (int y = band; y < band + 5; ++y)
                for (int x = 0; x < kSide; ++x)
                    plot(c, x, y, Ramp::Metal, (y == band || (x % 8 == 4 && y == band + 2)) ? 11 : 5);
    ellipse(c, 52, 34, 2, 2, Ramp::Metal, 6, 13); // the ring
    for (int i = 0; i < kSide; ++i)
        plot(c, i, 0, Ramp::Wood, 2), plot(c, 0, i, Ramp::Wood, 2), plot(c, kSide - 1, i, Ramp::Wood, 2);
}

// Lower half wood panelling, upper half plaster, a rail between them.
void tavernPanel(Canvas& c, std::uint32_t seed) {
    fillNoise(c, 0, 0, kSide, kSide / 2, Ramp::Plaster, 8, 12, 16, seed);
    planks(c, 0, kSide / 2, kSide, kSide, 16, false, 4, 8, seed ^ 3u);
    for (int x = 0; x < kSide; ++x)
        for (int y = kSide / 2 - 3; y < kSide / 2 + 1; ++y)
            plot(c, x, y, Ramp::Wood, y == kSide / 2 - 3 ? 8 : 4);
}

// Plaster between heavy beams running along x.
void beamedCeiling(Canvas& c, Ramp plaster, std::uint32_t seed) {
    fillNoise(c, 0, 0, kSide, kSide, plaster, 7, 11, 16, seed);
    planks(c, 0, 0, kSide, 12, 12, true, 2, 6, seed ^ 9u);
    planks(c, 0, 32, kSide, 44, 12, true, 2, 6, seed ^ 10u);
}

void plasterWall(Canvas& c, std::uint32_t seed) {
    fillNoise(c, 0, 0, kSide, kSide, Ramp::Plaster, 8, 12, 32, seed);
    for (int x = 0; x < kSide; ++x) // a skirting board
        for (int y = kSide - 6; y < kSide; ++y)
            plot(c, x, y, Ramp::Wood, y == kSide - 6 ? 7 : 4);
}

void ironPlates(Canvas& c, std::uint32_t seed) {
    fillNoise(c, 0, 0, kSide, kSide, Ramp::Metal, 4, 9, 16, seed);
    for (int y = 0; y < kSide; ++y)
        for (int x = 0; x < kSide; ++x) {
            if (x % 32 == 0 || y % 32 == 0) plot(c, x, y, Ramp::Metal, 2);
            if (x % 32 == 4 && y % 32 == 4) ellipse(c, x, y, 1, 1, Ramp::Metal, 8, 13);
        }
}

void cryptDoor(Canvas& c, std::uint32_t seed) {
    blocks(c, 0, kSide, 16, 32, Ramp::Stone, 5, 10, seed);
    for (int y = 10; y < kSide; ++y) // an iron door in a stone arch
        for (int x = 14; x < 50; ++x) {
            const int dx = x - 32, dy = y - 28;
            if (y < 28 && dx * dx + dy * dy > 18 * 18) continue;
            const bool rivet = (x - 14) % 9 == 4 && (y - 10) % 9 == 4;
            plot(c, x, y, Ramp::Metal, rivet ? 12 : 3 + static_cast<int>(noise::hash2(x, y, seed) % 2));
        }
}

void exitDoor(Canvas& c, std::uint32_t seed) {
    door(c, true, seed);
    for (int x = 8; x < 56; ++x) // daylight through a grille at the top
        for (int y = 4; y < 10; ++y)
            plot(c, x, y, (x % 6 < 2) ? Ramp::Metal : Ramp::Fire, (x % 6 < 2) ? 4 : 14);
}

// ---- The ground set.

void water(Canvas& c, std::uint32_t seed) {
    for (int y = 0; y < kSide; ++y)
        for (int x = 0; x < kSide; ++x) {
            const int wave = noise::triangle(x + noise::fbm(x, y, 16, 2, kSide, kSide, seed) / 2048, 16);
            const int v = noise::fbm(x, y, 16, 3, kSide, kSide, seed ^ 1u) / 2 + wave / 3;
            plot(c, x, y, Ramp::Water, noise::ditherShade(v, 4, 10, x, y));
        }
}

void grass(Canvas& c, Ramp ramp, int lo, int hi, std::uint32_t seed) {
    fillNoise(c, 0, 0, kSide, kSide, ramp, lo, hi, 16, seed);
    for (int i = 0; i < 160; ++i) { // blades: a lit texel above a shadowed one
        const std::uint32_t h = noise::hash2(i, 0, seed ^ 0xB1u);
        const int x = static_cast<int>(h % kSide), y = static_cast<int>((h >> 8) % kSide);
        plot(c, x, y, ramp, hi + 1), plot(c, x, y + 1, ramp, std::max(1, lo - 1));
    }
}

void dirt(Canvas& c, std::uint32_t seed) {
    fillNoise(c, 0, 0, kSide, kSide, Ramp::Sand, 4, 8, 16, seed);
    for (int i = 0; i < 40; ++i) { // pebbles
        const std::uint32_t h = noise::hash2(i, 1, seed ^ 0xD1u);
        plot(c, static_cast<int>(h % kSide), static_cast<int>((h >> 8) % kSide), Ramp::Rock, 9);
    }
}

void road(Canvas& c, std::uint32_t seed) {
    dirt(c, seed);
    for (int y = 0; y < kSide; ++y)
        for (int rut : {14, 46})
            for (int x = rut; x < rut + 5; ++x)
                plot(c, x, y, Ramp::Sand, 2 + static_cast<int>(noise::hash2(x, y, seed) % 2));
}

void cobbles(Canvas& c, std::uint32_t seed) {
    flagstones(c, 8, Ramp::Stone, 6, 11, Ramp::Sand, seed);
}

void gravel(Canvas& c, std::uint32_t seed) {
    for (int y = 0; y < kSide; ++y)
        for (int x = 0; x < kSide; ++x) {
            const std::uint32_t h = noise::hash2(x, y, seed);
            plot(c, x, y, (h & 16) ? Ramp::Rock : Ramp::Sand, 4 + static_cast<int>(h % 8));
        }
}

void meadow(Canvas& c, std::uint32_t seed) {
    grass(c, Ramp::Grass, 5, 10, seed);
    for (int i = 0; i < 24; ++i) { // flowers: a bright centre and four petals
        const std::uint32_t h = noise::hash2(i, 2, seed ^ 0xF1u);
        const int x = static_cast<int>(h % kSide), y = static_cast<int>((h >> 8) % kSide);
        const Ramp petal = (h >> 16) % 3 == 0 ? Ramp::Cloth : (h >> 16) % 3 == 1 ? Ramp::Fire : Ramp::Plaster;
        c.put(x, y, Ramp::Fire, 14);
        c.put(x - 1, y, petal, 12), c.put(x + 1, y, petal, 12), c.put(x, y - 1, petal, 13),
            c.put(x, y + 1, petal, 11);
    }
}

} // namespace

Picture surfacePicture(std::uint16_t archive, std::uint8_t record) {
    Canvas c(kSide, kSide);
    const std::uint32_t seed = archive * 131u + record;
    const auto is = [&](TexRef t) { return t.archive == archive && t.record == record; };
    if (archive == tex::kGround) {
        switch (record) {
        case tex::kWater:
            water(c, seed);
            break;
        case tex::kDirt:
            dirt(c, seed);
            break;
        case tex::kGrass:
            grass(c, Ramp::Grass, 5, 10, seed);
            break;
        case tex::kCobbles:
            cobbles(c, seed);
            break;
        case tex::kRoad:
            road(c, seed);
            break;
        case tex::kFlagstones:
            flagstones(c, 16, Ramp::Stone, 7, 12, Ramp::Stone, seed);
            break;
        case tex::kGravel:
            gravel(c, seed);
            break;
        case tex::kMeadow:
            meadow(c, seed);
            break;
        case tex::kGrassLush:
            grass(c, Ramp::Foliage, 4, 10, seed);
            break;
        default:
            return {};
        }
    } else if (is(tex::kTavernPlaster)) {
        timberFrame(c, seed);
    } else if (is(tex::kTavernWindows)) {
        timberWindows(c, seed);
    } else if (is(tex::kTavernStone) || is(tex::kHouseStone)) {
        blocks(c, 0, kSide, 8, 16, Ramp::Stone, 5, 11, seed);
    } else if (is(tex::kHouseStoneWindow)) {
        blocks(c, 0, kSide, 8, 16, Ramp::Stone, 5, 11, seed);
        window(c, 20, 14, 44, 42);
    } else if (is(tex::kHousePlasterWindow)) {
        plasterWall(c, seed);
        window(c, 20, 14, 44, 42);
    } else if (is(tex::kRoofTiles)) {
        roofTiles(c, seed);
    } else if (is(tex::kRoofShingles)) {
        shingles(c, seed);
    } else if (is(tex::kDoorPlank) || is(tex::kDoorBanded)) {
        door(c, is(tex::kDoorBanded), seed);
    } else if (is(tex::kPlanks) || is(tex::kTavernFloor) || is(tex::kHouseFloor)) {
        planks(c, 0, 0, kSide, kSide, 8, true, is(tex::kTavernFloor) ? 3 : 5, is(tex::kTavernFloor) ? 8 : 10,
               seed);
    } else if (is(tex::kBeams)) {
        planks(c, 0, 0, kSide, kSide, 16, false, 2, 6, seed);
    } else if (is(tex::kTavernPanel)) {
        tavernPanel(c, seed);
    } else if (is(tex::kTavernCeiling) || is(tex::kHouseCeiling)) {
        beamedCeiling(c, Ramp::Plaster, seed);
    } else if (is(tex::kHouseWall)) {
        plasterWall(c, seed);
    } else if (is(tex::kDungeonWall)) {
        blocks(c, 0, kSide, 16, 32, Ramp::Rock, 3, 9, seed);
    } else if (is(tex::kDungeonFloor)) {
        flagstones(c, 16, Ramp::Stone, 3, 8, Ramp::Rock, seed);
    } else if (is(tex::kDungeonCeiling)) {
        fillNoise(c, 0, 0, kSide, kSide, Ramp::Rock, 2, 7, 16, seed);
    } else if (is(tex::kDungeonIron)) {
        ironPlates(c, seed);
    } else if (is(tex::kCryptDoor)) {
        cryptDoor(c, seed);
    } else if (is(tex::kExitDoor)) {
        exitDoor(c, seed);
    } else {
        return {};
    }
    return Picture{kSide, kSide, {std::move(c.px)}};
}

} // namespace rgx::demo::daggerfall
